"""SafeFetcher: the SSRF guard, redirects checked hop by hop, size and type limits, clean text.

The scripted server listens on 127.0.0.1, which the guard refuses, so tests
that need it either allow private targets or allow-list the server's host
for the first hop only.
"""

from __future__ import annotations

import ipaddress
import socket

import pytest
from fakes.http_server import scripted_server

from kgfc.errors import ConfigError, InputError, RemoteError, RemoteUnavailable
from kgfc.settings import Settings
from kgfc.web.fetch import SafeFetcher, address_rule

HTML = {"Content-Type": "text/html; charset=utf-8"}

PAGE = """<!doctype html>
<html><head><title>Ada Lovelace - Biography</title>
<style>p { color: red } .secret { content: "STYLETEXT" }</style>
<script>window.tracker = "SCRIPTTEXT"; document.write("<p>injected</p>");</script>
</head><body>
<nav><a href="/">Home</a> | <a href="/people">People</a></nav>
<article>
<h1>Ada Lovelace</h1>
<p>Ada Lovelace was an English mathematician and writer, chiefly known for her work on
Charles Babbage's proposed mechanical general-purpose computer, the Analytical Engine.</p>
<p>She was the first to recognise that the machine had applications beyond pure calculation,
and published the first algorithm intended to be carried out by such a machine.</p>
<noscript>NOSCRIPTTEXT</noscript>
</article>
<footer>© 2024 Example Encyclopedia</footer>
</body></html>
"""


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(home=tmp_path / "home", offline=False, retries=1, backoff=0.0, timeout=5)


def no_dns(host: str, port: int) -> list[str]:
    raise AssertionError(f"the guard should not have resolved {host}")


# -- the guard, without any network ---------------------------------------------------
@pytest.mark.parametrize(
    ("url", "rule"),
    [
        ("http://127.0.0.1/", "loopback"),
        ("http://127.8.9.10:8080/admin", "loopback"),
        ("http://localhost/", "loopback"),
        ("http://LocalHost/", "loopback"),
        ("http://2130706433/", "loopback"),  # 127.0.0.1 written as one number
        ("http://10.1.2.3/", "private"),
        ("http://192.168.1.1/router", "private"),
        ("http://172.16.0.1/", "private"),
        ("http://169.254.169.254/latest/meta-data/", "link-local"),
        ("http://[::1]/", "loopback"),
        ("http://[::ffff:127.0.0.1]/", "loopback"),
        ("http://[::ffff:10.0.0.1]/", "private"),
        ("http://[fe80::1]/", "link-local"),
        ("http://[fd00::1]/", "private"),
        ("http://0.0.0.0/", "unspecified"),
        ("http://224.0.0.1/", "multicast"),
        ("http://100.64.0.1/", "non-public"),  # carrier-grade NAT
        ("https://[64:ff9b::a00:1]/", "private"),  # NAT64 wrapping 10.0.0.1
        ("http://[2002:7f00:1::]/", "loopback"),  # 6to4 wrapping 127.0.0.1
    ],
)
def test_guard_refuses_non_public_targets(settings, url, rule):
    fetcher = SafeFetcher(settings)
    with pytest.raises(InputError) as exc:
        fetcher.fetch(url)
    message = str(exc.value)
    assert message.startswith("Refusing ") and f"rule: no {rule} targets" in message
    assert "KGFC_FETCH_ALLOW_PRIVATE" in message  # the fix is named
    assert exc.value.exit_code == 2
    assert fetcher.pages_fetched == 0


@pytest.mark.parametrize(
    "url",
    ["file:///etc/passwd", "ftp://example.org/x", "gopher://example.org/", "javascript:alert(1)"],
)
def test_guard_refuses_other_schemes(settings, url):
    with pytest.raises(InputError, match="rule: scheme"):
        SafeFetcher(settings, resolver=no_dns).fetch(url)


def test_guard_checks_every_address_a_name_resolves_to(settings):
    fetcher = SafeFetcher(settings, resolver=lambda host, port: ["93.184.216.34", "10.0.0.7"])
    with pytest.raises(InputError, match=r"mixed\.example \(10\.0\.0\.7\) is a private address"):
        fetcher.fetch("https://mixed.example/")
    intranet = SafeFetcher(settings, resolver=lambda host, port: ["192.168.10.20"])
    with pytest.raises(InputError, match="private"):
        intranet.fetch("http://wiki.intranet.example/page")


def test_guard_accepts_public_addresses(settings):
    fetcher = SafeFetcher(
        settings, resolver=lambda host, port: ["93.184.216.34", "2606:2800:220:1::"]
    )
    parsed, address, private = fetcher.check("https://example.org/page?q=1")
    assert (parsed.host, address, private) == ("example.org", "93.184.216.34", False)


def test_unresolvable_host_is_remote_unavailable(settings):
    def fail(host, port):
        raise socket.gaierror(-2, "Name or service not known")

    with pytest.raises(RemoteUnavailable, match="Cannot resolve the host 'nowhere.invalid'"):
        SafeFetcher(settings, resolver=fail).fetch("http://nowhere.invalid/")


def test_address_rule():
    assert address_rule(ipaddress.ip_address("8.8.8.8")) is None
    assert address_rule(ipaddress.ip_address("2001:4860:4860::8888")) is None
    assert address_rule(ipaddress.ip_address("::ffff:8.8.8.8")) is None
    assert address_rule(ipaddress.ip_address("::ffff:169.254.169.254")) == "link-local"
    assert address_rule(ipaddress.ip_address("::")) == "unspecified"


# -- against the scripted server ------------------------------------------------------
def test_allow_private_fetches_and_extracts_clean_text(settings):
    with scripted_server([(200, HTML, PAGE)]) as srv:
        fetcher = SafeFetcher(settings, allow_private=True)
        page = fetcher.fetch(srv.url + "/ada")
    (req,) = srv.requests
    assert req.path == "/ada" and req.headers["user-agent"] == settings.user_agent
    assert "text/html" in req.headers["accept"]
    assert page.url == page.final_url == srv.url + "/ada"
    assert page.title == "Ada Lovelace"
    assert page.content_type == "text/html" and page.status == 200 and not page.truncated
    assert "Ada Lovelace was an English mathematician and writer" in page.text
    assert "the first algorithm intended to be carried out by such a machine." in page.text
    for junk in ("SCRIPTTEXT", "STYLETEXT", "injected", "color: red", "<p>", "NOSCRIPTTEXT"):
        assert junk not in page.text
    assert fetcher.pages_fetched == 1


def test_redirect_to_a_private_address_is_refused_before_connecting(settings):
    script = [(302, {"Location": "http://10.0.0.1/internal/secrets"}, "")]
    with scripted_server(script) as srv:
        # the test server stands in for a public site: allow-listed for the first hop only
        fetcher = SafeFetcher(settings, allow_hosts=["127.0.0.1"])
        with pytest.raises(InputError) as exc:
            fetcher.fetch(srv.url + "/start")
    assert "http://10.0.0.1/internal/secrets" in str(exc.value)
    assert "rule: no private targets" in str(exc.value)
    assert len(srv.requests) == 1  # the guard stopped the second hop; 10.0.0.1 was never contacted


def test_redirect_to_loopback_by_name_is_refused(settings):
    """Allow-listing one name does not allow another name for the same private address."""

    def resolver(host: str, port: int) -> list[str]:
        return ["127.0.0.1"]  # both the allow-listed site and "localhost"

    with scripted_server([]) as srv:
        port = srv.url.rsplit(":", 1)[1]
        srv.responses.append((301, {"Location": f"http://localhost:{port}/admin"}, ""))
        fetcher = SafeFetcher(settings, allow_hosts=["trusted.test"], resolver=resolver)
        with pytest.raises(InputError, match=r"localhost \(127\.0\.0\.1\) is a loopback address"):
            fetcher.fetch(f"http://trusted.test:{port}/")
    assert [r.path for r in srv.requests] == ["/"]


def test_redirects_are_followed_and_recorded(settings):
    script = [
        (301, {"Location": "/moved"}, ""),
        (307, {"Location": "/final?x=1"}, ""),
        (200, {"Content-Type": "text/plain; charset=utf-8"}, "plain text body"),
    ]
    with scripted_server(script) as srv:
        page = SafeFetcher(settings, allow_private=True).fetch(srv.url + "/old")
    assert [r.path for r in srv.requests] == ["/old", "/moved", "/final"]
    assert page.redirects == [srv.url + "/moved", srv.url + "/final?x=1"]
    assert page.final_url == srv.url + "/final?x=1" and page.url == srv.url + "/old"
    assert page.text == "plain text body" and page.title is None


def test_too_many_redirects(settings):
    loop = [(302, {"Location": f"/hop{i}"}, "") for i in range(10)]
    with (
        scripted_server(loop) as srv,
        pytest.raises(RemoteError, match="redirects more than 5 times"),
    ):
        SafeFetcher(settings, allow_private=True).fetch(srv.url + "/")
    assert len(srv.requests) == 6  # the first request and five redirects, no more


def test_size_cap_cuts_a_big_page(settings):
    big = ("All work and no play makes Jack a dull boy. " * 5000).encode()  # 220 kB
    with scripted_server([(200, {"Content-Type": "text/plain"}, big)]) as srv:
        page = SafeFetcher(settings, allow_private=True, max_bytes=10_000).fetch(srv.url + "/big")
    assert page.truncated and page.bytes == 10_000 and len(page.text) == 10_000
    assert page.text.startswith("All work and no play")


@pytest.mark.parametrize(
    "ctype", ["application/pdf", "image/png", "application/octet-stream", "video/mp4"]
)
def test_wrong_content_type_is_refused(settings, ctype):
    with (
        scripted_server([(200, {"Content-Type": ctype}, b"%PDF-1.7 binary")]) as srv,
        pytest.raises(InputError, match=f"content type is '{ctype}'"),
    ):
        SafeFetcher(settings, allow_private=True).fetch(srv.url + "/doc")


def test_json_is_accepted_as_text(settings):
    with scripted_server([(200, {}, {"claim": "x", "ok": True})]) as srv:
        page = SafeFetcher(settings, allow_private=True).fetch(srv.url + "/api")
    assert page.content_type == "application/json" and '"claim": "x"' in page.text


def test_cache_serves_repeats_without_a_request(settings):
    with scripted_server([(200, HTML, PAGE)]) as srv:
        fetcher = SafeFetcher(settings, allow_private=True)
        first = fetcher.fetch(srv.url + "/ada")
        second = SafeFetcher(settings, allow_private=True).fetch(srv.url + "/ada")
    assert len(srv.requests) == 1
    assert second.from_cache and not first.from_cache
    assert second.text == first.text and second.fetched_at == first.fetched_at


def test_cached_private_page_is_not_served_to_a_strict_fetcher(settings):
    with scripted_server([(200, HTML, PAGE)]) as srv:
        SafeFetcher(settings, allow_private=True).fetch(srv.url + "/ada")
        with pytest.raises(InputError, match="loopback"):
            SafeFetcher(settings).fetch(srv.url + "/ada")
        # allow-listing the host is enough to be served the cached copy
        assert SafeFetcher(settings, allow_hosts=["127.0.0.1"]).fetch(srv.url + "/ada").from_cache
    assert len(srv.requests) == 1


def test_connection_goes_to_the_checked_address(settings):
    """DNS is asked once, by the guard; the request goes to that address with the name as Host."""
    asked: list[str] = []

    def resolver(host: str, port: int) -> list[str]:
        asked.append(host)
        return ["127.0.0.1"]

    with scripted_server([(200, {"Content-Type": "text/plain"}, "pinned")]) as srv:
        port = srv.url.rsplit(":", 1)[1]
        fetcher = SafeFetcher(settings, allow_hosts=["docs.internal.test"], resolver=resolver)
        page = fetcher.fetch(f"http://docs.internal.test:{port}/p")
    assert asked == ["docs.internal.test"]
    assert srv.requests[0].headers["host"] == f"docs.internal.test:{port}"
    assert page.text == "pinned" and page.final_url == f"http://docs.internal.test:{port}/p"


def test_http_errors(settings):
    sleeps: list[float] = []
    with (
        scripted_server([(404, {}, "no such page")]) as srv,
        pytest.raises(RemoteError, match="HTTP 404"),
    ):
        SafeFetcher(settings, allow_private=True, sleep=sleeps.append).fetch(srv.url + "/gone")
    assert len(srv.requests) == 1 and sleeps == []  # a 404 is not retried
    with scripted_server([(503, {"Retry-After": "1"}, "busy"), (200, HTML, PAGE)]) as srv:
        page = SafeFetcher(settings, allow_private=True, sleep=sleeps.append).fetch(
            srv.url + "/busy"
        )
    assert sleeps == [1.0] and page.title == "Ada Lovelace"


def test_offline_refuses_uncached_pages(settings):
    offline = Settings(home=settings.home, offline=True)
    with pytest.raises(ConfigError, match="offline mode is on"):
        SafeFetcher(offline, allow_private=True).fetch("http://127.0.0.1:9/")


def test_settings_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("KGFC_FETCH_ALLOW_PRIVATE", "1")
    settings = Settings(home=tmp_path / "home", offline=False, retries=0)
    with scripted_server([(200, {"Content-Type": "text/plain"}, "ok")]) as srv:
        assert SafeFetcher(settings).fetch(srv.url + "/").text == "ok"
    monkeypatch.setenv("KGFC_FETCH_ALLOW_PRIVATE", "0")
    monkeypatch.setenv("KGFC_FETCH_ALLOW_HOSTS", "wiki.corp.example, 10.20.0.0/16")
    fetcher = SafeFetcher(
        Settings(home=tmp_path / "home", offline=False), resolver=lambda h, p: ["10.20.3.4"]
    )
    assert fetcher.check("http://wiki.corp.example/")[1:] == ("10.20.3.4", True)
    assert (
        fetcher.check("http://other.corp.example/")[2] is True
    )  # allowed through the network entry
    with pytest.raises(InputError):
        SafeFetcher(Settings(home=tmp_path / "home", offline=False)).fetch("http://10.30.0.1/")


# -- HTML to text ---------------------------------------------------------------------
def test_html_without_an_article_keeps_its_visible_blocks():
    from kgfc.web.html import _fallback, html_to_text

    page = "<html><head><title>Index</title><script>SCRIPTX()</script></head><body><ul><li>One item</li><li>Two item</li></ul><style>.x{}</style></body></html>"
    assert html_to_text(page) == ("Index", "One item\n\nTwo item")
    assert _fallback(page) == (
        "Index",
        "One item\n\nTwo item",
    )  # what runs when trafilatura finds nothing


def test_charset_from_meta_tag(settings):
    body = '<html><head><meta charset="iso-8859-1"><title>Café</title></head><body><p>Crème brûlée is a dessert of rich custard topped with caramelised sugar, served cold.</p></body></html>'
    with scripted_server([(200, {"Content-Type": "text/html"}, body.encode("iso-8859-1"))]) as srv:
        page = SafeFetcher(settings, allow_private=True).fetch(srv.url + "/")
    assert "Crème brûlée is a dessert" in page.text


def test_a_client_passed_in_stays_open_one_made_here_is_closed(settings):
    import httpx

    from kgfc.web._http import CachedHttp

    for make in (
        lambda c: SafeFetcher(settings, client=c),
        lambda c: CachedHttp(settings, "x", client=c),
    ):
        mine = httpx.Client()
        user = make(mine)
        assert user.client() is mine
        user.close()
        assert not mine.is_closed  # the caller's to close
        mine.close()
        own = make(None)
        made = own.client()
        assert own.client() is made  # made once, on first use
        own.close()
        assert made.is_closed
