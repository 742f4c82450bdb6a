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
import threading
import time
import urllib.error
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Protocol, TypeVar

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


# -- how many calls an endpoint gets at once, and how often ----------------------------------
#
# A gate per endpoint (an LLM server, a search provider, WDQS): at most ``concurrency`` calls
# in flight, calls started at least 60/``per_minute`` seconds apart, and none while the endpoint
# said (Retry-After) to wait. Within a process a gate is shared by every thread; a Ray worker
# installs a cluster-wide gate (kgfc.pipeline.cluster) so the caps hold across the cluster.
# Hand-written rather than a library: the same small state machine runs under threads and
# inside a Ray actor, and slots a dead process held must expire (leases).

LEASE_S = 900.0  # a slot whose holder never gave it back (a killed worker) is free again after this


@dataclass(frozen=True)
class Limit:
    """An endpoint's caps: calls in flight at once, calls started per minute (None: no cap)."""

    concurrency: int | None = None
    per_minute: int | None = None


class GateState:
    """The bookkeeping of one gate, on a clock given to each call (no locking, no waiting)."""

    def __init__(self, limit: Limit, lease_s: float = LEASE_S) -> None:
        self.limit = limit
        self.lease_s = lease_s
        self.leases: dict[int, float] = {}  # lease id -> when it expires
        self.next_start = 0.0  # the earliest the next call may start (the per-minute rate)
        self.paused_until = 0.0
        self._ids = 0

    def try_enter(self, now: float) -> tuple[int | None, float]:
        """A lease id and 0, or None and the seconds to wait before trying again."""
        for lease, expires in list(self.leases.items()):
            if expires <= now:
                del self.leases[lease]
        if now < self.paused_until:
            return None, self.paused_until - now
        cap = self.limit.concurrency
        if cap is not None and len(self.leases) >= cap:
            return None, max(0.001, min(self.leases.values()) - now)
        if now < self.next_start:
            return None, self.next_start - now
        self._ids += 1
        self.leases[self._ids] = now + self.lease_s
        if self.limit.per_minute is not None:  # evenly spaced: no burst at the minute's start
            self.next_start = now + 60.0 / self.limit.per_minute
        return self._ids, 0.0

    def leave(self, lease: int) -> None:
        self.leases.pop(lease, None)

    def pause(self, until: float) -> None:
        self.paused_until = max(self.paused_until, until)


class Gate(Protocol):
    def enter(self) -> int: ...
    def leave(self, lease: int) -> None: ...
    def pause(self, seconds: float) -> None: ...


class ThreadGate:
    """A :class:`GateState` shared by the threads of this process."""

    def __init__(self, limit: Limit, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.state = GateState(limit)
        self._clock = clock
        self._cond = threading.Condition()

    def enter(self) -> int:
        with self._cond:
            while True:
                lease, wait = self.state.try_enter(self._clock())
                if lease is not None:
                    return lease
                self._cond.wait(wait)

    def leave(self, lease: int) -> None:
        with self._cond:
            self.state.leave(lease)
            self._cond.notify_all()

    def pause(self, seconds: float) -> None:
        with self._cond:
            self.state.pause(self._clock() + seconds)


GateFactory = Callable[[str, Limit], Gate]
_GATES: dict[tuple[str, Limit], Gate] = {}
_GATES_LOCK = threading.Lock()
_cluster_gates: GateFactory | None = None


def use_cluster_gates(factory: GateFactory | None) -> None:
    """Make :func:`gate_for` hand out ``factory``'s gates (a Ray worker: cluster-wide ones)."""
    global _cluster_gates
    with _GATES_LOCK:
        _cluster_gates = factory
        _GATES.clear()


def gate_for(endpoint: str, limit: Limit) -> Gate | None:
    """The gate every caller of ``endpoint`` in this process shares; None when nothing is capped."""
    if limit.concurrency is None and limit.per_minute is None:
        return None
    with _GATES_LOCK:
        gate = _GATES.get((endpoint, limit))
        if gate is None:
            make = _cluster_gates or (lambda _endpoint, lim: ThreadGate(lim))
            gate = _GATES[(endpoint, limit)] = make(endpoint, limit)
        return gate


def through_gate(
    gate: Gate | None,
    fn: Callable[[], T],
    classify: Callable[[BaseException], Failure | None] = classify,
    max_wait: float = MAX_WAIT_S,
) -> T:
    """``fn()`` holding one of ``gate``'s slots; a 429/503 with Retry-After pauses the gate for all."""
    if gate is None:
        return fn()
    lease = gate.enter()
    try:
        return fn()
    except Exception as exc:
        failure = classify(exc)
        if failure is not None and failure.retry_after is not None and failure.status in (429, 503):
            gate.pause(min(failure.retry_after, max_wait))
        raise
    finally:
        gate.leave(lease)


def parse_limits(spec: str | None) -> dict[str, int]:
    """``"URL_OR_HOST=N, ..."`` as a dict; ValueError names what is wrong."""
    out: dict[str, int] = {}
    for part in (spec or "").split(","):
        part = part.strip()
        if not part:
            continue
        endpoint, sep, n = part.rpartition("=")
        endpoint = endpoint.strip().rstrip("/")
        if not sep or not endpoint or not n.strip().isdigit() or int(n) < 1:
            raise ValueError(
                f"{part!r} is not ENDPOINT=N (a URL or host, and a count of 1 or more)"
            )
        out[endpoint] = int(n)
    return out


def endpoint_limit(spec: str | None, url: str) -> tuple[str, Limit] | None:
    """The entry of ``spec`` that ``url`` falls under (a URL prefix or its host), as a gate key."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    for endpoint, n in parse_limits(spec).items():
        if "/" in endpoint:
            hit = url.rstrip("/") == endpoint or url.startswith(endpoint + "/")
        else:
            hit = endpoint in (parts.netloc, parts.hostname)
        if hit:
            return endpoint, Limit(concurrency=n)
    return None


def endpoint_gate(spec: str | None, url: str) -> Gate | None:
    """The shared gate for ``url`` under the ``endpoint_limits`` setting ``spec``; None: no cap."""
    found = endpoint_limit(spec, url)
    return gate_for(*found) if found else None
