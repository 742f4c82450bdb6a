"""Refutation from what the KG states: a stated value of a relation that takes one value
excludes the claimed one, read from either end of a symmetric relation, for a country's
continent, and for a region of a kind of which a place has one."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgfc.kg import vocab as V
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.reason.alternatives import same_kind_rival
from kgfc.reason.kgstats import conflict_properties, stats_for

WD, WDT = "http://www.wikidata.org/entity/", "http://www.wikidata.org/prop/direct/"


def _verdict(checker, claim: str):
    return checker.verify(claim, record=False)


def test_a_spouse_stated_for_the_object_refutes(demo_local):
    # the KG states no spouse of Drew Barrymore; Blake Edwards's one spouse is Julie Andrews
    r = _verdict(demo_local, "Drew Barrymore was the spouse of Blake Edwards.")
    assert r.verdict.value == "REFUTED", r.justification
    assert "Blake Edwards spouse Julie Andrews" in r.justification


def test_the_stated_spouse_either_way_round_is_supported(demo_local):
    r = _verdict(demo_local, "Julie Andrews was the spouse of Blake Edwards.")
    assert r.verdict.value == "SUPPORTED", r.justification


def test_a_country_on_another_continent_is_refuted(demo_local):
    r = _verdict(demo_local, "Haiti is in Europe.")
    assert r.verdict.value == "REFUTED", r.justification
    assert "Haiti continent North America" in r.justification


def test_the_stated_continent_is_supported(demo_local):
    assert _verdict(demo_local, "Haiti is in North America.").verdict.value == "SUPPORTED"


def test_a_continent_object_makes_the_continent_the_conflict_property(demo_local):
    props = [WDT + "P361", WDT + "P131", WDT + "P17"]
    got = conflict_properties(demo_local.store, props, WD + "Q46")  # Europe
    assert got[0] == WDT + "P30"
    got = conflict_properties(demo_local.store, props, WD + "Q142")  # France
    assert got[0] == WDT + "P17"
    # an object that is neither a country nor a continent leaves the order alone
    assert conflict_properties(demo_local.store, props, WD + "Q90") == props  # Paris


def test_another_state_of_one_country_is_refuted(demo_local):
    r = _verdict(demo_local, "St. Louis is located in Maryland.")
    assert r.verdict.value == "REFUTED", r.justification
    assert "Missouri" in r.justification and "state of the United States" in r.justification


def test_the_stated_state_is_supported(demo_local):
    assert _verdict(demo_local, "St. Louis is located in Missouri.").verdict.value == "SUPPORTED"


def _regions(tmp_path: Path, *, second_state: bool) -> OxigraphStore:
    """Twelve towns, each in one county and one state; with ``second_state``, the first
    town is stated in two states (the kind then does not take one value)."""
    lines = []
    for q, kind in (("Q900001", "Q900100"), ("Q900002", "Q900100"), ("Q900003", "Q900101")):
        lines.append(f"<{WD}{q}> <{WDT}P31> <{WD}{kind}> .")  # two states, a county
    for i in range(12):
        town = f"<{WD}Q91{i:04d}>"
        lines.append(f'{town} <{V.RDFS_LABEL}> "Town {i}"@en .')
        lines.append(f"{town} <{WDT}P131> <{WD}Q900001> .")
        lines.append(f"{town} <{WDT}P131> <{WD}Q900003> .")
    if second_state:
        lines.extend(f"<{WD}Q91{i:04d}> <{WDT}P131> <{WD}Q900002> ." for i in range(3))
    path = tmp_path / f"regions-{second_state}.nt"
    path.write_text("\n".join(lines) + "\n")
    store = OxigraphStore()
    store.load_file(path)
    return store


def test_a_kind_every_subject_has_one_of_gives_the_rival(tmp_path):
    store = _regions(tmp_path, second_state=False)
    by_type = stats_for(store).functionality_by_type(WDT + "P131")
    assert by_type[WD + "Q900100"].value == 1.0 and by_type[WD + "Q900100"].subjects == 12
    stated = [WD + "Q900001", WD + "Q900003"]
    got = same_kind_rival(store, WDT + "P131", WD + "Q900002", stated)
    assert got is not None and got[0] == WD + "Q900001" and got[1] == WD + "Q900100"
    # the county is of another kind: no rival for a claimed state there
    assert same_kind_rival(store, WDT + "P131", WD + "Q900002", [WD + "Q900003"]) is None


def test_a_kind_several_subjects_have_two_of_gives_none(tmp_path):
    store = _regions(tmp_path, second_state=True)
    func = stats_for(store).functionality_by_type(WDT + "P131")[WD + "Q900100"]
    assert func.value == pytest.approx(9 / 12)
    assert same_kind_rival(store, WDT + "P131", WD + "Q900002", [WD + "Q900001"]) is None


def test_only_location_properties_take_a_rival_by_kind(tmp_path):
    store = _regions(tmp_path, second_state=False)
    assert same_kind_rival(store, WDT + "P106", WD + "Q900002", [WD + "Q900001"]) is None


@pytest.mark.parametrize(
    "claim",
    [
        "Bob Dylan was a humorist.",  # occupation: many values
        "Winston Churchill spoke Serbian.",  # languages: many values
        "Abraham Lincoln resided in Glasgow.",  # residence: many values
    ],
)
def test_many_valued_relations_never_refute(demo_local, claim):
    assert _verdict(demo_local, claim).verdict.value != "REFUTED"


def test_a_name_two_cities_share_refutes_when_both_are_excluded(demo_local):
    # two Birminghams in the KG; Merv Griffin's one stated place of death is Los Angeles
    r = _verdict(demo_local, "Merv Griffin died in Birmingham.")
    assert r.verdict.value == "REFUTED", r.justification
    assert "refuted for each of them" in r.justification


def test_a_namesake_outside_the_relations_range_is_not_asked(demo_local):
    # "Cambridge" is also the university's alias; no one is born in a university here
    r = _verdict(demo_local, "Jeff Beck was born in Cambridge.")
    assert r.verdict.value == "REFUTED", r.justification
    assert "Cambridge (Q350)" in r.justification and "Q35794" not in r.justification


def test_a_name_one_namesake_of_which_holds_does_not_refute(demo_local):
    # "Georgia": the country and the US state; Atlanta, his stated birthplace, is a city of
    # the state (the claim is true), and nothing in the KG excludes the state
    r = _verdict(demo_local, "Spike Lee was born in Georgia.")
    assert r.verdict.value != "REFUTED", r.justification


def test_a_country_the_stated_place_was_never_in_is_refuted(demo_local):
    r = _verdict(demo_local, "Phil Collins was born in France.")
    assert r.verdict.value == "REFUTED", r.justification
    assert "Phil Collins place of birth London" in r.justification


@pytest.mark.parametrize(
    "claim",
    [
        "Phil Collins was born in England.",  # London is in England
        "Phil Collins was born in the United Kingdom.",
        "Max Weber died in Germany.",  # Munich
    ],
)
def test_the_stated_places_country_is_supported(demo_local, claim):
    assert _verdict(demo_local, claim).verdict.value == "SUPPORTED"


def test_a_country_the_stated_place_once_was_in_is_not_refuted(demo_local):
    # Hamburg lists France among its countries (a former one): no exclusion
    r = _verdict(demo_local, "Johannes Brahms was born in France.")
    assert r.verdict.value != "REFUTED", r.justification


def test_a_denial_on_a_name_that_may_mean_the_stated_place_is_not_supported(demo_local):
    # "not born in Georgia": true of the country, false of the US state Atlanta is a city of
    r = _verdict(demo_local, "Spike Lee was not born in Georgia.")
    assert r.verdict.value != "SUPPORTED", r.justification
