"""The one retry policy for every remote call kgfc makes (SPARQL, web, LLM).

:func:`retry` (and :func:`call_with_retries` on top of it, with kgfc's errors) runs a zero-argument callable and retries it with
exponential backoff plus jitter when the failure is worth retrying:

- HTTP 429 and 503 wait what ``Retry-After`` says (seconds or an HTTP-date),
  capped at ``max_wait`` so a hostile or confused server cannot park us;
- other 5xx, timeouts, dropped connections and refused connections back off
  ``backoff * 2**attempt`` seconds (jittered, also capped);
- any other 4xx is the request's fault and is not retried.

When the attempts run out, the failure becomes a kgfc error that names the
endpoint and says what to do: :class:`~kgfc.errors.RemoteRateLimited` for 429,
:class:`~kgfc.errors.RemoteUnavailable` for connection failures, timeouts and
502/503/504, :class:`~kgfc.errors.RemoteError` for the rest. The raised error
carries ``status`` (HTTP status or None), ``reason`` (``"connect"``,
``"timeout"``, ``"http"`` or ``"protocol"``) and ``attempts``, so callers can
tell an endpoint that is down from one request that failed.

Vendor exceptions (urllib/SPARQLWrapper, httpx) are recognised here and
nowhere else, without importing those libraries: a library that was never
imported cannot have raised.
"""

from __future__ import annotations

import email.utils
import http.client
import logging
import random
import socket
import sys
import time
import urllib.error
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, TypeVar

from kgfc.errors import RemoteError, RemoteRateLimited, RemoteUnavailable

if TYPE_CHECKING:
    from email.message import Message

log = logging.getLogger(__name__)

T = TypeVar("T")

MAX_WAIT_S = 60.0
OFFLINE_HINT = "or run with --offline (KGFC_OFFLINE=1) to answer from the local store"

# SPARQLWrapper turns these statuses into its own exceptions and drops the response.
_SPARQLWRAPPER_STATUS = {
    "QueryBadFormed": 400,
    "Unauthorized": 401,
    "EndPointNotFound": 404,
    "URITooLong": 414,
    "EndPointInternalError": 500,
}


class MalformedResponse(Exception):
    """Raise inside a retried call when the server answered 200 with an unusable body.

    WDQS, for one, can send a 200 whose JSON is cut short when a query times
    out mid-stream; that is worth another try.
    """


@dataclass(frozen=True)
class Failure:
    """What went wrong with one attempt, in library-neutral terms."""

    reason: str  # connect | timeout | http | protocol
    detail: str
    status: int | None = None
    retry_after: float | None = None
    # The server refused the request's shape (an unsupported option), whatever the status:
    # some servers answer that with a 500. Sending it again cannot help; another shape may.
    refused: bool = False

    @property
    def retryable(self) -> bool:
        if self.refused:
            return False
        if self.status is None:
            return True
        return self.status == 429 or self.status >= 500


def parse_retry_after(value: str | None, *, now: datetime | None = None) -> float | None:
    """``Retry-After`` as seconds from now: delta-seconds or an HTTP-date; None if absent or junk."""
    if value is None:
        return None
    value = value.strip()
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())


def _header(headers: Mapping[str, str] | Message[str, str] | None, name: str) -> str | None:
    if headers is None:
        return None
    try:
        return headers.get(name)
    except AttributeError:  # pragma: no cover - exotic header containers
        return None


def _body_excerpt(data: object, limit: int = 200) -> str:
    if isinstance(data, bytes):
        data = data.decode("utf-8", errors="replace")
    text = " ".join(str(data or "").split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _is_timeout(exc: BaseException) -> bool:
    return isinstance(exc, TimeoutError | socket.timeout)


def classify(exc: BaseException) -> Failure | None:
    """Map a client-library exception to a :class:`Failure`; None if it is not a remote failure."""
    if isinstance(exc, MalformedResponse):
        return Failure("protocol", str(exc))

    httpx = sys.modules.get("httpx")
    if httpx is not None:
        if isinstance(exc, httpx.HTTPStatusError):
            resp = exc.response
            return Failure(
                "http",
                f"HTTP {resp.status_code}: {_body_excerpt(resp.text)}",
                status=resp.status_code,
                retry_after=parse_retry_after(resp.headers.get("Retry-After")),
            )
        if isinstance(exc, httpx.TimeoutException):
            return Failure("timeout", f"timed out ({type(exc).__name__})")
        if isinstance(exc, httpx.ConnectError):
            return Failure("connect", str(exc) or type(exc).__name__)
        if isinstance(exc, httpx.TransportError):
            return Failure("protocol", str(exc) or type(exc).__name__)

    sw = sys.modules.get("SPARQLWrapper.SPARQLExceptions")
    if sw is not None and isinstance(exc, sw.SPARQLWrapperException):
        status = _SPARQLWRAPPER_STATUS.get(type(exc).__name__)
        return Failure("http", f"HTTP {status}: {_body_excerpt(exc.msg)}", status=status)

    if isinstance(exc, urllib.error.HTTPError):
        headers = exc.headers
        return Failure(
            "http",
            f"HTTP {exc.code}: {exc.reason}",
            status=exc.code,
            retry_after=parse_retry_after(_header(headers, "Retry-After")),
        )
    if isinstance(exc, urllib.error.URLError):
        reason = exc.reason
        if isinstance(reason, BaseException):
            inner = classify(reason)
            if inner is not None:
                return inner
        return Failure("connect", str(reason))
    if _is_timeout(exc):
        return Failure("timeout", "timed out")
    if isinstance(exc, ConnectionRefusedError | socket.gaierror):
        return Failure("connect", str(exc) or type(exc).__name__)
    if isinstance(exc, ConnectionError | http.client.HTTPException):
        return Failure("protocol", str(exc) or type(exc).__name__)
    if isinstance(exc, OSError) and exc.errno is not None:
        return Failure("connect", str(exc))
    return None


def _error(
    failure: Failure, what: str, attempts: int, hint: str | None, url_setting: str | None
) -> RemoteError:
    tries = f"{attempts} attempt{'s' if attempts != 1 else ''}"
    where = url_setting or "the configured URL"
    if failure.status == 429:
        err: RemoteError = RemoteRateLimited(
            f"{what} is rate-limiting kgfc (HTTP 429) after {tries}.",
            hint=hint or f"Wait a minute and re-run (what was fetched is cached), {OFFLINE_HINT}.",
        )
    elif failure.reason == "connect":
        err = RemoteUnavailable(
            f"Cannot reach {what} ({failure.detail}) after {tries}.",
            hint=hint or f"Check the network connection and {where}, {OFFLINE_HINT}.",
        )
    elif failure.reason == "timeout" or failure.status in (502, 503, 504):
        err = RemoteUnavailable(
            f"{what} did not answer in time ({failure.detail}) after {tries}.",
            hint=hint
            or f"It may be overloaded: try again later or raise KGFC_TIMEOUT, {OFFLINE_HINT}.",
        )
    elif failure.status is not None and failure.status < 500:
        err = RemoteError(
            f"{what} rejected the request ({failure.detail}).",
            hint=hint or f"Check {where}; if it is right, this is a kgfc bug worth reporting.",
        )
    else:
        err = RemoteError(
            f"{what} failed ({failure.detail}) after {tries}.",
            hint=hint or f"Try again later, {OFFLINE_HINT}.",
        )
    err.status = failure.status  # type: ignore[attr-defined]
    err.reason = failure.reason  # type: ignore[attr-defined]
    err.attempts = attempts  # type: ignore[attr-defined]
    return err


class RetriesExhausted(Exception):
    """:func:`retry` gave up: ``failure`` is the last attempt's, after ``attempts`` attempts."""

    def __init__(self, failure: Failure, attempts: int) -> None:
        super().__init__(failure.detail)
        self.failure = failure
        self.attempts = attempts


def retry(
    fn: Callable[[], T],
    *,
    retries: int,
    backoff: float,
    what: str,
    classify: Callable[[BaseException], Failure | None] = classify,
    sleep: Callable[[float], None] = time.sleep,
    max_wait: float = MAX_WAIT_S,
    jitter: float = 0.25,
    rng: random.Random | None = None,
    on_failure: Callable[[Failure], None] | None = None,
) -> T:
    """The policy itself: call ``fn()``, retrying what ``classify`` calls retryable.

    Raises :class:`RetriesExhausted` with the last :class:`Failure` when a failure
    is not retryable or the retries run out; exceptions ``classify`` does not
    recognise (bugs) propagate unchanged. ``on_failure`` sees every failed attempt
    (the LLM client counts them). Callers that want kgfc's standard error
    messages use :func:`call_with_retries`.
    """
    rand = rng or random
    attempt = 0
    while True:
        try:
            return fn()
        except Exception as exc:
            failure = classify(exc)
            if failure is None:
                raise
            if on_failure is not None:
                on_failure(failure)
            attempt += 1
            if not failure.retryable or attempt > retries:
                raise RetriesExhausted(failure, attempt) from exc
            if failure.retry_after is not None and failure.status in (429, 503):
                delay = min(failure.retry_after, max_wait)
            else:
                delay = min(
                    backoff * (2 ** (attempt - 1)) * (1 + rand.uniform(0, jitter)), max_wait
                )
            log.warning(
                "%s: %s; retry %d/%d in %.1fs", what, failure.detail, attempt, retries, delay
            )
            sleep(delay)


def call_with_retries(
    fn: Callable[[], T],
    *,
    retries: int,
    backoff: float,
    what: str,
    hint: str | None = None,
    url_setting: str | None = None,
    sleep: Callable[[float], None] = time.sleep,
    max_wait: float = MAX_WAIT_S,
    jitter: float = 0.25,
    rng: random.Random | None = None,
) -> T:
    """Call ``fn()``; retry remote failures up to ``retries`` times; map the last one to a kgfc error.

    ``what`` names the remote side in messages ("the Wikidata SPARQL endpoint
    https://..."), ``url_setting`` the setting that points at it
    (``KGFC_WIKIDATA_ENDPOINT``); ``hint`` replaces the generated advice.
    ``sleep`` is injectable so tests need not wait. Exceptions
    that are not remote failures (bugs) propagate unchanged.
    """
    try:
        return retry(
            fn,
            retries=retries,
            backoff=backoff,
            what=what,
            sleep=sleep,
            max_wait=max_wait,
            jitter=jitter,
            rng=rng,
        )
    except RetriesExhausted as exc:
        raise _error(exc.failure, what, exc.attempts, hint, url_setting) from exc.__cause__
