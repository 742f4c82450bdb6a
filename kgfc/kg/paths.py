"""Targeted path search between a claim's subject and object, over the store's pattern lookups.

The beam keeps the top ``k`` relations and facts per hop; a chain the claim
needs ("Tony Blair was born in Scotland": Blair place of birth Edinburgh,
Edinburgh located in Scotland) can fall off it when the hop's hub facts score
higher. Before a claim is declared NOT ENOUGH INFO, this module looks for the
chain directly: from the linked subject along the claim's relation, then up
the hierarchies that relation may be read through (:data:`~kgfc.kg.properties.CHAINS`:
located in / country / continent for place properties, parent organization
for employers, part of, subclass of...), at most ``max_len`` facts, until the
linked object is reached.

Only *sound* chains are followed: those under which the claim holds when every
fact on the path holds (born in Edinburgh and Edinburgh is in Scotland, so
born in Scotland). Arbitrary paths between the two entities (both citizens of
the same country) are not evidence for the claim and are not searched.

A step up a hierarchy is sound only when it is *unambiguous*: Edinburgh's
country is given as the United Kingdom, the Kingdom of Great Britain and the
Kingdom of Scotland (at different times), so being born in Edinburgh says
nothing about being born in the Kingdom of Great Britain; the United States
lie in North America and Oceania, so a birthplace in the United States is not
a birthplace in Oceania. A step ``x -q-> y`` is followed only when ``y`` is
``x``'s one value for ``q``, or its other values are nested with ``y`` (one
inside the other) or — ``y`` being no former state — former states (Moscow's
country is Russia, and was the Russian Empire): see :func:`unambiguous`.

Each step is one quad-pattern lookup per frontier entity on the
:class:`~kgfc.kg.store.GraphStore` seam (no SPARQL parse or plan); the frontier
is capped, so a claim costs a few dozen index scans at most.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import pyoxigraph as ox

from kgfc.kg import vocab as V
from kgfc.kg.properties import ALIAS_PROPS, CHAINS, HISTORICAL, LOCATION, P31, relating
from kgfc.kg.store import value_of
from kgfc.models import Fact

if TYPE_CHECKING:
    from kgfc.kg.store import GraphStore, KnowledgeGraph

MAX_LEN = 3  # facts on a path (the claim's own relation counts as one)
MAX_FRONTIER = 64  # entities expanded per step: hierarchies branch little, hubs are cut
MAX_PATHS = 3  # shortest paths returned per claim triple


def chain_props(prop: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """``(first, then)``: the properties a sound chain for ``prop`` may take first and after."""
    return CHAINS.get(prop)


def _outgoing(
    store: GraphStore, entity: str, allowed: frozenset[str]
) -> Iterable[tuple[str, str, str]]:
    """``(predicate, object, graph)`` of ``entity``'s facts under ``allowed``, entity objects only."""
    try:
        node = ox.NamedNode(entity)
    except ValueError:
        return
    for p in allowed:
        for q in store.quads(subject=node, predicate=ox.NamedNode(p)):
            o = q.object
            if isinstance(o, ox.NamedNode) and not isinstance(q.graph_name, ox.DefaultGraph):
                yield p, o.value, q.graph_name.value


def find_chains(
    store: GraphStore,
    subject: str,
    props: Sequence[str],
    goals: set[str],
    *,
    max_len: int = MAX_LEN,
) -> list[list[Fact]]:
    """Shortest sound chains ``subject -p-> x -q-> ... -> goal`` (``p`` one of ``props``), as fact lists.

    ``props`` are the claim's candidate properties, best first; only those with
    a chain reading are followed. Breadth-first, at most ``max_len`` facts;
    stops at the first depth that reaches a goal. Facts come without labels
    (see :func:`label_facts`).
    """
    if not goals or not subject.startswith(("http://", "https://")):
        return []
    found: list[list[Fact]] = []
    for prop in dict.fromkeys(props):
        spec = chain_props(prop)
        if spec is None:
            continue
        first, then = spec
        # entity -> the facts leading to it from the subject
        frontier: dict[str, list[Fact]] = {subject: []}
        seen = {subject}
        for depth in range(max_len):
            allowed = first if depth == 0 else then
            nxt: dict[str, list[Fact]] = {}
            for node, path in list(frontier.items())[:MAX_FRONTIER]:
                for p, o, g in _outgoing(store, node, allowed):
                    if o in seen and o not in goals:
                        continue
                    if depth > 0 and not unambiguous(store, node, p, o):
                        continue
                    step = [*path, Fact(subject=node, predicate=p, object=o, source=g)]
                    if o in goals:
                        if depth > 0:  # a direct fact is the beam's business, not a chain
                            found.append(step)
                        continue
                    seen.add(o)
                    nxt.setdefault(o, step)
            if found or not nxt:
                break
            frontier = nxt
        if found:
            break
    found.sort(key=lambda path: (len(path), [(f.predicate, f.object) for f in path]))
    return found[:MAX_PATHS]


def _values(store: GraphStore, entity: str, prop: str) -> set[str]:
    try:
        node = ox.NamedNode(entity)
    except ValueError:
        return set()
    return {
        q.object.value
        for q in store.quads(subject=node, predicate=ox.NamedNode(prop))
        if isinstance(q.object, ox.NamedNode)
    }


def _reaches(
    store: GraphStore, start: str, goal: str, props: frozenset[str], hops: int = 4
) -> bool:
    frontier, seen = {start}, {start}
    for _ in range(hops):
        nxt = set()
        for node in frontier:
            for p in props:
                for o in _values(store, node, p):
                    if o == goal:
                        return True
                    if o not in seen:
                        seen.add(o)
                        nxt.add(o)
        if not nxt:
            return False
        frontier = nxt
    return False


def unambiguous(store: GraphStore, x: str, prop: str, y: str) -> bool:
    """Is ``x -prop-> y`` a step a chain may take soundly (``y`` is where ``x`` is, not one of several)?

    True when ``y`` is ``x``'s only value for ``prop``, or each other value is
    nested with ``y`` along the hierarchies (Edinburgh located in Scotland and
    in the United Kingdom: Scotland is in the United Kingdom). Historical
    countries (Edinburgh country Kingdom of Great Britain, Kingdom of Scotland
    and United Kingdom) and spanning entities (the United States in North
    America and in Oceania) make the step ambiguous.
    """
    others = _values(store, x, prop) - {y}
    if not others:
        return True
    up = LOCATION | {prop}
    if historical(store, y):
        # one of several values, and a former one: when it held is unknown here
        return all(_reaches(store, v, y, up) or _reaches(store, y, v, up) for v in others)
    # the present-day value: former countries beside it do not make it ambiguous
    # (Moscow's country is Russia, and was the Russian Empire and the Soviet Union)
    return all(
        historical(store, v) or _reaches(store, v, y, up) or _reaches(store, y, v, up)
        for v in others
    )


def historical(store: GraphStore, entity: str) -> bool:
    """Is ``entity`` typed a historical country or a former territorial entity?"""
    try:
        node = ox.NamedNode(entity)
    except ValueError:
        return False
    p31 = ox.NamedNode(P31)
    return any(value_of(q.object) in HISTORICAL for q in store.quads(subject=node, predicate=p31))


def aliases(store: GraphStore, entity: str) -> set[str]:
    """``entity`` and the entities stated the same as it (owl:sameAs, P460), one step either way."""
    out = {entity}
    try:
        node = ox.NamedNode(entity)
    except ValueError:
        return out
    for p in ALIAS_PROPS:
        pn = ox.NamedNode(p)
        out |= {value_of(q.object) for q in store.quads(subject=node, predicate=pn)}
        out |= {value_of(q.subject) for q in store.quads(object=node, predicate=pn)}
    return out


def links(store: GraphStore, a: str, b: str) -> list[Fact]:
    """The facts stated between ``a`` and ``b`` (and the entities stated the same as each),
    either way, whose property relates them (:func:`kgfc.kg.properties.relating`): the
    evidence for "a is associated with b". Unlabelled, at most :data:`MAX_PATHS` * 4."""
    out: list[Fact] = []
    ends_b = aliases(store, b)
    for x in aliases(store, a):
        for y in ends_b:
            for s, o in ((x, y), (y, x)):
                try:
                    sn, on = ox.NamedNode(s), ox.NamedNode(o)
                except ValueError:
                    continue
                for q in store.quads(subject=sn, object=on):
                    if relating(q.predicate.value) and not isinstance(
                        q.graph_name, ox.DefaultGraph
                    ):
                        out.append(
                            Fact(
                                subject=s,
                                predicate=q.predicate.value,
                                object=o,
                                source=q.graph_name.value,
                            )
                        )
    out.sort(key=lambda f: (f.predicate, f.subject))
    return out[: MAX_PATHS * 4]


def types_of(store: GraphStore, entities: Iterable[str]) -> list[Fact]:
    """The entities' instance-of facts (at most a few each), unlabelled."""
    out: list[Fact] = []
    p31 = ox.NamedNode(P31)
    for e in entities:
        try:
            node = ox.NamedNode(e)
        except ValueError:
            continue
        found = [
            Fact(subject=e, predicate=P31, object=q.object.value, source=q.graph_name.value)
            for q in store.quads(subject=node, predicate=p31)
            if isinstance(q.object, ox.NamedNode) and not isinstance(q.graph_name, ox.DefaultGraph)
        ]
        out += found[:MAX_PATHS]
    return out


def label_facts(store: KnowledgeGraph, facts: Iterable[Fact]) -> list[Fact]:
    """The facts with subject, predicate and object labels from the store's label index."""
    index = store.label_index()
    out = []
    for f in facts:
        p_entity = (
            V.WD + f.predicate[len(V.WDT) :] if f.predicate.startswith(V.WDT) else f.predicate
        )
        out.append(
            f.model_copy(
                update={
                    "subject_label": f.subject_label or index.label(f.subject),
                    "predicate_label": f.predicate_label or index.label(p_entity),
                    "object_label": f.object_label
                    or (None if f.object_is_literal else index.label(f.object)),
                }
            )
        )
    return out
