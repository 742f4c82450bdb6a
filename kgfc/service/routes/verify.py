"""``POST /v1/verify``: one claim or triple, the CLI's ``--json`` result."""

from __future__ import annotations

import anyio
from fastapi import APIRouter

from kgfc.models import VerifyResult
from kgfc.pipeline.request import ClaimRequest
from kgfc.service.routes.common import WRITES, Ctx, JsonBodyRoute

router = APIRouter(tags=["verify"], route_class=JsonBodyRoute)


@router.post("/v1/verify", dependencies=WRITES, response_model=VerifyResult)
async def verify(req: ClaimRequest, ctx: Ctx) -> VerifyResult:
    """Verify one claim (text) or triple: the CLI's `--json` result."""
    return await anyio.to_thread.run_sync(ctx.verify_and_keep, req, limiter=ctx.verify_limiter)
