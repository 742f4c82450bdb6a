"""``/v1/sources``: load an RDF document or ingest documents as a source; retract or refresh a
source."""

from __future__ import annotations

import hashlib
import json
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import quote

import anyio
from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse

from kgfc.errors import ConfigError, InputError, KgfcError
from kgfc.kg import vocab as V
from kgfc.kg.store import is_bookkeeping
from kgfc.kg.verdicts import Retraction
from kgfc.service.engine import Engine
from kgfc.service.routes.common import (
    WRITES,
    ApiError,
    Context,
    Ctx,
    Eng,
    content_type,
    loads_json,
    same_site,
)

router = APIRouter(tags=["sources"])

RDF_UPLOAD_TYPES = {
    "text/turtle": ".ttl",
    "application/n-triples": ".nt",
    "application/n-quads": ".nq",
    "application/trig": ".trig",
    "application/ld+json": ".jsonld",
}


@router.post("/v1/sources", dependencies=WRITES, status_code=201)
async def add_source(request: Request, eng: Eng, name: str | None = None) -> JSONResponse:
    """Load an RDF document (Content-Type: Turtle, N-Triples, N-Quads, TriG, JSON-LD) as one source,
    or ingest documents: JSON ``{"urls": [...]}`` or ``{"documents": [{"id", "title", "text"}]}``."""
    ctype = content_type(request)
    body = await request.body()
    if ctype in RDF_UPLOAD_TYPES:
        report = await anyio.to_thread.run_sync(load_rdf, eng, body, ctype, name)
        return JSONResponse(report, status_code=201 if report["status"] == "loaded" else 200)
    if ctype == "application/json":
        report = await anyio.to_thread.run_sync(ingest, eng, loads_json(body))
        return JSONResponse(report, status_code=201)
    raise ApiError(
        415,
        f"Cannot load a {ctype or 'body without Content-Type'}.",
        hint="Send RDF as " + ", ".join(RDF_UPLOAD_TYPES) + ", or JSON {urls|documents}.",
    )


@router.delete("/v1/sources/{source_id:path}", dependencies=WRITES)
async def delete_source(source_id: str, ctx: Ctx) -> dict[str, Any]:
    """Retract one source graph: a full IRI or its ``kgfcs:`` short form.

    The recorded claims whose verdict cited it are kept and marked stale, as by ``kgfc kg retract``.
    """
    from kgfc.kg.verdicts import retract_source

    iri = V.source_ref(source_id)
    eng = ctx.started.engine

    def work() -> Retraction:
        with eng.write_lock:
            if not eng.store.has_source(iri):
                raise ApiError(404, f"No source {source_id!r} in this store.")
            return retract_source(eng.store, iri)

    done = await anyio.to_thread.run_sync(work)
    ctx.retracted(done)
    return {
        "source": iri,
        "quads_removed": done.quads_removed,
        "sources": done.sources,
        "stale_claims": sorted(done.stale_claims.values()),
    }


@router.post("/v1/sources/{source_id:path}/refresh", dependencies=[*WRITES, Depends(same_site)])
async def post_refresh(source_id: str, ctx: Ctx) -> dict[str, Any]:
    """Re-fetch one source (a full IRI or its ``kgfcs:`` short form) and replace its graph, as
    ``kgfc kg refresh`` does: the recorded claims whose cited statements it no longer states are
    marked stale. Wikidata entity sources only; an offline server refuses (400)."""
    return await anyio.to_thread.run_sync(refresh_source, ctx, V.source_ref(source_id))


def refresh_source(ctx: Context, iri: str) -> dict[str, Any]:
    """Refresh one source through :func:`kgfc.kg.refresh.refresh_sources` (blocking)."""
    from kgfc.kg.refresh import refresh_sources, wikidata_refetcher
    from kgfc.kg.wikidata import WikidataSource
    from kgfc.models import SourceKind

    eng = ctx.started.engine
    if eng.settings.offline:
        raise ConfigError(
            "This server is offline: refreshing re-fetches the source from Wikidata.",
            hint="Start kgfc serve without --offline / KGFC_OFFLINE to refresh sources, "
            "or run kgfc kg refresh on a machine that is online.",
        )
    with eng.write_lock:
        src = eng.store.source(iri) if not is_bookkeeping(iri) else None
        if src is None:
            raise ApiError(404, f"No source {iri!r} in this store.")
        if src.kind is not SourceKind.WIKIDATA or not src.query:
            raise ApiError(
                409,
                f"{iri} is a {src.kind.value} source: only Wikidata entity sources are refreshed.",
                hint="Load a file again with kgfc kg load, ingest a page again with kgfc kg ingest.",
            )
        refetch = wikidata_refetcher(lambda: WikidataSource(eng.store, eng.settings))
        (done,) = refresh_sources(eng.store, [src], refetch)
    if done.error:
        raise ApiError(
            502,
            f"{iri} was not refreshed: {done.error}",
            hint="It keeps its facts as they were; no verdict was marked stale.",
        )
    ctx.marked_stale(done.changed_claims)
    return {
        "source": iri,
        "facts_before": done.facts_before,
        "facts_after": done.facts_after,
        "removed": done.removed,
        "added": done.added,
        "stale_claims": sorted(done.changed_claims.values()),
    }


def load_rdf(engine: Engine, body: bytes, ctype: str, name: str | None) -> dict[str, Any]:
    """Load an uploaded document through a temporary file; errors name the upload, not the file."""
    safe = "".join(c for c in (name or "upload") if c.isalnum() or c in "-_.")[:80] or "upload"
    suffix = RDF_UPLOAD_TYPES[ctype]
    shown = safe if safe.endswith(suffix) else safe + suffix
    with tempfile.TemporaryDirectory(prefix="kgfc-upload-") as tmp:
        path = Path(tmp) / shown
        path.write_bytes(body)
        try:
            with engine.write_lock:
                report = engine.store.load_file(path)
        except KgfcError as exc:
            # the temporary path means nothing to the client (and tells it about the server)
            for where in (str(path), tmp):
                exc.message = exc.message.replace(where, shown)
                if exc.hint:
                    exc.hint = exc.hint.replace(where, shown)
            exc.args = (exc.message,)
            raise
    return report.model_dump(mode="json")


def ingest(engine: Engine, doc: Any) -> dict[str, Any]:
    if not isinstance(doc, dict) or not ({"urls", "documents"} & set(doc)):
        raise InputError('Send {"urls": [...]} or {"documents": [{"id", "title", "text"}]}.')
    urls = doc.get("urls") or []
    documents = doc.get("documents") or []
    if not isinstance(urls, list) or not all(
        isinstance(u, str) and u.startswith(("http://", "https://")) for u in urls
    ):
        raise InputError("'urls' must be http(s) URLs (the server reads no local paths).")
    if not isinstance(documents, list):
        raise InputError("'documents' must be a list of {id, title, text} objects.")
    from kgfc.llm.client import make_llm
    from kgfc.web.integrate import WebKGIntegrator

    with tempfile.TemporaryDirectory(prefix="kgfc-ingest-") as tmp:
        targets = list(urls)
        if documents:
            targets.append(str(_write_documents(Path(tmp) / "documents.jsonl", documents)))
        with engine.write_lock:
            integrator = WebKGIntegrator(
                engine.store, make_llm(engine.settings), settings=engine.settings
            )
            try:
                report = integrator.ingest(targets, query=doc.get("query"))
            finally:
                integrator.close()
    return report.model_dump(mode="json")


def _write_documents(path: Path, documents: list[object]) -> Path:
    with path.open("w", encoding="utf-8") as fh:
        for i, d in enumerate(documents):
            if not isinstance(d, dict) or not isinstance(d.get("text"), str):
                raise InputError(f"documents[{i}] needs a string 'text'.")
            if not d.get("url"):
                # a stable key for the document's graph: posting it again is a no-op
                key = str(d.get("id") or hashlib.sha256(d["text"].encode()).hexdigest()[:16])
                d = {**d, "url": "urn:kgfc:document:" + quote(key, safe="")}
            fh.write(json.dumps(d, ensure_ascii=False) + "\n")
    return path
