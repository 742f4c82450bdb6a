"""Nationality adjectives read as citizenship (kgfc/nlp/demonyms.py), alone and in a verdict."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgfc.kg import vocab as V
from kgfc.models import ClaimTriple, VerdictLabel
from kgfc.nlp import demonyms

P27, P106, P1412 = (V.WDT + p for p in ("P27", "P106", "P1412"))
KNOWN = {"United States of America", "France", "poet", "French", "Dutch East India Company"}


def known(name: str) -> bool:
    return name in KNOWN


def triple(relation: str, obj: str, ids: list[str]) -> ClaimTriple:
    return ClaimTriple(subject="Ann", relation=relation, object=obj, relation_ids=ids)


def test_the_table_comes_from_countryinfo():
    assert "United States" in demonyms.countries("American")
    assert "France" == demonyms.countries("french")[0]  # the most populous of its countries
    assert demonyms.countries("Martian") == []


def test_an_adjective_alone_after_a_copula_is_citizenship():
    (t,) = demonyms.read_nationality([triple("is", "American", [])], known)
    assert (t.relation_ids, t.object) == ([P27], "United States of America")


def test_an_adjective_as_the_value_of_citizenship_is_the_country():
    # what an LLM decomposer writes for "Ann is American"
    (t,) = demonyms.read_nationality([triple("country of citizenship", "American", [P27])], known)
    assert (t.relation_ids, t.object) == ([P27], "United States of America")


def test_a_nationality_noun_reads_the_same_whatever_the_verb():
    for obj in ("American citizenship", "American nationality", "an American citizen"):
        (t,) = demonyms.read_nationality([triple("has", obj, [])], known)
        assert (t.relation_ids, t.object) == ([P27], "United States of America")


def test_adjective_and_noun_become_two_statements():
    got = demonyms.read_nationality([triple("is a", "French poet", [P106])], known)
    assert [(t.relation_ids[0], t.object) for t in got] == [(P27, "France"), (P106, "poet")]


def test_other_properties_and_names_are_left_alone():
    speaks = triple("speaks", "French", [P1412])
    company = triple("is a", "Dutch East India Company", [P106])
    unknown_country = triple("is", "Martian", [])
    for t in (speaks, company, unknown_country):
        assert demonyms.read_nationality([t], known) == [t]
    # a country the KG does not name is not read: nothing to link it to
    assert demonyms.read_nationality([triple("is", "Swiss", [])], known)[0].relation_ids == []


@pytest.fixture(scope="module")
def checker(tmp_path_factory):
    pytest.importorskip("spacy")
    from kgfc.errors import ConfigError
    from kgfc.kg.oxigraph_store import OxigraphStore
    from kgfc.nlp import spacy_pipeline
    from kgfc.settings import load_settings
    from kgfc.verify.api import FactChecker

    try:
        spacy_pipeline.get_nlp()
    except ConfigError as exc:  # pragma: no cover - the nlp extra is part of the test install
        pytest.skip(str(exc))
    ttl = [
        "@prefix wd: <http://www.wikidata.org/entity/> .",
        "@prefix wdt: <http://www.wikidata.org/prop/direct/> .",
        "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .",
        'wd:Q30 rdfs:label "United States of America"@en ; wdt:P31 wd:Q6256 .',
        'wd:Q142 rdfs:label "France"@en ; wdt:P31 wd:Q6256 .',
        'wd:Q49757 rdfs:label "poet"@en .',
        'wd:Q9001 rdfs:label "Ann Abcott"@en ; wdt:P27 wd:Q30 ; wdt:P106 wd:Q49757 .',
        'wd:Q9002 rdfs:label "Bea Bexley"@en ; wdt:P27 wd:Q142 ; wdt:P106 wd:Q49757 .',
    ]
    path = tmp_path_factory.mktemp("demonyms") / "kg.ttl"
    path.write_text("\n".join(ttl) + "\n")
    store = OxigraphStore()
    store.load_file(Path(__file__).parent / "data" / "properties.ttl")  # property labels
    store.load_file(path)
    return FactChecker(store, settings=load_settings(offline=True))


@pytest.mark.parametrize(
    "text",
    ["Ann Abcott is American.", "Ann Abcott is an American poet.", "Ann Abcott has American citizenship."],
)
def test_stated_citizenship_supports_the_adjective(checker, text):
    r = checker.verify(text, record=False)
    assert r.verdict is VerdictLabel.SUPPORTED, r.justification
    assert "country of citizenship United States of America" in r.justification


def test_a_negated_adjective_is_refuted_by_the_stated_country(checker):
    r = checker.verify("Ann Abcott is not American.", record=False)
    assert r.verdict is VerdictLabel.REFUTED, r.justification


def test_another_country_is_not_supported(checker):
    r = checker.verify("Ann Abcott is a French poet.", record=False)
    assert r.verdict is not VerdictLabel.SUPPORTED
    assert "France" in r.justification
