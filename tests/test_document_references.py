"""Document sentences that must read as the same claims stated alone: "the former" and
"the latter", "both", "the company" / "the band", two people told apart by "he" and
"she", lead-ins (attribution, attitude, time), coordinated subjects, lists, appositives."""

from __future__ import annotations

import pytest

from kgfc.document.check import check_document
from kgfc.document.claims import decompose
from kgfc.document.cues import framing_end
from kgfc.models import VerdictLabel
from kgfc.nlp.spacy_pipeline import parse
from tests.fakes.documents import refs, verdict

WD = "http://www.wikidata.org/entity/"

TEXT = (
    "Sidney Lumet and Elia Kazan were film directors. The former was born in Philadelphia. "
    "The latter was born in Constantinople.\n\n"
    "Joan Blondell married Dick Powell. He died of lymphoma. She died in Santa Monica. "
    "Both are buried in Forest Lawn Memorial Park.\n\n"
    "Capitol Records was founded by Johnny Mercer. The company is headquartered in Hollywood.\n\n"
    "The Jackson 5 was formed in Gary. The band recorded for Motown Records.\n\n"
    "According to the BBC, Harold Pinter was born in London. In 1874, Arnold Schoenberg was "
    "born in Vienna. Reportedly, Edgar Allan Poe, who was born in Boston, died in Richmond."
)


def test_the_former_and_the_latter_are_the_people_named_together(report):
    assert refs(report, "The former") == [("The former", WD + "Q51559")]
    assert refs(report, "The latter") == [("The latter", WD + "Q72717")]
    assert verdict(report, "Sidney Lumet was born in Philadelphia.") is VerdictLabel.SUPPORTED
    assert verdict(report, "Elia Kazan was born in Constantinople.") is VerdictLabel.SUPPORTED


def test_he_and_she_tell_two_people_apart_and_both_is_each_of_them(report):
    assert refs(report, "He died of lymphoma") == [("He", WD + "Q287977")]
    assert refs(report, "She died") == [("She", WD + "Q242729")]
    assert [e for _, e in refs(report, "Both")] == [WD + "Q242729", WD + "Q287977"]
    for who in ("Joan Blondell", "Dick Powell"):
        claim = f"{who} is buried in Forest Lawn Memorial Park."
        assert verdict(report, claim) is VerdictLabel.SUPPORTED


def test_a_plain_noun_names_the_organisation_or_band_before_it(report):
    assert refs(report, "The company") == [("The company", WD + "Q193023")]
    assert verdict(report, "Capitol Records is headquartered in Hollywood.") is (
        VerdictLabel.SUPPORTED
    )
    assert [e for _, e in refs(report, "The band")] == [WD + "Q43267"]


def test_coordinated_subjects_are_checked_one_by_one(report):
    assert verdict(report, "Sidney Lumet was a film director.") is VerdictLabel.SUPPORTED
    assert verdict(report, "Elia Kazan was a film director.") is VerdictLabel.SUPPORTED


def test_lead_ins_are_dropped_and_the_statement_checked(report):
    assert verdict(report, "Harold Pinter was born in London.") is VerdictLabel.SUPPORTED
    assert verdict(report, "Arnold Schoenberg was born in Vienna.") is VerdictLabel.SUPPORTED
    assert verdict(report, "Edgar Allan Poe was born in Boston.") is VerdictLabel.SUPPORTED
    assert verdict(report, "Edgar Allan Poe died in Richmond.") is VerdictLabel.REFUTED


@pytest.mark.parametrize(
    ("sentence", "rest"),
    [
        ("In 1874, Arnold Schoenberg was born in Vienna.", "Arnold Schoenberg was born"),
        ("In 1951 he died of a heart attack.", "he died of"),
        ("According to his biographers, Hawking studied at Oxford.", "Hawking studied"),
        ("Reportedly, in 1874, he was born in Vienna.", "he was born"),
        ("In Vienna, he was born.", "In Vienna"),  # a place is part of the claim
    ],
)
def test_leading_times_and_sources_are_framings(sentence, rest):
    span = parse(sentence)[:]
    assert span[framing_end(span) :].text.startswith(rest)


@pytest.mark.parametrize(
    ("sentence", "claims"),
    [
        (
            "Sidney Lumet and Elia Kazan were film directors.",
            ["Sidney Lumet was a film director.", "Elia Kazan was a film director."],
        ),
        (
            "Humphrey Bogart, Lauren Bacall and Joan Blondell all worked for Warner Bros.",
            [
                "Humphrey Bogart worked for Warner Bros.",
                "Lauren Bacall worked for Warner Bros.",
                "Joan Blondell worked for Warner Bros.",
            ],
        ),
        (
            "Robert F. Kennedy and Ted Kennedy were members of the Democratic Party.",
            [
                "Robert F. Kennedy was a member of the Democratic Party.",
                "Ted Kennedy was a member of the Democratic Party.",
            ],
        ),
        (
            "Albert Einstein was a physicist, a mathematician and a painter.",
            [
                "Albert Einstein was a physicist.",
                "Albert Einstein was a mathematician.",
                "Albert Einstein was a painter.",
            ],
        ),
        (
            "Buddy DeSylva, a songwriter and film producer, was born in New York City.",
            [
                "Buddy DeSylva was born in New York City.",
                "Buddy DeSylva was a songwriter.",
                "Buddy DeSylva was a film producer.",
            ],
        ),
        (
            "Milton Friedman was born in Brooklyn, but he died in San Francisco.",
            ["Milton Friedman was born in Brooklyn.", "Milton Friedman died in San Francisco."],
        ),
        (
            "Edgar Allan Poe, who was born in Boston, died in Baltimore.",
            ["Edgar Allan Poe died in Baltimore.", "Edgar Allan Poe was born in Boston."],
        ),
    ],
)
def test_document_sentences_split_into_the_claims_stated_alone(sentence, claims):
    assert sorted(p.text for p in decompose(parse(sentence))) == sorted(claims)


def test_a_coordinated_subject_the_kg_knows_as_one_name_stays_whole():
    parts = decompose(
        parse("Simon and Garfunkel were singers."), lambda t: t == "Simon and Garfunkel"
    )
    assert [p.text for p in parts] == ["Simon and Garfunkel were singers."]


def test_a_surname_tagged_as_a_common_noun_is_still_the_person(demo_local):
    text = (
        "John Cassavetes, the husband of Gena Rowlands, was born in New York City. "
        "Cassavetes is buried in Westwood Village Memorial Park Cemetery."
    )
    report = check_document(demo_local, text, record=False)
    assert refs(report, "Cassavetes is") == [("Cassavetes", WD + "Q51488")]
