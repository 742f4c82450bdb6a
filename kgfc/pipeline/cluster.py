"""Batches on a Ray cluster: Ray Data reads the claims, an actor pool of warm checkers checks them.

Every actor builds one :class:`~kgfc.pipeline.api.FactChecker` (models
loaded once) on its own connection to a shared store -- a ``sparql:`` URL,
an Oxigraph server, Virtuoso or QLever that every node reaches. Ray Data
hands each actor a block of claims; the actor checks them and records their
claim graphs in one write when the block is done (a chunk). Claim graph IRIs
are deterministic (claim id and text), and a write replaces a claim's graph
whole, so a block that Ray runs again -- its actor or node died, the driver
was restarted with ``resume`` -- leaves exactly one graph per claim.
``resume`` skips the claims already recorded (one lookup each, on the actor).

Ray is an optional extra (``pip install 'kgfc[ray]'``); it is imported here
only, when a batch is sent to a cluster.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from kgfc.errors import ConfigError, InputError, KgfcError
from kgfc.settings import Settings

log = logging.getLogger(__name__)

# Ray runs a failed block again this many times (a dead actor, a lost node) before failing.
MAX_RETRIES = 3
FORMATS = {".jsonl": "json", ".json": "json", ".csv": "csv", ".parquet": "parquet"}


def import_ray():
    try:
        import ray
        import ray.data  # noqa: F401
    except ImportError as exc:
        raise ConfigError(
            f"Checking on a Ray cluster needs Ray ({exc.name} is missing).",
            hint="pip install 'kgfc[ray]'",
        ) from None
    return ray


@dataclass(frozen=True)
class ClusterJob:
    """A batch for the cluster: where the claims are, the shared store, how each is checked."""

    claims: str  # a JSONL, CSV or Parquet file (or folder) every node can read
    store: str  # a sparql: spec every node reaches
    settings: Settings
    reasoner: str | None = None
    max_steps: int = 5
    record: bool = True
    resume: bool = False
    chunk: int = 100  # claims per block: one recording write each
    actors: int = 2  # at most; Ray Data runs fewer while nodes are missing
    cpus_per_actor: float = 1.0
    max_retries: int = MAX_RETRIES
    skip: frozenset[str] = frozenset()  # claim ids the driver has already (a retried run)

    def check(self) -> None:
        if not self.store.startswith("sparql:"):
            raise InputError(
                f"A Ray batch checks against a store every node reaches, not {self.store!r}.",
                hint="Give --store sparql:URL (an Oxigraph server, Virtuoso or QLever).",
            )
        if Path(self.claims).suffix.lower() not in FORMATS:
            raise InputError(
                f"Cannot read claims from {self.claims!r}: give a .jsonl, .csv or .parquet file."
            )


class CheckerActor:
    """One warm checker on its own store connection; called with a block of claims."""

    def __init__(self, job: ClusterJob) -> None:
        from kgfc.pipeline.api import FactChecker
        from kgfc.registry import open_store

        self.job = job
        store = open_store(self.job.store)
        self.checker = FactChecker.from_settings(
            self.job.settings,
            store=store,
            reasoner=self.job.reasoner,
            record=self.job.record,
            max_steps=self.job.max_steps,
        )

    def __call__(self, block: dict[str, Any]) -> dict[str, list]:
        from kgfc.pipeline.api import Claim, failed_result

        out: dict[str, list] = {"id": [], "verdict": [], "skipped": [], "result": []}
        n = len(next(iter(block.values()))) if block else 0
        # the block's claim graphs in one write, when it is done: a block Ray runs again
        # (its actor died) writes the same graphs again, replacing them
        with self.checker.batch(max(1, n)):
            for i in range(n):
                row = {k: _plain(v[i]) for k, v in block.items()}
                try:
                    claim = Claim.of(_claim_fields(row))
                    cid = claim.id or claim.default_id()
                    if cid in self.job.skip or (
                        self.job.resume and self.checker.is_recorded(claim)
                    ):
                        out["skipped"].append(True)
                        out["id"].append(cid)
                        out["verdict"].append(None)
                        out["result"].append(None)
                        continue
                    result = self.checker.verify(claim)
                except KgfcError as exc:
                    cid = str(row.get("id") or f"row-{i}")
                    result = failed_result(cid, str(row.get("claim") or ""), str(exc))
                out["skipped"].append(False)
                out["id"].append(result.id)
                out["verdict"].append(result.verdict.value)
                out["result"].append(result.model_dump_json())
        return out


def _plain(value: Any) -> Any:
    """A value from a Ray block (numpy scalars and arrays) as plain Python."""
    if hasattr(value, "tolist"):
        return value.tolist()
    return value


def _claim_fields(row: dict) -> dict:
    """A claim dict from a row: JSONL objects, or CSV/Parquet columns (id, claim or s/p/o, triple)."""
    out = {k: v for k, v in row.items() if k in ("id", "claim", "text", "triple") and v is not None}
    if isinstance(out.get("triple"), str):  # a CSV cell: "Q76 P19 Q18094"
        out["triple"] = out["triple"].split()
    if "triple" in out:
        out["triple"] = tuple(out["triple"])
    if out.get("id") is not None:
        out["id"] = str(out["id"])
    return out


def read_claims(ray, path: str):
    kind = FORMATS[Path(path).suffix.lower()]
    reader = {"json": ray.data.read_json, "csv": ray.data.read_csv}.get(kind, ray.data.read_parquet)
    return reader(path, ray_remote_args={"num_cpus": 0})  # reading is I/O: no core kept from actors


def verify_on_ray(
    job: ClusterJob, *, address: str | None = None, output: str | None = None
) -> Iterator[dict]:
    """Check ``job`` on the Ray cluster at ``address`` (None: start one on this machine).

    Yields each checked claim's result (``kgfc verify --json`` objects; the
    skipped ones of a resumed run are left out), in no set order. Should the
    run fail (a node lost with the block its actor had), it runs again, up to
    ``max_retries`` times, over the claims the driver has no result for yet.
    With ``output`` (``.jsonl`` or ``.parquet``) Ray writes the results there
    instead, from the nodes, and nothing is yielded.
    """
    job.check()
    ray = import_ray()
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, log_to_driver=False, include_dashboard=False)
    try:
        yield from _run(ray, job, output)
    finally:
        if started:
            ray.shutdown()


def _run(ray, job: ClusterJob, output: str | None) -> Iterator[dict]:
    # a block whose actor raised runs again on another, up to max_retries times
    ray.data.DataContext.get_current().actor_task_retry_on_errors = True
    if output is not None:
        ds = _dataset(ray, job).filter(lambda row: not row["skipped"])
        with _ray_errors(ray):
            ds.write_parquet(output) if output.endswith(".parquet") else ds.write_json(output)
        return
    seen: set[str] = set()
    for attempt in range(job.max_retries + 1):
        this = job if attempt == 0 else replace(job, resume=False, skip=frozenset(seen))
        try:
            for row in _dataset(ray, this).iter_rows():
                if row["id"] in seen:  # a block Ray ran twice
                    continue
                seen.add(row["id"])
                if not row["skipped"]:
                    yield json.loads(row["result"])
            return
        except ray.exceptions.RayError as exc:
            if attempt == job.max_retries:
                raise _failed(exc) from exc
            log.warning("the Ray run failed (%s); running the claims left again", _first_line(exc))


def _dataset(ray, job: ClusterJob):
    return read_claims(ray, job.claims).map_batches(
        CheckerActor,
        fn_constructor_kwargs={"job": job},
        batch_size=job.chunk,
        concurrency=(1, job.actors),  # go on with fewer actors when a node is lost
        num_cpus=job.cpus_per_actor,
        batch_format="numpy",
        max_restarts=job.max_retries,
        max_task_retries=job.max_retries,
    )


def _first_line(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"


def _failed(exc: BaseException) -> KgfcError:
    return KgfcError(
        f"The Ray batch failed: {_first_line(exc)}",
        hint="What was recorded stays recorded: run it again with --resume.",
    )


@contextmanager
def _ray_errors(ray) -> Iterator[None]:
    try:
        yield
    except ray.exceptions.RayError as exc:
        raise _failed(exc) from exc
