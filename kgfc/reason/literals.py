"""Claims whose object is a value, not an entity: a date or a number compared with the KG's
(in the property's units), or a string the KG states or a stated value's name begins with."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kgfc.models import ClaimTriple, EvidenceFact, VerdictLabel
from kgfc.nlp import values as vals
from kgfc.nlp.text import STOP_WORDS, normalise
from kgfc.reason.checks import CONF_ALIAS, CONF_DIRECT, nei, subject_facts
from kgfc.reason.evidence import EvidenceIndex, Outcome
from kgfc.reason.kinds import is_human

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

CONF_VALUE = 0.9


def check_value(
    store: KnowledgeGraph | None,
    s: str,
    props: list[str],
    value: vals.DateValue | vals.NumberValue,
    t: ClaimTriple,
    ev: EvidenceIndex,
) -> Outcome:
    """A date or number: SUPPORTED when a stated value agrees, REFUTED when all disagree."""
    s_alias = ev.aliases(s)
    sn = ev.name(s)
    seen: list[str] = []
    for p in props:
        facts = [f for s2 in s_alias for f in ev.literals.get((s2, p), [])]
        if not facts:
            continue
        verdicts = [(f, _compare_value(store, value, f, p, s, ev)) for f in facts]
        seen += [f.id for f in facts]
        pn = ev.prop_name(p)
        match = [f.id for f, ok in verdicts if ok is True]
        if match:
            return Outcome(
                VerdictLabel.SUPPORTED,
                CONF_DIRECT,
                f'{ev.quote(match)} agrees with "{sn} {pn} {vals.describe(value)}".',
                match,
                ev.texts(match),
                "value",
            )
        wrong = [f.id for f, ok in verdicts if ok is False]
        if wrong and len(wrong) == len(verdicts):
            return Outcome(
                VerdictLabel.REFUTED,
                CONF_VALUE,
                f'{ev.quote(wrong)} disagrees with "{sn} {pn} {vals.describe(value)}".',
                wrong,
                ev.texts(wrong),
                "value",
            )
    return nei(
        ev,
        f'No value in the evidence confirms or contradicts "{sn} {t.relation} {t.object}".',
        seen,
    )


def _compare_value(
    store: KnowledgeGraph | None,
    value: vals.DateValue | vals.NumberValue,
    f: EvidenceFact,
    prop: str,
    s: str,
    ev: EvidenceIndex,
) -> bool | None:
    """The claim's value against one literal fact; a quantity in the property's units."""
    kg = vals.parse_literal(f.fact.object, f.fact.datatype)
    if isinstance(value, vals.NumberValue) and isinstance(kg, vals.NumberValue):
        return vals.compare_quantity(value, kg.value, prop, human=is_human(store, s, ev))
    return vals.compare(value, kg)


def check_string(s: str, props: list[str], t: ClaimTriple, ev: EvidenceIndex) -> Outcome:
    """An object no entity or value was found for: a string the KG states, or short for the
    name of a value it states."""
    s_alias = ev.aliases(s)
    looked: list[str] = []
    for p in props:
        for s2 in s_alias:
            for f in ev.literals.get((s2, p), []):
                looked.append(f.id)
                if vals.compare(t.object, f.fact.object) is True:
                    return Outcome(
                        VerdictLabel.SUPPORTED,
                        CONF_DIRECT,
                        f"The KG states it: {ev.quote([f.id])}.",
                        [f.id],
                        ev.texts([f.id]),
                        "direct",
                    )
        stated = subject_facts(s_alias, p, ev)
        looked += list(stated.values())
        named = _short_name_of(t.object, stated, ev)
        if named is not None:
            o, fid = named
            return Outcome(
                VerdictLabel.SUPPORTED,
                CONF_ALIAS,
                f'"{t.object}" is read as short for "{ev.name(o)}". '
                f"The KG states it: {ev.quote([fid])}.",
                [fid],
                ev.texts([fid]),
                "direct",
            )
    return nei(
        ev,
        f'"{t.object}" is not an entity or value found in the evidence for "{ev.name(s)} {t.relation}".',
        looked,
    )


def _short_name_of(
    mention: str, stated: dict[str, str], ev: EvidenceIndex
) -> tuple[str, str] | None:
    """The one stated value whose name begins with the words of a mention no entity has as a
    name ("buried at Forest Lawn": Forest Lawn Memorial Park), with its fact id; None when
    no value, or more than one, begins so. The mention holds at least half the name's words
    ("Forest" alone names too little of it). Only ever supports: a mention that names nothing
    in the KG cannot contradict a stated value."""
    words = normalise(mention).split()
    if not words or all(w in STOP_WORDS for w in words) or len(" ".join(words)) < 4:
        return None
    found = {}
    for o, fid in stated.items():
        name = normalise(ev.name(o)).split()
        if name[: len(words)] == words and len(words) < len(name) <= 2 * len(words):
            found[o] = fid
    return next(iter(found.items())) if len(found) == 1 else None
