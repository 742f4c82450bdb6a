"""Reported SPARQL query counts equal the queries the store actually executed.

The test double wraps the real pyoxigraph engine inside a real store and counts
every query sent to it; a verification's reported ``sparql_queries`` must be
exactly that number (no query counted twice, none missed).
"""

from __future__ import annotations

import pytest

from kgfc.kg.demo import ensure_demo
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.pipeline.api import FactChecker, verify_triple
from kgfc.settings import load_settings


class CountingEngine:
    """Wraps a ``pyoxigraph.Store``; counts the SPARQL queries it executes."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.queries = 0

    def query(self, *args, **kwargs):
        self.queries += 1
        return self.inner.query(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def __contains__(self, quad) -> bool:
        return quad in self.inner

    def __len__(self) -> int:
        return len(self.inner)

    def __iter__(self):
        return iter(self.inner)


@pytest.fixture(scope="module")
def counted():
    store = OxigraphStore()
    ensure_demo(store)
    engine = CountingEngine(store._store)
    store._store = engine  # the double sits under the real store, where queries execute
    return store, engine


@pytest.mark.parametrize("policy", ["rules", "fixed"])
@pytest.mark.parametrize(
    "claim",
    [
        "Tony Blair was born in London.",
        "Gerald Ford was born in Omaha.",
        "Paris is in Germany.",
        "Fyodor Dostoyevsky was born in Russia.",
        ("Q9582", "P19", "Q16555"),
    ],
)
def test_claim_reports_the_queries_that_ran(counted, claim, policy):
    store, engine = counted
    checker = FactChecker(store, settings=load_settings(offline=True), policy=policy)
    for warm in (False, True):  # cold, then with the per-store caches warm
        before = engine.queries
        result = checker.verify(claim)
        ran = engine.queries - before
        # warm, the claim's facts and types may all come from the caches: none is counted
        assert warm or ran > 0
        assert result.counters.sparql_queries == ran
        # every query is charged to the step that ran it
        assert sum(s.counters.sparql_queries for s in result.trajectory.steps) == ran


def test_triple_check_reports_the_queries_that_ran(counted):
    store, engine = counted
    before = engine.queries
    check = verify_triple(
        store,
        "http://www.wikidata.org/entity/Q76",
        "http://www.wikidata.org/prop/direct/P19",
        "http://www.wikidata.org/entity/Q18094",
    )
    ran = engine.queries - before
    assert ran > 0 and check.sparql_queries == ran == check.counters.sparql_queries


def test_count_queries_block_matches_the_engine(counted):
    store, engine = counted
    # The label index is read with SPARQL once per store; build it first so the block
    # below does not depend on whether another test of this module ran before it.
    store.label_index()
    before = engine.queries
    with store.count_queries() as qc:
        # the embedded neighbourhood reads the quad index: no SPARQL, nothing counted
        assert store.neighbourhood(["http://www.wikidata.org/entity/Q76"])
        store.run("entity_labels", values=["http://www.wikidata.org/entity/Q76"])
        store.sparql("ASK { ?s ?p ?o }")
    assert qc.n == engine.queries - before == 2
