"""REFUTED only when demonstrable (issue 14): no refutation from a type never seen, nor across granularity."""

from __future__ import annotations

import pytest

from kgfc.kg import vocab as V
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.models import VerdictLabel
from kgfc.pipeline.api import verify_triple
from kgfc.reason.local import LocalReasoner

HUMAN, CITY, COUNTY, EMPIRE = "Q5", "Q515", "Q13410400", "Q3024240"


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    """30 people born in 30 cities; a county and an empire nobody is born in "directly"."""
    lines = [
        f"@prefix wd: <{V.WD}> .",
        f"@prefix wdt: <{V.WDT}> .",
        f"@prefix rdfs: <{V.RDFS}> .",
        f'wd:{HUMAN} rdfs:label "human"@en . wd:{CITY} rdfs:label "city"@en .',
        f'wd:{COUNTY} rdfs:label "county of California"@en .',
        f'wd:{EMPIRE} rdfs:label "historical country"@en .',
        f'wd:Q104994 rdfs:label "Los Angeles County"@en ; wdt:P31 wd:{COUNTY} .',
        f'wd:Q28513 rdfs:label "Austria-Hungary"@en ; wdt:P31 wd:{EMPIRE} .',
    ]
    for i in range(30):
        lines.append(
            f'wd:Q{1000 + i} rdfs:label "Person {i}"@en ; wdt:P31 wd:{HUMAN} ; '
            f"wdt:P19 wd:Q{2000 + i} ."
        )
        lines.append(f'wd:Q{2000 + i} rdfs:label "City {i}"@en ; wdt:P31 wd:{CITY} .')
    path = tmp_path_factory.mktemp("soundness") / "kg.ttl"
    path.write_text("\n".join(lines), encoding="utf-8")
    s = OxigraphStore()
    s.load_file(path)
    return s


def verdict(store, s, p, o):
    return verify_triple(store, s, p, o, LocalReasoner(store)).verdict


def test_a_type_never_seen_as_a_range_is_no_refutation(store):
    # Person 0 was born in City 0; the KG never says where City 0 is. A county is no
    # birthplace the KG has seen, but nothing shows it cannot be one.
    v = verdict(store, "Q1000", "P19", "Q104994")
    assert v.label == VerdictLabel.NEI, v.justification


def test_a_place_of_another_granularity_is_no_functional_conflict(store):
    v = verdict(store, "Q1000", "P19", "Q28513")  # an empire vs the city the KG states
    assert v.label == VerdictLabel.NEI, v.justification


def test_same_kind_values_still_conflict(store):
    v = verdict(store, "Q1000", "P19", "Q2001")  # City 1, but the KG says City 0
    assert v.label == VerdictLabel.REFUTED
    assert "single-valued" in v.justification


def test_a_demonstrable_type_clash_still_refutes(store):
    v = verdict(store, "Q1000", "P19", "Q1001")  # born in Person 1, a human
    assert v.label == VerdictLabel.REFUTED
    assert "type clash" in v.justification
