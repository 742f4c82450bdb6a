"""MCP tool schemas pinned, tool errors with kgfc's message and hint, JSON-RPC errors on stdio."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
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


def _stdio(store, lines: list[bytes], *, until_id: int) -> list[dict]:
    """Send the lines, read replies until the request ``until_id`` is answered, then hang up.

    Closing stdin at once (as ``subprocess.run(input=...)`` does) would race the
    server: a request still in flight at end of input is dropped, as with any
    client that hangs up early.
    """
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    proc = subprocess.Popen(
        [sys.executable, "-m", "kgfc", "mcp", "--store", str(store)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    killer = threading.Timer(120, proc.kill)
    killer.start()
    replies: list[dict] = []
    try:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(b"".join(line + b"\n" for line in lines))
        proc.stdin.flush()
        for raw in proc.stdout:
            if not raw.strip():
                continue
            reply = json.loads(raw)
            replies.append(reply)
            if reply.get("id") == until_id and "error" not in reply:
                break
    finally:
        if proc.stdin is not None:
            proc.stdin.close()
        proc.wait(timeout=60)
        killer.cancel()
    return replies


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
        until_id=2,
    )
    errors = [r["error"]["code"] for r in replies if "error" in r]
    assert errors == [-32700, -32700, -32600, -32600], replies
    assert all(r["id"] is None for r in replies if "error" in r)
    # the session goes on: the ping after the garbage is answered
    assert any(r.get("id") == 2 and "result" in r for r in replies), replies


def test_cypher_query_without_a_mirror_or_with_both_forms_says_what_to_do(server):
    with pytest.raises(ToolError) as err:
        _call(server, "cypher_query", {"query": "RETURN 1"})
    assert "No Cypher mirror" in str(err.value) and "KGFC_CYPHER_URI" in str(err.value)
    with pytest.raises(ToolError, match="exactly one"):
        _call(server, "cypher_query", {"query": "RETURN 1", "name": "claim_evidence"})
