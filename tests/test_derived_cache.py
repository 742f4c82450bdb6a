"""Indexes derived from the whole store, kept on disk under its knowledge key: built once,
read back by the next process, rebuilt after a write of knowledge or when the file is bad."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pyoxigraph as ox
import pytest

from kgfc.kg import vocab as V
from kgfc.kg.beam import BeamResult, _connected
from kgfc.kg.derived_cache import cache_file, load_or_build
from kgfc.kg.labels import LabelIndex
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.models import Fact
from kgfc.nlp.alignment import RelationAligner

ROOT = Path(__file__).resolve().parents[1]


class Builds:
    def __init__(self, value: object) -> None:
        self.value, self.calls = value, 0

    def __call__(self) -> object:
        self.calls += 1
        return self.value


# -- the file cache --------------------------------------------------------------------


def test_built_once_then_read_back(tmp_path):
    build = Builds({"a": [1, 2]})
    first, built = load_or_build(tmp_path, "thing", "k1", build)
    again, built_again = load_or_build(tmp_path, "thing", "k1", build)
    assert (first, built) == ({"a": [1, 2]}, True)
    assert (again, built_again) == ({"a": [1, 2]}, False)
    assert build.calls == 1


def test_a_new_knowledge_key_rebuilds_and_drops_the_old_file(tmp_path):
    load_or_build(tmp_path, "thing", "k1", Builds(1))
    old = cache_file(tmp_path, "thing", 1, "k1")
    assert old.is_file()
    value, built = load_or_build(tmp_path, "thing", "k2", Builds(2))
    assert (value, built) == (2, True)
    assert not old.exists() and cache_file(tmp_path, "thing", 1, "k2").is_file()
    load_or_build(tmp_path, "other", "k2", Builds(3))  # another name's file is left alone
    assert cache_file(tmp_path, "thing", 1, "k2").is_file()


def test_a_new_builder_version_does_not_read_the_old_file(tmp_path):
    load_or_build(tmp_path, "thing", "k1", Builds("old shape"))
    value, built = load_or_build(tmp_path, "thing", "k1", Builds("new shape"), version=2)
    assert (value, built) == ("new shape", True)


@pytest.mark.parametrize("content", [b"", b"not a pickle", b"\x80\x05\x95garbage"])
def test_a_corrupt_file_is_rebuilt_not_an_error(tmp_path, content):
    load_or_build(tmp_path, "thing", "k1", Builds(1))
    cache_file(tmp_path, "thing", 1, "k1").write_bytes(content)
    value, built = load_or_build(tmp_path, "thing", "k1", Builds(1))
    assert (value, built) == (1, True)
    assert load_or_build(tmp_path, "thing", "k1", Builds(99)) == (1, False)  # written again


def test_a_file_holding_the_wrong_kind_is_rebuilt(tmp_path):
    load_or_build(tmp_path, "thing", "k1", Builds([1]))
    assert load_or_build(tmp_path, "thing", "k1", Builds({"x": 1}), kind=dict) == ({"x": 1}, True)


def test_no_directory_or_a_write_in_progress_touches_no_disk(tmp_path):
    build = Builds(1)
    assert load_or_build(None, "thing", "k1", build) == (1, True)
    assert load_or_build(tmp_path, "thing", "changing-abc", build) == (1, True)
    assert load_or_build(tmp_path, "thing", "changing-abc", build) == (1, True)
    assert build.calls == 3 and not list(tmp_path.iterdir())


def test_an_unwritable_directory_still_answers(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")  # a file where the directory should be
    assert load_or_build(blocker / "sub", "thing", "k1", Builds(1)) == (1, True)


# -- the store's indexes ---------------------------------------------------------------

PROP = V.WD + "P19"


def _labels(store: OxigraphStore) -> dict:
    idx = store.label_index()
    return {"keys": dict(idx.by_key), "labels": idx.labels, "descriptions": idx.descriptions}


def test_a_new_process_reads_the_label_and_phrase_indexes(tmp_path, obama_ttl):
    path = tmp_path / "store"
    with OxigraphStore(path) as s:
        s.load_file(obama_ttl)
        labels = _labels(s)
        phrases = RelationAligner(s)
        assert len(phrases) > 0
        assert s.aggregate_builds["label_index"] == 1
        assert s.aggregate_builds["relation_phrases"] == 1
        assert s.cache_dir("derived") is not None and any(s.cache_dir("derived").iterdir())
    with OxigraphStore(path) as s:  # as a new process: nothing in memory
        assert _labels(s) == labels
        again = RelationAligner(s)
        assert len(again) == len(phrases)
        assert again.labels == phrases.labels and again.types == phrases.types
        assert again._keys == phrases._keys and again._key_list == phrases._key_list
        assert s.aggregate_builds["label_index"] == 0
        assert s.aggregate_builds["relation_phrases"] == 0


def test_a_write_of_knowledge_rebuilds_the_indexes(tmp_path, obama_ttl):
    path = tmp_path / "store"
    with OxigraphStore(path) as s:
        s.load_file(obama_ttl)
        s.label_index()
    new = ox.NamedNode(V.WD + "Q999999")
    with OxigraphStore(path) as s:
        s.write_quads(
            V.KGFC + "source/test",
            [ox.Quad(new, ox.NamedNode(V.RDFS_LABEL), ox.Literal("Zanzibar Quux", language="en"))],
        )
    with OxigraphStore(path) as s:
        idx = s.label_index()
        assert s.aggregate_builds["label_index"] == 1  # the key changed: built again
        assert idx.label(new.value) == "Zanzibar Quux"


def test_a_corrupt_index_file_is_rebuilt_by_the_store(tmp_path, obama_ttl):
    path = tmp_path / "store"
    with OxigraphStore(path) as s:
        s.load_file(obama_ttl)
        labels = _labels(s)
        files = list(s.cache_dir("derived").glob("label_index-*.pickle"))
    assert len(files) == 1
    files[0].write_bytes(files[0].read_bytes()[:100])  # truncated, as by a crash
    with OxigraphStore(path) as s:
        assert _labels(s) == labels and s.aggregate_builds["label_index"] == 1
    with OxigraphStore(path) as s:
        assert isinstance(s.label_index(), LabelIndex)
        assert s.aggregate_builds["label_index"] == 0  # the rebuilt file was written


def test_an_in_memory_store_builds_each_time():
    s = OxigraphStore(None)
    s.write_quads(
        V.KGFC + "source/test",
        [
            ox.Quad(
                ox.NamedNode(V.WD + "Q1"),
                ox.NamedNode(V.RDFS_LABEL),
                ox.Literal("One", language="en"),
            )
        ],
    )
    assert s.cache_dir("derived") is None
    assert s.label_index().label(V.WD + "Q1") == "One"
    assert s.aggregate_builds["label_index"] == 1


# -- the beam's connectivity, without networkx -------------------------------------------


def _fact(s: str, o: str) -> Fact:
    return Fact(subject=s, predicate=PROP, object=o, subject_label=s, object_label=o)


def test_connected_answers_as_networkx_has_path():
    rng = random.Random(5)
    for _ in range(300):
        nodes = [f"n{i}" for i in range(rng.randrange(2, 9))]
        edges = [(rng.choice(nodes), rng.choice(nodes)) for _ in range(rng.randrange(0, 8))]
        links: dict[str, set[str]] = {}
        graph = nx.MultiDiGraph()
        for s, o in edges:
            links.setdefault(s, set()).add(o)
            links.setdefault(o, set()).add(s)
            graph.add_edge(s, o)
        targets = set(rng.sample(nodes, rng.randrange(1, min(4, len(nodes)) + 1)))
        present = [t for t in targets if t in graph]
        und = graph.to_undirected(as_view=True)
        expected = (
            len(present) >= 2
            and len(present) == len(targets)
            and all(nx.has_path(und, present[0], t) for t in present[1:])
        )
        assert _connected(links, targets) == expected, (edges, targets)


def test_the_evidence_graph_is_built_when_asked_for():
    a, b = _fact("x", "y"), _fact("y", "z")
    result = BeamResult(evidence=[], hops_done=1, kept=[(a, 0.5, 1), (b, 0.25, 2)])
    graph = result.graph
    assert isinstance(graph, nx.MultiDiGraph)
    assert set(graph.nodes) == {"x", "y", "z"} and graph.number_of_edges() == 2
    assert graph.nodes["x"]["label"] == "x"
    (_, _, data), *_ = graph.edges(data=True)
    assert data["predicate"] == PROP and data["score"] == 0.5 and data["hop"] == 1


# -- spaCy without its command line ----------------------------------------------------

PROBE = """
import sys
from kgfc.nlp.spacy_pipeline import get_nlp
nlp = get_nlp()
assert [e.text for e in nlp("Tony Blair was born in Edinburgh.").ents]
print("cli loaded:", sorted(m for m in sys.modules if m.startswith(("spacy.cli", "weasel"))))
print("senter:", "senter" in nlp.component_names)
import spacy
import spacy.cli
print("cli usable:", callable(spacy.cli.info) and callable(spacy.info))
"""


def test_spacy_loads_without_its_command_line_which_still_imports_after():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=240, env=env
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert "cli loaded: []" in out.stdout
    assert "senter: False" in out.stdout
    assert "cli usable: True" in out.stdout


def test_the_property_profile_is_read_back_unless_facts_were_added_since(tmp_path, obama_ttl):
    from kgfc.nlp import anchored

    path = tmp_path / "store"
    with OxigraphStore(path) as s:
        s.load_file(obama_ttl)
        built = anchored._build_profile(s)
        assert s.aggregate_builds["property_profile"] == 1
    with OxigraphStore(path) as s:
        read = anchored._build_profile(s)
        assert s.aggregate_builds["property_profile"] == 0
        assert (read.texts, read.used, read.labels, read.domain, read.range) == (
            built.texts,
            built.used,
            built.labels,
            built.domain,
            built.range,
        )
        s.write_quads(
            V.KGFC + "source/test",
            [ox.Quad(ox.NamedNode(V.WD + "Q76"), ox.NamedNode(PROP), ox.NamedNode(V.WD + "Q2"))],
        )
        assert s.generation != s.wholesale_generation
        anchored._build_profile(s)  # from rows that may predate the addition: memory only
        assert s.aggregate_builds["property_profile"] == 0
        assert len(list(s.cache_dir("derived").glob("property_profile-*.pickle"))) == 1


# -- entity degrees for linking, kept per store generation ---------------------------------


def test_entity_degrees_are_kept_until_knowledge_is_written(obama_ttl):
    from kgfc.kg.linking import EntityLinker

    s = OxigraphStore(None)
    s.load_file(obama_ttl)
    obama, honolulu, nowhere = V.WD + "Q76", V.WD + "Q18094", V.WD + "Q404"
    direct = {r["entity"]: int(r["degree"]) for r in s.run("entity_degree", values=[obama])}
    with s.count_queries() as qc:
        first = EntityLinker(s)._degrees([obama, honolulu, nowhere])
        again = EntityLinker(s)._degrees([nowhere, obama])  # another linker, same store
    assert first[obama] == direct[obama] and honolulu in first and nowhere not in first
    assert again == {obama: first[obama]}
    assert qc.n == 1  # the second linker asked nothing of the store
    s.write_quads(
        V.KGFC + "source/test",
        [ox.Quad(ox.NamedNode(V.WD + "Q5"), ox.NamedNode(V.WDT + "P26"), ox.NamedNode(obama))],
    )
    with s.count_queries() as qc:
        after = EntityLinker(s)._degrees([obama])
    assert after == {obama: first[obama] + 1} and qc.n == 1
