"""``/v1/claims``: a stored claim (JSON, Markdown, HTML) and its evidence subgraph."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from kgfc.errors import InputError
from kgfc.models import VerifyResult
from kgfc.service import sparql as sp
from kgfc.service.claims import (
    EVIDENCE_TYPES,
    as_result,
    evidence_quads,
    render_report,
    serialize_quads,
    stored_claim,
    stored_trajectory,
)
from kgfc.service.routes.common import ApiError, Context, Ctx

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

router = APIRouter(tags=["claims"])

REPORT_TYPES = {"application/json": "json", "text/markdown": "md", "text/html": "html"}
REPORT_SHORT = {
    "json": "application/json",
    "md": "text/markdown",
    "markdown": "text/markdown",
    "html": "text/html",
}
EVIDENCE_SHORT = {
    "jsonld": "application/ld+json",
    "json-ld": "application/ld+json",
    "trig": "application/trig",
    "nquads": "application/n-quads",
    "nq": "application/n-quads",
}


def find_claim(store: KnowledgeGraph, claim_id: str) -> dict[str, Any]:
    """The stored claim, or a 404 that keeps the store's message and hint."""
    try:
        return stored_claim(store, claim_id)
    except InputError as exc:
        raise ApiError(404, exc.message, exc.hint) from None


def claim_result(ctx: Context, claim_id: str) -> VerifyResult:
    """The journal's full result when it matches the stored verdict, else the store's record."""
    stored = find_claim(ctx.started.engine.store, claim_id)
    kept = ctx.started.journal.get_result(claim_id)
    if (
        kept
        and kept.get("claim_iri") == stored["claim_iri"]
        and kept.get("verdict") == stored["verdict"]
    ):
        result = VerifyResult.model_validate(kept)
        if result.trajectory is None and stored.get("trajectory"):
            result.trajectory = stored_trajectory(stored)
        return result
    return as_result(stored)


def _accepted(request: Request, format: str | None, short: dict[str, str]) -> list[str]:
    if format:
        return [short.get(format.lower(), format.lower())]
    return sp.parse_accept(request.headers.get("accept"))


@router.get("/v1/claims/{claim_id}")
async def get_claim(
    claim_id: str, request: Request, ctx: Ctx, format: str | None = None
) -> Response:
    """A stored claim: verdict, evidence and trajectory (JSON), or its report (Markdown, HTML)."""
    mt = sp.choose(_accepted(request, format, REPORT_SHORT), REPORT_TYPES, "application/json")
    result = await anyio.to_thread.run_sync(claim_result, ctx, claim_id)
    order = ctx.started.engine.settings.trust_order  # the order the server's verdicts follow
    if REPORT_TYPES[mt] == "json":
        data = result.model_dump(mode="json")
        data["report"] = json.loads(
            await anyio.to_thread.run_sync(render_report, result, "json", order)
        )
        return JSONResponse(data)
    text = await anyio.to_thread.run_sync(render_report, result, REPORT_TYPES[mt], order)
    return Response(text, media_type=f"{mt}; charset=utf-8")


@router.get("/v1/claims/{claim_id}/evidence")
async def get_evidence(
    claim_id: str, request: Request, ctx: Ctx, format: str | None = None
) -> Response:
    """The claim's evidence subgraph with provenance: JSON-LD (default), TriG or N-Quads."""
    offered = dict(EVIDENCE_TYPES)
    offered["application/json"] = EVIDENCE_TYPES["application/ld+json"]
    mt = sp.choose(_accepted(request, format, EVIDENCE_SHORT), offered, "application/ld+json")
    if mt == "application/json":
        mt = "application/ld+json"

    def work() -> bytes:
        st = ctx.started.engine.store
        claim = find_claim(st, claim_id)
        return serialize_quads(evidence_quads(st, claim["claim_iri"]), mt)

    return Response(await anyio.to_thread.run_sync(work), media_type=mt)
