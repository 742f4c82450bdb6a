"""A KG-embedding plausibility scorer trained on the store: one more signal for the combiner.

Rules and peers (:mod:`kgfc.reason.plausibility`) see the KG through the
facts next to a claim; an embedding model sees it whole, placing entities
that play the same roles close together. Trained on the store's
entity-to-entity facts (the ones rule mining reads), it gives a claim
(s P o) four features, each the answer to "how likely is o, among all
entities, as s's P?" and "how likely is s as a subject of P with object o?":
the log-probability under the model and the log of the rank.

The model is ComplEx (Trouillon et al., 2016) with reciprocal relations,
one-vs-all cross-entropy and N3 regularisation (Lacroix et al., 2018): a
simple model that is among the strongest on CoDEx (the CoDEx paper's
triple-classification baselines). On CoDEx-S it classifies valid triples
against the hard negatives as well as the published models on its own
(0.85 two-fold, ``benchmarks/bench_codex.py``) and lifts the combiner.

Training needs torch, kept out of the default install (``pip install
'kgfc[kge]'``, ``kgfc kg embed``); scoring needs only numpy, so a trained
model serves every process. Hand-written rather than PyKEEN's: PyKEEN's
pipeline brings ~25 packages (optuna, pandas, scipy, scikit-learn,
SQLAlchemy, ...) for what is here sixty lines of training loop, and its
models cannot be scored without torch.

The model is cached on disk per store, named by the knowledge it was
trained on. After new facts arrive the last model keeps serving (entities it
has never seen get no score: the combiner treats a missing feature as
neutral) until ``kgfc kg embed`` trains again.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from kgfc.errors import ConfigError, InputError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    from torch import Tensor

    from kgfc.kg.store import KnowledgeGraph

log = logging.getLogger(__name__)

FEATURES = (
    "kge_object",  # log P(o | s, P) under the model (softmax over every entity)
    "kge_object_rank",  # -log(1 + entities scored above o for (s, P, ?))
    "kge_subject",  # log P(s | o, P^-1)
    "kge_subject_rank",  # -log(1 + entities scored above s for (?, P, o))
)
FORMAT = "kgfc-complex-v1"


@dataclass(frozen=True)
class Settings:
    """Training settings (defaults: two-fold CV of the combiner on CoDEx-S valid)."""

    rank: int = 128  # complex dimensions (2 x rank reals per vector)
    epochs: int = 4
    n3: float = 0.05  # weight of the N3 regulariser
    lr: float = 0.1  # Adagrad
    batch: int = 1000
    seed: int = 0

    def validate(self) -> None:
        for name in ("rank", "epochs", "batch"):
            if getattr(self, name) < 1:
                raise InputError(f"{name} must be at least 1, got {getattr(self, name)}")
        if self.n3 < 0 or self.lr <= 0:
            raise InputError("n3 must be >= 0 and lr > 0")


@dataclass
class Embedding:
    """Entity and relation vectors (real and imaginary halves side by side) and what made them."""

    entities: list[str]
    relations: list[str]  # forward relations; their reciprocals follow in ``rel``
    ent: npt.NDArray[np.float32]  # (entities, 2 * rank)
    rel: npt.NDArray[np.float32]  # (2 * relations, 2 * rank)
    meta: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None  # the file it was saved to or read from

    def __post_init__(self) -> None:
        self._eid = {e: i for i, e in enumerate(self.entities)}
        self._rid = {r: i for i, r in enumerate(self.relations)}

    @property
    def rank(self) -> int:
        return int(self.ent.shape[1]) // 2

    def knows(self, entity: str) -> bool:
        return entity in self._eid

    def _scores(self, e: int, r: int) -> npt.NDArray[np.float32]:
        import numpy as np

        k = self.rank
        a, b = self.ent[e], self.rel[r]
        q = np.concatenate([a[:k] * b[:k] - a[k:] * b[k:], a[:k] * b[k:] + a[k:] * b[:k]])
        scores: npt.NDArray[np.float32] = self.ent @ q
        return scores

    def _side(self, e: int, r: int, target: int) -> tuple[float, float]:
        import numpy as np

        scores = self._scores(e, r).astype(np.float64)
        top = scores.max()
        logz = top + math.log(float(np.exp(scores - top).sum()))
        rank = int((scores > scores[target]).sum())
        return float(scores[target] - logz), -math.log1p(rank)

    def features(self, s: str, p: str, o: str) -> list[float]:
        """The claim's :data:`FEATURES`; NaN (no evidence either way) for an unknown entity or property."""
        si, oi, ri = self._eid.get(s), self._eid.get(o), self._rid.get(p)
        if si is None or oi is None or ri is None:
            return [math.nan] * len(FEATURES)
        return [*self._side(si, ri, oi), *self._side(oi, ri + len(self.relations), si)]

    def save(self, path: Path) -> None:
        """Write atomically (a reader never sees half a model)."""
        import numpy as np

        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp.npz")
        np.savez(
            tmp,
            entities=np.array(self.entities, dtype=str),
            relations=np.array(self.relations, dtype=str),
            ent=self.ent,
            rel=self.rel,
            meta=np.array(json.dumps({"format": FORMAT, **self.meta})),
        )
        tmp.replace(path)
        self.path = path

    @classmethod
    def load(cls, path: Path) -> Embedding:
        import numpy as np

        try:
            with np.load(path, allow_pickle=False) as z:
                meta = json.loads(str(z["meta"]))
                if meta.get("format") != FORMAT:
                    raise ValueError(f"unknown format {meta.get('format')!r}")
                emb = cls(
                    [str(x) for x in z["entities"]],
                    [str(x) for x in z["relations"]],
                    z["ent"].astype(np.float32),
                    z["rel"].astype(np.float32),
                    meta,
                    Path(path),
                )
        except (OSError, ValueError, KeyError) as exc:
            raise ConfigError(
                f"Cannot read the KG embedding {path}: {exc}",
                hint="Train it again with `kgfc kg embed`.",
            ) from exc
        if emb.rel.shape != (2 * len(emb.relations), emb.ent.shape[1]):
            raise ConfigError(f"The KG embedding {path} is inconsistent (relation vectors).")
        return emb


def _torch() -> ModuleType:
    try:
        import torch
    except ImportError as exc:
        raise ConfigError(
            "Training a KG embedding needs torch, which the default install leaves out.",
            hint="pip install 'kgfc[kge]' (a CPU build is enough).",
        ) from exc
    return torch


def train(
    triples: Iterable[tuple[str, str, str]],
    settings: Settings = Settings(),  # noqa: B008 (frozen)
    *,
    threads: int | None = None,
    progress: Callable[[int, float, float], None] | None = None,
) -> Embedding:
    """Train ComplEx-N3 on (subject, property, object) IRIs; ``progress(epoch, loss, seconds)`` after each epoch."""

    settings.validate()
    torch = _torch()
    facts = sorted(set(triples))
    if not facts:
        raise InputError("The store has no entity-to-entity facts to train a KG embedding on.")
    entities = sorted({s for s, _, _ in facts} | {o for _, _, o in facts})
    relations = sorted({p for _, p, _ in facts})
    before = torch.get_num_threads()
    if threads:
        torch.set_num_threads(threads)  # process-wide in torch: restored below
    try:
        return _fit(torch, facts, entities, relations, settings, progress)
    finally:
        torch.set_num_threads(before)


def _fit(
    torch: ModuleType,
    facts: list[tuple[str, str, str]],
    entities: list[str],
    relations: list[str],
    settings: Settings,
    progress: Callable[[int, float, float], None] | None,
) -> Embedding:
    import numpy as np

    eid = {e: i for i, e in enumerate(entities)}
    rid = {r: i for i, r in enumerate(relations)}
    nr, k = len(relations), settings.rank
    gen = torch.Generator().manual_seed(settings.seed)
    fwd = torch.tensor([[eid[s], rid[p], eid[o]] for s, p, o in facts], dtype=torch.long)
    data = torch.cat([fwd, torch.stack([fwd[:, 2], fwd[:, 1] + nr, fwd[:, 0]], 1)])
    ent = torch.nn.Parameter(torch.randn(len(entities), 2 * k, generator=gen) * 1e-3)
    rel = torch.nn.Parameter(torch.randn(2 * nr, 2 * k, generator=gen) * 1e-3)
    opt = torch.optim.Adagrad([ent, rel], lr=settings.lr)

    def n3(x: Tensor) -> Tensor:
        norm: Tensor = (torch.sqrt(x[:, :k] ** 2 + x[:, k:] ** 2) ** 3).sum()
        return norm

    start = time.perf_counter()
    loss_value = math.nan
    for epoch in range(1, settings.epochs + 1):
        order = data[torch.randperm(len(data), generator=gen)]
        total = 0.0
        for i in range(0, len(order), settings.batch):
            b = order[i : i + settings.batch]
            a, r, t = ent[b[:, 0]], rel[b[:, 1]], ent[b[:, 2]]
            q = torch.cat(
                [
                    a[:, :k] * r[:, :k] - a[:, k:] * r[:, k:],
                    a[:, :k] * r[:, k:] + a[:, k:] * r[:, :k],
                ],
                1,
            )
            fit = torch.nn.functional.cross_entropy(q @ ent.t(), b[:, 2])
            loss = fit + settings.n3 * (n3(a) + n3(r) + n3(t)) / len(b)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += fit.item() * len(b)
        loss_value = total / len(data)
        if progress is not None:
            progress(epoch, loss_value, time.perf_counter() - start)
    meta = {
        "settings": settings.__dict__,
        "facts": len(facts),
        "loss": round(loss_value, 4),
        "seconds": round(time.perf_counter() - start, 1),
        "trained_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    return Embedding(
        entities,
        relations,
        ent.detach().numpy().astype(np.float32),
        rel.detach().numpy().astype(np.float32),
        meta,
    )


# -- per store -------------------------------------------------------------

_LOCK = threading.Lock()
_LOADED: WeakKeyDictionary[KnowledgeGraph, Embedding | None] = WeakKeyDictionary()


def _folder(store: KnowledgeGraph) -> Path | None:
    return store.cache_dir("embedding")


def _fingerprint(store: KnowledgeGraph) -> str:
    from kgfc.reason.rules import fact_fingerprint

    return fact_fingerprint(store)


def _name(fingerprint: str, settings: Settings) -> str:
    key = json.dumps(settings.__dict__, sort_keys=True)
    return f"{fingerprint}-{hashlib.sha256(key.encode()).hexdigest()[:8]}.npz"


def store_triples(store: KnowledgeGraph) -> list[tuple[str, str, str]]:
    """The facts the embedding is trained on: those completion rules are mined from."""
    from kgfc.reason.completion import OWL_DISJOINT, completion_for

    return [t for t in completion_for(store).index.triples() if t[1] != OWL_DISJOINT]


def train_for(
    store: KnowledgeGraph,
    settings: Settings = Settings(),  # noqa: B008 (frozen)
    *,
    threads: int | None = None,
    progress: Callable[[int, float, float], None] | None = None,
) -> tuple[Embedding, Path | None]:
    """Train on the store's facts, keep the model for this process and (on-disk stores) on disk."""
    fingerprint = _fingerprint(store)
    emb = train(store_triples(store), settings, threads=threads, progress=progress)
    emb.meta["fingerprint"] = fingerprint
    path = None
    folder = _folder(store)
    if folder is not None:
        path = folder / _name(fingerprint, settings)
        emb.save(path)
        os.utime(path)  # the newest file is the one served
    with _LOCK:
        _LOADED[store] = emb
    return emb, path


def embedding_for(store: KnowledgeGraph) -> Embedding | None:
    """The store's trained embedding (the newest on disk; None when none was trained)."""
    with _LOCK:
        if store in _LOADED:
            return _LOADED[store]
    emb = None
    folder = _folder(store)
    if folder is not None and folder.is_dir():
        files = sorted(folder.glob("*.npz"), key=lambda f: f.stat().st_mtime, reverse=True)
        files = [f for f in files if not f.name.endswith(".tmp.npz")]
        if files:
            try:
                emb = Embedding.load(files[0])
            except ConfigError as exc:
                log.warning("%s", exc)
    if emb is not None:
        current = _fingerprint(store)
        emb.meta["stale"] = emb.meta.get("fingerprint") != current
    with _LOCK:
        _LOADED[store] = emb
    return emb


def forget(store: KnowledgeGraph) -> None:
    """Drop the process's copy (the next use reads the disk again)."""
    with _LOCK:
        _LOADED.pop(store, None)
