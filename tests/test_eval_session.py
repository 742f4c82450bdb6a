"""``kgfc eval``'s orchestration as a library: a request, its checks, a sweep, hooks."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kgfc.cli import cli
from kgfc.errors import UsageError
from kgfc.eval.session import EvalHooks, EvalRequest, parse_ints, run_eval
from kgfc.registry import open_store
from kgfc.settings import load_settings
from tests.conftest import DATA

ROOT = Path(__file__).resolve().parents[1]
GENERIC = DATA / "eval" / "generic.jsonl"


@pytest.mark.parametrize(
    ("changes", "needle"),
    [
        ({"max_cost": 1.0}, "--max-cost needs --price"),
        ({"kg": "train"}, "--kg train is for CoDEx"),
        ({"calibrate": "cross-fit", "reasoner": "llm"}, "use --reasoner local"),
        ({"kge": True}, "--kge weighs"),
        ({"folds": 5}, "--folds is a setting"),
        ({"priors": False}, "--no-priors"),
        ({"trees": False}, "--no-trees"),
        ({"beam": "3,x"}, "--beam takes integers"),
        ({"variants": "kg-only,nonsense"}, "nonsense"),
    ],
)
def test_request_refuses_what_means_nothing(changes, needle):
    with pytest.raises(UsageError, match=needle):
        EvalRequest("jsonl", str(GENERIC), **changes).check()


def test_parse_ints_sweeps():
    assert parse_ints("3,4,3", "beam") == [3, 4] and parse_ints(None, "hops") == [None]


def test_run_eval_sweep_with_hooks(tmp_path, obama_ttl):
    """Two beams = two runs, each summary written; notes and bars go through the hooks."""
    store = open_store(str(tmp_path / "store"))
    store.load_file(obama_ttl)
    store.close()
    notes, bars = [], []

    class Bar:
        def __init__(self, total, label):
            bars.append([label, total, 0])

        def update(self, done, total=None):
            bars[-1][2] = done

        def close(self):
            bars[-1].append("closed")

    settings = load_settings(home=tmp_path / "home", offline=True, demo=False)
    request = EvalRequest("jsonl", str(GENERIC), beam="2,3", output=str(tmp_path / "out"))
    outcome = run_eval(
        request,
        settings,
        lambda: open_store(str(tmp_path / "store")),
        EvalHooks(note=notes.append, progress=Bar),
    )
    assert [s["beam"] for s in outcome.summaries] == [2, 3]
    assert [b[0].split()[0] for b in bars] == ["jsonl", "jsonl"]
    assert all(
        b[1] == b[2] == s["total"] and b[3] == "closed"
        for b, s in zip(bars, outcome.summaries, strict=True)
    )
    assert (outcome.out_root / "summary.md").is_file()
    for s in outcome.summaries:
        folder = outcome.out_root / "jsonl-file" / s["run"]
        assert json.loads((folder / "summary-binary.json").read_text())["beam"] == s["beam"]
    assert not outcome.failed_out


def _function_lengths(path: Path) -> dict[str, int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        n.name: n.end_lineno - n.lineno + 1
        for n in ast.walk(tree)
        if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
    }


def test_eval_command_is_thin():
    lengths = _function_lengths(ROOT / "kgfc" / "cli" / "eval.py")
    assert lengths["eval_cmd"] < 60
    for rel in ("kgfc/cli/eval.py", "kgfc/eval/session.py", "kgfc/cli/__init__.py"):
        long = {k: v for k, v in _function_lengths(ROOT / rel).items() if v > 80}
        assert long == {}, rel


def test_eval_help_has_no_doubled_percent():
    res = CliRunner().invoke(cli, ["eval", "--help"])
    text = " ".join(res.output.split())
    assert res.exit_code == 0 and "90 % of them" in text and "%%" not in text
