"""A scripted HTTP server in a thread on 127.0.0.1, for the real client paths.

Give it the responses to send, in order, as ``(status, headers, body)``; it
answers each request with the next one and records what it was asked::

    with scripted_server([(429, {"Retry-After": "1"}, ""), (200, {}, {"ok": 1})]) as srv:
        client.get(srv.url + "/api")
        assert srv.requests[0].params == {...}

A ``dict``/``list`` body is sent as JSON. Once the script runs out the server
answers ``599`` so that a test expecting fewer requests fails loudly.
"""

from __future__ import annotations

import contextlib
import json
import threading
import urllib.parse
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Response = tuple[int, dict[str, str], Any]


@dataclass
class Request:
    method: str
    path: str
    params: dict[str, str]
    headers: dict[str, str]
    body: bytes

    @property
    def form(self) -> dict[str, str]:
        """The url-encoded POST body, parsed (SPARQL protocol over POST)."""
        return dict(urllib.parse.parse_qsl(self.body.decode("utf-8")))

    @property
    def sparql(self) -> str | None:
        return self.params.get("query") or self.form.get("query")


@dataclass
class ScriptedServer:
    responses: list[Response]
    url: str = ""
    requests: list[Request] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def next_response(self, request: Request) -> Response:
        with self._lock:
            self.requests.append(request)
            if self.responses:
                return self.responses.pop(0)
        return 599, {}, "scripted server: no more responses in the script"


def _encode(body: Any) -> tuple[bytes, str]:
    if isinstance(body, bytes):
        return body, "application/octet-stream"
    if isinstance(body, str):
        return body.encode("utf-8"), "text/plain; charset=utf-8"
    return json.dumps(body).encode("utf-8"), "application/json"


def _handler(server: ScriptedServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _serve(self) -> None:
            parsed = urllib.parse.urlsplit(self.path)
            length = int(self.headers.get("Content-Length") or 0)
            req = Request(
                method=self.command,
                path=parsed.path,
                params=dict(urllib.parse.parse_qsl(parsed.query)),
                headers={k.lower(): v for k, v in self.headers.items()},
                body=self.rfile.read(length) if length else b"",
            )
            status, headers, body = server.next_response(req)
            payload, ctype = _encode(body)
            self.send_response(status)
            headers = {k.lower(): v for k, v in headers.items()}
            headers.setdefault("content-type", ctype)
            for k, v in headers.items():
                self.send_header(k, v)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        do_GET = do_POST = _serve  # noqa: N815

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            pass  # keep test output clean

    return Handler


@contextlib.contextmanager
def scripted_server(responses: Sequence[Response]) -> Iterator[ScriptedServer]:
    state = ScriptedServer(list(responses))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    httpd.daemon_threads = True
    state.url = f"http://127.0.0.1:{httpd.server_address[1]}"
    thread = threading.Thread(
        target=httpd.serve_forever,
        kwargs={"poll_interval": 0.05},
        name="scripted-http",
        daemon=True,
    )
    thread.start()
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)
