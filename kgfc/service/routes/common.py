"""What every router shares: the server's context, the JSON error shape, auth and body readers."""

from __future__ import annotations

import hmac
from collections.abc import Callable, Coroutine, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, NamedTuple, Protocol

import anyio
import pydantic_core
from fastapi import Depends, Request
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute

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
from kgfc.pipeline.request import ClaimRequest
from kgfc.service import sparql as sp
from kgfc.service.claims_index import ClaimsIndex
from kgfc.service.config import ServiceConfig
from kgfc.service.engine import Engine
from kgfc.service.jobs import JobJournal, JobRunner
from kgfc.service.metrics import Metrics
from kgfc.service.sparql_pool import QueryBusy, QueryMemoryExceeded, QueryRunner

if TYPE_CHECKING:
    from starlette.responses import Response

    from kgfc.document.models import DocumentReport
    from kgfc.kg.verdicts import Retraction

# pydantic-core's fixed nesting limit: deeper JSON is refused, not parsed
MAX_JSON_DEPTH = 200


class ApiError(Exception):
    def __init__(self, status: int, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.hint = status, message, hint


class BackgroundTask(Protocol):
    """A task a route started and a later request asks about (``routes.enrich.EnrichTask``)."""

    id: str
    state: str  # running, done, failed

    def status(self) -> dict[str, Any]: ...


class NotStarted(RuntimeError):
    """A part of the server that its start opens was asked for before the server started."""


class Started(NamedTuple):
    """What a server's start makes (its lifespan), for the routes."""

    engine: Engine
    sparql: QueryRunner  # where /sparql and the web pages evaluate queries
    journal: JobJournal
    runner: JobRunner
    claims: ClaimsIndex  # for the web app's claims table


@dataclass
class Context:
    """One server's running parts, shared by its routes (``app.state.kgfc``).

    The engine, query runner, job journal and runner, and claims index are made when
    the app starts (its lifespan); :attr:`started` gives them to a route.
    """

    config: ServiceConfig
    metrics: Metrics = field(default_factory=Metrics)
    sparql: QueryRunner | None = None  # where /sparql and the web pages evaluate queries
    # waiting verify requests; the engine runs one at a time
    verify_limiter: anyio.CapacityLimiter = field(default_factory=lambda: anyio.CapacityLimiter(64))
    warm: bool = False
    engine: Engine | None = None
    journal: JobJournal | None = None
    runner: JobRunner | None = None
    claims: ClaimsIndex | None = None  # for the web app's claims table
    # the web app's last checked documents (by id), newest last, for their pages
    documents: dict[str, DocumentReport] = field(default_factory=dict)
    # POST /v1/enrich's tasks (by id), running and recently finished
    enrich_tasks: dict[str, BackgroundTask] = field(default_factory=dict)

    @property
    def started(self) -> Started:
        """The parts the server's start makes; :class:`NotStarted` before it started."""
        engine, sparql, journal, runner = self.engine, self.sparql, self.journal, self.runner
        claims = self.claims
        if engine is None or sparql is None or journal is None or runner is None or claims is None:
            raise NotStarted("The server has not started: its engine and job runner start with it.")
        return Started(engine, sparql, journal, runner, claims)

    def verify_and_keep(self, req: ClaimRequest) -> VerifyResult:
        """Verify one request, count it, and keep the full result of a recorded claim."""
        return self._keep(self.started.engine.verify(req))

    def _keep(self, result: VerifyResult) -> VerifyResult:
        self.metrics.observe_result(result)
        if result.claim_iri:
            self.started.journal.save_result(result.id, result.model_dump(mode="json"))
            if self.claims is not None:
                self.claims.refresh(result.claim_iri)
        return result

    def keep_document(self, report: DocumentReport, keep: int = 20) -> None:
        """Keep a checked document for its page; the oldest goes beyond ``keep``."""
        self.documents.pop(report.id, None)
        self.documents[report.id] = report
        while len(self.documents) > keep:
            self.documents.pop(next(iter(self.documents)))

    def retracted(self, retraction: Retraction) -> None:
        """A source went: the claims that cited it are stale now."""
        self.marked_stale(retraction.stale_claims)

    def marked_stale(self, claim_iris: Iterable[str]) -> None:
        """These recorded claims were marked stale in the store (a retraction, a refresh)."""
        if self.claims is not None:
            self.claims.mark_stale(claim_iris)

    def job_verify_many(
        self, requests: list[dict[str, Any]], workers: int
    ) -> Iterator[tuple[int, dict[str, Any] | KgfcError]]:
        """Job items on worker processes: each index with its result (a dict) or error, as they finish."""
        reqs = [ClaimRequest.model_validate(r) for r in requests]
        for i, got in self.started.engine.verify_on_workers(reqs, workers):
            yield (
                i,
                self._keep(got).model_dump(mode="json") if isinstance(got, VerifyResult) else got,
            )

    def job_verify(self, request: dict[str, Any]) -> dict[str, Any]:
        return self.verify_and_keep(ClaimRequest.model_validate(request)).model_dump(mode="json")


def context(request: Request) -> Context:
    ctx: Context = request.app.state.kgfc
    return ctx


def engine(request: Request) -> Engine:
    return context(request).started.engine


def token_ok(request: Request) -> bool:
    """Whether the request may write: the server has no token, or the request bears it."""
    token = request.app.state.kgfc.config.token
    if not token:
        return True
    scheme, _, given = request.headers.get("authorization", "").partition(" ")
    return scheme.lower() == "bearer" and hmac.compare_digest(
        given.strip().encode(), token.encode()
    )


def require_token(request: Request) -> None:
    if not token_ok(request):
        raise ApiError(
            401,
            "This server needs a bearer token for writes.",
            hint="Send 'Authorization: Bearer <token>' (KGFC_SERVER_TOKEN on the client).",
        )


WRITES = [Depends(require_token)]


def same_site(request: Request) -> None:
    """Refuse a write a browser says comes from another site (``Sec-Fetch-Site``, ``Origin``):
    a page elsewhere cannot make the user's browser write to a server that has no token."""
    site = request.headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        raise ApiError(403, "Cross-site requests cannot write to this server.")
    origin = request.headers.get("origin")
    if origin is not None:
        own = f"{request.url.scheme}://{request.headers.get('host', '')}"
        if origin != own:
            raise ApiError(403, "Cross-site requests cannot write to this server.")


def status_for(exc: KgfcError) -> int:
    if isinstance(exc, sp.UpdateRefused):
        return 403
    if isinstance(exc, sp.NotAcceptable):
        return 406
    if isinstance(exc, sp.QueryTimeout | QueryBusy | QueryMemoryExceeded | StoreLockedError):
        return 503
    if isinstance(exc, ConfigError | UsageError):
        return 400
    if isinstance(exc, RemoteError | LLMError):
        return 502
    return 500


def error_response(
    status: int,
    message: str,
    hint: str | None = None,
    *,
    retry_after: int | None = None,
    **extra: Any,
) -> JSONResponse:
    body: dict[str, Any] = {"error": {"status": status, "message": message}}
    if hint:
        body["error"]["hint"] = hint
    body["error"].update(extra)
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else {}
    if retry_after is not None:
        headers["Retry-After"] = str(retry_after)
    return JSONResponse(body, status_code=status, headers=headers or None)


def content_type(request: Request) -> str:
    return request.headers.get("content-type", "").split(";")[0].strip().lower()


class TooDeep(InputError):
    """A body nests JSON past the parser's limit."""


def too_deep(what: str) -> TooDeep:
    return TooDeep(
        f"{what} nests JSON deeper than {MAX_JSON_DEPTH} levels.",
        hint="Send claims as a flat list or one JSON object a line.",
    )


def parse_json(text: str | bytes, what: str = "The body") -> Any:
    """One JSON document, parsed by pydantic-core: unlike ``json.loads`` its parser stops at a
    fixed nesting depth with a ValueError instead of recursing into a RecursionError."""
    try:
        return pydantic_core.from_json(text)
    except ValueError as exc:
        if "recursion limit" in str(exc):
            raise too_deep(what) from None
        raise InputError(f"{what} is not JSON: {exc}.") from None


def loads_json(body: bytes, what: str = "The body") -> Any:
    """Parse a JSON body; bad UTF-8, bad JSON and too-deep nesting are InputErrors (400)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{what} is not UTF-8 ({exc.reason} at byte {exc.start}).") from None
    return parse_json(text, what)


class JsonBodyRoute(APIRoute):
    """A route whose body is one JSON object: checked before FastAPI parses it.

    FastAPI hands a bad body to ``json.loads`` unguarded: deep nesting raises
    RecursionError (a 500) and ``null`` becomes "field required". Here both,
    and bad UTF-8, are a 400 with the JSON error shape.
    """

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def guarded(request: Request) -> Response:
            body = await request.body()
            if body.strip():
                doc = loads_json(body)
                if not isinstance(doc, dict):
                    raise InputError(
                        f"The body is JSON {type(doc).__name__ if doc is not None else 'null'}, "
                        "not a claim object.",
                        hint='Send {"claim": "..."} or {"triple": [S, P, O]}.',
                    )
            return await handler(request)

        return guarded


# the dependencies a route asks for
Ctx = Annotated[Context, Depends(context)]
Eng = Annotated[Engine, Depends(engine)]
