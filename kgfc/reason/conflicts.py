"""Refutations: a stated value that excludes the claimed one, or a demonstrable type clash.

A single-valued property's stated value excludes another of the same kind that it neither
contains nor lies in (the partial-completeness assumption, applied only where the KG lists
the subject's value); a property whose values are successive states has one present-day
value; a type clash refutes only when the KG shows the object cannot be of the relation's
range, never for a type merely not seen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kgfc.kg.properties import SYMMETRIC
from kgfc.models import VerdictLabel
from kgfc.reason.alternatives import (
    country_apart,
    exclusive_values,
    places_apart,
    regions_apart,
    same_kind_rival,
)
from kgfc.reason.checks import Aliases, subject_facts
from kgfc.reason.evidence import EvidenceIndex, Outcome
from kgfc.reason.kgstats import conflict_properties, stats_for, successions
from kgfc.reason.kinds import (
    common_value,
    compatible,
    functionality,
    is_class,
    same_kind,
    store_values,
)

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

CONF_FUNCTIONAL = 0.8
CONF_TYPE = 0.6


def functional_conflict(
    store: KnowledgeGraph | None,
    s: str,
    props: list[str],
    o: str,
    s_alias: Aliases,
    o_alias: Aliases,
    ev: EvidenceIndex,
) -> Outcome | None:
    """A value the subject is stated to have that excludes the claimed one (see the module)."""
    for p in conflict_properties(store, props, o):
        values = subject_facts(s_alias, p, ev)
        if not values:
            continue
        func = functionality(store, p)
        if func is None or not func.functional:
            # the best-ranked property the evidence knows decides
            out = _present_conflict(store, s, p, o, values, o_alias, ev)
            return out or _kind_conflict(store, s, p, o, values, o_alias, ev)
        if any(compatible(store, v, o, o_alias, ev) for v in values):
            return None
        first, *others = values
        if any(not compatible(store, v, first, {first: []}, ev) for v in others):
            return None  # the KG itself gives this subject several values: not complete-and-single here
        if not (
            same_kind(store, o, list(values), ev)
            or exclusive_values(store, p, o, list(values))
            or places_apart(store, o, list(values))
            or country_apart(store, o, list(values))
            or regions_apart(store, o, list(values))
        ):
            # "born in Austria-Hungary" vs "born in Prague": an empire and a city
            # do not exclude each other, however single-valued the property; two
            # religions the KG never states together do, and so do two places in
            # different countries (kgfc.reason.alternatives)
            return None
        if is_class(store, o, ev) and not common_value(store, p, o):
            # "born in the capital of Scotland" read as "born in capital": a class says
            # what kind of place, not which (Edinburgh is a capital), and is no value
            return None
        ids = list(values.values())
        pn = ev.prop_name(p)
        return Outcome(
            VerdictLabel.REFUTED,
            CONF_FUNCTIONAL * func.value,
            f"{ev.quote(ids)} {'conflicts' if len(set(ids)) == 1 else 'conflict'} with "
            f'"{ev.name(s)} {pn} {ev.name(o)}": {pn} is single-valued ({func.describe()}).',
            ids,
            ev.texts(ids),
            "functional",
        )
    return None


def _kind_conflict(
    store: KnowledgeGraph | None,
    s: str,
    p: str,
    o: str,
    values: dict[str, str],
    o_alias: Aliases,
    ev: EvidenceIndex,
) -> Outcome | None:
    """A stated value of the claimed value's kind, a kind of which subjects have one
    (:func:`kgfc.reason.alternatives.same_kind_rival`): "St. Louis is in Maryland"."""
    got = same_kind_rival(store, p, o, list(values))
    # (no rival without a store)
    if got is None or store is None or any(compatible(store, v, o, o_alias, ev) for v in values):
        return None
    rival, kind, func = got
    ids = [values[rival]]
    pn = ev.prop_name(p)
    kind_name = store.label_index().label(kind) or ev.name(kind)
    return Outcome(
        VerdictLabel.REFUTED,
        CONF_FUNCTIONAL * func.value,
        f'{ev.quote(ids)} conflicts with "{ev.name(s)} {pn} {ev.name(o)}": both are a '
        f"{kind_name}, and {pn} takes one value of that kind ({func.describe()}).",
        ids,
        ev.texts(ids),
        "functional",
    )


def symmetric_conflict(
    store: KnowledgeGraph | None,
    s: str,
    props: list[str],
    o: str,
    s_alias: Aliases,
    o_alias: Aliases,
    ev: EvidenceIndex,
) -> Outcome | None:
    """A symmetric single-valued property read from the object's side.

    "Drew Barrymore was the spouse of Blake Edwards": the KG states no spouse of
    Drew Barrymore, but Blake Edwards's one spouse is Julie Andrews; a spouse of
    hers would be his spouse too, so that stated value excludes the claim. Asked
    when the subject's own stated values decide nothing (none, or several).
    """
    sym = [p for p in props if p in SYMMETRIC]
    if not sym:
        return None
    return functional_conflict(store, o, sym, s, o_alias, s_alias, ev)


def _present_conflict(
    store: KnowledgeGraph | None,
    s: str,
    p: str,
    o: str,
    values: dict[str, str],
    o_alias: Aliases,
    ev: EvidenceIndex,
) -> Outcome | None:
    """A conflict on a property whose several values are successive states (successions.toml).

    Cologne's countries are Germany and its former states (Holy Roman Empire,
    Kingdom of Prussia...): a claimed present-day country that none of them
    is, contains or lies in is refuted; a claimed former state never is.
    """
    if store is None:
        return None
    stats = stats_for(store)
    got = stats.present_functionality(p)
    if got is None:
        return None
    func, formers = got
    if func.value < successions()[p].min_single:
        return None
    stated = {**store_values(store, s, p), **values}
    types = stats.types_of([o, *stated])
    if types.get(o, set()) & formers or not types.get(o):
        return None
    present = [v for v in stated if types.get(v) and not types[v] & formers]
    # a former state that held both says nothing of today: Tbilisi and Armenia were both in
    # the Soviet Union, yet Tbilisi is in Georgia, not Armenia
    if not present or any(compatible(store, v, o, o_alias, ev) for v in present):
        return None
    if not same_kind(store, o, present, ev) or (
        is_class(store, o, ev) and not common_value(store, p, o)
    ):
        return None
    ids = [values[v] for v in present if v in values] or list(values.values())
    pn = ev.prop_name(p)
    return Outcome(
        VerdictLabel.REFUTED,
        CONF_FUNCTIONAL * func.value,
        f"{ev.quote(ids)} {'conflicts' if len(ids) == 1 else 'conflict'} with "
        f'"{ev.name(s)} {pn} {ev.name(o)}": {pn} has one present-day value '
        f"({func.describe()}).",
        ids,
        ev.texts(ids),
        "functional",
    )


def type_clash(
    store: KnowledgeGraph, s: str, props: list[str], o: str, ev: EvidenceIndex
) -> Outcome | None:
    """REFUTED only for a demonstrable clash (see :meth:`Completion.type_clash`), never for "not seen before"."""
    from kgfc.reason.completion import completion_for

    if len(props) != 1:
        # The claim's words fit several properties ("played in": instrument, sport): a clash
        # with one of them says the reading may be wrong, not that the claim is.
        return None
    p = props[0]
    model = completion_for(store)
    found = model.type_clash(p, o)
    if found is None:
        return None
    if p not in SYMMETRIC and model.type_clash(p, s) is None:
        # Read the other way round ("S starred in O" is "O cast member S") the types fit:
        # the clash says the claim's direction was misread, so it is no ground to refute.
        # A symmetric relation reads the same both ways: its clash stands.
        return None
    t, why = found
    eid = ev.types.get(o, {}).get(t)
    ids = [eid] if eid else []
    pn = ev.prop_name(p)
    quoted = f"{ev.quote(ids)}: " if ids else ""
    return Outcome(
        VerdictLabel.REFUTED,
        CONF_TYPE,
        f'{quoted}{ev.name(o)} is a {ev.name(t)}, and {why} of {pn}; so "{ev.name(s)} {pn} {ev.name(o)}" is a type clash.',
        ids,
        ev.texts(ids),
        "type",
    )
