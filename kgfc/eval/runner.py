"""The resumable eval runner: one results file per run, one JSON line per claim.

A run is (dataset, split, variant, reasoner, beam, hops); its folder under
``--output`` holds ``results.jsonl`` (appended one line per finished claim,
flushed at once), ``summary.json`` and the agent's ``trajectories.jsonl``.
A re-run reads the results file, skips every claim already there and scores
from the file, so an interrupted run resumes and ends with the same metrics as
an uninterrupted one. A line cut short by a kill is dropped on the next start.

Claims that failed with a runtime error (an unreachable LLM, say) are recorded
with ``retry: true``, left out of the scores (``failed`` counts them; the run is
not complete) and tried again by the next run; after ``MAX_FAILURES_IN_A_ROW``
such failures the run stops rather than fail every claim. Bad input is recorded
and scored as NOT ENOUGH INFO.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kgfc.errors import InputError, KgfcError
from kgfc.eval import metrics as M
from kgfc.eval.loaders import NEI, Example, labels_of, pred_label
from kgfc.llm.promptset import active_prompts

log = logging.getLogger(__name__)

MAX_FAILURES_IN_A_ROW = 5


@dataclass(frozen=True)
class RunSpec:
    dataset: str
    split: str
    protocol: str
    variant: str
    reasoner: str
    beam: int
    hops: int
    verbalised: bool = False
    calibration: str = ""  # "", "cross-fit" or the split the combiner was fitted on

    @property
    def name(self) -> str:
        cal = f".cal-{self.calibration}" if self.calibration else ""
        return f"{self.variant}.{self.reasoner}.b{self.beam}h{self.hops}{cal}"

    @property
    def dataset_key(self) -> str:
        return f"{self.dataset}-{self.split}" + ("-verbalised" if self.verbalised else "")

    def folder(self, output: Path) -> Path:
        return output / self.dataset_key / self.name.replace("+", "_")


# -- the results file ---------------------------------------------------------------


def read_results(path: Path) -> dict[str, dict[str, Any]]:
    """Rows by claim id (a later line wins); drops a trailing line cut short by a kill."""
    rows: dict[str, dict[str, Any]] = {}
    if not path.exists():
        return rows
    data = path.read_bytes()
    good = 0
    for line in data.splitlines(keepends=True):
        if not line.endswith(b"\n"):
            break  # the last write was interrupted
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            break
        rows[str(row["id"])] = row
        good += len(line)
    if good < len(data):
        log.warning("%s: dropping an incomplete last line (an interrupted run)", path)
        with open(path, "r+b") as fh:
            fh.truncate(good)
    return rows


class ResultsFile:
    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self.rows = read_results(path)
        self._lock = threading.Lock()

    def done(self, cid: str) -> bool:
        row = self.rows.get(cid)
        return row is not None and not row.get("retry")

    def append(self, row: dict[str, Any]) -> None:
        line = json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n"
        with self._lock, open(self.path, "a", encoding="utf-8") as fh:
            fh.write(line)
            fh.flush()
            os.fsync(fh.fileno())
            self.rows[str(row["id"])] = row


# -- one claim ----------------------------------------------------------------------

TRAJECTORY_KEYS = (
    "policy",
    "forced",
    "stop_reason",
    "insufficient_kg",
    "step_limit_reached",
    "over_confidence",
    "memory_hits",
    "searches_avoided",
)


def row_of(ex: Example, result: dict[str, Any], *, report: bool = False) -> dict[str, Any]:
    """The per-claim line: verdict, gold, counters, trajectory flags, what the taxonomy needs."""
    traj = result.get("trajectory") or None
    triples = result.get("triples") or []
    row = {
        "id": ex.id,
        "claim_id": result.get("id", ex.id),  # the trajectory's id in trajectories.jsonl
        "gold": ex.gold,
        "raw_label": ex.raw_label,
        "verdict": result["verdict"],
        "confidence": result.get("confidence"),
        "reasoner": result.get("reasoner"),
        # which prompt set the LLM steps used (issue 15); None without an LLM
        "prompts": active_prompts().label if "llm" in (result.get("reasoner") or "") else None,
        "counters": result.get("counters") or {},
        "linked": len(result.get("topic_entities") or []),
        "unlinked_subject": any(not t.get("subject_id") for t in triples),
        "evidence": len(result.get("evidence") or []),
        "cited": sum(bool(e.get("cited")) for e in result.get("evidence") or []),
        "trajectory": {k: traj.get(k) for k in TRAJECTORY_KEYS}
        | {"actions": [s.get("action") for s in traj.get("steps", [])]}
        if traj
        else None,
        "error": result.get("error"),
    }
    if report:
        row.update(_report_scores(result))
    return row


def _report_scores(result: dict[str, Any]) -> dict[str, Any]:
    """EHR and EQS of the BioCheck report built from this result (citations checked)."""
    from kgfc.models import VerifyResult
    from kgfc.report import build_report, retrieved_sources

    r = VerifyResult.model_validate(result)
    rep = build_report(
        r, web_passages=r.web_passages, retrieved=retrieved_sources(r, r.web_passages)
    )
    return {"ehr": rep.citation_check.ehr, "eqs": rep.eqs}


def error_row(ex: Example, exc: KgfcError, *, retry: bool) -> dict[str, Any]:
    return {
        "id": ex.id,
        "claim_id": ex.id,
        "gold": ex.gold,
        "raw_label": ex.raw_label,
        "verdict": NEI,
        "confidence": 0.0,
        "reasoner": None,
        "counters": {},
        "linked": 0,
        "unlinked_subject": False,
        "evidence": 0,
        "cited": 0,
        "trajectory": None,
        "error": str(exc),
        "retry": retry,
    }


# -- the run ------------------------------------------------------------------------


@dataclass
class Budget:
    """Limits for this invocation (a resumed run gets a fresh budget)."""

    max_tokens: int | None = None
    max_cost: float | None = None
    price: tuple[float, float] | None = None
    tokens: int = 0
    dollars: float = 0.0

    def charge(self, counters: dict[str, Any]) -> None:
        self.tokens += counters.get("prompt_tokens", 0) + counters.get("completion_tokens", 0)
        if self.price is not None:
            self.dollars += M.dollars_of(counters, self.price)

    def exceeded(self) -> str | None:
        if self.max_tokens is not None and self.tokens >= self.max_tokens:
            return f"token budget ({self.max_tokens:,}) used up"
        if self.max_cost is not None and self.dollars >= self.max_cost:
            return f"cost budget (${self.max_cost:g}) used up"
        return None


@dataclass
class Outcome:
    rows: dict[str, dict[str, Any]]
    ran: int = 0
    stopped: str | None = None
    wall_seconds: float = 0.0
    failed_out: bool = False  # stopped by runtime failures, not by a budget
    workers: int = 1  # processes that checked the claims
    failures: list[str] = field(default_factory=list)


Checks = Callable[[Sequence[Example]], Iterator[tuple[Example, dict[str, Any] | Exception]]]


def run(
    examples: Sequence[Example],
    check: Checks,
    results: ResultsFile,
    *,
    budget: Budget | None = None,
    report: bool = False,
    on_progress: Callable[[int, int], None] | None = None,
) -> Outcome:
    """Verify every example not yet in ``results``; stop cleanly when the budget is spent.

    ``check`` (examples -> each with its result or error, as they finish)
    checks them (:func:`kgfc.eval.checker.verify_examples`: here, on threads
    or on worker processes); this process writes every row.
    """
    budget = budget or Budget()
    todo = [e for e in examples if not results.done(e.id)]
    tally = _Tally(Outcome(rows=results.rows), results, budget, len(examples), on_progress)
    tally.done = len(examples) - len(todo)
    start = time.perf_counter()
    if on_progress:
        on_progress(tally.done, tally.total)
    checked = check(todo)
    try:
        for ex, got in checked:
            if tally.take(_row(ex, got, report)):
                break
    finally:
        close = getattr(checked, "close", None)
        if close is not None:
            close()
    tally.out.wall_seconds = round(time.perf_counter() - start, 3)
    return tally.out


def _row(ex: Example, got: dict[str, Any] | Exception, report: bool) -> dict[str, Any]:
    if isinstance(got, InputError):
        return error_row(ex, got, retry=False)
    if isinstance(got, KgfcError):  # a runtime failure on one claim: recorded, retried next run
        if getattr(got, "exit_code", 1) == 2:
            raise got  # configuration errors stop the run
        return error_row(ex, got, retry=True)
    if isinstance(got, Exception):
        raise got
    return row_of(ex, got, report=report)


@dataclass
class _Tally:
    """The rows as they come: written, counted, charged; says when the run must stop."""

    out: Outcome
    results: ResultsFile
    budget: Budget
    total: int
    on_progress: Callable[[int, int], None] | None
    done: int = 0
    in_a_row: int = 0

    def take(self, row: dict[str, Any]) -> bool:
        out = self.out
        self.results.append(row)
        out.ran += 1
        self.done += 1
        if row.get("error"):
            out.failures.append(f"{row['id']}: {row['error']}")
        self.in_a_row = self.in_a_row + 1 if row.get("retry") else 0
        if self.in_a_row >= MAX_FAILURES_IN_A_ROW and not out.stopped:
            out.stopped = f"{self.in_a_row} claims in a row failed ({row['error']})"
            out.failed_out = True
        self.budget.charge(row["counters"])
        if self.on_progress:
            self.on_progress(self.done, self.total)
        if not out.stopped:
            out.stopped = self.budget.exceeded()
        return out.stopped is not None


def summarise(
    spec: RunSpec,
    examples: Sequence[Example],
    rows: dict[str, dict[str, Any]],
    *,
    price: tuple[float, float] | None = None,
) -> dict[str, Any]:
    """Scores over the examples finished so far, from the results file alone (so resumable)."""
    done = [(e, rows[e.id]) for e in examples if e.id in rows and not rows[e.id].get("retry")]
    failed = sum(bool(rows.get(e.id, {}).get("retry")) for e in examples)
    labels = labels_of(spec.protocol, examples)
    pairs = [(e.gold, pred_label(r["verdict"], spec.protocol)) for e, r in done]
    s = M.scores(pairs, labels)
    wrong = [r for (e, r), (g, p) in zip(done, pairs, strict=True) if g != p]
    done_rows = [r for _, r in done]
    c = M.cost(done_rows, price)
    seconds = c["total"]["seconds"]
    return {
        "dataset": spec.dataset,
        "split": spec.split,
        "protocol": spec.protocol,
        "verbalised": spec.verbalised,
        "variant": spec.variant,
        "reasoner": spec.reasoner,
        "beam": spec.beam,
        "hops": spec.hops,
        "run": spec.name,
        "n": s["n"],
        "total": len(examples),
        "complete": s["n"] == len(examples),
        "balanced_accuracy": s["balanced_accuracy"],
        "macro_f1": s["macro_f1"],
        "accuracy": s["accuracy"],
        "per_class": s["per_class"],
        "confusion": s["confusion"],
        "verdicts": M.confusion(
            [(e.gold, r["verdict"]) for e, r in done], labels
        ),  # gold x the raw 3-way verdict
        "errors": sum(bool(r.get("error")) for r in done_rows),  # bad input, scored as NEI
        "failed": failed,  # runtime failures, not scored, retried by the next run
        "cost": c,
        "claims_per_second": round(s["n"] / seconds, 2) if seconds else None,
        "error_taxonomy": M.taxonomy(wrong),
        "memory": M.memory(done_rows),
        "report": M.report_quality(done_rows),
        "by": breakdown(spec.protocol, done, labels),
    }


# Example fields worth a per-group score: HoVer's hop count, FEVEROUS's challenge,
# LIAR-New's verifiability, CoDEx's relation (the 10 most frequent).
GROUPS = ("num_hops", "challenge", "possibility", "relation")


def breakdown(
    protocol: str, done: Sequence[tuple[Example, dict[str, Any]]], labels: list[str]
) -> dict[str, Any]:
    """Balanced accuracy and n per value of each grouping field the examples carry."""
    out: dict[str, dict[str, Any]] = {}
    for key in GROUPS:
        groups: dict[str, list[tuple[str, str]]] = {}
        for e, r in done:
            if e.meta.get(key) is not None:
                groups.setdefault(str(e.meta[key]), []).append(
                    (e.gold, pred_label(r["verdict"], protocol))
                )
        if not groups:
            continue
        top = sorted(groups, key=lambda g: (-len(groups[g]), g))[:10]
        out[key] = {
            g: {
                "n": len(groups[g]),
                "balanced_accuracy": M.scores(groups[g], labels)["balanced_accuracy"],
            }
            for g in sorted(top)
        }
    return out
