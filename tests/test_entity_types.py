"""Entity types are asked of the store once per entity until the store's next write."""

from __future__ import annotations

from kgfc.kg import vocab as V
from kgfc.kg.entity_types import entity_types
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.models import Fact, Source, SourceKind

P31 = V.WDT + "P31"


def _store() -> OxigraphStore:
    store = OxigraphStore()
    store.add_source(
        Source(iri=V.KGFC_SOURCE + "t/a", kind=SourceKind.FILE, title="a"),
        [
            Fact(subject=V.WD + "Q1", predicate=P31, object=V.WD + "Q5"),
            Fact(subject=V.WD + "Q10", predicate=P31, object=V.WD + "Q515"),
            Fact(subject=V.WD + "Q10", predicate=P31, object=V.WD + "Q1549591"),
        ],
    )
    return store


def test_types_are_asked_once_then_kept():
    store = _store()
    with store.count_queries() as first:
        got = entity_types(store, [V.WD + "Q1", V.WD + "Q10", V.WD + "Q99", "a literal"])
    assert got == {V.WD + "Q1": {V.WD + "Q5"}, V.WD + "Q10": {V.WD + "Q515", V.WD + "Q1549591"}}
    assert first.n == 1
    with store.count_queries() as again:
        # the untyped one is kept too: nothing is asked twice
        assert entity_types(store, [V.WD + "Q10", V.WD + "Q99"]) == {
            V.WD + "Q10": {V.WD + "Q515", V.WD + "Q1549591"}
        }
    assert again.n == 0
    with store.count_queries() as more:
        entity_types(store, [V.WD + "Q1", V.WD + "Q2"])
    assert more.n == 1  # only Q2 was not known


def test_a_write_drops_what_was_kept():
    store = _store()
    assert entity_types(store, [V.WD + "Q99"]) == {}
    store.add_source(
        Source(iri=V.KGFC_SOURCE + "t/b", kind=SourceKind.FILE, title="b"),
        [Fact(subject=V.WD + "Q99", predicate=P31, object=V.WD + "Q5")],
    )
    assert entity_types(store, [V.WD + "Q99"]) == {V.WD + "Q99": {V.WD + "Q5"}}


def test_each_store_keeps_its_own():
    a, b = _store(), OxigraphStore()
    assert entity_types(a, [V.WD + "Q1"]) == {V.WD + "Q1": {V.WD + "Q5"}}
    assert entity_types(b, [V.WD + "Q1"]) == {}
