"""`kgfc mcp` over stdio with the SDK's own client: tools with output schemas, a verify, resources."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import anyio
import pytest
from click.testing import CliRunner

pytest.importorskip("mcp")

from mcp import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters  # noqa: E402

from kgfc.cli import cli  # noqa: E402
from tests.conftest import DATA  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TOOLS = {
    "search_entities",
    "kg_neighbourhood",
    "sparql_select",
    "cypher_query",
    "web_search",
    "pubmed_search",
    "verify_claim",
    "claim_evidence",
}


@pytest.fixture
def store(tmp_path):
    path = tmp_path / "store"
    res = CliRunner().invoke(cli, ["kg", "load", "--store", str(path), str(DATA / "obama.ttl")])
    assert res.exit_code == 0, res.output
    return path


def test_mcp_stdio_round_trip(store):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "kgfc", "mcp", "--store", str(store)], env=env
    )
    seen: dict = {}

    async def session() -> None:
        with anyio.fail_after(120):
            async with Client(params) as client:
                tools = {t.name: t for t in (await client.list_tools()).tools}
                seen["tools"] = tools
                r = await client.call_tool(
                    "verify_claim", {"triple": ["Q76", "P19", "Q18094"], "id": "mcp-1"}
                )
                seen["verify"] = r
                seen["sparql"] = await client.call_tool(
                    "sparql_select",
                    {
                        "query": "SELECT ?o WHERE { ?s <http://www.wikidata.org/prop/direct/P19> ?o }"
                    },
                )
                seen["update"] = await client.call_tool(
                    "sparql_select", {"query": "INSERT DATA { <a:s> <a:p> <a:o> }"}
                )
                seen["search"] = await client.call_tool("search_entities", {"text": "Obama"})
                seen["listed"] = [str(x.uri) for x in (await client.list_resources()).resources]
                seen["claim"] = await client.read_resource("kgfc://claims/mcp-1")
                seen["report"] = await client.read_resource("kgfc://claims/mcp-1/report")
                seen["evidence"] = await client.call_tool("claim_evidence", {"claim_id": "mcp-1"})
                seen["missing"] = await client.call_tool("claim_evidence", {"claim_id": "nope"})

    anyio.run(session)

    tools = seen["tools"]
    assert set(tools) == TOOLS
    for name in TOOLS:
        assert tools[name].output_schema and tools[name].output_schema["type"] == "object", name
    assert "verdict" in tools["verify_claim"].output_schema["properties"]

    v = seen["verify"]
    assert not v.is_error
    assert v.structured_content["verdict"] == "SUPPORTED"
    assert v.structured_content["claim_iri"]
    assert any(e["cited"] for e in v.structured_content["evidence"])

    rows = seen["sparql"].structured_content["rows"]
    assert rows == [{"o": "http://www.wikidata.org/entity/Q18094"}]
    assert seen["update"].is_error  # read-only: an update does not even parse as a query

    hits = seen["search"].structured_content["hits"]
    assert hits[0]["entity"] == "http://www.wikidata.org/entity/Q76"

    assert "kgfc://claims/mcp-1" in seen["listed"]
    claim = json.loads(seen["claim"].contents[0].text)
    assert claim["id"] == "mcp-1" and claim["verdict"] == "SUPPORTED"
    assert "Fact-check report" in seen["report"].contents[0].text
    assert seen["evidence"].structured_content["evidence"][0]["source"]
    assert seen["missing"].is_error and "No stored claim" in seen["missing"].content[0].text


def test_mcp_streamable_http(store):
    import socket
    import subprocess
    import time

    import httpx

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    proc = subprocess.Popen(
        [sys.executable, "-m", "kgfc", "mcp", "--http", "--port", str(port), "--store", str(store)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/mcp"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(url, timeout=1)
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    pytest.fail("kgfc mcp --http did not start")
                time.sleep(0.2)
        out: dict = {}

        async def session() -> None:
            with anyio.fail_after(60):
                async with Client(url) as client:
                    out["tools"] = {t.name for t in (await client.list_tools()).tools}
                    out["hop"] = await client.call_tool("kg_neighbourhood", {"entity": "Q18094"})

        anyio.run(session)
    finally:
        proc.terminate()
        proc.wait(30)
    assert out["tools"] == TOOLS
    facts = out["hop"].structured_content["facts"]
    assert {f["predicate"].rsplit("/", 1)[1] for f in facts} >= {"P19", "P131"}


def test_mcp_refuses_a_public_http_bind():
    res = CliRunner().invoke(cli, ["mcp", "--http", "--host", "0.0.0.0"])
    assert res.exit_code == 2 and "no authentication" in res.output
