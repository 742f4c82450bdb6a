"""SPARQL evaluations that stop at their deadline: one killable worker process per query slot.

pyoxigraph (0.5) offers no way to interrupt a query: evaluation runs in Rust
without a cancellation hook, and a Python thread cannot be stopped from
outside. A query that spends its time inside one operator (``COUNT(*)`` over a
cross product, a big sort, ``REGEX`` over every literal) yields no row to check
a deadline between, so a worker *thread* whose caller gave up would keep its
CPU and its memory until the query ends on its own. A process can be killed.

So the server (and ``kgfc mcp``) evaluates user queries in a small pool of
worker processes, one query at a time each:

- a worker opens the store read-only beside the writer (RocksDB allows it) and
  reopens it when the writer's files changed since its last query, so it sees
  every committed write;
- at the deadline the worker is killed (SIGKILL: CPU and memory are given back
  at once) and a fresh one takes its place;
- a worker's address space is capped (``RLIMIT_AS``): a query that builds a
  huge intermediate result fails alone, with an error that says so, instead
  of growing the server;
- workers run at a lower CPU priority (``nice``) than the server, so verifies
  keep their speed while expensive queries run;
- the number of slots is a real limit: a query that finds every slot taken is
  answered at once with :class:`QueryBusy` (HTTP 503 with ``Retry-After``);
  one client address holds at most all slots but one, and a query text that
  was just stopped at a limit is refused for a while rather than run to the
  limit again (:class:`Admission`).

A store that another process cannot open (in memory, a remote SPARQL server)
runs queries on threads instead (:class:`ThreadRunner`): the slot limit still
holds, because a timed-out query keeps its slot until its thread ends.
"""

from __future__ import annotations

import contextlib
import logging
import math
import multiprocessing
import os
import signal
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol, TypeAlias

from kgfc.errors import KgfcError, StoreError
from kgfc.service import sparql as sp

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

    from kgfc.kg.oxigraph_store import OxigraphStore
    from kgfc.kg.store import KnowledgeGraph

log = logging.getLogger(__name__)

START_TIMEOUT = 60.0  # seconds a new worker may take to import and open the store
GRACE = 0.25  # seconds past the deadline a worker gets to answer "timed out" itself
REPEAT_COOLDOWN = 60.0  # seconds a query text stopped at a limit is refused before it runs again
WORKER_NICE = 10
# the error classes a worker may send back, by name (pickling loses the hint)
_ERRORS: dict[str, type[KgfcError]] = {}


def _register_errors() -> None:
    import kgfc.errors as E

    for name in dir(E):
        obj = getattr(E, name)
        if isinstance(obj, type) and issubclass(obj, KgfcError):
            _ERRORS[name] = obj
    for cls in (sp.QueryTimeout, sp.UpdateRefused, sp.NotAcceptable):
        _ERRORS[cls.__name__] = cls


class QueryBusy(KgfcError):
    """Every query slot is taken (HTTP 503 with Retry-After)."""

    def __init__(self, message: str, *, hint: str | None = None, retry_after: int = 1) -> None:
        super().__init__(message, hint=hint)
        self.retry_after = retry_after


class QueryMemoryExceeded(KgfcError):
    """The query needed more memory than a query may use (HTTP 503)."""


@dataclass
class QueryJob:
    """One query for a runner: the text and how to answer it."""

    text: str
    accepted: list[str]
    max_rows: int
    timeout: float


class QueryRefused(QueryBusy):
    """The same query text was stopped at a limit a moment ago (HTTP 503 with Retry-After)."""


class Slot(Protocol):
    def run(self) -> sp.SparqlResult: ...

    def release(self) -> None: ...


class QueryRunner(Protocol):
    """Where guarded queries run: :class:`QueryPool` or :class:`ThreadRunner`."""

    slots: int

    def acquire(self, job: QueryJob, client: str | None = None) -> Slot:
        """A slot for ``job`` now, or :class:`QueryBusy`; never waits."""
        ...

    def run(
        self, text: str, *, accepted: list[str], max_rows: int, timeout: float
    ) -> sp.SparqlResult: ...

    def close(self) -> None: ...


def make_runner(store: KnowledgeGraph, *, slots: int, memory_mb: int | None) -> QueryRunner:
    """Worker processes for an on-disk Oxigraph store, threads for any other store."""
    from kgfc.kg.oxigraph_store import OxigraphStore

    if isinstance(store, OxigraphStore) and store.path is not None:
        return QueryPool(store.path, slots=slots, memory_mb=memory_mb)
    return ThreadRunner(store, slots=slots)


def _text_key(text: str) -> str:
    return " ".join(text.split())


class Admission:
    """Who may start a query now. Three rules, checked in one place for both runners:

    - at most ``slots`` queries run at once;
    - one client (an address) holds at most ``slots - 1`` of them, so a client
      sending expensive queries in a loop cannot shut everyone else out;
    - a query text stopped at a limit (time or memory) is refused for
      :data:`REPEAT_COOLDOWN` seconds instead of being run to the limit again.

    Every refusal is a :class:`QueryBusy` whose ``retry_after`` says when a try
    could succeed.
    """

    def __init__(self, slots: int) -> None:
        self.slots = max(1, slots)
        self.lock = threading.Lock()
        self.running: dict[int, tuple[float, str | None]] = {}  # id -> (deadline, client)
        self.stopped: dict[str, float] = {}  # query text -> refused until
        self._next = 0

    def admit(self, job: QueryJob, client: str | None) -> int:
        now = time.monotonic()
        key = _text_key(job.text)
        with self.lock:
            until = self.stopped.get(key)
            if until is not None and until > now:
                wait = max(1, math.ceil(until - now))
                raise QueryRefused(
                    "This query was stopped at the server's limits moments ago; "
                    f"the same query is not run again for {wait} s.",
                    hint="Narrow it (LIMIT, more specific patterns) rather than retrying it.",
                    retry_after=wait,
                )
            if len(self.running) >= self.slots:
                raise self._busy(f"All {self.slots} query slots are busy.")
            share = self.slots - 1
            mine = sum(1 for _, owner in self.running.values() if owner == client)
            if client is not None and share >= 1 and mine >= share:
                raise self._busy(
                    f"This client already runs {mine} of the {self.slots} query slots."
                )
            self._next += 1
            self.running[self._next] = (now + job.timeout + GRACE, client)
            return self._next

    def _busy(self, message: str) -> QueryBusy:
        soonest = min((d for d, _ in self.running.values()), default=time.monotonic() + 1)
        wait = max(1, math.ceil(soonest - time.monotonic()))
        return QueryBusy(
            message,
            hint=f"Retry in {wait} s, or make long queries cheaper (LIMIT, more specific patterns).",
            retry_after=wait,
        )

    def started(self, slot_id: int, deadline: float) -> None:
        with self.lock:
            if slot_id in self.running:
                self.running[slot_id] = (deadline, self.running[slot_id][1])

    def release(self, slot_id: int) -> None:
        with self.lock:
            self.running.pop(slot_id, None)

    def stopped_at_limit(self, job: QueryJob) -> None:
        now = time.monotonic()
        with self.lock:
            if len(self.stopped) > 1000:  # a bounded memory of offenders
                self.stopped = {k: t for k, t in self.stopped.items() if t > now}
            self.stopped[_text_key(job.text)] = now + REPEAT_COOLDOWN


def _timed_out(timeout: float) -> sp.QueryTimeout:
    return sp.QueryTimeout(
        f"The query ran past the limit of {timeout:g} s and was stopped.",
        hint="Narrow it (LIMIT, more specific patterns).",
    )


def _with_slot(runner: QueryRunner, job: QueryJob) -> sp.SparqlResult:
    slot = runner.acquire(job)
    try:
        return slot.run()
    finally:
        slot.release()


# -- worker processes ---------------------------------------------------------------
def _store_signature(path: Path) -> tuple[tuple[str, int, int], ...] | None:
    """What changes when the writer commits: its write-ahead logs, manifest and CURRENT."""
    try:
        names = os.listdir(path)
    except OSError:
        return None
    out = []
    for name in names:
        if name.endswith(".log") or name.startswith("MANIFEST-") or name == "CURRENT":
            try:
                st = os.stat(path / name)
            except OSError:
                continue
            out.append((name, st.st_size, st.st_mtime_ns))
    return tuple(sorted(out))


def _address_space() -> int:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def _cap_address_space(memory_bytes: int) -> None:
    """Cap this process's address space at what it uses now plus ``memory_bytes``."""
    import resource

    cap = _address_space() + memory_bytes
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


def _die_with_parent() -> None:
    with contextlib.suppress(OSError, AttributeError):  # Linux only
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


# a worker's answer: ("ok", body, media type, rows, truncated), ("error", the error's class
# name, message, hint) or ("memory",)
Answer: TypeAlias = (
    tuple[Literal["ok"], bytes, str, int, bool]
    | tuple[Literal["error"], str, str, str | None]
    | tuple[Literal["memory"]]
)


def _worker_main(conn: Connection, path: str, memory_bytes: int | None) -> None:
    """A worker's loop: one request in, one answer out, until the pipe closes."""
    _die_with_parent()
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICE)
    from kgfc.kg.oxigraph_store import OxigraphStore

    where = Path(path)
    store: OxigraphStore | None = None
    seen: tuple[tuple[str, int, int], ...] | None = None
    capped = False

    def fresh_store() -> OxigraphStore:
        nonlocal store, seen, capped
        sig = _store_signature(where)  # before opening: a write meanwhile means one more reopen
        if store is None or sig != seen:
            store = None  # the old view goes first: its memory counts against the cap
            store = OxigraphStore(where, read_only=True)
            seen = sig
            if memory_bytes and not capped:
                # the cap is what a query may add to an open store: measured once the store
                # is open (a worker that could not open it at start would otherwise count
                # the store's own opening against its queries)
                _cap_address_space(memory_bytes)
                capped = True
        return store

    try:
        fresh_store()
    except KgfcError as exc:
        log.warning("query worker cannot open the store yet: %s", exc)
    conn.send(("ready", os.getpid()))
    while True:
        try:
            job: QueryJob = conn.recv()
        except (EOFError, OSError):
            return
        answer: Answer
        try:
            res = sp.run_query(
                fresh_store(),
                job.text,
                accepted=job.accepted,
                max_rows=job.max_rows,
                deadline=time.monotonic() + job.timeout,
            )
            answer = ("ok", res.body, res.media_type, res.rows, res.truncated)
        except KgfcError as exc:
            answer = ("error", type(exc).__name__, exc.message, exc.hint)
        except MemoryError:
            answer = ("memory",)
        except Exception as exc:  # noqa: BLE001 - reported to the caller, the worker goes on
            answer = ("error", "StoreError", f"The query failed: {exc}", None)
        try:
            conn.send(answer)
        except MemoryError:
            conn.send(("memory",))


class _Worker:
    def __init__(self, proc: BaseProcess, conn: Connection) -> None:
        self.proc, self.conn = proc, conn

    def alive(self) -> bool:
        return self.proc.is_alive()

    def kill(self) -> None:
        with contextlib.suppress(Exception):
            self.proc.kill()
        self.proc.join(5)
        with contextlib.suppress(Exception):
            self.conn.close()


class QueryPool:
    """Up to ``slots`` worker processes over the store at ``path``; see the module docstring."""

    def __init__(self, path: Path, *, slots: int, memory_mb: int | None = 1024) -> None:
        if not _ERRORS:
            _register_errors()
        self.path, self.slots = Path(path), max(1, slots)
        self.memory_bytes = memory_mb * 2**20 if memory_mb else None
        self._mp = multiprocessing.get_context("spawn")  # never fork a threaded server
        self._lock = threading.Lock()
        self._idle: list[_Worker] = []
        self.admission = Admission(self.slots)
        self._closed = False
        self.killed = 0  # workers stopped at a deadline or by the memory cap

    # -- slots ------------------------------------------------------------------
    def acquire(self, job: QueryJob, client: str | None = None) -> _PoolSlot:
        if self._closed:
            raise StoreError("The query pool is closed (the server is stopping).")
        return _PoolSlot(self, self.admission.admit(job, client), job)

    def run(
        self, text: str, *, accepted: list[str], max_rows: int, timeout: float
    ) -> sp.SparqlResult:
        """Acquire a slot, evaluate, release: the blocking call for code without a slot of its own."""
        return _with_slot(self, QueryJob(text, accepted, max_rows, timeout))

    def warm(self, n: int = 1) -> None:
        """Start ``n`` workers now, so the first queries do not wait for one."""
        for _ in range(n):
            worker = self._spawn()
            with self._lock:
                if self._closed or len(self._idle) >= self.slots:
                    worker.kill()
                    return
                self._idle.append(worker)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for w in idle:
            w.kill()

    def _take_worker(self) -> _Worker:
        with self._lock:
            while self._idle:
                w = self._idle.pop()
                if w.alive():
                    return w
                w.kill()
        return self._spawn()

    def _put_back(self, worker: _Worker) -> None:
        with self._lock:
            if not self._closed and worker.alive() and len(self._idle) < self.slots:
                self._idle.append(worker)
                return
        worker.kill()

    def _spawn(self) -> _Worker:
        parent, child = self._mp.Pipe()
        proc = self._mp.Process(
            target=_worker_main,
            args=(child, str(self.path), self.memory_bytes),
            name="kgfc-sparql-worker",
            daemon=True,
        )
        proc.start()
        child.close()
        worker = _Worker(proc, parent)
        if not parent.poll(START_TIMEOUT):
            worker.kill()
            raise StoreError(f"A query worker did not start within {START_TIMEOUT:g} s.")
        try:
            parent.recv()  # ("ready", pid)
        except (EOFError, OSError):
            worker.kill()
            raise StoreError(
                f"A query worker stopped while starting (exit code {proc.exitcode})."
            ) from None
        return worker

    def _replace_soon(self) -> None:
        def replace() -> None:
            try:
                self.warm(1)
            except KgfcError as exc:
                log.warning("could not start a query worker: %s", exc)

        threading.Thread(target=replace, name="kgfc-sparql-respawn", daemon=True).start()

    def _evaluate(self, slot_id: int, job: QueryJob) -> sp.SparqlResult:
        deadline = time.monotonic() + job.timeout
        worker = self._take_worker()
        self.admission.started(slot_id, deadline + GRACE)
        try:
            worker.conn.send(job)
            ready = worker.conn.poll(max(0.0, deadline - time.monotonic()) + GRACE)
            answer = worker.conn.recv() if ready else None
        except (EOFError, OSError, BrokenPipeError):
            answer = "died"
        if answer is None:  # past the deadline and still evaluating: stop it for good
            worker.kill()
            self.killed += 1
            self._replace_soon()
            self.admission.stopped_at_limit(job)
            raise _timed_out(job.timeout)
        if answer == "died" or answer[0] == "memory":
            worker.kill()
            self.killed += 1
            self._replace_soon()
            self.admission.stopped_at_limit(job)
            # SIGABRT: an allocation past the cap (Rust aborts); SIGKILL: the kernel's OOM killer
            if answer == "died" and worker.proc.exitcode not in (-signal.SIGABRT, -signal.SIGKILL):
                raise StoreError(
                    f"The query worker stopped (exit code {worker.proc.exitcode}).",
                    hint="See the server log.",
                )
            mb = (self.memory_bytes or 0) // 2**20
            raise QueryMemoryExceeded(
                f"The query needed more than the {mb:,} MB of memory a query may use, and was stopped.",
                hint="Narrow it (LIMIT, more specific patterns, fewer ORDER BY / GROUP BY rows).",
            )
        self._put_back(worker)
        if answer[0] == "ok":
            _, body, media_type, rows, truncated = answer
            return sp.SparqlResult(body, media_type, rows, truncated)
        _, name, message, hint = answer
        cls = _ERRORS.get(name, StoreError)
        if cls is sp.QueryTimeout:  # the worker's own deadline check, between rows
            self.admission.stopped_at_limit(job)
        raise cls(message, hint=hint)


class _PoolSlot:
    def __init__(self, pool: QueryPool, slot_id: int, job: QueryJob) -> None:
        self.pool, self.slot_id, self.job = pool, slot_id, job

    def run(self) -> sp.SparqlResult:
        return self.pool._evaluate(self.slot_id, self.job)

    def release(self) -> None:
        self.pool.admission.release(self.slot_id)


# -- threads, for stores another process cannot open ----------------------------------
class ThreadRunner:
    """Queries on threads, ``slots`` at a time. A timed-out query is answered at its
    deadline but keeps its slot until its thread ends: such stores cannot be killed
    into giving the CPU back, so the limit is what keeps them from piling up."""

    def __init__(self, store: KnowledgeGraph, *, slots: int) -> None:
        self.store, self.slots = store, max(1, slots)
        self.admission = Admission(self.slots)

    def acquire(self, job: QueryJob, client: str | None = None) -> _ThreadSlot:
        return _ThreadSlot(self, self.admission.admit(job, client), job)

    def run(
        self, text: str, *, accepted: list[str], max_rows: int, timeout: float
    ) -> sp.SparqlResult:
        return _with_slot(self, QueryJob(text, accepted, max_rows, timeout))

    def close(self) -> None:
        pass


class _ThreadSlot:
    def __init__(self, runner: ThreadRunner, slot_id: int, job: QueryJob) -> None:
        self.runner, self.slot_id, self.job = runner, slot_id, job
        self.started = False
        self.lock = threading.Lock()
        self.done = False

    def run(self) -> sp.SparqlResult:
        job = self.job
        deadline = time.monotonic() + job.timeout
        cancelled, finished = threading.Event(), threading.Event()
        answers: list[sp.SparqlResult] = []
        errors: list[BaseException] = []
        self.runner.admission.started(self.slot_id, deadline + GRACE)

        def work() -> None:
            try:
                answer = sp.run_query(
                    self.runner.store,
                    job.text,
                    accepted=job.accepted,
                    max_rows=job.max_rows,
                    deadline=deadline,
                    cancelled=cancelled,
                )
                answers.append(answer)
            except BaseException as exc:  # noqa: BLE001 - handed to the waiting caller
                errors.append(exc)
            finally:
                finished.set()
                self._end()  # the slot is free only once the query really stopped

        self.started = True
        threading.Thread(target=work, name="kgfc-sparql", daemon=True).start()
        if not finished.wait(job.timeout + GRACE):
            cancelled.set()
            self.runner.admission.stopped_at_limit(job)
            raise _timed_out(job.timeout)
        if errors:
            if isinstance(errors[0], sp.QueryTimeout):
                self.runner.admission.stopped_at_limit(job)
            raise errors[0]
        return answers[0]

    def _end(self) -> None:
        with self.lock:
            if self.done:
                return
            self.done = True
        self.runner.admission.release(self.slot_id)

    def release(self) -> None:
        if not self.started:  # never ran: give the slot back now; else the thread does
            self._end()
