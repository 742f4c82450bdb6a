"""A one-shot CLI pays only for what it uses: a structured triple never loads spaCy or the
embedding model, and no command but `serve`/`mcp` imports the web framework or the MCP SDK."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from kgfc.cli import cli
from tests.conftest import DATA

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ["spacy", "onnxruntime", "tokenizers", "fastapi", "uvicorn", "starlette", "mcp", "openai"]
PROBE = """
import json, sys
from kgfc.cli import cli
try:
    cli(sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
sys.stderr.write("\\nLOADED " + json.dumps(sorted(m for m in HEAVY if m in sys.modules)) + "\\n")
"""


def loaded_by(*argv: str) -> set[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    out = subprocess.run(
        [sys.executable, "-c", f"HEAVY = {HEAVY!r}\n" + PROBE, *argv],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    line = [x for x in out.stderr.splitlines() if x.startswith("LOADED ")]
    assert line, out.stderr[-2000:]
    return set(json.loads(line[-1][len("LOADED ") :]))


def test_a_structured_triple_loads_no_nlp_model(tmp_path):
    store = tmp_path / "store"
    res = CliRunner().invoke(cli, ["kg", "load", "--store", str(store), str(DATA / "obama.ttl")])
    assert res.exit_code == 0, res.output
    loaded = loaded_by(
        "verify", "--store", str(store), "--triple", "Q76", "P19", "Q18094", "--json"
    )
    assert not loaded, f"a triple check imported {sorted(loaded)}"


def test_help_imports_no_server_framework():
    assert not loaded_by("--help")


def test_help_is_light_and_starts_with_five_commands():
    """`kgfc --help` imports no subcommand, no store, no pipeline, no pydantic."""
    code = (
        "import sys\nfrom kgfc.cli import cli\ntry:\n    cli(['--help'], prog_name='kgfc')\n"
        "except SystemExit:\n    pass\n"
        "heavy = [m for m in sys.modules if m.startswith(('kgfc.cli.', 'kgfc.pipeline', "
        "'kgfc.kg', 'pyoxigraph', 'pydantic'))]\nsys.stderr.write('HEAVY %r' % sorted(heavy))"
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300
    )
    assert out.stderr.strip().endswith("HEAVY []"), out.stderr[-2000:]
    lines = out.stdout.splitlines()
    start = lines.index("Start here:")
    assert start < 25
    assert [
        x.split()[0]
        for x in lines[start + 1 : start + 12]
        if x.startswith("  ") and not x.startswith("   ")
    ][:5] == [
        "verify",
        "kg",
        "config",
        "serve",
        "eval",
    ]


def test_every_command_has_a_help_line():
    from kgfc.cli import _COMMANDS, SHORT_HELP

    assert set(SHORT_HELP) == set(_COMMANDS)
    assert all(SHORT_HELP.values())


def test_a_claim_sent_to_a_server_loads_no_pipeline():
    """`kgfc --server URL verify` renders the server's answer: no pipeline, store or spaCy here."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nobody listens: the command fails after parsing its options
    code = (
        "import sys\nfrom kgfc.cli import cli\ntry:\n"
        f"    cli(['--server', 'http://127.0.0.1:{port}', 'verify', 'Tony Blair was born in "
        "London.'], prog_name='kgfc')\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in sys.modules if m.startswith(('kgfc.pipeline.api', 'kgfc.nlp.claims', "
        "'kgfc.kg.oxigraph_store', 'kgfc.kg.beam', 'spacy'))]\nsys.stderr.write('HEAVY %r' % sorted(heavy))"
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300
    )
    assert "No kgfc server answers" in out.stderr, out.stderr[-2000:]
    assert out.stderr.strip().endswith("HEAVY []"), out.stderr[-2000:]
