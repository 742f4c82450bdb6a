"""HTTP plumbing shared by the remote search providers: one cached, retried request.

Every request goes through :func:`kgfc.retry.call_with_retries` and is
cached on disk under ``settings.cache_dir/search/<provider>/<sha256>.json``,
keyed by method, URL, parameters and body, with secrets (API keys) left out
of both the key and the stored record. A re-run of the same search is free
and works offline.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kgfc.errors import ConfigError, RemoteError
from kgfc.models import utcnow
from kgfc.retry import MalformedResponse, call_with_retries, endpoint_gate, through_gate

if TYPE_CHECKING:
    import httpx

_TRUE = {"1", "true", "yes", "on"}


def setting(settings: Any, name: str, default: Any = None) -> Any:
    """``settings.<name>``, else ``$KGFC_<NAME>``, else ``default``.

    The environment fallback covers fields not yet declared on
    :class:`~kgfc.settings.Settings`; once declared, the field wins.
    """
    value: object = getattr(settings, name, None)
    if hasattr(value, "get_secret_value"):  # a pydantic SecretStr
        value = value.get_secret_value()
    if value is None:
        value = os.environ.get(f"KGFC_{name.upper()}")
    if value is None or value == "":
        return default
    if isinstance(default, bool) and isinstance(value, str):
        return value.strip().lower() in _TRUE
    if (
        isinstance(default, int | float)
        and not isinstance(default, bool)
        and isinstance(value, str)
    ):
        return type(default)(value)
    return value


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def cache_key(record: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(record, sort_keys=True, default=str).encode()).hexdigest()


class LazyClient:
    """An httpx client made by ``make`` on first use, and closed here only if made here.

    A client passed in stays its owner's to close. ``make`` imports httpx, so a
    run that never goes online never loads it.
    """

    def __init__(self, client: httpx.Client | None, make: Callable[[], httpx.Client]) -> None:
        self._client, self._make, self._own = client, make, False

    def get(self) -> httpx.Client:
        if self._client is None:
            self._client = self._make()
            self._own = True
        return self._client

    def close(self) -> None:
        if self._own and self._client is not None:
            self._client.close()
            self._client = None


class CachedHttp:
    """Cached, retried HTTP for one provider; ``calls`` counts requests that went out."""

    def __init__(
        self,
        settings: Any,
        provider: str,
        *,
        client: httpx.Client | None = None,
        sleep: Callable[[float], None] = time.sleep,
        before_request: Callable[[], object] | None = None,  # what it returns is not used
    ) -> None:
        self.settings = settings
        self.provider = provider
        self.cache_dir = Path(settings.cache_dir) / "search" / provider
        self.calls = 0
        self.cache_hits = 0
        self._http = LazyClient(client, self._new_client)
        self._sleep = sleep
        self._before_request = before_request

    def _new_client(self) -> httpx.Client:
        import httpx

        return httpx.Client(
            timeout=self.settings.timeout,
            headers={"User-Agent": self.settings.user_agent},
            follow_redirects=True,
        )

    def client(self) -> httpx.Client:
        return self._http.get()

    def close(self) -> None:
        self._http.close()

    def request(
        self,
        method: str,
        url: str,
        *,
        params: dict[str, str] | None = None,
        json_body: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        secret_params: Iterable[str] = (),
        parse: str = "json",
        what: str,
        url_setting: str | None = None,
        hint: str | None = None,
        cacheable: Callable[[Any], bool] | None = None,
        config_errors: dict[int, str] | None = None,
    ) -> Any:
        """Send (or replay from the cache) one request; return parsed JSON or, with ``parse="text"``, the body.

        ``config_errors`` maps HTTP statuses that mean "your setting is wrong"
        (401 for a bad API key, say) to the hint of the :class:`ConfigError`
        raised instead of a remote error.
        """
        secrets = set(secret_params)
        shown = {k: v for k, v in (params or {}).items() if k not in secrets}
        record = {"method": method, "url": url, "params": shown, "json": json_body}
        path = self.cache_dir / f"{cache_key(record)}.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))["response"]
        except (OSError, ValueError, KeyError, TypeError):
            pass  # not cached yet, or a damaged entry: fetch again
        else:
            self.cache_hits += 1
            return data
        if self.settings.offline:
            raise ConfigError(
                f"The {self.provider} search provider needs the network, but offline mode is on "
                "(and this request is not in the cache).",
                hint="Unset KGFC_OFFLINE / drop --offline, or search a local corpus with local:DIR.",
            )

        ua = {"User-Agent": self.settings.user_agent, **(headers or {})}
        send = self._sender(method, url, params=params, json=json_body, headers=ua)

        def attempt() -> Any:
            if self._before_request is not None:
                self._before_request()
            resp = send()
            if parse == "text":
                return resp.text
            try:
                return resp.json()
            except ValueError as exc:
                raise MalformedResponse(f"unreadable JSON from {what} ({exc})") from exc

        self.calls += 1
        try:
            data = call_with_retries(
                attempt,
                retries=self.settings.retries,
                backoff=self.settings.backoff,
                what=what,
                url_setting=url_setting,
                hint=hint,
                sleep=self._sleep,
            )
        except RemoteError as exc:
            status = getattr(exc, "status", None)
            if config_errors and status in config_errors:
                raise ConfigError(
                    f"{what} refused kgfc (HTTP {status}).", hint=config_errors[status]
                ) from exc
            raise
        if cacheable is None or cacheable(data):
            write_atomic(
                path,
                json.dumps(
                    {"request": record, "fetched_at": utcnow().isoformat(), "response": data}
                ),
            )
        return data

    def _sender(self, method: str, url: str, **kwargs: Any) -> Callable[[], Any]:
        """One request, raising for an error status; at most N in flight to its endpoint
        (KGFC_ENDPOINT_LIMITS), from every thread."""
        gate = endpoint_gate(setting(self.settings, "endpoint_limits"), url)

        def send() -> Any:
            resp = self.client().request(method, url, **kwargs)
            resp.raise_for_status()
            return resp

        return lambda: through_gate(gate, send)


class HttpProvider:
    """What every remote search provider shares: one ``CachedHttp`` and its call count."""

    http: CachedHttp

    @property
    def calls(self) -> int:
        return self.http.calls

    def close(self) -> None:
        self.http.close()
