"""kgfc's tools over the Model Context Protocol (``kgfc mcp``), on the ``mcp`` SDK's MCPServer.

Tools (each returns typed structured content with an output schema):
``search_entities``, ``kg_neighbourhood``, ``sparql_select`` (read-only),
``cypher_query`` (read-only, on the Cypher mirror ``kg sync`` fills), ``web_search``, ``pubmed_search``, ``verify_claim``, ``claim_evidence``.
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
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import anyio

# the MCP SDK is an optional extra: kgfc/cli/mcp.py imports this module lazily
from mcp.server.mcpserver import MCPServer  # noqa: E402
from mcp.server.mcpserver.exceptions import ResourceError, ToolError  # noqa: E402
from pydantic import BaseModel, Field, ValidationError

from kgfc.errors import KgfcError
from kgfc.models import LabelHit, VerifyResult
from kgfc.pipeline.request import ClaimRequest, validation_message
from kgfc.service.cypher import CypherRows, read_mirror
from kgfc.service.engine import Engine, open_service_store
from kgfc.settings import Settings

if TYPE_CHECKING:
    from anyio.abc import TaskGroup
    from mcp.shared._stream_protocols import ReadStream, WriteStream
    from mcp.shared.message import SessionMessage

    from kgfc.service.client import ServerClient
    from kgfc.service.sparql import SparqlResult
    from kgfc.service.sparql_pool import QueryRunner
    from kgfc.web.base import SearchHit

T = TypeVar("T")


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


# sparql_select: seconds a query may run (then its worker is killed), queries at once, and
# the memory one query may use (see kgfc.service.sparql_pool)
SPARQL_TIMEOUT = 30.0
SPARQL_SLOTS = 2
SPARQL_MEMORY_MB = 1024

INSTRUCTIONS = (
    "Fact-check claims against a provenance-keeping knowledge graph. Use verify_claim for a "
    "verdict with cited evidence; search_entities, kg_neighbourhood and sparql_select to "
    "inspect the graph; claim_evidence to read back a checked claim."
)

# name -> description; the input and output schemas come from the KgfcTools methods
TOOLS = {
    "search_entities": "Find knowledge-graph entities by label or alias (exact, then fuzzy).",
    "kg_neighbourhood": "One-hop incoming and outgoing facts of an entity (a Wikidata id such as Q76 or an IRI), with labels and source graphs.",
    "sparql_select": "Run a read-only SPARQL query (SELECT or ASK) over the KG; all source graphs form the default graph, GRAPH ?g shows provenance.",
    "cypher_query": "Run a read-only Cypher query, or a named one (name: claim_evidence, claims_using_source, entity_neighbourhood, conflicting_values) with params, on the Cypher mirror of the KG (KGFC_CYPHER_URI, filled by kgfc kg sync).",
    "web_search": "Search the configured web search provider (KGFC_SEARCH_PROVIDER: local:DIR, serper, searxng).",
    "pubmed_search": "Search PubMed (titles and abstracts) for biomedical evidence.",
    "verify_claim": "Fact-check a claim (text) or a triple [subject, property, object] such as [Q76, P19, Q18094] against the KG: verdict, justification, cited evidence. Recorded in the KG unless record is false.",
    "claim_evidence": "Read back a checked claim by id: verdict, evidence with sources, agent trajectory.",
}


def tool_error(exc: KgfcError) -> ToolError:
    """A kgfc error as the tool's error text: its message, then its hint on a line of its own."""
    text = exc.message + (f"\nHint: {exc.hint}" if exc.hint else "")
    return ToolError(text)


def guard(fn: Callable[[], T]) -> T:
    """Run ``fn``; a kgfc error becomes a tool error that keeps its message and hint."""
    try:
        return fn()
    except KgfcError as exc:
        raise tool_error(exc) from exc


class KgfcTools:
    """The tools, as small functions over one engine (or a ``kgfc serve`` when ``server_url`` is set)."""

    def __init__(
        self, settings: Settings, *, server_url: str | None = None, token: str | None = None
    ) -> None:
        self.settings, self.server_url, self.token = settings, server_url, token
        self._engine: Engine | None = None
        self._client: ServerClient | None = None
        self._runner: QueryRunner | None = None
        self.on_recorded: Callable[[str], None] = lambda claim_id: (
            None
        )  # the server lists recorded claims as resources

    def engine(self) -> Engine:
        if self._engine is None:
            store = open_service_store(
                self.settings, read_only=self.server_url is not None, who="kgfc mcp"
            )
            self._engine = Engine(self.settings, store)
        return self._engine

    def remote(self) -> ServerClient:
        """The client of the ``kgfc serve`` at ``server_url`` (the tools call it only then)."""
        from kgfc.service.client import ServerClient

        if self._client is None:
            if self.server_url is None:
                raise ValueError("These tools work on their own store: there is no server to call.")
            self._client = ServerClient(
                self.server_url, token=self.token, timeout=self.settings.timeout * 10
            )
        return self._client

    def close(self) -> None:
        if self._runner is not None:
            self._runner.close()
        if self._engine is not None:
            self._engine.close()

    # -- tools ------------------------------------------------------------------
    def search_entities(self, text: str, limit: int = 10) -> EntitySearch:
        hits = guard(lambda: self.engine().store.search_labels(text, limit=max(1, min(limit, 100))))
        return EntitySearch(query=text, hits=hits)

    def kg_neighbourhood(self, entity: str, limit: int = 200) -> Neighbourhood:
        iri = entity_iri(entity)
        facts = guard(lambda: self.engine().store.neighbourhood([iri]))
        cap = max(1, min(limit, 5000))
        return Neighbourhood(
            entity=iri,
            facts=[FactOut.model_validate(f.model_dump()) for f in facts[:cap]],
            truncated=len(facts) > cap,
        )

    def sparql_select(self, query: str, max_rows: int = 100) -> SparqlRows:
        return select(self.query_runner(), query, max(1, min(max_rows, 10_000)), SPARQL_TIMEOUT)

    def query_runner(self) -> QueryRunner:
        """Where sparql_select evaluates: killable worker processes over an on-disk store."""
        if self._runner is None:
            from kgfc.service.sparql_pool import make_runner

            store = guard(lambda: self.engine().store)
            self._runner = make_runner(store, slots=SPARQL_SLOTS, memory_mb=SPARQL_MEMORY_MB)
        return self._runner

    def cypher_query(
        self,
        query: str | None = None,
        name: str | None = None,
        params: dict[str, Any] | None = None,
        max_rows: int = 100,
    ) -> CypherRows:
        if (query is None) == (name is None):
            raise ToolError("Give exactly one of query (Cypher text) or name (a named query).")
        cap = max(1, min(max_rows, 10_000))
        return guard(
            lambda: read_mirror(self.settings, query=query, name=name, params=params, max_rows=cap)
        )

    def web_search(self, query: str, limit: int = 5) -> SearchResults:
        return search(self.settings, None, query, limit)

    def pubmed_search(self, query: str, limit: int = 5) -> SearchResults:
        return search(self.settings, "pubmed", query, limit)

    def verify_claim(
        self,
        claim: str | None = None,
        triple: list[str] | None = None,
        id: str | None = None,
        record: bool = True,
        reasoner: str | None = None,
    ) -> VerifyResult:
        try:
            req = ClaimRequest.model_validate(
                {"claim": claim, "triple": triple, "id": id, "record": record, "reasoner": reasoner}
            )
        except ValidationError as exc:
            raise ToolError(f"Bad arguments: {validation_message(exc)}") from None
        if self.server_url:
            result = guard(lambda: self.remote().verify(req.payload()))
        else:
            result = guard(lambda: self.engine().verify(req))
        if result.claim_iri:
            self.on_recorded(result.id)
        return result

    def claim_evidence(self, claim_id: str) -> StoredClaim:
        from kgfc.service.claims import stored_claim

        if self.server_url:
            data = guard(lambda: self.remote().claim(claim_id))
            return StoredClaim.model_validate(
                {k: data[k] for k in StoredClaim.model_fields if k in data}
            )
        return StoredClaim.model_validate(
            guard(lambda: stored_claim(self.engine().store, claim_id))
        )

    # -- resources ----------------------------------------------------------------
    def claim_json(self, claim_id: str) -> str:
        try:
            return self.claim_evidence(claim_id).model_dump_json(indent=2)
        except ToolError as exc:
            raise ResourceError(str(exc)) from None

    def claim_report(self, claim_id: str) -> str:
        from kgfc.service.claims import as_result, render_report

        try:
            stored = self.claim_evidence(claim_id)
        except ToolError as exc:
            raise ResourceError(str(exc)) from None
        return render_report(as_result(stored.model_dump()), "md", self.settings.trust_order)


def entity_iri(entity: str) -> str:
    """A Wikidata id or an absolute IRI; anything else is a tool error that says what to send."""
    import pyoxigraph as ox

    from kgfc.kg import vocab as V

    try:
        iri = entity if "://" in entity else V.entity_iri(entity)
        ox.NamedNode(iri)
    except ValueError as exc:
        raise ToolError(
            f"Not an entity id or IRI: {entity!r} ({exc}).\nHint: use a Wikidata id such as Q76 "
            "or an absolute IRI such as http://www.wikidata.org/entity/Q76."
        ) from None
    return iri


def select(runner: QueryRunner, query: str, max_rows: int, timeout: float) -> SparqlRows:
    """A SELECT or ASK query as rows of plain strings (the one place the tool evaluates)."""

    def work() -> tuple[SparqlResult, dict[str, Any]]:
        res = runner.run(
            query,
            accepted=["application/sparql-results+json"],
            max_rows=max_rows,
            timeout=timeout,
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


def search(settings: Settings, spec: str | None, query: str, limit: int) -> SearchResults:
    from kgfc.web.base import make_provider

    def work() -> tuple[str, list[SearchHit]]:
        provider = make_provider(spec, settings)
        return provider.name, provider.search(query, max(1, min(limit, 20)))

    name, hits = guard(work)
    return SearchResults(provider=name, query=query, hits=[h.model_dump(mode="json") for h in hits])


class KgfcMCP(MCPServer):
    """MCPServer whose stdio transport answers lines that are not JSON-RPC messages.

    The SDK drops such a line without a reply; JSON-RPC 2.0 wants an error
    response with a null id: -32700 when the line is not JSON, -32600 when it is
    JSON but not one request (a batch array, a bare value, a missing method).
    """

    kgfc_close: Callable[[], None]  # closes the tools' store and clients; set by build_mcp

    async def run_stdio_async(self) -> None:
        from mcp.server.stdio import stdio_server

        async with stdio_server() as (read_stream, write_stream), anyio.create_task_group() as tg:
            answered = _answer_bad_lines(tg, read_stream, write_stream)
            await self._lowlevel_server.run(
                answered, write_stream, self._lowlevel_server.create_initialization_options()
            )
            tg.cancel_scope.cancel()


def jsonrpc_error_for(exc: Exception) -> tuple[int, str]:
    """The JSON-RPC error code and message for a line the transport could not read."""
    from mcp_types import INVALID_REQUEST, PARSE_ERROR
    from pydantic import ValidationError

    if isinstance(exc, ValidationError) and any(
        e["type"] in ("json_invalid", "json_type") for e in exc.errors()
    ):
        return PARSE_ERROR, "Parse error: the line is not valid JSON."
    if isinstance(exc, UnicodeError):
        return PARSE_ERROR, "Parse error: the line is not UTF-8 text."
    return (
        INVALID_REQUEST,
        "Invalid Request: send one JSON-RPC 2.0 request object a line (no batches).",
    )


def _answer_bad_lines(
    tg: TaskGroup,
    read_stream: ReadStream[SessionMessage | Exception],
    write_stream: WriteStream[SessionMessage],
) -> ReadStream[SessionMessage | Exception]:
    """A read stream that passes messages on and answers each transport error itself."""
    from mcp.shared._context_streams import create_context_streams
    from mcp.shared.message import SessionMessage
    from mcp_types import ErrorData, JSONRPCError

    out_writer, out_reader = create_context_streams[SessionMessage | Exception](0)

    async def pump() -> None:
        async with out_writer:
            async for item in read_stream:
                if isinstance(item, Exception):
                    code, message = jsonrpc_error_for(item)
                    error = JSONRPCError(
                        jsonrpc="2.0", id=None, error=ErrorData(code=code, message=message)
                    )
                    await write_stream.send(SessionMessage(error))
                else:
                    await out_writer.send(item)

    tg.start_soon(pump)
    return out_reader


def build_mcp(
    settings: Settings, *, server_url: str | None = None, token: str | None = None
) -> KgfcMCP:
    """The MCP server with kgfc's tools and resources, on the configured store."""
    from kgfc import __version__

    mcp = KgfcMCP(name="kgfc", version=__version__, instructions=INSTRUCTIONS)
    tools = KgfcTools(settings, server_url=server_url, token=token)
    for name, description in TOOLS.items():
        mcp.tool(description=description)(getattr(tools, name))
    mcp.resource(
        "kgfc://claims/{claim_id}",
        name="claim",
        description="A checked claim: verdict, evidence and trajectory (JSON).",
        mime_type="application/json",
    )(tools.claim_json)
    mcp.resource(
        "kgfc://claims/{claim_id}/report",
        name="claim-report",
        description="A checked claim's fact-check report (Markdown).",
        mime_type="text/markdown",
    )(tools.claim_report)
    tools.on_recorded = lambda claim_id: _list_claim(mcp, tools, claim_id)
    mcp.kgfc_close = tools.close
    return mcp


def _list_claim(mcp: KgfcMCP, tools: KgfcTools, claim_id: str) -> None:
    """List a claim checked in this session as a concrete resource (once)."""
    from mcp.server.mcpserver.resources import FunctionResource

    uri = f"kgfc://claims/{claim_id}"
    listed = mcp.__dict__.setdefault("kgfc_listed", set())
    if uri in listed:
        return
    listed.add(uri)
    mcp.add_resource(
        FunctionResource(
            uri=uri,
            name=f"claim {claim_id}",
            description="A claim checked in this session.",
            mime_type="application/json",
            fn=lambda: tools.claim_json(claim_id),
        )
    )
