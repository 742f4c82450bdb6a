"""MCP tool schemas pinned, tool errors with kgfc's message and hint, JSON-RPC errors on stdio."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from click.testing import CliRunner

pytest.importorskip("mcp")

from mcp.server.mcpserver.exceptions import ToolError  # noqa: E402

from kgfc.cli import cli  # noqa: E402
from kgfc.service.mcp_server import build_mcp  # noqa: E402
from kgfc.settings import load_settings  # noqa: E402
from tests.conftest import DATA  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PINNED = json.loads((DATA / "mcp_tools.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    path = tmp_path_factory.mktemp("mcp") / "store"
    res = CliRunner().invoke(cli, ["kg", "load", "--store", str(path), str(DATA / "obama.ttl")])
    assert res.exit_code == 0, res.output
    return path


@pytest.fixture(scope="module")
def server(store):
    mcp = build_mcp(load_settings(offline=True, store=str(store)))
    yield mcp
    mcp.kgfc_close()


def _listed(mcp) -> dict:
    async def go():
        return await mcp.list_tools()

    tools = anyio.run(go)
    return {t.name: t.model_dump(mode="json", exclude_none=True) for t in tools}


def test_tool_names_descriptions_and_schemas_are_pinned(server):
    assert _listed(server) == PINNED


def _call(mcp, name: str, args: dict):
    async def go():
        return await mcp.call_tool(name, args)

    return anyio.run(go)


@pytest.mark.parametrize("entity", ["http://a b/c", "not an id", "Q76>"])
def test_bad_entity_is_a_tool_error_that_says_what_to_send(server, entity):
    with pytest.raises(ToolError) as err:
        _call(server, "kg_neighbourhood", {"entity": entity})
    text = str(err.value)
    assert "Not an entity id or IRI" in text and "Hint:" in text and "Q76" in text


def test_a_kgfc_error_keeps_its_message_and_hint(server):
    with pytest.raises(ToolError) as err:
        _call(server, "claim_evidence", {"claim_id": "nope"})
    message, _, hint = str(err.value).partition("\nHint: ")
    assert message.endswith("No stored claim with id 'nope'.")
    assert hint.startswith("Verify it first")


def _stdio(store, lines: list[bytes]) -> list[dict]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    proc = subprocess.run(
        [sys.executable, "-m", "kgfc", "mcp", "--store", str(store)],
        input=b"".join(line + b"\n" for line in lines),
        capture_output=True,
        env=env,
        timeout=120,
    )
    return [json.loads(x) for x in proc.stdout.splitlines() if x.strip()]


def test_stdio_answers_lines_that_are_not_json_rpc(store):
    init = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "t", "version": "0"},
        },
    }
    ping = {"jsonrpc": "2.0", "id": 2, "method": "ping"}
    replies = _stdio(
        store,
        [
            json.dumps(init).encode(),
            b"{not json",
            b"\xff\xfe\x00garbage",
            json.dumps([ping, ping]).encode(),
            b"42",
            json.dumps(ping).encode(),
        ],
    )
    errors = [r["error"]["code"] for r in replies if "error" in r]
    assert errors == [-32700, -32700, -32600, -32600], replies
    assert all(r["id"] is None for r in replies if "error" in r)
    # the session goes on: the ping after the garbage is answered
    assert any(r.get("id") == 2 and "result" in r for r in replies), replies
