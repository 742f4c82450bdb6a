"""What the KG says for and against an unstated claim: the features a calibrated combiner weighs.

One mined rule's confidence is a weak signal on its own (CoDEx's hard
negatives are plausible by construction: "Samuel Beckett occupation actor").
:func:`features` gathers, for a claim (s P o) that no fact states, every
signal the KG offers, each one citable:

- **rules** (:mod:`kgfc.reason.completion`): the best rule, the best path rule
  and how many apply; rules with a constant read from the subject's side
  (``(s a c') => (s P o)``) and from the object's (``(o a c') => (s P o)``),
  each as the best confidence, the summed log-lift over the object's prior
  (a naive-Bayes aggregate of every rule that fires) and the count;
- **peers** (collaborative evidence): the entities most like s — sharing its
  facts, rare facts weighing more (IDF) — that have some value for P: the
  share of them that have o, with and without s's own P values among the
  shared facts. The same from o's side (entities most like o
  that are a P of s), and o's co-occurrence with s's other P values
  ("singer" is often listed with "songwriter");
- **priors**: how many subjects have o as their P (popularity), how many P
  values s already has, and whether it has none (PCA: a subject with values
  listed is taken as complete more often than one with none);
- **the subject's description** (:mod:`kgfc.reason.descriptions`): whether the
  KG's one-line description of s names o ("Russian playwright and short-story
  writer" names playwright, not poet).

:mod:`kgfc.reason.calibration` fits one logistic model per relation over these
features on labelled claims; the reasoner cites the rule's facts and the
peers' facts that made the prediction.
"""

from __future__ import annotations

import heapq
import math
import threading
from collections import OrderedDict, defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kgfc.reason import embedding as kge
from kgfc.reason.completion import P31, Completion, Hit, KGIndex, Triple, _fact
from kgfc.reason.descriptions import description_signal
from kgfc.reason.rules import Atom

if TYPE_CHECKING:
    from kgfc.kg.labels import LabelIndex
    from kgfc.reason.factindex import FactIndex

FEATURES = (
    "rule",  # best rule confidence
    "path_rule",  # best path rule confidence
    "path_rules",  # log(1 + path rules that apply)
    "subject_rule",  # best constant rule read from the subject's facts
    "subject_lift",  # summed log-lift of those rules over the object's prior
    "subject_rules",  # log(1 + their count)
    "object_rule",  # best constant rule read from the object's facts
    "object_lift",
    "object_rules",
    "object_popularity",  # log(1 + subjects having o as their P)
    "subject_values",  # log(1 + P values s already has)
    "subject_has_none",  # 1 when s has no P value at all
    "peers",  # IDF-weighted share of s's peers (with a P value) that have o
    "peers_share",  # unweighted share
    "value_peers",  # the same with s's own P values counted as shared facts
    "object_peers",  # the same from o's side: o's peers that are a P of s
    "object_peers_share",
    "co_values",  # best co-occurrence (cosine of subject sets) of o with s's other P values
    "co_values_sum",
    "described",  # the subject's description names the object: 1, does not: 0, none: NaN
)

PEERS = 50  # peers voting
MAX_SHARED = (
    500  # a fact shared by more entities than this says little about similarity (and costs)
)
_CACHE_SIZE = 4096


@dataclass
class Peers:
    """Peers of an entity that vote on a claim: who has the value, and what they share with it."""

    voters: list[tuple[str, float]] = field(
        default_factory=list
    )  # (peer, similarity) with the value
    considered: int = 0
    weighted: float = 0.0
    share: float = 0.0


@dataclass
class Signals:
    """A claim's feature vector and what to cite for it."""

    values: list[float]
    hits: list[Hit]
    peers: Peers
    object_peers: Peers
    value_peers: Peers
    co_value: tuple[str, int] | None = None  # (another P value of s, subjects shared with o)
    kge: list[float] = field(default_factory=list)  # kgfc.reason.embedding.FEATURES (NaN: unknown)
    description: str | None = None  # the subject's description, when it names the object

    def row(self, names: tuple[str, ...]) -> list[float]:
        """The values of the named features (:data:`FEATURES`, then the embedding's), in that order.

        A KG-embedding feature without a trained model is NaN: the combiner
        reads a missing value as neutral."""
        got = dict(zip(FEATURES, self.values, strict=True))
        got.update(zip(kge.FEATURES, self.kge or [math.nan] * len(kge.FEATURES), strict=True))
        try:
            return [got[n] for n in names]
        except KeyError as exc:
            raise ValueError(f"unknown combiner feature {exc.args[0]!r}") from None

    @property
    def citable(self) -> bool:
        return bool(
            self.hits
            or self.peers.voters
            or self.value_peers.voters
            or self.object_peers.voters
            or self.co_value
            or self.description
        )


class Similarity:
    """IDF-weighted shared facts between entities, cached per entity (hand-written: no library
    does kNN over a labelled multigraph's attribute sets, and the index is already in memory)."""

    def __init__(self, index: KGIndex | FactIndex) -> None:
        self.index = index
        self.n = max(2, len(index.adj))
        # (entity, left-out atom) -> its 4 * PEERS most similar entities, best first
        self._cache: OrderedDict[tuple[str, Atom | None], list[tuple[str, float]]] = OrderedDict()
        self._lock = threading.Lock()

    def similar(self, v: str, exclude: Atom | None) -> list[tuple[str, float]]:
        """v's most similar entities (at most ``4 * PEERS``), best first, leaving out its ``exclude`` facts."""
        key = (v, exclude)
        with self._lock:
            got = self._cache.get(key)
            if got is not None:
                self._cache.move_to_end(key)
                return got
        sim: defaultdict[str, float] = defaultdict(float)
        step = self.index.step
        for a, cs in self.index.adj.get(v, {}).items():
            if a == exclude:
                continue
            back = a.flipped()
            for c in cs:
                others = step(c, back)
                n = len(others)
                if n <= 1 or n > MAX_SHARED:
                    continue
                w = math.log(self.n / n)
                for z in others:
                    if z != v:
                        sim[z] += w
        # Ties go to the smaller IRI, and the sums are rounded first: summed in another
        # order (a set's order follows the per-process string hash) they may differ in
        # the last bit, and the peers — so the verdicts — would vary from run to run.
        top = heapq.nsmallest(
            4 * PEERS, ((z, round(w, 9)) for z, w in sim.items()), key=lambda kv: (-kv[1], kv[0])
        )
        with self._lock:
            self._cache[key] = top
            while len(self._cache) > _CACHE_SIZE:
                self._cache.popitem(last=False)
        return top

    def shared(self, v: str, z: str, limit: int = 2) -> list[tuple[Triple, Triple]]:
        """Up to ``limit`` facts v and z share (rarest first), as (v's fact, z's fact)."""
        out = []
        for a, cs in self.index.adj.get(v, {}).items():
            if a.prop == P31 and a.inverse:
                continue
            zs = self.index.step(z, a)
            for c in cs & zs:
                n = len(self.index.step(c, a.flipped()))
                if 1 < n <= MAX_SHARED:
                    out.append((n, _fact(v, a, c), _fact(z, a, c)))
        out.sort()
        return [(f1, f2) for _, f1, f2 in out[:limit]]

    def vote(self, v: str, head: Atom, c: str, *, with_own: bool = False) -> Peers:
        """Among v's most similar entities that have some ``head`` value, those whose value is c.

        Similarity leaves out v's own ``head`` facts unless ``with_own`` (then
        "has the same other occupations" makes a peer too).
        """
        sim = self.similar(v, None if with_own else head)
        step = self.index.step
        top = [(z, w) for z, w in sim if step(z, head)][:PEERS]
        if not top:
            return Peers()
        total = sum(w for _, w in top)
        voters = [(z, w) for z, w in top if c in step(z, head)]
        return Peers(
            voters,
            len(top),
            sum(w for _, w in voters) / total if total else 0.0,
            len(voters) / len(top),
        )


_SIMILARITY: dict[int, Similarity] = {}
_SIM_LOCK = threading.Lock()


def similarity_for(model: Completion) -> Similarity:
    with _SIM_LOCK:
        got = getattr(model, "_similarity", None)
        if got is None:
            got = Similarity(model.index)
            model._similarity = got  # type: ignore[attr-defined]
        return got


def _prior(index: KGIndex | FactIndex, head: Atom, c: str) -> float:
    """Share of ``head``'s subjects whose value is c (Laplace-smoothed)."""
    return (len(index.step(c, head.flipped())) + 1) / (len(index.subjects(head)) + 2)


def features(
    model: Completion,
    s: str,
    p: str,
    o: str,
    hits: list[Hit] | None = None,
    embedding: kge.Embedding | None = None,
    texts: LabelIndex | None = None,
) -> Signals:
    """The claim's :data:`FEATURES` and the hits, peers and co-values behind them; with a trained
    KG embedding (:mod:`kgfc.reason.embedding`) its features too.

    ``texts``: the store's labels and descriptions (``store.label_index()``), for
    "described" (:mod:`kgfc.reason.descriptions`); without them that feature is NaN."""
    index = model.index
    if hits is None:
        hits = model.predict(s, p, o).hits
    head = Atom(p)
    best = hits[0].rule.confidence if hits else 0.0
    path = [h.rule.confidence for h in hits if h.rule.kind == "path"]
    sides = []
    for inverse, c in ((False, o), (True, s)):
        confs = [
            h.rule.confidence
            for h in hits
            if h.rule.kind == "const" and h.rule.head_inverse == inverse
        ]
        ha = Atom(p, inverse)
        prior = _prior(index, ha, c)
        lift = sum(math.log(max(x, 1e-3) / prior) for x in confs)
        sides.append((max(confs, default=0.0), lift, math.log1p(len(confs))))
    values = len(index.step(s, head))
    sim = similarity_for(model)
    peers = sim.vote(s, head, o)
    value_peers = sim.vote(s, head, o, with_own=True)
    object_peers = sim.vote(o, head.flipped(), s)
    co_best, co_sum, co_value = 0.0, 0.0, None
    subjects_o = index.step(o, head.flipped())
    for o2 in sorted(index.step(s, head)):  # sorted: the same co-value cited in every run
        if o2 == o:
            continue
        subjects_2 = index.step(o2, head.flipped())
        both = len(subjects_o & subjects_2)
        cos = both / math.sqrt(max(1, len(subjects_o)) * max(1, len(subjects_2)))
        co_sum += cos
        if cos > co_best:
            co_best, co_value = cos, (o2, both)
    row = [
        best,
        max(path, default=0.0),
        math.log1p(len(path)),
        *sides[0],
        *sides[1],
        math.log1p(len(subjects_o)),
        math.log1p(values),
        1.0 if values == 0 else 0.0,
        peers.weighted,
        peers.share,
        value_peers.weighted,
        object_peers.weighted,
        object_peers.share,
        co_best,
        co_sum,
    ]
    description = texts.descriptions.get(s) if texts is not None else None
    described = description_signal(description, texts.label(o) if texts is not None else None)
    row.append(described)
    return Signals(
        row,
        hits,
        peers,
        object_peers,
        value_peers,
        co_value if co_value and co_value[1] else None,
        embedding.features(s, p, o) if embedding is not None else [],
        description if described == 1.0 else None,
    )
