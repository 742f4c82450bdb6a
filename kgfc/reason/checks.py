"""What the local reasoner's checks share: how sure each kind of finding is, the NOT ENOUGH
INFO outcome, the properties a claim triple names and the values the evidence states.

The checks themselves live by what they look for: :mod:`kgfc.reason.entailment` (the
claim stated or entailed), :mod:`kgfc.reason.conflicts` (a stated value or a type that
excludes it), :mod:`kgfc.reason.literals` (dates, numbers and strings) and
:mod:`kgfc.reason.namesakes` (how far the entity links can be trusted);
:mod:`kgfc.reason.local` runs them in order.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from kgfc.kg import vocab as V
from kgfc.models import VerdictLabel
from kgfc.reason.evidence import EvidenceIndex, Outcome
from kgfc.reason.rules import Atom

if TYPE_CHECKING:
    from kgfc.models import ClaimTriple

log = logging.getLogger(__name__)

Aliases = dict[str, list[str]]  # an entity and those the evidence says it is, with the ids

CONF_DIRECT = 0.95
CONF_ALIAS = 0.9
CONF_CHAIN = 0.85
CONF_NEI = 0.5


def norm(text: str) -> str:
    """A name as the label index keys it."""
    from kgfc.kg.labels import normalise

    return normalise(text)


def nei(ev: EvidenceIndex, reason: str, looked: list[str]) -> Outcome:
    """NOT ENOUGH INFO for ``reason``, quoting the evidence looked at (at most five facts)."""
    looked = list(dict.fromkeys(looked))[:5]
    if looked:
        reason += f" Evidence looked at: {ev.quote(looked)}."
    elif ev.by_id:
        reason += f" None of the {len(ev.by_id)} evidence facts bears on it."
    else:
        reason += " No evidence was retrieved."
    return Outcome(VerdictLabel.NEI, CONF_NEI, reason, looked, [], "nei")


def claim_props(t: ClaimTriple, ev: EvidenceIndex) -> list[str]:
    """The property IRIs of the triple's relation: its ids, else the properties the evidence
    names with the relation's words."""
    props = []
    for p in t.relation_ids:
        try:
            props.append(V.property_iri(p))
        except ValueError:
            log.debug("ignoring relation id %r", p)
    if props:
        return list(dict.fromkeys(props))
    key = norm(t.relation)
    if not key:
        return []
    return [p for p, label in ev.prop_labels.items() if norm(label) == key]


def subject_facts(subjects: dict[str, list[str]], prop: str, ev: EvidenceIndex) -> dict[str, str]:
    """The values of ``prop`` the evidence states for any of ``subjects``: value -> fact id."""
    out: dict[str, str] = {}
    for s in subjects:
        out.update(ev.graph.step(s, Atom(prop)))
    return out
