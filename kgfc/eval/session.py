"""One ``kgfc eval`` invocation as plain objects: the request, its checks, the sweep, the estimate.

The click command only parses options into an :class:`EvalRequest`, calls
:func:`run_eval` and prints the :class:`EvalOutcome`.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from kgfc.errors import UsageError
from kgfc.eval import report as R
from kgfc.eval import runner
from kgfc.eval.checker import Checker, build_checker, check_variant, verify_examples
from kgfc.eval.loaders import get_spec, load, sample
from kgfc.settings import Settings

if TYPE_CHECKING:
    from kgfc.eval.calibrate import Plan
    from kgfc.kg.store import KnowledgeGraph


def parse_ints(text: str | None, what: str) -> list[int | None]:
    """``"3,4,5"`` -> ``[3, 4, 5]`` (a sweep); None -> ``[None]`` (the settings' value)."""
    if text is None:
        return [None]
    try:
        vals = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise UsageError(f"--{what} takes integers separated by commas, e.g. 3,4,5.") from None
    if not vals or any(v < 1 or v > 50 for v in vals):
        raise UsageError(f"--{what} values must be between 1 and 50.")
    return list(dict.fromkeys(vals))


def parse_price(text: str | None) -> tuple[float, float] | None:
    if text is None:
        return None
    try:
        a, b = (float(x) for x in text.split(","))
    except ValueError:
        raise UsageError(
            "--price takes two numbers: $ per million prompt tokens, $ per million completion "
            "tokens (e.g. 0.15,0.60)."
        ) from None
    if a < 0 or b < 0:
        raise UsageError("--price values must not be negative.")
    return a, b


@dataclass
class EvalRequest:
    """What to evaluate and how; :meth:`check` refuses combinations that mean nothing."""

    dataset: str
    data_path: str
    split: str | None = None
    protocol: str = "binary"
    limit: int | None = None
    seed: int = 0
    variants: str = "kg-only"
    reasoner: str = "local"
    beam: str | None = None
    hops: str | None = None
    max_steps: int = 5
    concurrency: int = 1
    workers: int | None = None  # None: one per core (see kgfc.pipeline.parallel)
    output: str | None = None
    verbalise: bool = False
    lang: str = "en"
    kg: str = "store"
    calibrate: str | None = None
    kge: bool = False
    folds: int = 2
    trees: bool = True
    priors: bool = True
    record: bool = False
    with_report: bool = False
    estimate: bool = False
    estimate_sample: int = 3
    price: str | None = None
    max_cost: float | None = None
    max_tokens: int | None = None

    def check(self) -> None:
        spec = get_spec(self.dataset)
        _ = self.variant_list, parse_ints(self.beam, "beam"), parse_ints(self.hops, "hops")
        if self.max_cost is not None and parse_price(self.price) is None:
            raise UsageError("--max-cost needs --price IN,OUT to turn tokens into dollars.")
        if self.kg == "train" and not spec.name.startswith("codex"):
            raise UsageError("--kg train is for CoDEx (its train triples are the KG).")
        if self.calibrate is not None and self.reasoner != "local":
            raise UsageError(
                "--calibrate fits the local reasoner's completion; use --reasoner local."
            )
        needs_calibrate = {
            "--kge weighs the embedding in calibrated completion": self.kge,
            "--no-priors is a setting of the fitted combiner": not self.priors,
            "--no-trees is a setting of the fitted combiner": not self.trees,
        }
        if (self.workers or 1) > 1 and self.concurrency > 1:
            raise UsageError(
                "Give --workers N (processes) or --concurrency N (threads in one process), not both."
            )
        if self.folds != 2 and self.calibrate != "cross-fit":
            raise UsageError("--folds is a setting of --calibrate cross-fit.")
        for message, given in needs_calibrate.items():
            if given and self.calibrate is None:
                raise UsageError(f"{message}: add --calibrate.")

    @property
    def variant_list(self) -> list[str]:
        return [check_variant(v.strip()) for v in self.variants.split(",") if v.strip()]

    @property
    def cal_tag(self) -> str:
        """Names the fitted files' folder and the run folder: other settings stay apart."""
        return (
            (self.calibrate or "")
            + ("-kge" if self.kge else "")
            + ("" if self.priors else "-no-priors")
            + ("" if self.trees else "-no-trees")
            + ("" if self.folds == 2 else f"-{self.folds}fold")
        )


class ProgressBar(Protocol):
    def update(self, done: int, total: int | None = None) -> None: ...
    def close(self) -> None: ...


def _no_note(message: str) -> None:
    return None


class _NoBar:
    def update(self, done: int, total: int | None = None) -> None:
        return None

    def close(self) -> None:
        return None


@dataclass
class EvalHooks:
    """How a shell follows the run: notes, progress bars, and the embedding trainer (``--kge``)."""

    note: Callable[[str], None] = _no_note
    progress: Callable[[int, str], ProgressBar] = lambda total, label: _NoBar()
    train_embedding: Callable[[Any], Any] | None = None


@dataclass
class EvalOutcome:
    out_root: Path
    summaries: list[dict[str, Any]] = field(default_factory=list)
    estimates: list[dict[str, Any]] = field(default_factory=list)
    failed_out: bool = False


@dataclass
class _Context:
    req: EvalRequest
    settings: Settings
    spec: Any
    split: str
    examples: list[Any]
    out_root: Path
    hooks: EvalHooks
    price: tuple[float, float] | None
    options: dict[str, Any]


def run_eval(
    req: EvalRequest,
    settings: Settings,
    open_store: Callable[[], KnowledgeGraph],
    hooks: EvalHooks | None = None,
) -> EvalOutcome:
    """Load, (fit,) run every variant x beam x hops, write the summaries; resumable."""
    req.check()
    hooks = hooks or EvalHooks()
    spec = get_spec(req.dataset)
    options = {"verbalise": req.verbalise, "lang": req.lang}
    examples = sample(
        load(spec.name, req.data_path, split=req.split, protocol=req.protocol, options=options),
        req.limit,
        req.seed,
    )
    out_root = Path(req.output) if req.output else settings.home / "eval"
    cx = _Context(
        req,
        settings,
        spec,
        req.split or spec.default_split,
        examples,
        out_root,
        hooks,
        parse_price(req.price),
        options,
    )
    outcome = EvalOutcome(out_root)
    store = _open_kg(cx, open_store)
    try:
        if req.kge and hooks.train_embedding is not None:
            hooks.train_embedding(store)
        plan = _fit_calibration(cx, store)
        budget = runner.Budget(max_tokens=req.max_tokens, max_cost=req.max_cost, price=cx.price)
        beams, hop_list = parse_ints(req.beam, "beam"), parse_ints(req.hops, "hops")
        for variant, b, h in itertools.product(req.variant_list, beams, hop_list):
            if _run_one(cx, store, plan, budget, variant, b, h, outcome):
                break
    finally:
        store.close()
    (out_root / "summary.md").write_text(
        R.markdown_table(R.collect(out_root)) + "\n", encoding="utf-8"
    )
    return outcome


def _open_kg(cx: _Context, open_store: Callable[[], KnowledgeGraph]) -> KnowledgeGraph:
    if cx.req.kg != "train":
        return open_store()
    from kgfc.eval.codex import build_train_store

    cx.hooks.note(f"Building the {cx.spec.name} train KG in memory...")
    store, kg_info = build_train_store(Path(cx.req.data_path), cx.spec.name.split("-")[1])
    cx.hooks.note(f"  {kg_info['train_triples']:,} train triples in {kg_info['load_seconds']} s")
    return store


def _fit_calibration(cx: _Context, store: KnowledgeGraph) -> Plan | None:
    req = cx.req
    if req.calibrate is None:
        return None
    from kgfc.eval import calibrate as CAL

    cx.hooks.note(f"Fitting the completion combiner ({req.calibrate})...")
    key = runner.RunSpec(
        cx.spec.name, cx.split, req.protocol, "", req.reasoner, 0, 0, req.verbalise
    ).dataset_key
    plan = CAL.plan(
        req.calibrate,
        store,
        cx.examples,
        cx.out_root / key / f"calibration-{req.cal_tag}",
        split=cx.split,
        seed=req.seed,
        priors=req.priors,
        trees=req.trees,
        folds=req.folds,
        load_split=lambda other: load(
            cx.spec.name, req.data_path, split=other, protocol=req.protocol, options=cx.options
        ),
    )
    cx.hooks.note(f"  {plan.describe()}; written under {plan.files[0].parent}")
    return plan


def _run_one(
    cx: _Context,
    store: KnowledgeGraph,
    plan: Plan | None,
    budget: runner.Budget,
    variant: str,
    b: int | None,
    h: int | None,
    outcome: EvalOutcome,
) -> bool:
    """One run of the sweep; True when the budget or failures stopped it."""
    req = cx.req
    run_settings = cx.settings.model_copy(
        update={"beam": b or cx.settings.beam, "hops": h or cx.settings.hops}
    )
    rs = runner.RunSpec(
        dataset=cx.spec.name,
        split=cx.split,
        protocol=req.protocol,
        variant=variant,
        reasoner=req.reasoner,
        beam=run_settings.beam,
        hops=run_settings.hops,
        verbalised=req.verbalise,
        calibration=req.cal_tag,
    )
    folder = rs.folder(cx.out_root)
    checkers = [
        build_checker(
            run_settings.model_copy(update={"calibration": path})
            if path is not None
            else run_settings,
            store,
            variant=variant,
            reasoner=req.reasoner,
            record=req.record,
            trajectory_dir=folder,
            max_steps=req.max_steps,
        )
        for path in (plan.files if plan is not None else [None])
    ]
    pick = plan.pick if plan is not None else (lambda ex: 0)
    todo = cx.examples[: req.estimate_sample] if req.estimate else cx.examples
    bar = cx.hooks.progress(len(todo), f"{cx.spec.name} {rs.name}")
    results = runner.ResultsFile(folder / "results.jsonl")
    workers = _workers(cx, checkers, sum(not results.done(ex.id) for ex in todo))
    result = runner.run(
        todo,
        lambda examples: verify_examples(
            checkers, pick, examples, workers=workers, threads=req.concurrency
        ),
        results,
        budget=budget,
        report=req.with_report,
        on_progress=bar.update,
    )
    bar.close()
    result.workers = workers
    summary = _summary(cx, rs, plan, result)
    write_json(folder / f"summary-{req.protocol}.json", summary)
    outcome.summaries.append(summary)
    for msg in result.failures[:5]:
        cx.hooks.note(f"  failed: {msg}")
    if req.estimate:
        sampled = runner.summarise(rs, todo, result.rows, price=cx.price)
        bound = R.config_bound(
            variant, req.reasoner, hops=run_settings.hops, max_steps=req.max_steps
        )
        outcome.estimates.append(
            R.estimate(sampled, len(cx.examples) - summary["n"], bound, cx.price)
        )
    if not result.stopped:
        return False
    cx.hooks.note(
        f"Stopped: {result.stopped} after {result.ran} claim(s); "
        f"{summary['n']}/{summary['total']} done. Re-run the same command to resume."
    )
    outcome.failed_out = result.failed_out
    return True


def _workers(cx: _Context, checkers: list[Checker], claims: int) -> int:
    """Worker processes for the run: --workers, or one per core unless --concurrency asks for threads."""
    from kgfc.pipeline.parallel import workers_for

    requested = cx.req.workers
    if requested is None and cx.req.concurrency > 1:
        return 1
    n, note = workers_for(checkers[0].checker, requested, claims)
    if note and (requested or 1) > 1:
        cx.hooks.note(f"Note: {note}.")
    return n


def _summary(
    cx: _Context, rs: runner.RunSpec, plan: Plan | None, result: runner.Outcome
) -> dict[str, Any]:
    summary = runner.summarise(rs, cx.examples, result.rows, price=cx.price)
    if plan is not None:
        summary["calibration"] = {
            "mode": cx.req.calibrate,
            "protocol": plan.describe(),
            "files": [str(f) for f in plan.files],
        }
    seconds = result.wall_seconds
    summary["invocation"] = {  # this command only: differs between a run and its resume
        "claims": result.ran,
        "workers": result.workers,
        "wall_seconds": seconds,
        "claims_per_second": round(result.ran / seconds, 2) if seconds else None,
        "stopped": result.stopped,
    }
    return summary


def estimate_text(estimates: list[dict[str, Any]]) -> str:
    lines = []
    for e in estimates:
        x = e["expected_for_remaining"]
        dollars = f", ${x['dollars']:.4f}" if "dollars" in x else ""
        lines.append(
            f"{e['dataset']} {e['run']}: sampled {e['sampled']} claim(s)"
            + (f" ({e['failed']} failed, not counted)" if e["failed"] else "")
            + f"; for the {e['remaining']} left expect "
            f"{x['llm_calls']:,} LLM calls, {x['prompt_tokens'] + x['completion_tokens']:,} "
            f"tokens, {x['searches']:,} searches, {x['seconds']:.0f} s{dollars} (at most "
            f"{e['config_bound_per_claim']['llm_calls_max']} LLM calls per claim by configuration)"
        )
    return "\n".join(lines)


def write_json(path: Path, data: dict[str, Any]) -> None:
    tmp = path.with_name(path.name + ".part")
    tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)
