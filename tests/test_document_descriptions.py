"""Descriptions that refer back in a document: "the Prussian", "the Englishman", "the
Italian city", "the mathematician" (which spaCy may tag as a proper noun or an adjective),
"the filmmaker" for a film director, and "Later, the physicist taught ..." parsed as a noun
phrase."""

from __future__ import annotations

import pytest

from kgfc.document.check import check_document
from kgfc.document.references import _nationality_noun
from kgfc.models import VerdictLabel
from kgfc.nlp.demonyms import demonyms
from tests.fakes.documents import refs, verdict

WD = "http://www.wikidata.org/entity/"

TEXT = (
    "Immanuel Kant was a philosopher. The Prussian was also a librarian.\n\n"
    "Stephen Hawking was born in Oxford. The Englishman is buried in Westminster Abbey.\n\n"
    "Nino Rota was born in Milan. The Italian city is in Italy.\n\n"
    "Leonhard Euler was born in Basel. The Swiss city is on the Rhine. "
    "The mathematician studied at the University of Basel.\n\n"
    "Robert Altman was born in Kansas City. The filmmaker died in West Hollywood.\n\n"
    "Richard Feynman studied at Princeton University. "
    "Later, the physicist taught at Cornell University.\n\n"
    "Ingrid Bergman and Lena Horne were actresses. The Swedish actress died in London."
)


def test_a_nationality_noun_is_the_person_of_that_nationality(report):
    assert refs(report, "The Prussian") == [("The Prussian", WD + "Q9312")]
    assert refs(report, "The Englishman") == [("The Englishman", WD + "Q17714")]
    assert verdict(report, "Stephen Hawking is buried in Westminster Abbey.") is (
        VerdictLabel.SUPPORTED
    )


def test_a_nationality_adjective_must_fit_the_thing_described(report):
    assert refs(report, "The Italian city") == [("The Italian city", WD + "Q490")]
    assert verdict(report, "Milan is in Italy.") is VerdictLabel.SUPPORTED
    # two actresses: the Swedish one
    assert refs(report, "The Swedish actress") == [("The Swedish actress", WD + "Q43247")]
    assert verdict(report, "Ingrid Bergman died in London.") is VerdictLabel.SUPPORTED


def test_an_occupation_tagged_as_a_name_or_adjective_is_still_a_description(report):
    assert refs(report, "The mathematician") == [("The mathematician", WD + "Q7604")]
    assert verdict(report, "Leonhard Euler studied at the University of Basel.") is (
        VerdictLabel.SUPPORTED
    )
    assert refs(report, "The filmmaker") == [("The filmmaker", WD + "Q55163")]
    assert verdict(report, "Robert Altman died in West Hollywood.") is VerdictLabel.SUPPORTED
    assert refs(report, "Later, the physicist") == [("the physicist", WD + "Q39246")]


@pytest.mark.parametrize(
    ("word", "nationality"),
    [
        ("German", "german"),
        ("Irishman", "irish"),
        ("Frenchwoman", "french"),
        ("composer", None),
        ("woman", None),
    ],
)
def test_nationality_nouns(word, nationality):
    assert _nationality_noun(word) == nationality


def test_demonyms_of_a_country():
    assert "swedish" in demonyms("Sweden")
    assert {"british", "english"} <= demonyms("United Kingdom")
    assert demonyms("Atlantis") == frozenset()


LATER = (
    "Richard Wagner was born in Leipzig. It is in Germany.\n\n"
    "Wagner studied at Leipzig University. It is often said that he died in Berlin.\n\n"
    "Johannes Brahms was born in Hamburg in 1833. He died, in 1897, in Vienna."
)


@pytest.fixture(scope="module")
def later(demo_local):
    return check_document(demo_local, LATER, record=False)


def test_it_after_a_persons_sentence_is_the_thing_it_named_last(later):
    assert refs(later, "It is in Germany") == [("It", WD + "Q2079")]
    assert verdict(later, "Leipzig is in Germany.") is VerdictLabel.SUPPORTED
    # the empty "it" of "it is said that" is no reference
    assert [e for t, e in refs(later, "It is often said") if t == "It"] == []


def test_a_year_beside_the_place_is_left_out_of_the_claim(later):
    assert verdict(later, "Johannes Brahms was born in Hamburg.") is VerdictLabel.SUPPORTED
    assert verdict(later, "Johannes Brahms died in Vienna.") is VerdictLabel.SUPPORTED


def test_a_year_that_is_all_the_verb_has_stays():
    from kgfc.document.claims import decompose
    from kgfc.nlp.spacy_pipeline import parse

    assert [p.text for p in decompose(parse("Walt Disney was born in 1901."))] == [
        "Walt Disney was born in 1901."
    ]


def test_a_post_without_full_stops_is_cut_after_emoji_and_hashtags():
    from kgfc.document.sentences import split

    text = "Jimi Hendrix was born in Seattle 🎸 #legend he died in Kensington 😢 #rock #jazz"
    got = [(s.text, s.heading) for s in split(text)]
    assert got[0] == ("Jimi Hendrix was born in Seattle 🎸", False)  # spaCy sets "#legend" apart
    assert ("he died in Kensington 😢", False) in got
    assert got[-1] == ("#rock #jazz", True)
    # one hashtag inside a sentence does not cut it
    assert len(split("I moved to #Paris because of the food.")) == 1


def test_a_where_clause_on_a_place_is_a_claim_of_its_own():
    from kgfc.document.claims import decompose
    from kgfc.nlp.spacy_pipeline import parse

    got = [p.text for p in decompose(parse("Samuel Beckett settled in Paris, where he died."))]
    assert got == ["Samuel Beckett settled in Paris.", "He died in Paris."]
