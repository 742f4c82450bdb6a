"""Per-relation decision thresholds for completion scores, fitted on labelled claims.

A mined rule's confidence is not a probability that a claim is true: rules
for citizenship are confident and often wrong on plausible false claims,
rules for occupation modest and mostly right. As the published KG-completion
triple-classification protocol does (one threshold per relation, chosen on a
validation split), :func:`fit` picks, for each relation with enough labelled
claims, the score threshold that classifies them best, and a global one for
the rest. It also records the precision above the threshold (Laplace-smoothed)
— the confidence a SUPPORTED verdict reached by completion reports.

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

from kgfc.errors import ConfigError

# Uncalibrated: on CoDEx-S valid, scores >= 0.8 are true 97% of the time (0.5: 91%).
DEFAULT_THRESHOLD = 0.8
MIN_CLAIMS = 10


@dataclass(frozen=True)
class Threshold:
    threshold: float
    precision: float | None = None  # of SUPPORTED above the threshold on the calibration claims
    claims: int = 0
    positives: int = 0


@dataclass
class Calibration:
    relations: dict[str, Threshold] = field(default_factory=dict)
    default: Threshold = field(default_factory=lambda: Threshold(DEFAULT_THRESHOLD))
    meta: dict = field(default_factory=dict)

    def for_relation(self, prop: str) -> Threshold:
        return self.relations.get(prop, self.default)

    @property
    def fitted(self) -> bool:
        return bool(self.meta.get("claims"))

    def to_json(self) -> dict:
        return {
            "version": 1,
            "meta": self.meta,
            "default": asdict(self.default),
            "relations": {p: asdict(t) for p, t in sorted(self.relations.items())},
        }

    @classmethod
    def from_json(cls, data: dict) -> Calibration:
        if data.get("version") != 1:
            raise ValueError("unknown calibration file version")
        return cls(
            {p: Threshold(**t) for p, t in data.get("relations", {}).items()},
            Threshold(**data["default"]),
            data.get("meta", {}),
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
    meta: dict | None = None,
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
