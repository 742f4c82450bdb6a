"""Talking to a running ``kgfc serve``: the HTTP client behind ``--server``.

The lock note a server leaves beside the store it holds is read and written
through :mod:`kgfc.registry`.

Written on the standard library's :mod:`http.client` rather than httpx (which kgfc
uses for the web): this client is what a one-shot ``kgfc verify`` beside a running
server loads, and importing httpx (with httpcore, and rich and pygments for its
command line when they are installed) takes longer than the whole round trip to a
warm server. It speaks plain JSON over one kept-alive connection to one server.
"""

from __future__ import annotations

import http.client
import json
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlsplit

from kgfc.errors import ConfigError, InputError, RemoteError, RemoteUnavailable, UsageError
from kgfc.models import VerifyResult

if TYPE_CHECKING:
    from kgfc.document.models import DocumentReport

# A kept-alive connection the server has meanwhile closed fails on first use with one of
# these; the request is sent once more on a new connection (the server never saw it).
_STALE = (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError)


class Response:
    """What the server answered: status, reason and the body."""

    def __init__(self, status: int, reason: str, body: bytes) -> None:
        self.status_code = status
        self.reason_phrase = reason
        self.content = body

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", "replace")

    def json(self) -> Any:
        return json.loads(self.content)


class ServerClient:
    """A small synchronous client of the kgfc HTTP API."""

    def __init__(
        self,
        url: str,
        *,
        token: str | None = None,
        timeout: float = 300.0,
        connect_timeout: float = 5.0,
    ) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise UsageError(
                f"Not a kgfc server URL: {url!r}.",
                hint="Give it as http://HOST:PORT (the address `kgfc serve` prints).",
            )
        try:
            port = parts.port
        except ValueError as exc:
            raise UsageError(f"Not a kgfc server URL: {url!r} ({exc}).") from exc
        self.url = url.rstrip("/")
        self._https = parts.scheme == "https"
        self._host = parts.hostname
        self._port = port
        self._prefix = parts.path.rstrip("/")
        self._headers = {"Accept": "application/json"}
        if token:
            self._headers["Authorization"] = f"Bearer {token}"
        # a verification may take minutes (an LLM); a server that is not there is known at once
        self._timeout = timeout
        self._connect_timeout = min(connect_timeout, timeout)
        self._conn: http.client.HTTPConnection | None = None

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def __enter__(self) -> ServerClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _connect(self) -> http.client.HTTPConnection:
        cls = http.client.HTTPSConnection if self._https else http.client.HTTPConnection
        conn = cls(self._host, self._port, timeout=self._connect_timeout)
        conn.connect()
        if conn.sock is not None:  # connected within the short timeout; replies may take long
            conn.sock.settimeout(self._timeout)
        return conn

    def _send(self, method: str, path: str, body: bytes | None) -> Response:
        reused = self._conn is not None
        headers = dict(self._headers)
        if body is not None:
            headers["Content-Type"] = "application/json"
        while True:
            if self._conn is None:
                self._conn = self._connect()
            try:
                self._conn.request(method, self._prefix + path, body=body, headers=headers)
                resp = self._conn.getresponse()
                data = resp.read()
            except _STALE:
                self.close()
                if not reused:
                    raise
                reused = False
                continue
            except BaseException:
                self.close()
                raise
            if resp.will_close:
                self.close()
            return Response(resp.status, resp.reason, data)

    def _call(self, method: str, path: str, *, json_body: Any = None) -> Response:
        body = None if json_body is None else json.dumps(json_body).encode("utf-8")
        try:
            resp = self._send(method, path, body)
        except (OSError, http.client.HTTPException) as exc:
            raise RemoteUnavailable(
                f"No kgfc server answers at {self.url} ({type(exc).__name__}).",
                hint="Start one with `kgfc serve`, or check --server / KGFC_SERVER.",
            ) from exc
        if resp.status_code < 400:
            return resp
        try:
            err = resp.json()["error"]
            message, hint = err["message"], err.get("hint")
        except (ValueError, KeyError, TypeError):
            message, hint = resp.text[:300] or resp.reason_phrase, None
        message = f"The server at {self.url} answered {resp.status_code}: {message}"
        if resp.status_code == 401:
            raise ConfigError(message, hint="Set KGFC_SERVER_TOKEN to the server's token.")
        if resp.status_code == 404:
            raise InputError(message, hint=hint)
        if resp.status_code < 500:
            raise UsageError(message, hint=hint)
        raise RemoteError(message, hint=hint)

    def health(self) -> dict[str, Any]:
        body = self._call("GET", "/health").json()
        if not isinstance(body, dict):
            raise RemoteError(f"The server at {self.url} answered /health with {body!r}.")
        return body

    def verify(self, payload: dict[str, Any]) -> VerifyResult:
        return VerifyResult.model_validate(
            self._call("POST", "/v1/verify", json_body=payload).json()
        )

    def check_document(self, payload: dict[str, Any]) -> DocumentReport:
        """``POST /v1/documents``: the server's ``DocumentReport`` for a document."""
        from kgfc.document.models import DocumentReport  # only `check` needs the document models

        resp = self._call("POST", "/v1/documents", json_body=payload)
        return DocumentReport.model_validate(resp.json())

    def claim(self, claim_id: str) -> dict[str, Any]:
        body = self._call("GET", f"/v1/claims/{quote(claim_id, safe='')}").json()
        if not isinstance(body, dict):
            raise RemoteError(f"The server at {self.url} answered with {body!r} for a claim.")
        return body
