"""``/v1/jobs``: queue a batch of claims, read its progress and results."""

from __future__ import annotations

from typing import Any

import anyio
from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse

from kgfc.errors import InputError
from kgfc.pipeline.request import ClaimLine, iter_claims
from kgfc.service.routes.common import WRITES, ApiError, Ctx, TooDeep, parse_json, too_deep

router = APIRouter(tags=["jobs"])

_SHAPES = 'a JSON list of claims, {"items": [...], <options>}, or one claim or object a line'


def read_job(body: bytes, ctype: str, options: dict[str, Any] | None = None) -> list[ClaimLine]:
    """The job's items, its options applied; a body that holds no claim at all is a 400."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"The job body is not UTF-8 ({exc.reason} at byte {exc.start}).") from None
    try:
        whole = parse_json(text, "The job body")
    except TooDeep:
        raise
    except InputError:
        whole = ...  # not one JSON document: JSONL or plain lines
    if whole is not ... and not isinstance(whole, list | dict):
        raise InputError(
            f"The job body is the JSON value {text.strip()[:40]}, not claims.",
            hint="Send " + _SHAPES + ".",
        )
    try:
        lines = list(iter_claims(body, ctype, options))
    except RecursionError:  # one deep JSONL line (json.loads recurses per level)
        raise too_deep("A line of the job body") from None
    if lines and not any(isinstance(x.raw, str | dict) or x.request for x in lines):
        raise InputError(
            "The job has no claims: every item is neither a string nor an object.",
            hint="Send " + _SHAPES + ".",
        )
    return lines


@router.post("/v1/jobs", dependencies=WRITES, status_code=202)
async def submit_job(request: Request, ctx: Ctx) -> JSONResponse:
    """Queue a batch: a JSON list, ``{"items": [...], <options>}``, or JSONL (one claim or object a line)."""
    lines = read_job(await request.body(), request.headers.get("content-type", ""))
    status = await anyio.to_thread.run_sync(ctx.started.journal.submit, lines)
    ctx.started.runner.wake()
    return JSONResponse(status, status_code=202, headers={"Location": f"/v1/jobs/{status['id']}"})


@router.get("/v1/jobs/{job_id}")
async def job_status(
    job_id: str,
    ctx: Ctx,
    results: bool = True,
    offset: int = Query(0, ge=0),
    limit: int = Query(1000, ge=1, le=10_000),
) -> dict[str, Any]:
    """Progress, and each item's result or error (``results=false`` for counts only)."""
    status = ctx.started.journal.status(job_id, results=results, offset=offset, limit=limit)
    if status is None:
        raise ApiError(404, f"No job {job_id!r}.")
    if status["state"] == "running":
        status["workers"] = ctx.started.runner.last_workers  # processes checking its items now
    return status
