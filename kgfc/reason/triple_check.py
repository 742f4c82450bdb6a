"""Check one structured triple (QID, PID, QID or value) against the store.

This is how a structured claim (``kgfc verify --triple Q76 P19 Q18094``,
:func:`kgfc.pipeline.api.verify_triple`, the CoDEx benchmark) gathers its KG
evidence: no entity linking and no beam search, the evidence comes straight
from the ids, in a handful of queries:

1. ``triple_entity_facts`` — every outgoing fact of the subject and the object
   (so the triple itself, its inverse, the subject's other values for the
   property, the object's types and same-as links);
2. ``triple_paths`` — two-step paths between subject and object, the bodies
   of mined rules;
3. ``chain_step`` — up to three hops up the located-in / part-of / subclass
   hierarchies from the subject's values and from the object, for chains;
4. ``entity_labels`` — labels, for verbalising the facts.

The evidence is ranked (facts linking subject and object first) and
numbered E1, E2...; the reasoner decides on it and may cite only those ids.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterable
from typing import TYPE_CHECKING

from kgfc.kg import vocab as V
from kgfc.kg.properties import ALIAS_PROPS, CHAINS, INVERSES, LOCATION, P31, SYMMETRIC
from kgfc.models import ClaimTriple, EvidenceFact, Fact

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph, Row

MAX_CONTEXT = 12  # other facts about the subject/object kept for context
MAX_CHAIN_HOPS = 3
MAX_FRONTIER = 200
MAX_CACHED = 50_000  # entities whose rows a store's lookup cache keeps (then it starts over)
# Per store: chain_step, triple_entity_facts and entity_labels rows by entity,
# dropped when the store's knowledge generation moves (recording claims does not move it).
# A store's cache: its generation, then rows by query and entity.
_CHAIN_CACHE: weakref.WeakKeyDictionary[
    KnowledgeGraph, tuple[int, dict[str, dict[str, list[Row]]]]
] = weakref.WeakKeyDictionary()
_CHAIN_LOCK = threading.Lock()


def _cached_rows(store: KnowledgeGraph, query: str, entities: list[str]) -> dict[str, list[Row]]:
    """``query``'s rows (bound by VALUES ?entity) for each entity; only entities not seen cost a query.

    A batch checks many triples about the same entities (the countries,
    occupations and classes every other claim names): their facts and
    labels are read once per knowledge generation, not once per claim.
    """
    gen = store.generation
    with _CHAIN_LOCK:
        held = _CHAIN_CACHE.get(store)
        if held is None or held[0] != gen:
            held = _CHAIN_CACHE[store] = (gen, {})
        rows_by = held[1].setdefault(query, {})
        if len(rows_by) > MAX_CACHED:
            rows_by.clear()
    missing = [e for e in dict.fromkeys(entities) if e not in rows_by]
    if missing:
        got: dict[str, list[Row]] = {e: [] for e in missing}
        for row in store.run(query, values=missing):
            if (entity := row["entity"]) is not None:  # bound in every such query
                got.setdefault(entity, []).append(row)
        rows_by.update(got)
    return {e: rows_by[e] for e in entities if e in rows_by}


def _is_iri(text: str | None) -> bool:
    return bool(text and text.startswith(("http://", "https://")) and " " not in text)


def _entity(ref: str) -> str | None:
    try:
        return V.entity_iri(ref)
    except ValueError:
        return None


def _fact(
    s: str,
    p: str,
    o: str,
    g: str | None,
    *,
    literal: bool = False,
    datatype: str | None = None,
    lang: str | None = None,
) -> Fact:
    return Fact(
        subject=s,
        predicate=p,
        object=o,
        object_is_literal=literal,
        datatype=datatype,
        lang=lang,
        source=g,
    )


def _entity_facts(store: KnowledgeGraph, entities: list[str]) -> list[Fact]:
    out = []
    rows = _cached_rows(store, "triple_entity_facts", entities)
    for row in (r for e in dict.fromkeys(entities) for r in rows.get(e, ())):
        e, p, v, g = row["entity"], row["property"], row["value"], row["g"]
        if e is None or p is None or v is None:  # all bound in the query
            continue
        if row["direction"] == "in":
            out.append(_fact(v, p, e, g))
        elif row["isIri"] == "true":
            out.append(_fact(e, p, v, g))
        elif row["lang"]:
            out.append(_fact(e, p, v, g, literal=True, lang=row["lang"]))
        else:
            out.append(_fact(e, p, v, g, literal=True, datatype=row["datatype"]))
    return out


def _chain_facts(
    store: KnowledgeGraph,
    starts: Iterable[str],
    goals: set[str],
    props: frozenset[str] | None = None,
    hops: int = MAX_CHAIN_HOPS,
) -> list[Fact]:
    """Facts along the hierarchies from ``starts``, hop by hop, until a goal is reached or ``hops`` run out."""
    out: list[Fact] = []
    seen = set(starts)
    frontier = [s for s in seen if _is_iri(s)]
    for _ in range(hops):
        if not frontier:
            break
        nxt: list[str] = []
        reached = False
        for row in _chain_rows(store, frontier[:MAX_FRONTIER]):
            e, p, v = row["entity"], row["property"], row["value"]
            if e is None or p is None or v is None:  # all bound in the query
                continue
            if props is not None and p not in props:
                continue
            out.append(_fact(e, p, v, row["g"]))
            if v in goals:
                reached = True
            if v not in seen:
                seen.add(v)
                nxt.append(v)
        if reached:
            break
        frontier = nxt
    return out


def _chain_rows(store: KnowledgeGraph, entities: list[str]) -> list[Row]:
    """``chain_step`` rows for ``entities``, cached per store generation.

    Hierarchies (Omaha located in Nebraska...) are re-read for many claims;
    only entities not seen since the store last changed cost a query.
    """
    rows = _cached_rows(store, "chain_step", entities)
    return [row for e in entities for row in rows.get(e, ())]


def store_reaches(
    store: KnowledgeGraph, start: str, goals: set[str], props: frozenset[str], hops: int = 4
) -> bool:
    """Does ``start`` reach one of ``goals`` along ``props`` in the store (e.g. Honolulu located in Hawaii)?"""
    if not _is_iri(start):
        return False
    return any(f.object in goals for f in _chain_facts(store, [start], goals, props, hops))


def _label_facts(store: KnowledgeGraph, facts: list[Fact]) -> list[Fact]:
    iris = (
        {f.subject for f in facts}
        | {f.object for f in facts if not f.object_is_literal}
        | {f.predicate for f in facts}
    )
    labels = _labels(store, sorted(i for i in iris if _is_iri(i)))
    return [
        f.model_copy(
            update={
                "subject_label": labels.get(f.subject),
                "predicate_label": labels.get(f.predicate),
                "object_label": None if f.object_is_literal else labels.get(f.object),
            }
        )
        for f in facts
    ]


def _labels(store: KnowledgeGraph, iris: list[str]) -> dict[str, str]:
    """English labels (the first the store gives) of entities and wdt: properties, cached per store."""
    if not iris:
        return {}
    rows = _cached_rows(store, "entity_labels", iris)
    # the label is bound in every row
    return {e: label for e, rs in rows.items() if rs and (label := rs[0]["label"]) is not None}


class _Ranking:
    """Facts with how directly each bears on the claim: (fact, score, hop), the best score kept."""

    def __init__(self) -> None:
        self.ranked: dict[tuple[str, str, str, bool, str | None], tuple[Fact, float, int]] = {}

    def keep(self, f: Fact, score: float, hop: int) -> None:
        k = (*f.key, f.source)
        if k not in self.ranked or self.ranked[k][1] < score:
            self.ranked[k] = (f, score, hop)

    def numbered(self, store: KnowledgeGraph) -> list[EvidenceFact]:
        """The facts best first, labelled from the store and numbered E1, E2..."""
        items = sorted(
            self.ranked.values(),
            key=lambda t: (-t[1], t[2], t[0].predicate, t[0].subject, t[0].object),
        )
        labelled = _label_facts(store, [f for f, _, _ in items])
        return [
            EvidenceFact(id=f"E{i}", fact=f, text=f.verbalise(), score=score, hop=hop)
            for i, (f, (_, score, hop)) in enumerate(zip(labelled, items, strict=True), start=1)
        ]


def gather_triple_evidence(
    store: KnowledgeGraph, s: str, p: str, o: str | None, *, context: int = MAX_CONTEXT
) -> list[EvidenceFact]:
    """Evidence for (s, p, o) from the store, ranked and numbered E1, E2...

    ``o`` is an entity IRI/QID, or a literal value (``"1961-08-04"``) or None.
    """
    s = _entity(s) or s
    p = V.property_iri(p)
    o_iri = _entity(o) if o else None
    entities = [s] + ([o_iri] if o_iri and o_iri != s else [])
    facts = _entity_facts(store, entities)
    # Same-as links: the aliases' own facts count as the entity's (one more query, only when there are some).
    aliases = {x for f in facts if f.predicate in ALIAS_PROPS for x in (f.subject, f.object)} - set(
        entities
    )
    if aliases:
        facts += _entity_facts(store, sorted(a for a in aliases if _is_iri(a)))
    core = set(entities) | aliases
    s_side = {s} | {
        x
        for f in facts
        if f.predicate in ALIAS_PROPS and s in (f.subject, f.object)
        for x in (f.subject, f.object)
    }
    o_side = core - s_side
    ranking = _Ranking()
    _rank_direct(ranking, facts, s, p, core, s_side, context)
    if o_iri and o_iri != s:
        _rank_paths(ranking, store, facts, s, p, o_iri, s_side, o_side)
    return ranking.numbered(store)


def _rank_direct(
    ranking: _Ranking,
    facts: list[Fact],
    s: str,
    p: str,
    core: set[str],
    s_side: set[str],
    context: int,
) -> None:
    """Rank the one-hop facts: linking both sides first, then the claimed relation, the
    first step of its chains and the object's types; the rest as capped context."""
    o_side = core - s_side
    related = {p} | set(INVERSES.get(p, ())) | ALIAS_PROPS
    first_steps = CHAINS.get(p, (frozenset(), frozenset()))[0]
    context_s: list[Fact] = []
    context_o: list[Fact] = []
    for f in facts:
        ends = {f.subject, f.object}
        if ends & s_side and ends & o_side:
            ranking.keep(f, 1.0, 0)
        elif f.predicate in related and ends & core:
            ranking.keep(f, 0.9, 0)
        elif f.subject in s_side and f.predicate in first_steps:
            ranking.keep(f, 0.85, 0)
        elif f.subject in o_side and f.predicate == P31:
            ranking.keep(f, 0.6, 0)
        elif f.subject in s_side:
            context_s.append(f)
        else:
            context_o.append(f)
    for f in context_s[:context] + context_o[: context // 2]:
        ranking.keep(f, 0.3 if f.subject == s else 0.2, 0)


def _rank_paths(
    ranking: _Ranking,
    store: KnowledgeGraph,
    facts: list[Fact],
    s: str,
    p: str,
    o_iri: str,
    s_side: set[str],
    o_side: set[str],
) -> None:
    """Rank the two-hop paths from subject to object, and the chains of the claimed relation."""
    for row in store.run("triple_paths", bindings={"s": s, "o": o_iri}):
        z, p1, p2 = row["z"], row["p1"], row["p2"]
        if z is None or p1 is None or p2 is None:  # all bound in the query
            continue
        f1 = _fact(s, p1, z, row["g1"]) if row["d1"] == "out" else _fact(z, p1, s, row["g1"])
        f2 = (
            _fact(z, p2, o_iri, row["g2"]) if row["d2"] == "out" else _fact(o_iri, p2, z, row["g2"])
        )
        ranking.keep(f1, 0.7, 1)
        ranking.keep(f2, 0.7, 1)
    # Chains: from the subject's values for the property (and the object itself, for
    # "is the KG value inside the claimed one or the other way round").
    if p in CHAINS or p in LOCATION or p in SYMMETRIC:
        first_steps = CHAINS.get(p, (frozenset(), frozenset()))[0]
        starts = {
            f.object
            for f in facts
            if f.subject in s_side
            and f.predicate in (first_steps | {p})
            and not f.object_is_literal
        }
        starts |= o_side
        for f in _chain_facts(store, starts, o_side | starts):
            ranking.keep(f, 0.65, 1)


def claim_triple(
    store: KnowledgeGraph, s: str, p: str, o: str, *, negated: bool = False
) -> ClaimTriple:
    """A ClaimTriple for ids, with labels from the store's label index when it has one."""
    s_iri = V.entity_iri(s)
    p_iri = V.property_iri(p)
    o_iri = _entity(o)
    labels = _labels(store, [s_iri, p_iri] + ([o_iri] if o_iri else []))
    return ClaimTriple(
        subject=labels.get(s_iri, V.local_id(s_iri)),
        relation=labels.get(p_iri, V.local_id(p_iri)),
        object=labels.get(o_iri, V.local_id(o_iri)) if o_iri else o,
        subject_id=s_iri,
        relation_ids=[p_iri],
        object_id=o_iri,
        negated=negated,
    )
