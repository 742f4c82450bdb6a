"""Verification against a remote SPARQL store gives the embedded store's verdicts and evidence.

A slice of the bundled demo KG (the claims' entities, two hops out, with every
label and provenance record they need: a few thousand quads) goes into an embedded
store and into each real server (``oxigraph serve``, Virtuoso); the same
claims are verified against each with the local reasoner and recorded. Loading
all 251k demo quads into Virtuoso takes ~30 s and the first claim's whole-store
statistics another ~20 s, so the slice keeps this test quick; the full demo was
checked by hand (README, "Remote stores").
"""

from __future__ import annotations

import pyoxigraph as ox
import pytest
from conftest import fresh_sparql_store

from kgfc.kg import vocab as V
from kgfc.kg.demo import ensure_demo
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.pipeline.api import FactChecker
from kgfc.settings import load_settings

CLAIMS = [
    "Gerald Ford was born in Omaha.",  # supported
    "Gerald Ford was born in Houston.",  # refuted (single-valued)
    "Tony Blair was born in London.",  # refuted: Edinburgh
    "Fyodor Dostoyevsky was born in Russia.",  # supported through a located-in chain
    "Tony Blair was educated at Fettes College.",
    "Zorblax Quuxington invented the flux capacitor.",  # nothing known
]
NAMES = ["Gerald Ford", "Tony Blair", "Fyodor Dostoyevsky"]


@pytest.fixture(scope="module")
def demo_slice(tmp_path_factory):
    """N-Quads of the claims' entities two hops out, with labels and provenance."""
    demo = OxigraphStore()
    ensure_demo(demo)
    seeds = {demo.search_labels(n, limit=1)[0].entity for n in NAMES}
    keep: set[ox.Quad] = set()
    reached = set()
    for e in map(ox.NamedNode, seeds):
        for q in [*demo.quads(subject=e), *demo.quads(object=e)]:
            if q.predicate.value.startswith(V.WDT):
                keep.add(q)
                reached.update(t for t in (q.subject, q.object) if isinstance(t, ox.NamedNode))
    # every place of birth: enough for the statistics that make P19 single-valued
    keep.update(demo.quads(predicate=ox.NamedNode(V.WDT + "P19")))
    # second hop: the located-in chains and types the reasoner follows
    chain = [ox.NamedNode(V.WDT + p) for p in ("P131", "P17", "P30", "P31", "P279")]
    for e in reached:
        for p in chain:
            keep.update(demo.quads(subject=e, predicate=p))
    things = {t for q in keep for t in (q.subject, q.predicate, q.object)}
    things |= {
        ox.NamedNode(V.WD + p.value[len(V.WDT) :]) for p in things if p.value.startswith(V.WDT)
    }
    for t in list(things):
        if isinstance(t, ox.NamedNode):
            keep.update(demo.quads(subject=t, predicate=ox.NamedNode(V.RDFS_LABEL)))
            keep.update(demo.quads(subject=t, predicate=ox.NamedNode(V.SKOS_ALT)))
            keep.update(demo.quads(subject=t, predicate=ox.NamedNode(V.SCHEMA_DESC)))
            keep.update(demo.quads(subject=t, predicate=ox.NamedNode(V.DIRECT_CLAIM)))
    for g in {q.graph_name for q in keep}:
        keep.update(demo.quads(subject=g, graph=g))  # the PROV record
    path = tmp_path_factory.mktemp("slice") / "demo-slice.nq"
    ox.serialize(sorted(keep, key=str), str(path), ox.RdfFormat.N_QUADS)
    return path


def outcome(store) -> list[tuple]:
    checker = FactChecker(store, settings=load_settings(offline=True))
    out = []
    for i, claim in enumerate(CLAIMS):
        r = checker.verify(claim, id=f"p{i}", record=True)
        # Cited evidence: considered-but-uncited facts of hubs are capped
        # (LIMIT 300 incoming) and which ones come first is the engine's choice.
        cited = sorted((e.text, e.source) for e in r.evidence if e.cited)
        recorded = sorted(
            row["fact"]
            for row in store.run("claim_evidence")
            if row["claimId"] == f"p{i}" and row["fact"] and row["cited"] == "true"
        )
        assert recorded == sorted(t for t, _ in cited)
        out.append((claim, r.verdict.value, round(r.confidence, 6), cited))
    return out


@pytest.fixture(scope="module")
def embedded(demo_slice):
    store = OxigraphStore()
    store.load_file(demo_slice)
    return outcome(store)


@pytest.mark.parametrize("server", ["oxigraph_server", "virtuoso_server"])
def test_remote_store_gives_the_same_verdicts_and_evidence(request, server, demo_slice, embedded):
    remote = fresh_sparql_store(request.getfixturevalue(server))
    remote.load_file(demo_slice)
    got = outcome(remote)
    verdicts = [v for _, v, *_ in embedded]
    # the slice is rich enough that the claims are not all NOT ENOUGH INFO
    assert {"SUPPORTED", "REFUTED", "NOT ENOUGH INFO"} <= set(verdicts), verdicts
    assert any(cited for *_, cited in embedded)
    for want, have in zip(embedded, got, strict=True):
        assert have == want
