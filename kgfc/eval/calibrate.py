"""Calibrated completion in ``kgfc eval``: fit the combiner on claims other than the ones scored.

``--calibrate cross-fit`` splits the evaluated claims in two folds by a hash of
the triple (:func:`fold_of`, the same split as ``benchmarks/bench_codex.py``)
and decides each claim with a calibration fitted on the *other* fold only;
``--calibrate SPLIT`` fits one calibration on another split of the same
dataset (CoDEx: ``--split test --calibrate valid``) and refuses the evaluated
split itself, since thresholds fitted on the claims they decide overstate
accuracy. The fitted files are written to the run folder
(``calibration-fold0.json``...), so a figure can be traced to its weights.

Only claims with a triple can be calibrated (structured triples, or verbalised
CoDEx claims, which keep theirs in ``meta``); NOT ENOUGH INFO examples are not
labelled true or false and are left out of the fit.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kgfc.errors import UsageError
from kgfc.eval.loaders import Example
from kgfc.kg import vocab as V
from kgfc.models import VerdictLabel

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

CROSS_FIT = "cross-fit"
FOLDS = 2


def fold_of(triple: Sequence[str], seed: int = 0, folds: int = FOLDS) -> int:
    """A claim's fold (0 .. folds - 1) from a hash of its triple's local ids: stable across runs
    and variants."""
    ids = [V.local_id(x) for x in triple]
    digest = hashlib.sha256(f"{seed}|{'|'.join(ids)}".encode()).digest()
    if folds == 2:
        return digest[0] & 1  # as before there were other fold counts: the same two folds
    return int.from_bytes(digest[:8], "big") % folds


def triple_of(ex: Example) -> tuple[str, str, str] | None:
    if ex.triple is not None:
        return ex.triple
    t = ex.meta.get("triple")
    return (str(t[0]), str(t[1]), str(t[2])) if t and len(t) == 3 else None


def feature_names(store: KnowledgeGraph) -> tuple[str, ...]:
    """The combiner's features: the KG's signals, and the KG embedding's when the store has one."""
    from kgfc.reason import embedding
    from kgfc.reason.plausibility import FEATURES

    if embedding.embedding_for(store) is None:
        return FEATURES
    return FEATURES + embedding.FEATURES


def samples(
    store: KnowledgeGraph, examples: Sequence[Example]
) -> list[tuple[str, list[float], int]]:
    """(property IRI, features in :func:`feature_names` order, gold 0/1) of every labelled example
    with a triple."""
    from kgfc.reason.completion import completion_for
    from kgfc.reason.embedding import embedding_for
    from kgfc.reason.plausibility import features

    model = completion_for(store)
    emb = embedding_for(store)
    names = feature_names(store)
    texts = store.label_index()
    out = []
    for ex in examples:
        t = triple_of(ex)
        if t is None or ex.gold not in (VerdictLabel.SUPPORTED.value, VerdictLabel.REFUTED.value):
            continue
        s, p, o = V.entity_iri(t[0]), V.property_iri(t[1]), V.entity_iri(t[2])
        out.append(
            (
                p,
                features(model, s, p, o, embedding=emb, texts=texts).row(names),
                int(ex.gold == VerdictLabel.SUPPORTED.value),
            )
        )
    return out


@dataclass
class Plan:
    """Which calibration file decides which example."""

    mode: str
    files: list[Path]
    pick: Callable[[Example], int]  # example -> index into files
    fitted_claims: list[int]

    def describe(self) -> str:
        if self.mode == CROSS_FIT:
            n = len(self.files)
            folds = "two-fold" if n == 2 else f"{n}-fold"
            other = "the other fold" if n == 2 else "the other folds"
            return (
                f"{folds} cross-fitting: each claim decided by a combiner fitted on {other} "
                f"({' / '.join(map(str, self.fitted_claims))} claims)"
            )
        return f"combiner fitted on the {self.mode} split ({self.fitted_claims[0]} claims)"


def plan(
    mode: str,
    store: KnowledgeGraph,
    examples: Sequence[Example],
    folder: Path,
    *,
    split: str,
    seed: int,
    load_split: Callable[[str], list[Example]],
    priors: bool = True,
    trees: bool = True,
    folds: int = FOLDS,
) -> Plan:
    """Fit the calibration(s) for ``mode`` and write them under ``folder``.

    ``priors``: whether the combiner may support a claim on the priors alone
    (:attr:`kgfc.reason.calibration.Combiner.priors`). ``trees``: whether it averages
    boosted trees with its logistic model (:mod:`kgfc.reason.boosting`). ``folds``: how many
    folds cross-fitting splits the claims into (each fold decided by a
    combiner fitted on all the others)."""
    from kgfc.reason.calibration import TREES, fit_features

    boost = TREES if trees else None

    names = feature_names(store)
    folder.mkdir(parents=True, exist_ok=True)
    if mode == CROSS_FIT:
        if folds < 2:
            raise UsageError("--folds must be at least 2.")
        keyed = [(fold_of(t, seed, folds), ex) for ex in examples if (t := triple_of(ex))]
        by_fold = [samples(store, [ex for f, ex in keyed if f == k]) for k in range(folds)]
        if not all(by_fold):
            raise UsageError(
                f"--calibrate needs labelled triples in every one of the {folds} folds "
                "(structured CoDEx triples, or --verbalise; fewer --folds for a small set)."
            )
        files, sizes = [], []
        for k in range(folds):
            other = [r for j in range(folds) if j != k for r in by_fold[j]]
            rest = f"fold {1 - k} of 2" if folds == 2 else f"every fold but {k} of {folds}"
            cal = fit_features(
                other,
                names,
                priors=priors,
                trees=boost,
                meta={"fitted_on": f"{split}, {rest} (seed {seed})"},
            )
            path = folder / f"calibration-fold{k}.json"
            cal.save(path)
            files.append(path)
            sizes.append(len(other))

        def pick(ex: Example) -> int:
            t = triple_of(ex)
            return fold_of(t, seed, folds) if t else 0

        return Plan(mode, files, pick, sizes)
    if mode == split:
        raise UsageError(
            f"--calibrate {mode} would fit the combiner on the very claims it then decides.",
            hint="Use --calibrate cross-fit, or name another split (e.g. --split test --calibrate valid).",
        )
    rows = samples(store, load_split(mode))
    if not rows:
        raise UsageError(f"The {mode} split has no labelled triples to calibrate on.")
    cal = fit_features(
        rows,
        names,
        priors=priors,
        trees=boost,
        meta={"fitted_on": f"{mode} split ({len(rows)} claims)"},
    )
    path = folder / f"calibration-{mode}.json"
    cal.save(path)
    return Plan(mode, [path], lambda ex: 0, [len(rows)])
