"""Support: the claim stated in the evidence, or entailed by it.

The fact itself (up to aliases), its symmetric or inverse form, the words read
backwards, a transitive chain (located in, part of...), or for "related to" any fact
linking the two.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from kgfc.kg.properties import CHAINS, INVERSES, KINSHIP, LOCATION, SYMMETRIC, relating
from kgfc.models import VerdictLabel
from kgfc.reason.checks import CONF_ALIAS, CONF_CHAIN, CONF_DIRECT, Aliases, nei
from kgfc.reason.evidence import EvidenceIndex, Outcome
from kgfc.reason.rules import Atom

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph


def stated(
    p: str,
    s: str,
    o: str,
    s_alias: Aliases,
    o_alias: Aliases,
    ev: EvidenceIndex,
    reads_backwards: Callable[[str, str, str], bool],
) -> Iterator[Outcome]:
    """The fact itself (through aliases), its inverse or symmetric form, or the words read
    backwards (when ``reads_backwards(s, p, o)``); each finding as an Outcome."""
    sn, on = ev.name(s), ev.name(o)
    pn = ev.prop_name(p)
    claim_text = f"{sn} {pn} {on}"
    # 1. the fact itself, possibly through aliases
    for s2, s_path in s_alias.items():
        hits = ev.graph.step(s2, Atom(p))
        for o2, o_path in o_alias.items():
            if o2 in hits:
                ids = [*s_path, hits[o2], *o_path]
                if s2 == s and o2 == o:
                    yield (
                        Outcome(
                            VerdictLabel.SUPPORTED,
                            CONF_DIRECT,
                            f"The KG states it: {ev.quote(ids)}.",
                            ids,
                            ev.texts(ids),
                            "direct",
                        )
                    )
                else:
                    yield (
                        Outcome(
                            VerdictLabel.SUPPORTED,
                            CONF_ALIAS,
                            f'{ev.quote(ids)} entail "{claim_text}" (same-as).',
                            ids,
                            ev.texts(ids),
                            "alias",
                        )
                    )
    # 2. symmetric and inverse properties
    inverses = set(INVERSES.get(p, ())) | ({p} if p in SYMMETRIC else set())
    for q in inverses:
        for o2, o_path in o_alias.items():
            hits = ev.graph.step(o2, Atom(q))
            for s2, s_path in s_alias.items():
                if s2 in hits:
                    ids = [*o_path, hits[s2], *s_path]
                    kind = "symmetric" if q == p else "inverse"
                    yield (
                        Outcome(
                            VerdictLabel.SUPPORTED,
                            CONF_ALIAS,
                            f'{ev.quote(ids)} entail "{claim_text}" ({ev.prop_name(q)} is the {kind} of {pn}).',
                            ids,
                            ev.texts(ids),
                            "inverse",
                        )
                    )
    # 2b. the words read backwards ("S starred in O" for "O cast member S"): taken only
    # when the forward reading is a demonstrable type clash and the backward one fits
    for o2, o_path in o_alias.items():
        hits = ev.graph.step(o2, Atom(p))
        for s2, s_path in s_alias.items():
            if s2 in hits and reads_backwards(s, p, o):
                ids = [*o_path, hits[s2], *s_path]
                yield (
                    Outcome(
                        VerdictLabel.SUPPORTED,
                        CONF_ALIAS,
                        f"{ev.quote(ids)} states it with subject and object the other way "
                        f"round: {on} cannot be a {pn} (its type is never one), so "
                        f'"{claim_text}" reads as "{on} {pn} {sn}".',
                        ids,
                        ev.texts(ids),
                        "inverse",
                    )
                )


def chain(
    store: KnowledgeGraph | None,
    p: str,
    s: str,
    o: str,
    s_alias: Aliases,
    o_alias: Aliases,
    ev: EvidenceIndex,
) -> Outcome | None:
    """A transitive chain from the subject (or an alias) to the object."""
    pn = ev.prop_name(p)
    claim_text = f"{ev.name(s)} {pn} {ev.name(o)}"
    first, then = CHAINS[p]
    for s2, s_path in s_alias.items():
        path = ev.reach(s2, first, then, set(o_alias), sound_step(store, ev))
        if path:
            ids = [*s_path, *path]
            return Outcome(
                VerdictLabel.SUPPORTED,
                CONF_CHAIN,
                f'{ev.quote(ids)} entail "{claim_text}" (a {pn} chain).',
                ids,
                ev.texts(ids),
                "chain",
            )
    return None


def related(
    s_alias: dict[str, list[str]],
    o_alias: dict[str, list[str]],
    sn: str,
    on: str,
    ev: EvidenceIndex,
    *,
    kin: bool = False,
) -> Outcome:
    """ "S is associated with / related to O": some fact linking the two directly, either
    way (not a class membership, not a chain); with ``kin`` (two people "related"), a
    family tie only. None is no evidence against it."""
    for s2, s_path in s_alias.items():
        for atom, hits in ev.graph.atoms(s2).items():
            if not relating(atom.prop) or (kin and atom.prop not in KINSHIP):
                continue
            for o2, o_path in o_alias.items():
                if o2 in hits:
                    ids = [*s_path, hits[o2], *o_path]
                    return Outcome(
                        VerdictLabel.SUPPORTED,
                        CONF_ALIAS if s_path or o_path else CONF_DIRECT,
                        f"The KG states {'a family tie' if kin else 'a relation'} between {sn} and "
                        f"{on}: {ev.quote(ids)}.",
                        ids,
                        ev.texts(ids),
                        "direct",
                    )
    how = (
        "a family tie, the two being people"
        if kin
        else "any stated relation between the two, either way"
    )
    return nei(
        ev,
        f"No fact in the evidence relates {sn} and {on} directly (read as {how}; none "
        "stated is no evidence against it).",
        [],
    )


def sound_step(store: KnowledgeGraph | None, ev: EvidenceIndex) -> Callable[[str, str, str], bool]:
    """``(x, prop, y) -> bool``: may a chain step from ``x`` to ``y`` (see :func:`kgfc.kg.paths.unambiguous`)?

    With a store, all of ``x``'s values count (the evidence may hold only one
    of Edinburgh's three countries); without one, the evidence's.
    """
    if store is not None:
        from kgfc.kg.paths import unambiguous

        return lambda x, prop, y: unambiguous(store, x, prop, y)

    def in_evidence(x: str, prop: str, y: str) -> bool:
        others = set(ev.graph.step(x, Atom(prop))) - {y}
        up = LOCATION | {prop}
        return all(ev.reach(v, up, up, {y}) or ev.reach(y, up, up, {v}) for v in others)

    return in_evidence
