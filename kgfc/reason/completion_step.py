"""The local reasoner's step after "no stated or entailed fact": predict it from mined rules.

Kept apart from :mod:`kgfc.reason.local` (which calls :func:`complete`) so the
reasoner stays readable; the rules and the index live in
:mod:`kgfc.reason.completion`, the thresholds in :mod:`kgfc.reason.calibration`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kgfc.kg import vocab as V
from kgfc.models import VerdictLabel
from kgfc.reason.calibration import Calibration
from kgfc.reason.completion import CRule, Hit, completion_for
from kgfc.reason.rules import Atom

if TYPE_CHECKING:
    from kgfc.reason.local import LocalReasoner, Outcome, _Evidence

CONF_CAP = 0.85  # a statistical prediction never outranks a stated chain
_DEFAULT = Calibration()


def calibration_of(reasoner: LocalReasoner) -> Calibration:
    return reasoner.calibration if reasoner.calibration is not None else _DEFAULT


def score(store, s: str, p: str, o: str) -> float:
    """The completion score of (s p o): the best confidence of a mined rule predicting it (0: none)."""
    return completion_for(store).predict(s, p, o).score


def complete(
    reasoner: LocalReasoner,
    s: str,
    props: list[str],
    o: str,
    s_alias: dict[str, list[str]],
    o_alias: dict[str, list[str]],
    ev: _Evidence,
) -> Outcome | None:
    """SUPPORTED when a mined rule predicts the claim above the relation's threshold, else NEI with the best rule, else None."""
    from kgfc.reason.local import Outcome

    model = completion_for(reasoner.store)
    best: tuple[float, str, Hit] | None = None
    for p in props:
        for s2 in s_alias:
            for o2 in o_alias:
                pred = model.predict(s2, p, o2)
                if pred.best is not None and (best is None or pred.score > best[0]):
                    best = (pred.score, p, pred.best)
    if best is None:
        return None
    conf, p, hit = best
    cal = calibration_of(reasoner).for_relation(p)
    _name_unknown(reasoner.store, hit, ev)
    claim = f"{ev.name(s)} {ev.prop_name(p)} {ev.name(o)}"
    rule_text = _rule_text(hit.rule, ev)
    ids, facts_text = _facts(hit, ev)
    used = f" The rule used {facts_text}." if facts_text else ""
    if cal.threshold <= conf:
        label_conf = cal.precision if cal.precision is not None else conf
        how = (
            f"the calibrated threshold for {ev.prop_name(p)} is {cal.threshold:.2f}, above which "
            f"{cal.precision:.0%} of {cal.claims} calibration claims were true"
            if cal.precision is not None
            else f"the default threshold is {cal.threshold:.2f} (no calibration)"
        )
        return Outcome(
            VerdictLabel.SUPPORTED,
            min(label_conf, CONF_CAP),
            f'No fact states "{claim}"; rules mined from the KG predict it with confidence '
            f"{conf:.2f}: {rule_text}.{used} ({how}.)",
            ids,
            [*ev.texts(ids), hit.rule.describe(_namer(ev))],
            "completion",
        )
    return Outcome(
        VerdictLabel.NEI,
        conf,
        f"Mined rules predict it only with confidence {conf:.2f} ({rule_text}), below the "
        f"threshold {cal.threshold:.2f} for {ev.prop_name(p)}.",
        ids,
        [hit.rule.describe(_namer(ev))],
        "completion",
    )


def _namer(ev: _Evidence):
    return lambda iri: ev.prop_name(iri) if iri.startswith(V.WDT) else ev.name(iri)


def _rule_text(rule: CRule, ev: _Evidence) -> str:
    return f"{rule.describe(_namer(ev))} [{rule.stats()}]"


def _facts(hit: Hit, ev: _Evidence) -> tuple[list[str], str]:
    """Evidence ids of the rule's facts, and the facts quoted (with ids where the evidence has them)."""
    ids: list[str] = []
    parts: list[str] = []
    for s, p, o in hit.facts:
        eid = ev.graph.step(s, Atom(p)).get(o)
        text = f"{ev.name(s)} {ev.prop_name(p)} {ev.name(o)}"
        if eid is not None:
            ids.append(eid)
            parts.append(f'"{ev.by_id[eid].text}" ({eid})')
        else:
            parts.append(f'"{text}" (a KG fact outside the evidence)')
    return ids, ", ".join(parts)


def _name_unknown(store, hit: Hit, ev: _Evidence) -> None:
    """Labels for the rule's constants and facts the evidence does not name (one query)."""
    iris = {hit.rule.head, *(x for f in hit.facts for x in f)}
    if hit.rule.constant:
        iris.add(hit.rule.constant)
    if hit.rule.kind == "const":
        iris.add(hit.rule.body[0][1])
    for atom in hit.rule.body if hit.rule.kind == "path" else ():
        iris.add(atom.prop)
    if hit.rule.kind == "const":
        iris.add(hit.rule.body[0][0].prop)
    missing = [
        i
        for i in iris
        if i.startswith(("http://", "https://")) and i not in ev.labels and i not in ev.prop_labels
    ]
    if not missing:
        return
    for row in store.run("entity_labels", values=sorted(missing)):
        iri, label = row["entity"], row["label"]
        if iri.startswith(V.WDT):
            ev.prop_labels.setdefault(iri, label)
        else:
            ev.labels.setdefault(iri, label)
            # property labels are stored on the wd: entity of a wdt: property
            if iri.startswith(V.WD) and iri[len(V.WD) :].startswith("P"):
                ev.prop_labels.setdefault(V.WDT + iri[len(V.WD) :], label)
