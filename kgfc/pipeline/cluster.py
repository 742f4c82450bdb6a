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
from contextlib import contextmanager, suppress
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypedDict

from kgfc.errors import ConfigError, InputError, KgfcError
from kgfc.settings import Settings

if TYPE_CHECKING:
    from ray import ObjectRef
    from ray.actor import ActorHandle
    from ray.data import Dataset
    from ray.remote_function import RemoteFunction

    from kgfc.kg.wikidata import FetchedChunk, WikidataSource
    from kgfc.models import EnrichReport, VerifyResult
    from kgfc.pipeline.request import Claim
    from kgfc.retry import GateState, Limit

log = logging.getLogger(__name__)

# Ray runs a failed block again this many times (a dead actor, a lost node) before failing.
MAX_RETRIES = 3
BLOCKS_PER_ACTOR = 4  # at least, for a batch small enough: the actors finish together
FORMATS = {".jsonl": "json", ".json": "json", ".csv": "csv", ".parquet": "parquet"}


def import_ray() -> ModuleType:
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


class BlockResults(TypedDict):
    """A block's results, a column each (a claim per row): what an actor hands Ray Data back."""

    id: list[str]
    verdict: list[str | None]  # None: skipped
    skipped: list[bool]
    result: list[str | None]  # the result's JSON; None: skipped


class CheckerActor:
    """One warm checker on its own store connection; called with a block of claims."""

    def __init__(self, job: ClusterJob) -> None:
        import ray  # in a Ray worker: Ray is there

        from kgfc.pipeline.api import FactChecker
        from kgfc.registry import open_store

        use_ray_gates(ray)  # LLM, search and Wikidata caps held across the cluster
        self.job = job
        self._warm: RayGate | None = warm_up_gate(ray, job.store)
        store = open_store(self.job.store)
        self.checker = FactChecker.from_settings(
            self.job.settings,
            store=store,
            reasoner=self.job.reasoner,
            record=self.job.record,
            max_steps=self.job.max_steps,
        )

    def __call__(self, block: dict[str, Any]) -> BlockResults:
        from kgfc.pipeline.api import Claim
        from kgfc.pipeline.request import failed_result

        out: BlockResults = {"id": [], "verdict": [], "skipped": [], "result": []}
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
                    result = self._verify(claim)
                except KgfcError as exc:
                    cid = str(row.get("id") or f"row-{i}")
                    result = failed_result(cid, str(row.get("claim") or ""), str(exc))
                out["skipped"].append(False)
                out["id"].append(result.id)
                out["verdict"].append(result.verdict.value)
                out["result"].append(result.model_dump_json())
        return out

    def _verify(self, claim: Claim) -> VerifyResult:
        """``checker.verify``; the actor's first claim with the node's warm-up gate held."""
        gate, self._warm = self._warm, None
        if gate is None:
            return self.checker.verify(claim)
        lease = gate.enter()
        try:
            return self.checker.verify(claim)
        finally:
            gate.leave(lease)


def warm_up_gate(ray: ModuleType, store: str) -> RayGate:
    """The gate an actor's first claim passes, one actor of a node at a time.

    A checker's first claims build what it derives from the whole store (the fact index,
    the statistics) and keep it in the node's cache folder: actors that started together
    would each build it, on cores they share. Taking turns, one builds and the others on
    its node read it from disk; other nodes build their own meanwhile. An actor that died
    holding it frees it after :data:`~kgfc.retry.LEASE_S` seconds.
    """
    from kgfc.retry import Limit

    node = ray.get_runtime_context().get_node_id()
    return RayGate(ray, gates_actor(ray), f"kgfc-warm-up:{node}:{store}", Limit(concurrency=1))


def _plain(value: Any) -> Any:
    """A value from a Ray block (numpy scalars and arrays) as plain Python."""
    if hasattr(value, "tolist"):
        return value.tolist()
    return value


def _claim_fields(row: dict[str, Any]) -> dict[str, Any]:
    """A claim dict from a row: JSONL objects, or CSV/Parquet columns (id, claim or s/p/o, triple)."""
    out = {k: v for k, v in row.items() if k in ("id", "claim", "text", "triple") and v is not None}
    if isinstance(out.get("triple"), str):  # a CSV cell: "Q76 P19 Q18094"
        out["triple"] = out["triple"].split()
    if "triple" in out:
        out["triple"] = tuple(out["triple"])
    if out.get("id") is not None:
        out["id"] = str(out["id"])
    return out


def read_claims(ray: ModuleType, path: str) -> Dataset:
    kind = FORMATS[Path(path).suffix.lower()]
    reader = {"json": ray.data.read_json, "csv": ray.data.read_csv}.get(kind, ray.data.read_parquet)
    claims: Dataset = reader(path, ray_remote_args={"num_cpus": 0})  # I/O: no core kept from actors
    return claims


def verify_on_ray(
    job: ClusterJob, *, address: str | None = None, output: str | None = None
) -> Iterator[dict[str, Any]]:
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


def _run(ray: ModuleType, job: ClusterJob, output: str | None) -> Iterator[dict[str, Any]]:
    gates_actor(ray)  # made here, it lives as long as this driver
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


def _dataset(ray: ModuleType, job: ClusterJob) -> Dataset:
    return read_claims(ray, job.claims).map_batches(
        CheckerActor,
        fn_constructor_kwargs={"job": job},
        batch_size=block_size(job),
        # every actor from the start (an autoscaling pool starting with one adds the others
        # only once blocks queue up); it goes on with fewer when a node is lost
        compute=ray.data.ActorPoolStrategy(
            min_size=1, max_size=job.actors, initial_size=job.actors
        ),
        num_cpus=job.cpus_per_actor,
        batch_format="numpy",
        max_restarts=job.max_retries,
        max_task_retries=job.max_retries,
    )


def block_size(job: ClusterJob) -> int:
    """Claims per block: ``job.chunk``, or fewer so each actor gets at least
    :data:`BLOCKS_PER_ACTOR` blocks (a 300-claim batch in blocks of 100 leaves one of two
    actors idle for a third of it)."""
    rows = count_rows(job.claims)
    if rows is None:
        return job.chunk
    return max(1, min(job.chunk, -(-rows // (BLOCKS_PER_ACTOR * job.actors))))


def count_rows(path: str) -> int | None:
    """The claims in a JSONL or CSV file (its non-blank lines, the CSV's header left out), or
    in a Parquet file (its metadata); None for a folder or what cannot be read here."""
    file = Path(path)
    kind = FORMATS.get(file.suffix.lower())
    try:
        if kind == "parquet":
            import pyarrow.parquet as pq  # Ray Data's own dependency: there with Ray

            return int(pq.ParquetFile(file).metadata.num_rows)
        with file.open("rb") as fh:
            lines = sum(1 for line in fh if line.strip())
    except (OSError, ValueError):
        return None
    return max(0, lines - 1) if kind == "csv" else lines


def _first_line(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"


def _failed(exc: BaseException) -> KgfcError:
    return KgfcError(
        f"The Ray batch failed: {_first_line(exc)}",
        hint="What was recorded stays recorded: run it again with --resume.",
    )


@contextmanager
def _ray_errors(ray: ModuleType) -> Iterator[None]:
    try:
        yield
    except ray.exceptions.RayError as exc:
        raise _failed(exc) from exc


# -- endpoint caps across the cluster ----------------------------------------------------------

GATES_ACTOR = "kgfc-endpoint-gates"


class GateActor:
    """Every endpoint's gate (:class:`~kgfc.retry.GateState`) for the whole cluster, in one actor.

    An async actor: a caller waiting for a slot does not keep the others from leaving theirs.
    """

    def __init__(self) -> None:
        import asyncio

        self._asyncio = asyncio
        self._gates: dict[tuple[str, Limit], GateState] = {}
        self._cond = asyncio.Condition()

    def _state(self, endpoint: str, limit: Limit) -> GateState:
        from kgfc.retry import GateState

        return self._gates.setdefault((endpoint, limit), GateState(limit))

    async def enter(self, endpoint: str, limit: Limit) -> int:
        import time

        state = self._state(endpoint, limit)
        async with self._cond:
            while True:
                lease, wait = state.try_enter(time.monotonic())
                if lease is not None:
                    return lease
                with suppress(TimeoutError):
                    await self._asyncio.wait_for(self._cond.wait(), timeout=wait)

    async def leave(self, endpoint: str, limit: Limit, lease: int) -> None:
        async with self._cond:
            self._state(endpoint, limit).leave(lease)
            self._cond.notify_all()

    async def pause(self, endpoint: str, limit: Limit, seconds: float) -> None:
        import time

        async with self._cond:
            self._state(endpoint, limit).pause(time.monotonic() + seconds)


class RayGate:
    """One endpoint's gate, held by the cluster's :class:`GateActor` (a :class:`~kgfc.retry.Gate`)."""

    def __init__(
        self, ray: ModuleType, actor: ActorHandle[GateActor], endpoint: str, limit: Limit
    ) -> None:
        self._ray, self._actor, self.endpoint, self.limit = ray, actor, endpoint, limit

    def enter(self) -> int:
        lease: int = self._ray.get(self._actor.enter.remote(self.endpoint, self.limit))
        return lease

    def leave(self, lease: int) -> None:
        self._ray.get(self._actor.leave.remote(self.endpoint, self.limit, lease))

    def pause(self, seconds: float) -> None:
        self._ray.get(self._actor.pause.remote(self.endpoint, self.limit, seconds))


def use_ray_gates(ray: ModuleType) -> None:
    """Make this process's endpoint caps cluster-wide: every gate is the one named actor's.

    Called by the driver (which makes the actor) and by each actor or task before it
    builds anything that calls out. A slot whose holder died is free again after
    :data:`~kgfc.retry.LEASE_S` seconds.
    """
    from kgfc.retry import use_cluster_gates

    actor = gates_actor(ray)
    use_cluster_gates(lambda endpoint, limit: RayGate(ray, actor, endpoint, limit))


# The first handle this process got, per Ray job: when it made the actor, the actor lives
# while that handle does (a handle looked up by name later does not keep it alive).
_held: dict[str, ActorHandle[GateActor]] = {}


def gates_actor(ray: ModuleType) -> ActorHandle[GateActor]:
    """The cluster's :class:`GateActor`, made on first use. The driver makes it first: an
    actor lives as long as the process that made it holds a handle to it."""
    actor = (
        ray.remote(GateActor)
        .options(name=GATES_ACTOR, get_if_exists=True, num_cpus=0, max_restarts=-1)
        .remote()
    )
    return _held.setdefault(ray.get_runtime_context().get_job_id(), actor)


# -- Wikidata enrichment on the cluster ----------------------------------------------------


def _fetch_task(settings: Settings, chunk: list[str]) -> FetchedChunk:
    """A Ray task: fetch one chunk of entities from Wikidata; the driver writes them."""
    import ray  # in a Ray worker: Ray is there

    from kgfc.kg.wikidata import WikidataSource
    from kgfc.registry import open_store

    use_ray_gates(ray)  # the Wikidata caps hold across the cluster
    store = open_store("memory")  # never written: the fetch only reads the endpoint
    try:
        with WikidataSource(store, settings) as source:
            return source.fetch_chunk(chunk)
    finally:
        store.close()


def enrich_on_ray(
    source: WikidataSource,
    entities: list[str],
    *,
    address: str | None = None,
    in_flight: int | None = None,
    **options: Any,
) -> EnrichReport:
    """``source.enrich(entities, **options)`` with each hop's chunks fetched by Ray tasks.

    ``source`` is a :class:`~kgfc.kg.wikidata.WikidataSource` on the store this
    process writes: every fetched entity is written here, once, as its chunk comes
    back. The tasks share the cluster-wide Wikidata gate (``wikidata_max_concurrent``,
    ``wikidata_requests_per_minute``, Retry-After); at most ``in_flight`` chunks
    (default: twice the concurrent queries) are out at a time.
    """
    ray = import_ray()
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, log_to_driver=False, include_dashboard=False)
    try:
        gates_actor(ray)  # made here, it lives as long as this driver
        task = ray.remote(_fetch_task).options(num_cpus=1, max_retries=MAX_RETRIES)
        limit = in_flight or 2 * source.settings.wikidata_max_concurrent

        def fetch_many(chunks: list[list[str]]) -> Iterator[FetchedChunk]:
            yield from _as_done(ray, task, source.settings, chunks, limit)

        return source.enrich(entities, fetch_many=fetch_many, **options)
    finally:
        if started:
            ray.shutdown()


def _as_done(
    ray: ModuleType,
    task: RemoteFunction,
    settings: Settings,
    chunks: list[list[str]],
    limit: int,
) -> Iterator[FetchedChunk]:
    """Run ``task`` over ``chunks``, ``limit`` at a time; each result as it is done."""
    settings_ref = ray.put(settings)
    todo = list(reversed(chunks))
    running: list[ObjectRef[FetchedChunk]] = []
    try:
        while todo or running:
            while todo and len(running) < limit:
                running.append(task.remote(settings_ref, todo.pop()))
            ready, running = ray.wait(running, num_returns=1)
            try:
                yield ray.get(ready[0])
            except ray.exceptions.RayTaskError as exc:
                # the endpoint refused or rate-limited past the retries: the kgfc error
                cause = getattr(exc, "cause", None)
                raise (cause if isinstance(cause, KgfcError) else _enrich_failed(exc)) from exc
            except ray.exceptions.RayError as exc:
                raise _enrich_failed(exc) from exc
    finally:
        for ref in running:  # stopped early: the chunks out are not written
            ray.cancel(ref)


def _enrich_failed(exc: BaseException) -> KgfcError:
    return KgfcError(
        f"The Ray enrichment failed: {_first_line(exc)}",
        hint="What was written stays written: run it again to fetch the rest.",
    )
