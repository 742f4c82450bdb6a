"""Health and Prometheus metrics."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from kgfc import __version__
from kgfc.service.metrics import CONTENT_TYPE
from kgfc.service.routes.common import Ctx, token_ok

router = APIRouter(tags=["ops"])


@router.get("/health")
async def health(ctx: Ctx, request: Request) -> dict[str, Any]:
    """Liveness; ``token_accepted`` says whether the bearer token sent (if any) would do for writes.

    A client (the CLI finding a server beside its store) learns in one call whether
    the server answers and whether its token is the right one.
    """
    body = {
        "status": "ok",
        "version": __version__,
        "warm": ctx.warm,
        "jobs_pending": ctx.journal.pending_count() if ctx.journal else 0,
        "token_required": bool(ctx.config.token),
    }
    if "authorization" in request.headers:
        body["token_accepted"] = token_ok(request)
    return body


@router.get("/metrics", response_class=Response)
async def prometheus(ctx: Ctx) -> Response:
    if ctx.journal is not None:
        ctx.metrics.jobs_pending.set(ctx.journal.pending_count())
    return Response(ctx.metrics.render(), media_type=CONTENT_TYPE)
