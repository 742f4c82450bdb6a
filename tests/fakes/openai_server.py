"""A scripted fake OpenAI-compatible server in a thread on 127.0.0.1, for the real ``openai`` client.

Give it the replies to send, in order; every ``POST /v1/chat/completions``
takes the next one and every request is recorded::

    with fake_openai(json_reply({"ok": True}, usage=(12, 3))) as srv:
        llm = OpenAICompatLLM(srv.base_url, "fake-model")
        ...
        assert srv.bodies[0]["response_format"]["type"] == "json_schema"

Reply kinds (helpers below build them):

- :func:`json_reply` / :func:`text_reply` - a completion whose content is the
  given JSON (or any text, e.g. invalid JSON);
- :func:`tool_reply` - a completion that answers with a tool call instead;
- :func:`status_reply` - an HTTP error status with headers (429 + Retry-After...);
- :func:`malformed_reply` - a 200 whose body is not JSON at all;
- :func:`slow_reply` - any reply sent only after a delay (to force a client timeout).

``reject_json_schema`` / ``reject_json_object`` make the server answer 400 to
requests using that ``response_format`` type *without* consuming a scripted
reply, like llama.cpp/Ollama builds that do not support it.

``llama_cpp=True`` emulates ``python -m llama_cpp.server`` (llama-cpp-python
0.3.x) with a chat format that has no tool calling, as seen with Gemma 3:
``json_schema`` gets an HTTP 500 whose message is the pydantic validation
error naming ``response_format.type``; ``json_object`` with a ``schema`` key is
accepted (scripted replies answer it); a ``tools`` request gets a 200 with an
empty message and no tool call. Refusals and empty tool replies do not consume
the script. Out-of-range scores and other bad output are scripted as usual. ``GET /v1/models``
lists the one model. When the script runs out the server answers 418 (not
retried by clients) so a test that makes more requests than it scripted fails
loudly. The server stops when the ``with`` block ends; a delayed reply still
sleeping is woken and dropped.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

AUTO = "auto"


@dataclass
class Reply:
    """One scripted answer. Use the helper functions rather than building these by hand."""

    content: str | None = None
    tool_call: tuple[str, str] | None = None  # (function name, arguments as a JSON string)
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    error: str = ""
    raw: bytes | None = None  # sent verbatim instead of a completion
    delay: float = 0.0
    usage: tuple[int, int] | str | None = AUTO  # (prompt, completion), AUTO, or None to omit
    finish: str = "stop"  # "length": the reply was cut at max_tokens


def json_reply(obj: Any, *, usage: tuple[int, int] | str | None = AUTO) -> Reply:
    """A completion whose content is ``obj`` as JSON (a ``str`` is sent as is)."""
    return Reply(content=obj if isinstance(obj, str) else json.dumps(obj), usage=usage)


def text_reply(text: str, *, usage: tuple[int, int] | str | None = AUTO) -> Reply:
    return Reply(content=text, usage=usage)


def truncated_reply(text: str) -> Reply:
    """A completion cut at the token limit (``finish_reason: "length"``)."""
    return Reply(content=text, finish="length")


def tool_reply(name: str, arguments: Any, *, usage: tuple[int, int] | str | None = AUTO) -> Reply:
    args = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return Reply(tool_call=(name, args), usage=usage)


def status_reply(status: int, message: str = "", headers: dict[str, str] | None = None) -> Reply:
    return Reply(
        status=status, error=message or f"fake error {status}", headers=dict(headers or {})
    )


def malformed_reply(body: bytes = b"<html><body>502 Bad Gateway</body></html>") -> Reply:
    return Reply(raw=body, headers={"Content-Type": "application/json"})


def slow_reply(seconds: float, reply: Reply | None = None) -> Reply:
    base = reply or json_reply({})
    base.delay = seconds
    return base


@dataclass
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body) if self.body else None


@dataclass
class FakeOpenAIServer:
    replies: list[Reply]
    model: str = "fake-model"
    reject_json_schema: bool = False
    reject_json_object: bool = False
    llama_cpp: bool = False
    base_url: str = ""
    # Called with the request body when the script is empty: for tests whose
    # number of calls depends on the data (one rank call per beam-search hop).
    responder: Callable[[dict[str, Any]], Reply] | None = None
    requests: list[RecordedRequest] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _stop: threading.Event = field(default_factory=threading.Event)
    _ids: itertools.count = field(default_factory=lambda: itertools.count(1))

    def script(self, *replies: Reply) -> None:
        """Append more replies to the script."""
        with self._lock:
            self.replies.extend(replies)

    @property
    def completions(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path.endswith("/chat/completions")]

    @property
    def bodies(self) -> list[dict[str, Any]]:
        """The JSON bodies of the chat-completion requests, in order (rejected ones included)."""
        return [r.json for r in self.completions]

    @property
    def remaining(self) -> int:
        return len(self.replies)

    # -- answering -------------------------------------------------------

    def _answer(self, req: RecordedRequest) -> tuple[int, dict[str, str], bytes, float]:
        with self._lock:
            self.requests.append(req)
        if req.method == "GET" and req.path.rstrip("/").endswith("/models"):
            body = {
                "object": "list",
                "data": [{"id": self.model, "object": "model", "owned_by": "fake"}],
            }
            return 200, {}, json.dumps(body).encode(), 0.0
        if req.method != "POST" or not req.path.endswith("/chat/completions"):
            return 404, {}, _error_body(f"no route {req.method} {req.path}", "not_found"), 0.0
        try:
            payload = req.json or {}
        except ValueError:
            return 400, {}, _error_body("request body is not JSON", "invalid_request_error"), 0.0
        kind = (payload.get("response_format") or {}).get("type")
        if self.llama_cpp and kind not in (None, "text", "json_object"):
            return 500, {}, _error_body(_LLAMA_CPP_500 % kind, "internal_server_error"), 0.0
        if self.llama_cpp and payload.get("tools"):
            empty = Reply(content="\n", usage=(len(json.dumps(payload)) // 4, 1))
            return 200, {}, json.dumps(self._completion(payload, empty)).encode(), 0.0
        if (kind == "json_schema" and self.reject_json_schema) or (
            kind == "json_object" and self.reject_json_object
        ):
            msg = f"response_format type {kind!r} is not supported by this server"
            return 400, {}, _error_body(msg, "invalid_request_error", param="response_format"), 0.0
        with self._lock:
            reply = self.replies.pop(0) if self.replies else None
        if reply is None and self.responder is not None:
            reply = self.responder(payload)
        if reply is None:
            msg = "fake OpenAI server: no scripted reply left"
            return 418, {}, _error_body(msg, "script_exhausted"), 0.0
        if reply.raw is not None:
            return reply.status, reply.headers, reply.raw, reply.delay
        if reply.status != 200:
            return reply.status, reply.headers, _error_body(reply.error, "fake_error"), reply.delay
        return (
            200,
            reply.headers,
            json.dumps(self._completion(payload, reply)).encode(),
            reply.delay,
        )

    def _completion(self, payload: dict[str, Any], reply: Reply) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": reply.content}
        finish = reply.finish
        if reply.tool_call is not None:
            name, args = reply.tool_call
            message["tool_calls"] = [
                {
                    "id": f"call_{next(self._ids)}",
                    "type": "function",
                    "function": {"name": name, "arguments": args},
                }
            ]
            finish = "tool_calls"
        out: dict[str, Any] = {
            "id": f"chatcmpl-fake-{next(self._ids)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": payload.get("model", self.model),
            "choices": [
                {"index": 0, "message": message, "finish_reason": finish, "logprobs": None}
            ],
        }
        if reply.usage == AUTO:
            prompt_chars = sum(
                len(str(m.get("content") or "")) for m in payload.get("messages", [])
            )
            completion_chars = len(reply.content or (reply.tool_call or ("", ""))[1])
            prompt, completion = prompt_chars // 4 + 1, completion_chars // 4 + 1
        elif reply.usage is None:
            return out
        else:
            prompt, completion = reply.usage  # type: ignore[misc]
        out["usage"] = {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
        }
        return out


# What llama-cpp-python 0.3.36's server answers to response_format json_schema (abridged).
_LLAMA_CPP_500 = (
    "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', "
    "'type'), 'msg': \"Input should be 'text' or 'json_object'\", 'input': '%s'}\n\n"
    '  File "llama_cpp/server/app.py", line 376, in create_chat_completion\n'
    "    POST /v1/chat/completions"
)


def _error_body(message: str, kind: str, *, param: str | None = None) -> bytes:
    return json.dumps(
        {"error": {"message": message, "type": kind, "param": param, "code": None}}
    ).encode()


def _handler(server: FakeOpenAIServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _serve(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            req = RecordedRequest(
                method=self.command,
                path=self.path.split("?", 1)[0],
                headers={k.lower(): v for k, v in self.headers.items()},
                body=self.rfile.read(length) if length else b"",
            )
            status, headers, payload, delay = server._answer(req)
            if delay and server._stop.wait(delay):
                return  # shutting down: drop the reply
            headers = {k.lower(): v for k, v in headers.items()}
            headers.setdefault("content-type", "application/json")
            try:
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout test): nothing to answer

        do_GET = do_POST = _serve  # noqa: N815

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            pass  # keep test output clean

    return Handler


@contextlib.contextmanager
def fake_openai(
    *replies: Reply,
    model: str = "fake-model",
    reject_json_schema: bool = False,
    reject_json_object: bool = False,
    llama_cpp: bool = False,
    responder: Callable[[dict[str, Any]], Reply] | None = None,
) -> Iterator[FakeOpenAIServer]:
    """Run the fake server for the ``with`` block; ``base_url`` ends in ``/v1`` like the real one."""
    state = FakeOpenAIServer(
        list(replies),
        model=model,
        reject_json_schema=reject_json_schema,
        reject_json_object=reject_json_object,
        llama_cpp=llama_cpp,
        responder=responder,
    )
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    httpd.daemon_threads = True
    state.base_url = f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    thread = threading.Thread(
        target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, name="fake-openai", daemon=True
    )
    thread.start()
    try:
        yield state
    finally:
        state._stop.set()
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)
