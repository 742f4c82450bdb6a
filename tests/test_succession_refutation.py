"""A city's country is single-valued once its former states are set aside: a claimed
present-day country none of its countries is, contains or lies in is refuted."""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from kgfc.reason.kgstats import successions

TABLE = tomllib.loads(resources.files("kgfc.reason").joinpath("successions.toml").read_text())
ENTRIES = TABLE["succession"]


def test_every_entry_names_its_source_and_examples():
    for e in ENTRIES:
        assert e["name"] and e["source"] and e["former_types"]
        assert e["examples"] and e["counter_examples"]
    assert set(successions()) == {
        "http://www.wikidata.org/prop/direct/" + e["property"] for e in ENTRIES
    }


@pytest.mark.parametrize("claim", [c for e in ENTRIES for c in e["examples"]])
def test_examples_are_refuted(demo_local, claim):
    r = demo_local.verify(claim, record=False)
    assert r.verdict.value == "REFUTED", r.justification
    assert "present-day value" in r.justification


@pytest.mark.parametrize("claim", [c for e in ENTRIES for c in e["counter_examples"]])
def test_counter_examples_are_not_refuted(demo_local, claim):
    # a former state the KG lists (Cologne under France) is stated, not contradicted
    assert demo_local.verify(claim, record=False).verdict.value != "REFUTED"


def test_located_in_a_country_is_checked_against_the_country(demo_local):
    r = demo_local.verify("Paris is in Germany.", record=False)
    assert r.verdict.value == "REFUTED"
    assert "Paris country France" in r.justification


def test_the_present_day_measure_comes_from_the_kg(demo_local):
    from kgfc.reason.kgstats import stats_for

    func, formers = stats_for(demo_local.store).present_functionality(
        "http://www.wikidata.org/prop/direct/P17"
    )
    assert func.source == "kg-present" and func.subjects > 100
    assert 0.85 <= func.value < 1.0
    assert "http://www.wikidata.org/entity/Q3024240" in formers
