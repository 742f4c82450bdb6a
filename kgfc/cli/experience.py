"""``kgfc experience list/show/stats``: the experience buffer (episodes, rewards, critiques)."""

from __future__ import annotations

import click

from kgfc.cli.common import echo_json, print_table, settings_from
from kgfc.cli.options import json_option
from kgfc.errors import InputError
from kgfc.improve.experience import FILE_NAME, ExperienceBuffer
from kgfc.improve.reflect import ERROR_TYPES


def _buffer(ctx: click.Context) -> ExperienceBuffer:
    settings = settings_from(ctx)
    if not (settings.home / FILE_NAME).is_file():
        raise InputError(
            f"No experience buffer at {settings.home / FILE_NAME} yet.",
            hint="`kgfc optimize` (or an eval run with reflection) fills it.",
        )
    return ExperienceBuffer.at_home(settings.home)


@click.group()
def experience() -> None:
    """Inspect the experience buffer: past episodes with their rewards and critiques."""


@experience.command("list")
@click.option("--limit", type=click.IntRange(1), default=20, show_default=True)
@click.option("--error-type", type=click.Choice(ERROR_TYPES), default=None)
@json_option
@click.pass_context
def list_cmd(ctx: click.Context, limit: int, error_type: str | None, as_json: bool) -> None:
    """The latest episodes, newest first."""
    with _buffer(ctx) as buf:
        rows = buf.list(limit=limit, error_type=error_type)
    if as_json:
        echo_json(rows)
        return
    print_table(
        ["id", "claim", "gold", "verdict", "reward", "error", "prompts"],
        [
            [r["id"], r["claim"][:50], r["gold"] or "", r["verdict"],
             "" if r["reward"] is None else f"{r['reward']:.2f}", r["error_type"] or "",
             r["prompt_set"]]
            for r in rows
        ],
    )  # fmt: skip


@experience.command("show")
@click.argument("episode_id", type=int)
@json_option
@click.pass_context
def show(ctx: click.Context, episode_id: int, as_json: bool) -> None:
    """One episode: its steps, reward parts and critique."""
    with _buffer(ctx) as buf:
        ep = buf.show(episode_id)
    if ep is None:
        raise InputError(f"No episode {episode_id}.", hint="`kgfc experience list` shows the ids.")
    if as_json:
        echo_json(ep)
        return
    click.echo(f"#{ep['id']} {ep['claim']}")
    click.echo(f"verdict {ep['verdict']} (gold {ep['gold']}), prompts {ep['prompt_set']}")
    if ep["reward_parts"]:
        parts = ", ".join(f"{k} {v:.2f}" for k, v in ep["reward_parts"].items())
        click.echo(f"reward {parts}")
    for s in ep["steps"]:
        click.echo(f"  {s['idx']}. {s['action']} -> {s['observation']}")
    if ep["critique"]:
        c = ep["critique"]
        blamed = f", step {c['blamed_step']}" if c.get("blamed_step") is not None else ""
        click.echo(f"critique: {c['outcome']}, {c['error_type']}{blamed}: {c['suggestion']}")


@experience.command("stats")
@json_option
@click.pass_context
def stats(ctx: click.Context, as_json: bool) -> None:
    """Counts, accuracy, mean reward, error types, per prompt set."""
    with _buffer(ctx) as buf:
        out = buf.stats()
    if as_json:
        echo_json(out)
        return
    click.echo(
        f"{out['episodes']} episodes, {out['steps']} steps; accuracy {out['accuracy']}, "
        f"mean reward {out['mean_reward']}"
    )
    for k, v in out["error_types"].items():
        click.echo(f"  {k}: {v}")
    for k, v in out["prompt_sets"].items():
        click.echo(f"  prompts {k}: {v['episodes']} episodes, mean reward {v['mean_reward']}")
