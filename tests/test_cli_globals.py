"""Group options work before and after the subcommand; ``--store`` also at the group."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kgfc.cli import _hoist_globals, cli


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def store_path(tmp_path, obama_ttl, runner):
    path = tmp_path / "store"
    res = runner.invoke(cli, ["kg", "load", str(obama_ttl), "--store", str(path)])
    assert res.exit_code == 0, res.output
    return path


@pytest.mark.parametrize("where", ["before", "after"])
def test_store_before_or_after(runner, store_path, where):
    args = ["kg", "stats", "--json"]
    args = (
        ["--store", str(store_path), *args]
        if where == "before"
        else [*args, "--store", str(store_path)]
    )
    res = runner.invoke(cli, args)
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["facts"] == 7


def test_offline_and_debug_after_subcommand(runner, store_path):
    res = runner.invoke(
        cli, ["kg", "stats", "--json", "--offline", "--debug", "--store", str(store_path)]
    )
    assert res.exit_code == 0, res.output
    assert "No such option" not in res.output


def test_hoisting_keeps_a_subcommands_own_option():
    ctx = cli.make_context("kgfc", ["--help"], resilient_parsing=True)
    # `mcp --server URL` is mcp's own option; `--offline` is the group's.
    args = _hoist_globals(cli, ctx, ["mcp", "--server", "http://x", "--offline"])
    assert args == ["--offline", "mcp", "--server", "http://x"]
    assert _hoist_globals(cli, ctx, ["verify", "--", "--offline"]) == ["verify", "--", "--offline"]
