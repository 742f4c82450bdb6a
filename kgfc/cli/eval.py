"""``kgfc eval``: benchmarks, ablations, error analysis and cost in one resumable command."""

from __future__ import annotations

import inspect
import json
from typing import Any

import click

from kgfc.cli.common import Progress, info, open_cli_store, settings_from
from kgfc.cli.options import json_option, seed_option, store_option


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
@seed_option
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
@click.option(
    "--concurrency",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Claims checked at once on threads of this process (for an LLM server's latency).",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 256),
    default=None,
    metavar="N",
    help="Check on N worker processes (default: one per core, fewer for a short run; 1 with "
    "--concurrency, web variants or --kg train).",
)
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
    "combiner fitted on all the others (10: fitted on 90 % of them).",
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
@json_option(help="The summary as JSON on stdout.")
@click.option("--plots", is_flag=True, help="PNG plots under OUTPUT/plots (needs kgfc[plots]).")
@store_option
@click.pass_context
def eval_cmd(
    ctx: click.Context,
    /,
    as_json: bool,
    plots: bool,
    search_spec: str | None,
    store_spec: str | None,
    read_only: bool,
    **options: Any,
) -> None:
    """Score kgfc on a dataset: balanced accuracy, macro-F1, errors, cost per claim.

    DATASET is one of the loaders listed below, or `jsonl` for your own
    {claim|triple, label} lines. Results go to OUTPUT/DATASET-SPLIT/RUN/
    results.jsonl, one line per claim; re-running the same command skips the
    claims already done and scores from that file.
    """
    from kgfc.eval import report as R
    from kgfc.eval.session import EvalHooks, EvalRequest, estimate_text, run_eval

    request = EvalRequest(**options)
    request.check()
    settings = settings_from(
        ctx, store=store_spec, reasoner=request.reasoner, search_provider=search_spec
    )
    hooks = EvalHooks(note=info, progress=lambda total, label: Progress(total, label))
    if request.kge:
        from kgfc.cli.kg import train_embedding

        hooks.train_embedding = train_embedding
    outcome = run_eval(
        request, settings, lambda: open_cli_store(settings, read_only=read_only), hooks
    )
    out_root = outcome.out_root
    if plots:
        files = R.plot_all(R.collect(out_root), out_root / "plots")
        info(f"Wrote {len(files)} plot(s) under {out_root / 'plots'}")
    if request.estimate:
        data = outcome.estimates[0] if len(outcome.estimates) == 1 else outcome.estimates
        click.echo(json.dumps(data, indent=2) if as_json else estimate_text(outcome.estimates))
    elif as_json:
        summaries = outcome.summaries
        click.echo(json.dumps(summaries[0] if len(summaries) == 1 else summaries, indent=2))
    else:
        click.echo(R.markdown_table(outcome.summaries))
    info(f"Results under {out_root}")
    if outcome.failed_out:
        ctx.exit(1)  # the claims could not be checked (an unreachable LLM...): a runtime failure


def _datasets_help() -> str:
    from kgfc.eval.loaders import DATASETS

    return "\n".join(f"  {name:20} {spec.title}" for name, spec in DATASETS.items())


eval_cmd.help = inspect.cleandoc(eval_cmd.help or "") + "\n\n\b\nDatasets:\n" + _datasets_help()
