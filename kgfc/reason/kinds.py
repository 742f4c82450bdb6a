"""What the KG says of a claimed value against a stated one: whether one contains the other,
whether they are things of one kind, whether a value is a class, and how single-valued a
property is.

Each takes the store, or None (without a store only the evidence, and a small table of
Wikidata single-value constraints, are used).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kgfc.kg import vocab as V
from kgfc.kg.properties import LOCATION, P31, PRIOR_FUNCTIONALITY
from kgfc.reason.alternatives import lies_in
from kgfc.reason.evidence import EvidenceIndex
from kgfc.reason.kgstats import Functionality, stats_for

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

# Two values with no type in common are one kind when most instances of the rarer
# side's types also carry one of the other's (kgfc.reason.kgstats.KGStats.kinds_overlap)
SAME_KIND_OVERLAP = 0.5
# A claimed object the KG gives as the property's value for this many subjects is a value
# ("Islam" for religion), even when something is typed an instance of it
COMMON_VALUE = 5


def _p(n: str) -> str:
    return V.WDT + n


def functionality(store: KnowledgeGraph | None, prop: str) -> Functionality | None:
    """How single-valued ``prop`` is: measured in the store, else the prior table's value."""
    if store is not None:
        return stats_for(store).functionality(prop)
    if prop in PRIOR_FUNCTIONALITY:
        return Functionality(prop, PRIOR_FUNCTIONALITY[prop], 0, "prior")
    return None


def compatible(
    store: KnowledgeGraph | None, v: str, o: str, o_alias: dict[str, list[str]], ev: EvidenceIndex
) -> bool:
    """True when KG value ``v`` does not contradict claimed ``o``: the same, or one located in / part of the other."""
    if v in o_alias:
        return True
    every = LOCATION | frozenset(_p(n) for n in ("P361", "P279", "P171"))
    if ev.reach(v, every, every, set(o_alias)) or ev.reach(o, every, every, {v}):
        return True
    if store is not None:
        from kgfc.reason.triple_check import store_reaches

        if store_reaches(store, v, set(o_alias), every) or store_reaches(store, o, {v}, every):
            return True
        if lies_in(store, v, o) or lies_in(store, o, v):  # a place located by its description
            return True
    return False


def common_value(store: KnowledgeGraph | None, p: str, o: str) -> bool:
    """Is ``o`` a value of ``p`` for several subjects in the KG (Islam as a religion),
    whatever else is typed an instance of it? Then the claim names a value, not a kind."""
    if store is None:
        return False
    import pyoxigraph as ox

    try:
        quads = store.quads(predicate=ox.NamedNode(p), object=ox.NamedNode(o))
    except ValueError:
        return False
    return sum(1 for _, __ in zip(range(COMMON_VALUE), quads, strict=False)) >= COMMON_VALUE


def store_values(store: KnowledgeGraph, s: str, p: str) -> dict[str, str]:
    """Every value of ``s p`` in the store (the evidence may hold only some), as value -> ""."""
    import pyoxigraph as ox

    try:
        quads = store.quads(subject=ox.NamedNode(s), predicate=ox.NamedNode(p))
        return {q.object.value: "" for q in quads if isinstance(q.object, ox.NamedNode)}
    except ValueError:
        return {}


def is_class(store: KnowledgeGraph | None, o: str, ev: EvidenceIndex) -> bool:
    """Is ``o`` a class the KG has instances of ("capital", "city"), not an individual?"""
    if any(o in ts for ts in ev.types.values()):
        return True
    if store is None:
        return False
    import pyoxigraph as ox  # the store's term type; only when a store is asked

    try:
        instances = store.quads(predicate=ox.NamedNode(P31), object=ox.NamedNode(o))
        return next(iter(instances), None) is not None
    except ValueError:
        return False


def same_kind(store: KnowledgeGraph | None, o: str, values: list[str], ev: EvidenceIndex) -> bool:
    """Do the claimed object and a KG value share a type (so that one excludes the other)?

    Without a store the types in the evidence decide; an entity with no
    known type is taken to be of the same kind (nothing says otherwise).
    """
    known = {e: set(ev.types.get(e, {})) for e in (o, *values)}
    if store is not None:
        # the evidence holds a few of an entity's types (Spain: "realm"), the store all
        for e, ts in stats_for(store).types_of(list(known)).items():
            known[e] |= set(ts)
    mine = known[o]
    theirs = [known[v] for v in values]
    if not mine or any(not ts for ts in theirs):
        return True
    if any(mine & ts for ts in theirs):
        return True
    # no type in common, yet mostly the same things (a state capital and a big city)
    return store is not None and all(
        stats_for(store).kinds_overlap(mine, ts) >= SAME_KIND_OVERLAP for ts in theirs
    )


def is_human(store: KnowledgeGraph | None, s: str, ev: EvidenceIndex) -> bool:
    """Is ``s`` a human (wd:Q5)? From the evidence, else the store: it bounds a height's unit."""
    human = V.WD + "Q5"
    if human in ev.types.get(s, {}):
        return True
    if store is None:
        return False
    return human in stats_for(store).types_of([s]).get(s, set())
