"""What the KG itself says about its properties: how single-valued, what range.

The local reasoner refutes a claim on a conflict only for (near-)functional
properties, and on a type clash only for properties whose range it knows.
Both are estimated from the store's own facts with one SPARQL aggregate each
(``property_functionality``, ``property_range_types`` and
``property_object_counts`` in ``queries/sparql``), run once per store and
cached: statistics describe the store as of their first use, and are
computed again after a load or a removal, or once facts added a write at a
time reach 5 % of the store (:func:`stats_for`; :meth:`KGStats.refresh`
forces it).

A property seen on fewer than ``min_subjects`` subjects has no reliable
estimate; then a small table of Wikidata single-value constraints is used
instead (place and date of birth and death, sex, parents, capital...), and
the justification says so.
"""

from __future__ import annotations

import builtins
import functools
import threading
import tomllib
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from itertools import islice
from typing import TYPE_CHECKING

from kgfc.kg.aggregates import Rows, Snapshot, snapshot, stable_rows, still_fresh
from kgfc.kg.entity_types import entity_types
from kgfc.kg.properties import CUMULATIVE, FUNCTIONAL_THRESHOLD, LOCATION, PRIOR_FUNCTIONALITY

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

MIN_SUBJECTS = 10
MIN_RANGE_OBJECTS = 20


@dataclass(frozen=True)
class Functionality:
    """Share of a property's subjects with exactly one value."""

    property: str
    value: float
    subjects: int
    source: str  # "kg" (estimated from the store) or "prior" (Wikidata constraint table)

    @builtins.property  # the field ``property`` hides the builtin here
    def functional(self) -> bool:
        return self.value >= FUNCTIONAL_THRESHOLD

    def describe(self) -> str:
        if self.source == "kg-present":
            return (
                f"{self.value:.0%} of its {self.subjects} subjects in the KG have a single "
                "present-day value, former states aside"
            )
        if self.source == "kg-type":
            return (
                f"{self.value:.0%} of its {self.subjects} subjects in the KG with a value of "
                "this kind have a single one"
            )
        if self.source == "kg":
            return f"{self.value:.0%} of its {self.subjects} subjects in the KG have a single value"
        return "Wikidata gives it a single-value constraint"


@dataclass
class RangeInfo:
    """The types of a property's objects: how many distinct objects carry each type."""

    property: str
    objects: int = 0
    typed_objects: int = 0
    types: dict[str, int] = field(default_factory=dict)

    def known(self) -> bool:
        return self.typed_objects >= MIN_RANGE_OBJECTS


class KGStats:
    """Property statistics of one store, each computed by one query on first use."""

    def __init__(self, store: KnowledgeGraph) -> None:
        self.store = store
        self._lock = threading.Lock()
        self._functionality: dict[str, Functionality] | None = None
        self._present: dict[str, Functionality] = {}
        self._by_type: dict[str, dict[str, Functionality]] = {}
        self._members: dict[str, frozenset[str]] = {}
        self._ranges: dict[str, RangeInfo] | None = None

    def refresh(self) -> None:
        with self._lock:
            self._functionality = None
            self._ranges = None
            self._present = {}
            self._by_type = {}
            self._members = {}

    # -- functionality ----------------------------------------------------
    def _load_functionality(self) -> dict[str, Functionality]:
        with self._lock:
            if self._functionality is None:
                out: dict[str, Functionality] = {}
                for row in _run_cached(self.store, "property_functionality"):
                    subjects = int(row["subjects"] or 0)
                    p = row["property"]
                    if subjects and p is not None:  # the property is the group key: bound
                        out[p] = Functionality(
                            p, int(row["single"] or 0) / subjects, subjects, "kg"
                        )
                self._functionality = out
            return self._functionality

    def functionality(self, prop: str) -> Functionality | None:
        """The property's functionality, or None when neither the KG nor the prior table knows it.

        A measure on fewer than ``MIN_SUBJECTS`` subjects knows nothing: one person
        with one stated sibling does not make sibling single-valued. Nor does any
        measure make a property whose values accumulate single-valued
        (:data:`kgfc.kg.properties.CUMULATIVE`: a second illness, a second sport).
        """
        if prop in CUMULATIVE:
            return None
        kg = self._load_functionality().get(prop)
        if kg is not None and kg.subjects >= MIN_SUBJECTS:
            return kg
        if prop in PRIOR_FUNCTIONALITY:
            return Functionality(prop, PRIOR_FUNCTIONALITY[prop], 0, "prior")
        return None

    def present_functionality(self, prop: str) -> tuple[Functionality, frozenset[str]] | None:
        """How single-valued ``prop`` is once values typed as earlier states are set aside.

        Only for the properties of ``successions.toml`` (a city's countries over
        time); returns the measure and the former-state types, or None.
        """
        entry = successions().get(prop)
        if entry is None:
            return None
        with self._lock:
            if prop not in self._present:
                subjects = single = 0
                for former in entry.former_types:
                    rows = self.store.run(
                        "property_functionality_present",
                        bindings={"property": prop, "former": former},
                    )
                    for row in rows:
                        subjects += int(row["subjects"] or 0)
                        single += int(row["single"] or 0)
                value = single / subjects if subjects else 0.0
                self._present[prop] = Functionality(prop, value, subjects, "kg-present")
            return self._present[prop], entry.former_types

    def functionality_by_type(self, prop: str) -> dict[str, Functionality]:
        """How single-valued ``prop`` is among its values of each type (measured on the KG).

        Located in (P131) is not single-valued (a county and a state), but the
        subjects with a value typed "state of the United States" all have one.
        Only types seen on at least ``MIN_SUBJECTS`` subjects are returned.
        """
        with self._lock:
            if prop not in self._by_type:
                out: dict[str, Functionality] = {}
                for row in self.store.run(
                    "property_functionality_by_type", bindings={"property": prop}
                ):
                    subjects = int(row["subjects"] or 0)
                    if row["type"] and subjects >= MIN_SUBJECTS:
                        single = int(row["single"] or 0) / subjects
                        out[row["type"]] = Functionality(prop, single, subjects, "kg-type")
                self._by_type[prop] = out
            return self._by_type[prop]

    def kinds_overlap(self, these: set[str], those: set[str]) -> float:
        """How much two sets of types are one kind: the share of the smaller side's
        instances that also carry a type of the other ("state capital in the United
        States" and "big city": most are both; a country and a city: almost none)."""
        a = set().union(*(self._instances(t) for t in these)) if these else set()
        b = set().union(*(self._instances(t) for t in those)) if those else set()
        return len(a & b) / min(len(a), len(b)) if a and b else 0.0

    def _instances(self, t: str) -> frozenset[str]:
        with self._lock:
            got = self._members.get(t)
        if got is None:
            import pyoxigraph as ox

            try:
                node = ox.NamedNode(t)
            except ValueError:
                return frozenset()
            got = frozenset(
                q.subject.value
                for q in self.store.quads(predicate=ox.NamedNode(INSTANCE_OF), object=node)
                if not isinstance(q.subject, ox.Triple)  # kgfc writes no RDF-star
            )
            with self._lock:
                self._members[t] = got
        return got

    def all_functionality(self) -> dict[str, Functionality]:
        return dict(self._load_functionality())

    # -- ranges -----------------------------------------------------------
    def _load_ranges(self) -> dict[str, RangeInfo]:
        with self._lock:
            if self._ranges is None:
                out: dict[str, RangeInfo] = {}
                for row in _run_cached(self.store, "property_object_counts"):
                    p = row["property"]
                    if p is None:  # the group key: bound
                        continue
                    out[p] = RangeInfo(p, int(row["objects"] or 0), int(row["typedObjects"] or 0))
                for row in _run_cached(self.store, "property_range_types"):
                    p, t = row["property"], row["type"]
                    if p is None or t is None:  # the group keys: bound
                        continue
                    info = out.setdefault(p, RangeInfo(p))
                    info.types[t] = int(row["objects"] or 0)
                self._ranges = out
            return self._ranges

    def range(self, prop: str) -> RangeInfo | None:
        return self._load_ranges().get(prop)

    def types_of(self, entities: Iterable[str]) -> dict[str, set[str]]:
        """``wdt:P31`` types of the entities (kept until the store's next write)."""
        return entity_types(self.store, entities)


@dataclass(frozen=True)
class Succession:
    """A property whose several values are successive states (``successions.toml``)."""

    name: str
    property: str
    former_types: frozenset[str]
    min_single: float
    source: str


@functools.cache
def successions() -> dict[str, Succession]:
    """The succession table, by full property IRI, loaded once."""
    raw = tomllib.loads(resources.files("kgfc.reason").joinpath("successions.toml").read_text())
    out = {}
    for e in raw["succession"]:
        prop = "http://www.wikidata.org/prop/direct/" + e["property"]
        formers = frozenset("http://www.wikidata.org/entity/" + q for q in e["former_types"])
        out[prop] = Succession(e["name"], prop, formers, float(e["min_single"]), e["source"])
    return out


COUNTRY = "http://www.wikidata.org/prop/direct/P17"
CONTINENT = "http://www.wikidata.org/prop/direct/P30"
INSTANCE_OF = "http://www.wikidata.org/prop/direct/P31"


def conflict_properties(store: KnowledgeGraph | None, props: list[str], o: str) -> list[str]:
    """``props``, with country (or continent) first when a located-in claim names one.

    "Cologne is located in Brazil" is read as located in (P131) first; a
    country object makes the city's country the relation that can exclude it.
    "Haiti is in Europe" is read as part of (P361) first; an object that is the
    KG's continent of something makes the continent (P30) that relation.
    """
    if store is None or not set(props) & LOCATION or props[0] in (COUNTRY, CONTINENT):
        return props
    import pyoxigraph as ox

    try:
        named = ox.NamedNode(o)
    except ValueError:
        return props
    # the property the object is most often a value of ("Europe" is the country of a few
    # things in the KG, the continent of hundreds)
    uses = {
        prop: sum(1 for _ in islice(store.quads(predicate=ox.NamedNode(prop), object=named), 50))
        for prop in (COUNTRY, CONTINENT)
    }
    best = max(uses, key=lambda prop: uses[prop])
    return [best, *(p for p in props if p != best)] if uses[best] else props


def single_valued(store: KnowledgeGraph, prop: str) -> bool:
    """Can a stated value of ``prop`` exclude another (functional, or a succession of states)?"""
    stats = stats_for(store)
    func = stats.functionality(prop)
    if func is not None and func.functional:
        return True
    got = stats.present_functionality(prop)
    return got is not None and got[0].value >= successions()[prop].min_single


def _run_cached(store: KnowledgeGraph, name: str) -> Rows:
    return stable_rows(store, name)


_CACHE: weakref.WeakKeyDictionary[KnowledgeGraph, tuple[Snapshot, KGStats]] = (
    weakref.WeakKeyDictionary()
)
_CACHE_LOCK = threading.Lock()


def stats_for(store: KnowledgeGraph) -> KGStats:
    """The cached :class:`KGStats` of ``store`` (one per store object).

    Computed again after a load, a replacement or a removal of facts
    (:attr:`~kgfc.kg.store.KnowledgeGraph.wholesale_generation`), and once facts
    added since reach :data:`kgfc.kg.aggregates.STALE_SHARE` of the store.
    """
    with _CACHE_LOCK:
        cached = _CACHE.get(store)
        if cached is not None and still_fresh(store, cached[0]):
            return cached[1]
        stats = KGStats(store)
        _CACHE[store] = (snapshot(store), stats)
        return stats
