"""``/v1/cypher``: read-only Cypher over the configured mirror (Neo4j or FalkorDB).

See :mod:`kgfc.service.cypher` for how the mirror is opened.
"""

from __future__ import annotations

import time
from typing import Any

import anyio
from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from kgfc.errors import InputError
from kgfc.service import sparql as sp
from kgfc.service.cypher import read_mirror
from kgfc.service.routes.common import Ctx, loads_json

router = APIRouter(tags=["cypher"])

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


@router.post(
    "/v1/cypher",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": CypherRequest.model_json_schema()}},
        }
    },
)
async def cypher(request: Request, ctx: Ctx) -> dict[str, Any]:
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
            res = await anyio.to_thread.run_sync(
                lambda: read_mirror(
                    config.settings,
                    query=req.query,
                    name=req.name,
                    params=req.params,
                    max_rows=config.sparql_max_rows,
                ),
                abandon_on_cancel=True,
            )
    except TimeoutError:
        raise sp.QueryTimeout(
            f"The query ran past the server's limit of {config.sparql_timeout:g} s "
            f"({time.monotonic() - start:.1f} s).",
            hint="Narrow it (LIMIT, more specific patterns).",
        ) from None
    return res.model_dump()
