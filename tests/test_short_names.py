"""A name the KG has only in full ("Forest Lawn" for Forest Lawn Memorial Park) still checks.

A mention no entity is named by is taken as short for the subject's one stated value whose name
begins with its words and is at most twice as long; it only ever supports.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kgfc.models import VerdictLabel


@pytest.fixture(scope="module")
def checker(tmp_path_factory):
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
    ttl = [
        "@prefix wd: <http://www.wikidata.org/entity/> .",
        "@prefix wdt: <http://www.wikidata.org/prop/direct/> .",
        "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .",
        "@prefix wikibase: <http://wikiba.se/ontology#> .",
        "@prefix skos: <http://www.w3.org/2004/02/skos/core#> .",
        # place of burial as Wikidata describes it (CC0)
        "wd:P119 a wikibase:Property ; wikibase:directClaim wdt:P119 ; "
        'wikibase:propertyType wikibase:WikibaseItem ; rdfs:label "place of burial"@en ; '
        'skos:altLabel "buried at"@en, "burial place"@en, "interred at"@en, "resting place"@en .',
        'wd:Q5 rdfs:label "human"@en .',
        'wd:Q39614 rdfs:label "cemetery"@en .',
        'wd:Q1 rdfs:label "Forest Lawn Memorial Park"@en ; wdt:P31 wd:Q39614 .',
        'wd:Q2 rdfs:label "Carrie Fisher"@en ; wdt:P31 wd:Q5 ; wdt:P119 wd:Q1 .',
        'wd:Q3 rdfs:label "Westwood Village Memorial Park Cemetery"@en ; wdt:P31 wd:Q39614 .',
        'wd:Q4 rdfs:label "Marilyn Monroe"@en ; wdt:P31 wd:Q5 ; wdt:P119 wd:Q3 .',
    ]
    path = tmp_path_factory.mktemp("short") / "kg.ttl"
    path.write_text("\n".join(ttl) + "\n")
    store = OxigraphStore()
    store.load_file(Path(__file__).parent / "data" / "properties.ttl")
    store.load_file(path)
    return FactChecker(store, settings=load_settings(offline=True))


def test_a_short_name_of_the_stated_value_supports(checker):
    r = checker.verify("Carrie Fisher is buried at Forest Lawn.", record=False)
    assert r.verdict is VerdictLabel.SUPPORTED, r.justification
    assert "short for" in r.justification and "Forest Lawn Memorial Park" in r.justification


@pytest.mark.parametrize(
    "claim",
    [
        "Carrie Fisher is buried at Forest.",  # a quarter of the name: too little of it
        "Marilyn Monroe is buried at Forest Lawn.",  # not the value stated for her
    ],
)
def test_too_little_of_a_name_or_another_value_does_not_support(checker, claim):
    r = checker.verify(claim, record=False)
    assert r.verdict is not VerdictLabel.SUPPORTED, r.justification
