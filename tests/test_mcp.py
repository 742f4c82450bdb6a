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
