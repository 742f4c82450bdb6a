"""Batches on every core: worker processes with warm checkers, one writer that records.

Each worker process builds its checkers once (:class:`Recipe`: the store spec,
settings, reasoner, policy...) and keeps them, with their models and indexes,
for every claim it is sent. An embedded store is opened read-only in each
worker beside the parent, which keeps the write lock; a ``sparql:`` store is
opened by each worker on its own connection. A worker never writes: the claim
graph a recorded verdict makes comes back with the result, and the parent --
the one writer -- records it in chunks (:class:`~kgfc.pipeline.record.ChunkedRecorder`),
so the chunking, exactly-once and ``--resume`` guarantees of a one-process
batch hold unchanged. What comes back is made to cost the parent little, since
it is one process for all the workers: the result as the JSON line it is printed
as (read back by pydantic's parser instead of unpickled model by model), the
trajectory as its log line, the claim graph as N-Quads text (see
:class:`~kgfc.pipeline.record.PendingRecord`).

A worker that dies (killed, out of memory) breaks the pool: the claims it
and the others had in hand were never returned, so nothing of them was
recorded; a new pool checks them again, each at most ``max_attempts`` times
(then its result carries the error). Results come back in input order, or as
they finish (``ordered=False``).

Workers are started by ``forkserver`` (``spawn`` where there is none): a fresh
interpreter, never a fork of a parent that holds store handles and threads. The
fork server loads what every worker needs first (:mod:`kgfc.pipeline.preload`:
the checker's modules, the spaCy model), so each worker starts with it loaded.
"""

from __future__ import annotations

import logging
import multiprocessing
import multiprocessing.connection
import os
import pickle
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing.context import BaseContext
from typing import TYPE_CHECKING, TypeAlias, TypeVar

from kgfc.errors import KgfcError
from kgfc.pipeline.record import DEFAULT_CHUNK
from kgfc.settings import Settings

if TYPE_CHECKING:
    from multiprocessing.synchronize import Lock

    from kgfc.kg.store import KnowledgeGraph
    from kgfc.models import VerifyResult
    from kgfc.pipeline.api import FactChecker
    from kgfc.pipeline.policies import Policy
    from kgfc.pipeline.record import PendingRecord
    from kgfc.pipeline.request import Claim
    from kgfc.pipeline.state import Budget

T = TypeVar("T")

log = logging.getLogger(__name__)

# A worker starts a Python process and loads its models (spaCy, the embedder, the
# label index and the store's statistics) once: on a busy 2-core machine that cost more
# than a 300-claim batch gained (benchmarks/bench_parallel.py). With the default worker
# count a batch gets one more worker per this many claims, so a short batch (and the
# test suite) stays in one process; --workers N asks for N whatever the batch.
CLAIMS_PER_WORKER = 200
# A worker is sent claims in chunks: one round trip each, and the texts of a chunk parsed in
# one spaCy batch (nlp.pipe), as a one-process batch parses them. Small enough that the
# workers finish together; a claim whose chunk died is tried again alone.
MAX_CHUNK = 16
MAX_ATTEMPTS = 3  # a claim whose worker died this many times fails instead
# Chunks sent ahead per worker. The parent records and prints the results that come back
# (a chunk of records is one store write, a few tenths of a second): with fewer queued, the
# workers run out of claims while it writes (a 1,200-triple batch on 2 workers took twice
# the time of 1 worker with 2 per worker).
AHEAD = 4
_LOOK_AGAIN = 5.0  # seconds between looks at whether the pool broke while nothing came back


def cores() -> int:
    """The cores this process may run on (the default ``--workers``)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@dataclass(frozen=True)
class Recipe:
    """How a worker builds one checker: picklable, built once per worker process."""

    store: str
    settings: Settings
    reasoner: str | None = None
    policy: str | Policy | None = None  # a policy name or a picklable Policy
    max_steps: int = 5
    budget: Budget | None = None
    record: bool = False


def shared_store_spec(kg: KnowledgeGraph, settings: Settings) -> str | None:
    """The spec other processes open store ``kg`` by, or None when only this process can see it.

    An in-memory store lives in one process; an on-disk or server store is shared.
    """
    path = getattr(kg, "path", "not-embedded")
    if path is None:
        return None
    if path != "not-embedded":
        return str(path)
    spec = settings.store
    return spec if spec and spec.startswith(("sparql:", "neo4j:")) else None


def choose_workers(
    requested: int | None, claims: int, store_spec: str | None, settings: Settings
) -> tuple[int, str | None]:
    """How many worker processes a batch gets, and why it gets fewer than asked (a note, or None).

    ``requested`` None is the default: one per core, but no more than one per
    :data:`CLAIMS_PER_WORKER` claims (starting a worker costs about as much).
    """
    if store_spec is None:
        return 1, "an in-memory store lives in one process: checking with 1 worker"
    if settings.web or settings.pubmed:
        # Searches add what they find to the KG, and the evidence memory links what a
        # verdict used: writes the one writing process makes as it goes (Ray's actors,
        # each with its own connection to a shared server store, make them instead).
        return 1, "web and PubMed search write to the store as they go: checking with 1 worker"
    if requested is None:
        return max(1, min(cores(), claims // CLAIMS_PER_WORKER)), None
    return max(1, min(requested, claims)), None


# -- inside a worker process --------------------------------------------------------------

# a claim for a worker: the index of one of the pool's recipes, or a recipe of its own
Task: TypeAlias = "tuple[int | Recipe, Claim]"
# a claim back from a worker: its result and the claim graph to record, or the error
Outcome: TypeAlias = "tuple[Sent | None, list[PendingRecord], KgfcError | None]"


class Sent:
    """A checked claim's result as a worker sends it back: its JSON line, not its models.

    The parent reads the result back from the line (:meth:`result`) and prints
    the line as it came; the trajectory's log line is made here too, and what
    the result's line leaves out (the trajectory's claim, the notes on degraded
    steps) travels beside it, so the result read back equals the one checked.
    """

    __slots__ = ("line", "trajectory", "claim", "notes")

    def __init__(self, result: VerifyResult) -> None:
        self.line = result.json_line()
        t = result.trajectory
        self.trajectory = None if t is None else t.model_dump_json()  # the log's line
        self.claim = "" if t is None else t.claim
        self.notes = (result.counters.degradations, [] if t is None else t.counters.degradations)

    def result(self) -> VerifyResult:
        from kgfc.models import VerifyResult

        result = VerifyResult.from_line(self.line)
        result.counters.degradations.extend(self.notes[0])
        t = result.trajectory
        if t is not None:
            t.claim = self.claim
            t.counters.degradations.extend(self.notes[1])
        return result


_CHECKERS: list[FactChecker] = []  # the pool's recipes, built when the worker starts
_BUILT: dict[bytes, FactChecker] = {}  # recipes sent with a claim, built on first use
_STORES: dict[str, KnowledgeGraph] = {}


def _start_worker(recipes: Sequence[Recipe], warm_lock: Lock | None = None) -> None:
    # Ctrl-C reaches the whole process group: the parent decides what stops, and how.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent.sentinel,), daemon=True).start()
    _CHECKERS.extend(_build(r) for r in recipes)
    if recipes and warm_lock is not None:
        _WARM_LOCK.append(warm_lock)


# What a checker builds from the whole store at its first claims (the label and fact indexes,
# the statistics) is kept on disk beside the store's caches. Workers that start together
# would each build it at once, on cores they share: the first to take the pool's start-up
# lock checks its first claim (building what that claim needs) while the others wait, then
# find it on disk. Each pool has a lock of its own, handed to its workers as they start: one
# that a killed worker held dies with its pool, and nothing is left behind on disk.
_WARM_LOCK: list[Lock] = []  # the pool's start-up lock, until this worker's first claim
# A worker waits this long for the others' first claims, then builds for itself.
_WARM_WAIT = 600.0


def _first_claim_alone(check: Callable[[], T]) -> T:
    """``check()``, holding the pool's start-up lock if this is the worker's first claim."""
    if not _WARM_LOCK:
        return check()
    lock = _WARM_LOCK.pop()
    held = lock.acquire(timeout=_WARM_WAIT)
    try:
        return check()
    finally:
        if held:
            lock.release()


def _exit_with(parent_sentinel: int) -> None:
    # A worker idles on the pool's queue, whose write end it holds itself: when the parent
    # is gone (killed, or it exited without stopping the pool) nothing ends that wait, and
    # the worker would live on, holding the store and the parent's stdout (a reader of it
    # never sees the end). The sentinel multiprocessing gives each child ends with the parent.
    multiprocessing.connection.wait([parent_sentinel])
    os._exit(0)


def _build(r: Recipe) -> FactChecker:
    from kgfc.pipeline.api import FactChecker
    from kgfc.registry import open_store

    if r.store not in _STORES:
        embedded = not r.store.startswith(("sparql:", "neo4j:"))
        _STORES[r.store] = open_store(r.store, read_only=embedded)
    checker = FactChecker.from_settings(
        r.settings,
        store=_STORES[r.store],
        reasoner=r.reasoner,
        policy=r.policy,
        record=r.record,
        max_steps=r.max_steps,
        budget=r.budget,
    )
    checker.collect_records()
    return checker


def _check_chunk(pairs: Sequence[Task]) -> list[Outcome]:
    """A chunk of claims in a worker: their texts parsed in one batch first, then each checked."""
    texts = [c.text.strip() for _, c in pairs if c.triple is None and c.text and c.text.strip()]
    if len(texts) > 1:
        # spaCy is imported by the checker anyway; here only when a chunk has texts to parse
        from kgfc.nlp.spacy_pipeline import prefetch

        prefetch(texts)  # nlp.pipe over the chunk: each claim's parse() then finds its doc
    first = _first_claim_alone(lambda: _check(*pairs[0]))
    return [first] + [_check(recipe, claim) for recipe, claim in pairs[1:]]


def _check(recipe: int | Recipe, claim: Claim) -> Outcome:
    """One claim in a worker: its result and the claim graph to record (or the error)."""
    if isinstance(recipe, int):
        checker = _CHECKERS[recipe]
    else:  # a recipe of its own (a server's request options): kept warm for the next claim
        key = pickle.dumps(recipe)
        if key not in _BUILT:
            _BUILT[key] = _build(recipe)
        checker = _BUILT[key]
    try:
        result = checker.verify(claim)
    except KgfcError as exc:
        checker.take_records()
        return None, [], exc
    return Sent(result), checker.take_records(), None


# -- in the parent ------------------------------------------------------------------------


@dataclass
class Done:
    """A claim back from a worker: its result and claim graph, or the error that stopped it."""

    index: int
    result: VerifyResult | None = None
    records: list[PendingRecord] = field(default_factory=list)
    error: KgfcError | None = None
    trajectory: str | None = None  # the trajectory as its log's line

    @property
    def checked(self) -> VerifyResult:
        """The result of a claim that came back without an error."""
        assert self.result is not None, self.error  # a worker returns one or the other
        return self.result


class WorkerDied(KgfcError):
    """A worker process died while checking the claim, each time it was tried."""


def _context(nlp: bool = True) -> BaseContext:
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    # The server imports the pipeline and loads the spaCy model once (kgfc.pipeline.preload);
    # each worker forks from it with that done, sharing it copy-on-write. A batch of
    # structured triples parses no text: loading the model would only delay the first
    # worker's fork (the server loads it before it forks any). The process's first pool
    # starts the server, and its choice holds for the pools after it.
    preload = ["__main__", "kgfc.pipeline.api"] + (["kgfc.pipeline.preload"] if nlp else [])
    ctx.set_forkserver_preload(preload)
    return ctx


def _stop(pool: ProcessPoolExecutor, grace: float) -> None:
    # Not shutdown(wait=True) alone: after a worker was killed, a survivor can wait forever
    # on the pool's queue lock, and the shutdown with it. Join each, then kill what is left.
    procs = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        p.join(grace)
        if p.is_alive():
            p.kill()
            p.join(5)


class WorkerPool:
    """``workers`` processes, each with the checkers of ``recipes``; :meth:`run` checks a batch."""

    def __init__(
        self,
        recipes: Sequence[Recipe],
        workers: int,
        *,
        max_attempts: int = MAX_ATTEMPTS,
        chunk: int | None = None,
        nlp: bool = True,
    ) -> None:
        """``recipes`` are built in each worker as it starts; a claim names one by its index,
        or brings a :class:`Recipe` of its own (built on first use, then kept). ``chunk``
        claims go to a worker at a time (None: by the batch's size, at most :data:`MAX_CHUNK`).
        ``nlp`` False: no claim is a text, so the workers start without the spaCy model."""
        if workers < 1:
            raise ValueError("workers must be at least 1")
        self.recipes = list(recipes)
        self.workers = workers
        self.max_attempts = max_attempts
        self.chunk = chunk
        self.nlp = nlp
        self.restarts = 0  # pools replaced after a worker died
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            ctx = _context(self.nlp)
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=ctx,
                initializer=_start_worker,
                initargs=(self.recipes, ctx.Lock()),
            )
        return self._pool

    def pids(self) -> list[int]:
        """The worker processes' ids (for tests and diagnostics)."""
        procs = getattr(self._pool, "_processes", None) or {}
        return sorted(procs)

    def close(self, grace: float = 60.0) -> None:
        """Stop the workers: claims in hand get ``grace`` seconds to finish, none is started."""
        pool, self._pool = self._pool, None
        if pool is not None:
            _stop(pool, grace)

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def run(self, claims: Sequence[Task], *, ordered: bool = True) -> Iterator[Done]:
        """Check ``(recipe, claim)`` pairs; a :class:`Done` per claim, in order or as they finish.

        Claims go to the workers in chunks, at most :data:`AHEAD` chunks a worker
        in flight, so a long batch holds little in memory; the workers get their
        next chunks before the results come out, while they are recorded. Closing the iterator
        stops: claims in hand finish and are dropped, none is started.
        """
        todo = deque(range(len(claims)))
        attempts = [0] * len(claims)
        size = self.chunk or max(1, min(MAX_CHUNK, -(-len(claims) // (4 * self.workers))))
        running: dict[Future[list[Outcome]], list[int]] = {}
        ready: dict[int, Done] = {}
        next_out = 0
        while todo or running:
            healthy = self._submit(claims, todo, running, attempts, size)
            if healthy:
                finished, _ = wait(running, timeout=_LOOK_AGAIN, return_when=FIRST_COMPLETED)
                healthy = bool(finished) or not self._broken()
            if not healthy:  # every claim in hand is settled now: its result, or lost
                finished = set(running)
            died: list[int] = []
            for fut in finished:
                chunk = running.pop(fut)
                try:
                    if not fut.done():
                        raise BrokenProcessPool("the pool broke before this chunk came back")
                    outs = fut.result()
                except BrokenProcessPool:
                    died += chunk
                    continue
                for i, (sent, records, error) in zip(chunk, outs, strict=True):
                    if sent is None:
                        ready[i] = Done(i, None, records, error)
                    else:
                        ready[i] = Done(i, sent.result(), records, error, sent.trajectory)
            if died or not healthy:
                for chunk in running.values():  # they break too: their worker pool is gone
                    died += chunk
                running.clear()
                self._replace(sorted(died), todo, attempts, ready)
            else:  # the next chunks out before the caller records these results
                self._submit(claims, todo, running, attempts, size)
            if ordered:
                while next_out in ready:
                    yield ready.pop(next_out)
                    next_out += 1
            else:
                for i in sorted(ready):
                    yield ready.pop(i)

    def _submit(
        self,
        claims: Sequence[Task],
        todo: deque[int],
        running: dict[Future[list[Outcome]], list[int]],
        attempts: list[int],
        size: int,
    ) -> bool:
        """Keep :data:`AHEAD` chunks a worker in flight; False when the pool broke (a worker died).

        A claim tried before (its worker died) goes alone: a claim that kills its
        worker then fails by itself, not its chunk's other claims with it.
        """
        while todo and len(running) < AHEAD * self.workers:
            chunk = [todo.popleft()]
            if not attempts[chunk[0]]:
                while todo and len(chunk) < size and not attempts[todo[0]]:
                    chunk.append(todo.popleft())
            try:
                fut = self._executor().submit(_check_chunk, [claims[i] for i in chunk])
            except BrokenProcessPool:  # found dead since the last results came back
                todo.extendleft(reversed(chunk))
                return False
            running[fut] = chunk
        return True

    def _broken(self) -> bool:
        # A claim submitted just as the pool found a worker dead can be left out of the
        # futures it fails (the executor reads its pending claims without the submit lock):
        # its future never settles. The executor's own flag says so.
        return bool(getattr(self._pool, "_broken", False))

    def _replace(
        self, lost: list[int], todo: deque[int], attempts: list[int], ready: dict[int, Done]
    ) -> None:
        """A worker died: the claims in flight go back to the front of the queue; a new pool takes them."""
        self.close(grace=0)
        self.restarts += 1
        again: list[int] = []
        for i in lost:
            attempts[i] += 1
            if attempts[i] >= self.max_attempts:
                ready[i] = Done(
                    i,
                    error=WorkerDied(
                        f"a worker process died while checking this claim ({attempts[i]} times)"
                    ),
                )
            else:
                again.append(i)
        todo.extendleft(reversed(again))
        log.warning("a worker process died; %d claim(s) in hand are checked again", len(again))


# -- a checker's batch on workers -----------------------------------------------------------


def workers_for(checker: FactChecker, requested: int | None, claims: int) -> tuple[int, str | None]:
    """:func:`choose_workers` for ``checker``'s store and settings (1 for a hand-built checker)."""
    if checker.recipe_args is None:
        return 1, "a checker built from objects cannot be rebuilt in a worker: checking with 1"
    spec = shared_store_spec(checker.store, checker.settings)
    return choose_workers(requested, claims, spec, checker.settings)


def recipe_of(checker: FactChecker, record: bool | None = None) -> Recipe | None:
    """The recipe that rebuilds ``checker`` in a worker (None: its store is this process's own)."""
    args = checker.recipe_args
    if args is None:
        raise ValueError(
            "Checking on worker processes needs a checker made by FactChecker.from_settings."
        )
    spec = shared_store_spec(checker.store, checker.settings)
    if spec is None:
        return None
    return Recipe(
        store=spec,
        settings=checker.settings,
        reasoner=args.get("reasoner"),
        policy=args.get("policy"),
        max_steps=checker.max_steps,
        budget=checker.budget,
        record=checker.record if record is None else record,
    )


def has_texts(claims: Sequence[Claim]) -> bool:
    """Whether any claim is a text (its workers need the spaCy model; a batch of triples does not)."""
    return any(c.triple is None for c in claims)


def verify_in_workers(
    checker: FactChecker,
    claims: Sequence[Claim],
    *,
    workers: int,
    record: bool | None = None,
    errors: str = "raise",
    ordered: bool = True,
    pool: WorkerPool | None = None,
    recipes: Sequence[int] | None = None,
) -> Iterator[tuple[int, VerifyResult | KgfcError]]:
    """Check ``claims`` (:class:`~kgfc.pipeline.request.Claim` objects, requests too) on ``workers`` processes; ``(index, result)`` pairs.

    Must run inside ``checker.batch()`` when claims are recorded: the parent
    records each claim graph that comes back into the batch's chunks, and
    appends its trajectory to the checker's trajectory log, in the order the
    results are yielded (the log's lines written together, before the chunk
    their claims' records are in). A claim that could not be checked raises its error
    (``errors="raise"``), yields a result carrying it (``"keep"``) or yields
    the exception itself (``"return"``). ``pool`` is a :class:`WorkerPool`
    to reuse (the caller closes it), whose recipe ``recipes[i]`` checks
    claim ``i`` (default: the first).
    """
    from kgfc.pipeline.record import ChunkedRecorder, append_trajectory_lines
    from kgfc.pipeline.request import failed_result

    recorder = checker.recorder
    log_to = checker.trajectory_log
    trajectories: list[str] = []

    def write_trajectories() -> None:
        if log_to is not None:
            append_trajectory_lines(log_to, trajectories)
        trajectories.clear()

    own = pool is None
    if pool is None:
        recipe = recipe_of(checker, record)
        if recipe is None:
            raise ValueError("An in-memory store cannot be shared with worker processes.")
        pool = WorkerPool([recipe], workers, nlp=has_texts(claims))
    pairs = [(recipes[i] if recipes else 0, c) for i, c in enumerate(claims)]
    # The trajectories first: a process killed between the two must leave a checked claim
    # unrecorded, never the reverse. Without a chunk to wait for, they go out as often.
    chunks = recorder if isinstance(recorder, ChunkedRecorder) else None
    if chunks is not None:
        chunks.before_write.append(write_trajectories)
    try:
        for done in pool.run(pairs, ordered=ordered):
            c = claims[done.index]
            if done.error is not None:
                if errors == "raise":
                    raise done.error
                failed = failed_result(c.claim_id(), c.text or "", str(done.error))
                yield done.index, done.error if errors == "return" else failed
                continue
            result = done.checked
            if done.records and recorder is None:
                raise ValueError("Recorded claims from workers are written inside checker.batch().")
            if done.trajectory is not None:  # written before the chunk its claim graph joins
                trajectories.append(done.trajectory)
                if chunks is None and len(trajectories) >= DEFAULT_CHUNK:
                    write_trajectories()
            if recorder is not None:  # a claim with records has one (above)
                for item in done.records:
                    recorder.add(item)
            yield done.index, result
    finally:
        write_trajectories()
        if chunks is not None:
            chunks.before_write.remove(write_trajectories)
        if own:
            pool.close()
