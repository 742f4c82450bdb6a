"""Recording an episode: the claim, verdict and trajectory into the KG; the trajectory log on disk.

Nothing here runs unless asked: :class:`kgfc.pipeline.api.FactChecker` records
only with ``record=True`` (the CLI's default, ``--no-record`` to skip) and
appends to a trajectory log only when given ``trajectory_log``.

A batch records in chunks (:class:`ChunkedRecorder`): the claim graphs of up
to ``chunk`` claims are written in one transaction, so a crash loses at most
the claims of one chunk, and a resumed batch (``kgfc verify --file F
--resume``) re-verifies exactly those (:func:`is_recorded` tells it which
claims are in the store already).
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from kgfc.errors import KgfcError, StoreError
from kgfc.kg.verdicts import claim_iri, trajectory_quads, verdict_quads
from kgfc.models import EvidenceFact, Passage, Trajectory, Verdict

if TYPE_CHECKING:
    from collections.abc import Callable

    import pyoxigraph as ox

    from kgfc.kg.store import KnowledgeGraph
    from kgfc.web.memory import EvidenceMemory

DEFAULT_CHUNK = 100  # claims per recording transaction in a batch (what a crash may lose)

log = logging.getLogger(__name__)


def record_episode(
    store: KnowledgeGraph,
    claim_id: str,
    claim: str,
    verdict: Verdict,
    evidence: list[EvidenceFact],
    reasoner: str,
    trajectory: Trajectory,
    passages: list[Passage],
    memory: EvidenceMemory | None = None,
    recorder: Recorder | None = None,
    key: str | None = None,
) -> str | None:
    """Write the claim graph (verdict, evidence, episode); returns the claim IRI.

    With a ``recorder`` the graph joins its chunk (written when the chunk is
    full or flushed); without, it is written now, in one transaction.
    A store opened read-only beside another writer still records, through its
    journal; one that can do neither raises rather than losing the verdict.
    """
    if not store.can_record:
        raise StoreError(
            "Cannot record the verdict: the store is read-only and keeps no journal.",
            hint="Re-run with --no-record, or when the writer has finished.",
        )
    iri, quads = verdict_quads(claim_id, claim, verdict, evidence, reasoner, key=key)
    quads += trajectory_quads(iri, trajectory)
    recalled = [p for p in passages if p.sentence_id]
    pending = PendingRecord(iri, quads, memory if recalled else None, recalled, claim_id)
    if recorder is not None:
        recorder.add(pending)
    else:
        _write(store, [pending])
    return iri


class PendingRecord:
    """A checked claim's graph, waiting for its chunk to be written (picklable: a worker's come back).

    Pickled, its quads travel as N-Quads text: read back by the store's parser,
    not rebuilt term by term by the unpickler (a worker's records reach the
    writing process several times cheaper).
    """

    __slots__ = ("iri", "quads", "memory", "recalled", "claim_id")

    def __init__(
        self,
        iri: str,
        quads: list[ox.Quad],
        memory: EvidenceMemory | None,
        recalled: list[Passage],
        claim_id: str = "",
    ) -> None:
        self.iri, self.quads, self.memory, self.recalled = iri, quads, memory, recalled
        self.claim_id = claim_id

    def __getstate__(self) -> tuple[object, ...]:
        import pyoxigraph as ox

        nquads = ox.serialize(self.quads, format=ox.RdfFormat.N_QUADS)
        return self.iri, nquads, self.memory, self.recalled, self.claim_id

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        import pyoxigraph as ox

        self.iri, nquads, self.memory, self.recalled, self.claim_id = state
        self.quads = list(ox.parse(nquads, format=ox.RdfFormat.N_QUADS))


def _write(store: KnowledgeGraph, items: list[PendingRecord]) -> None:
    # One transaction for the chunk; re-recording replaces a claim's graph whole.
    store.write_graphs({p.iri + "/graph": p.quads for p in items}, replace=True)
    for p in items:  # after the graph: re-recording it would drop these links
        if p.memory is not None:
            # Tell the evidence memory which remembered sentences the verdict used.
            try:
                p.memory.commit(p.iri, p.recalled)
            except KgfcError as exc:
                log.warning("could not record the memory passages used: %s", exc)


class ChunkedRecorder:
    """Collects the claim graphs of a batch and writes them ``chunk`` at a time, one transaction each.

    :meth:`flush` writes what is pending (the batch calls it at the end, on
    an interrupt and when the checker closes). Claims are recorded in the
    order they were checked; a claim recorded twice in one chunk keeps its
    last verdict. Each of ``listeners`` is called with the ids of the claims
    of every chunk once it is written.
    """

    def __init__(self, store: KnowledgeGraph, chunk: int = DEFAULT_CHUNK) -> None:
        if chunk < 1:
            raise ValueError("chunk must be at least 1")
        self.store = store
        self.chunk = chunk
        self._pending: dict[str, PendingRecord] = {}
        self.written = 0  # claims recorded by this recorder
        self.transactions = 0
        self.listeners: list[Callable[[list[str]], None]] = []
        # called before each chunk is written (what must be on disk before its records)
        self.before_write: list[Callable[[], None]] = []
        self._lock = threading.RLock()  # a batch checked on threads adds from each of them

    @property
    def pending(self) -> int:
        return len(self._pending)

    def add(self, item: PendingRecord) -> None:
        with self._lock:
            self._pending.pop(item.iri, None)
            self._pending[item.iri] = item
            if len(self._pending) >= self.chunk:
                self.flush()

    def flush(self) -> int:
        """Write the pending claims in one transaction; returns how many were written."""
        with self._lock:
            if not self._pending:
                return 0
            items = list(self._pending.values())
            for before in list(self.before_write):
                before()
            _write(self.store, items)  # raises with nothing cleared: a retry writes them again
            self._pending.clear()
            self.written += len(items)
            self.transactions += 1
        ids = [p.claim_id for p in items]
        for listener in list(self.listeners):
            listener(ids)
        return len(items)


def is_recorded(store: KnowledgeGraph, claim_id: str, key: str) -> bool:
    """Whether the claim (this id and ``key``: its checked text, or a triple's ids) is recorded -- one lookup."""
    return store.has_source(claim_iri(claim_id, key) + "/graph")


def append_trajectory(directory: Path, trajectory: Trajectory) -> None:
    """Append the trajectory to ``directory/trajectories.jsonl`` (a failure is logged, not raised)."""
    append_trajectory_lines(directory, [trajectory.model_dump_json()])


def append_trajectory_lines(directory: Path, lines: list[str]) -> None:
    """Append trajectories, each already a line of JSON, to the log in ``directory`` in one write."""
    if not lines:
        return
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with open(directory / "trajectories.jsonl", "a", encoding="utf-8") as fh:
            fh.write("".join(line + "\n" for line in lines))
    except OSError as exc:
        log.warning("cannot write the trajectory log in %s: %s", directory, exc)


class CollectedRecords:
    """A recorder that keeps the claim graphs for another process to write (a worker's).

    :meth:`take` hands them over; nothing is written here, and :meth:`flush`
    has nothing to do.
    """

    chunk = 0
    written = 0

    def __init__(self) -> None:
        self._items: list[PendingRecord] = []
        # who hears of written chunks: kept for the same interface as ChunkedRecorder, never
        # called here (the writing process tells its own listeners)
        self.listeners: list[Callable[[list[str]], None]] = []

    @property
    def pending(self) -> int:
        return 0  # nothing waits here for a chunk of this process's own

    def add(self, item: PendingRecord) -> None:
        item.memory = None  # the memory's links are the writer's to make
        self._items.append(item)

    def take(self) -> list[PendingRecord]:
        items, self._items = self._items, []
        return items

    def flush(self) -> int:
        return 0


# what a checker hands its claim graphs to: a batch's chunks, or a worker's collection
Recorder: TypeAlias = ChunkedRecorder | CollectedRecords
