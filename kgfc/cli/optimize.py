"""``kgfc optimize``: improve the prompt set by textual gradients on labelled claims."""

from __future__ import annotations

from pathlib import Path

import click

from kgfc.cli.common import echo_json, info, settings_from
from kgfc.cli.options import json_option, seed_option, store_option
from kgfc.errors import ConfigError


@click.command("optimize")
@click.option(
    "--train",
    "train_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    required=True,
    help='JSONL: {"claim": ..., "label": SUPPORTED|REFUTED|NOT ENOUGH INFO} per line.',
)
@click.option(
    "--val",
    "val_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    required=True,
    help="JSONL validation claims, same format.",
)
@click.option("--epochs", type=click.IntRange(1, 200), default=20, show_default=True)
@click.option("--batch", type=click.IntRange(1, 200), default=8, show_default=True)
@click.option(
    "--patience",
    type=click.IntRange(1, 50),
    default=3,
    show_default=True,
    help="Stop after this many epochs without a better validation score.",
)
@click.option(
    "--prompts",
    "prompts_spec",
    default=None,
    metavar="DIR|NAME",
    help="The prompt set to start from (default: the shipped one).",
)
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Where the new set, state and lineage go (default $KGFC_HOME/prompts/optimized). "
    "Re-running with the same --out resumes.",
)
@click.option(
    "--optimizer-base-url",
    default=None,
    help="Endpoint of the optimiser LLM (default: the policy LLM's).",
)
@click.option(
    "--optimizer-model",
    default=None,
    help="Model of the optimiser LLM (default: the policy LLM's).",
)
@seed_option
@click.option(
    "--max-steps",
    type=click.IntRange(2, 20),
    default=5,
    show_default=True,
    help="Agent step cap per claim.",
)
@click.option(
    "--estimate", is_flag=True, help="Print the LLM calls and tokens the run would cost, and stop."
)
@store_option
@json_option
@click.pass_context
def optimize(ctx: click.Context, train_file: Path, val_file: Path, epochs: int, batch: int, patience: int,
             prompts_spec: str | None, out_dir: Path | None, optimizer_base_url: str | None,
             optimizer_model: str | None, seed: int, max_steps: int, estimate: bool, store_spec: str | None,
             read_only: bool, as_json: bool) -> None:  # fmt: skip
    """Rewrite the policy prompts to raise the composite reward, keeping the best by validation.

    Each epoch runs the agent on a training batch, critiques the failures, turns the
    critiques into an edited instruction (placeholders and answer shapes kept), and
    keeps it only when the validation reward improves. See kgfc.improve.optimize.
    """
    from kgfc.improve.experience import ExperienceBuffer
    from kgfc.improve.optimize import Episode, Optimizer, read_claims
    from kgfc.improve.optimize import estimate as estimate_cost
    from kgfc.llm.client import make_llm
    from kgfc.llm.promptset import load_prompt_set, resolve_prompt_set
    from kgfc.pipeline.api import FactChecker

    train, val = read_claims(train_file), read_claims(val_file)
    if estimate:
        est = estimate_cost(len(train), len(val), epochs=epochs, batch=batch)
        if as_json:
            echo_json(est)
            return
        for name in ("baseline", "per_epoch", "total_max"):
            c = est[name]
            click.echo(f"{name:10} {c['llm_calls']:>7} LLM calls  {c['prompt_tokens']:>10} prompt tokens  "
                       f"{c['completion_tokens']:>9} completion tokens")  # fmt: skip
        click.echo(f"(batch {est['batch']}, {len(val)} validation claims, up to {epochs} epochs; "
                   "early stopping usually ends sooner)")  # fmt: skip
        return
    settings = settings_from(ctx, store=store_spec, prompts=prompts_spec)
    policy_llm = make_llm(settings)
    if policy_llm is None:
        raise ConfigError(
            "kgfc optimize needs an LLM.", hint="Set KGFC_LLM_BASE_URL and KGFC_LLM_MODEL."
        )
    optimizer_llm = policy_llm
    if optimizer_base_url or optimizer_model:
        other_llm = make_llm(settings.model_copy(update={
            "llm_base_url": optimizer_base_url or settings.llm_base_url,
            "llm_model": optimizer_model or settings.llm_model,
        }))  # fmt: skip
        assert other_llm is not None  # a URL or a model was given, so make_llm does not return None
        optimizer_llm = other_llm
    start = load_prompt_set(prompts_spec, settings.home)
    out = out_dir or settings.home / "prompts" / "optimized"
    checker = FactChecker.from_settings(
        settings, reasoner="llm", read_only=read_only, max_steps=max_steps
    )

    def run_episode(claim: str, gold: str) -> Episode:
        r = checker.verify(claim, record=False)
        cited = [e for e in r.evidence if e.cited]
        return Episode(
            claim=claim, gold=gold, verdict=r.verdict.value, cited=[e.id for e in cited],
            evidence=[f"{e.id} {e.text}" for e in cited],
            steps=list(r.trajectory.steps) if r.trajectory else [], counters=r.counters,
        )  # fmt: skip

    with checker, ExperienceBuffer.at_home(settings.home) as buf:
        opt = Optimizer(
            run_episode=run_episode, policy_llm=policy_llm, optimizer_llm=optimizer_llm,
            train=train, val=val, out_dir=out, buffer=buf, batch=batch, epochs=epochs,
            patience=patience, seed=seed, log=lambda m: info(m),
        )  # fmt: skip
        state = opt.run(start)
    summary = {
        "prompt_set": state.best.label, "validation_reward": state.best_score, "epochs": state.epoch,
        "out": str(out), "use_with": f"--prompts {out}", "optimizer_llm_calls": opt.counters.llm_calls,
    }  # fmt: skip
    if as_json:
        echo_json(summary)
    else:
        click.echo(f"best prompt set {state.best.label}: validation reward {state.best_score:.3f} "
                   f"after {state.epoch} epoch(s); written to {resolve_prompt_set(str(out))}")  # fmt: skip
        click.echo(f"use it with: kgfc verify --prompts {out} ...; lineage: {out / 'LINEAGE.md'}")
