"""Claims inside the parts of a sentence the whole-sentence reading passes over: a relative
named before the name ("X's wife, Y, ..."), "who" clauses holding a list, a cause and a
place of death in one phrase, durations and keen adjectives, participles on a noun
("a thriller film directed by ..."), appositives on a name away from the subject, asides
in a prediction, "Like him," lead-ins, "many consider", and "his" left as written when
the sentence already names whose."""

from __future__ import annotations

import pytest

from kgfc.document.check import check_document
from kgfc.document.claims import decompose
from kgfc.models import VerdictLabel
from kgfc.nlp.spacy_pipeline import parse
from tests.fakes.documents import refs, verdict

WD = "http://www.wikidata.org/entity/"
ROLES = {"golfer", "singer", "actor", "pianist", "actress"}


@pytest.mark.parametrize(
    "text, claims",
    [
        (
            "Frank Sinatra's wife, Mia Farrow, was born in Los Angeles.",
            ["Mia Farrow was born in Los Angeles.", "Frank Sinatra was married to Mia Farrow."],
        ),
        (  # a relative the KG holds no relation for: the sentence is still said of the name
            "Jack Kerouac's friend William S. Burroughs studied at Harvard University.",
            ["William S. Burroughs studied at Harvard University."],
        ),
        (
            "Neil Young, who also plays the banjo and the organ, was born in Toronto.",
            [
                "Neil Young was born in Toronto.",
                "Neil Young plays the banjo.",
                "Neil Young plays the organ.",
            ],
        ),
        (
            "Jimi Hendrix, who died in Kensington in 1970, was born in Seattle.",
            ["Jimi Hendrix was born in Seattle.", "Jimi Hendrix died in Kensington."],
        ),
        (
            "Leonard Cohen died of cancer in Los Angeles.",
            ["Leonard Cohen died of cancer.", "Leonard Cohen died in Los Angeles."],
        ),
        (
            "Ava Gardner was an actress during the Second World War.",
            ["Ava Gardner was an actress."],
        ),
        (
            "Charlie Parker played in New York City for ten years.",
            ["Charlie Parker played in New York City."],
        ),
        (
            "Bing Crosby, a keen golfer, was a singer.",
            ["Bing Crosby was a singer.", "Bing Crosby was a golfer."],
        ),
        (
            "Psycho is a 1960 thriller film directed by Alfred Hitchcock.",
            ["Psycho is a 1960 thriller film.", "Psycho was directed by Alfred Hitchcock."],
        ),
        (
            "Mia Farrow married Frank Sinatra, a singer and actor.",
            [
                "Mia Farrow married Frank Sinatra.",
                "Frank Sinatra was a singer.",
                "Frank Sinatra was an actor.",
            ],
        ),
        (
            "Anthony Hopkins is a Welsh film actor.",
            ["Anthony Hopkins is Welsh.", "Anthony Hopkins is a film actor."],
        ),
        (
            "Janis Joplin had studied at the University of Texas at Austin, and Jim Morrison at "
            "Florida State University.",
            [
                "Janis Joplin had studied at the University of Texas at Austin.",
                "Jim Morrison had studied at Florida State University.",
            ],
        ),
        # a superlative is an opinion, left whole for the cues to set aside
        (
            "Nino Rota was the greatest composer of his time.",
            ["Nino Rota was the greatest composer of his time."],
        ),
    ],
)
def test_claims_inside_the_parts_of_a_sentence(text, claims):
    parts = decompose(parse(text), lambda _t: False, lambda noun: noun in ROLES)
    assert [p.text for p in parts] == claims


def test_only_the_main_clause_is_marked_main():
    parts = decompose(parse("Bing Crosby, a keen golfer, was a singer."), role=lambda n: n in ROLES)
    assert [p.main for p in parts] == [True, False]


TEXT = (
    "Nat King Cole was a jazz pianist. His daughter, Natalie Cole, was born in Los Angeles. "
    "Like him, she recorded for Capitol Records. Many consider her the finest singer of her "
    "generation.\n\n"
    "Coldplay, the band formed in London, will release a new album next year.\n\n"
    "Laurie Anderson was born in Chicago. She lived with her husband, Lou Reed, in New York."
)


def test_a_relative_before_a_name_is_a_claim_and_the_sentence_is_said_of_the_name(report):
    assert verdict(report, "Natalie Cole was born in Los Angeles.") is VerdictLabel.SUPPORTED
    assert verdict(report, "Natalie Cole is the child of Nat King Cole.") is VerdictLabel.SUPPORTED


def test_a_like_lead_in_is_dropped_and_a_common_view_is_an_opinion(report):
    assert verdict(report, "Natalie Cole recorded for Capitol Records.") is VerdictLabel.SUPPORTED
    many = next(s for s in report.sentences if s.text.startswith("Many consider"))
    assert many.status == "skipped" and many.skip == "opinion"


def test_an_aside_in_a_prediction_is_checked_the_prediction_is_not(report):
    sent = next(s for s in report.sentences if s.text.startswith("Coldplay"))
    assert sent.status == "checked"
    assert [report.claim(c).text for c in sent.claims] == ["Coldplay was formed in London."]
    assert verdict(report, "Coldplay was formed in London.") is VerdictLabel.SUPPORTED


def test_a_possessive_after_the_resolved_subject_stays_as_written(report):
    sent = next(s for s in report.sentences if s.text.startswith("She lived"))
    assert sent.resolved.startswith("Laurie Anderson lived with her husband")
    assert [r.text for r in sent.references] == ["She"]


PEOPLE = (
    "Ted Kennedy was born in Boston. His brother Robert was born in Brookline and died in "
    "Los Angeles.\n\n"
    "1/ RIP Prince 💜 some facts about him 2/ he was born in minneapolis and lived there his "
    "whole life\n\n"
    "INTERVIEWER: Where do you call home? DOLLY PARTON: I have lived in Tennessee all my life."
)


@pytest.fixture(scope="module")
def people(demo_local):
    return check_document(demo_local, PEOPLE, record=False)


def test_a_first_name_after_a_relative_is_the_relative_the_kg_holds(people):
    assert ("Robert", WD + "Q25310") in refs(people, "His brother Robert")
    assert verdict(people, "Robert F. Kennedy was born in Brookline.") is VerdictLabel.SUPPORTED
    assert verdict(people, "Robert F. Kennedy died in Los Angeles.") is VerdictLabel.SUPPORTED
    assert (
        verdict(people, "Ted Kennedy was a sibling of Robert F. Kennedy.") is VerdictLabel.SUPPORTED
    )


def test_a_name_after_capitals_in_a_post_is_whom_the_thread_is_about(people):
    assert refs(people, "2/ he") == [("he", WD + "Q7542"), ("there", WD + "Q36091")]
    assert verdict(people, "Prince was born in Minneapolis.") is VerdictLabel.SUPPORTED


def test_i_have_reads_as_the_speaker_has_and_all_my_life_is_left_out(people):
    sent = next(s for s in people.sentences if s.text.startswith("DOLLY PARTON: I have"))
    assert "Dolly Parton has lived in Tennessee" in sent.resolved
    assert verdict(people, "Dolly Parton has lived in Tennessee.") is VerdictLabel.SUPPORTED
