"""The web app's pages (GET only): check, claims, a claim, sources, a source, an entity, query, a batch, a job,
a document."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, TypeVar, TypeVarTuple

import anyio
from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from kgfc.errors import InputError
from kgfc.resources import load_query, query_names
from kgfc.service.claims import stored_claim
from kgfc.service.cypher import mirror_kind
from kgfc.service.routes.claims import claim_result
from kgfc.service.routes.common import ApiError, Ctx
from kgfc.service.web import data as D
from kgfc.service.web.render import annotated_page, page

router = APIRouter(include_in_schema=False)
T = TypeVar("T")
Ts = TypeVarTuple("Ts")


async def _or_error(request: Request, work: Callable[[*Ts], T], *args: *Ts) -> T | HTMLResponse:
    """Run a blocking read; a bad or unknown reference is an error page, not JSON."""
    try:
        return await anyio.to_thread.run_sync(work, *args)
    except (InputError, ApiError) as exc:
        status = getattr(exc, "status", 404 if isinstance(exc, D.NotFound) else 400)
        return page(
            request,
            "error.html",
            status=status,
            title="Not found" if status == 404 else "Bad request",
            message=exc.message,
            hint=exc.hint,
        )


@router.get("/", response_class=HTMLResponse)
async def check_page(request: Request, ctx: Ctx) -> HTMLResponse:
    return page(request, "check.html", title="Check a claim", settings=ctx.config.settings)


@router.get("/claims", response_class=HTMLResponse)
async def claims_page(
    request: Request,
    ctx: Ctx,
    verdict: Literal["", "supported", "refuted", "nei"] = "",
    stale: Literal["", "yes", "no"] = "",
    q: str = Query("", max_length=200),
    checked_from: str = Query("", alias="from", max_length=40),
    checked_to: str = Query("", alias="to", max_length=40),
    source: str = Query("", max_length=2000),
    before: str | None = Query(None, max_length=40),
    after: str | None = Query(None, max_length=300),
) -> HTMLResponse:
    flt = D.ClaimFilter(verdict, stale, q, checked_from, checked_to, source)
    store = ctx.started.engine.store

    index = ctx.claims

    def work() -> dict[str, Any]:
        if before:
            D.parse_when(before)
        flt.check()  # a bad date or source is a 400 page
        if index is not None and index.ready:
            return {**index.page(flt, before, after, D.PAGE), "total": index.count(flt)}
        return {**D.claims_page(store, flt, before, after), "total": D.claims_count(store, flt)}

    found = await _or_error(request, work)
    if isinstance(found, HTMLResponse):
        return found
    return page(request, "claims.html", title="Claims", flt=flt, first=not before, **found)


@router.get("/claims/{claim_id}", response_class=HTMLResponse)
async def claim_page(claim_id: str, request: Request, ctx: Ctx) -> HTMLResponse:
    store = ctx.started.engine.store

    def work() -> dict[str, Any]:
        result = claim_result(ctx, claim_id)
        stored = stored_claim(store, claim_id)
        view = D.claim_view(
            store,
            result,
            stale=stored.get("retracted_sources") or [],
            trust_order=ctx.started.engine.settings.trust_order,
        )
        return {"view": view}

    found = await _or_error(request, work)
    if isinstance(found, HTMLResponse):
        return found
    return page(request, "claim.html", title=f"Claim {claim_id}", **found)


@router.get("/sources", response_class=HTMLResponse)
async def sources_page(request: Request, ctx: Ctx) -> HTMLResponse:
    sources = await anyio.to_thread.run_sync(D.knowledge_sources, ctx.started.engine.store)
    return page(
        request,
        "sources.html",
        title="Sources",
        sources=sources,
        offline=ctx.started.engine.settings.offline,
    )


@router.get("/source", response_class=HTMLResponse)
async def source_page(
    request: Request,
    ctx: Ctx,
    iri: str = Query(..., max_length=2000),
    offset: int = Query(0, ge=0, le=10_000_000),
) -> HTMLResponse:
    found = await _or_error(request, D.source_page, ctx.started.engine.store, iri, offset)
    if isinstance(found, HTMLResponse):
        return found
    return page(
        request,
        "source.html",
        title=f"Source {iri}",
        offline=ctx.started.engine.settings.offline,
        **found,
    )


@router.get("/entity", response_class=HTMLResponse)
async def entity_page(
    request: Request, ctx: Ctx, iri: str = Query(..., max_length=2000)
) -> HTMLResponse:
    found = await _or_error(request, D.entity_page, ctx.started.engine.store, iri)
    if isinstance(found, HTMLResponse):
        return found
    return page(request, "entity.html", title=found["label"], entity=found)


def named_queries(kind: str = "sparql") -> list[dict[str, str]]:
    """The named queries of ``queries/<kind>`` with the first line of their leading comment."""
    mark = "#" if kind == "sparql" else "//"
    out = []
    for name in query_names(kind):
        text = load_query(name, kind)
        comment = next(
            (ln[len(mark) :].strip() for ln in text.splitlines() if ln.startswith(mark)), ""
        )
        out.append({"name": name, "text": text, "about": comment, "language": kind})
    return out


def cypher_examples() -> list[dict[str, str]]:
    """The read-only named Cypher queries (the ``merge_*``/``remove_*`` ones are ``kg sync``'s)."""
    reads = ("claim_evidence", "claims_using_source", "conflicting_values", "entity_neighbourhood")
    return [q for q in named_queries("cypher") if q["name"] in reads]


@router.get("/query", response_class=HTMLResponse)
async def query_page(request: Request, ctx: Ctx) -> HTMLResponse:
    return page(
        request,
        "query.html",
        title="Query",
        queries=named_queries(),
        # a Cypher tab when a mirror is configured (its kind only: the URI may hold a password)
        cypher=mirror_kind(ctx.config.settings),
        cypher_queries=cypher_examples(),
        max_rows=ctx.config.sparql_max_rows,
        timeout=ctx.config.sparql_timeout,
    )


@router.get("/documents", response_class=HTMLResponse)
async def documents_page(request: Request, ctx: Ctx) -> HTMLResponse:
    recent = [
        {"id": r.id, "title": r.title or r.source or r.text[:60], "claims": len(r.claims)}
        for r in reversed(ctx.documents.values())
    ]
    return page(request, "documents.html", title="Check a document", recent=recent)


@router.get("/documents/{doc_id}", response_class=HTMLResponse)
async def document_page(doc_id: str, request: Request, ctx: Ctx) -> HTMLResponse:
    """The annotated document: the self-contained page of ``kgfc check --format html``."""
    report = ctx.documents.get(doc_id)
    if report is None:
        return page(
            request,
            "error.html",
            status=404,
            title="Not found",
            message=f"No checked document {doc_id!r} on this server.",
            hint="Documents are kept for their page until the server restarts; check it again.",
        )
    return annotated_page(report)


@router.get("/jobs", response_class=HTMLResponse)
async def jobs_page(request: Request) -> HTMLResponse:
    return page(request, "jobs.html", title="Check a batch")


@router.get("/jobs/{job_id}", response_class=HTMLResponse)
async def job_page(job_id: str, request: Request, ctx: Ctx) -> HTMLResponse:
    status = ctx.started.journal.status(job_id, results=True, limit=500)
    if status is None:
        return page(
            request, "error.html", status=404, title="Not found", message=f"No job {job_id!r}."
        )
    return page(request, "job.html", title=f"Job {job_id}", job=status)


@router.get("/favicon.ico", include_in_schema=False)
async def favicon() -> RedirectResponse:
    return RedirectResponse("/static/favicon.svg", status_code=308)
