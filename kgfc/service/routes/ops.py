"""Health and Prometheus metrics."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from kgfc import __version__
from kgfc.service.metrics import CONTENT_TYPE
from kgfc.service.routes.common import Ctx

router = APIRouter(tags=["ops"])


@router.get("/health")
async def health(ctx: Ctx) -> dict:
    return {
        "status": "ok",
        "version": __version__,
        "warm": ctx.warm,
        "jobs_pending": ctx.journal.pending_count() if ctx.journal else 0,
    }


@router.get("/metrics", response_class=Response)
async def prometheus(ctx: Ctx) -> Response:
    if ctx.journal is not None:
        ctx.metrics.jobs_pending.set(ctx.journal.pending_count())
    return Response(ctx.metrics.render(), media_type=CONTENT_TYPE)
