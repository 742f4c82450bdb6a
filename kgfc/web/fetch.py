"""Fetch a web page safely and turn it into clean text.

:class:`SafeFetcher` is what stands between a URL found on the web (or in
an LLM's output) and kgfc's network access. For every hop, redirects
included, it

1. accepts only ``http`` and ``https`` URLs;
2. resolves the host and refuses it when *any* address it resolves to is
   loopback, private, link-local (cloud metadata lives at 169.254.169.254),
   multicast, reserved, unspecified or otherwise not globally routable,
   including IPv4 addresses hidden in IPv6 (``::ffff:127.0.0.1``, 6to4,
   NAT64) -- unless private targets are allowed or the host is allow-listed;
3. connects to the address it checked, not to a fresh DNS answer (the host
   name still goes in the ``Host`` header and in TLS SNI, so certificates
   are verified against it): a DNS record that changes between the check
   and the connection ("DNS rebinding") cannot slip through;
4. follows at most ``max_redirects`` redirects itself, checking each target
   before connecting to it;
5. reads at most ``max_bytes`` (the rest is cut) within an overall deadline,
   and only text/html, text/plain, application/xhtml+xml and JSON.

Environment proxies are ignored on purpose: a proxy would resolve and
connect on our behalf, past the guard. Pages are cached on disk by URL.

Errors: :class:`~kgfc.errors.InputError` for a refused target (the message
names the rule), :class:`~kgfc.errors.RemoteUnavailable` /
:class:`~kgfc.errors.RemoteError` for a page that could not be fetched.
"""

from __future__ import annotations

import codecs
import functools
import hashlib
import ipaddress
import json
import socket
import time
import urllib.parse
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeGuard

from pydantic import BaseModel, Field

from kgfc.errors import ConfigError, InputError, RemoteError, RemoteUnavailable
from kgfc.models import utcnow
from kgfc.retry import call_with_retries
from kgfc.web._http import LazyClient, setting, write_atomic

if TYPE_CHECKING:
    import httpx

MAX_BYTES = 2_000_000
MAX_REDIRECTS = 5
ALLOWED_TYPES = ("text/html", "text/plain", "application/xhtml+xml", "application/json")
REDIRECTS = {301, 302, 303, 307, 308}
ACCEPT = "text/html,application/xhtml+xml,text/plain;q=0.9,application/json;q=0.8"
IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_PRIVATE_HINT = (
    "kgfc does not fetch private or local addresses, to keep web content from reaching "
    "internal services. If you trust this target, allow-list its host (KGFC_FETCH_ALLOW_HOSTS) "
    "or set KGFC_FETCH_ALLOW_PRIVATE=1."
)


class FetchedPage(BaseModel):
    url: str = Field(description="the URL asked for")
    final_url: str = Field(description="where the redirects ended")
    title: str | None = None
    text: str
    content_type: str
    status: int = 200
    fetched_at: datetime = Field(default_factory=utcnow)
    bytes: int = Field(0, description="body bytes read (at most the size cap)")
    truncated: bool = False
    redirects: list[str] = Field(default_factory=list)
    from_cache: bool = False


def address_rule(ip: IPAddress) -> str | None:
    """Why ``ip`` must not be fetched ("loopback", "private"...), or None for a public address."""
    embedded: list[IPAddress] = []
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:  # ::ffff:a.b.c.d is a.b.c.d, nothing more
            return address_rule(ip.ipv4_mapped)
        if ip.sixtofour is not None:
            embedded.append(ip.sixtofour)
        if ip.teredo is not None:
            embedded.extend(ip.teredo)
        if ip in _NAT64:
            embedded.append(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
    for inner in embedded:
        rule = address_rule(inner)
        if rule:
            return rule
    for rule, hit in (
        ("unspecified", ip.is_unspecified),
        ("loopback", ip.is_loopback),
        ("link-local", ip.is_link_local),
        ("multicast", ip.is_multicast),
        ("private", ip.is_private),
        ("reserved", ip.is_reserved),
        ("site-local", isinstance(ip, ipaddress.IPv6Address) and ip.is_site_local),
        ("non-public", not ip.is_global),
    ):
        if hit:
            return rule
    return None


def system_resolver(host: str, port: int) -> list[str]:
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]).split("%")[0] for info in infos))


def _parse_allow(
    entries: Iterable[str],
) -> tuple[set[str], list[ipaddress.IPv4Network | ipaddress.IPv6Network]]:
    names: set[str] = set()
    nets: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
    for entry in entries:
        entry = entry.strip().strip("[]").lower()
        if not entry:
            continue
        try:
            nets.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            names.add(entry.rstrip("."))
    return names, nets


class SafeFetcher:
    """Fetch pages past an SSRF guard; ``pages_fetched`` counts network fetches (cache hits excluded)."""

    def __init__(
        self,
        settings: Any,
        allow_private: bool | None = None,
        allow_hosts: Sequence[str] = (),
        *,
        max_bytes: int | None = None,
        max_redirects: int = MAX_REDIRECTS,
        resolver: Callable[[str, int], list[str]] = system_resolver,
        client: httpx.Client | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.settings = settings
        self.allow_private = (
            setting(settings, "fetch_allow_private", False)
            if allow_private is None
            else allow_private
        )
        configured = setting(settings, "fetch_allow_hosts", "") or ""
        if isinstance(configured, str):
            configured = configured.split(",")
        self._allow_names, self._allow_nets = _parse_allow([*configured, *allow_hosts])
        self.max_bytes = int(max_bytes or setting(settings, "fetch_max_bytes", MAX_BYTES))
        self.max_redirects = max_redirects
        self.resolver = resolver
        self.cache_dir = Path(settings.cache_dir) / "fetch"
        self.pages_fetched = 0
        self.cache_hits = 0
        self._http = LazyClient(client, self._new_client)
        self._sleep = sleep

    # -- lifecycle ----------------------------------------------------------
    def _new_client(self) -> httpx.Client:
        import httpx

        return httpx.Client(
            timeout=self.settings.timeout,
            headers={"User-Agent": self.settings.user_agent, "Accept": ACCEPT},
            follow_redirects=False,  # each hop is checked by hand
            trust_env=False,  # a proxy would connect past the guard
        )

    def client(self) -> httpx.Client:
        return self._http.get()

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> SafeFetcher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the guard ------------------------------------------------------------
    def _host_allowed(self, host: str) -> bool:
        return host.lower().rstrip(".") in self._allow_names

    def _ip_allowed(self, ip: IPAddress) -> bool:
        return any(ip in net for net in self._allow_nets if net.version == ip.version)

    def _resolve(self, url: str, host: str, port: int) -> list[IPAddress]:
        try:
            return [ipaddress.ip_address(host)]
        except ValueError:
            pass  # a name, not an address literal
        try:
            addresses = [ipaddress.ip_address(a) for a in self.resolver(host, port)]
        except (OSError, UnicodeError, ValueError) as exc:
            raise RemoteUnavailable(
                f"Cannot resolve the host {host!r} of {url} ({exc}).",
                hint="Check the URL and the network connection.",
            ) from exc
        if not addresses:
            raise RemoteUnavailable(f"The host {host!r} of {url} resolves to no address.")
        return addresses

    def check(self, url: str) -> tuple[httpx.URL, str, bool]:
        """Vet ``url``; return it parsed, the address to connect to, and whether that address is private.

        Raises :class:`InputError` naming the rule a refused URL breaks.
        """
        import httpx

        try:
            parsed = httpx.URL(url)
        except (httpx.InvalidURL, TypeError, ValueError) as exc:
            raise InputError(f"Refusing {url!r}: not a valid URL ({exc}).") from exc
        if parsed.scheme not in ("http", "https"):
            raise InputError(
                f"Refusing {url}: only http and https URLs are fetched (rule: scheme, got {parsed.scheme or 'none'!r}).",
                hint="Give a web address starting with http:// or https://.",
            )
        host = parsed.host
        if not host:
            raise InputError(f"Refusing {url}: the URL has no host.")
        port = parsed.port or (443 if parsed.scheme == "https" else 80)
        addresses = self._resolve(url, host, port)
        trusted_name = self.allow_private or self._host_allowed(host)
        private = False
        for ip in addresses:
            rule = address_rule(ip)
            if rule is None:
                continue
            private = True
            if not (trusted_name or self._ip_allowed(ip)):
                shown = host if str(ip) == host else f"{host} ({ip})"
                raise InputError(
                    f"Refusing {url}: {shown} is a {rule} address (rule: no {rule} targets).",
                    hint=_PRIVATE_HINT,
                )
        return parsed, str(addresses[0]), private

    # -- fetching ---------------------------------------------------------------
    def _cache_path(self, url: str) -> Path:
        return self.cache_dir / f"{hashlib.sha256(url.encode()).hexdigest()}.json"

    def _cached(self, url: str) -> FetchedPage | None:
        try:
            data = json.loads(self._cache_path(url).read_text(encoding="utf-8"))
            page = FetchedPage.model_validate(data["page"])
        except (OSError, ValueError, KeyError, TypeError):
            return None
        if data.get("private") and not self.allow_private:
            # Fetched under a looser policy: only serve it if this fetcher would fetch it too.
            hosts = [urllib.parse.urlsplit(u).hostname or "" for u in [url, *page.redirects]]
            if not all(self._host_allowed(h) or self._literal_allowed(h) for h in hosts):
                return None
        return page.model_copy(update={"from_cache": True})

    def _literal_allowed(self, host: str) -> bool:
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return False
        return address_rule(ip) is None or self._ip_allowed(ip)

    def fetch(self, url: str) -> FetchedPage:
        """The page at ``url`` as clean text, from the cache when it was fetched before."""
        url = url.strip()
        cached = self._cached(url)
        if cached is not None:
            self.cache_hits += 1
            return cached
        if self.settings.offline:
            raise ConfigError(
                f"Fetching {url} needs the network, but offline mode is on (and the page is not cached).",
                hint="Unset KGFC_OFFLINE / drop --offline to fetch web pages.",
            )
        current, redirects, private = url, [], False
        for hop in range(self.max_redirects + 1):
            target, address, hop_private = self.check(current)
            private = private or hop_private
            result = call_with_retries(
                functools.partial(self._request, target, address),
                retries=self.settings.retries,
                backoff=self.settings.backoff,
                what=f"the web page {current}",
                hint="Check that the URL opens in a browser; the site may be down, gone or blocking automated clients.",
                sleep=self._sleep,
            )
            if isinstance(result, str):  # a redirect
                if hop == self.max_redirects:
                    raise RemoteError(
                        f"{url} redirects more than {self.max_redirects} times; gave up at {current}.",
                        hint="Open it in a browser to see where it leads, and fetch that URL instead.",
                    )
                current = urllib.parse.urljoin(current, result)
                redirects.append(current)
                continue
            status, ctype, charset, body, truncated = result
            break
        self.pages_fetched += 1
        page = self._to_page(url, current, redirects, status, ctype, charset, body, truncated)
        write_atomic(
            self._cache_path(url),
            json.dumps(
                {"private": private, "page": page.model_dump(mode="json", exclude={"from_cache"})}
            ),
        )
        return page

    def _request(
        self, target: httpx.URL, address: str
    ) -> str | tuple[int, str, str | None, bytes, bool]:
        """One GET to ``address``; a redirect's Location, or (status, type, charset, body, truncated)."""
        import httpx

        pinned = target.copy_with(host=address)
        extensions = {"sni_hostname": target.host} if target.scheme == "https" else {}
        headers = {"Host": target.netloc.decode("ascii")}
        deadline = time.monotonic() + 2 * float(self.settings.timeout)
        with self.client().stream("GET", pinned, headers=headers, extensions=extensions) as resp:
            if resp.status_code in REDIRECTS and resp.headers.get("Location"):
                return resp.headers["Location"]
            if not resp.is_success:
                body, _ = self._read_capped(resp, 65_536, deadline)
                # a complete (non-streaming) copy, so the retry helper can quote the body
                httpx.Response(
                    resp.status_code, headers=resp.headers, content=body, request=resp.request
                ).raise_for_status()
            ctype, _, params = resp.headers.get("Content-Type", "").partition(";")
            ctype = ctype.strip().lower()
            if ctype:
                _check_type(target, ctype)  # before reading a byte of a PDF or a video
            body, truncated = self._read_capped(resp, self.max_bytes, deadline)
            if not ctype:
                ctype = _sniff(body)
                _check_type(target, ctype)
            charset = None
            for param in params.split(";"):
                key, _, value = param.partition("=")
                if key.strip().lower() == "charset":
                    charset = value.strip().strip('"') or None
            return resp.status_code, ctype, charset, body, truncated

    def _read_capped(self, resp: httpx.Response, cap: int, deadline: float) -> tuple[bytes, bool]:
        chunks: list[bytes] = []
        size = 0
        for chunk in resp.iter_bytes():
            chunks.append(chunk)
            size += len(chunk)
            if size > cap:
                return b"".join(chunks)[:cap], True
            if time.monotonic() > deadline:
                raise RemoteUnavailable(
                    f"{resp.request.url} sent its page too slowly (over {2 * self.settings.timeout:.0f}s).",
                    hint="Try again later or raise KGFC_TIMEOUT.",
                )
        return b"".join(chunks), False

    def _to_page(
        self,
        url: str,
        final: str,
        redirects: list[str],
        status: int,
        ctype: str,
        charset: str | None,
        body: bytes,
        truncated: bool,
    ) -> FetchedPage:
        from kgfc.web.html import decode_html, html_to_text

        title = None
        if ctype in ("text/html", "application/xhtml+xml"):
            title, text = html_to_text(decode_html(body, charset), url=final)
        else:
            text = body.decode(charset if _codec(charset) else "utf-8", errors="replace")
        return FetchedPage(
            url=url,
            final_url=final,
            title=title,
            text=text,
            content_type=ctype,
            status=status,
            bytes=len(body),
            truncated=truncated,
            redirects=redirects,
        )


def _codec(name: str | None) -> TypeGuard[str]:
    if not name:
        return False
    try:
        codecs.lookup(name)
    except LookupError:
        return False
    return True


def _check_type(target: Any, ctype: str) -> None:
    if ctype not in ALLOWED_TYPES:
        raise InputError(
            f"Refusing {target}: its content type is {ctype or 'unknown'!r} "
            f"(rule: only {', '.join(ALLOWED_TYPES)}).",
            hint="kgfc reads web pages and plain text, not documents, images or binaries.",
        )


def _sniff(body: bytes) -> str:
    """A content type for a response that sent none: HTML or plain text if it looks so, else unknown."""
    head = body[:512].lstrip().lower()
    if head.startswith((b"<!doctype html", b"<html", b"<head", b"<body", b"<p")):
        return "text/html"
    if b"\x00" not in body[:4096]:
        try:  # incremental: a multi-byte character cut at 4096 bytes is not an error
            codecs.getincrementaldecoder("utf-8")().decode(body[:4096], final=False)
        except UnicodeDecodeError:
            return ""
        return "text/plain"
    return ""
