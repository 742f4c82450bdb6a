"""Per-relation decision thresholds for completion scores, fitted on labelled claims.

A mined rule's confidence is not a probability that a claim is true: rules
for citizenship are confident and often wrong on plausible false claims,
rules for occupation modest and mostly right. As the published KG-completion
triple-classification protocol does (one threshold per relation, chosen on a
validation split), :func:`fit` picks, for each relation with enough labelled
claims, the score threshold that classifies them best, and a global one for
the rest. It also records the precision above the threshold (Laplace-smoothed)
— the confidence a SUPPORTED verdict reached by completion reports.

With the claims' features (:mod:`kgfc.reason.plausibility`: every rule that
fires, the subject's and the object's peers, priors), :func:`fit_features`
also fits a **combiner**: a global L2-regularised logistic model over the
standardised features, and for each relation with enough claims a correction
to it (pulled towards the global model, so a relation with few claims keeps
its reading), averaged with boosted trees over the same features and the
relation (:mod:`kgfc.reason.boosting`: the interactions a linear model
misses). Its probability decides instead of a single rule's confidence, and
is the confidence a SUPPORTED verdict reports.

Fit on one set of claims and measure on another: thresholds fitted on the
claims they are evaluated on overstate accuracy. Without a calibration the
reasoner uses :data:`DEFAULT_THRESHOLD` for every relation.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kgfc.errors import ConfigError
from kgfc.reason import boosting
from kgfc.reason.boosting import Forest

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

VERSION = 2  # 1: thresholds only (still read); 2: thresholds and an optional combiner

# Uncalibrated: on CoDEx-S valid, scores >= 0.8 are true 97% of the time (0.5: 91%).
DEFAULT_THRESHOLD = 0.8
MIN_CLAIMS = 10


@dataclass(frozen=True)
class Threshold:
    threshold: float
    precision: float | None = None  # of SUPPORTED above the threshold on the calibration claims
    claims: int = 0
    positives: int = 0


@dataclass(frozen=True)
class Model:
    """Logistic weights (intercept first) over standardised features, and the claims behind them."""

    weights: tuple[float, ...]
    claims: int = 0
    positives: int = 0


@dataclass
class Combiner:
    """Per-relation logistic models over :data:`kgfc.reason.plausibility.FEATURES`."""

    features: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    default: Model
    relations: dict[str, Model] = field(default_factory=dict)
    # May a claim no rule or similar entity speaks for be SUPPORTED on the priors alone (how
    # many subjects have the object, how many values the subject has)? Files written before
    # this field existed read as False, keeping their verdicts.
    priors: bool = False
    # Boosted trees over the same features and the relation (kgfc.reason.boosting); the
    # probability is the mean of theirs and the logistic model's. Files written before this
    # field existed have none: the logistic model alone, as before.
    trees: Forest | None = None

    def model(self, prop: str) -> Model:
        return self.relations.get(prop, self.default)

    def probability(self, prop: str, values: list[float]) -> float:
        if len(values) != len(self.features):
            raise ValueError(
                f"the combiner expects {len(self.features)} features, got {len(values)}"
            )
        w = self.model(prop).weights
        # A missing value (NaN: no KG embedding for this entity) is read as the mean: neutral.
        z = w[0] + sum(
            wi * (x - m) / sd
            for wi, x, m, sd in zip(w[1:], values, self.mean, self.scale, strict=True)
            if x == x
        )
        linear = boosting.sigmoid(z)
        if self.trees is None:
            return linear
        return (linear + self.trees.probability(values, prop)) / 2

    def to_json(self) -> dict[str, Any]:
        return {
            "features": list(self.features),
            "mean": list(self.mean),
            "scale": list(self.scale),
            "default": asdict(self.default),
            "relations": {p: asdict(m) for p, m in sorted(self.relations.items())},
            "priors": self.priors,
            **({"trees": self.trees.to_json()} if self.trees is not None else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Combiner:
        def model(d: dict[str, Any]) -> Model:
            return Model(tuple(d["weights"]), d.get("claims", 0), d.get("positives", 0))

        return cls(
            tuple(data["features"]),
            tuple(data["mean"]),
            tuple(data["scale"]),
            model(data["default"]),
            {p: model(m) for p, m in data.get("relations", {}).items()},
            bool(data.get("priors", False)),
            Forest.from_json(data["trees"]) if data.get("trees") else None,
        )


@dataclass
class Calibration:
    relations: dict[str, Threshold] = field(default_factory=dict)
    default: Threshold = field(default_factory=lambda: Threshold(DEFAULT_THRESHOLD))
    meta: dict[str, Any] = field(default_factory=dict)
    combiner: Combiner | None = None

    def for_relation(self, prop: str) -> Threshold:
        return self.relations.get(prop, self.default)

    @property
    def fitted(self) -> bool:
        return bool(self.meta.get("claims"))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "version": VERSION,
            "meta": self.meta,
            "default": asdict(self.default),
            "relations": {p: asdict(t) for p, t in sorted(self.relations.items())},
        }
        if self.combiner is not None:
            out["combiner"] = self.combiner.to_json()
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Calibration:
        if data.get("version") not in (1, VERSION):
            raise ValueError("unknown calibration file version")
        combiner = data.get("combiner")
        return cls(
            {p: Threshold(**t) for p, t in data.get("relations", {}).items()},
            Threshold(**data["default"]),
            data.get("meta", {}),
            Combiner.from_json(combiner) if combiner else None,
        )

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> Calibration:
        try:
            return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ConfigError(
                f"Cannot read the calibration file {path}: {exc}",
                hint="Point KGFC_CALIBRATION at a file written by kgfc.reason.calibration (or unset it).",
            ) from exc


def _best(pairs: list[tuple[float, int]]) -> Threshold:
    """The threshold (a score seen, or +inf: never support) with the most correct decisions.

    A score of 0 means no rule applies, so 0 is never a threshold: a claim no
    rule predicts is not SUPPORTED by completion. Ties go to the higher threshold.
    """
    pairs = sorted(pairs, key=lambda t: -t[0])
    positives = sum(lab for _, lab in pairs)
    negatives = len(pairs) - positives
    # Sweep thresholds from high to low: accepted = scores >= t.
    best_correct, best_t, best_tp, best_fp = negatives, float("inf"), 0, 0
    tp = fp = 0
    i = 0
    while i < len(pairs):
        score = pairs[i][0]
        if score <= 0:
            break
        while i < len(pairs) and pairs[i][0] == score:
            tp += pairs[i][1]
            fp += 1 - pairs[i][1]
            i += 1
        correct = tp + (negatives - fp)
        if correct > best_correct:
            best_correct, best_t, best_tp, best_fp = correct, score, tp, fp
    precision = (best_tp + 1) / (best_tp + best_fp + 2) if best_tp + best_fp else None
    return Threshold(best_t, precision, len(pairs), positives)


def fit(
    samples: Iterable[tuple[str, float, int]],
    *,
    min_claims: int = MIN_CLAIMS,
    meta: dict[str, Any] | None = None,
) -> Calibration:
    """Thresholds from (property IRI, completion score, gold 0/1) samples."""
    by_rel: dict[str, list[tuple[float, int]]] = defaultdict(list)
    everything: list[tuple[float, int]] = []
    for prop, score, gold in samples:
        pair = (float(score), 1 if gold else 0)
        by_rel[prop].append(pair)
        everything.append(pair)
    default = _best(everything) if everything else Threshold(DEFAULT_THRESHOLD)
    relations = {p: _best(pairs) for p, pairs in by_rel.items() if len(pairs) >= min_claims}
    info = {"claims": len(everything), "min_claims": min_claims, **(meta or {})}
    return Calibration(relations, default, info)


# -- the combiner ---------------------------------------------------------

L2 = 1.0  # ridge penalty of the global model's standardised weights
# Ridge penalty pulling a relation's weights towards the global model's (not towards zero): a
# relation with few claims keeps the global model's reading of the signals. Two-fold CV, 5 fold
# seeds, on CoDEx valid: S 0.843 -> 0.850, M 0.838 -> 0.839 against per-relation models shrunk
# towards zero (L2 3).
L2_RELATION = 1.0
TREES = boosting.Settings()  # the combiner's boosted trees (None in fit_features: none)
MAX_STEP = 2.0  # largest change of one standardised weight per Newton step


def _logistic(
    X: npt.NDArray[np.float64],
    y: npt.NDArray[np.float64],
    l2: float,
    offset: npt.NDArray[np.float64] | None = None,
) -> npt.NDArray[np.float64]:
    """L2-regularised logistic regression by Newton's method (IRLS); the intercept is not penalised.

    With ``offset`` (a fixed score per row) the weights fitted are a correction to
    that score, and the penalty pulls them towards it rather than towards zero.

    Hand-written on numpy (a default dependency): scikit-learn would add scipy
    and ~100 MB to the install for a model of a few dozen weights, and has no
    offset term.
    """
    import numpy as np

    n, d = X.shape
    w = np.zeros(d)
    off = np.zeros(n) if offset is None else offset
    reg = np.full(d, l2)
    # The intercept is barely penalised on its own; as a correction to an offset it is
    # penalised like the rest (a relation the offset already separates would send it off).
    reg[0] = 1e-4 if offset is None else 1.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(X @ w + off, -30, 30)))
        grad = X.T @ (p - y) + reg * w
        hess = (X * (p * (1 - p))[:, None]).T @ X + np.diag(reg)
        step = np.linalg.solve(hess, grad)
        # Damped Newton: with saturated probabilities the Hessian is nearly flat and a full
        # step overshoots by orders of magnitude.
        big = np.abs(step).max()
        if big > MAX_STEP:
            step *= MAX_STEP / big
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    return w


def fit_features(
    samples: Iterable[tuple[str, list[float], int]],
    features: tuple[str, ...],
    *,
    min_claims: int = MIN_CLAIMS,
    l2: float = L2,
    l2_relation: float = L2_RELATION,
    priors: bool = True,
    trees: boosting.Settings | None = TREES,
    meta: dict[str, Any] | None = None,
) -> Calibration:
    """A calibration with a combiner from (property IRI, feature values, gold 0/1) samples.

    A global model is fitted on every claim, then one per relation with at
    least ``min_claims`` claims, as a correction to the global model that
    ``l2_relation`` pulls towards it. ``priors``: the combiner may support a
    claim that no rule or similar entity speaks for, on the priors alone
    (:data:`Combiner.priors`). ``trees``: boosted trees over the same features and the
    relation (:mod:`kgfc.reason.boosting`), whose probability the combiner averages with
    the logistic model's; None: the logistic model alone. The thresholds on the best rule's confidence
    (the first feature) are fitted too, so the file also serves a reasoner
    that only has rule scores.
    """
    import numpy as np

    rows = [(p, [float(x) for x in v], 1 if g else 0) for p, v, g in samples]
    cal = fit([(p, v[0], g) for p, v, g in rows], min_claims=min_claims, meta=meta)
    if not rows:
        return cal
    X = np.array([v for _, v, _ in rows], dtype=float)
    y = np.array([g for _, _, g in rows], dtype=float)
    # The trees read missing values as such (NaN goes with the lowest values); fitted first,
    # on the raw values, before the logistic model's mean imputation below.
    forest = boosting.fit(X, [p for p, _, _ in rows], y, trees) if trees is not None else None
    # Missing values (NaN) take the column's mean, as Combiner.probability reads them.
    known = ~np.isnan(X)
    counts = known.sum(0)
    mean = np.where(counts > 0, np.where(known, X, 0.0).sum(0) / np.maximum(counts, 1), 0.0)
    X = np.where(known, X, mean)
    scale = X.std(0)
    scale[scale < 1e-9] = 1.0
    Z = np.hstack([np.ones((len(X), 1)), (X - mean) / scale])

    def model(weights: npt.NDArray[np.float64], mask: npt.NDArray[np.bool_]) -> Model:
        return Model(
            tuple(round(float(x), 6) for x in weights), int(mask.sum()), int(y[mask].sum())
        )

    props = np.array([p for p, _, _ in rows])
    everything = np.ones(len(rows), dtype=bool)
    overall = _logistic(Z, y, l2)
    relations: dict[str, Model] = {}
    for p in sorted(set(props.tolist())):
        mask = props == p
        if mask.sum() >= min_claims:
            delta = _logistic(Z[mask], y[mask], l2_relation, offset=Z[mask] @ overall)
            relations[p] = model(overall + delta, mask)
    cal.combiner = Combiner(
        tuple(features),
        tuple(round(float(x), 6) for x in mean),
        tuple(round(float(x), 6) for x in scale),
        model(overall, everything),
        relations,
        priors,
        forest,
    )
    if trees is not None:
        cal.meta["combiner_trees"] = asdict(trees)
    cal.meta["combiner_l2"] = l2
    cal.meta["combiner_l2_relation"] = l2_relation
    return cal
