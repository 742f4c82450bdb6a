"""Values the KG itself treats as alternatives of one single-valued property.

Judaism and Lutheranism share no type in the KG (a religion, a Christian
denomination), so the type test that lets a stated value exclude a claimed one
(:func:`kgfc.reason.kinds.same_kind`) says nothing of them. How
the KG uses the property does: each is the religion of many people, no one is
stated to hold both, and neither is a kind, an instance or a part of the other.
Such values exclude each other for a subject of which one is stated.

Places never qualify: a place of birth is single-valued for nearly everyone, so
"never stated together" holds for any two places, Prague and Austria-Hungary
included; for places containment and types decide, as before.
"""

from __future__ import annotations

from typing import Any

from kgfc.kg import vocab as V
from kgfc.kg.properties import LOCATION
from kgfc.nlp.text import normalise
from kgfc.reason.kgstats import Functionality, stats_for, successions

MIN_EACH = 5  # each value is the value of at least this many subjects
_BROADER = tuple(V.WDT + p for p in ("P31", "P279", "P361", "P171"))
_PLACE = tuple(V.WDT + p for p in ("P17", "P131", "P625", "P30", "P706"))
_STEPS = 3


def _node(iri: str) -> Any:
    import pyoxigraph as ox  # the store's term type

    return ox.NamedNode(iri)


def is_place(store: Any, e: str) -> bool:
    """Is ``e`` located somewhere by the KG (a country, a region, coordinates, a continent)?"""
    try:
        return store is not None and hasattr(store, "quads") and _is_place(store, e)
    except (ValueError, TypeError):  # not an IRI
        return False


def _subjects(store: Any, prop: str, value: str) -> set[str]:
    return {q.subject.value for q in store.quads(predicate=_node(prop), object=_node(value))}


def _is_place(store: Any, e: str) -> bool:
    node = _node(e)
    return any(next(iter(store.quads(node, _node(p))), None) is not None for p in _PLACE)


def _broader(store: Any, e: str) -> set[str]:
    """Everything ``e`` is an instance, subclass or part of, within a few steps."""
    seen: set[str] = set()
    here = {e}
    for _ in range(_STEPS):
        nxt = set()
        for x in here:
            for p in _BROADER:
                nxt |= {q.object.value for q in store.quads(_node(x), _node(p))}
        here = nxt - seen
        seen |= nxt
    return seen


def _exclusive(store: Any, prop: str, a: str, b: str) -> bool:
    if a == b or _is_place(store, a) or _is_place(store, b):
        return False
    with_a, with_b = _subjects(store, prop, a), _subjects(store, prop, b)
    if len(with_a) < MIN_EACH or len(with_b) < MIN_EACH or with_a & with_b:
        return False
    return b not in _broader(store, a) and a not in _broader(store, b)


def exclusive_values(store: Any, prop: str, claimed: str, stated: list[str]) -> bool:
    """Are ``claimed`` and each ``stated`` value alternatives of ``prop`` in the KG's own use?"""
    if store is None or not hasattr(store, "quads") or not stated:
        return False
    try:
        return all(_exclusive(store, prop, claimed, v) for v in stated)
    except (ValueError, TypeError):  # not IRIs: a literal value is never such an alternative
        return False


_COUNTRY = V.WDT + "P17"
_IN = V.WDT + "P131"
_TYPE = V.WDT + "P31"


def _countries(store: Any, e: str) -> set[str]:
    """The countries ``e`` is stated in, directly or through what it is located in; for a
    place the KG locates nowhere, those of the places its description names."""
    out = _located_in(store, e)
    if not out and not _is_place(store, e):
        for d in _described_in(store, e):
            out |= _countries(store, d) | ({d} if _is_a_country(store, d) else set())
    return out


def _described_in(store: Any, e: str) -> set[str]:
    """The places ``e``'s description names, for an entity the KG gives no location:
    Chelsea, "area of central London, England", is in London and in England. Each
    comma-separated part ends in a name (its last one to three words); an alias that adds a
    place to the label ("Studio City, Los Angeles") names one too. A name several located
    places share is the one that lies in the places the other parts name (the London in
    England, not the one in Ontario; the England London lies in); a name still ambiguous
    names nothing."""
    try:
        labels = store.label_index()
    except AttributeError:  # a bare store of quads: no names to look up
        return set()
    parts = [
        p for q in store.quads(_node(e), _node(V.SCHEMA_DESC)) for p in q.object.value.split(",")
    ]
    own = {normalise(q.object.value) for q in store.quads(_node(e), _node(V.RDFS_LABEL))}
    for q in store.quads(_node(e), _node(V.SKOS_ALT)):
        first, _, rest = q.object.value.partition(",")
        if rest and normalise(first) in own:
            parts += rest.split(",")
    formers = {t for s in successions().values() for t in s.former_types}
    candidates: list[set[str]] = []
    for part in parts:
        words = normalise(part).split()
        for n in (3, 2, 1):
            named = {iri for iri, _t, _k in labels.by_key.get(" ".join(words[-n:]), ())}
            if len(words) < n or not named:
                continue
            located = {iri for iri in named if _is_place(store, iri)}
            present = {iri for iri in located if not _kinds(store, iri) & formers}
            if located:  # England, not the kingdom of that name it once was
                candidates.append(present or located)
            break
    found: set[str] = set()
    for located in candidates:
        if len({frozenset(_located_in(store, iri)) for iri in located}) == 1:
            found |= located
    around = found | {x for f in found for x in _up(store, f)}
    for located in candidates:  # the ambiguous ones, by the places the others name
        fits = {iri for iri in located if iri in around or _up(store, iri) & found}
        if len(located) > 1 and len(fits) == 1:
            found |= fits
    return found


def _up(store: Any, e: str) -> set[str]:
    """What ``e`` lies in, by the KG's location facts alone, a few steps up."""
    out: set[str] = set()
    here = {e}
    for _ in range(_STEPS + 1):
        here = {
            q.object.value
            for x in here
            for p in (_IN, _COUNTRY)
            for q in store.quads(_node(x), _node(p))
        } - out
        out |= here
    return out


def _located_in(store: Any, e: str) -> set[str]:
    """:func:`_countries` by the KG's location facts alone (no description)."""
    out: set[str] = set()
    here = {e}
    for _ in range(_STEPS + 1):
        nxt: set[str] = set()
        for x in here:
            out |= {q.object.value for q in store.quads(_node(x), _node(_COUNTRY))}
            nxt |= {q.object.value for q in store.quads(_node(x), _node(_IN))}
        here = nxt
    return out


# a country by its type ("country", "sovereign state"), for one nothing in the KG is stated in
_COUNTRY_TYPES = tuple(V.WD + q for q in ("Q6256", "Q3624078"))
_DIPLOMACY = V.WDT + "P530"  # diplomatic relations: only states have them


def _is_a_country(store: Any, e: str) -> bool:
    """Is ``e`` a country: something is stated to be in it, it is typed a country or a
    sovereign state, or it has diplomatic relations (Laos, though no place of the KG is
    stated in it)?"""
    node = _node(e)
    if next(iter(store.quads(predicate=_node(_COUNTRY), object=node)), None) is not None:
        return True
    if next(iter(store.quads(node, _node(_DIPLOMACY))), None) is not None:
        return True
    return any(
        next(iter(store.quads(node, _node(_TYPE), _node(t))), None) is not None
        for t in _COUNTRY_TYPES
    )


def places_apart(store: Any, claimed: str, stated: list[str]) -> bool:
    """Are ``claimed`` and each ``stated`` place in different countries, by the KG?

    Hammersmith (United Kingdom) and Ulm (Germany) are apart, whatever their kinds (a
    district, a city): a place of birth that is one is not the other. A country, or a
    state that was one (something is stated to be in it), is never taken as a place
    here: "born in Austria-Hungary" and "born in Prague" do not exclude each other.
    """
    if store is None or not hasattr(store, "quads") or not stated:
        return False
    try:
        ends = [claimed, *stated]
        if any(_is_a_country(store, e) for e in ends):
            return False
        mine = _countries(store, claimed)
        theirs = [_countries(store, v) for v in stated]
    except (ValueError, TypeError):  # a literal is no place
        return False
    return bool(mine) and all(ts and not (mine & ts) for ts in theirs)


def regions_apart(store: Any, claimed: str, stated: list[str]) -> bool:
    """Do ``claimed`` and each ``stated`` place lie in different places of one kind, by the KG?

    Manhattan lies in New York City and in the state of New York; Los Angeles is a city
    and lies in California: two cities, two states of the United States, so a person who
    died in Manhattan did not die in Los Angeles, though both are in one country. A kind
    counts only where each side has exactly one place of it (itself or what it lies in)
    and neither place lies in the other; a place the KG does not locate is apart from
    nothing.
    """
    if store is None or not hasattr(store, "quads") or not stated:
        return False
    try:
        mine = _within(store, claimed)
        return all(_apart(store, mine, _within(store, v)) for v in stated)
    except (ValueError, TypeError):  # a literal is no place
        return False


def lies_in(store: Any, place: str, region: str) -> bool:
    """Does ``place`` lie in ``region``, by the KG's location facts or, for a place it
    locates nowhere, by its description (Chelsea, "area of central London, England", lies
    in England)?"""
    try:
        return region in _within(store, place) - {place}
    except (ValueError, TypeError):  # a literal is no place
        return False


def _within(store: Any, e: str) -> set[str]:
    """``e`` and every place it lies in or is a country of, a few steps up; for a place the
    KG locates nowhere, starting from the places its description names
    (:func:`_described_in`)."""
    out, here = {e}, {e}
    if not _is_place(store, e):
        here = _described_in(store, e)
        out |= here
    for _ in range(_STEPS + 1):
        here = {
            q.object.value
            for x in here
            for p in (_IN, _COUNTRY)  # a city the KG gives a country only lies in it too
            for q in store.quads(_node(x), _node(p))
        } - out
        out |= here
    return out


def _apart(store: Any, a: set[str], b: set[str]) -> bool:
    if len(a) < 2 or len(b) < 2 or a & b == a or a & b == b:
        return False  # a place located nowhere, or one place inside the other
    kinds = _named_kinds(store, {x: _kinds(store, x) for x in a | b})  # read once
    for kind in set().union(*(kinds[x] for x in a)) & set().union(*(kinds[x] for x in b)):
        mine = {x for x in a if kind in kinds[x]}
        theirs = {x for x in b if kind in kinds[x]}
        if len(mine) == 1 and len(theirs) == 1 and not mine & theirs:
            return True
    return False


def _kinds(store: Any, place: str) -> set[str]:
    return {q.object.value for q in store.quads(_node(place), _node(_TYPE))}


# words that end a kind's head noun: what follows them names something else
_LINKS = frozenset({"of", "in", "with", "for", "from", "by", "on", "at"})


def _named_kinds(store: Any, kinds: dict[str, set[str]]) -> dict[str, set[str]]:
    """Each place's kinds, widened by their names: a place typed "big city" or "global city"
    is a city too where another place here is typed "city" (Oxford and London, both cities,
    neither in the other). The KG keeps no subclass facts, and an English compound names a
    kind of its last noun; the wider kind counts only where a place here has it outright."""
    every = set().union(*kinds.values())
    names = {
        k: normalise(q.object.value)
        for k in every
        for q in store.quads(_node(k), _node(V.RDFS_LABEL))
    }
    wider = {
        k: {w for w, wn in names.items() if w != k and wn and kn.endswith(" " + wn)}
        for k, kn in names.items()
        if not set(kn.split()) & _LINKS  # "borough of New York City" is no city
    }
    return {x: ks | {w for k in ks for w in wider.get(k, ())} for x, ks in kinds.items()}


def _top_country(store: Any, e: str) -> bool:
    """A present-day country the KG places in no other: the value of some subject's
    country, itself in no country or region (England is in the United Kingdom), and not
    typed as a former state."""
    if not _is_a_country(store, e):
        return False
    for p in (_COUNTRY, _IN):
        if next(iter(store.quads(_node(e), _node(p))), None) is not None:
            return False
    formers = {t for s in successions().values() for t in s.former_types}
    types = {q.object.value for q in store.quads(_node(e), _node(V.WDT + "P31"))}
    return not types & formers


def country_apart(store: Any, claimed: str, stated: list[str]) -> bool:
    """Is ``claimed`` a present-day country that none of the ``stated`` places is in?

    "Phil Collins was born in France": his one stated birthplace, London, is in the
    United Kingdom and in the kingdoms before it, never in France, by the KG. Every
    country a stated place ever had counts (Hamburg lists France among its countries,
    so "born in France" is not excluded for someone born there), and so do the
    countries those countries are in. A country the KG places inside another
    (England) or a former state is never claimed this way.
    """
    if store is None or not hasattr(store, "quads") or not stated:
        return False
    try:
        if not _top_country(store, claimed) or any(_is_a_country(store, v) for v in stated):
            return False
        for v in stated:
            theirs = _countries(store, v)
            theirs |= {c2 for c in theirs for c2 in _countries(store, c)}
            if not theirs or claimed in theirs:
                return False
    except (ValueError, TypeError):  # a literal is no place
        return False
    return True


def same_kind_rival(
    store: Any,
    prop: str,
    claimed: str,
    stated: list[str],
) -> tuple[str, str, Functionality] | None:
    """A stated value of ``prop`` of the claimed value's kind, where that kind takes one value.

    Located in (P131) is not single-valued: a city is in a county and a state.
    Among the values of one kind it can be: every subject in the KG with a value
    typed "state of the United States" has exactly one (measured,
    :meth:`KGStats.functionality_by_type`). St. Louis, stated in Missouri, is then
    not in Maryland. Only for location properties (regions of one kind do not
    overlap); values typed as former states (a historical country) never count,
    since a place passes from one to another over time. Returns the stated rival,
    the kind and its measure, or None; whether the rival contains or lies in the
    claimed value is the caller's test.
    """
    if store is None or prop not in LOCATION or not stated:
        return None
    stats = stats_for(store)
    by_type = stats.functionality_by_type(prop)
    types = stats.types_of([claimed, *stated])
    formers = {t for e in successions().values() for t in e.former_types}
    mine = types.get(claimed, set())
    if mine & formers:
        return None
    for kind in sorted(mine):
        func = by_type.get(kind)
        if func is None or not func.functional:
            continue
        rivals = [v for v in stated if kind in types.get(v, set()) and not types[v] & formers]
        if len(rivals) == 1 and rivals[0] != claimed:
            return rivals[0], kind, func
    return None
