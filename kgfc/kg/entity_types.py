"""The ``wdt:P31`` types of entities, kept per store until its next write.

Reading, linking and the reasoner ask for the same few entities' types several
times a claim, and again for the next claim about them; each ask was one SPARQL
query. The answers are kept per store object and dropped on the store's next
write (:attr:`~kgfc.kg.store.KnowledgeGraph.generation`), or when more than
``MAX_ENTITIES`` entities are kept (a long-running server stays bounded).
"""

from __future__ import annotations

import contextlib
import threading
import weakref
from collections import defaultdict
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

MAX_ENTITIES = 200_000


class _Kept:
    def __init__(self, generation: int | None) -> None:
        self.generation = generation
        self.types: dict[str, frozenset[str]] = {}


_KEPT: weakref.WeakKeyDictionary[object, _Kept] = weakref.WeakKeyDictionary()
_LOCK = threading.Lock()


def _kept(store: KnowledgeGraph, generation: int | None) -> _Kept:
    with _LOCK:
        kept = _KEPT.get(store)
        if kept is None or kept.generation != generation or len(kept.types) > MAX_ENTITIES:
            kept = _Kept(generation)
            # a store that takes no weak reference keeps nothing
            with contextlib.suppress(TypeError):
                _KEPT[store] = kept
        return kept


def entity_types(store: KnowledgeGraph, entities: Iterable[str]) -> dict[str, set[str]]:
    """The types of each IRI among ``entities``; those with none are left out."""
    ents = [e for e in dict.fromkeys(entities) if e.startswith(("http://", "https://"))]
    if not ents:
        return {}
    generation = store.generation
    kept = _kept(store, generation)
    with _LOCK:
        known = {e: kept.types[e] for e in ents if e in kept.types}
    missing = [e for e in ents if e not in known]
    if missing:
        found: dict[str, set[str]] = defaultdict(set)
        for row in store.run("entity_types", values=missing):
            entity, kind = row["entity"], row["type"]
            if entity and kind:
                found[entity].add(kind)
        fetched = {e: frozenset(found.get(e, ())) for e in missing}
        known.update(fetched)
        with _LOCK:
            kept.types.update(fetched)
    return {e: set(known[e]) for e in ents if known[e]}
