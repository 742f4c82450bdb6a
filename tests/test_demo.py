"""The bundled demo KG: shipped, loadable once, labelled, crash-safe and reproducible."""

from __future__ import annotations

import gzip
import hashlib
import subprocess
import sys
from pathlib import Path

import pyoxigraph as ox
import pytest

from kgfc.kg import vocab as V
from kgfc.kg.demo import (
    DEMO_GRAPH_PREFIX,
    DEMO_META,
    DEMO_PATH,
    demo_graphs,
    demo_info,
    demo_loaded,
    ensure_demo,
)
from kgfc.kg.oxigraph_store import OxigraphStore

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
OBAMA = V.WD + "Q76"  # labelled, and a head entity of many CoDEx-M train triples
STATUS = ox.NamedNode(V.KGFC + "status")


@pytest.fixture(scope="module")
def demo_store() -> OxigraphStore:
    # Loading the demo into memory takes about a second; share it, read-only by convention.
    store = OxigraphStore()
    assert ensure_demo(store) is True
    return store


def test_shipped_file_is_small_and_matches_its_metadata():
    assert DEMO_PATH.is_file()
    size = DEMO_PATH.stat().st_size
    assert size <= 15 * 1024 * 1024
    info = demo_info()
    assert info["file"]["bytes"] == size
    assert info["file"]["sha256"] == hashlib.sha256(DEMO_PATH.read_bytes()).hexdigest()
    assert all(iri.startswith(DEMO_GRAPH_PREFIX) for iri in demo_graphs())
    assert (DEMO_PATH.parent / "DEMO_KG.md").is_file()


def test_ensure_demo_is_a_no_op_the_second_time(demo_store):
    assert demo_loaded(demo_store)
    before = len(demo_store)
    assert before == demo_info()["quads"]
    assert ensure_demo(demo_store) is False
    assert len(demo_store) == before


def test_stats_match_the_recorded_counts(demo_store):
    stats = demo_store.stats()
    info = demo_info()
    assert stats.facts == info["facts"]
    assert stats.entities == info["entities"]
    assert stats.sources == info["sources"] == len(demo_graphs())
    assert stats.labels == info["labels"]
    assert stats.sources_by_kind == {"demo": info["sources"]}


def test_every_demo_graph_carries_its_provenance(demo_store):
    sources = {s.iri: s for s in demo_store.sources()}
    assert set(sources) == set(demo_graphs())
    for iri, meta in demo_info()["graphs"].items():
        src = sources[iri]
        assert src.kind == "demo"
        assert src.location == meta["location"]
        assert src.extractor == "kgfc build_demo_kg.py"
        assert src.facts == meta["facts"]


def test_neighbourhood_of_a_famous_entity_is_labelled(demo_store):
    facts = demo_store.neighbourhood([OBAMA])
    assert len(facts) >= 10
    assert all(f.source in demo_graphs() for f in facts)
    assert all(f.predicate_label for f in facts)  # every property CoDEx uses has a label
    out = {(f.predicate_label, f.object_label) for f in facts if f.subject == OBAMA}
    assert ("educated at", "Harvard Law School") in out
    assert ("instance of", "human") in out
    assert all(f.subject_label == "Barack Obama" for f in facts if f.subject == OBAMA)


def test_search_labels_finds_the_entity(demo_store):
    hits = demo_store.search_labels("Barack Obama", limit=3)
    assert hits and hits[0].entity == OBAMA and hits[0].kind == "label"
    assert hits[0].description
    alias = demo_store.search_labels("Obama", limit=3)
    assert alias and alias[0].entity == OBAMA


def test_properties_have_labels_aliases_and_types(demo_store):
    rows = demo_store.sparql(
        """
        PREFIX wikibase: <http://wikiba.se/ontology#>
        PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
        PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
        PREFIX wd: <http://www.wikidata.org/entity/>
        SELECT ?claim ?type ?label ?alias WHERE {
          wd:P19 wikibase:directClaim ?claim ; wikibase:propertyType ?type ; rdfs:label ?label ; skos:altLabel ?alias .
        }
        """
    )
    got = [(r["claim"].value, r["type"].value, r["label"].value, r["alias"].value) for r in rows]
    assert got and got[0][:3] == (V.WDT + "P19", V.WIKIBASE + "WikibaseItem", "place of birth")
    assert "birthplace" in {g[3] for g in got}


def test_a_partly_present_demo_is_reloaded_whole():
    store = OxigraphStore()
    ensure_demo(store)
    full = len(store)
    store.retract(DEMO_GRAPH_PREFIX + "fb15k237")
    assert not demo_loaded(store)
    g = ox.NamedNode(DEMO_GRAPH_PREFIX + "codex")
    store._store.add(ox.Quad(g, STATUS, ox.Literal("loading"), g))
    assert not demo_loaded(store)
    assert ensure_demo(store) is True
    assert demo_loaded(store)
    assert len(store) == full


def test_an_interrupted_load_is_dropped_on_reopen(tmp_path):
    """A load killed mid-way leaves graphs marked "loading"; the next open drops them."""
    path = tmp_path / "store"
    store = OxigraphStore(path)
    graphs = [ox.NamedNode(iri) for iri in demo_graphs()]
    store._store.extend([ox.Quad(g, STATUS, ox.Literal("loading"), g) for g in graphs])
    with gzip.open(DEMO_PATH, "rt", encoding="utf-8") as fh:
        head = "".join(next(fh) for _ in range(1000))  # part of the file, as if killed
    store._store.bulk_load(head.encode("utf-8"), ox.RdfFormat.N_QUADS)
    assert not demo_loaded(store)
    store.close()

    reopened = OxigraphStore(path)
    assert len(reopened) == 0
    assert not demo_loaded(reopened)
    reopened.close()


def test_read_only_store_refuses_to_load(tmp_path):
    OxigraphStore(tmp_path / "store").close()
    store = OxigraphStore(tmp_path / "store", read_only=True)
    with pytest.raises(Exception, match="read-only"):
        ensure_demo(store)


@pytest.mark.slow
@pytest.mark.shared_data
@pytest.mark.skipif(
    not (SHARED / "codex").is_dir(), reason="needs ../shared/data (not in users' clones)"
)
def test_build_script_reproduces_the_shipped_files(tmp_path):
    script = REPO / "scripts" / "build_demo_kg.py"
    subprocess.run(
        [sys.executable, str(script), "--shared", str(SHARED), "--out", str(tmp_path)],
        check=True,
        capture_output=True,
    )
    built = tmp_path / "demo_kg.nq.gz"
    # Compare the N-Quads first for a readable failure, then the exact bytes.
    assert gzip.decompress(built.read_bytes()) == gzip.decompress(DEMO_PATH.read_bytes())
    assert built.read_bytes() == DEMO_PATH.read_bytes()
    assert (tmp_path / "demo_kg.json").read_bytes() == DEMO_META.read_bytes()
    assert (tmp_path / "DEMO_KG.md").read_bytes() == (DEMO_PATH.parent / "DEMO_KG.md").read_bytes()
