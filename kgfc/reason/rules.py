"""AMIE-style Horn rules mined from the store, and their application to evidence.

A rule says that a short path between two entities predicts a fact between
them::

    (x P19 z) & (z P17 y)  =>  (x P27 y)      born in a place of country y => citizen of y
    (y P530 x)             =>  (x P530 y)      diplomatic relations are symmetric

Bodies have one or two atoms; each atom may be read forwards or backwards
(``inverse``), so ``(z P40 x) & (z P40 y) => (x P3373 y)`` (two children of
one parent are siblings) is a rule too. As in AMIE (Galárraga et al., 2013):

- *support*: distinct (x, y) pairs for which body and head both hold;
- *PCA confidence*: support divided by the body pairs whose x has *some*
  value for the head property (the partial-completeness assumption: if the
  KG knows one citizenship of x, it is taken to know them all).

Mining reads every entity-to-entity fact with one query
(``rule_mining_facts``) and joins paths over an in-memory adjacency index:
the same joins as SPARQL aggregates take minutes on hub entities
(countries, occupations), in memory they take seconds. Body counting stops as
soon as a rule's confidence is certain to fall below the threshold, which
keeps hub-heavy rules cheap.

The local reasoner uses rules to *support* claims (confidence = the rule's
confidence, never a refutation on their own), with the matched path as the
justification.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import threading
import time
import weakref
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, TypedDict, Unpack

from kgfc.kg.aggregates import computing
from kgfc.kg.store import KnowledgeGraph
from kgfc.kg.vocab import WDT, local_id

log = logging.getLogger(__name__)

DEFAULT_EXCLUDED_HEADS = frozenset({WDT + "P31"})
_EMPTY: frozenset[str] = frozenset()


class Atom(NamedTuple):
    """One step along a path: ``(a prop b)`` when not inverse, ``(b prop a)`` when inverse."""

    prop: str
    inverse: bool = False

    def flipped(self) -> Atom:
        return Atom(self.prop, not self.inverse)

    def render(self, a: str, b: str, name: Callable[[str], str]) -> str:
        p = name(self.prop)
        return f"({b} {p} {a})" if self.inverse else f"({a} {p} {b})"


@dataclass(frozen=True)
class Rule:
    head: str
    body: tuple[Atom, ...]
    support: int
    confidence: float  # PCA confidence
    body_size: int

    def describe(self, name: Callable[[str], str] = local_id) -> str:
        if len(self.body) == 1:
            body = self.body[0].render("x", "y", name)
        else:
            body = f"{self.body[0].render('x', 'z', name)} & {self.body[1].render('z', 'y', name)}"
        return f"{body} => (x {name(self.head)} y)"

    def to_dict(self) -> dict[str, object]:
        return {
            "rule": self.describe(),
            "head": local_id(self.head),
            "body": [[local_id(a.prop), a.inverse] for a in self.body],
            "support": self.support,
            "pca_confidence": round(self.confidence, 4),
            "pca_body_size": self.body_size,
        }


class EdgeIndex:
    """Facts as an adjacency index: node -> atom -> neighbour -> a payload (e.g. an evidence id)."""

    def __init__(self) -> None:
        self._adj: dict[str, dict[Atom, dict[str, str]]] = defaultdict(lambda: defaultdict(dict))

    def add(self, s: str, p: str, o: str, payload: str) -> None:
        self._adj[s][Atom(p)].setdefault(o, payload)
        self._adj[o][Atom(p, True)].setdefault(s, payload)

    def step(self, node: str, atom: Atom) -> dict[str, str]:
        got = self._adj.get(node)
        if got is None:
            return {}
        return got.get(atom, {})

    def atoms(self, node: str) -> dict[Atom, dict[str, str]]:
        return self._adj.get(node, {})


@dataclass
class RuleMatch:
    rule: Rule
    payloads: list[str]  # one per body atom, in path order
    via: str | None = None  # the middle entity of a length-2 path


@dataclass
class RuleSet:
    rules: dict[str, list[Rule]] = field(default_factory=dict)
    seconds: float = 0.0
    facts: int = 0

    def __len__(self) -> int:
        return sum(len(v) for v in self.rules.values())

    def for_head(self, head: str) -> list[Rule]:
        return self.rules.get(head, [])

    def all(self) -> list[Rule]:
        return sorted(
            (r for rs in self.rules.values() for r in rs),
            key=lambda r: (-r.confidence, -r.support, r.head, r.body),
        )

    def matches(
        self, head: str, x: str, y: str, index: EdgeIndex, min_confidence: float = 0.0
    ) -> list[RuleMatch]:
        """Rules for ``head`` whose body holds between x and y in ``index``, best first, one match each."""
        out: list[RuleMatch] = []
        for rule in self.for_head(head):
            if rule.confidence < min_confidence:
                continue
            first = index.step(x, rule.body[0])
            if len(rule.body) == 1:
                if y in first and x != y:
                    out.append(RuleMatch(rule, [first[y]]))
                continue
            for z, p1 in first.items():
                if z in (x, y):
                    continue
                p2 = index.step(z, rule.body[1]).get(y)
                if p2 is not None:
                    out.append(RuleMatch(rule, [p1, p2], via=z))
                    break
        return out


def _index(
    facts: Iterable[tuple[str, str, str]],
) -> tuple[
    dict[str, dict[Atom, set[str]]],
    dict[str, dict[str, list[Atom]]],
    dict[str, frozenset[str]],
    dict[str, set[tuple[str, str]]],
    int,
]:
    adj: dict[str, dict[Atom, set[str]]] = defaultdict(lambda: defaultdict(set))
    by_head: dict[str, set[tuple[str, str]]] = defaultdict(set)
    n = 0
    for s, p, o in facts:
        if s == o:
            continue
        if o in adj[s][Atom(p)]:
            continue
        n += 1
        adj[s][Atom(p)].add(o)
        adj[o][Atom(p, True)].add(s)
        by_head[p].add((s, o))
    # node -> neighbour -> atoms leading there, for support counting.
    nbrs: dict[str, dict[str, list[Atom]]] = {}
    keys: dict[str, frozenset[str]] = {}
    for node, steps in adj.items():
        m: dict[str, list[Atom]] = defaultdict(list)
        for atom, others in steps.items():
            for other in others:
                m[other].append(atom)
        nbrs[node] = dict(m)
        keys[node] = frozenset(m)
    return adj, nbrs, keys, by_head, n


def mine_rules(
    facts: Iterable[tuple[str, str, str]],
    *,
    min_support: int = 20,
    min_confidence: float = 0.5,
    max_heads: int | None = None,
    heads: Sequence[str] | None = None,
    exclude_heads: Iterable[str] = DEFAULT_EXCLUDED_HEADS,
    max_rules_per_head: int = 50,
) -> RuleSet:
    """Mine rules with bodies of length 1 and 2 from (s, p, o) IRI triples."""
    start = time.perf_counter()
    adj, nbrs, keys, by_head, n_facts = _index(facts)
    excluded = set(exclude_heads)
    if heads is None:
        ranked = sorted(
            (p for p, fs in by_head.items() if len(fs) >= min_support and p not in excluded),
            key=lambda p: (-len(by_head[p]), p),
        )
        heads = ranked[:max_heads] if max_heads else ranked
    out: dict[str, list[Rule]] = {}
    for head in heads:
        head_facts = by_head.get(head, set())
        support: Counter[tuple[Atom, ...]] = Counter()
        head_atom = Atom(head)
        for x, y in head_facts:
            found: set[tuple[Atom, ...]] = set()
            nx, ny = nbrs.get(x, {}), nbrs.get(y, {})
            for atom in nx.get(y, ()):
                if atom != head_atom:
                    found.add((atom,))
            for z in keys.get(x, _EMPTY) & keys.get(y, _EMPTY):  # C-level, iterates the smaller set
                if z in (x, y):
                    continue
                # atoms from x to z and from y to z; the path x->z->y needs z->y = flip(y->z).
                xs, ys = nx[z], ny[z]
                for a2 in ys:
                    back = Atom(a2[0], not a2[1])
                    for a1 in xs:
                        found.add((a1, back))
            support.update(found)
        subjects = {x for x, _ in head_facts}
        rules: list[Rule] = []
        for body, sup in support.most_common():
            if sup < min_support:
                break
            body_size = _pca_body(
                adj, subjects, body, limit=sup / min_confidence if min_confidence > 0 else None
            )
            if body_size is None or body_size == 0:
                continue
            conf = sup / body_size
            if conf >= min_confidence:
                rules.append(Rule(head, body, sup, conf, body_size))
        rules.sort(key=lambda r: (-r.confidence, -r.support, r.body))  # the body breaks ties
        if rules:
            out[head] = rules[:max_rules_per_head]
    seconds = time.perf_counter() - start
    log.info(
        "mined %d rules over %d heads from %d facts in %.1fs",
        sum(map(len, out.values())),
        len(heads),
        n_facts,
        seconds,
    )
    return RuleSet(out, seconds, n_facts)


def _pca_body(
    adj: dict[str, dict[Atom, set[str]]],
    subjects: set[str],
    body: tuple[Atom, ...],
    limit: float | None,
) -> int | None:
    """Distinct (x, y) body pairs with x among the head's subjects; None once past ``limit``."""
    total = 0
    a1 = body[0]
    for x in subjects:
        steps = adj.get(x)
        if not steps:
            continue
        zs = steps.get(a1)
        if not zs:
            continue
        if len(body) == 1:
            total += len(zs) - (x in zs)
        else:
            a2 = body[1]
            ys: set[str] = set()
            for z in zs:
                if z == x:
                    continue
                nxt = adj[z].get(a2)
                if nxt:
                    ys |= nxt
            ys.discard(x)
            total += len(ys)
        if limit is not None and total > limit:
            return None
    return total


class MiningOptions(TypedDict, total=False):
    """:func:`mine_rules`'s keyword arguments."""

    min_support: int
    min_confidence: float
    max_heads: int | None
    heads: Sequence[str] | None
    exclude_heads: Iterable[str]
    max_rules_per_head: int


def mine_store_rules(store: KnowledgeGraph, **kwargs: Unpack[MiningOptions]) -> RuleSet:
    """Mine rules from every entity-to-entity fact in ``store`` (one query)."""
    rows = store.run("rule_mining_facts")
    return mine_rules(
        (
            (s, p, o)
            for r in rows
            # all bound in the query
            if (s := r["s"]) is not None and (p := r["p"]) is not None and (o := r["o"]) is not None
        ),
        **kwargs,
    )


def ruleset_to_json(rules: RuleSet) -> dict[str, Any]:
    return {
        "version": 1,
        "seconds": rules.seconds,
        "facts": rules.facts,
        "rules": [
            [r.head, [[a.prop, a.inverse] for a in r.body], r.support, r.confidence, r.body_size]
            for r in rules.all()
        ],
    }


def ruleset_from_json(data: dict[str, Any]) -> RuleSet:
    out: dict[str, list[Rule]] = defaultdict(list)
    for head, body, support, conf, size in data["rules"]:
        out[head].append(
            Rule(head, tuple(Atom(p, bool(inv)) for p, inv in body), support, conf, size)
        )
    return RuleSet(dict(out), data.get("seconds", 0.0), data.get("facts", 0))


def fact_fingerprint(store: KnowledgeGraph) -> str:
    """Identifies the fact-bearing content of a store by its knowledge graphs' IRIs.

    Source IRIs are content-derived (file hash, endpoint+entity, URL), so this
    matches the rules shipped for the demo KG; claims are left out.
    """
    ident = "\n".join(store.graphs())
    return hashlib.sha256(ident.encode("utf-8")).hexdigest()[:24]


_Key = tuple[int, float, int | None]  # min_support, min_confidence, max_heads

SHIPPED_RULES = Path(__file__).resolve().parents[1] / "data" / "demo_rules.json"


def _shipped(fingerprint: str, key: _Key) -> RuleSet | None:
    """Rules mined at build time for the bundled demo KG (mining it takes ~30 s)."""
    if not SHIPPED_RULES.is_file():
        return None
    data = json.loads(SHIPPED_RULES.read_text(encoding="utf-8"))
    if data.get("fingerprint") != fingerprint or tuple(data.get("key", ())) != key:
        return None
    return ruleset_from_json(data)


def _disk_cache(store: KnowledgeGraph, fingerprint: str, key: _Key) -> Path | None:
    """Where the rules of an on-disk store are cached, keyed by its sources and the thresholds."""
    folder = store.cache_dir("rules")
    if folder is None:
        return None
    digest = hashlib.sha256(f"{fingerprint}|{key}|v2".encode()).hexdigest()[:24]
    return folder / f"{digest}.json"


_CACHE: weakref.WeakKeyDictionary[KnowledgeGraph, dict[_Key, RuleSet]] = weakref.WeakKeyDictionary()
_LOCK = threading.Lock()


def refresh_rules(store: KnowledgeGraph) -> None:
    """Forget the store's in-process rules (re-read from the disk cache or re-mined on next use)."""
    with _LOCK:
        _CACHE.pop(store, None)


def rules_for(
    store: KnowledgeGraph,
    *,
    min_support: int = 20,
    min_confidence: float = 0.5,
    max_heads: int | None = 100,
) -> RuleSet:
    """The store's mined rules: per process, then on disk, then shipped, else mined once.

    In-process copies describe the store as of their first use, like the
    property statistics and the completion index: a web page or document
    added during a batch does not re-mine the whole KG for the next claim
    (:func:`refresh_rules` after a large load; a new process sees the new
    KG). The disk cache is keyed by the knowledge version. Recording claims
    touches neither.
    """
    key = (min_support, min_confidence, max_heads)
    with _LOCK:
        per_store = _CACHE.setdefault(store, {})
        if key in per_store:
            return per_store[key]
        cached = _disk_cache(store, store.knowledge_key(), key)
        if cached is not None and cached.is_file():
            try:
                per_store[key] = ruleset_from_json(json.loads(cached.read_text(encoding="utf-8")))
                return per_store[key]
            except (OSError, ValueError, KeyError, TypeError) as exc:
                log.warning("ignoring unreadable rule cache %s: %s", cached, exc)
        rules = _shipped(fact_fingerprint(store), key)
        if rules is None:
            store.aggregate_builds["rules"] += 1
            with computing("rules"):
                rules = mine_store_rules(
                    store,
                    min_support=min_support,
                    min_confidence=min_confidence,
                    max_heads=max_heads,
                )
        per_store[key] = rules
        if cached is not None:
            try:
                cached.parent.mkdir(parents=True, exist_ok=True)
                tmp = cached.with_suffix(f".{os.getpid()}.tmp")
                tmp.write_text(json.dumps(ruleset_to_json(rules)), encoding="utf-8")
                tmp.replace(cached)
            except OSError as exc:
                log.warning("cannot cache mined rules at %s: %s", cached, exc)
        return rules
