"""Recording an episode: the claim, verdict and trajectory into the KG; the trajectory log on disk.

Nothing here runs unless asked: :class:`kgfc.verify.api.FactChecker` records
only with ``record=True`` (the CLI's default, ``--no-record`` to skip) and
appends to a trajectory log only when given ``trajectory_log``.
"""

from __future__ import annotations

import logging
from pathlib import Path

from kgfc.errors import KgfcError, StoreError
from kgfc.kg.verdicts import record_trajectory, record_verdict
from kgfc.models import EvidenceFact, Passage, Trajectory, Verdict

log = logging.getLogger(__name__)


def record_episode(
    store,
    claim_id: str,
    claim: str,
    verdict: Verdict,
    evidence: list[EvidenceFact],
    reasoner: str,
    trajectory: Trajectory,
    passages: list[Passage],
    memory=None,
) -> str | None:
    """Write the claim graph (verdict, evidence, episode); returns the claim IRI.

    A store opened read-only beside another writer still records, through its
    journal; one that can do neither raises rather than losing the verdict.
    """
    if not store.can_record:
        raise StoreError(
            "Cannot record the verdict: the store is read-only and keeps no journal.",
            hint="Re-run with --no-record, or when the writer has finished.",
        )
    iri = record_verdict(store, claim_id, claim, verdict, evidence, reasoner)
    record_trajectory(store, iri, trajectory)
    # Tell the evidence memory which remembered sentences the verdict used.
    recalled = [p for p in passages if p.sentence_id]
    if memory is not None and recalled:
        try:
            memory.commit(iri, recalled)
        except KgfcError as exc:
            log.warning("could not record the memory passages used: %s", exc)
    return iri


def append_trajectory(directory: Path, trajectory: Trajectory) -> None:
    """Append the trajectory to ``directory/trajectories.jsonl`` (a failure is logged, not raised)."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
        with open(directory / "trajectories.jsonl", "a", encoding="utf-8") as fh:
            fh.write(trajectory.model_dump_json() + "\n")
    except OSError as exc:
        log.warning("cannot write the trajectory log in %s: %s", directory, exc)
