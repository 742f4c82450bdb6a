"""One flag name per idea: the shared options in kgfc/cli/options.py, not copies."""

from __future__ import annotations

import re
from pathlib import Path

import click

from kgfc.cli import _COMMANDS, cli

ROOT = Path(__file__).resolve().parents[1]
SHARED = ("--json", "--csv", "--store", "--seed", "--quiet")


def _walk(cmd: click.Command, ctx: click.Context, path: str):
    yield path, cmd
    if isinstance(cmd, click.Group):
        for name in cmd.list_commands(ctx):
            yield from _walk(cmd.get_command(ctx, name), ctx, f"{path} {name}")


def test_same_idea_same_flag_everywhere():
    ctx = click.Context(cli)
    want = {
        "as_json": ["--json"],
        "as_csv": ["--csv"],
        "store_spec": ["--store"],
        "seed": ["--seed"],
    }
    seen = {k: 0 for k in want}
    for path, cmd in _walk(cli, ctx, "kgfc"):
        for p in cmd.params:
            if p.name in want:
                assert p.opts == want[p.name], f"{path}: {p.opts}"
                seen[p.name] += 1
            if p.name == "params":  # values bound into a query: --bind, as in kg query
                assert "--bind" in p.opts, path
    assert all(seen.values()), seen


def test_no_copies_of_the_shared_options():
    for name in _COMMANDS:
        module = ROOT / (_COMMANDS[name][0].replace(".", "/") + ".py")
        if module.name == "verify.py":
            continue
        text = module.read_text(encoding="utf-8")
        for flag in SHARED:
            assert not re.search(rf'click\.option\(\s*"{flag}"', text), f"{module.name}: {flag}"
