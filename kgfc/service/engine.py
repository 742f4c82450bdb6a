"""The server's one handle on the store: verification, reads and writes.

The server process is the store's single writer. Verification and every write
run one at a time under ``write_lock`` (the pipeline's caches are not
thread-safe, and on two cores a second concurrent episode would only share the
same CPU); SPARQL reads run beside them on their own worker threads.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, Field, model_validator

from kgfc.errors import InputError, KgfcError
from kgfc.models import VerifyResult
from kgfc.pipeline.api import Claim, FactChecker
from kgfc.pipeline.state import Budget
from kgfc.registry import open_configured_store
from kgfc.settings import Settings

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph


class VerifyRequest(BaseModel):
    """One claim (text) or triple to verify, with the CLI's per-claim options."""

    claim: str | None = Field(None, description="claim text")
    triple: tuple[str, str, str] | None = Field(
        None, description="structured triple, e.g. [Q76, P19, Q18094]"
    )
    id: str | None = Field(None, description="claim id (default: c- and a hash of the claim)")
    reasoner: Literal["local", "llm"] | None = None
    beam: Annotated[int, Field(ge=1, le=50)] | None = None
    hops: Annotated[int, Field(ge=1, le=10)] | None = None
    web: bool | None = None
    pubmed: bool | None = None
    max_steps: Annotated[int, Field(ge=2, le=20)] = 5
    max_llm_calls: Annotated[int, Field(ge=1)] | None = None
    max_tokens: Annotated[int, Field(ge=1)] | None = None
    max_searches: Annotated[int, Field(ge=0)] | None = None
    max_seconds: Annotated[float, Field(ge=0.1)] | None = None
    record: bool = Field(True, description="store the claim and its verdict in the KG")

    model_config = {"extra": "forbid"}

    @model_validator(mode="after")
    def _one_of(self) -> VerifyRequest:
        if (self.claim is None) == (self.triple is None):
            raise ValueError("give exactly one of 'claim' and 'triple'")
        if self.claim is not None and not self.claim.strip():
            raise ValueError("'claim' is empty")
        return self

    def claim_id(self) -> str:
        """The CLI's default id: the same claim gets the same id from the CLI and the server."""
        if self.id:
            return self.id
        basis = self.claim if self.claim is not None else " ".join(self.triple or ())
        return "c-" + hashlib.sha256(basis.strip().encode("utf-8", "replace")).hexdigest()[:10]


# the per-claim options a request may carry besides the claim itself
REQUEST_OPTIONS = tuple(k for k in VerifyRequest.model_fields if k not in ("claim", "triple", "id"))


class Engine:
    """Owns the open store and the warm verification pipeline."""

    def __init__(
        self, settings: Settings, store: KnowledgeGraph, *, workers: int | None = None
    ) -> None:
        self.settings = settings
        self.store = store
        self.workers = workers  # for jobs: None, one per core (see kgfc.pipeline.parallel)
        self.write_lock = threading.RLock()
        self._checkers: dict[tuple, FactChecker] = {}
        self._pool = None  # worker processes for jobs, started by the first big one
        self._pool_key = None  # the knowledge they opened the store with

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
        with self.write_lock:
            self.store.close()

    # -- jobs on worker processes ----------------------------------------------
    def job_workers(self, pending: int) -> int:
        """Worker processes for ``pending`` job items (1: this process checks them)."""
        from kgfc.pipeline.parallel import choose_workers, shared_store_spec

        spec = shared_store_spec(self.store, self.settings)
        return choose_workers(self.workers, pending, spec, self.settings)[0]

    def verify_on_workers(
        self, reqs: list[VerifyRequest], workers: int
    ) -> Iterator[tuple[int, VerifyResult | KgfcError]]:
        """Check requests on worker processes (the store read-only in each); this process records.

        Each result comes as it finishes, its claim graph written first: the
        caller marks the item done after, so a crash between the two checks
        it again and records the same graph again (replaced, never doubled).
        """
        from kgfc.pipeline.parallel import Recipe, shared_store_spec
        from kgfc.pipeline.record import ChunkedRecorder, append_trajectory

        spec = shared_store_spec(self.store, self.settings)
        pool = self._worker_pool(workers)
        pairs = []
        for r in reqs:
            recipe = Recipe(
                store=spec,
                settings=_settings_for(self, r),
                reasoner=r.reasoner,
                max_steps=r.max_steps,
                budget=_budget(r),
                record=r.record,
            )
            pairs.append((recipe, Claim(id=r.claim_id(), text=r.claim, triple=r.triple)))
        for done in pool.run(pairs, ordered=False):
            if done.error is not None:
                yield done.index, done.error
                continue
            if done.records:
                with self.write_lock:
                    recorder = ChunkedRecorder(self.store, len(done.records))
                    for item in done.records:
                        recorder.add(item)
            if done.result.trajectory is not None:
                append_trajectory(self.settings.home / "trajectories", done.result.trajectory)
            yield done.index, done.result

    def _worker_pool(self, workers: int):
        from kgfc.pipeline.parallel import WorkerPool

        key = self.store.knowledge_key()
        if self._pool is not None and (self._pool.workers != workers or self._pool_key != key):
            self._pool.close()  # new knowledge: workers open the store again to see it
            self._pool = None
        if self._pool is None:
            self._pool, self._pool_key = WorkerPool([], workers), key
        return self._pool

    def _checker(self, req: VerifyRequest) -> FactChecker:
        key = _checker_key(req)
        checker = self._checkers.get(key)
        if checker is None:
            checker = FactChecker.from_settings(
                _settings_for(self, req),
                store=self.store,
                reasoner=req.reasoner,
                trajectory_log=self.settings.home / "trajectories",
            )
            if len(self._checkers) >= 8:  # a handful of option sets; the oldest goes
                self._checkers.pop(next(iter(self._checkers)))
            self._checkers[key] = checker
        return checker

    # -- verification ----------------------------------------------------------
    def verify(self, req: VerifyRequest) -> VerifyResult:
        """Verify one claim; blocking, run it in a worker thread."""
        with self.write_lock:
            return _verify_today(self, req)

    def check_document(self, req) -> Any:
        """Check a document (a ``DocumentRequest``): its ``DocumentReport``; blocking."""
        from kgfc.document.load import fetch_document, from_text

        doc = (
            from_text(req.text, fmt=req.format, title=req.title, source=req.source)
            if req.text is not None
            else fetch_document(req.url, self.settings, fmt=req.format)
        )
        with self.write_lock:
            checker = self._checker(VerifyRequest(claim="-", reasoner=req.reasoner))
            return checker.check_document(doc, record=req.record)

    def warm_up(self) -> None:
        """Build the pipeline's indexes now rather than on the first request."""
        with self.write_lock:
            # one claim of each kind loads what the first real request would
            # otherwise wait for: the NLP models, label and statistics caches
            for req in (
                VerifyRequest(claim="Tony Blair was born in London.", record=False),
                VerifyRequest(triple=("Q9545", "P19", "Q84"), record=False),
            ):
                _verify_today(self, req)
            # what only some claims need, which the two above may not reach: the
            # first ambiguous name would otherwise wait a second for the relations'
            # range statistics and the sentence embedder (its ONNX session)
            from kgfc.nlp.embed import rank_texts
            from kgfc.reason.kgstats import stats_for

            stats = stats_for(self.store)
            stats.range("")
            stats.all_functionality()
            rank_texts("born in", ["place of birth"])


def _settings_for(engine: Engine, req: VerifyRequest) -> Settings:
    over = {
        k: v
        for k, v in {
            "reasoner": req.reasoner,
            "beam": req.beam,
            "hops": req.hops,
            "web": req.web,
            "pubmed": req.pubmed,
        }.items()
        if v is not None
    }
    return engine.settings.model_copy(update=over) if over else engine.settings


def _budget(req: VerifyRequest) -> Budget:
    return Budget(
        llm_calls=req.max_llm_calls,
        tokens=req.max_tokens,
        search_calls=req.max_searches,
        seconds=req.max_seconds,
    )


def _checker_key(req: VerifyRequest) -> tuple:
    return (req.reasoner, req.beam, req.hops, req.web, req.pubmed)


def _verify_today(engine: Engine, req: VerifyRequest) -> VerifyResult:
    """One request through the public API (the checker for its option set is kept warm)."""
    claim = Claim(id=req.claim_id(), text=req.claim, triple=req.triple)
    try:
        return engine._checker(req).verify(
            claim, record=req.record, max_steps=req.max_steps, budget=_budget(req)
        )
    except UnicodeEncodeError:
        raise InputError("The claim is not valid UTF-8 text.") from None


def open_service_store(settings: Settings, *, read_only: bool = False, who: str = "kgfc serve"):
    """Open the configured store for a long-running process: a locked store is an error naming its holder."""
    return open_configured_store(settings, read_only=read_only, when_locked="raise", command=who)
