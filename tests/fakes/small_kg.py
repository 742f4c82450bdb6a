"""A FactChecker over a few Turtle lines and the real Wikidata property entities of
``tests/data/properties.ttl``, for tests that need the whole pipeline on a KG they can read."""

from __future__ import annotations

from pathlib import Path

import pytest

PREFIXES = [
    "@prefix wd: <http://www.wikidata.org/entity/> .",
    "@prefix wdt: <http://www.wikidata.org/prop/direct/> .",
    "@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .",
    "@prefix wikibase: <http://wikiba.se/ontology#> .",
    "@prefix skos: <http://www.w3.org/2004/02/skos/core#> .",
    "@prefix schema: <http://schema.org/> .",
]


def checker_over(lines: list[str], folder: Path):  # -> kgfc.pipeline.api.FactChecker
    """The checker (local reasoner, offline) over ``lines`` of Turtle written under ``folder``;
    skips when the English model is missing."""
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
    path = folder / "kg.ttl"
    path.write_text("\n".join(PREFIXES + lines) + "\n")
    store = OxigraphStore()
    store.load_file(Path(__file__).resolve().parents[1] / "data" / "properties.ttl")
    store.load_file(path)
    return FactChecker(store, settings=load_settings(offline=True))
