"""The web app's writes and lookups under ``/ui``: check, re-check, a job, a document, retract,
label search.

CSRF: a write needs the API's bearer token in the ``Authorization`` header
when the server has one (the browser keeps it for the session, in
``sessionStorage``; no cookie ever authenticates), a JSON body (a cross-site
form cannot send one without a CORS preflight, which this server does not
grant to other origins), and, when the browser says where the request comes
from (``Origin``, ``Sec-Fetch-Site``), this same server. The last two hold
also for a server run without a token on 127.0.0.1, so a page elsewhere
cannot make the user's browser write to it.
"""

from __future__ import annotations

from typing import Any

import anyio
from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse

from kgfc.errors import InputError
from kgfc.kg.store import is_bookkeeping
from kgfc.kg.verdicts import Retraction, retract_source, stale_claim_texts
from kgfc.models import VerifyResult
from kgfc.pipeline.request import ClaimRequest, lines_of
from kgfc.service.routes.common import (
    ApiError,
    Ctx,
    JsonBodyRoute,
    content_type,
    loads_json,
    require_token,
    same_site,
)
from kgfc.service.routes.documents import DocumentRequest
from kgfc.service.routes.jobs import read_job
from kgfc.service.web import data as D
from kgfc.service.web.render import fragment


def same_origin_json(request: Request) -> None:
    if content_type(request) != "application/json":
        raise ApiError(415, "Send the request as JSON (Content-Type: application/json).")
    same_site(request)


UI_WRITES = [Depends(same_origin_json), Depends(require_token)]

router = APIRouter(prefix="/ui", include_in_schema=False, route_class=JsonBodyRoute)


@router.post("/check", dependencies=UI_WRITES, response_class=HTMLResponse)
async def check(req: ClaimRequest, ctx: Ctx) -> HTMLResponse:
    """Verify one claim (the same path as ``POST /v1/verify``) and render its result."""
    result = await anyio.to_thread.run_sync(ctx.verify_and_keep, req, limiter=ctx.verify_limiter)
    view = await anyio.to_thread.run_sync(
        D.claim_view,
        ctx.started.engine.store,
        result,
        None,
        ctx.started.engine.settings.trust_order,
    )
    return fragment("_result.html", view=view)


@router.get("/labels")
async def labels(ctx: Ctx, q: str = Query(..., min_length=1, max_length=200)) -> JSONResponse:
    """Entities whose label or alias matches ``q`` (the label index), for autocompletion."""
    hits = await anyio.to_thread.run_sync(
        lambda: ctx.started.engine.store.search_labels(q, limit=8)
    )
    return JSONResponse(
        [{"id": h.entity, "label": h.text, "description": h.description} for h in hits]
    )


@router.post("/claims/{claim_id}/recheck", dependencies=UI_WRITES)
async def recheck(claim_id: str, ctx: Ctx) -> dict[str, Any]:
    """Check a recorded claim again under its id: its new verdict replaces the old one."""

    def work() -> VerifyResult:
        try:
            request = D.claim_request(ctx.started.engine.store, claim_id)
        except InputError as exc:
            raise ApiError(404, exc.message) from None
        return ctx.verify_and_keep(ClaimRequest.model_validate(request))

    result = await anyio.to_thread.run_sync(work, limiter=ctx.verify_limiter)
    return {"id": result.id, "verdict": result.verdict.value, "url": f"/claims/{result.id}"}


@router.post("/recheck-stale", dependencies=UI_WRITES)
async def recheck_stale(ctx: Ctx) -> JSONResponse:
    """Queue every stale claim as one job (the jobs API's journal and runner)."""

    def work() -> dict[str, Any]:
        items = [
            {"id": cid, "triple": list(ids)} if ids else {"id": cid, "claim": text}
            for cid, text, ids in stale_claim_texts(ctx.started.engine.store)
        ]
        if not items:
            raise ApiError(409, "No claim is stale.")
        return ctx.started.journal.submit(list(lines_of(items)))

    status = await anyio.to_thread.run_sync(work)
    ctx.started.runner.wake()
    return JSONResponse(
        {"job": status["id"], "total": status["total"], "url": f"/jobs/{status['id']}"},
        status_code=202,
    )


@router.post("/jobs", dependencies=UI_WRITES)
async def submit_lines(request: Request, ctx: Ctx) -> JSONResponse:
    """Queue pasted or uploaded lines as a job: a claim or a JSON object a line, as ``/v1/jobs`` takes."""
    doc = loads_json(await request.body())
    text = doc.get("lines") if isinstance(doc, dict) else None
    if not isinstance(text, str) or not text.strip():
        raise InputError("Paste claims, one a line, or choose a file of them.")
    options = {"record": bool(doc.get("record", True))}
    lines = read_job(text.encode("utf-8"), "application/jsonl", options)
    status = await anyio.to_thread.run_sync(ctx.started.journal.submit, lines)
    ctx.started.runner.wake()
    return JSONResponse(
        {"job": status["id"], "total": status["total"], "url": f"/jobs/{status['id']}"},
        status_code=202,
    )


@router.post("/documents", dependencies=UI_WRITES)
async def check_document(req: DocumentRequest, ctx: Ctx) -> dict[str, Any]:
    """Check a pasted or uploaded document (as ``POST /v1/documents``); its page shows it annotated."""
    report = await anyio.to_thread.run_sync(
        ctx.started.engine.check_document, req, limiter=ctx.verify_limiter
    )
    ctx.keep_document(report)
    return {"id": report.id, "claims": len(report.claims), "url": f"/documents/{report.id}"}


@router.post("/retract", dependencies=UI_WRITES)
async def retract(request: Request, ctx: Ctx) -> dict[str, Any]:
    """Retract a source; the claims that cited it are kept and marked stale."""
    doc = loads_json(await request.body())
    iri = doc.get("source") if isinstance(doc, dict) else None
    if not isinstance(iri, str) or not iri:
        raise InputError('Send {"source": "<source graph IRI>"}.')
    if is_bookkeeping(iri):
        raise InputError("That is a claim's own graph, not a source: re-check the claim instead.")
    eng = ctx.started.engine

    def work() -> Retraction:
        with eng.write_lock:
            if not eng.store.has_source(iri):
                raise ApiError(404, f"No source {iri!r} in this store.")
            return retract_source(eng.store, iri)

    done = await anyio.to_thread.run_sync(work)
    ctx.retracted(done)
    return {
        "source": done.source,
        "quads_removed": done.quads_removed,
        "stale_claims": sorted(done.stale_claims.values()),
    }
