"""``POST /v1/documents``: check a whole document; the ``kgfc check --format json`` result."""

from __future__ import annotations

from typing import Literal

import anyio
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, PlainTextResponse
from pydantic import BaseModel, Field, model_validator

from kgfc.document.models import DocumentReport
from kgfc.service.routes.common import WRITES, Ctx, JsonBodyRoute

router = APIRouter(tags=["documents"], route_class=JsonBodyRoute)


class DocumentRequest(BaseModel):
    """A document to check: its text (or an http(s) URL to fetch), and how to read it."""

    text: str | None = Field(None, description="the document: plain text, Markdown or HTML")
    url: str | None = Field(None, description="or a web page to fetch (same guard as web search)")
    format: Literal["auto", "text", "markdown", "html"] = "auto"
    title: str | None = None
    source: str | None = Field(None, description="where the text came from: a file name or URL")
    reasoner: Literal["local", "llm"] | None = None
    record: bool = Field(True, description="store the claims and verdicts in the KG")

    model_config = {"extra": "forbid"}

    @model_validator(mode="after")
    def _one_of(self) -> DocumentRequest:
        if (self.text is None) == (self.url is None):
            raise ValueError("give exactly one of 'text' and 'url'")
        return self


@router.post(
    "/v1/documents",
    dependencies=WRITES,
    response_model=DocumentReport,
    responses={200: {"content": {"text/html": {}, "text/markdown": {}}}},
)
async def check_document(
    req: DocumentRequest, request: Request, ctx: Ctx
) -> HTMLResponse | PlainTextResponse | DocumentReport:
    """Check a document: sentences, claims and verdicts (JSON); `Accept: text/html` or
    `text/markdown` for the annotated document."""
    report = await anyio.to_thread.run_sync(
        ctx.started.engine.check_document, req, limiter=ctx.verify_limiter
    )
    accept = request.headers.get("accept", "")
    if "text/html" in accept or "text/markdown" in accept:
        from kgfc.document.render import to_html, to_markdown

        if "text/html" in accept:
            return HTMLResponse(to_html(report))
        return PlainTextResponse(to_markdown(report), media_type="text/markdown")
    return report
