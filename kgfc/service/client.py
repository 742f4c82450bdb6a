"""Talking to a running ``kgfc serve``: the HTTP client behind ``--server``, and the lock note.

While a server holds a store it leaves ``<store>.server.json`` beside it (its
URL and pid), so a CLI command that finds the store locked can say which
server holds it and how to send the work there instead.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from kgfc.errors import ConfigError, InputError, RemoteError, RemoteUnavailable, UsageError
from kgfc.models import VerifyResult
from kgfc.settings import Settings


def lock_note_path(settings: Settings) -> Path | None:
    """The file beside an on-disk store that says which server holds it (None: not on disk)."""
    spec = settings.store
    if spec is not None and not spec.startswith("oxigraph:"):
        kind, sep, _ = spec.partition(":")
        if spec == "memory" or (sep and len(kind) > 1 and "/" not in kind and "\\" not in kind):
            return None
    path = settings.store_path()
    return path.with_name(path.name + ".server.json")


def holding_server(settings: Settings) -> dict | None:
    """``{"url", "pid"}`` of the live server holding this store, if there is one."""
    path = lock_note_path(settings)
    if path is None or not path.is_file():
        return None
    try:
        note = json.loads(path.read_text(encoding="utf-8"))
        os.kill(int(note["pid"]), 0)  # signal 0: is that process alive?
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return note


def lock_hint(settings: Settings, command: str = "this command") -> str:
    held = holding_server(settings)
    if held and held.get("url"):
        url = held["url"]
        return (
            f"A kgfc server (pid {held['pid']}) is serving it at {url}: "
            f"send the work there with `kgfc --server {url} ...` (or KGFC_SERVER={url}), "
            f"or stop it before running {command}."
        )
    return (
        "Stop that process, open this store read-only (--read-only), or, if it is "
        "`kgfc serve`, send the work to it with --server URL (KGFC_SERVER)."
    )


class ServerClient:
    """A small synchronous client of the kgfc HTTP API (httpx)."""

    def __init__(self, url: str, *, token: str | None = None, timeout: float = 300.0) -> None:
        import httpx

        self.url = url.rstrip("/")
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self._http = httpx.Client(base_url=self.url, headers=headers, timeout=timeout)

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

    def claim(self, claim_id: str) -> dict:
        from urllib.parse import quote

        return self._call("GET", f"/v1/claims/{quote(claim_id, safe='')}").json()
