"""Social posts written in lower case without stops: the run is cut into its clauses, a
first name alone is the band member it names, and the framings posts use ("people forget
...", "like everyone says") do not hide the fact they carry."""

from __future__ import annotations

from kgfc.document.check import check_document
from kgfc.document.sentences import split
from kgfc.models import VerdictLabel

WD = "http://www.wikidata.org/entity/"

TEXT = (
    "beatles appreciation post\n\n"
    "the beatles are the reason i play music honestly ringo was born in liverpool people "
    "forget that george died in los angeles in 2001 :( george played guitar and ringo played "
    "drums best band ever fight me"
)


def test_a_run_on_post_is_cut_where_each_clause_starts(report):
    assert [s.text for s in report.sentences] == [
        "beatles appreciation post",
        "the beatles are the reason",
        "i play music honestly",
        "ringo was born in liverpool",
        "people forget that george died in los angeles in 2001 :(",
        "george played guitar and ringo played drums",
        "best band ever fight me",
    ]


def test_a_sentence_with_stops_or_capitals_is_not_cut():
    text = "the band that ringo joined in 1962 was formed in liverpool by john lennon."
    assert [s.text for s in split(text)] == [text]
    edited = (
        "The band Ringo Starr joined in 1962 was formed in Liverpool by John Lennon and Paul "
        "McCartney after they met at a church fete in Woolton that summer"
    )
    assert len(split(edited)) == 1


def test_a_first_name_alone_is_the_member_of_the_band_named_before(report):
    refs = {(r.text, r.entity) for s in report.sentences for r in s.references}
    assert ("ringo", WD + "Q2632") in refs
    assert ("george", WD + "Q2643") in refs


def test_each_clause_is_checked_and_the_opinions_are_not(report):
    verdicts = {c.text: c.verdict for c in report.claims if c.checkable}
    assert verdicts["Ringo Starr was born in Liverpool."] is VerdictLabel.SUPPORTED
    assert verdicts["George Harrison died in Los Angeles."] is VerdictLabel.SUPPORTED
    # the parser took "ringo" for a second thing george played: the clauses read apart
    assert verdicts["George Harrison played guitar."] is VerdictLabel.SUPPORTED
    assert "Ringo Starr played drums." in verdicts
    last = next(s for s in report.sentences if s.text.startswith("best band"))
    assert last.status == "skipped" and "opinion" in last.reason


def test_like_everyone_says_is_the_writers_comment_not_a_quote(demo_local):
    report = check_document(
        demo_local,
        "ok so the beatles were formed in liverpool, not london like everyone says and "
        "ringo was born there too honestly",
        record=False,
    )
    first = report.sentences[0]
    assert first.status == "checked", first.reason


def test_a_common_noun_the_kg_also_has_as_a_name_is_not_capitalised(demo_local):
    from kgfc.document.check import _KG

    kg = _KG(demo_local.store)
    assert kg.is_name("bee gees", False) and kg.is_name("the white stripes", False)
    # "The Band" is a band the KG has, "the band" a noun; "drug overdose" is written in lower case
    assert not kg.is_name("the band", False)
    assert not kg.is_name("drug overdose", False)
    assert not kg.is_name("the pianist", False)
