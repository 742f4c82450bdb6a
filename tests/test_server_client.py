"""The client behind `--server`: status codes to kgfc's errors, a kept-alive connection the
server dropped, nothing listening, bad URLs; and it loads no HTTP library beyond the standard one.

The server here is the standard library's, answering what a test tells it: error statuses and
dropped connections are edge cases a real `kgfc serve` is not made to show on demand (the real
server is driven through this client in test_service_process.py and test_cli_auto_server.py)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from kgfc.errors import ConfigError, InputError, RemoteError, RemoteUnavailable, UsageError
from kgfc.service.client import ServerClient


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as uvicorn does
    answers: dict[str, tuple[int, bytes]] = {}
    seen: list[tuple[str, str, dict[str, str], bytes]] = []

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        self.seen.append((self.command, self.path, dict(self.headers), body))
        status, payload = self.answers.get(
            self.path, (404, b'{"error": {"message": "no such path"}}')
        )
        if status == 0:  # drop the connection without an answer
            self.close_connection = True
            return
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    do_GET = do_POST = _answer

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    Handler.answers, Handler.seen = {}, []
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def error(message: str, hint: str | None = None) -> bytes:
    return json.dumps({"error": {"message": message, "hint": hint}}).encode()


@pytest.mark.parametrize(
    "status, kind",
    [
        (401, ConfigError),
        (404, InputError),
        (422, UsageError),
        (500, RemoteError),
        (503, RemoteError),
    ],
)
def test_error_statuses_become_kgfc_errors(server, status, kind):
    Handler.answers["/v1/claims/c-1"] = (status, error("went wrong", "do this"))
    with ServerClient(server) as client, pytest.raises(kind) as caught:
        client.claim("c-1")
    assert f"answered {status}: went wrong" in caught.value.message
    if status != 401:
        assert caught.value.hint == "do this"


def test_a_body_that_is_not_json_is_quoted(server):
    Handler.answers["/health"] = (502, b"<html>bad gateway</html>")
    with ServerClient(server) as client, pytest.raises(RemoteError, match="bad gateway"):
        client.health()


def test_token_path_prefix_and_json_body_are_sent(server):
    Handler.answers["/api/v1/claims/c%2F1"] = (200, b'{"id": "c/1"}')
    with ServerClient(server + "/api/", token="s3cret") as client:
        assert client.claim("c/1") == {"id": "c/1"}
    method, path, headers, _ = Handler.seen[-1]
    assert (method, path, headers["Authorization"]) == (
        "GET",
        "/api/v1/claims/c%2F1",
        "Bearer s3cret",
    )


def test_one_connection_serves_many_requests(server):
    Handler.answers["/health"] = (200, b'{"status": "ok"}')
    with ServerClient(server) as client:
        for _ in range(3):
            assert client.health() == {"status": "ok"}
        assert client._conn is not None
    ports = {h.get("Host") for _, _, h, _ in Handler.seen}
    assert len(Handler.seen) == 3 and len(ports) == 1


def test_a_dropped_kept_alive_connection_is_opened_again(server):
    Handler.answers["/health"] = (200, b'{"status": "ok"}')
    with ServerClient(server) as client:
        assert client.health() == {"status": "ok"}
        client._conn.sock.shutdown(socket.SHUT_RDWR)  # as when the server times the connection out
        assert client.health() == {"status": "ok"}
    assert len(Handler.seen) == 2


def test_a_server_that_drops_a_fresh_connection_is_unavailable(server):
    Handler.answers["/health"] = (0, b"")
    with ServerClient(server) as client, pytest.raises(RemoteUnavailable, match="No kgfc server"):
        client.health()
    assert len(Handler.seen) == 1  # sent once: a fresh connection is not retried


def test_nothing_listening_is_unavailable():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nothing listens there
    client = ServerClient(f"http://127.0.0.1:{port}", connect_timeout=1)
    with client, pytest.raises(RemoteUnavailable, match="kgfc serve"):
        client.health()


@pytest.mark.parametrize("url", ["localhost:8000", "ftp://x/", "http://", "http://h:notaport/"])
def test_a_bad_url_is_a_usage_error(url):
    with pytest.raises(UsageError, match="Not a kgfc server URL"):
        ServerClient(url)


def test_the_client_loads_no_third_party_http_library():
    code = "import sys, kgfc.service.client; print(sorted(m for m in ('httpx', 'httpcore', 'requests') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
