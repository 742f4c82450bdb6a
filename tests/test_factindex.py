"""The rule-grounding fact index: same answers as the in-memory KGIndex, cached on disk per
knowledge version, read (not rebuilt) by a new process; rules parsed per head on use."""

from __future__ import annotations

import gzip
import json
import random

from kgfc.kg import vocab as V
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.reason import completion as C
from kgfc.reason.factindex import FactIndex
from kgfc.reason.rules import Atom


def _random_triples(n: int = 3000, nodes: int = 300, seed: int = 3) -> list[tuple[str, str, str]]:
    rng = random.Random(seed)
    props = [f"p{i}" for i in range(7)]
    return [
        (f"n{rng.randrange(nodes)}", rng.choice(props), f"n{rng.randrange(nodes)}")
        for _ in range(n)
    ]


def test_fact_index_answers_as_the_in_memory_index(tmp_path):
    triples = _random_triples()
    triples += triples[:50]  # duplicates count once
    full = C.KGIndex(triples)
    compact = FactIndex.from_triples(triples)
    path = tmp_path / "i.npz"
    compact.save(path)
    loaded = FactIndex.load(path)
    fresh = FactIndex.load(path)  # step() before any node's adjacency is built
    props = {p for _, p, _ in triples}
    for node in full.adj:
        for prop in props:
            for inv in (False, True):
                atom = Atom(prop, inv)
                assert fresh.step(node, atom) == full.step(node, atom)
    for index in (compact, loaded):
        assert index.facts == full.facts
        assert set(index.adj) == set(full.adj)
        for node, steps in full.adj.items():
            assert index.adj.get(node) == steps
            for atom, ends in steps.items():
                assert index.step(node, atom) == ends
        for prop in {p for _, p, _ in triples}:
            for inv in (False, True):
                assert index.subjects(Atom(prop, inv)) == full.subjects(Atom(prop, inv))
        assert index.step("nowhere", Atom("p0")) == set() and index.adj.get("nowhere") is None
        assert sorted(index.triples()) == sorted(full.triples())


def test_the_completion_index_is_read_from_disk_by_a_new_process(tmp_path, obama_ttl):
    path = tmp_path / "store"
    with OxigraphStore(path) as s:
        s.load_file(obama_ttl)
        model = C.completion_for(s)
        assert isinstance(model.index, FactIndex) and model.index.facts > 0
        assert s.aggregate_builds["completion_facts"] == 1
        types = model.known_values(V.WD + "Q76", V.WDT + "P19")
        assert types
        C.refresh(s)  # forget in-process copies, as a new process starts without them
    with OxigraphStore(path) as s:
        again = C.completion_for(s)
        assert s.aggregate_builds["completion_facts"] == 0  # read from the cache
        assert again.known_values(V.WD + "Q76", V.WDT + "P19") == types
        C.refresh(s)
        s.load_file(obama_ttl)  # already loaded: no knowledge write, the cache holds
        assert C.completion_for(s) is not None and s.aggregate_builds["completion_facts"] == 0


def test_shipped_rules_are_parsed_per_head_with_the_same_answers():
    data = json.loads(gzip.decompress(C.SHIPPED.read_bytes()).decode("utf-8"))
    lazy = C.CompletionRules.from_json(data)
    eager = C.CompletionRules([C.CRule.from_json(r) for r in data["rules"]])
    assert len(lazy) == len(eager)
    heads = {r[1] for r in data["rules"]}
    assert all((lazy.paths.get(h) or []) == (eager.paths.get(h) or []) for h in heads)
    assert set(lazy.consts) == set(eager.consts)
    assert all(lazy.consts.get(k) == eager.consts[k] for k in eager.consts)
    assert lazy.rules == eager.rules


def test_entity_facts_read_from_the_dump_are_the_querys_answer_in_its_order(tmp_path):
    import pyoxigraph as ox

    from kgfc.reason.factindex import entity_facts

    wd, wdt = V.WD, V.WDT
    n = ox.NamedNode
    odd = n(wd + "Q7_(é) ü\u00e9".replace(" ", "%20"))
    facts = [
        (n(wd + "Q1"), n(wdt + "P19"), n(wd + "Q2")),
        (n(wd + "Q1"), n(wdt + "P27"), odd),
        (odd, n(wdt + "P31"), n(wd + "Q5")),
        (ox.BlankNode("b1"), n(wdt + "P19"), n(wd + "Q3")),
        (n(wd + "Q1"), n(wdt + "P569"), ox.Literal("1961", datatype=n(V.XSD + "gYear"))),
        (n(wd + "Q1"), n(wd + "P19"), n(wd + "Q2")),  # not a direct property
        (n(wd + "Q1"), n(wdt + "P1559"), ox.Literal('<x> "y" <z> .', language="en")),
    ]
    graphs = {
        "https://example.org/g1": [ox.Quad(*f) for f in facts],
        "https://example.org/g2": [
            ox.Quad(*facts[0]),
            ox.Quad(n(wd + "Q9"), n(wdt + "P40"), n(wd + "Q1")),
        ],
    }
    with OxigraphStore(tmp_path / "store") as s:
        s.write_graphs(graphs)
        asked = [(r["s"], r["p"], r["o"]) for r in s.run("rule_mining_facts")]
        got = entity_facts(s)
        assert got == asked  # each once, in the query's order
        assert len(got) == 5 and (wd + "Q1", wdt + "P19", wd + "Q2") in got
        assert ("b1", wdt + "P19", wd + "Q3") in got
    with OxigraphStore(tmp_path / "store", read_only=True) as r:
        assert entity_facts(r) == asked
