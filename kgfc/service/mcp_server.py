"""kgfc's tools over the Model Context Protocol (``kgfc mcp``), on the ``mcp`` SDK's MCPServer.

Tools (each returns typed structured content with an output schema):
``search_entities``, ``kg_neighbourhood``, ``sparql_select`` (read-only),
``web_search``, ``pubmed_search``, ``verify_claim``, ``claim_evidence``.
Checked claims are resources: ``kgfc://claims/{claim_id}`` (JSON) and
``kgfc://claims/{claim_id}/report`` (Markdown); the claims checked in this
session are also listed concretely.

The MCP server opens the store for writing like any other kgfc command. When
a ``kgfc serve`` holds it, start this one with ``--server URL``: claims are
then verified and read back by that server, and the read tools open the
store read-only.
"""

from __future__ import annotations

import json
import time
from typing import Any

from pydantic import BaseModel, Field

from kgfc.errors import KgfcError
from kgfc.models import LabelHit, VerifyResult
from kgfc.settings import Settings


class EntitySearch(BaseModel):
    query: str
    hits: list[LabelHit]


class FactOut(BaseModel):
    subject: str
    predicate: str
    object: str
    object_is_literal: bool = False
    subject_label: str | None = None
    predicate_label: str | None = None
    object_label: str | None = None
    source: str | None = Field(None, description="the source graph (provenance) of the fact")


class Neighbourhood(BaseModel):
    entity: str
    facts: list[FactOut]
    truncated: bool = False


class SparqlRows(BaseModel):
    variables: list[str]
    rows: list[dict[str, str | None]] = Field(
        description="each row: variable -> value (IRIs and literals as plain strings)"
    )
    boolean: bool | None = Field(None, description="the answer of an ASK query")
    truncated: bool = False


class SearchResults(BaseModel):
    provider: str
    query: str
    hits: list[dict[str, Any]]


class StoredClaim(BaseModel):
    id: str
    claim: str
    claim_iri: str
    verdict: str
    confidence: float
    justification: str
    reasoner: str
    evidence: list[dict[str, Any]]
    trajectory: dict[str, Any] | None = None


def build_mcp(settings: Settings, *, server_url: str | None = None, token: str | None = None):
    """The MCPServer with kgfc's tools and resources, on the configured store."""
    from mcp.server.mcpserver import MCPServer
    from mcp.server.mcpserver.exceptions import ResourceError, ToolError

    from kgfc import __version__
    from kgfc.service.engine import Engine, VerifyRequest, open_service_store

    mcp = MCPServer(
        name="kgfc",
        version=__version__,
        instructions=(
            "Fact-check claims against a provenance-keeping knowledge graph. Use verify_claim for a "
            "verdict with cited evidence; search_entities, kg_neighbourhood and sparql_select to "
            "inspect the graph; claim_evidence to read back a checked claim."
        ),
    )
    box: dict[str, Any] = {}

    def engine() -> Engine:
        if "engine" not in box:
            box["engine"] = Engine(
                settings,
                open_service_store(settings, read_only=server_url is not None, who="kgfc mcp"),
            )
        return box["engine"]

    def remote():
        from kgfc.service.client import ServerClient

        if "client" not in box:
            box["client"] = ServerClient(server_url, token=token, timeout=settings.timeout * 10)
        return box["client"]

    def guard(fn):
        try:
            return fn()
        except KgfcError as exc:
            raise ToolError(str(exc)) from exc

    @mcp.tool(description="Find knowledge-graph entities by label or alias (exact, then fuzzy).")
    def search_entities(text: str, limit: int = 10) -> EntitySearch:
        hits = guard(lambda: engine().store.search_labels(text, limit=max(1, min(limit, 100))))
        return EntitySearch(query=text, hits=hits)

    @mcp.tool(
        description="One-hop incoming and outgoing facts of an entity (a Wikidata id such as Q76 or an IRI), with labels and source graphs."
    )
    def kg_neighbourhood(entity: str, limit: int = 200) -> Neighbourhood:
        from kgfc.kg import vocab as V

        def work():
            try:
                iri = entity if "://" in entity else V.entity_iri(entity)
            except ValueError:
                raise ToolError(f"Not an entity id or IRI: {entity!r} (use e.g. Q76).") from None
            facts = engine().store.neighbourhood([iri])
            return iri, facts

        iri, facts = guard(work)
        cap = max(1, min(limit, 5000))
        return Neighbourhood(
            entity=iri,
            facts=[FactOut.model_validate(f.model_dump()) for f in facts[:cap]],
            truncated=len(facts) > cap,
        )

    @mcp.tool(
        description="Run a read-only SPARQL query (SELECT or ASK) over the KG; all source graphs form the default graph, GRAPH ?g shows provenance."
    )
    def sparql_select(query: str, max_rows: int = 100) -> SparqlRows:
        from kgfc.service.sparql import run_query

        def work():
            res = run_query(
                engine().store,
                query,
                accepted=["application/sparql-results+json"],
                max_rows=max(1, min(max_rows, 10_000)),
                deadline=time.monotonic() + 30.0,
            )
            return res, json.loads(res.body)

        try:
            res, doc = guard(work)
        except ToolError as exc:
            if "Cannot answer this query" in str(exc):
                raise ToolError("sparql_select runs SELECT and ASK queries only.") from None
            raise
        if "boolean" in doc:
            return SparqlRows(variables=[], rows=[], boolean=doc["boolean"])
        variables = doc["head"]["vars"]
        rows = [
            {v: (b[v]["value"] if v in b else None) for v in variables}
            for b in doc["results"]["bindings"]
        ]
        return SparqlRows(variables=variables, rows=rows, truncated=res.truncated)

    def _search(spec: str | None, query: str, limit: int) -> SearchResults:
        from kgfc.web.base import make_provider

        def work():
            provider = make_provider(spec, settings)
            return provider.name, provider.search(query, max(1, min(limit, 20)))

        name, hits = guard(work)
        return SearchResults(
            provider=name, query=query, hits=[h.model_dump(mode="json") for h in hits]
        )

    @mcp.tool(
        description="Search the configured web search provider (KGFC_SEARCH_PROVIDER: local:DIR, serper, searxng)."
    )
    def web_search(query: str, limit: int = 5) -> SearchResults:
        return _search(None, query, limit)

    @mcp.tool(description="Search PubMed (titles and abstracts) for biomedical evidence.")
    def pubmed_search(query: str, limit: int = 5) -> SearchResults:
        return _search("pubmed", query, limit)

    @mcp.tool(
        description="Fact-check a claim (text) or a triple [subject, property, object] such as [Q76, P19, Q18094] against the KG: verdict, justification, cited evidence. Recorded in the KG unless record is false."
    )
    def verify_claim(
        claim: str | None = None,
        triple: list[str] | None = None,
        id: str | None = None,
        record: bool = True,
        reasoner: str | None = None,
    ) -> VerifyResult:
        try:
            req = VerifyRequest(
                claim=claim,
                triple=tuple(triple) if triple is not None else None,
                id=id,
                record=record,
                reasoner=reasoner,
            )
        except ValueError as exc:
            raise ToolError(f"Bad arguments: {exc}") from None
        if server_url:
            result = guard(lambda: remote().verify(req.model_dump(exclude_none=True)))
        else:
            result = guard(lambda: engine().verify(req))
        if result.claim_iri:
            _add_claim_resource(result.id)
        return result

    def _stored(claim_id: str) -> StoredClaim:
        from kgfc.service.claims import stored_claim

        if server_url:
            data = guard(lambda: remote().claim(claim_id))
            return StoredClaim(
                **{k: data.get(k) for k in StoredClaim.model_fields if k in data},
            )
        return StoredClaim.model_validate(guard(lambda: stored_claim(engine().store, claim_id)))

    @mcp.tool(
        description="Read back a checked claim by id: verdict, evidence with sources, agent trajectory."
    )
    def claim_evidence(claim_id: str) -> StoredClaim:
        return _stored(claim_id)

    @mcp.resource(
        "kgfc://claims/{claim_id}",
        name="claim",
        description="A checked claim: verdict, evidence and trajectory (JSON).",
        mime_type="application/json",
    )
    def claim_resource(claim_id: str) -> str:
        try:
            return _stored(claim_id).model_dump_json(indent=2)
        except ToolError as exc:
            raise ResourceError(str(exc)) from None

    @mcp.resource(
        "kgfc://claims/{claim_id}/report",
        name="claim-report",
        description="A checked claim's fact-check report (Markdown).",
        mime_type="text/markdown",
    )
    def claim_report(claim_id: str) -> str:
        from kgfc.service.claims import as_result, render_report

        try:
            stored = _stored(claim_id)
        except ToolError as exc:
            raise ResourceError(str(exc)) from None
        return render_report(as_result(stored.model_dump()), "md")

    def _add_claim_resource(claim_id: str) -> None:
        from mcp.server.mcpserver.resources import FunctionResource

        uri = f"kgfc://claims/{claim_id}"
        if uri in box.setdefault("listed", set()):
            return
        box["listed"].add(uri)
        mcp.add_resource(
            FunctionResource(
                uri=uri,
                name=f"claim {claim_id}",
                description="A claim checked in this session.",
                mime_type="application/json",
                fn=lambda: claim_resource(claim_id),
            )
        )

    mcp.kgfc_close = lambda: box["engine"].close() if "engine" in box else None
    return mcp
