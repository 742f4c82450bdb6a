"""Batch verification jobs with a durable journal (SQLite).

A submitted job is written whole, in one transaction, before the server
answers, so an accepted claim is never lost. One runner thread takes pending
items in submission order; an item's result and its ``done`` state are
committed together after the claim is verified and recorded. A server killed
mid-claim finds that item still pending when it restarts and verifies it
again; recording a claim replaces its graph, so the store still ends up with
one verdict per claim, and the journal with one result per item.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kgfc.errors import InputError, KgfcError
from kgfc.pipeline.request import ClaimLine

log = logging.getLogger(__name__)

# a request or a result as JSON
Json = dict[str, Any]

SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
  id TEXT PRIMARY KEY,
  created REAL NOT NULL,
  total INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS items (
  job_id TEXT NOT NULL REFERENCES jobs(id),
  idx INTEGER NOT NULL,
  request TEXT,
  state TEXT NOT NULL CHECK (state IN ('pending', 'done', 'error')),
  result TEXT,
  error TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  finished REAL,
  PRIMARY KEY (job_id, idx)
);
CREATE INDEX IF NOT EXISTS items_pending ON items(state, job_id, idx);
CREATE TABLE IF NOT EXISTS results (
  claim_id TEXT PRIMARY KEY,
  result TEXT NOT NULL,
  updated REAL NOT NULL
);
"""


class JobJournal:
    """The SQLite journal: jobs, their items, and each item's result."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def submit(self, lines: list[ClaimLine]) -> Json:
        """Journal a job (all items, one transaction). Bad items are stored as errors."""
        if not lines:
            raise InputError("The job has no claims.")
        job_id = "job-" + uuid.uuid4().hex[:16]
        rows = [
            (
                job_id,
                i,
                json.dumps(line.request.payload())
                if line.request is not None
                else json.dumps(line.raw, default=str),
                "pending" if line.request is not None else "error",
                line.error,
            )
            for i, line in enumerate(lines)
        ]
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(
                "INSERT INTO jobs(id, created, total) VALUES (?, ?, ?)",
                (job_id, time.time(), len(rows)),
            )
            self._db.executemany(
                "INSERT INTO items(job_id, idx, request, state, error) VALUES (?, ?, ?, ?, ?)", rows
            )
            self._db.execute("COMMIT")
        status = self.status(job_id, results=False)
        assert status is not None  # written above
        return status

    def next_pending(self) -> tuple[str, int, Json] | None:
        """The oldest pending item, its attempt counted (so a crash loop is visible)."""
        with self._lock:
            row = self._db.execute(
                "SELECT i.job_id, i.idx, i.request FROM items i JOIN jobs j ON j.id = i.job_id "
                "WHERE i.state = 'pending' ORDER BY j.created, i.job_id, i.idx LIMIT 1"
            ).fetchone()
            if row is None:
                return None
            self._db.execute(
                "UPDATE items SET attempts = attempts + 1 WHERE job_id = ? AND idx = ?",
                (row[0], row[1]),
            )
        return row[0], row[1], json.loads(row[2])

    def take_pending(self, n: int) -> list[tuple[str, int, Json]]:
        """The ``n`` oldest pending items, each attempt counted (as :meth:`next_pending`)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT i.job_id, i.idx, i.request FROM items i JOIN jobs j ON j.id = i.job_id "
                "WHERE i.state = 'pending' ORDER BY j.created, i.job_id, i.idx LIMIT ?",
                (n,),
            ).fetchall()
            self._db.executemany(
                "UPDATE items SET attempts = attempts + 1 WHERE job_id = ? AND idx = ?",
                [(r[0], r[1]) for r in rows],
            )
        return [(r[0], r[1], json.loads(r[2])) for r in rows]

    def finish(self, job_id: str, idx: int, result: Json | None, error: str | None) -> None:
        with self._lock:
            self._db.execute(
                "UPDATE items SET state = ?, result = ?, error = ?, finished = ? "
                "WHERE job_id = ? AND idx = ? AND state = 'pending'",
                (
                    "done" if error is None else "error",
                    json.dumps(result, ensure_ascii=False) if result is not None else None,
                    error,
                    time.time(),
                    job_id,
                    idx,
                ),
            )

    def save_result(self, claim_id: str, result: Json) -> None:
        """Keep a recorded claim's full result (web passages, counters) for GET /v1/claims."""
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO results(claim_id, result, updated) VALUES (?, ?, ?)",
                (claim_id, json.dumps(result, ensure_ascii=False), time.time()),
            )

    def get_result(self, claim_id: str) -> Json | None:
        with self._lock:
            row = self._db.execute(
                "SELECT result FROM results WHERE claim_id = ?", (claim_id,)
            ).fetchone()
        return json.loads(row[0]) if row else None

    def pending_count(self) -> int:
        with self._lock:
            count: int = self._db.execute(
                "SELECT count(*) FROM items WHERE state = 'pending'"
            ).fetchone()[0]
        return count

    def status(
        self, job_id: str, *, results: bool = True, offset: int = 0, limit: int = 1000
    ) -> Json | None:
        with self._lock:
            job = self._db.execute(
                "SELECT id, created, total FROM jobs WHERE id = ?", (job_id,)
            ).fetchone()
            if job is None:
                return None
            counts = dict(
                self._db.execute(
                    "SELECT state, count(*) FROM items WHERE job_id = ? GROUP BY state", (job_id,)
                ).fetchall()
            )
            last = self._db.execute(
                "SELECT max(finished) FROM items WHERE job_id = ?", (job_id,)
            ).fetchone()[0]
            rows = (
                self._db.execute(
                    "SELECT idx, request, state, result, error, attempts FROM items "
                    "WHERE job_id = ? ORDER BY idx LIMIT ? OFFSET ?",
                    (job_id, limit, offset),
                ).fetchall()
                if results
                else []
            )
        pending = counts.get("pending", 0)
        out = {
            "id": job[0],
            "created": job[1],
            "total": job[2],
            "done": counts.get("done", 0),
            "failed": counts.get("error", 0),
            "pending": pending,
            "state": "done" if pending == 0 else "running",
            "claims_per_second": _rate(job[2] - pending, job[1], last),
        }
        if results:
            out["items"] = [
                {
                    "index": idx,
                    "state": state,
                    "attempts": attempts,
                    "request": json.loads(req) if req else None,
                    "result": json.loads(res) if res else None,
                    "error": err,
                }
                for idx, req, state, res, err, attempts in rows
            ]
        return out


def _rate(finished: int, created: float, last: float | None) -> float | None:
    """Items finished per second from the job's submission to its last finished item."""
    if not finished or last is None or last <= created:
        return None
    return round(finished / (last - created), 3)


class JobRunner:
    """The one thread that works through pending job items.

    With ``verify_many`` (requests and a worker count -> each index with its
    result or error, as they finish) and ``workers`` (pending items -> worker
    processes), a big job's items go to worker processes a slice at a time;
    this thread still marks each item done, after its claim is recorded.
    """

    def __init__(
        self,
        journal: JobJournal,
        verify: Callable[[Json], Json],
        verify_many: Callable[[list[Json], int], Any] | None = None,
        workers: Callable[[int], int] | None = None,
    ) -> None:
        self.journal = journal
        self.verify = verify
        self.verify_many = verify_many
        self.workers = workers
        self.last_workers = 1  # processes that checked the last slice (for the job page)
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="kgfc-jobs", daemon=True)

    def start(self) -> None:
        self._thread.start()
        self._wake.set()  # resume whatever a previous run left pending

    def wake(self) -> None:
        self._wake.set()

    def stop(self, timeout: float = 30.0) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout)

    def _loop(self) -> None:
        while not self._stop.is_set():
            n = 1
            if self.verify_many is not None and self.workers is not None:
                n = self.workers(self.journal.pending_count())
            if n > 1:
                self._slice(n)
                continue
            item = self.journal.next_pending()
            if item is None:
                self.last_workers = 1
                self._wake.wait(5.0)
                self._wake.clear()
                continue
            job_id, idx, request = item
            try:
                result, error = self.verify(request), None
            except KgfcError as exc:
                result, error = None, str(exc)
            except Exception as exc:  # a bug on one claim must not stop the queue
                log.exception("job %s item %d failed", job_id, idx)
                result, error = None, f"internal error: {type(exc).__name__}: {exc}"
            self.journal.finish(job_id, idx, result, error)

    def _slice(self, workers: int) -> None:
        """The next pending items, a few per worker, checked on worker processes."""
        assert self.verify_many is not None
        self.last_workers = workers
        items = self.journal.take_pending(8 * workers)
        try:
            for i, got in self.verify_many([req for _, _, req in items], workers):
                job_id, idx, _ = items[i]
                if isinstance(got, KgfcError):
                    self.journal.finish(job_id, idx, None, str(got))
                else:
                    self.journal.finish(job_id, idx, got, None)
                if self._stop.is_set():
                    break
        except Exception:  # the items stay pending; the next round takes them again
            log.exception("checking job items on worker processes failed")
            self._stop.wait(1.0)
