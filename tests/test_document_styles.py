"""Documents in styles beyond plain prose: news datelines, numbered social threads in lower
case, interview transcripts, bracketed birth details, fronted appositives, "there", and
descriptions with an appositive after them -- each read as the claims stated alone."""

from __future__ import annotations

import pytest

from kgfc.document.claims import asides, decompose
from kgfc.document.sentences import split
from kgfc.models import VerdictLabel
from kgfc.nlp.spacy_pipeline import parse
from tests.fakes.documents import refs, verdict

WD = "http://www.wikidata.org/entity/"

TEXT = (
    "LIVERPOOL, England (AP) — Paul McCartney, who was born in Liverpool, returned to the "
    "city on Saturday for a surprise concert. The singer, 81, played the mandolin on two songs.\n\n"
    "1/ a thread on kurt cobain 🧵 #nirvana 2/ he was married to courtney love 💍 "
    "3/ she was born in san francisco btw 4/ and he died in seattle 😭😭 #RIP\n\n"
    "INTERVIEWER: Where were you born? YOKO ONO: I was born in Tokyo.\n\n"
    "Tony Blair (born 6 May 1953 in Edinburgh), a British politician, lawyer and author, was "
    "Prime Minister of the United Kingdom from 1997 to 2007. A member of the Labour Party, the "
    "former prime minister later taught at Yale University.\n\n"
    "Sean Connery was born in Edinburgh. The Scottish city is in the United Kingdom. "
    "The actor later lived there again."
)


def test_a_dateline_is_not_part_of_the_claim_and_an_age_is_left_out(report):
    assert verdict(report, "Paul McCartney was born in Liverpool.") is VerdictLabel.SUPPORTED
    assert refs(report, "The singer, 81") == [("The singer", WD + "Q2599")]
    assert any(c.text == "Paul McCartney played the mandolin on two songs." for c in report.claims)


def test_a_numbered_lower_case_thread_is_cut_into_posts_and_its_names_found(report):
    assert refs(report, "2/ he") == [("he", WD + "Q8446")]
    assert refs(report, "3/ she") == [("she", WD + "Q222071")]
    assert verdict(report, "Kurt Cobain was married to Courtney Love.") is VerdictLabel.SUPPORTED
    assert verdict(report, "And Kurt Cobain died in Seattle.") is VerdictLabel.SUPPORTED
    # the sentence keeps the words as written; only the parser saw them capitalised
    assert any(s.text.startswith("3/ she was born in san francisco") for s in report.sentences)


def test_i_in_a_transcript_is_the_speaker_its_label_names(report):
    assert refs(report, "YOKO ONO: I") == [("I", WD + "Q117012")]
    assert verdict(report, "Yoko Ono was born in Tokyo.") is VerdictLabel.SUPPORTED
    asked = next(s for s in report.sentences if s.text.startswith("INTERVIEWER: Where"))
    assert asked.status == "skipped" and asked.skip == "question"


def test_a_bracketed_birth_and_a_fronted_appositive_are_claims_of_their_own(report):
    assert verdict(report, "Tony Blair was born in Edinburgh.") is VerdictLabel.SUPPORTED
    assert verdict(report, "Tony Blair was a lawyer.") is VerdictLabel.SUPPORTED
    assert refs(report, "A member") == [("the former prime minister", WD + "Q9545")]
    assert verdict(report, "Tony Blair was a member of the Labour Party.") is VerdictLabel.SUPPORTED


def test_there_is_the_place_the_previous_sentence_was_about(report):
    actor = refs(report, "The actor later")
    assert ("there", WD + "Q23436") in actor
    assert verdict(report, "Sean Connery later lived in Edinburgh again.") is VerdictLabel.SUPPORTED


@pytest.mark.parametrize(
    "text, claims",
    [
        (
            "Sean Connery (born 1930 in Edinburgh) was a Scottish actor and film producer.",
            [
                "Sean Connery was Scottish.",
                "Sean Connery was an actor.",
                "Sean Connery was a film producer.",
                "Sean Connery was born in Edinburgh.",
            ],
        ),
        (
            "Virginia Woolf, born in Kensington, admired Lord Byron.",
            ["Virginia Woolf admired Lord Byron.", "Virginia Woolf was born in Kensington."],
        ),
        ("Nino Rota (born 1911) was a composer.", ["Nino Rota was a composer."]),
        (
            "Ernest Hemingway was an atheist, Ernest Hemingway's biographers agree.",
            ["Ernest Hemingway was an atheist."],
        ),
    ],
)
def test_asides_and_nationalities_split_off(text, claims):
    masked, extra = asides(text)
    assert len(masked) == len(text)
    assert [p.text for p in decompose(parse(masked))] + [p.text for p in extra] == claims


def test_a_bracketed_date_alone_gives_no_claim_and_spans_still_line_up():
    text = "Tony Blair (born 6 May 1953 in Edinburgh) was a lawyer."
    masked, extra = asides(text)
    assert [p.text for p in extra] == ["Tony Blair was born in Edinburgh."]
    assert text[extra[0].start : extra[0].end] == "(born 6 May 1953 in Edinburgh)"
    assert "(" not in masked


def test_the_parser_does_not_cut_a_sentence_inside_brackets():
    sents = split("Tony Blair (born 6 May 1953 in Edinburgh), a lawyer, was a politician.")
    assert len(sents) == 1


def test_two_people_who_were_partners_stay_one_claim_but_roles_are_said_of_each(demo_local):
    from kgfc.document.check import _KG

    kg = _KG(demo_local.store)
    pair = decompose(parse("Bob Dylan and Joan Baez were partners."), kg.known, kg.is_role)
    assert [p.text for p in pair] == ["Bob Dylan and Joan Baez were partners."]
    roles = decompose(parse("Nino Rota and Federico Fellini were composers."), kg.known, kg.is_role)
    assert [p.text for p in roles] == [
        "Nino Rota was a composer.",
        "Federico Fellini was a composer.",
    ]
