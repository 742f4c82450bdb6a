"""Per-endpoint caps (KGFC_ENDPOINT_LIMITS, the Wikidata limits): real threads, real clients,
against a local HTTP server that counts the requests it has in hand at once."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from kgfc.errors import ConfigError
from kgfc.retry import (
    GateState,
    Limit,
    ThreadGate,
    endpoint_limit,
    gate_for,
    parse_limits,
    through_gate,
    use_cluster_gates,
)
from kgfc.settings import load_settings


class CountingServer(ThreadingHTTPServer):
    """Answers every request after ``delay`` seconds; records the most it held at once."""

    daemon_threads = True

    def __init__(self, delay: float, reply: bytes) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.delay, self.reply = delay, reply
        self.now = self.peak = self.total = 0
        self.lock = threading.Lock()
        self.starts: list[float] = []

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


class _Handler(BaseHTTPRequestHandler):
    server: CountingServer

    def _serve(self) -> None:
        srv = self.server
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        with srv.lock:
            srv.now += 1
            srv.total += 1
            srv.peak = max(srv.peak, srv.now)
            srv.starts.append(time.monotonic())
        try:
            time.sleep(srv.delay)
        finally:
            with srv.lock:
                srv.now -= 1
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(srv.reply)))
        self.end_headers()
        self.wfile.write(srv.reply)

    do_GET = do_POST = _serve

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@contextlib.contextmanager
def counting_server(reply: object, delay: float = 0.15) -> Iterator[CountingServer]:
    srv = CountingServer(delay, json.dumps(reply).encode())
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield srv
    finally:
        srv.shutdown()
        srv.server_close()


@pytest.fixture(autouse=True)
def _fresh_gates():
    use_cluster_gates(None)  # clears the process's gates: each test its own
    yield
    use_cluster_gates(None)


def _in_threads(fn, n: int = 8) -> list:
    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(fn, range(n)))


COMPLETION = {
    "id": "c1",
    "object": "chat.completion",
    "created": 0,
    "model": "m",
    "choices": [
        {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "hi"}}
    ],
    "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
}


def _llm_calls(srv: CountingServer, limits: str | None) -> None:
    from kgfc.llm.client import OpenAICompatLLM
    from kgfc.models import Counters

    base = f"{srv.url}/v1"
    llm = OpenAICompatLLM(base, "m", endpoint_limits=limits, max_retries=0)
    try:
        _in_threads(
            lambda i: llm._send(
                {"model": "m", "messages": [{"role": "user", "content": f"q{i}"}]}, Counters()
            )
        )
    finally:
        llm.close()


def test_an_llm_server_gets_at_most_its_limit_in_flight():
    with counting_server(COMPLETION) as srv:
        _llm_calls(srv, f"{srv.url}/v1=2")
    assert srv.total == 8
    assert srv.peak == 2


def test_without_a_limit_the_threads_all_go_at_once():
    # the same calls, uncapped: the server sees more than 2 at once (the cap test can fail)
    with counting_server(COMPLETION, delay=0.4) as srv:
        _llm_calls(srv, None)
    assert srv.total == 8
    assert srv.peak > 2


def test_a_search_provider_is_capped_by_host(tmp_path):
    from kgfc.web.searxng import SearxngProvider

    with counting_server({"results": []}) as srv:
        settings = load_settings(
            home=tmp_path, offline=False, endpoint_limits=f"127.0.0.1:{srv.server_address[1]}=3"
        )
        provider = SearxngProvider(settings, base_url=srv.url)
        try:
            _in_threads(lambda i: provider.search(f"query {i}"), n=9)
        finally:
            provider.close()
    assert srv.total == 9
    assert srv.peak == 3


def test_wikidata_queries_keep_to_the_concurrency_and_rate_caps(tmp_path):
    from kgfc.kg.wikidata import WikidataSource
    from kgfc.registry import open_store

    empty = {"head": {"vars": []}, "results": {"bindings": []}}
    with counting_server(empty, delay=0.1) as srv:
        settings = load_settings(
            home=tmp_path,
            offline=False,
            wikidata_endpoint=f"{srv.url}/sparql",
            wikidata_max_concurrent=2,
            wikidata_requests_per_minute=120,
            retries=0,
        )
        store = open_store("memory")
        source = WikidataSource(store, settings)
        gate = source._gate
        # 120 a minute: one every 0.5 s, however many threads ask at once
        item = "http://www.wikidata.org/entity/Q{}"
        _in_threads(lambda i: source._select("wikidata_labels", [item.format(i + 1)]), n=7)
        store.close()
    assert srv.total == 7
    assert srv.peak <= 2
    gaps = [b - a for a, b in zip(srv.starts, srv.starts[1:], strict=False)]
    assert min(gaps) >= 0.45, gaps
    assert gate is gate_for(f"{srv.url}/sparql", Limit(2, 120))


def test_wikidata_queries_in_flight_are_capped(tmp_path):
    from kgfc.kg.wikidata import WikidataSource
    from kgfc.registry import open_store

    empty = {"head": {"vars": []}, "results": {"bindings": []}}
    with counting_server(empty, delay=0.3) as srv:
        settings = load_settings(
            home=tmp_path,
            offline=False,
            wikidata_endpoint=f"{srv.url}/sparql",
            wikidata_max_concurrent=2,
        )
        store = open_store("memory")
        source = WikidataSource(store, settings)
        item = "http://www.wikidata.org/entity/Q{}"
        _in_threads(lambda i: source._select("wikidata_labels", [item.format(i + 1)]), n=6)
        store.close()
    assert srv.total == 6
    assert srv.peak == 2


def test_retry_after_holds_every_caller_back():
    gate = ThreadGate(Limit(concurrency=4))

    class Refused(Exception):
        pass

    from kgfc.retry import Failure

    def classify(exc: BaseException) -> Failure | None:
        return (
            Failure("http", "429", status=429, retry_after=0.5)
            if isinstance(exc, Refused)
            else None
        )

    def refuse() -> None:
        raise Refused

    with pytest.raises(Refused):
        through_gate(gate, refuse, classify)
    t0 = time.monotonic()
    through_gate(gate, lambda: None, classify)  # another caller waits out the Retry-After
    assert time.monotonic() - t0 >= 0.45


def test_a_lease_a_dead_holder_kept_expires():
    state = GateState(Limit(concurrency=1), lease_s=10)
    lease, _ = state.try_enter(0.0)
    assert lease is not None
    assert state.try_enter(5.0) == (None, 5.0)
    assert state.try_enter(10.0)[0] is not None


def test_the_limits_setting():
    assert parse_limits("http://a:8000/v1/=4, serper.dev=2") == {
        "http://a:8000/v1": 4,
        "serper.dev": 2,
    }
    assert endpoint_limit("http://a:8000/v1=4", "http://a:8000/v1") == (
        "http://a:8000/v1",
        Limit(4),
    )
    assert endpoint_limit("http://a:8000/v1=4", "http://a:8000/v10") is None
    assert endpoint_limit("a=1", "http://a:9/x") == ("a", Limit(1))
    assert endpoint_limit("a=1", "http://b/x") is None
    for bad in ("http://a", "a=0", "=3", "a=x"):
        with pytest.raises(ConfigError, match="endpoint_limits"):
            load_settings(endpoint_limits=bad)
