"""Reasoning past an incomplete KG: rules mined from the store predict facts it does not state.

A KG is never complete: "Ada occupation mathematician" may be true although
no fact states it. This module mines, from the store's own entity-to-entity
facts, rules of three shapes (AnyBURL's, Meilicke et al. 2019, with AMIE's
PCA confidence, Galárraga et al. 2013):

- **path rules** up to length 3, ``(x a z1) & (z1 b z2) & (z2 c y) => (x P y)``;
  lengths 1-2 are mined exhaustively (:func:`kgfc.reason.rules.mine_rules`),
  length 3 by sampling head facts and their paths (AnyBURL-style), with the
  confidence estimated on a sample of body groundings;
- **rules with constants**, ``(x a c') => (x P c)`` ("members of the Democratic
  Party are citizens of the USA"), also with the head's variable on the
  subject side, ``(y a c') => (c P y)``;

*PCA confidence* counts, among body groundings whose subject has *some*
value for P, those whose value is the predicted one (the partial-completeness
assumption: a subject with one known citizenship is taken to have them all
listed). A claim's completion score is the best confidence of a rule whose
body holds for it; :mod:`kgfc.reason.calibration` turns scores into decisions
with per-relation thresholds fitted on labelled claims.

The same index answers whether a type clash is *demonstrable*
(:meth:`Completion.type_clash`): only when the KG states the classes disjoint
(``owl:disjointWith``, Wikidata P2738 "disjoint union of"), or when the
claimed object's classes are well populated and share no instance, no
sub/superclass link with any class observed in the property's range. A class
never seen in the range is not, by itself, evidence of falsehood.

Mining reads the store once (``rule_mining_facts``); the mined rules are cached
per store in memory and, for on-disk stores, on disk keyed by the store's
source graphs (:func:`kgfc.reason.rules.fact_fingerprint`), so a CoDEx-M-size
store is mined once. The adjacency index is rebuilt from one query per process.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import logging
import random
import threading
import time
import weakref
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypedDict, TypeVar, overload

from kgfc.kg.vocab import OWL, WDT, local_id
from kgfc.reason.factindex import FactIndex, cached_fact_index, entity_facts
from kgfc.reason.rules import Atom, mine_rules

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

log = logging.getLogger(__name__)

P31 = WDT + "P31"
P279 = WDT + "P279"
P2738 = WDT + "P2738"  # disjoint union of
OWL_DISJOINT = OWL + "disjointWith"
EXCLUDED_HEADS = frozenset({P31, P279, OWL_DISJOINT})

Triple = tuple[str, str, str]
_Row = list[
    Any
]  # a rule as JSON: [kind, head, body, support, conf, size, constant, inverse, sampled]
_K = TypeVar("_K")
_V = TypeVar("_V")
_T = TypeVar("_T")
_K_contra = TypeVar("_K_contra", contravariant=True)
_V_co = TypeVar("_V_co", covariant=True)


class _Lookup(Protocol[_K_contra, _V_co]):
    """Rules by key as :class:`CompletionRules` answers them: a dict, or :class:`_Groups`."""

    def get(self, key: _K_contra, default: _T, /) -> _V_co | _T: ...


@dataclass(frozen=True)
class CRule:
    """One mined rule. ``kind`` is "path" or "const".

    - path: ``body`` is a tuple of atoms from x to y; the head is ``(x head y)``;
    - const: ``body`` is ``((atom, c2),)``: ``(v atom c2)`` for the head's variable v;
    For const rules the head is ``(v head constant)``, or
    ``(constant head v)`` when ``head_inverse``.
    """

    kind: str
    head: str
    # path: the atoms; const: one (atom, c2) pair -- which, ``kind`` says (mypy cannot tell)
    body: tuple[Any, ...]
    support: int
    confidence: float
    body_size: int
    constant: str | None = None
    head_inverse: bool = False
    sampled: bool = False

    def describe(self, name: Callable[[str], str] = local_id) -> str:
        hp = name(self.head)
        if self.kind == "path":
            vars_ = ["x", *(f"z{i}" for i in range(1, len(self.body))), "y"]
            body = " & ".join(
                a.render(vars_[i], vars_[i + 1], name) for i, a in enumerate(self.body)
            )
            return f"{body} => (x {hp} y)"
        c = name(self.constant or "")
        head = f"({c} {hp} x)" if self.head_inverse else f"(x {hp} {c})"
        atom, c2 = self.body[0]
        return f"{atom.render('x', name(c2), name)} => {head}"

    def stats(self) -> str:
        how = "estimated on a sample, " if self.sampled else ""
        return f"support {self.support}, {how}PCA confidence {self.confidence:.2f}"

    def to_json(self) -> _Row:
        if self.kind == "path":
            body = [[a.prop, a.inverse] for a in self.body]
        else:
            body = [[self.body[0][0].prop, self.body[0][0].inverse, self.body[0][1]]]
        return [
            self.kind,
            self.head,
            body,
            self.support,
            self.confidence,
            self.body_size,
            self.constant,
            self.head_inverse,
            self.sampled,
        ]

    @classmethod
    def from_json(cls, row: _Row) -> CRule:
        kind, head, body, support, conf, size, constant, inv, sampled = row
        if kind == "path":
            b: tuple[Any, ...] = tuple(Atom(p, bool(i)) for p, i in body)
        else:
            b = ((Atom(body[0][0], bool(body[0][1])), body[0][2]),)
        return cls(kind, head, b, support, conf, size, constant, bool(inv), bool(sampled))


@dataclass
class Hit:
    """A rule whose body holds for a claim, with the KG facts it used."""

    rule: CRule
    facts: list[Triple]


@dataclass
class Prediction:
    score: float
    hits: list[Hit] = field(default_factory=list)  # best first

    @property
    def best(self) -> Hit | None:
        return self.hits[0] if self.hits else None


def _fact(a: str, atom: Atom, b: str) -> Triple:
    return (b, atom.prop, a) if atom.inverse else (a, atom.prop, b)


class KGIndex:
    """Entity-to-entity facts as adjacency sets: node -> atom -> neighbours."""

    def __init__(self, facts: Iterable[Triple]) -> None:
        adj: dict[str, dict[Atom, set[str]]] = defaultdict(lambda: defaultdict(set))
        n = 0
        for s, p, o in facts:
            if s == o or o in adj[s][Atom(p)]:
                continue
            adj[s][Atom(p)].add(o)
            adj[o][Atom(p, True)].add(s)
            n += 1
        self.adj = {k: dict(v) for k, v in adj.items()}
        self.facts = n
        self._subjects: dict[Atom, set[str]] | None = None

    def step(self, node: str, atom: Atom) -> set[str]:
        got = self.adj.get(node)
        return got.get(atom, _NONE) if got else _NONE

    def has(self, s: str, p: str, o: str) -> bool:
        return o in self.step(s, Atom(p))

    def subjects(self, atom: Atom) -> set[str]:
        """Nodes with at least one ``atom`` edge (for a head atom: the PCA denominator's subjects)."""
        if self._subjects is None:
            out: dict[Atom, set[str]] = defaultdict(set)
            for node, steps in self.adj.items():
                for a in steps:
                    out[a].add(node)
            self._subjects = dict(out)
        return self._subjects.get(atom, _NONE)

    def triples(self) -> Iterable[Triple]:
        for s, steps in self.adj.items():
            for a, objs in steps.items():
                if not a.inverse:
                    for o in objs:
                        yield (s, a.prop, o)


_NONE: set[str] = set()


@dataclass
class CompletionRules:
    rules: list[CRule]
    seconds: float = 0.0
    facts: int = 0

    def __post_init__(self) -> None:
        paths: dict[str, list[CRule]] = defaultdict(list)
        consts: dict[tuple[Atom, str | None], dict[tuple[Atom, str], CRule]] = defaultdict(dict)
        self.paths: _Lookup[str, list[CRule]] = paths
        self.consts: _Lookup[tuple[Atom, str | None], dict[tuple[Atom, str], CRule]] = consts
        for r in sorted(self.rules, key=lambda r: (-r.confidence, -r.support)):
            if r.kind == "path":
                paths[r.head].append(r)
            else:
                consts[(Atom(r.head, r.head_inverse), r.constant)][r.body[0]] = r

    def __len__(self) -> int:
        return len(self.rules)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": 1,
            "seconds": self.seconds,
            "facts": self.facts,
            "rules": [r.to_json() for r in self.rules],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CompletionRules:
        if data.get("version") != 1:
            raise ValueError("unknown completion rule file version")
        return _ParsedOnUse(data["rules"], data.get("seconds", 0.0), data.get("facts", 0))


class _ParsedOnUse(CompletionRules):
    """Rules read from JSON, each head's parsed the first time a claim asks for it.

    The demo KG ships ~39k rules and a claim needs the rules of its one
    property: parsing them all cost more than the rest of a cold start.
    ``paths``/``consts`` answer ``get`` as the eager ones do (same order,
    same rule kept per body); ``rules`` parses everything.
    """

    def __init__(self, rows: list[_Row], seconds: float = 0.0, facts: int = 0) -> None:
        self._rows = rows
        self.seconds = seconds
        self.facts = facts
        paths: dict[str, list[_Row]] = defaultdict(list)
        consts: dict[tuple[Atom, str | None], list[_Row]] = defaultdict(list)
        for row in rows:  # [kind, head, body, support, conf, size, constant, inverse, sampled]
            if row[0] == "path":
                paths[row[1]].append(row)
            else:
                consts[(Atom(row[1], bool(row[7])), row[6])].append(row)
        self.paths = _Groups(paths, lambda rs: _by_confidence(rs))
        self.consts = _Groups(consts, lambda rs: {r.body[0]: r for r in _by_confidence(rs)})
        self._all: list[CRule] | None = None

    @property
    def rules(self) -> list[CRule]:  # type: ignore[override]  # the dataclass field, parsed on use
        if self._all is None:
            self._all = [CRule.from_json(r) for r in self._rows]
        return self._all

    def __len__(self) -> int:
        return len(self._rows)


def _by_confidence(rows: list[_Row]) -> list[CRule]:
    return sorted(map(CRule.from_json, rows), key=lambda r: (-r.confidence, -r.support))


class _Groups(Generic[_K, _V]):
    """``key -> value`` built from the key's JSON rows on first ``get``."""

    def __init__(self, rows: dict[_K, list[_Row]], build: Callable[[list[_Row]], _V]) -> None:
        self._rows, self._build = rows, build
        self._done: dict[_K, _V] = {}

    @overload
    def get(self, key: _K, /) -> _V | None: ...
    @overload
    def get(self, key: _K, default: _T, /) -> _V | _T: ...
    def get(self, key: _K, default: _T | None = None) -> _V | _T | None:
        got = self._done.get(key)
        if got is None:
            rows = self._rows.get(key)
            if rows is None:
                return default
            got = self._done[key] = self._build(rows)
        return got

    def __getitem__(self, key: _K) -> _V:
        got = self.get(key)
        if got is None:
            raise KeyError(key)
        return got

    def __contains__(self, key: object) -> bool:
        return key in self._rows

    def __iter__(self) -> Iterator[_K]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)


def mine_completion_rules(
    index: KGIndex,
    *,
    min_support: int = 5,
    min_confidence: float = 0.05,
    max_path_rules: int = 100,
    max_const_rules: int = 40,
    length3: bool = True,
    samples: int = 150,
    seed: int = 0,
) -> CompletionRules:
    """Path (length 1-3) and constant rules for every property with ``min_support`` facts."""
    start = time.perf_counter()
    heads = sorted(
        {a.prop for a in _head_atoms(index) if a.prop not in EXCLUDED_HEADS},
    )
    heads = [h for h in heads if len(index.subjects(Atom(h))) and _count(index, h) >= min_support]
    short = mine_rules(
        index.triples(),
        min_support=min_support,
        min_confidence=min_confidence,
        heads=heads,
        exclude_heads=EXCLUDED_HEADS,
        max_rules_per_head=max_path_rules,
    )
    rules: list[CRule] = [
        CRule("path", r.head, r.body, r.support, r.confidence, r.body_size) for r in short.all()
    ]
    if length3:
        rng = random.Random(seed)
        for head in heads:
            rules += _mine_length3(index, head, min_support, min_confidence, samples, rng)
    for head in heads:
        for inv in (False, True):
            rules += _mine_constants(
                index, Atom(head, inv), min_support, min_confidence, max_const_rules
            )
    seconds = time.perf_counter() - start
    log.info("mined %d completion rules from %d facts in %.1fs", len(rules), index.facts, seconds)
    return CompletionRules(rules, seconds, index.facts)


def _head_atoms(index: KGIndex) -> set[Atom]:
    index.subjects(Atom(P31))  # fills the per-atom subject sets
    return set(index._subjects or {})


def _count(index: KGIndex, prop: str) -> int:
    return sum(len(index.step(s, Atom(prop))) for s in index.subjects(Atom(prop)))


MAX_FANOUT = 300  # neighbours followed per step when sampling length-3 paths
MAX_LENGTH3_BODIES = 12  # most frequent sampled bodies per head whose confidence is estimated
CONFIDENCE_SAMPLE = 60  # subjects whose body groundings estimate a length-3 rule's confidence


def _mine_length3(
    index: KGIndex, head: str, min_support: int, min_conf: float, samples: int, rng: random.Random
) -> list[CRule]:
    """AnyBURL-style: sample head facts, collect the length-3 paths between their ends, score the frequent ones.

    Hand-written because no maintained Python AnyBURL/AMIE port exists; the
    budget (``samples`` facts, ``MAX_FANOUT`` neighbours per step) bounds the cost.
    """
    ha = Atom(head)
    subjects = sorted(index.subjects(ha))
    pairs = [(x, y) for x in subjects for y in sorted(index.step(x, ha))]
    if len(pairs) < min_support:
        return []
    sample = rng.sample(pairs, min(samples, len(pairs)))
    seen: Counter[tuple[Atom, Atom, Atom]] = Counter()
    for x, y in sample:
        ends: dict[str, list[Atom]] = defaultdict(list)  # z2 -> atoms z2 -> y
        for a, zs in index.adj.get(y, {}).items():
            for z2 in _first(zs, MAX_FANOUT):
                ends[z2].append(a.flipped())
        found: set[tuple[Atom, Atom, Atom]] = set()
        for a1, z1s in index.adj.get(x, {}).items():
            for z1 in _first(z1s, MAX_FANOUT):
                if z1 in (x, y):
                    continue
                for a2, z2s in index.adj.get(z1, {}).items():
                    if len(z2s) > MAX_FANOUT:
                        continue
                    for z2 in z2s & ends.keys():
                        if z2 in (x, y, z1):
                            continue
                        for a3 in ends[z2]:
                            found.add((a1, a2, a3))
        seen.update(found)
    need = max(3, min_support * len(sample) // max(1, len(pairs)))
    out = []
    for body, n in sorted(seen.items(), key=lambda kv: (-kv[1], kv[0]))[:MAX_LENGTH3_BODIES]:
        if n < need:
            break
        if any(a.prop in EXCLUDED_HEADS for a in body):
            # "x shares a class with z2, and z2 has y": a prior in disguise (types enter via constant rules)
            continue
        conf, size = _sampled_confidence(index, ha, subjects, body, rng)
        if size and conf >= min_conf:
            support = round(n * len(pairs) / len(sample))
            out.append(CRule("path", head, body, support, conf, size, sampled=True))
    return out


def _first(nodes: set[str], n: int) -> Iterable[str]:
    """At most ``n`` of ``nodes``, the same ones in every process (a set's order follows the
    per-process string hash, and a truncated set would make the mined rules vary run to run)."""
    return nodes if len(nodes) <= n else sorted(nodes)[:n]


def _sampled_confidence(
    index: KGIndex, ha: Atom, subjects: list[str], body: tuple[Atom, ...], rng: random.Random
) -> tuple[float, int]:
    xs = rng.sample(subjects, min(CONFIDENCE_SAMPLE, len(subjects)))
    pairs = hits = 0
    for x in xs:
        frontier = {x}
        for a in body:
            nxt: set[str] = set()
            for z in sorted(frontier):
                nxt |= index.step(z, a)
                if len(nxt) > MAX_FANOUT:
                    break
            frontier = nxt
        frontier.discard(x)
        pairs += len(frontier)
        hits += len(frontier & index.step(x, ha))
    return (hits / pairs if pairs else 0.0), pairs


def _mine_constants(
    index: KGIndex, ha: Atom, min_support: int, min_conf: float, max_rules: int
) -> list[CRule]:
    """``(v a c2) => (v ha c)`` for every value c of head atom ``ha`` with ``min_support`` subjects."""
    subjects = index.subjects(ha)
    by_value: dict[str, list[str]] = defaultdict(list)
    for v in subjects:
        for c in index.step(v, ha):
            by_value[c].append(v)
    out: list[CRule] = []
    body_sizes: dict[tuple[Atom, str], int] = {}
    head, inv = ha.prop, ha.inverse
    for c, vs in sorted(by_value.items()):
        if len(vs) < min_support:
            continue
        counts: Counter[tuple[Atom, str]] = Counter()
        for v in vs:
            for a, c2s in index.adj[v].items():
                if a == ha:
                    continue  # (v P c2) => (v P c): tried, adds rules and no accuracy on CoDEx
                for c2 in c2s:
                    if c2 != c:
                        counts[(a, c2)] += 1
        found = []
        for (a, c2), sup in counts.items():
            if sup < min_support:
                continue
            size = body_sizes.get((a, c2))
            if size is None:
                # PCA body: subjects with (v a c2) that have some value for the head
                size = len(index.step(c2, a.flipped()) & subjects)
                body_sizes[(a, c2)] = size
            conf = sup / size if size else 0.0
            if conf >= min_conf:
                found.append(CRule("const", head, ((a, c2),), sup, conf, size, c, inv))
        found.sort(key=lambda r: (-r.confidence, -r.support, r.body))  # the body breaks ties
        out += found[:max_rules]
    return out


class Completion:
    """Mined rules over an index of the store: predictions with the facts they rest on."""

    def __init__(
        self, index: KGIndex | FactIndex, rules: CompletionRules | Callable[[], CompletionRules]
    ) -> None:
        self.index = index
        self._rules = rules
        self._disjoint: dict[str, set[str]] | None = None
        self._ranges: dict[str, Counter[str]] = {}
        self._lock = threading.Lock()

    @property
    def rules(self) -> CompletionRules:
        """The mined rules; mined (or read from the cache) on first use, so type checks alone stay cheap."""
        if callable(self._rules):
            with self._lock:
                if callable(self._rules):
                    self._rules = self._rules()
        return self._rules

    # -- prediction -------------------------------------------------------
    def predict(self, s: str, p: str, o: str) -> Prediction:
        """Every rule for (s p o) whose body holds in the KG, best first; score = the best confidence."""
        hits: list[Hit] = []
        for rule in self.rules.paths.get(p, ()):
            facts = self._ground_path(s, rule.body, o)
            if facts is not None:
                hits.append(Hit(rule, facts))
        for ha, v, c in ((Atom(p), s, o), (Atom(p, True), o, s)):
            by_body = self.rules.consts.get((ha, c), None)
            if by_body:
                for a, c2s in self.index.adj.get(v, {}).items():
                    for c2 in c2s:
                        const = by_body.get((a, c2))
                        if const is not None:
                            hits.append(Hit(const, [_fact(v, a, c2)]))
        hits.sort(key=lambda h: (-h.rule.confidence, -h.rule.support, len(h.facts)))
        return Prediction(hits[0].rule.confidence if hits else 0.0, hits)

    def _ground_path(self, x: str, body: tuple[Atom, ...], y: str) -> list[Triple] | None:
        step = self.index.step
        if len(body) == 1:
            return [_fact(x, body[0], y)] if y in step(x, body[0]) else None
        last = body[-1]
        ends = step(y, last.flipped())  # nodes z with (z last y)
        if not ends:
            return None
        if len(body) == 2:
            for z in step(x, body[0]) & ends:
                if z not in (x, y):
                    return [_fact(x, body[0], z), _fact(z, last, y)]
            return None
        for z1 in step(x, body[0]):
            if z1 in (x, y):
                continue
            for z2 in step(z1, body[1]) & ends:
                if z2 not in (x, y, z1):
                    return [_fact(x, body[0], z1), _fact(z1, body[1], z2), _fact(z2, last, y)]
        return None

    # -- partial completeness --------------------------------------------
    def known_values(self, s: str, p: str) -> set[str]:
        return self.index.step(s, Atom(p))

    # -- types ------------------------------------------------------------
    def types(self, e: str) -> set[str]:
        return self.index.step(e, Atom(P31))

    def _superclasses(self, t: str, depth: int = 6) -> set[str]:
        out = {t}
        frontier = {t}
        for _ in range(depth):
            frontier = {u for c in frontier for u in self.index.step(c, Atom(P279))} - out
            if not frontier:
                break
            out |= frontier
        return out

    def _stated_disjoint(self) -> dict[str, set[str]]:
        with self._lock:
            if self._disjoint is None:
                out: dict[str, set[str]] = defaultdict(set)
                # only the nodes that state a disjointness (not a walk over every node)
                for node in self.index.subjects(Atom(OWL_DISJOINT)):
                    for c in self.index.step(node, Atom(OWL_DISJOINT)):
                        out[node].add(c)
                        out[c].add(node)
                for node in self.index.subjects(Atom(P2738)):
                    parts = self.index.step(node, Atom(P2738))
                    for a in parts:
                        for b in parts:
                            if a != b:
                                out[a].add(b)
                self._disjoint = dict(out)
            return self._disjoint

    def range_types(self, p: str) -> Counter[str]:
        """Classes of the property's objects: class -> distinct objects of that class."""
        with self._lock:
            got = self._ranges.get(p)
            if got is None:
                got = Counter()
                objects = self.index.subjects(Atom(p, True))
                for o in objects:
                    got.update(self.types(o))
                self._ranges[p] = got
            return got

    def type_clash(
        self, p: str, o: str, *, min_range_objects: int = 20, min_class_size: int = 20
    ) -> tuple[str, str] | None:
        """(object class, why) when (? p o) is demonstrably ill-typed, else None.

        Demonstrable means: the KG states the object's class disjoint from every
        class in the property's range; or the range is observed over at least
        ``min_range_objects`` typed objects, and each of the object's classes
        has at least ``min_class_size`` instances, none of which is an instance
        of a range class, and is no sub/superclass of one.
        """
        rng = self.range_types(p)
        typed = len(self.index.subjects(Atom(p, True)) & self.index.subjects(Atom(P31)))
        o_types = self.types(o)
        if not rng or not o_types or typed < min_range_objects:
            return None
        if o_types & rng.keys():
            return None
        disjoint = self._stated_disjoint()
        for t in o_types:
            sup = self._superclasses(t)
            if all(any(disjoint.get(a, _NONE) & self._superclasses(r) for a in sup) for r in rng):
                return t, "the KG states it disjoint from every class among the objects"
        for t in o_types:
            members = self.index.step(t, Atom(P31, True))
            if len(members) < min_class_size:
                return None  # too few instances to show anything about the class
            sup = self._superclasses(t)
            for r in rng:
                if r in sup or t in self._superclasses(r):
                    return None
                if members & self.index.step(r, Atom(P31, True)):
                    return None
        t = min(o_types)
        n = len(self.index.step(t, Atom(P31, True)))
        return (
            t,
            f"none of its {n} instances in the KG belongs to, or is a sub- or superclass of, "
            f"any of the {len(rng)} classes observed among the {typed} typed objects",
        )


# -- per-store cache ------------------------------------------------------


class _RuleOptions(TypedDict):
    min_support: int
    min_confidence: float
    length3: bool


RULE_DEFAULTS: _RuleOptions = {"min_support": 5, "min_confidence": 0.05, "length3": True}

_CACHE: weakref.WeakKeyDictionary[KnowledgeGraph, Completion] = weakref.WeakKeyDictionary()
_LOCK = threading.Lock()


def _disk_path(store: KnowledgeGraph, fingerprint: str) -> Path | None:
    folder = store.cache_dir("completion")
    if folder is None:
        return None
    key = json.dumps(RULE_DEFAULTS, sort_keys=True)
    digest = hashlib.sha256(f"{fingerprint}|{key}|completion-v1".encode()).hexdigest()[:24]
    return folder / f"{digest}.json"


def _index_for(store: KnowledgeGraph) -> KGIndex | FactIndex:
    """The store's facts for rule grounding: an on-disk store's cached on disk per knowledge
    version (kgfc.reason.factindex), an in-memory store's in a KGIndex."""

    def read() -> list[Triple]:
        facts = entity_facts(store)
        facts += [
            (a, OWL_DISJOINT, b)
            for r in store.run("class_disjointness")
            if (a := r["a"]) is not None and (b := r["b"]) is not None  # both bound in the query
        ]
        return facts

    if store.cache_dir("factindex") is None:  # in memory: nothing to keep for another process
        store.aggregate_builds["completion_facts"] += 1
        return KGIndex(read())
    return cached_fact_index(store, "completion_facts", read)


_BY_KEY: dict[
    str, Completion
] = {}  # the latest few, shared by store objects with the same sources and cache
_BY_KEY_MAX = 2


def completion_for(store: KnowledgeGraph) -> Completion:
    """The store's :class:`Completion`, built on first use; rules mined once and cached on disk.

    Like :mod:`kgfc.reason.kgstats`, it describes the store as of its first use
    (a web page ingested later is not re-mined for every claim): call
    :func:`refresh` after a large load. Store objects with the same knowledge
    sources (the demo KG opened twice) share one.
    """
    from kgfc.reason.rules import fact_fingerprint

    with _LOCK:
        got = _CACHE.get(store)
        if got is not None:
            return got
        fingerprint = fact_fingerprint(store)  # claim graphs (recorded verdicts) left out
        path = _disk_path(store, fingerprint)
        key = f"{fingerprint}|{path}"
        model = _BY_KEY.get(key)
        if model is None:
            index = _index_for(store)
            model = Completion(index, lambda: _load_or_mine(index, path, fingerprint))
            _BY_KEY[key] = model
            while len(_BY_KEY) > _BY_KEY_MAX:
                _BY_KEY.pop(next(iter(_BY_KEY)))
        _CACHE[store] = model
        return model


def refresh(store: KnowledgeGraph) -> None:
    """Forget the store's completion index and rules (rebuilt, and re-mined unless cached, on next use)."""
    with _LOCK:
        _CACHE.pop(store, None)
        _BY_KEY.clear()


SHIPPED = Path(__file__).resolve().parents[1] / "data" / "demo_completion.json.gz"


def _shipped(fingerprint: str) -> CompletionRules | None:
    """Rules mined at build time for the bundled demo KG (``scripts/build_demo_rules.py``)."""
    if not SHIPPED.is_file():
        return None
    data = json.loads(gzip.decompress(SHIPPED.read_bytes()).decode("utf-8"))
    if data.get("fingerprint") != fingerprint or data.get("key") != RULE_DEFAULTS:
        return None
    return CompletionRules.from_json(data)


def _load_or_mine(
    index: KGIndex | FactIndex, path: Path | None, fingerprint: str
) -> CompletionRules:
    shipped = _shipped(fingerprint)
    if shipped is not None:
        return shipped
    if path is not None and path.is_file():
        try:
            return CompletionRules.from_json(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.warning("ignoring unreadable completion rule cache %s: %s", path, exc)
    if isinstance(index, FactIndex):  # mining walks every node: the full in-memory index
        index = KGIndex(index.triples())
    rules = mine_completion_rules(index, **RULE_DEFAULTS)
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(json.dumps(rules.to_json()), encoding="utf-8")
            tmp.replace(path)
        except OSError as exc:
            log.warning("cannot cache completion rules at %s: %s", path, exc)
    return rules
