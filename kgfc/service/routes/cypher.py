"""``/v1/cypher``: read-only Cypher over the configured mirror (Neo4j or FalkorDB).

The mirror is the one ``kg sync`` writes (``KGFC_CYPHER_URI``, else ``KGFC_NEO4J_URI``).
Each request opens it and closes it again, one request at a time: an embedded
FalkorDB file is then free between requests for ``kg sync`` to bring up to date,
and a Neo4j driver never outlives a request.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import anyio
from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from kgfc.errors import ConfigError, InputError
from kgfc.service import sparql as sp
from kgfc.service.routes.common import Ctx, loads_json

router = APIRouter(tags=["cypher"])

# one mirror open at a time (see the module docstring)
_LOCK = threading.Lock()
HINT = 'Send {"query": "MATCH ... RETURN ..."} or {"name": "claim_evidence", "params": {...}}.'


class CypherRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    query: str | None = Field(None, description="Cypher text (read-only)")
    name: str | None = Field(
        None, description="a named query of queries/cypher, e.g. claim_evidence"
    )
    params: dict[str, Any] = Field(
        default_factory=dict,
        description="query parameters ($name); for a named query, also its {{slot}} identifiers",
    )


def parse_request(body: bytes) -> CypherRequest:
    """The body as a CypherRequest; bad JSON, too deep, not an object or bad fields: 400."""
    doc = loads_json(body)
    if not isinstance(doc, dict):
        raise InputError("The body is not a JSON object.", hint=HINT)
    try:
        req = CypherRequest.model_validate(doc)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "body"
        raise InputError(f"Bad Cypher request: {where}: {err['msg']}.", hint=HINT) from None
    if (req.query is None) == (req.name is None):
        raise InputError(
            "Send exactly one of 'query' (Cypher text) or 'name' (a named query).", hint=HINT
        )
    return req


def mirror_uri(settings) -> str:
    uri = settings.cypher_uri or settings.neo4j_uri
    if not uri:
        raise ConfigError(
            "This server has no Cypher mirror.",
            hint="Set KGFC_CYPHER_URI (falkordb:PATH, falkordb://HOST:PORT/GRAPH or "
            "neo4j://HOST) and fill it with kgfc kg sync.",
        )
    return uri


def run_cypher(settings, req: CypherRequest, max_rows: int) -> dict:
    from kgfc.kg.cypher_mirror import WriteRefused, open_mirror

    uri = mirror_uri(settings)
    with _LOCK:
        mirror = open_mirror(
            uri, user=settings.neo4j_user, password=lambda: settings.neo4j_password
        )
        try:
            if req.name is not None:
                rows = mirror.run(req.name, req.params)
                columns = list(rows[0]) if rows else []
            else:
                columns, rows = mirror.cypher(req.query, req.params)
        except WriteRefused:
            raise sp.UpdateRefused(
                "This endpoint is read-only: a Cypher query that writes is refused.",
                hint="The mirror follows the store: load data with POST /v1/sources, then kg sync.",
            ) from None
        finally:
            mirror.close()
    return {
        "columns": columns,
        "rows": rows[:max_rows],
        "truncated": len(rows) > max_rows,
    }


@router.post(
    "/v1/cypher",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": CypherRequest.model_json_schema()}},
        }
    },
)
async def cypher(request: Request, ctx: Ctx) -> dict:
    """Run one read-only Cypher query (``query``) or a named one (``name``) on the mirror.

    Writes are refused (403): the mirror follows the store through ``kg sync``.
    Answers ``{"columns": [...], "rows": [{column: value}], "truncated": bool}``,
    at most the server's SPARQL row limit of rows.
    """
    req = parse_request(await request.body())
    config = ctx.config
    start = time.monotonic()
    try:
        with anyio.fail_after(config.sparql_timeout):
            return await anyio.to_thread.run_sync(
                lambda: run_cypher(config.settings, req, config.sparql_max_rows),
                abandon_on_cancel=True,
            )
    except TimeoutError:
        raise sp.QueryTimeout(
            f"The query ran past the server's limit of {config.sparql_timeout:g} s "
            f"({time.monotonic() - start:.1f} s).",
            hint="Narrow it (LIMIT, more specific patterns).",
        ) from None
