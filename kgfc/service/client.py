"""Talking to a running ``kgfc serve``: the HTTP client behind ``--server``.

The lock note a server leaves beside the store it holds is read and written
through :mod:`kgfc.registry`.
"""

from __future__ import annotations

from typing import Any

from kgfc.errors import ConfigError, InputError, RemoteError, RemoteUnavailable, UsageError
from kgfc.models import VerifyResult


class ServerClient:
    """A small synchronous client of the kgfc HTTP API (httpx)."""

    def __init__(
        self,
        url: str,
        *,
        token: str | None = None,
        timeout: float = 300.0,
        connect_timeout: float = 5.0,
    ) -> None:
        import httpx

        self.url = url.rstrip("/")
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        # a verification may take minutes (an LLM); a server that is not there is known at once
        limits = httpx.Timeout(timeout, connect=min(connect_timeout, timeout))
        self._http = httpx.Client(base_url=self.url, headers=headers, timeout=limits)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> ServerClient:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _call(self, method: str, path: str, **kw: Any):
        import httpx

        try:
            resp = self._http.request(method, path, **kw)
        except httpx.TransportError as exc:
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

    def health(self) -> dict:
        return self._call("GET", "/health").json()

    def verify(self, payload: dict) -> VerifyResult:
        return VerifyResult.model_validate(self._call("POST", "/v1/verify", json=payload).json())

    def check_document(self, payload: dict):
        """``POST /v1/documents``: the server's ``DocumentReport`` for a document."""
        from kgfc.document.models import DocumentReport

        resp = self._call("POST", "/v1/documents", json=payload)
        return DocumentReport.model_validate(resp.json())

    def claim(self, claim_id: str) -> dict:
        from urllib.parse import quote

        return self._call("GET", f"/v1/claims/{quote(claim_id, safe='')}").json()
