"""The server's one handle on the store: verification, reads and writes.

The server process is the store's single writer. Verification and every write
run one at a time under ``write_lock`` (the pipeline's caches are not
thread-safe, and on two cores a second concurrent episode would only share the
same CPU); SPARQL reads run beside them on their own worker threads.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal, Protocol

from kgfc.errors import InputError, KgfcError
from kgfc.models import VerifyResult
from kgfc.pipeline.api import FactChecker
from kgfc.pipeline.request import ClaimRequest
from kgfc.registry import open_configured_store
from kgfc.settings import Settings

if TYPE_CHECKING:
    from kgfc.document.models import DocumentReport
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.pipeline.parallel import WorkerPool


class DocumentAsk(Protocol):
    """A document to check, as ``routes.documents.DocumentRequest`` gives it."""

    @property
    def text(self) -> str | None: ...
    @property
    def url(self) -> str | None: ...
    @property
    def format(self) -> str: ...
    @property
    def title(self) -> str | None: ...
    @property
    def source(self) -> str | None: ...
    @property
    def reasoner(self) -> Literal["local", "llm"] | None: ...
    @property
    def record(self) -> bool: ...


class Engine:
    """Owns the open store and the warm verification pipeline."""

    def __init__(
        self, settings: Settings, store: KnowledgeGraph, *, workers: int | None = None
    ) -> None:
        self.settings = settings
        self.store = store
        self.workers = workers  # for jobs: None, one per core (see kgfc.pipeline.parallel)
        self.write_lock = threading.RLock()
        self._checkers: dict[tuple[Any, ...], FactChecker] = {}
        # worker processes for jobs, started by the first big one
        self._pool: WorkerPool | None = None
        self._pool_key: object = None  # the knowledge they opened the store with

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
        self, reqs: list[ClaimRequest], workers: int
    ) -> Iterator[tuple[int, VerifyResult | KgfcError]]:
        """Check requests on worker processes (the store read-only in each); this process records.

        Each result comes as it finishes, its claim graph written first: the
        caller marks the item done after, so a crash between the two checks
        it again and records the same graph again (replaced, never doubled).
        """
        from kgfc.pipeline.parallel import Recipe, shared_store_spec
        from kgfc.pipeline.record import ChunkedRecorder, append_trajectory

        spec = shared_store_spec(self.store, self.settings)
        if spec is None:  # job_workers() chose 1 for a store only this process sees
            raise ValueError("An in-memory store cannot be shared with worker processes.")
        pool = self._worker_pool(workers)
        pairs = []
        for r in reqs:
            recipe = Recipe(
                store=spec,
                settings=_settings_for(self, r),
                reasoner=r.reasoner,
                max_steps=r.max_steps,
                budget=r.budget(),
                record=r.record,
            )
            pairs.append((recipe, r.model_copy(update={"id": r.claim_id()})))
        for done in pool.run(pairs, ordered=False):
            if done.error is not None:
                yield done.index, done.error
                continue
            if done.records:
                with self.write_lock:
                    recorder = ChunkedRecorder(self.store, len(done.records))
                    for item in done.records:
                        recorder.add(item)
            result = done.checked
            if result.trajectory is not None:
                append_trajectory(self.settings.home / "trajectories", result.trajectory)
            yield done.index, result

    def _worker_pool(self, workers: int) -> WorkerPool:
        from kgfc.pipeline.parallel import WorkerPool

        key = self.store.knowledge_key()
        if self._pool is not None and (self._pool.workers != workers or self._pool_key != key):
            self._pool.close()  # new knowledge: workers open the store again to see it
            self._pool = None
        if self._pool is None:
            self._pool, self._pool_key = WorkerPool([], workers), key
        return self._pool

    def _checker(self, req: ClaimRequest) -> FactChecker:
        key = req.checker_key()
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
    def verify(self, req: ClaimRequest) -> VerifyResult:
        """Verify one claim; blocking, run it in a worker thread."""
        with self.write_lock:
            return _verify_today(self, req)

    def check_document(self, req: DocumentAsk) -> DocumentReport:
        """Check a document (a ``DocumentRequest``): its ``DocumentReport``; blocking."""
        from kgfc.document.load import fetch_document, from_text

        if req.text is not None:
            doc = from_text(req.text, fmt=req.format, title=req.title, source=req.source)
        elif req.url is not None:
            doc = fetch_document(req.url, self.settings, fmt=req.format)
        else:  # the request's own check refuses this first
            raise InputError("Give exactly one of 'text' and 'url'.")
        with self.write_lock:
            checker = self._checker(ClaimRequest(text="-", reasoner=req.reasoner))
            return checker.check_document(doc, record=req.record)

    def warm_up(self) -> None:
        """Build the pipeline's indexes now rather than on the first request."""
        with self.write_lock:
            # one claim of each kind loads what the first real request would
            # otherwise wait for: the NLP models, label and statistics caches
            for req in (
                ClaimRequest(text="Tony Blair was born in London.", record=False),
                ClaimRequest(triple=("Q9545", "P19", "Q84"), record=False),
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


def _settings_for(engine: Engine, req: ClaimRequest) -> Settings:
    over = req.settings_update()
    return engine.settings.model_copy(update=over) if over else engine.settings


def _verify_today(engine: Engine, req: ClaimRequest) -> VerifyResult:
    """One request through the public API (the checker for its option set is kept warm)."""
    try:
        return engine._checker(req).verify(
            req.model_copy(update={"id": req.claim_id()}),
            record=req.record,
            max_steps=req.max_steps,
            budget=req.budget(),
        )
    except UnicodeEncodeError:
        raise InputError("The claim is not valid UTF-8 text.") from None


def open_service_store(
    settings: Settings, *, read_only: bool = False, who: str = "kgfc serve"
) -> KnowledgeGraph:
    """Open the configured store for a long-running process: a locked store is an error naming its holder."""
    return open_configured_store(settings, read_only=read_only, when_locked="raise", command=who)
