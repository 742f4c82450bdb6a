"""Reading claims as people write them: asides dropped before reading (attributions,
datelines, social lead-ins and tags, a title before a name), where-claims read by the
object's kind, decisive readings by similarity, and role paths ("the director of F")."""

from __future__ import annotations

import pytest

from kgfc.kg import vocab as V
from kgfc.models import ClaimTriple
from kgfc.nlp.anchored import Reading
from kgfc.reading.connecting import decisive
from kgfc.reading.informal import asides, plain
from kgfc.reading.kinds import fit_object
from kgfc.reading.titles import untitled

WD, WDT = V.WD, V.WDT

ASIDE_CASES = [
    (r.name, x, kind) for r in asides()
    for kind, xs in (("example", r.examples), ("counter", r.counter_examples))
    for x in xs
]  # fmt: skip


def test_every_aside_rule_names_its_examples_and_counter_examples():
    assert asides()
    for r in asides():
        assert r.name and r.examples and r.counter_examples


@pytest.mark.parametrize(("rule", "case", "kind"), ASIDE_CASES)
def test_aside_examples_and_counter_examples(rule, case, kind):
    if kind == "example":
        text, clean = case
        assert plain(text) == clean
    else:
        (r,) = [r for r in asides() if r.name == rule]
        assert r.drop(case) == case and plain(case) == case


@pytest.mark.parametrize(
    ("text", "clean"),
    [
        # an attribution and a social lead-in at once; the chatter around them
        ("so apparently cher was signed to geffen records, her publicist said 😂", "cher was signed to geffen records"),
        ("NEW YORK (AP) — Cher was signed to Geffen Records, officials said Tuesday.", "Cher was signed to Geffen Records."),
        # a name written as a hashtag: inside the sentence, or ending it after a preposition
        ("#TonyBlair is a member of the Labour Party", "Tony Blair is a member of the Labour Party"),
        ("#JackWhite played in #TheWhiteStripes lol", "Jack White played in The White Stripes"),
        # trailing tags after the sentence stay chatter
        ("omg heat was directed by michael mann #Heat #film", "heat was directed by michael mann"),
        # nothing but an aside is left as written
        ("According to the archive,", "According to the archive,"),
        # a footnote mark or a percent sign ending a claim is no chatter (the reader
        # drops the footnote mark later, as a reference); emoji after them are
        ("Frank Zappa was born in Baltimore.[2]", "Frank Zappa was born in Baltimore.[2]"),
        ("Its turnout was 64% 🔥", "Its turnout was 64%"),
    ],
)  # fmt: skip
def test_asides_combine(text, clean):
    assert plain(text) == clean


@pytest.fixture(scope="module")
def store(demo_local):
    return demo_local.tools.store


@pytest.mark.parametrize(
    ("text", "clean"),
    [
        ("Singer Michael McDonald performed rhythm and blues.", "Michael McDonald performed rhythm and blues."),
        ("Film director Steven Spielberg was born in Cincinnati.", "Steven Spielberg was born in Cincinnati."),
        ("Actor Tom Hanks was born in Concord.", "Tom Hanks was born in Concord."),
        # a span the KG knows as a name in full is a name, not a title before one
        ("Doctor Zhivago was directed by David Lean.", "Doctor Zhivago was directed by David Lean."),
        ("Captain Phillips was directed by Paul Greengrass.", "Captain Phillips was directed by Paul Greengrass."),
        # a first word that is no occupation or office in the KG
        ("Berlin Alexanderplatz was directed by Rainer Werner Fassbinder.", "Berlin Alexanderplatz was directed by Rainer Werner Fassbinder."),
        ("Heat was directed by Michael Mann.", "Heat was directed by Michael Mann."),
    ],
)  # fmt: skip
def test_a_title_the_kg_knows_as_an_occupation_is_dropped(store, text, clean):
    assert untitled(store, text) == clean


def _where(subject: str, obj: str, props: list[str]) -> ClaimTriple:
    return ClaimTriple(
        subject=subject, relation="is in", object=obj, subject_id=WD + subject,
        object_id=WD + obj, relation_ids=[WDT + p for p in props],
    )  # fmt: skip


def test_words_saying_where_read_the_subjects_relation_of_the_objects_kind(store):
    # the United Kingdom (Q145) "is in" Africa (Q15): its stated continent is Europe
    t = _where("Q145", "Q15", ["P361", "P276", "P706", "P131", "P17", "P463"])
    rule, _note = fit_object(store, t)
    assert rule == "kinds:where" and t.relation_ids[0] == WDT + "P30"
    assert len(t.relation_ids) == 7  # the six kept, continent read first
    # the stated continent itself: nothing of another value to read
    t = _where("Q145", "Q46", ["P361", "P276", "P706", "P131", "P17"])
    assert fit_object(store, t) is None or t.relation_ids[0] != WDT + "P30"
    # words that do not say where are left to the relation they name
    t = _where("Q145", "Q15", ["P463"])
    assert fit_object(store, t) is None and t.relation_ids == [WDT + "P463"]


def _reading(score: float, runner: float | None) -> Reading:
    t = ClaimTriple(subject="a", relation="r", object="b")
    return Reading(t, "lies on the continent of", WDT + "P30", "continent", "semantic", score,
                   ("part of", runner) if runner is not None else None)  # fmt: skip


def test_a_decisive_reading_is_close_to_its_words_and_far_ahead():
    assert decisive(_reading(0.75, 0.22))
    assert decisive(_reading(0.7, None))
    assert not decisive(_reading(0.75, 0.5))  # a close second
    assert not decisive(_reading(0.5, 0.1))  # not close to the property's words


@pytest.mark.parametrize(
    ("claim", "verdict"),
    [
        ("The United Kingdom is in Africa.", "REFUTED"),
        ("The United Kingdom is in Europe.", "SUPPORTED"),
        ("Germany is a country in Oceania.", "REFUTED"),
        ("Canada lies on the continent of Europe.", "REFUTED"),
        # a continent's adjective names the continent
        ("Botswana is an African nation.", "SUPPORTED"),
        ("Brazil is an African country.", "REFUTED"),
        ("Canada lies on the continent of North America.", "SUPPORTED"),
        ("Berlin is in France.", "REFUTED"),
        # a role reached from a work: the film's director, then the claim about them
        ("The director of Jaws was born in Cincinnati.", "SUPPORTED"),
        ("The director of Jaws was born in Belfast.", "REFUTED"),
        ("The director of The Pianist was born in Paris.", "SUPPORTED"),
        ("The director of Jaws was Steven Spielberg.", "SUPPORTED"),
        # news and social asides around a claim
        ("According to a biography published on Tuesday, Coldplay was formed in London.", "SUPPORTED"),
        ("Singer Michael McDonald performed rhythm and blues, officials said on Tuesday.", "SUPPORTED"),
        ("wait wesley snipes adhered to islam #history", "SUPPORTED"),
        ("It is Steven Spielberg who directed Jaws.", "SUPPORTED"),
        # a name that ends an organisation's label is no surname: the country
        ("Japan is in Oceania.", "REFUTED"),
        # the words say employer, which the KG does not state; it states educated at
        ("Toni Morrison joined the staff of Cornell University.", "NOT ENOUGH INFO"),
        ("Rod Steiger joined the staff of The New School.", "SUPPORTED"),
        # a relative clause the KG cannot read describes who is meant; one it can is checked
        ("Ice Cube, who gave few interviews, practised Islam.", "SUPPORTED"),
        ("Ice Cube, who gave few interviews, practised Judaism.", "REFUTED"),
        ("Spike Lee, who was active for several decades, made a living as an actor.", "SUPPORTED"),
        ("Nino Rota, who was born in Paris, died in Rome.", "REFUTED"),
        ("Nino Rota, who was born in Milan, died in Rome.", "SUPPORTED"),
    ],
)  # fmt: skip
def test_claims_as_people_write_them(demo_local, claim, verdict):
    r = demo_local.verify(claim, record=False)
    assert r.verdict.value == verdict, r.justification


def test_a_relative_clause_set_aside_is_named_as_not_checked(demo_local):
    r = demo_local.verify(
        "Gil Bellows, who is remembered by many admirers, was born in Vancouver.", record=False
    )
    assert r.verdict.value == "SUPPORTED"
    assert "Not checked" in r.justification and "remembered by many admirers" in r.justification


def test_the_reading_trace_shows_the_claim_as_read(demo_local):
    from kgfc.pipeline.reading_trace import trace

    got = trace(
        demo_local.tools,
        "Singer Michael McDonald, who gave few interviews, performed rhythm and blues, officials said.",
    )
    assert [t["subject"] for t in got["triples"]] == ["Michael McDonald"]
    assert got["not_checked"] == ["Michael McDonald gave few interviews"]
