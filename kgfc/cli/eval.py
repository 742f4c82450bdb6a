"""``kgfc eval``: benchmarks, ablations, error analysis and cost in one resumable command."""

from __future__ import annotations

import inspect
import itertools
import json
from pathlib import Path

import click

from kgfc.cli.common import Progress, info, open_cli_store, settings_from, store_option
from kgfc.errors import UsageError


def _ints(text: str | None, what: str) -> list[int | None]:
    if text is None:
        return [None]
    try:
        vals = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise UsageError(f"--{what} takes integers separated by commas, e.g. 3,4,5.") from None
    if not vals or any(v < 1 or v > 50 for v in vals):
        raise UsageError(f"--{what} values must be between 1 and 50.")
    return list(dict.fromkeys(vals))


def _price(text: str | None) -> tuple[float, float] | None:
    if text is None:
        return None
    try:
        a, b = (float(x) for x in text.split(","))
    except ValueError:
        raise UsageError(
            "--price takes two numbers: $ per million prompt tokens, $ per million completion tokens (e.g. 0.15,0.60)."
        ) from None
    if a < 0 or b < 0:
        raise UsageError("--price values must not be negative.")
    return a, b


@click.command("eval")
@click.argument("dataset", metavar="DATASET")
@click.option(
    "--path",
    "data_path",
    required=True,
    type=click.Path(exists=True),
    help="Dataset folder or file.",
)
@click.option(
    "--split", default=None, help="Split (default: the dataset's scorable dev/valid/test set)."
)
@click.option(
    "--protocol",
    type=click.Choice(["binary", "3way"]),
    default="binary",
    show_default=True,
    help="binary: NEI removed, partly true -> REFUTED; 3way keeps NOT ENOUGH INFO.",
)
@click.option(
    "--limit", type=click.IntRange(1), default=None, help="A seeded random sample of N examples."
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--variant",
    "variants",
    default="kg-only",
    show_default=True,
    help="Comma-separated: kg-only, web-only, kg+web, kg+agent, full.",
)
@click.option("--reasoner", type=click.Choice(["local", "llm"]), default="local", show_default=True)
@click.option("--beam", default=None, help="Beam width k, or a sweep: 3,4,5 (default: settings).")
@click.option("--hops", default=None, help="Depth N, or a sweep: 2,3,4 (default: settings).")
@click.option(
    "--max-steps", type=click.IntRange(2, 20), default=5, show_default=True, help="Agent step cap."
)
@click.option("--concurrency", type=click.IntRange(1, 64), default=1, show_default=True)
@click.option(
    "--output",
    type=click.Path(file_okay=False),
    default=None,
    help="Run folder root (default: $KGFC_HOME/eval). Re-running resumes.",
)
@click.option(
    "--verbalise", is_flag=True, help="CoDEx: check triples as text claims (labelled ones only)."
)
@click.option(
    "--lang", type=click.Choice(["en", "de"]), default="en", help="HealthFC claim language."
)
@click.option(
    "--kg",
    type=click.Choice(["store", "train"]),
    default="store",
    show_default=True,
    help="store: the configured store; train: the dataset's train triples in memory (CoDEx).",
)
@click.option(
    "--calibrate",
    default=None,
    metavar="cross-fit|SPLIT",
    help="Calibrated completion (local reasoner, triples): fit the per-relation combiner by "
    "two-fold cross-fitting over the evaluated claims, or on another split (e.g. valid).",
)
@click.option(
    "--kge",
    is_flag=True,
    help="Train a KG embedding on the KG first (as `kgfc kg embed`; needs kgfc[kge]) and weigh it "
    "in calibrated completion. Without it, a store's existing embedding is used.",
)
@click.option(
    "--folds",
    type=click.IntRange(min=2),
    default=2,
    show_default=True,
    help="With --calibrate cross-fit: folds to split the claims into; each is decided by a "
    "combiner fitted on all the others (10: fitted on 90 %% of them).",
)
@click.option(
    "--trees/--no-trees",
    default=True,
    show_default=True,
    help="With --calibrate: average the combiner's logistic model with boosted trees over the "
    "same signals (--no-trees: the logistic model alone, as before the trees existed).",
)
@click.option(
    "--priors/--no-priors",
    default=True,
    show_default=True,
    help="With --calibrate: may the combiner support a claim that no rule or similar entity "
    "speaks for, on the priors alone (the verdict says so)?",
)
@click.option(
    "--search",
    "search_spec",
    default=None,
    metavar="PROVIDER",
    help="Search provider for web variants.",
)
@click.option(
    "--record",
    is_flag=True,
    help="Store claims and verdicts in the KG (off: eval leaves no claims).",
)
@click.option(
    "--report", "with_report", is_flag=True, help="Build each report: EHR and EQS in the summary."
)
@click.option(
    "--estimate", is_flag=True, help="Run a small sample and print the expected cost of the rest."
)
@click.option("--estimate-sample", type=click.IntRange(1), default=3, show_default=True)
@click.option(
    "--price", default=None, metavar="IN,OUT", help="$ per 1M prompt and completion tokens."
)
@click.option(
    "--max-cost",
    type=click.FloatRange(0, min_open=True),
    default=None,
    help="Stop after $X (needs --price).",
)
@click.option("--max-tokens", type=click.IntRange(1), default=None, help="Stop after N LLM tokens.")
@click.option("--json", "as_json", is_flag=True, help="The summary as JSON on stdout.")
@click.option("--plots", is_flag=True, help="PNG plots under OUTPUT/plots (needs kgfc[plots]).")
@store_option
@click.pass_context
def eval_cmd(
    ctx,
    dataset,
    data_path,
    split,
    protocol,
    limit,
    seed,
    variants,
    reasoner,
    beam,
    hops,
    max_steps,
    concurrency,
    output,
    verbalise,
    lang,
    kg,
    calibrate,
    kge,
    folds,
    trees,
    priors,
    search_spec,
    record,
    with_report,
    estimate,
    estimate_sample,
    price,
    max_cost,
    max_tokens,
    as_json,
    plots,
    store_spec,
    read_only,
):
    """Score kgfc on a dataset: balanced accuracy, macro-F1, errors, cost per claim.

    DATASET is one of the loaders listed below, or `jsonl` for your own
    {claim|triple, label} lines. Results go to OUTPUT/DATASET-SPLIT/RUN/
    results.jsonl, one line per claim; re-running the same command skips the
    claims already done and scores from that file.
    """
    from kgfc.eval import report as R
    from kgfc.eval import runner
    from kgfc.eval.checker import build_checker, check_variant, verify_example
    from kgfc.eval.loaders import get_spec, load, sample

    spec = get_spec(dataset)
    variant_list = [check_variant(v.strip()) for v in variants.split(",") if v.strip()]
    beams, hop_list = _ints(beam, "beam"), _ints(hops, "hops")
    price_t = _price(price)
    if max_cost is not None and price_t is None:
        raise UsageError("--max-cost needs --price IN,OUT to turn tokens into dollars.")
    if kg == "train" and not spec.name.startswith("codex"):
        raise UsageError("--kg train is for CoDEx (its train triples are the KG).")
    if calibrate is not None and reasoner != "local":
        raise UsageError("--calibrate fits the local reasoner's completion; use --reasoner local.")
    if kge and calibrate is None:
        raise UsageError("--kge weighs the embedding in calibrated completion: add --calibrate.")
    if folds != 2 and calibrate != "cross-fit":
        raise UsageError("--folds is a setting of --calibrate cross-fit.")
    if not priors and calibrate is None:
        raise UsageError("--no-priors is a setting of the fitted combiner: add --calibrate.")
    if not trees and calibrate is None:
        raise UsageError("--no-trees is a setting of the fitted combiner: add --calibrate.")
    options = {"verbalise": verbalise, "lang": lang}
    examples = sample(
        load(spec.name, data_path, split=split, protocol=protocol, options=options), limit, seed
    )
    split = split or spec.default_split
    settings = settings_from(ctx, store=store_spec, reasoner=reasoner, search_provider=search_spec)
    out_root = Path(output) if output else settings.home / "eval"
    budget = runner.Budget(max_tokens=max_tokens, max_cost=max_cost, price=price_t)

    if kg == "train":
        from kgfc.eval.codex import build_train_store

        info(f"Building the {spec.name} train KG in memory...")
        root = Path(data_path)
        store, kg_info = build_train_store(root, spec.name.split("-")[1])
        info(f"  {kg_info['train_triples']:,} train triples in {kg_info['load_seconds']} s")
    else:
        store = open_cli_store(settings, read_only=read_only)
    summaries, estimates = [], []
    failed_out = False
    try:
        if kge:
            from kgfc.cli.kg import train_embedding

            train_embedding(store)
        cal_plan = None
        # names the fitted files' folder and the run folder: runs with other settings stay apart
        cal_tag = (
            (calibrate or "")
            + ("-kge" if kge else "")
            + ("" if priors else "-no-priors")
            + ("" if trees else "-no-trees")
            + ("" if folds == 2 else f"-{folds}fold")
        )
        if calibrate is not None:
            from kgfc.eval import calibrate as CAL

            info(f"Fitting the completion combiner ({calibrate})...")
            cal_plan = CAL.plan(
                calibrate,
                store,
                examples,
                out_root
                / runner.RunSpec(
                    spec.name, split, protocol, "", reasoner, 0, 0, verbalise
                ).dataset_key
                / f"calibration-{cal_tag}",
                split=split,
                seed=seed,
                priors=priors,
                trees=trees,
                folds=folds,
                load_split=lambda other: load(
                    spec.name, data_path, split=other, protocol=protocol, options=options
                ),
            )
            info(f"  {cal_plan.describe()}; written under {cal_plan.files[0].parent}")
        for variant, b, h in itertools.product(variant_list, beams, hop_list):
            run_settings = settings.model_copy(
                update={"beam": b or settings.beam, "hops": h or settings.hops}
            )
            rs = runner.RunSpec(
                dataset=spec.name,
                split=split,
                protocol=protocol,
                variant=variant,
                reasoner=reasoner,
                beam=run_settings.beam,
                hops=run_settings.hops,
                verbalised=verbalise,
                calibration=cal_tag,
            )
            folder = rs.folder(out_root)
            calibrations = cal_plan.files if cal_plan is not None else [None]
            checkers = [
                build_checker(
                    run_settings.model_copy(update={"calibration": path})
                    if path is not None
                    else run_settings,
                    store,
                    variant=variant,
                    reasoner=reasoner,
                    record=record,
                    trajectory_dir=folder,
                    max_steps=max_steps,
                )
                for path in calibrations
            ]
            pick = cal_plan.pick if cal_plan is not None else (lambda ex: 0)
            results = runner.ResultsFile(folder / "results.jsonl")
            todo = examples[:estimate_sample] if estimate else examples
            bar = Progress(len(todo), f"{spec.name} {rs.name}")
            outcome = runner.run(
                todo,
                lambda ex, cs=checkers, pick=pick: verify_example(cs[pick(ex)], ex),
                results,
                concurrency=concurrency,
                budget=budget,
                report=with_report,
                on_progress=lambda done, total, bar=bar: bar.update(done, total),
            )
            bar.close()
            summary = runner.summarise(rs, examples, outcome.rows, price=price_t)
            if cal_plan is not None:
                summary["calibration"] = {
                    "mode": calibrate,
                    "protocol": cal_plan.describe(),
                    "files": [str(f) for f in cal_plan.files],
                }
            summary["invocation"] = {  # this command only: differs between a run and its resume
                "claims": outcome.ran,
                "wall_seconds": outcome.wall_seconds,
                "claims_per_second": round(outcome.ran / outcome.wall_seconds, 2)
                if outcome.wall_seconds
                else None,
                "stopped": outcome.stopped,
            }
            _write_json(folder / f"summary-{protocol}.json", summary)
            summaries.append(summary)
            for msg in outcome.failures[:5]:
                info(f"  failed: {msg}")
            if estimate:
                sampled = runner.summarise(rs, todo, outcome.rows, price=price_t)
                bound = R.config_bound(
                    variant, reasoner, hops=run_settings.hops, max_steps=max_steps
                )
                estimates.append(R.estimate(sampled, len(examples) - summary["n"], bound, price_t))
            if outcome.stopped:
                info(
                    f"Stopped: {outcome.stopped} after {outcome.ran} claim(s); "
                    f"{summary['n']}/{summary['total']} done. Re-run the same command to resume."
                )
                failed_out = outcome.failed_out
                break
    finally:
        store.close()
    table = R.markdown_table(R.collect(out_root))
    (out_root / "summary.md").write_text(table + "\n", encoding="utf-8")
    if plots:
        files = R.plot_all(R.collect(out_root), out_root / "plots")
        info(f"Wrote {len(files)} plot(s) under {out_root / 'plots'}")
    if estimate:
        data = estimates[0] if len(estimates) == 1 else estimates
        click.echo(json.dumps(data, indent=2) if as_json else _estimate_text(estimates))
    elif as_json:
        click.echo(json.dumps(summaries[0] if len(summaries) == 1 else summaries, indent=2))
    else:
        click.echo(R.markdown_table(summaries))
    info(f"Results under {out_root}")
    if failed_out:
        ctx.exit(1)  # the claims could not be checked (an unreachable LLM...): a runtime failure


def _estimate_text(estimates: list[dict]) -> str:
    lines = []
    for e in estimates:
        x = e["expected_for_remaining"]
        dollars = f", ${x['dollars']:.4f}" if "dollars" in x else ""
        lines.append(
            f"{e['dataset']} {e['run']}: sampled {e['sampled']} claim(s)"
            + (f" ({e['failed']} failed, not counted)" if e["failed"] else "")
            + f"; for the {e['remaining']} left expect "
            f"{x['llm_calls']:,} LLM calls, {x['prompt_tokens'] + x['completion_tokens']:,} tokens, "
            f"{x['searches']:,} searches, {x['seconds']:.0f} s{dollars} "
            f"(at most {e['config_bound_per_claim']['llm_calls_max']} LLM calls per claim by configuration)"
        )
    return "\n".join(lines)


def _write_json(path: Path, data: dict) -> None:
    tmp = path.with_name(path.name + ".part")
    tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)


def _datasets_help() -> str:
    from kgfc.eval.loaders import DATASETS

    return "\n".join(f"  {name:20} {spec.title}" for name, spec in DATASETS.items())


eval_cmd.help = inspect.cleandoc(eval_cmd.help or "") + "\n\n\b\nDatasets:\n" + _datasets_help()
