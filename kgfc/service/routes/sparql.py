"""``/sparql``: the SPARQL 1.1 Protocol, query operation only (GET, form POST, sparql-query POST)."""

from __future__ import annotations

from urllib.parse import parse_qs

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import Response

from kgfc.errors import InputError
from kgfc.service import sparql as sp
from kgfc.service.routes.common import ApiError, Context, Ctx, content_type
from kgfc.service.sparql_pool import QueryJob

router = APIRouter(tags=["sparql"])

READ_ONLY = "This endpoint is read-only: SPARQL UPDATE is refused."
LOAD_HINT = "Load data with POST /v1/sources."


async def evaluate(
    ctx: Context, query: str, accepted: list[str], client: str | None = None
) -> sp.SparqlResult:
    """Run one query under the server's deadline, slot, row and memory limits.

    The one place the server evaluates user SPARQL (``/sparql`` and the web
    pages). A query that finds every slot busy raises
    :class:`~kgfc.service.sparql_pool.QueryBusy` at once; one that runs past
    the deadline is stopped for good (its worker process is killed) and raises
    :class:`~kgfc.service.sparql.QueryTimeout`. ``client`` (the caller's
    address) keeps one client from taking every slot
    (:class:`~kgfc.service.sparql_pool.Admission`).
    """
    config = ctx.config
    job = QueryJob(query, accepted, config.sparql_max_rows, config.sparql_timeout)
    slot = ctx.started.sparql.acquire(job, client)
    try:
        return await anyio.to_thread.run_sync(slot.run)
    finally:
        slot.release()


async def answer(ctx: Context, request: Request, query: str | None, fmt: str | None) -> Response:
    if query is None:
        raise ApiError(
            400,
            "No query: send ?query=, a form field 'query', or an application/sparql-query body.",
        )
    accepted = sp.query_form_hint(fmt, request.headers.get("accept"))
    ctx.metrics.sparql.labels("endpoint").inc()
    res = await evaluate(ctx, query, accepted, request.client.host if request.client else None)
    headers = {"X-SPARQL-Rows": str(res.rows)}
    if res.truncated:
        headers["X-SPARQL-MaxRows"] = str(ctx.config.sparql_max_rows)
    return Response(res.body, media_type=res.media_type, headers=headers)


@router.get("/sparql")
async def sparql_get(
    request: Request,
    ctx: Ctx,
    query: str | None = None,
    update: str | None = None,
    format: str | None = None,
    output: str | None = None,
) -> Response:
    """SPARQL 1.1 Protocol query via GET. All source graphs form the default graph."""
    if update is not None:
        raise sp.UpdateRefused(READ_ONLY, hint=LOAD_HINT)
    return await answer(ctx, request, query, format or output)


@router.post("/sparql")
async def sparql_post(request: Request, ctx: Ctx) -> Response:
    """SPARQL 1.1 Protocol query via POST (form-encoded or application/sparql-query)."""
    ctype = content_type(request)
    params = dict(request.query_params)
    if ctype == "application/sparql-update":
        raise sp.UpdateRefused(READ_ONLY, hint=LOAD_HINT)
    body = await request.body()
    query: str | None
    if ctype == "application/sparql-query":
        try:
            query = body.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError("The query is not UTF-8.") from None
    elif ctype == "application/x-www-form-urlencoded":
        form = {
            k: v[0]
            for k, v in parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True).items()
        }
        if "update" in form:
            raise sp.UpdateRefused(READ_ONLY, hint=LOAD_HINT)
        params.update(form)
        query = params.get("query")
    else:
        raise ApiError(
            415,
            f"Cannot read a SPARQL request of type {ctype or 'none'}.",
            hint="Use application/sparql-query or a form.",
        )
    return await answer(ctx, request, query, params.get("format") or params.get("output"))
