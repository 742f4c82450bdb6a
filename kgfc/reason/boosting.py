"""Gradient-boosted decision trees for the combiner: the signals' interactions a linear model misses.

The calibrated combiner (:mod:`kgfc.reason.calibration`) is a logistic model
per relation: each signal adds to the log-odds on its own. Some signals only
mean something together — a constant rule's lift counts when the subject
already lists values, the peers' share depends on how many peers voted, and
the relation changes all of it. A small ensemble of regression trees fitted by
gradient boosting on the logistic loss (Friedman 2001; leaf-wise growth and
histogram splits as in LightGBM, Ke et al. 2017) learns those interactions,
and the combiner averages its probability with the logistic model's.

Hand-written on numpy (a default dependency) rather than scikit-learn's or
LightGBM's boosting: both need scipy (~50 MB with scikit-learn) for a model of
a few hundred small trees, and the fitted model must be stored in the
calibration JSON file a user points ``KGFC_CALIBRATION`` at — scikit-learn
models are stored by pickling, which runs code on load. Here a tree is plain
data (:meth:`Forest.to_json`) and prediction is a walk down it.

The relation is a categorical feature: a split sends a set of relations left
(the node's relations ordered by their gradient ratio, then scanned like a
numeric feature: LightGBM's method). A relation the split never saw follows
the side that had more training claims. A missing value (NaN) goes left, with
the lowest values.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypedDict, TypeVar

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Floats = npt.NDArray[np.float64]
    Ints = npt.NDArray[np.int64]
    Bools = npt.NDArray[np.bool_]
    Numbers = npt.NDArray[np.number[Any]]  # bincount's sums: float64, typed as its counts' intp

BINS = 64  # histogram bins per numeric feature (quantiles of the training values)
MIN_HESSIAN = 1e-3  # of a child, as scikit-learn's min_hessian_to_split


def sigmoid(z: float) -> float:
    """The probability of log-odds ``z`` (clamped: no overflow)."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


class Node(TypedDict, total=False):
    """A tree node: a leaf (``value``), a numeric split (``feature``, ``threshold``) or a
    categorical one (``left_set``, ``right_set``, ``unseen_left``); a split has ``left``
    and ``right``."""

    value: float
    feature: int
    threshold: float | None
    left_set: list[str]
    right_set: list[str]
    unseen_left: bool
    left: int
    right: int


class _Compiled(TypedDict):
    rows: Ints
    feature: Ints
    threshold: Floats
    left: Ints
    right: Ints
    value: Floats
    categorical: Bools
    category: dict[str, Bools]
    depth: int


@dataclass(frozen=True)
class Settings:
    """scikit-learn's HistGradientBoostingClassifier defaults, with a slower rate and L2 1."""

    iterations: int = 200
    learning_rate: float = 0.05
    max_leaves: int = 15
    min_leaf: int = 20  # fewest training claims in a leaf
    l2: float = 1.0  # on the leaf values (in units of the loss's Hessian)


@dataclass
class Forest:
    """An intercept and trees; a node is ``{"value": v}`` (a leaf) or a split:
    ``{"feature": f, "threshold": t, "left": i, "right": j}`` (x <= t or NaN goes left; with
    t None only NaN does), or
    ``{"left_set": [...], "right_set": [...], "unseen_left": b, "left": i, "right": j}``
    on the category (the relation)."""

    intercept: float
    trees: list[list[Node]]
    features: int  # numeric features expected per row
    claims: int = 0  # fitted on

    def raw(self, values: list[float], category: str) -> float:
        """The log-odds: the intercept plus the leaf each tree sends the claim to.

        All trees step down together, one level per numpy step (a walk tree by tree in
        Python cost ~1.4 ms a claim for 200 trees; this ~0.2 ms).
        """
        import numpy as np

        if len(values) != self.features:
            raise ValueError(f"the trees expect {self.features} features, got {len(values)}")
        if not self.trees:
            return self.intercept
        c = self._compiled()
        at = np.zeros(len(self.trees), dtype=np.int64)
        rows = c["rows"]
        x = np.append(np.asarray(values, dtype=float), 0.0)  # a leaf reads the extra 0
        go_cat = c["category"].get(category)
        if go_cat is None:
            go_cat = c["category"][category] = self._category_sides(category)
        for _ in range(c["depth"]):
            f = c["feature"][rows, at]
            xf = x[f]
            numeric = np.isnan(xf) | (xf <= c["threshold"][rows, at])
            left = np.where(c["categorical"][rows, at], go_cat[rows, at], numeric)
            at = np.where(left, c["left"][rows, at], c["right"][rows, at])
        return self.intercept + float(c["value"][rows, at].sum())

    def _compiled(self) -> _Compiled:
        """The trees as (trees x nodes) arrays; a leaf points to itself on both sides."""
        import numpy as np

        cached: _Compiled | None = self.__dict__.get("_arrays")
        if cached is not None:
            return cached
        t, m = len(self.trees), max(len(nodes) for nodes in self.trees)
        feature = np.full((t, m), self.features, dtype=np.int64)
        threshold = np.full((t, m), -np.inf)
        left = np.zeros((t, m), dtype=np.int64)
        right = np.zeros((t, m), dtype=np.int64)
        value = np.zeros((t, m))
        categorical = np.zeros((t, m), dtype=bool)
        for i, nodes in enumerate(self.trees):
            for j, node in enumerate(nodes):
                if "value" in node:
                    left[i, j] = right[i, j] = j
                    value[i, j] = node["value"]
                    continue
                left[i, j], right[i, j] = node["left"], node["right"]
                if "left_set" in node:
                    categorical[i, j] = True
                else:
                    feature[i, j] = node["feature"]
                    if node["threshold"] is not None:
                        threshold[i, j] = node["threshold"]

        def depth(nodes: list[Node], j: int = 0) -> int:
            node = nodes[j]
            return (
                0
                if "value" in node
                else 1 + max(depth(nodes, node["left"]), depth(nodes, node["right"]))
            )

        cache: _Compiled = {
            "rows": np.arange(t),
            "feature": feature,
            "threshold": threshold,
            "left": left,
            "right": right,
            "value": value,
            "categorical": categorical,
            "category": {},
            "depth": max(depth(nodes) for nodes in self.trees),
        }
        self.__dict__["_arrays"] = cache
        return cache

    def _category_sides(self, category: str) -> Bools:
        """(trees x nodes): does ``category`` go left at each categorical split?"""
        import numpy as np

        m = max(len(nodes) for nodes in self.trees)
        out = np.zeros((len(self.trees), m), dtype=bool)
        for i, nodes in enumerate(self.trees):
            for j, node in enumerate(nodes):
                if "left_set" in node:
                    if category in node["left_set"]:
                        out[i, j] = True
                    elif category not in node["right_set"]:
                        out[i, j] = node["unseen_left"]
        return out

    def probability(self, values: list[float], category: str) -> float:
        return sigmoid(self.raw(values, category))

    def to_json(self) -> dict[str, Any]:
        return {
            "intercept": self.intercept,
            "features": self.features,
            "claims": self.claims,
            "trees": self.trees,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Forest:
        trees, features = data["trees"], int(data["features"])
        for nodes in trees:
            if not nodes:
                raise ValueError("a tree has no node")
            for j, node in enumerate(nodes):
                if "value" in node:
                    continue
                # children come after their parent (as fit writes them): no cycle can be read
                if not (
                    ("left_set" in node or 0 <= node.get("feature", -1) < features)
                    and j < node["left"] < len(nodes)
                    and j < node["right"] < len(nodes)
                ):
                    raise ValueError("a tree node is neither a leaf nor a split to later nodes")
        return cls(float(data["intercept"]), trees, features, int(data.get("claims", 0)))


def _edges(column: Floats) -> Floats:
    """Cut points of a numeric column: midpoints of its distinct values, or its quantiles."""
    import numpy as np

    known = np.unique(column[~np.isnan(column)])
    if len(known) <= 1:
        return np.array([])
    if len(known) <= BINS:
        return (known[:-1] + known[1:]) / 2
    cuts = np.quantile(known, np.arange(1, BINS) / BINS)
    return np.unique(cuts)


_Sums = TypeVar("_Sums", float, "Numbers")  # a node's gradient sums, or a histogram's


class _Histograms:
    """The training rows binned once (LightGBM's histograms): finds a node's best split.

    A numeric feature's bin 0 holds the missing values; bin k >= 1 the values in
    ``edges[k-2] < x <= edges[k-1]``. The category (the relation) is its own
    column, its values ordered per node by their gradient ratio.
    """

    def __init__(self, X: Floats, categories: list[str], settings: Settings) -> None:
        import numpy as np

        self.X = X
        n, self.d = X.shape
        self.names = sorted(set(categories))
        self.code = {c: i for i, c in enumerate(self.names)}
        self.cat = np.array([self.code[c] for c in categories], dtype=np.int64)
        self.edges = [_edges(X[:, f]) for f in range(self.d)]
        bins = np.zeros((n, self.d), dtype=np.int64)
        for f in range(self.d):
            col = X[:, f]
            bins[:, f] = np.where(
                np.isnan(col), 0, 1 + np.searchsorted(self.edges[f], col, side="left")
            )
        self.width = [len(e) + 2 for e in self.edges]
        self.offsets = np.concatenate([[0], np.cumsum(self.width)[:-1]]).astype(np.int64)
        self.flat = bins + self.offsets
        self.total_bins = int(sum(self.width))
        self.lam, self.min_leaf = settings.l2, settings.min_leaf

    def gain_of(self, g_sum: _Sums, h_sum: _Sums) -> _Sums:
        return g_sum * g_sum / (h_sum + self.lam)

    def scan(
        self,
        hist_g: Numbers,
        hist_h: Numbers,
        hist_n: Ints,
        g_all: float,
        h_all: float,
        n_all: int,
        parent: float,
    ) -> tuple[float, int, int] | None:
        """(gain, last index sent left, rows sent left) of the best cut of ordered
        histograms, or None."""
        import numpy as np

        gl, hl, nl = np.cumsum(hist_g)[:-1], np.cumsum(hist_h)[:-1], np.cumsum(hist_n)[:-1]
        nr, hr = n_all - nl, h_all - hl
        min_leaf = self.min_leaf
        ok = (nl >= min_leaf) & (nr >= min_leaf) & (hl >= MIN_HESSIAN) & (hr >= MIN_HESSIAN)
        if not ok.any():
            return None
        gains = np.where(ok, self.gain_of(gl, hl) + self.gain_of(g_all - gl, hr) - parent, -np.inf)
        b = int(np.argmax(gains))
        return (float(gains[b]), b, int(nl[b])) if gains[b] > 1e-12 else None

    def best_split(self, idx: Ints, g: Floats, h: Floats) -> tuple[float, Node] | None:
        """(gain, split description) of the best split of rows ``idx``, or None."""
        import numpy as np

        g_all, h_all, n_all = g[idx].sum(), h[idx].sum(), len(idx)
        if n_all < 2 * self.min_leaf:
            return None
        parent = self.gain_of(g_all, h_all)
        best: tuple[float, Node] | None = None
        sub, d, total = self.flat[idx].ravel(), self.d, self.total_bins
        hg = np.bincount(sub, weights=np.repeat(g[idx], d), minlength=total)
        hh = np.bincount(sub, weights=np.repeat(h[idx], d), minlength=total)
        hn = np.bincount(sub, minlength=total)
        for f in range(d):
            lo, hi = self.offsets[f], self.offsets[f] + self.width[f]
            found = self.scan(hg[lo:hi], hh[lo:hi], hn[lo:hi], g_all, h_all, n_all, parent)
            if found and (best is None or found[0] > best[0]):
                b = found[1]  # left: bins 0..b; bin 0 is missing, bin k >= 1 ends at edges[k-1]
                threshold = float(self.edges[f][b - 1]) if b >= 1 else None
                best = (found[0], {"feature": f, "threshold": threshold})
        category = self.category_split(idx, g, h, parent)
        if category and (best is None or category[0] > best[0]):
            best = category
        return best

    def category_split(
        self, idx: Ints, g: Floats, h: Floats, parent: float
    ) -> tuple[float, Node] | None:
        """The best split of rows ``idx`` by a set of categories, or None."""
        import numpy as np

        cat, names, lam = self.cat, self.names, self.lam
        present = np.unique(cat[idx])
        if len(present) <= 1:
            return None
        g_all, h_all, n_all = g[idx].sum(), h[idx].sum(), len(idx)
        cg = np.bincount(cat[idx], weights=g[idx], minlength=len(names))[present]
        ch = np.bincount(cat[idx], weights=h[idx], minlength=len(names))[present]
        cn = np.bincount(cat[idx], minlength=len(names))[present]
        order = np.argsort(cg / (ch + lam), kind="stable")
        found = self.scan(cg[order], ch[order], cn[order], g_all, h_all, n_all, parent)
        if not found:
            return None
        b, sent = found[1], found[2]
        return (
            found[0],
            {
                "left_set": [names[c] for c in present[order[: b + 1]]],
                "right_set": [names[c] for c in present[order[b + 1 :]]],
                "unseen_left": sent >= n_all - sent,
            },
        )

    def goes_left(self, split: Node, idx: Ints) -> Bools:
        import numpy as np

        if "left_set" in split:
            chosen: Bools = np.isin(self.cat[idx], [self.code[c] for c in split["left_set"]])
            return chosen
        col: Floats = self.X[idx, split["feature"]]
        if split["threshold"] is None:
            return np.isnan(col)
        return np.isnan(col) | (col <= split["threshold"])


def _grow(
    hist: _Histograms, g: Floats, h: Floats, settings: Settings
) -> tuple[list[Node], dict[int, Ints]]:
    """One tree, grown leaf-wise (the best gain first) up to ``max_leaves``: its nodes, with
    the leaves still empty, and the rows each leaf holds."""
    import numpy as np

    nodes: list[Node] = [{}]
    members = {0: np.arange(len(g))}
    heap: list[tuple[float, int, Node]] = []
    first = hist.best_split(members[0], g, h)
    if first is not None:
        heap.append((-first[0], 0, first[1]))
    leaves = 1
    while heap and leaves < settings.max_leaves:
        _, node, split = heapq.heappop(heap)
        idx = members.pop(node)
        left_mask = hist.goes_left(split, idx)
        children = []
        for part in (idx[left_mask], idx[~left_mask]):
            nodes.append({})
            child = len(nodes) - 1
            members[child] = part
            children.append(child)
            found = hist.best_split(part, g, h)
            if found is not None:
                heapq.heappush(heap, (-found[0], child, found[1]))
        nodes[node] = {**split, "left": children[0], "right": children[1]}
        leaves += 1
    return nodes, members


def fit(
    X: npt.ArrayLike, categories: list[str], y: npt.ArrayLike, settings: Settings = Settings()
) -> Forest:
    """Boosted trees on rows ``X`` (NaN allowed), each row's category and gold 0/1 ``y``."""
    import numpy as np

    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    n, d = X.shape
    hist = _Histograms(X, categories, settings)
    rate = float(y.mean()) if n else 0.5
    rate = min(max(rate, 1e-6), 1 - 1e-6)
    intercept = math.log(rate / (1 - rate))
    score = np.full(n, intercept)
    trees: list[list[Node]] = []
    for _ in range(settings.iterations if n else 0):
        p = 1.0 / (1.0 + np.exp(-score))
        g, h = p - y, p * (1 - p)
        nodes, members = _grow(hist, g, h, settings)
        for node, idx in members.items():
            value = -settings.learning_rate * g[idx].sum() / (h[idx].sum() + settings.l2)
            nodes[node] = {"value": round(float(value), 6)}
            score[idx] += nodes[node]["value"]
        trees.append(nodes)
    return Forest(round(intercept, 6), trees, d, n)
