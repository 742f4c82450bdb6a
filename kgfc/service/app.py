"""The HTTP API (FastAPI): verify, jobs, stored claims, sources, SPARQL, health and metrics.

Build it with :func:`create_app`; ``kgfc serve`` runs it under uvicorn. The
app opens the store for writing when it starts (the server is the store's
single writer) and closes it when it stops. The OpenAPI schema is at
``/openapi.json``, interactive docs at ``/docs``.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import tempfile
import threading
import time
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import anyio
from fastapi import Depends, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from kgfc import __version__
from kgfc.errors import (
    ConfigError,
    InputError,
    KgfcError,
    LLMError,
    RemoteError,
    StoreLockedError,
    UsageError,
)
from kgfc.models import VerifyResult
from kgfc.registry import lock_note_path
from kgfc.service import sparql as sp
from kgfc.service.engine import Engine, VerifyRequest, open_service_store
from kgfc.service.jobs import JobJournal, JobRunner, parse_items
from kgfc.service.metrics import CONTENT_TYPE, Metrics
from kgfc.settings import Settings

log = logging.getLogger(__name__)

RDF_UPLOAD_TYPES = {
    "text/turtle": ".ttl",
    "application/n-triples": ".nt",
    "application/n-quads": ".nq",
    "application/trig": ".trig",
    "application/ld+json": ".jsonld",
}


@dataclass
class ServiceConfig:
    """How one server runs. ``kgfc serve`` fills it from flags and ``KGFC_*`` variables."""

    settings: Settings = field(default_factory=Settings)
    token: str | None = None  # bearer token required on writes when set
    max_body_bytes: int = 10_000_000
    sparql_timeout: float = 30.0
    sparql_max_rows: int = 10_000
    sparql_slots: int = 4  # concurrent SPARQL evaluations (see kgfc.service.sparql)
    jobs_db: Path | None = None  # default: <home>/service/jobs.sqlite3
    warm_up: bool = True  # build the pipeline's indexes at start, not on the first claim
    url: str | None = None  # where the server listens, for the lock note beside the store
    cors_origins: tuple[
        str, ...
    ] = ()  # browser origins allowed to call the API (e.g. a YASGUI page)

    def jobs_path(self) -> Path:
        return self.jobs_db or self.settings.home / "service" / "jobs.sqlite3"


class ApiError(Exception):
    def __init__(self, status: int, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.hint = status, message, hint


def _status_for(exc: KgfcError) -> int:
    if isinstance(exc, sp.UpdateRefused):
        return 403
    if isinstance(exc, sp.NotAcceptable):
        return 406
    if isinstance(exc, sp.QueryTimeout | StoreLockedError):
        return 503
    if isinstance(exc, ConfigError):
        return 400
    if isinstance(exc, UsageError):
        return 400
    if isinstance(exc, RemoteError | LLMError):
        return 502
    return 500


def _error(status: int, message: str, hint: str | None = None, **extra: Any) -> JSONResponse:
    body: dict[str, Any] = {"error": {"status": status, "message": message}}
    if hint:
        body["error"]["hint"] = hint
    body["error"].update(extra)
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    return JSONResponse(body, status_code=status, headers=headers)


class _Edge:
    """Pure ASGI middleware: request body limit, and request count/latency metrics."""

    def __init__(self, app, metrics: Metrics, max_body: int) -> None:
        self.app, self.metrics, self.max_body = app, metrics, max_body

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        start = time.perf_counter()
        status_box = [500]

        async def send_wrapper(message):
            if message["type"] == "http.response.start":
                status_box[0] = message["status"]
            await send(message)

        length = dict(scope.get("headers") or ()).get(b"content-length")
        too_big = length is not None and length.isdigit() and int(length) > self.max_body
        if not too_big and scope["method"] in ("POST", "PUT", "PATCH", "DELETE"):
            # Buffer the body up to the limit, then replay it: a chunked upload
            # without Content-Length is held to the same limit.
            chunks, size, more = [], 0, True
            while more:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > self.max_body:
                    too_big = True
                    break
                chunks.append(chunk)
                more = message.get("more_body", False)
            if not too_big:
                body = b"".join(chunks)
                sent = False

                async def replay():
                    nonlocal sent
                    if not sent:
                        sent = True
                        return {"type": "http.request", "body": body, "more_body": False}
                    return await receive()

                receive = replay
        if too_big:
            resp = _error(
                413,
                f"The request body is over the limit of {self.max_body:,} bytes.",
                hint="Split the batch into several jobs.",
            )
            await resp(scope, receive, send_wrapper)
        else:
            await self.app(scope, receive, send_wrapper)
        route = scope.get("route")
        path = getattr(route, "path", None) or "unmatched"
        self.metrics.requests.labels(scope["method"], path, str(status_box[0])).inc()
        self.metrics.latency.labels(path).observe(time.perf_counter() - start)


def create_app(
    config: ServiceConfig | None = None, *, store=None, close_store: bool = False
) -> FastAPI:
    """The ASGI app.

    ``store``: an already open store to serve (else the app opens the configured
    one when it starts); ``close_store``: close a given store when the app stops.
    """
    config = config or ServiceConfig()
    settings = config.settings
    metrics = Metrics()
    state: dict[str, Any] = {"warm": False}
    sparql_limiter = anyio.CapacityLimiter(config.sparql_slots)
    verify_limiter = anyio.CapacityLimiter(64)  # waiting requests; the engine runs one at a time

    def job_verify(request: dict) -> dict:
        result = _verify_and_keep(VerifyRequest.model_validate(request))
        return result.model_dump(mode="json")

    def _verify_and_keep(req: VerifyRequest) -> VerifyResult:
        engine: Engine = state["engine"]
        result = engine.verify(req)
        metrics.observe_result(result)
        if result.claim_iri:
            state["journal"].save_result(result.id, result.model_dump(mode="json"))
        return result

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        own = store is None or close_store
        st = open_service_store(settings) if store is None else store
        note = lock_note_path(settings) if config.url else None
        engine = Engine(settings, st)
        journal = JobJournal(config.jobs_path())
        runner = JobRunner(journal, job_verify)
        state.update(engine=engine, journal=journal, runner=runner)
        if note is not None:
            note.write_text(json.dumps({"url": config.url, "pid": _pid()}), encoding="utf-8")

        def warm() -> None:
            if config.warm_up:
                try:
                    engine.warm_up()
                except Exception:  # a failed warm-up only costs the first request its speed
                    log.exception("warm-up failed")
            state["warm"] = True
            runner.start()

        threading.Thread(target=warm, name="kgfc-warm-up", daemon=True).start()
        try:
            yield
        finally:
            await anyio.to_thread.run_sync(runner.stop)
            journal.close()
            if own:
                engine.close()
            if note is not None:
                note.unlink(missing_ok=True)

    app = FastAPI(
        title="kgfc",
        version=__version__,
        description="Knowledge-graph-centric fact checking: verify claims, inspect evidence, query the KG with SPARQL.",
        lifespan=lifespan,
    )
    if config.cors_origins:
        from starlette.middleware.cors import CORSMiddleware

        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(config.cors_origins),
            allow_methods=["GET", "POST", "DELETE"],
            allow_headers=["Authorization", "Content-Type", "Accept"],
            expose_headers=["X-SPARQL-MaxRows", "X-SPARQL-Rows", "Location"],
        )
    app.add_middleware(_Edge, metrics=metrics, max_body=config.max_body_bytes)

    # -- errors: every one is JSON with a message ------------------------------
    @app.exception_handler(KgfcError)
    async def _kgfc_error(request: Request, exc: KgfcError):
        status = _status_for(exc)
        if status == 500:
            log.error("request failed: %s", exc)
        return _error(status, exc.message, exc.hint, type=type(exc).__name__)

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError):
        return _error(exc.status, exc.message, exc.hint)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError):
        details = [
            f"{'.'.join(str(p) for p in e['loc'] if p != 'body') or 'body'}: {e['msg']}"
            for e in exc.errors()
        ]
        return _error(422, "Invalid request: " + "; ".join(details))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException):
        return _error(exc.status_code, str(exc.detail))

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception):
        log.exception("unexpected error on %s", request.url.path)
        return _error(500, f"Internal error: {type(exc).__name__}.", hint="See the server log.")

    # -- auth --------------------------------------------------------------------
    def require_token(request: Request) -> None:
        if not config.token:
            return
        auth = request.headers.get("authorization", "")
        scheme, _, given = auth.partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(
            given.strip().encode(), config.token.encode()
        ):
            raise ApiError(
                401,
                "This server needs a bearer token for writes.",
                hint="Send 'Authorization: Bearer <token>' (KGFC_SERVER_TOKEN on the client).",
            )

    writes = [Depends(require_token)]

    # -- health and metrics ----------------------------------------------------
    @app.get("/health", tags=["ops"])
    async def health() -> dict:
        journal = state.get("journal")
        return {
            "status": "ok",
            "version": __version__,
            "warm": state["warm"],
            "jobs_pending": journal.pending_count() if journal else 0,
        }

    @app.get("/metrics", tags=["ops"], response_class=Response)
    async def prometheus() -> Response:
        journal = state.get("journal")
        if journal is not None:
            metrics.jobs_pending.set(journal.pending_count())
        return Response(metrics.render(), media_type=CONTENT_TYPE)

    # -- verify ------------------------------------------------------------------
    @app.post("/v1/verify", tags=["verify"], dependencies=writes, response_model=VerifyResult)
    async def verify(req: VerifyRequest) -> VerifyResult:
        """Verify one claim (text) or triple: the CLI's `--json` result."""
        return await anyio.to_thread.run_sync(_verify_and_keep, req, limiter=verify_limiter)

    @app.post("/v1/jobs", tags=["jobs"], dependencies=writes, status_code=202)
    async def submit_job(request: Request) -> JSONResponse:
        """Queue a batch: a JSON list, ``{"items": [...], <options>}``, or JSONL (one claim or object a line)."""
        body = await request.body()
        items, options = parse_items(body, request.headers.get("content-type", ""))
        journal: JobJournal = state["journal"]
        status = await anyio.to_thread.run_sync(
            journal.submit, items, options, VerifyRequest.model_validate
        )
        state["runner"].wake()
        return JSONResponse(
            status, status_code=202, headers={"Location": f"/v1/jobs/{status['id']}"}
        )

    @app.get("/v1/jobs/{job_id}", tags=["jobs"])
    async def job_status(
        job_id: str,
        results: bool = True,
        offset: int = Query(0, ge=0),
        limit: int = Query(1000, ge=1, le=10_000),
    ) -> dict:
        """Progress, and each item's result or error (``results=false`` for counts only)."""
        status = state["journal"].status(job_id, results=results, offset=offset, limit=limit)
        if status is None:
            raise ApiError(404, f"No job {job_id!r}.")
        return status

    # -- stored claims -----------------------------------------------------------
    def _claim_result(claim_id: str) -> VerifyResult:
        from kgfc.service.claims import as_result, stored_claim, stored_trajectory

        stored = stored_claim(state["engine"].store, claim_id)
        kept = state["journal"].get_result(claim_id)
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

    @app.get("/v1/claims/{claim_id}", tags=["claims"])
    async def get_claim(claim_id: str, request: Request, format: str | None = None) -> Response:
        """A stored claim: verdict, evidence and trajectory (JSON), or its report (Markdown, HTML)."""
        from kgfc.service.claims import render_report

        offered = {"application/json": "json", "text/markdown": "md", "text/html": "html"}
        if format:
            short = {
                "json": "application/json",
                "md": "text/markdown",
                "markdown": "text/markdown",
                "html": "text/html",
            }
            accepted = [short.get(format.lower(), format.lower())]
        else:
            accepted = sp.parse_accept(request.headers.get("accept"))
        mt = sp.choose(accepted, offered, "application/json")
        result = await anyio.to_thread.run_sync(_claim_result, claim_id)
        if offered[mt] == "json":
            data = result.model_dump(mode="json")
            data["report"] = json.loads(
                await anyio.to_thread.run_sync(render_report, result, "json")
            )
            return JSONResponse(data)
        text = await anyio.to_thread.run_sync(render_report, result, offered[mt])
        return Response(text, media_type=f"{mt}; charset=utf-8")

    @app.get("/v1/claims/{claim_id}/evidence", tags=["claims"])
    async def get_evidence(claim_id: str, request: Request, format: str | None = None) -> Response:
        """The claim's evidence subgraph with provenance: JSON-LD (default), TriG or N-Quads."""
        from kgfc.service.claims import (
            EVIDENCE_TYPES,
            evidence_quads,
            serialize_quads,
            stored_claim,
        )

        short = {
            "jsonld": "application/ld+json",
            "json-ld": "application/ld+json",
            "trig": "application/trig",
            "nquads": "application/n-quads",
            "nq": "application/n-quads",
        }
        accepted = (
            [short.get(format.lower(), format)]
            if format
            else sp.parse_accept(request.headers.get("accept"))
        )
        offered = dict(EVIDENCE_TYPES)
        offered["application/json"] = EVIDENCE_TYPES["application/ld+json"]
        mt = sp.choose(accepted, offered, "application/ld+json")
        if mt == "application/json":
            mt = "application/ld+json"

        def work() -> bytes:
            st = state["engine"].store
            claim = stored_claim(st, claim_id)
            return serialize_quads(evidence_quads(st, claim["claim_iri"]), mt)

        return Response(await anyio.to_thread.run_sync(work), media_type=mt)

    # -- sources -----------------------------------------------------------------
    @app.post("/v1/sources", tags=["sources"], dependencies=writes, status_code=201)
    async def add_source(request: Request, name: str | None = None) -> JSONResponse:
        """Load an RDF document (Content-Type: Turtle, N-Triples, N-Quads, TriG, JSON-LD) as one source,
        or ingest documents: JSON ``{"urls": [...]}`` or ``{"documents": [{"id", "title", "text"}]}``."""
        ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
        body = await request.body()
        engine: Engine = state["engine"]
        if ctype in RDF_UPLOAD_TYPES:
            report = await anyio.to_thread.run_sync(_load_rdf, engine, body, ctype, name)
            return JSONResponse(report, status_code=201 if report["status"] == "loaded" else 200)
        if ctype == "application/json":
            try:
                doc = json.loads(body)
            except (json.JSONDecodeError, UnicodeDecodeError) as exc:
                raise InputError(f"The body is not JSON: {exc}") from None
            report = await anyio.to_thread.run_sync(_ingest, engine, doc)
            return JSONResponse(report, status_code=201)
        raise ApiError(
            415,
            f"Cannot load a {ctype or 'body without Content-Type'}.",
            hint="Send RDF as " + ", ".join(RDF_UPLOAD_TYPES) + ", or JSON {urls|documents}.",
        )

    @app.delete("/v1/sources/{source_id:path}", tags=["sources"], dependencies=writes)
    async def delete_source(source_id: str) -> dict:
        """Retract one source graph: a full IRI or its ``kgfcs:`` short form."""
        from kgfc.kg import vocab as V

        iri = (
            V.KGFC_SOURCE + source_id[len("kgfcs:") :]
            if source_id.startswith("kgfcs:")
            else source_id
        )
        engine: Engine = state["engine"]

        def work() -> int:
            with engine.write_lock:
                if not engine.store.has_source(iri):
                    raise ApiError(404, f"No source {source_id!r} in this store.")
                return engine.store.retract(iri)

        n = await anyio.to_thread.run_sync(work)
        return {"source": iri, "quads_removed": n}

    # -- SPARQL 1.1 Protocol (query only) ----------------------------------------
    async def _sparql(request: Request, query: str | None, fmt: str | None) -> Response:
        if query is None:
            raise ApiError(
                400,
                "No query: send ?query=, a form field 'query', or an application/sparql-query body.",
            )
        accepted = sp.query_form_hint(fmt, request.headers.get("accept"))
        cancelled = threading.Event()
        deadline = time.monotonic() + config.sparql_timeout
        metrics.sparql.labels("endpoint").inc()
        st = state["engine"].store
        try:
            with anyio.fail_after(config.sparql_timeout + 0.05):
                res = await anyio.to_thread.run_sync(
                    lambda: sp.run_query(
                        st,
                        query,
                        accepted=accepted,
                        max_rows=config.sparql_max_rows,
                        deadline=deadline,
                        cancelled=cancelled,
                    ),
                    limiter=sparql_limiter,
                    abandon_on_cancel=True,
                )
        except TimeoutError:
            cancelled.set()
            raise sp.QueryTimeout(
                f"The query ran past the server's limit of {config.sparql_timeout:g} s.",
                hint="Narrow it (LIMIT, more specific patterns).",
            ) from None
        headers = {"X-SPARQL-Rows": str(res.rows)}
        if res.truncated:
            headers["X-SPARQL-MaxRows"] = str(config.sparql_max_rows)
        return Response(res.body, media_type=res.media_type, headers=headers)

    @app.get("/sparql", tags=["sparql"])
    async def sparql_get(
        request: Request,
        query: str | None = None,
        update: str | None = None,
        format: str | None = None,
        output: str | None = None,
    ) -> Response:
        """SPARQL 1.1 Protocol query via GET. All source graphs form the default graph."""
        if update is not None:
            raise sp.UpdateRefused(
                "This endpoint is read-only: SPARQL UPDATE is refused.",
                hint="Load data with POST /v1/sources.",
            )
        return await _sparql(request, query, format or output)

    @app.post("/sparql", tags=["sparql"])
    async def sparql_post(request: Request) -> Response:
        """SPARQL 1.1 Protocol query via POST (form-encoded or application/sparql-query)."""
        ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
        params = dict(request.query_params)
        if ctype == "application/sparql-update":
            raise sp.UpdateRefused(
                "This endpoint is read-only: SPARQL UPDATE is refused.",
                hint="Load data with POST /v1/sources.",
            )
        body = await request.body()
        if ctype == "application/sparql-query":
            try:
                query = body.decode("utf-8")
            except UnicodeDecodeError:
                raise InputError("The query is not UTF-8.") from None
        elif ctype == "application/x-www-form-urlencoded":
            from urllib.parse import parse_qs

            form = {
                k: v[0]
                for k, v in parse_qs(
                    body.decode("utf-8", "replace"), keep_blank_values=True
                ).items()
            }
            if "update" in form:
                raise sp.UpdateRefused(
                    "This endpoint is read-only: SPARQL UPDATE is refused.",
                    hint="Load data with POST /v1/sources.",
                )
            params.update(form)
            query = params.get("query")
        else:
            raise ApiError(
                415,
                f"Cannot read a SPARQL request of type {ctype or 'none'}.",
                hint="Use application/sparql-query or a form.",
            )
        return await _sparql(request, query, params.get("format") or params.get("output"))

    app.state.kgfc = state
    return app


def _pid() -> int:
    import os

    return os.getpid()


def _load_rdf(engine: Engine, body: bytes, ctype: str, name: str | None) -> dict:
    safe = "".join(c for c in (name or "upload") if c.isalnum() or c in "-_.")[:80] or "upload"
    suffix = RDF_UPLOAD_TYPES[ctype]
    with tempfile.TemporaryDirectory(prefix="kgfc-upload-") as tmp:
        path = Path(tmp) / (safe if safe.endswith(suffix) else safe + suffix)
        path.write_bytes(body)
        with engine.write_lock:
            report = engine.store.load_file(path)
    return report.model_dump(mode="json")


def _ingest(engine: Engine, doc: Any) -> dict:
    if not isinstance(doc, dict) or not ({"urls", "documents"} & set(doc)):
        raise InputError('Send {"urls": [...]} or {"documents": [{"id", "title", "text"}]}.')
    urls = doc.get("urls") or []
    documents = doc.get("documents") or []
    if not all(isinstance(u, str) and u.startswith(("http://", "https://")) for u in urls):
        raise InputError("'urls' must be http(s) URLs (the server reads no local paths).")
    from kgfc.web.integrate import WebKGIntegrator

    with tempfile.TemporaryDirectory(prefix="kgfc-ingest-") as tmp:
        targets = list(urls)
        if documents:
            path = Path(tmp) / "documents.jsonl"
            with path.open("w", encoding="utf-8") as fh:
                for i, d in enumerate(documents):
                    if not isinstance(d, dict) or not isinstance(d.get("text"), str):
                        raise InputError(f"documents[{i}] needs a string 'text'.")
                    if not d.get("url"):
                        # a stable key for the document's graph: posting it again is a no-op
                        key = str(
                            d.get("id") or hashlib.sha256(d["text"].encode()).hexdigest()[:16]
                        )
                        d = {**d, "url": "urn:kgfc:document:" + quote(key, safe="")}
                    fh.write(json.dumps(d, ensure_ascii=False) + "\n")
            targets.append(str(path))
        with engine.write_lock:
            from kgfc.llm.client import make_llm

            integrator = WebKGIntegrator(
                engine.store, make_llm(engine.settings), settings=engine.settings
            )
            try:
                report = integrator.ingest(targets, query=doc.get("query"))
            finally:
                integrator.close()
    return report.model_dump(mode="json")
