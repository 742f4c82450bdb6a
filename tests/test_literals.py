"""Dates and quantities in claims (issue 14, point 1): reading, units, precision, verdicts.

The fixture (``data/literals.ttl``) holds made-up entities whose literal facts
are written as kgfc stores a Wikidata statement: a year-precision date as
``YYYY-01-01``, a quantity as a bare amount in the statement's unit (a height
of ``185``: centimetres; ``1.72``: metres).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kgfc.kg import vocab as V
from kgfc.nlp.values import (
    DateValue,
    NumberValue,
    compare,
    compare_quantity,
    is_value_text,
    parse_claim_value,
    parse_literal,
)

DATA = Path(__file__).parent / "data"


# -- values -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "si", "unit"),
    [
        ("1.85 m", 1.85, "m"),
        ("185 cm", 1.85, "cm"),
        ("185 centimetres", 1.85, "cm"),
        ("6 ft 1 in", 1.8542, "ft"),
        ("1,706 feet", 519.99, "ft"),
        ("41,285 km²", 41_285e6, "km2"),
        ("41,285 square kilometres", 41_285e6, "km2"),
        ("15,940 square miles", 41_284.6e6, "mi2"),
        ("10 km", 10_000, "km"),
    ],
)
def test_units_are_read_and_converted_to_si(text, si, unit):
    v = parse_claim_value(text)
    assert isinstance(v, NumberValue)
    assert v.unit == unit
    assert v.value == pytest.approx(si, rel=1e-3)


def test_scales_commas_hedges_and_bounds():
    assert parse_claim_value("1,200,000").value == 1_200_000
    assert parse_claim_value("1.2 million").value == 1_200_000
    assert parse_claim_value("3M").value == 3e6  # a scale, not metres
    # a hedge widens the tolerance to at least 5 %
    assert parse_claim_value("approximately 1,234,000").tolerance == pytest.approx(61_700)
    assert compare(parse_claim_value("about 1.2 million"), NumberValue(1_255_000)) is True
    # bounds
    assert compare(parse_claim_value("over 1 million"), NumberValue(1_234_567)) is True
    assert compare(parse_claim_value("more than 2 million"), NumberValue(1_234_567)) is False
    assert compare(parse_claim_value("less than 2 million"), NumberValue(1_234_567)) is True
    # a round number stands for two significant digits at most, and never for more than 20 %
    assert compare(parse_claim_value("100 million"), NumberValue(143_000_000)) is False
    assert compare(parse_claim_value("about 1 million"), NumberValue(546_357)) is False


def test_a_number_slightly_off_its_rounding_is_not_refuted():
    kg = NumberValue(1_234_567)
    assert compare(parse_claim_value("1,234,000"), kg) is True
    assert compare(parse_claim_value("1,250,000"), kg) is None  # close: cannot tell
    assert compare(parse_claim_value("1,500,000"), kg) is False


def test_names_that_start_with_a_number_are_no_values():
    assert is_value_text("1.2 million")
    assert is_value_text("about 41,285 km²")
    assert is_value_text("the 1950s")
    assert not is_value_text("12 Angry Men")
    assert not is_value_text("3 children")
    assert not is_value_text("Apollo 13")


def test_year_against_full_date_and_precision_mismatch():
    full = parse_literal("1950-05-03T00:00:00Z", V.XSD + "dateTime")
    year_only = parse_literal("1999-01-01T00:00:00Z", V.XSD + "dateTime")
    assert compare(DateValue(1950), full) is True  # a year claim, a full date in that year
    assert compare(DateValue(1950, 5, 4), full) is False  # same precision, another day
    assert compare(DateValue(1999, 3, 3), year_only) is None  # more precise than the KG
    assert compare(DateValue(1998, 3, 3), year_only) is False  # the year itself conflicts
    # three-digit years and their decades (Wikidata writes "+0992-01-01")
    assert parse_claim_value("the 990s") == DateValue(990, decade=True)
    old = parse_literal("0992-01-01T00:00:00Z", V.XSD + "dateTime")
    assert compare(parse_claim_value("the 990s"), old) is True


def test_centuries_and_parts_of_decades():
    kg = DateValue(1952, 5, 3)
    assert compare(parse_claim_value("the early 1950s"), kg) is True
    assert compare(parse_claim_value("the late 1950s"), kg) is None  # same decade: cannot tell
    assert compare(parse_claim_value("the late 1960s"), kg) is False
    assert compare(parse_claim_value("the 20th century"), kg) is True
    assert compare(parse_claim_value("the twentieth century"), kg) is True
    assert compare(parse_claim_value("the mid-20th century"), kg) is True
    assert compare(parse_claim_value("the 19th century"), kg) is False
    # 1900 is the 19th century counted strictly and the 20th as most people count: neither
    assert compare(parse_claim_value("the 19th century"), DateValue(1900)) is None
    assert compare(parse_claim_value("the 20th century"), DateValue(1900)) is None
    assert parse_claim_value("the 19th century").text() == "the 19th century"


def test_a_bare_amount_is_read_in_the_units_the_property_uses():
    cm, m = 185.0, 1.85  # Wikidata heights come in centimetres or metres; wdt: drops which
    for amount in (cm, m):
        assert compare_quantity(parse_claim_value("1.85 m"), amount, "P2048", human=True) is True
        assert compare_quantity(parse_claim_value("185 cm"), amount, "P2048", human=True) is True
        # a wrong magnitude is refuted: no human is 185 m or 1.85 cm tall
        assert compare_quantity(parse_claim_value("185 m"), amount, "P2048", human=True) is False
        assert compare_quantity(parse_claim_value("1.85 cm"), amount, "P2048", human=True) is False
    # a building's 185 may be metres or centimetres: agreeing with the less likely reading
    # supports nothing, and nothing is refuted that agrees with some reading
    assert compare_quantity(parse_claim_value("185 cm"), 185, "P2048") is None
    assert compare_quantity(parse_claim_value("185 m"), 185, "P2048") is True
    # elevation: metres, or feet
    assert compare_quantity(parse_claim_value("1,706 feet"), 520, "P2044") is True
    assert compare_quantity(parse_claim_value("52 m"), 520, "P2044") is False
    # a unitless number against an amount of unknown unit never refutes
    assert compare_quantity(parse_claim_value("1.95"), 185, "P2048") is None
    # a unit against a count: cannot tell
    assert compare_quantity(parse_claim_value("185 cm"), 1_234_567, "P1082") is None


# -- reading and verdicts on the fixture ---------------------------------------------


@pytest.fixture(scope="module")
def checker():
    pytest.importorskip("spacy")
    from kgfc.errors import ConfigError
    from kgfc.kg.oxigraph_store import OxigraphStore
    from kgfc.nlp import spacy_pipeline
    from kgfc.pipeline.api import FactChecker
    from kgfc.settings import load_settings

    try:
        spacy_pipeline.get_nlp()
    except ConfigError as exc:  # pragma: no cover - the nlp extra is part of the test install
        pytest.skip(str(exc))
    store = OxigraphStore()
    store.load_file(DATA / "literals.ttl")
    return FactChecker(store, settings=load_settings(offline=True))


@pytest.fixture(scope="module")
def aligner(checker):
    from kgfc.nlp.claims import RelationAligner

    return RelationAligner(checker.store)


# claim -> (subject, top PID, object) of its one reading
READINGS = [
    ("Lena Marsh was born on 3 May 1950.", "Lena Marsh", "P569", "3 May 1950"),
    ("The date of birth of Lena Marsh is May 3, 1950.", "Lena Marsh", "P569", "May 3, 1950"),
    ("Lena Marsh passed away in 1999.", "Lena Marsh", "P570", "1999"),
    ("Northwind Records was founded in 1962.", "Northwind Records", "P571", "1962"),
    ("Port Alder was established in the 1880s.", "Port Alder", "P571", "the 1880s"),
    ("The Grey Harbour came out in November 1999.", "The Grey Harbour", "P577", "November 1999"),
    ("Night, Again: A Story was released in 1970.", "Night, Again: A Story", "P577", "1970"),
    ("Port Alder has a population of 1,234,567.", "Port Alder", "P1082", "1,234,567"),
    ("Port Alder has about 1.2 million inhabitants.", "Port Alder", "P1082", "about 1.2 million"),
    ("Port Alder is home to approximately 1,200,000 people.", "Port Alder", "P1082", "approximately 1,200,000"),
    ("Lena Marsh is 1.85 m tall.", "Lena Marsh", "P2048", "1.85 m"),
    ("Lena Marsh stands 6 ft 1 in tall.", "Lena Marsh", "P2048", "6 ft 1 in"),
    ("Port Alder is 1,706 feet above sea level.", "Port Alder", "P2044", "1,706 feet"),
    ("Port Alder lies at an elevation of 520 metres.", "Port Alder", "P2044", "520 metres"),
    ("Port Alder has an area of 41,285 km².", "Port Alder", "P2046", "41,285 km²"),
    ("Port Alder covers about 41,000 square kilometres.", "Port Alder", "P2046", "about 41,000 square kilometres"),
]  # fmt: skip


@pytest.mark.parametrize(("claim", "subject", "pid", "obj"), READINGS)
def test_value_claims_are_read(aligner, claim, subject, pid, obj):
    from kgfc.nlp.claims import decompose

    triples = decompose(claim, aligner).triples
    assert [(t.subject, V.local_id(t.relation_ids[0]), t.object) for t in triples] == [
        (subject, pid, obj)
    ]


def test_a_second_fact_in_the_sentence_keeps_the_dependency_reading(aligner):
    from kgfc.nlp.claims import decompose

    triples = decompose("Lena Marsh was born January 23 1911 and died in Port Alder.", aligner)
    assert [V.local_id(t.relation_ids[0]) for t in triples.triples] == ["P569", "P20"]


SUPPORTED = [
    "Lena Marsh was born on 3 May 1950.",
    "Lena Marsh was born in 1950.",  # a year, the KG's full date in that year
    "Lena Marsh was born in the 1950s.",
    "The date of birth of Lena Marsh is May 3, 1950.",
    "Lena Marsh's date of birth is 1950-05-03.",
    "Lena Marsh died in 1999.",
    "Lena Marsh is 1.85 m tall.",  # the KG says 185 (centimetres)
    "Lena Marsh is 185 cm tall.",
    "Lena Marsh stands 6 ft 1 in tall.",
    "Tom Ridley is 172 cm tall.",  # the KG says 1.72 (metres)
    "Port Alder has a population of 1,234,567.",
    "The population of Port Alder is 1.2 million.",
    "Port Alder has about 1.2 million inhabitants.",
    "Port Alder lies at an elevation of 520 m.",
    "Port Alder is 1,706 feet above sea level.",
    "Port Alder has an area of 41,285 km².",
    "Port Alder was established in 1887.",
    "Lena Marsh was born in the early 1950s.",
    "Lena Marsh was born in the 20th century.",
    "Northwind Records was founded in 1962.",
    "The Grey Harbour came out in November 1999.",
    "Night, Again: A Story was released in 1970.",
]
REFUTED = [
    "Lena Marsh was born on 4 May 1950.",  # same precision, another day
    "Lena Marsh was born in 1951.",
    "Lena Marsh was born in the 1960s.",
    "Lena Marsh was born in the 19th century.",
    "Lena Marsh died on 3 March 1998.",  # the KG knows the year only, and it differs
    "Lena Marsh is 185 m tall.",  # a wrong magnitude
    "Tom Ridley is 2.10 m tall.",
    "The population of Port Alder is 3 million.",
    "Port Alder has about 120,000 inhabitants.",
    "Port Alder lies at an elevation of 52 m.",
    "Northwind Records was founded in 1970.",
    "The Grey Harbour was released in 2004.",
]
NOT_DECIDED = [
    "Lena Marsh died on 3 March 1999.",  # more precise than the KG's year: never refuted
    "Port Alder has a population of 1,250,000.",  # just off its own rounding
    "Port Alder was founded on 4 July 1887.",
    "Lena Marsh was born in the late 1950s.",  # the KG says 1950: same decade, not late
]


@pytest.mark.parametrize("claim", SUPPORTED)
def test_true_value_claims_are_supported(checker, claim):
    r = checker.verify(claim, record=False)
    assert r.verdict.value == "SUPPORTED", r.justification
    assert any(e.cited and e.object_is_literal for e in r.evidence)


@pytest.mark.parametrize("claim", REFUTED)
def test_false_value_claims_are_refuted(checker, claim):
    r = checker.verify(claim, record=False)
    assert r.verdict.value == "REFUTED", r.justification


@pytest.mark.parametrize("claim", NOT_DECIDED)
def test_precision_mismatch_is_never_refuted(checker, claim):
    r = checker.verify(claim, record=False)
    assert r.verdict.value == "NOT ENOUGH INFO", r.justification


# -- the benchmark's generator (reads ../shared; skipped without it) --------------------


def test_bench_literals_dev_set_is_synthetic_and_well_formed():
    import sys

    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "benchmarks"))
    try:
        import bench_literals as B
    finally:
        sys.path.remove(str(root / "benchmarks"))
    if not B.CODEX.exists():
        pytest.skip(f"CoDEx data not found at {B.CODEX} (../shared/data)")
    from kgfc.kg.demo import ensure_demo
    from kgfc.kg.oxigraph_store import OxigraphStore

    store = OxigraphStore()
    ensure_demo(store)
    claims, facts = B.dev_set(store, 3, seed=1)
    assert facts and all(f.object_is_literal for f in facts)
    assert {c["gold"] for c in claims} == {True, False}
    # a claim more precise than a year-precision value is never generated as true
    by_fact = {(f.subject.rsplit("/", 1)[-1], f.predicate.rsplit("/", 1)[-1]): f for f in facts}
    year_only = [
        c
        for c in claims
        if by_fact[(c["entity"], c["property"])].object.endswith("-01-01T00:00:00Z")
    ]
    assert year_only
    assert all(c["states"] == 1 for c in year_only if c["gold"])
    assert len({c["phrasing"] for c in claims}) >= 10
