"""A title that contains another name ("Gangs of New York") stays a seed of the search."""

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
        'wd:Q60 rdfs:label "New York"@en ; wdt:P31 wd:Q515 .',
        'wd:Q515 rdfs:label "city"@en .',
        'wd:Q11424 rdfs:label "film"@en .',
        'wd:Q41148 rdfs:label "Martin Scorsese"@en .',
        'wd:Q154581 rdfs:label "Gangs of New York"@en ; wdt:P31 wd:Q11424 ; '
        "wdt:P57 wd:Q41148 ; wdt:P840 wd:Q60 .",
    ]
    # New York is the better-known name: many facts point at it
    ttl += [f'wd:Q{5000 + i} rdfs:label "Person {i}"@en ; wdt:P19 wd:Q60 .' for i in range(30)]
    path = tmp_path_factory.mktemp("titles") / "kg.ttl"
    path.write_text("\n".join(ttl) + "\n")
    store = OxigraphStore()
    store.load_file(Path(__file__).parent / "data" / "properties.ttl")
    store.load_file(path)
    return FactChecker(store, settings=load_settings(offline=True))


def test_a_title_naming_a_city_is_the_subject_and_a_seed(checker):
    r = checker.verify("Gangs of New York was directed by Martin Scorsese.", record=False)
    assert r.verdict is VerdictLabel.SUPPORTED, r.justification
    assert "Gangs of New York" in {e.label for e in r.topic_entities}
