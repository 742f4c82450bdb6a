"""Namesakes: which of several same-named entities a claim means, told apart by the KG.

The relation's observed range ("born in Springfield": the city, not the film), what the
KG states for the subject ("Madonna is a producer": the label the KG states for her),
and what it states for the object ("Australia stars Nicole Kidman": the film). ``tb`` is
the episode's toolbox (only its store is used).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pyoxigraph as ox

from kgfc.kg import vocab as V
from kgfc.models import ClaimTriple, LinkedEntity
from kgfc.nlp.text import normalise

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

RANGE_MARGIN = 0.1  # candidates this close to the best link (or same-named) may win on the range


class _WithStore(Protocol):
    """The episode's toolbox, as far as this module uses it (its store)."""

    store: KnowledgeGraph


def fit_range(tb: _WithStore, t: ClaimTriple, e: LinkedEntity) -> LinkedEntity:
    """Among same-named candidates, the one whose type the relation's objects have.

    "born in Georgia": the country and the US state are both places of birth;
    "plays for Arsenal" wants the club, not the London district. Only when the
    best link's types are unseen in the relation's well-observed range and a
    close candidate's are; otherwise the link stands.
    """
    name = normalise(e.label or "")
    close = [
        h
        for h in e.candidates[1:]
        if h.entity != e.entity and (normalise(h.text) == name or h.score >= e.score - RANGE_MARGIN)
    ]
    if not close or not t.relation_ids:
        return e
    from kgfc.reason.kgstats import stats_for

    stats = stats_for(tb.store)
    seen = stats.range(t.relation_ids[0])
    if seen is None or not seen.known():
        return e
    types = stats.types_of([e.entity, *(h.entity for h in close)])
    if types.get(e.entity, set()) & set(seen.types) or not types.get(e.entity):
        return e
    fitting = [h for h in close if types.get(h.entity, set()) & set(seen.types)]
    if not fitting:
        return e
    h = fitting[0]
    return e.model_copy(update={"entity": h.entity, "label": h.text, "score": h.score})


def stated_namesake(tb: _WithStore, t: ClaimTriple, e: LinkedEntity) -> LinkedEntity:
    """Among entities the object's words name exactly (a label or alias, not a near match),
    the one the KG states for the subject under the claim's relation, when the best link is
    not.

    "Madonna is a producer": "producer" is film producer's alias and the label of two
    other entities; film producer, the most linked, won, though the KG states "Madonna
    occupation producer" (the label). Two entities of the same name are told apart by
    what the KG says about the subject, as a reader would; a near match never is.
    """
    if not t.subject_id or not t.relation_ids or len(e.candidates) < 2:
        return e
    other = namesake(tb, t.subject_id, t.relation_ids, e.mention, e.entity)
    if other is None:
        return e
    h = next((h for h in e.candidates if h.entity == other), None)
    label = h.text if h is not None else tb.store.label_index().label(other) or e.mention
    return e.model_copy(update={"entity": other, "label": label})


def stated_subject(tb: _WithStore, t: ClaimTriple, e: LinkedEntity) -> LinkedEntity:
    """The subject's namesake (exactly its words, a label or alias) for which the KG states
    the claim's triple with its linked object, when the best link has no such fact.

    "Australia stars Nicole Kidman" (FEVER: Baz Luhrmann's film): the country is the
    most linked "Australia", the film of that name is the one the KG states her in. As
    :func:`stated_namesake` does for the object, the other end tells namesakes apart.
    """
    props = [p for p in t.relation_ids if p.startswith(V.WDT)]
    o = t.object_id
    if not props or not o or states(tb.store, e.entity, props, o):
        return e
    for entity, text, _kind in tb.store.label_index().by_key.get(normalise(e.mention), ()):
        if entity != e.entity and states(tb.store, entity, props, o):
            return e.model_copy(update={"entity": entity, "label": text})
    return e


def namesake(tb: _WithStore, s: str, relation_ids: Sequence[str], words: str, o: str) -> str | None:
    """Another entity named exactly ``words`` (a label or alias) that the KG states as the
    subject's value under the relation, when ``o`` (the best link) is not; else None."""
    props = [p for p in relation_ids if p.startswith(V.WDT)]
    if not props or not words or states(tb.store, s, props, o):
        return None
    for entity, _text, _kind in tb.store.label_index().by_key.get(normalise(words), ()):
        if entity != o and states(tb.store, s, props, entity):
            return entity
    return None


def states(store: KnowledgeGraph, s: str, props: Sequence[str], o: str) -> bool:
    """Does the store state ``s p o`` for one of ``props`` (IRIs)?"""
    subject, obj = ox.NamedNode(s), ox.NamedNode(o)
    return any(next(iter(store.quads(subject, ox.NamedNode(p), obj)), None) for p in props)
