"""The HTTP API (FastAPI): verify, jobs, stored claims, sources, SPARQL, health and metrics.

Build it with :func:`create_app`; ``kgfc serve`` runs it under uvicorn. The
app opens the store for writing when it starts (the server is the store's
single writer) and closes it when it stops. The routes live in
:mod:`kgfc.service.routes`, one router per resource. The OpenAPI schema is at
``/openapi.json``, interactive docs at ``/docs``; the web app
(:mod:`kgfc.service.web`) at ``/``.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from kgfc import __version__
from kgfc.errors import KgfcError
from kgfc.registry import lock_note_path
from kgfc.service.claims_index import ClaimsIndex
from kgfc.service.config import ServiceConfig
from kgfc.service.engine import Engine, open_service_store
from kgfc.service.jobs import JobJournal, JobRunner
from kgfc.service.metrics import Metrics
from kgfc.service.routes import ROUTERS
from kgfc.service.routes.common import ApiError, Context, error_response, status_for
from kgfc.service.routes.sources import RDF_UPLOAD_TYPES
from kgfc.service.sparql_pool import QueryPool, make_runner
from kgfc.service.web import ROUTERS as WEB_ROUTERS
from kgfc.service.web import mount_static

if TYPE_CHECKING:
    from starlette.responses import JSONResponse
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

    from kgfc.kg.store import KnowledgeGraph

log = logging.getLogger(__name__)

__all__ = ["RDF_UPLOAD_TYPES", "ApiError", "ServiceConfig", "create_app"]


class _Edge:
    """Pure ASGI middleware: request body limit, and request count/latency metrics."""

    def __init__(self, app: ASGIApp, metrics: Metrics, max_body: int) -> None:
        self.app, self.metrics, self.max_body = app, metrics, max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        start = time.perf_counter()
        status_box = [500]

        async def send_wrapper(message: Message) -> None:
            if message["type"] == "http.response.start":
                status_box[0] = message["status"]
            await send(message)

        length = dict(scope.get("headers") or ()).get(b"content-length")
        too_big = length is not None and length.isdigit() and int(length) > self.max_body
        if not too_big and scope["method"] in ("POST", "PUT", "PATCH", "DELETE"):
            # Buffer the body up to the limit, then replay it: a chunked upload
            # without Content-Length is held to the same limit.
            chunks: list[bytes] = []
            size, more = 0, True
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

                async def replay() -> Message:
                    nonlocal sent
                    if not sent:
                        sent = True
                        return {"type": "http.request", "body": body, "more_body": False}
                    return await receive()

                receive = replay
        if too_big:
            resp = error_response(
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
    config: ServiceConfig | None = None,
    *,
    store: KnowledgeGraph | None = None,
    close_store: bool = False,
) -> FastAPI:
    """The ASGI app.

    ``store``: an already open store to serve (else the app opens the configured
    one when it starts); ``close_store``: close a given store when the app stops.
    """
    config = config or ServiceConfig()
    ctx = Context(config)
    app = FastAPI(
        title="kgfc",
        version=__version__,
        description="Knowledge-graph-centric fact checking: verify claims, inspect evidence, query the KG with SPARQL.",
        lifespan=_lifespan(ctx, store, close_store),
    )
    app.state.kgfc = ctx
    if config.cors_origins:
        from starlette.middleware.cors import CORSMiddleware

        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(config.cors_origins),
            allow_methods=["GET", "POST", "DELETE"],
            allow_headers=["Authorization", "Content-Type", "Accept"],
            expose_headers=["X-SPARQL-MaxRows", "X-SPARQL-Rows", "Location"],
        )
    app.add_middleware(_Edge, metrics=ctx.metrics, max_body=config.max_body_bytes)
    for exc_type, handler in _HANDLERS.items():
        app.add_exception_handler(exc_type, handler)
    for router in (*ROUTERS, *WEB_ROUTERS):
        app.include_router(router)
    mount_static(app)
    return app


def _lifespan(
    ctx: Context, store: KnowledgeGraph | None, close_store: bool
) -> Callable[[FastAPI], AbstractAsyncContextManager[None]]:
    config, settings = ctx.config, ctx.config.settings

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        own = store is None or close_store
        ctx.engine = Engine(
            settings,
            open_service_store(settings) if store is None else store,
            workers=config.workers,
        )
        ctx.sparql = make_runner(
            ctx.engine.store, slots=config.sparql_slots, memory_mb=config.sparql_memory_mb
        )
        ctx.journal = JobJournal(config.jobs_path())
        ctx.runner = JobRunner(
            ctx.journal, ctx.job_verify, ctx.job_verify_many, ctx.engine.job_workers
        )
        ctx.claims = ClaimsIndex(ctx.engine.store)
        note = lock_note_path(settings) if config.url else None
        if note is not None:
            _write_note(note, config)
        warm = threading.Thread(target=_warm, args=(ctx,), name="kgfc-warm-up", daemon=True)
        warm.start()
        try:
            yield
        finally:
            # the warm-up ends before anything closes: it starts the job runner and reads the
            # claims index from the store, which must not happen after the runner stopped
            # or the store closed
            await anyio.to_thread.run_sync(warm.join, 60)
            await anyio.to_thread.run_sync(ctx.runner.stop)
            ctx.sparql.close()
            ctx.journal.close()
            if own:
                ctx.engine.close()
            if note is not None:
                note.unlink(missing_ok=True)

    return lifespan


def _write_note(path: Path, config: ServiceConfig) -> None:
    """``<store>.server.json``: where this server listens, its pid, whether writes need a token.

    Readable by its owner only (0600), written whole (a reader never sees half a
    note), and it holds no secret: the token's source, never the token.
    """
    note = {
        "url": config.url,
        "pid": os.getpid(),
        "token_required": bool(config.token),
        "token_from": config.token_from if config.token else None,
    }
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        if hasattr(os, "fchmod"):  # an old file of the same name keeps its mode otherwise
            os.fchmod(fd, 0o600)
        os.write(fd, json.dumps(note).encode("utf-8"))
    finally:
        os.close(fd)
    os.replace(tmp, path)


def _warm(ctx: Context) -> None:
    if isinstance(ctx.sparql, QueryPool):
        try:
            ctx.sparql.warm(1)  # the first query should not wait for a worker to start
        except KgfcError as exc:
            log.warning("no query worker at start: %s", exc)
    started = ctx.started
    engine = started.engine
    if ctx.config.warm_up:
        try:
            engine.warm_up()
        except Exception:  # a failed warm-up only costs the first request its speed
            log.exception("warm-up failed")
    ctx.warm = True
    started.runner.start()
    try:
        # the claims table pages through this index; until it is read, through SPARQL
        with engine.write_lock:  # no claim is recorded while it reads them all
            started.claims.build()
    except Exception:
        log.exception("reading the claims index failed; the claims table stays on SPARQL")


# -- errors: every one is JSON with a message ----------------------------------
async def _kgfc_error(request: Request, exc: KgfcError) -> JSONResponse:
    status = status_for(exc)
    if status == 500:
        log.error("request failed: %s", exc)
    return error_response(
        status,
        exc.message,
        exc.hint,
        retry_after=getattr(exc, "retry_after", None),
        type=type(exc).__name__,
    )


async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
    return error_response(exc.status, exc.message, exc.hint)


async def _validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
    details = [
        f"{'.'.join(str(p) for p in e['loc'] if p != 'body') or 'body'}: {e['msg']}"
        for e in exc.errors()
    ]
    return error_response(422, "Invalid request: " + "; ".join(details))


async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
    return error_response(exc.status_code, str(exc.detail))


async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
    log.exception("unexpected error on %s", request.url.path)
    return error_response(500, f"Internal error: {type(exc).__name__}.", hint="See the server log.")


# each handler gets the exception it is registered for
_HANDLERS: dict[type[Exception], Callable[[Request, Any], Awaitable[JSONResponse]]] = {
    KgfcError: _kgfc_error,
    ApiError: _api_error,
    RequestValidationError: _validation_error,
    StarletteHTTPException: _http_error,
    Exception: _unexpected,
}
