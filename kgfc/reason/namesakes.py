"""How far a verdict can trust the claim's entity links, and names several entities share.

An unsure link (a fuzzy or ambiguous name) never refutes, and a verdict is no surer
than the links it rests on; a refutation on an object name several entities share
stands when it holds for each of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kgfc.models import ClaimTriple, VerdictLabel
from kgfc.nlp.text import normalise
from kgfc.reason.alternatives import is_place
from kgfc.reason.checks import CONF_NEI, claim_props
from kgfc.reason.evidence import EvidenceIndex, Outcome
from kgfc.reason.kgstats import stats_for, successions

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

# Links below this (fuzzy names, same-named rivals: kgfc.kg.linking.link_confidence)
# never refute; exact labels (1.0) and aliases (0.95) of one entity may.
LINK_REFUTE_MIN = 0.9
CONF_NAMESAKES = 0.85  # a refutation that holds for each entity an ambiguous name names
RANGE_KIND_MIN = 3  # objects of a kind for it to be in a relation's range when reading names
MAX_NAMESAKES = 5  # more entities of one name than this: the name is not checked each way


def namesakes(store: KnowledgeGraph | None, t: ClaimTriple) -> list[str]:
    """The entities the object's words name exactly (a label or alias) and of a type the
    relation's objects have, when the linked one is a place among several so named, or
    one of several things so named that share a type.

    "Merv Griffin died in Birmingham": the KG knows two Birminghams, and his one
    stated place of death, Los Angeles, is neither, nor in either; which one the claim
    means does not matter. "Spike Lee was born in Georgia": the country excludes
    Atlanta, the US state does not, so the claim is not refuted.
    """
    if store is None or not t.object_id:
        return []
    named = _in_range(store, t, _so_named(store, t))
    if t.object_id not in named or not 1 < len(named) <= MAX_NAMESAKES:
        return []
    if not is_place(store, t.object_id):
        # places share names; so do things of one kind (two cemeteries called Forest
        # Lawn Memorial Park); elsewhere the link's choice stands
        kinds = stats_for(store).types_of(named)
        if not set.intersection(*(kinds.get(e, set()) for e in named)):
            return []
    # "France" is also an alias of the Kingdom of France: a former state named like the
    # present-day country the link chose is that country's past, not another reading
    types = stats_for(store).types_of(named)
    formers = {x for e in successions().values() for x in e.former_types}
    if not types.get(t.object_id, set()) & formers:
        named = {e for e in named if not types.get(e, set()) & formers}
    return sorted(named) if len(named) > 1 else []


def sole_in_range(store: KnowledgeGraph | None, t: ClaimTriple) -> bool:
    """Is the linked object the only entity its words name of a kind the relation's
    objects have, though other entities share the name ("born in Chicago": the city,
    not the band or the film)? Then the relation has settled the link; the subject's
    link must be sure on its own."""
    if store is None or not t.object_id or (t.subject_link or 1.0) < LINK_REFUTE_MIN:
        return False
    named = _so_named(store, t)
    return len(named) > 1 and _in_range(store, t, named) == {t.object_id}


def _so_named(store: KnowledgeGraph, t: ClaimTriple) -> set[str]:
    """The entities the object's words name exactly (a label or alias)."""
    return {e for e, _, _ in store.label_index().by_key.get(normalise(t.object), ())}


def _in_range(store: KnowledgeGraph, t: ClaimTriple, named: set[str]) -> set[str]:
    """The namesakes of a type several of the relation's objects have in the KG
    ("born in Cambridge": the two cities, not the university also called so), when
    that range is well observed; else all of them."""
    props = claim_props(t, EvidenceIndex([]))
    stats = stats_for(store)
    seen = stats.range(props[0]) if props else None
    if seen is None or not seen.known():
        return named
    # a kind counts when several of the relation's objects have it: a university is
    # the place of death of someone in the KG, but no one reads "died in Oxford" so
    floor = max(RANGE_KIND_MIN, seen.typed_objects // 100)
    kinds = {k for k, n in seen.types.items() if n >= floor}
    types = stats.types_of(named)
    return {e for e in named if types.get(e, set()) & kinds}


def trust_links(t: ClaimTriple, o: Outcome) -> Outcome:
    """A verdict is no surer than the links it rests on; an unsure link never refutes.

    "Austria-Hungary" fuzzily linked to Hungary, or "Paris" when two Parises
    are equally likely, is a guess: a conflict found on the guessed entity
    says nothing about the claim.
    """
    links = [x for x in (t.subject_link, t.object_link) if x is not None]
    if not links or o.label is VerdictLabel.NEI:
        return o
    weakest = min(links)
    if o.label is VerdictLabel.REFUTED and weakest < LINK_REFUTE_MIN:
        which = t.subject if t.subject_link == weakest else t.object
        return Outcome(
            VerdictLabel.NEI,
            CONF_NEI,
            f'{o.reason} But "{which}" was linked to the KG with confidence {weakest:.2f} '
            "only (a fuzzy or ambiguous name), so this is not taken as a refutation.",
            o.cited,
            o.path,
            "nei",
        )
    if weakest < o.confidence:
        return Outcome(o.label, weakest, o.reason, o.cited, o.path, o.kind)
    return o


def capped(o: Outcome, why: str) -> Outcome:
    """``o`` no surer than a link the names settle (CONF_NAMESAKES), with the reason why."""
    return Outcome(
        o.label, min(o.confidence, CONF_NAMESAKES), f"{o.reason} {why}", o.cited, o.path, o.kind
    )
