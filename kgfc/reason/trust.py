"""Sources that disagree on a single-valued relation: a verdict that says so and follows the
trust order (:mod:`kgfc.kg.trust`), never a silent override.

The local reasoner answers a claim ``S p O`` from the first check that fires: a
stated fact supports it, another value of a single-valued ``p`` refutes it. Alone,
that lets one loaded triple outvote the KG ("Tony Blair born in London" from a
file beats the demo KG's Edinburgh, and the report says the sources agree), and
two sources giving two values leave a claim naming a third one unrefuted. Here the
subject's values of ``p`` in the evidence are weighed by their sources:

- when one source states the claimed value and another a value that excludes it
  (the same kind of thing, not located in or part of it), the side whose best
  source ranks higher in the trust order prevails, with its confidence lowered
  (x :data:`DISAGREEMENT`), and both sides are cited; when both rank the same,
  the verdict is NOT ENOUGH INFO ("the sources disagree");
- when the sources disagree with each other and none states the claimed value,
  the claim is refuted whichever is right, with lowered confidence;
- a disagreement inside one source (the KG itself listing two values) is not a
  conflict between sources and is left to the reasoner.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from kgfc.kg.trust import KIND_NAMES, describe_order, source_kind, trust_rank
from kgfc.models import VerdictLabel
from kgfc.reason.checks import CONF_NEI
from kgfc.reason.conflicts import CONF_FUNCTIONAL
from kgfc.reason.evidence import EvidenceIndex, Outcome
from kgfc.reason.kinds import compatible, functionality, is_class, same_kind

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.models import EvidenceFact
    from kgfc.reason.kgstats import Functionality


class _Reasoner(Protocol):
    """What the weighing asks of the local reasoner (a protocol: the reasoner imports this
    module, so naming its class here would make an import circle)."""

    @property
    def store(self) -> KnowledgeGraph | None: ...
    @property
    def use_functionality(self) -> bool: ...
    @property
    def trust_order(self) -> tuple[str, ...]: ...


DISAGREEMENT = 0.75  # a verdict over disagreeing sources is this much less sure


def _kinds(ev: EvidenceIndex, ids: Sequence[str]) -> str:
    kinds = dict.fromkeys(source_kind(ev.by_id[i].fact.source) for i in ids)
    return " and ".join(f"the {KIND_NAMES.get(k, k)}" for k in kinds)


def weigh_sources(
    reasoner: _Reasoner, s: str, props: Sequence[str], o: str, out: Outcome, ev: EvidenceIndex
) -> Outcome:
    """``out`` (the reasoner's outcome for ``s props o``), or the verdict the trust order gives
    when the evidence's sources disagree on the subject's value of a single-valued property."""
    if not reasoner.use_functionality:
        return out
    order, store = reasoner.trust_order, reasoner.store
    s_alias, o_alias = ev.aliases(s), ev.aliases(o)
    for p in props:
        facts = [
            e
            for e in ev.by_id.values()
            if e.fact.subject in s_alias and e.fact.predicate == p and not e.fact.object_is_literal
        ]
        if not facts:
            continue
        func = functionality(store, p)
        if func is None or not func.functional:
            return out  # the best-ranked property the evidence knows decides
        claimed = [e for e in facts if compatible(store, e.fact.object, o, o_alias, ev)]
        other = [e for e in facts if e not in claimed]
        if not other or not same_kind(store, o, [e.fact.object for e in other], ev):
            return out
        if is_class(store, o, ev):
            return out
        by_value: dict[str, list[EvidenceFact]] = {}
        for e in other:
            by_value.setdefault(e.fact.object, []).append(e)
        sources = [{e.fact.source for e in group} for group in by_value.values()]
        if claimed:
            sources.append({e.fact.source for e in claimed})
        if len(sources) < 2 or any(a & b for i, a in enumerate(sources) for b in sources[i + 1 :]):
            return out  # one source gives several values: the KG's own listing, not a conflict
        return _disagreement(out, s, p, o, func, claimed, other, order, ev)
    return out


def _disagreement(
    out: Outcome,
    s: str,
    p: str,
    o: str,
    func: Functionality,
    claimed: list[EvidenceFact],
    other: list[EvidenceFact],
    order: Sequence[str],
    ev: EvidenceIndex,
) -> Outcome:
    """The verdict when sources that share nothing give different values of single-valued ``p``:
    REFUTED when none gives ``o``; else the trust order decides between the claimed value's
    sources and the others' (a tie decides nothing)."""
    pn = ev.prop_name(p)
    why = f"{pn} is single-valued ({func.describe()})"
    rank = describe_order(order)
    other_ids = [e.id for e in other]
    claimed_ids = [e.id for e in claimed]
    if not claimed:
        if out.label is not VerdictLabel.NEI:
            return out
        best = min(other, key=lambda e: trust_rank(e.fact.source, order))
        return Outcome(
            VerdictLabel.REFUTED,
            round(CONF_FUNCTIONAL * func.value * DISAGREEMENT, 4),
            f"The sources disagree on {ev.name(s)}'s {pn}: {ev.quote(other_ids)}. None "
            f'gives {ev.name(o)}, and {why}, so "{ev.name(s)} {pn} {ev.name(o)}" does not '
            f"hold whichever is right; the trust order ({rank}) prefers "
            f"{_kinds(ev, [best.id])}.",
            [best.id, *[i for i in other_ids if i != best.id]],
            ev.texts(other_ids),
            "conflict",
        )
    if out.label is VerdictLabel.SUPPORTED and out.kind not in ("direct", "alias", "chain"):
        return out  # support from elsewhere (a rule, an inverse): not this disagreement's
    top_claimed = min(trust_rank(e.fact.source, order) for e in claimed)
    top_other = min(trust_rank(e.fact.source, order) for e in other)
    both = ev.quote(claimed_ids) + " against " + ev.quote(other_ids)
    said = f"The sources disagree on {ev.name(s)}'s {pn}: {both}, and {why}."
    if top_claimed == top_other:
        return Outcome(
            VerdictLabel.NEI,
            CONF_NEI,
            f"{said} {_kinds(ev, claimed_ids + other_ids).capitalize()} rank the same in "
            f"the trust order ({rank}), so it does not decide.",
            [*claimed_ids, *other_ids],
            ev.texts(claimed_ids + other_ids),
            "conflict",
        )
    if top_claimed < top_other:
        base = out.confidence if out.label is VerdictLabel.SUPPORTED else 0.95
        return Outcome(
            VerdictLabel.SUPPORTED,
            round(base * DISAGREEMENT, 4),
            f"{said} By the trust order ({rank}), {_kinds(ev, claimed_ids)} outranks "
            f"{_kinds(ev, other_ids)}, so the claim holds, with lowered confidence.",
            [*claimed_ids, *other_ids],
            ev.texts(claimed_ids + other_ids),
            "conflict",
        )
    return Outcome(
        VerdictLabel.REFUTED,
        round(CONF_FUNCTIONAL * func.value * DISAGREEMENT, 4),
        f"{said} By the trust order ({rank}), {_kinds(ev, other_ids)} outranks "
        f"{_kinds(ev, claimed_ids)}, so the claim does not hold, with lowered confidence.",
        [*other_ids, *claimed_ids],
        ev.texts(other_ids + claimed_ids),
        "conflict",
    )
