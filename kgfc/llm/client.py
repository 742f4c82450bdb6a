"""The LLM contract and its one implementation: any OpenAI-compatible chat endpoint.

Configuration (flags > environment > config file, see :mod:`kgfc.settings`):

``KGFC_LLM_BASE_URL``
    The server's OpenAI-compatible base URL, e.g. ``http://127.0.0.1:8080/v1``
    (llama.cpp), ``http://127.0.0.1:11434/v1`` (Ollama), ``http://HOST:8000/v1``
    (vLLM). May be left unset for OpenAI itself when a key is given.
``KGFC_LLM_MODEL``
    The model name the server knows (``qwen2.5:7b-instruct``, ``gpt-4o-mini``...).
``KGFC_LLM_API_KEY``
    Optional: local servers need none.
``KGFC_LLM_TIMEOUT``
    Seconds per request; default 300 for a server on this machine or the local
    network (CPU models are slow), 60 otherwise.
``KGFC_LLM_BUDGET``
    Seconds of LLM time one claim may spend (default 300); past it, the remaining
    steps use the local methods (see "degrade" below).
``KGFC_RETRIES``, ``KGFC_BACKOFF``
    Retries after a failed request, first retry delay.

The LLM is used when ``KGFC_LLM_MODEL`` and a URL (or key) are set, even with
``--offline``: pointing kgfc at an LLM server is an explicit request to use it.

What :meth:`OpenAICompatLLM.complete_json` does for every call:

- **negotiates** the structured-output mode once per endpoint (base URL +
  model) and remembers it under the cache dir: ``json_schema`` → ``json_object``
  with a ``schema`` key (llama.cpp / llama-cpp-python turn it into a grammar) →
  ``json_object`` → a plain prompt carrying the schema. A request shape the
  server refuses (400/422, or a 500 whose message names ``response_format``,
  as llama-cpp-python answers) moves to the next mode at once, without retries;
- **parses tolerantly**: the reply's JSON goes through the schema's own
  validators (the prompt models in :mod:`kgfc.llm.prompts` clamp scores,
  drop unknown or duplicate ids, accept bare lists and labels); a reply that
  still does not validate gets one repair round quoting the exact error;
- retries 429/5xx/timeouts/dropped connections with the shared policy of
  :mod:`kgfc.retry` (bounded, capped backoff honouring ``Retry-After``);
- **counts every request** into the caller's :class:`~kgfc.models.Counters`:
  ``llm_calls`` (failed ones included), ``llm_failures``, tokens, ``llm_seconds``;
  and refuses to start a request once the claim's time budget is spent;
- caches validated answers on disk by request hash, so re-runs are free and
  reproducible (a cache hit is not a call).

:meth:`OpenAICompatLLM.choose_tool` asks for one tool call, and when the
endpoint has no tool calling (refuses ``tools``, or answers with no call)
asks the same question as a JSON-constrained "choose one action" completion;
that too is learned once per endpoint.

Text retrieved from the web or the KG goes into prompts through :func:`fence`.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import logging
import math
import os
import random
import re
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar, get_args, runtime_checkable
from urllib.parse import urlsplit

from pydantic import BaseModel, Field, ValidationError, create_model, model_validator

from kgfc.errors import ConfigError, LLMError
from kgfc.llm.promptset import load_prompt_set, set_default_prompts
from kgfc.models import Counters
from kgfc.retry import (
    Failure,
    RetriesExhausted,
    endpoint_gate,
    parse_retry_after,
    retry,
    through_gate,
)

if TYPE_CHECKING:
    from kgfc.settings import Settings

log = logging.getLogger(__name__)

M = TypeVar("M", bound=BaseModel)
Message = Mapping[str, str]

OPENAI_URL = "https://api.openai.com/v1"
Mode = Literal["json_schema", "json_object_schema", "json_object", "plain"]
MODES: tuple[Mode, ...] = ("json_schema", "json_object_schema", "json_object", "plain")
LOCAL_HINT = "or run with --reasoner local"
LOCAL_TIMEOUT_S = 300.0  # a CPU model on this machine: minutes per long answer are normal
REMOTE_TIMEOUT_S = 60.0
DEFAULT_BUDGET_S = 300.0
CAPABILITIES_FILE = "capabilities.json"


@runtime_checkable
class LLM(Protocol):
    """A chat model that answers with JSON validated against a pydantic model."""

    model: str

    def complete_json(
        self,
        messages: Sequence[Message],
        schema: type[M],
        *,
        counters: Counters,
        name: str,
        max_tokens: int | None = None,
        context: dict[str, Any] | None = None,
        schema_json: dict[str, Any] | None = None,
    ) -> M:
        """Send ``messages``; return the reply parsed as ``schema``; raise LLMError when it cannot.

        ``name`` names the task ("rank", "verdict"...) in the request and in errors;
        ``max_tokens`` caps the answer; ``context`` reaches the schema's validators
        (the candidate list, so a label can stand for its number); ``schema_json``,
        when given, is the (narrower) JSON schema sent to the server instead of
        ``schema``'s own, e.g. with the valid ids as an enum.
        """
        ...

    def choose_tool(
        self,
        messages: Sequence[Message],
        tools: Sequence[dict[str, Any]],
        *,
        counters: Counters,
        name: str,
        max_tokens: int = 64,
    ) -> tuple[str, dict[str, Any]]:
        """One of ``tools`` (OpenAI tools format) and its arguments."""
        ...


# -- fencing untrusted text ------------------------------------------------------

_RUNS = re.compile(r"<{3,}|>{3,}")
_TAG = re.compile(r"[^A-Z0-9_]")


def fence(text: str, *, tag: str = "DATA") -> str:
    """Wrap untrusted text in a ``<<<TAG`` ... ``TAG>>>`` block that the text cannot close.

    Any run of three or more ``<`` or ``>`` inside the text is spaced out
    (``>>>`` becomes ``> > >``), so retrieved text can neither end the block
    early nor open a fake one. Prompts tell the model that fenced text is data
    to reason about, never instructions to follow.
    """
    tag = _TAG.sub("_", tag.upper()) or "DATA"
    body = _RUNS.sub(lambda m: " ".join(m.group()), text)
    return f"<<<{tag}\n{body}\n{tag}>>>"


# -- mapping openai failures (the one place) ---------------------------------------

# A refused request shape: the server names the option it does not take.
_REFUSED_OPTION = re.compile(
    r"response_format|json_schema|json_object|\btool_choice\b|\btools\b|\bfunctions?\b", re.I
)


def _failure(exc: BaseException) -> Failure | None:
    """Recognise an exception from an openai call; None means "not a remote failure" (a bug).

    The only place openai exceptions are inspected: everything after this
    works on library-neutral :class:`~kgfc.retry.Failure` values.
    """
    openai = sys.modules.get("openai")
    if openai is not None:
        if isinstance(exc, openai.APIStatusError):
            headers = exc.response.headers
            retry_after = None
            ms = headers.get("retry-after-ms")
            if ms:
                try:
                    retry_after = max(0.0, float(ms) / 1000)
                except ValueError:
                    retry_after = None
            if retry_after is None:
                retry_after = parse_retry_after(headers.get("retry-after"))
            message = _error_message(exc)
            status = exc.status_code
            refused = status in (400, 422) or (
                status >= 500 and bool(_REFUSED_OPTION.search(message))
            )
            return Failure(
                "http",
                f"HTTP {status}: {_excerpt(message)}",
                status=status,
                retry_after=retry_after,
                refused=refused,
            )
        if isinstance(exc, openai.APITimeoutError):
            return Failure("timeout", "timed out")
        if isinstance(exc, openai.APIConnectionError):
            cause = exc.__cause__
            reason = "connect" if cause is None or "Connect" in type(cause).__name__ else "protocol"
            return Failure(reason, _excerpt(str(cause or exc)) or type(exc).__name__)
        if isinstance(exc, openai.APIResponseValidationError):
            return Failure("protocol", "the response does not look like a chat completion")
    if isinstance(exc, json.JSONDecodeError):
        # openai lets this through when a 200 response body is not JSON (a proxy's HTML page...).
        return Failure("protocol", "the response body is not JSON")
    return None


def _error_message(exc: Any) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        err = body.get("error", body)
        if isinstance(err, dict) and err.get("message"):
            return str(err["message"])
        if isinstance(err, str):
            return err
    return str(getattr(exc, "message", None) or exc)


def _excerpt(text: str, limit: int = 300) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- what an endpoint supports ---------------------------------------------------------


class Capabilities(BaseModel):
    """What one endpoint (base URL + model) was seen to support; None = not tried yet."""

    structured: Mode | None = None
    tools: bool | None = None
    updated: str = ""
    notes: list[str] = Field(default_factory=list, description="why a shape was given up")


class CapabilityCache:
    """Capabilities per endpoint in one small JSON file, so negotiation happens once per endpoint.

    Writes go through a temporary file and a rename: a killed run leaves the old file.
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._lock = threading.Lock()

    def _read(self) -> dict[str, Any]:
        if self.path is None or not self.path.is_file():
            return {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            return data if isinstance(data, dict) else {}
        except (OSError, ValueError) as exc:
            log.warning("ignoring unreadable LLM capability cache %s (%s)", self.path, exc)
            return {}

    def get(self, key: str) -> Capabilities:
        raw = self._read().get(key)
        try:
            return Capabilities.model_validate(raw) if raw else Capabilities()
        except ValidationError:
            return Capabilities()

    def put(self, key: str, caps: Capabilities) -> None:
        if self.path is None:
            return
        with self._lock:
            data = self._read()
            data[key] = caps.model_dump(mode="json")
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".tmp-", suffix=".json")
                with os.fdopen(fd, "w", encoding="utf-8") as fh:
                    json.dump(data, fh, indent=1, sort_keys=True)
                os.replace(tmp, self.path)
            except OSError as exc:  # a read-only data dir must not fail the verdict
                log.warning("cannot write LLM capability cache %s (%s)", self.path, exc)


# -- choosing an action without tool calling -----------------------------------------------


class ActionChoice(BaseModel):
    """Base of the "choose one action" answer; :func:`action_model` adds the action names.

    Near-misses are accepted: a bare action name, ``tool``/``name``/``function``
    instead of ``action``, arguments nested under ``arguments``, any letter case.
    """

    @model_validator(mode="before")
    @classmethod
    def _tolerate(cls, data: Any) -> Any:
        if isinstance(data, str):
            data = {"action": data}
        if isinstance(data, list) and data:
            data = data[0] if isinstance(data[0], dict) else {"action": data[0]}
        if not isinstance(data, dict):
            return data
        data = dict(data)
        nested = (
            data.pop("arguments", None) or data.pop("args", None) or data.pop("parameters", None)
        )
        if isinstance(nested, dict):
            for k, v in nested.items():
                data.setdefault(k, v)
        for alias in ("tool", "name", "function", "next_action"):
            if "action" not in data and alias in data:
                data["action"] = data.pop(alias)
        action = data.get("action")
        if isinstance(action, str):
            names = get_args(cls.model_fields["action"].annotation)
            wanted = action.strip().strip("`'\"").casefold()
            for known in names:
                if known.casefold() == wanted:
                    data["action"] = known
        return data


def action_model(tools: Sequence[dict[str, Any]]) -> type[ActionChoice]:
    """A pydantic model ``{"action": <one of the tool names>, <each string argument>: ...}``."""
    names = tuple(t["function"]["name"] for t in tools)
    fields: dict[str, Any] = {"action": (Literal[names], ...)}
    for t in tools:
        for arg in (t["function"].get("parameters") or {}).get("properties", {}):
            fields.setdefault(arg, (str | None, None))
    return create_model("ActionChoice", __base__=ActionChoice, **fields)


def action_menu(tools: Sequence[dict[str, Any]]) -> str:
    """The tools as a compact list for a prompt: ``- name(arg): description``."""
    lines = []
    for t in tools:
        fn = t["function"]
        args = ", ".join((fn.get("parameters") or {}).get("properties", {}))
        lines.append(f"- {fn['name']}{f'({args})' if args else ''}: {fn.get('description', '')}")
    return "\n".join(lines)


# -- the client --------------------------------------------------------------------


class _Refused(Exception):
    """The server refused the request's shape (an unsupported option)."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.detail)
        self.failure = failure


def is_local_url(url: str) -> bool:
    """Loopback, private or link-local host, or ``localhost``: a server on this machine or LAN."""
    host = (urlsplit(url).hostname or "").strip("[]")
    if host in ("localhost", "") or host.endswith(".local") or host.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_private or ip.is_link_local


class OpenAICompatLLM:
    """An :class:`LLM` backed by any OpenAI-compatible ``/chat/completions`` endpoint.

    ``sleep`` and ``rng`` are injectable so tests never wait; ``http_client``
    (an ``openai.DefaultHttpxClient``) may be shared or carry proxy and
    certificate settings. ``capabilities`` holds what the endpoint was seen to
    support (loaded from, and saved to, ``cache_dir/llm/capabilities.json``).
    ``budget`` caps the LLM seconds one :class:`Counters` (one claim) may spend.
    ``cache_hits`` and ``calls`` count, over the client's life, answers served
    from the disk cache and requests sent to the server.
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None = None,
        *,
        timeout: float | None = None,
        max_retries: int = 3,
        cache_dir: str | Path | None = None,
        backoff: float = 1.0,
        temperature: float = 0.0,
        max_tokens: int | None = None,
        repair_attempts: int = 1,
        budget: float | None = DEFAULT_BUDGET_S,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
        http_client: Any | None = None,
        endpoint_limits: str | None = None,
    ) -> None:
        try:
            import openai
        except ImportError as exc:  # pragma: no cover - the test extra installs it
            raise ConfigError(
                "The LLM client needs the 'openai' package, which is not installed.",
                hint="Install it with: pip install 'kgfc[llm]' (or run with --reasoner local).",
            ) from exc
        if not model:
            raise ConfigError("No LLM model given.", hint="Set KGFC_LLM_MODEL.")
        self.base_url = base_url.rstrip("/")
        self.model = model
        if timeout is None:
            timeout = LOCAL_TIMEOUT_S if is_local_url(self.base_url) else REMOTE_TIMEOUT_S
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff = backoff
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.repair_attempts = repair_attempts
        self.budget = budget
        self.cache_dir = Path(cache_dir) / "llm" if cache_dir is not None else None
        self._caps_cache = CapabilityCache(
            self.cache_dir / CAPABILITIES_FILE if self.cache_dir is not None else None
        )
        self.endpoint_key = f"{self.base_url} {self.model}"
        # at most N requests in flight to this server, from every thread (and Ray worker)
        self._gate = endpoint_gate(endpoint_limits, self.base_url)
        self.capabilities = self._caps_cache.get(self.endpoint_key)
        self.cache_hits = 0
        self.calls = 0
        self._sleep = sleep
        self._rng = rng or random.Random()
        self._owns_http = http_client is None
        # Our own retry loop (max_retries=0 here) so every remote call kgfc makes backs off alike.
        self._client = openai.OpenAI(
            base_url=self.base_url,
            api_key=api_key or "not-needed",
            timeout=timeout,
            max_retries=0,
            http_client=http_client,
        )

    def __repr__(self) -> str:
        return f"OpenAICompatLLM(base_url={self.base_url!r}, model={self.model!r})"

    @property
    def mode(self) -> str | None:
        """The structured-output mode last seen to work (None until the first success)."""
        return self.capabilities.structured

    def close(self) -> None:
        """Release pooled connections; an ``http_client`` passed in is left open for its owner."""
        if self._owns_http:
            self._client.close()

    # -- public ------------------------------------------------------------------

    def complete_json(
        self,
        messages: Sequence[Message],
        schema: type[M],
        *,
        counters: Counters,
        name: str,
        max_tokens: int | None = None,
        context: dict[str, Any] | None = None,
        schema_json: dict[str, Any] | None = None,
        use_cache: bool = True,
    ) -> M:
        schema_json = schema_json or schema.model_json_schema()
        key = self.cache_key(messages, schema, schema_json)
        if use_cache:
            cached = self._cache_get(key, schema, context)
            if cached is not None:
                self.cache_hits += 1
                return cached

        conversation = [dict(m) for m in messages]
        error = ""
        for attempt in range(self.repair_attempts + 1):
            content, finish = self._complete(conversation, schema_json, name, counters, max_tokens)
            try:
                result = parse_reply(content, schema, context, truncated=finish == "length")
            except ValidationError as exc:
                counters.llm_failures += 1
                error = _describe(exc, content, finish)
                log.warning(
                    "%s: invalid %s output from %s (%s)", self.base_url, name, self.model, error
                )
                if attempt == self.repair_attempts:
                    break
                conversation += [
                    {"role": "assistant", "content": content[:2000]},
                    {"role": "user", "content": _repair_prompt(error)},
                ]
                continue
            if use_cache:
                self._cache_put(key, name, result)
            return result
        tries = self.repair_attempts + 1
        raise _llm_error(
            f"The LLM {self.model!r} gave invalid {name} output {tries} times in a row; "
            f"last error: {error}.",
            hint=f"Use a model that follows JSON instructions (an instruct model), {LOCAL_HINT}.",
            reason="invalid_output",
            attempts=tries,
        )

    def choose_tool(
        self,
        messages: Sequence[Message],
        tools: Sequence[dict[str, Any]],
        *,
        counters: Counters,
        name: str,
        max_tokens: int = 64,
    ) -> tuple[str, dict[str, Any]]:
        """Ask the model to pick one of ``tools`` (OpenAI tools format); returns (name, arguments).

        Uses tool calling while the endpoint supports it. When it refuses the
        ``tools`` request or answers without a call, that is remembered for the
        endpoint and the question is asked as a JSON-constrained choice
        (``{"action": <name>, <argument>: ...}``) instead. A reply naming a tool
        in JSON content (``{"tool": ..., "arguments": ...}``) counts as a call.
        """
        if not tools:
            raise ValueError("choose_tool needs at least one tool")
        if self.capabilities.tools is not False:
            try:
                got = self._tool_call(messages, tools, counters, name, max_tokens)
            except _Refused as exc:
                self._learn(tools=False, note=f"tools refused: {exc.failure.detail}")
                got = None
            else:
                if got is None:
                    self._learn(tools=False, note="tools: the reply carried no tool call")
                elif self.capabilities.tools is None:
                    self._learn(tools=True)
            if got is not None:
                return got
        model = action_model(tools)
        msgs = [dict(m) for m in messages]
        names = " | ".join(f'"{t["function"]["name"]}"' for t in tools)
        msgs.append(
            {
                "role": "user",
                "content": "Actions you can take:\n"
                + action_menu(tools)
                + f'\nReply as {{"action": {names}}} plus the action\'s arguments, if any.',
            }
        )
        choice = self.complete_json(
            msgs, model, counters=counters, name=name, max_tokens=max_tokens
        )
        data = choice.model_dump(exclude_none=True)
        action = data.pop("action")
        allowed = set(
            (
                next(t for t in tools if t["function"]["name"] == action)["function"].get(
                    "parameters"
                )
                or {}
            ).get("properties", {})
        )
        return action, {k: v for k, v in data.items() if k in allowed}

    def check(self) -> dict[str, Any]:
        """Probe the endpoint afresh: structured-output mode, tool calling, latency, tokens/s.

        Makes four to eight small requests, ignores the answer cache, and saves
        what it learned as the endpoint's capabilities.
        """
        counters = Counters()
        self.capabilities = Capabilities()
        out: dict[str, Any] = {"base_url": self.base_url, "model": self.model}
        start = time.perf_counter()
        response = self._send(self._plain("Say OK.", 2), counters)
        out["latency_s"] = round(time.perf_counter() - start, 3)
        self._read(response, [], counters)
        self._probe_structured(out, counters)
        self._probe_tools(out, counters)
        start = time.perf_counter()
        before = counters.completion_tokens
        response = self._send(self._plain("Count from 1 to 30, separated by spaces.", 64), counters)
        wall = time.perf_counter() - start
        self._read(response, [], counters)
        generated = counters.completion_tokens - before
        out["tokens_per_s"] = round(generated / wall, 1) if wall > 0 else None
        out["notes"] = list(self.capabilities.notes)
        out["requests"] = counters.llm_calls
        out["failed_requests"] = counters.llm_failures
        self._learn()
        return out

    def _plain(self, prompt: str, max_tokens: int) -> dict[str, Any]:
        """A plain chat request of one user message (the check's latency and speed probes)."""
        return {
            "model": self.model,
            "messages": [{"role": "user", "content": prompt}],
            "max_tokens": max_tokens,
            "temperature": 0.0,
        }

    def _probe_structured(self, out: dict[str, Any], counters: Counters) -> None:
        """Which structured-output mode the server honours (``complete_json`` learns it)."""

        class Probe(BaseModel):
            capital: str

        probe = [
            {
                "role": "user",
                "content": 'What is the capital of France? Reply as {"capital": "..."}.',
            }
        ]
        try:
            self.complete_json(
                probe, Probe, counters=counters, name="check", max_tokens=24, use_cache=False
            )
        except LLMError as exc:
            out["structured_error"] = str(exc)
        out["structured_output"] = self.capabilities.structured

    def _probe_tools(self, out: dict[str, Any], counters: Counters) -> None:
        """Whether the server calls tools (``choose_tool`` learns it, or falls back to JSON)."""
        tools = [
            {
                "type": "function",
                "function": {
                    "name": n,
                    "description": d,
                    "parameters": {"type": "object", "properties": {}},
                },
            }
            for n, d in (("yes", "the answer is yes"), ("no", "the answer is no"))
        ]
        try:
            self.choose_tool(
                [{"role": "user", "content": "Is Paris in France? Answer by choosing an action."}],
                tools,
                counters=counters,
                name="check",
                max_tokens=24,
            )
            out["action_choice"] = "ok"
        except LLMError as exc:
            out["action_choice"] = f"failed: {exc}"
        out["tool_calls"] = self.capabilities.tools

    def cache_key(
        self,
        messages: Sequence[Message],
        schema: type[BaseModel],
        schema_json: dict[str, Any] | None = None,
    ) -> str:
        payload = {
            "model": self.model,
            "messages": [dict(m) for m in messages],
            "schema": {"name": schema.__name__, "json": schema_json or schema.model_json_schema()},
            "temperature": self.temperature,
        }
        blob = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()

    # -- capability bookkeeping ------------------------------------------------------

    def _learn(
        self, *, structured: Mode | None = None, tools: bool | None = None, note: str = ""
    ) -> None:
        caps = self.capabilities
        if structured is not None:
            caps.structured = structured
        if tools is not None:
            caps.tools = tools
        if note:
            log.info("LLM %s: %s", self.base_url, note)
            caps.notes = (caps.notes + [_excerpt(note, 200)])[-6:]
        caps.updated = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        self._caps_cache.put(self.endpoint_key, caps)

    # -- one completion, with mode fallback and retries ---------------------------------

    def _complete(
        self,
        messages: list[dict[str, str]],
        schema_json: dict[str, Any],
        name: str,
        counters: Counters,
        max_tokens: int | None,
    ) -> tuple[str, str | None]:
        """Get one completion's text (content or tool-call arguments) and its finish reason."""
        known = self.capabilities.structured
        start = MODES.index(known) if known else 0
        for mode in MODES[start:]:
            payload = self._payload(messages, schema_json, name, mode, max_tokens)
            try:
                response = self._send(payload, counters, refusable=mode != "plain")
            except _Refused as exc:
                self._learn(note=f"{mode} refused: {exc.failure.detail}")
                continue
            if known != mode:
                self._learn(structured=mode)
            return self._read(response, messages, counters)
        raise AssertionError("unreachable: plain mode never falls back")  # pragma: no cover

    def _payload(
        self,
        messages: list[dict[str, str]],
        schema_json: dict[str, Any],
        name: str,
        mode: Mode,
        max_tokens: int | None,
    ) -> dict[str, Any]:
        msgs = [dict(m) for m in messages]
        schema_json = lean_schema(schema_json)
        payload: dict[str, Any] = {
            "model": self.model,
            "messages": msgs,
            "temperature": self.temperature,
        }
        limit = max_tokens if max_tokens is not None else self.max_tokens
        if limit is not None:
            payload["max_tokens"] = limit
        if mode == "json_schema":
            payload["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": _schema_name(name), "schema": schema_json, "strict": False},
            }
            return payload
        if mode == "json_object_schema":
            # llama.cpp's and llama-cpp-python's extension: the schema becomes a grammar.
            payload["response_format"] = {"type": "json_object", "schema": schema_json}
            return payload
        if mode == "json_object":
            payload["response_format"] = {"type": "json_object"}
        instruction = (
            "Answer with exactly one JSON object and nothing else (no prose, no code fences). "
            "It must validate against this JSON Schema:\n"
            + json.dumps(schema_json, ensure_ascii=False, separators=(",", ":"))
        )
        if msgs and msgs[0].get("role") == "system":
            msgs[0]["content"] = f"{msgs[0]['content']}\n\n{instruction}"
        else:
            msgs.insert(0, {"role": "system", "content": instruction})
        return payload

    def _send(self, payload: dict[str, Any], counters: Counters, *, refusable: bool = False) -> Any:
        """One request with the shared retry policy; every attempt is counted.

        A refused shape raises :class:`_Refused` when ``refusable`` (another shape
        may work), else an LLMError; so does everything else that runs out of retries.
        """

        def attempt() -> Any:
            if self.budget is not None and counters.llm_seconds >= self.budget:
                raise _llm_error(
                    f"This claim's LLM time budget ({self.budget:g}s) is spent.",
                    hint="Raise KGFC_LLM_BUDGET, or use a faster model.",
                    reason="budget",
                    attempts=0,
                )
            self.calls += 1
            counters.llm_calls += 1

            def call() -> Any:
                t0 = time.perf_counter()  # after the gate: waiting for a slot is not LLM time
                try:
                    return self._client.chat.completions.create(**payload)
                finally:
                    counters.llm_seconds = round(counters.llm_seconds + time.perf_counter() - t0, 3)

            return through_gate(self._gate, call, _failure)

        def failed(_failure: Failure) -> None:
            counters.llm_failures += 1

        try:
            return retry(
                attempt,
                retries=self.max_retries,
                backoff=self.backoff,
                what=f"LLM {self.base_url}",
                classify=_failure,
                sleep=self._sleep,
                rng=self._rng,
                on_failure=failed,
            )
        except RetriesExhausted as exc:
            if exc.failure.refused and refusable:
                raise _Refused(exc.failure) from exc
            raise self._error(exc.failure, exc.attempts) from exc

    def _tool_call(
        self,
        messages: Sequence[Message],
        tools: Sequence[dict[str, Any]],
        counters: Counters,
        name: str,
        max_tokens: int,
    ) -> tuple[str, dict[str, Any]] | None:
        """One tool-call request; None when the reply has no usable call (no tool calling here)."""
        known = {t["function"]["name"] for t in tools}
        conversation = [dict(m) for m in messages]
        blob = json.dumps(
            {
                "model": self.model,
                "messages": conversation,
                "tools": list(tools),
                "temperature": self.temperature,
            },
            sort_keys=True,
            ensure_ascii=False,
        )
        key = "tool-" + hashlib.sha256(blob.encode("utf-8")).hexdigest()
        path = self._cache_path(key)
        if path is not None and path.is_file():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                self.cache_hits += 1
                return data["tool"], data["arguments"]
            except (OSError, ValueError, KeyError):
                pass
        payload: dict[str, Any] = {
            "model": self.model,
            "messages": conversation,
            "temperature": self.temperature,
            "tools": list(tools),
            "tool_choice": "required",
            "max_tokens": max_tokens,
        }
        try:
            response = self._send(payload, counters, refusable=True)
        except _Refused:
            payload["tool_choice"] = "auto"  # older servers know only "auto"
            response = self._send(payload, counters, refusable=True)
        content, _finish = self._read(response, conversation, counters)
        message = response.choices[0].message if getattr(response, "choices", None) else None
        calls = getattr(message, "tool_calls", None) or []
        tool, raw = (
            (calls[0].function.name, calls[0].function.arguments) if calls else (None, content)
        )
        try:
            args = json.loads(_extract_json(raw or "{}"))
            if tool is None and isinstance(args, dict):
                tool = args.get("tool") or args.get("action") or args.get("name")
                args = args.get(
                    "arguments",
                    {k: v for k, v in args.items() if k not in ("tool", "action", "name")},
                )
        except ValueError:
            args = None
        if not isinstance(tool, str) or tool not in known or not isinstance(args, dict):
            counters.llm_failures += 1
            log.info("LLM %s: no usable %s tool call in the reply", self.base_url, name)
            return None
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(json.dumps({"tool": tool, "arguments": args}), encoding="utf-8")
            except OSError:
                pass
        return tool, args

    def _read(
        self, response: Any, messages: list[dict[str, str]], counters: Counters
    ) -> tuple[str, str | None]:
        choices = getattr(response, "choices", None) or []
        message = choices[0].message if choices else None
        finish = choices[0].finish_reason if choices else None
        content = (getattr(message, "content", None) or "") if message is not None else ""
        if not content.strip() and message is not None and getattr(message, "tool_calls", None):
            # Some servers answer a structured request with a tool call: its arguments are the JSON.
            function = getattr(message.tool_calls[0], "function", None)
            content = getattr(function, "arguments", None) or ""
        usage = getattr(response, "usage", None)
        prompt = getattr(usage, "prompt_tokens", None)
        completion = getattr(usage, "completion_tokens", None)
        if prompt is None:
            prompt = _estimate_tokens(sum(len(m.get("content") or "") for m in messages))
        if completion is None:
            completion = _estimate_tokens(len(content))
        counters.prompt_tokens += prompt
        counters.completion_tokens += completion
        return content, finish

    def _error(self, failure: Failure, attempts: int) -> LLMError:
        tries = f"{attempts} attempt{'s' if attempts != 1 else ''}"
        where = f"the LLM server at {self.base_url}"
        status = failure.status
        if status in (401, 403):
            msg, hint = (
                f"{where} refused the credentials ({failure.detail}).",
                f"Set KGFC_LLM_API_KEY to a valid key, {LOCAL_HINT}.",
            )
        elif status == 404:
            msg, hint = (
                f"{where} does not know model {self.model!r} or this path ({failure.detail}).",
                "Check KGFC_LLM_MODEL, and that KGFC_LLM_BASE_URL is the OpenAI-compatible base (it usually ends in /v1).",
            )
        elif status == 429:
            msg, hint = (
                f"{where} is rate-limiting kgfc (HTTP 429) after {tries}.",
                f"Wait a minute and re-run (answers already received are cached), {LOCAL_HINT}.",
            )
        elif failure.reason == "timeout":
            msg, hint = (
                f"{where} did not answer within {self.timeout:g}s after {tries}.",
                f"Raise KGFC_LLM_TIMEOUT, use a smaller model, {LOCAL_HINT}.",
            )
        elif failure.reason == "connect":
            msg, hint = (
                f"Cannot reach {where} ({failure.detail}) after {tries}.",
                f"Is the server running? Check KGFC_LLM_BASE_URL, {LOCAL_HINT}.",
            )
        elif status is not None and status < 500:
            msg, hint = (
                f"{where} rejected the request ({failure.detail}).",
                "Check KGFC_LLM_MODEL and KGFC_LLM_BASE_URL; if they are right, this is worth reporting.",
            )
        else:
            msg, hint = (
                f"{where} failed ({failure.detail}) after {tries}.",
                f"Try again later, {LOCAL_HINT}.",
            )
        return _llm_error(msg, hint=hint, reason=failure.reason, attempts=attempts, status=status)

    # -- disk cache -------------------------------------------------------------------

    def _cache_path(self, key: str) -> Path | None:
        return self.cache_dir / f"{key}.json" if self.cache_dir is not None else None

    def _cache_get(self, key: str, schema: type[M], context: dict[str, Any] | None) -> M | None:
        path = self._cache_path(key)
        if path is None or not path.is_file():
            return None
        try:
            entry = json.loads(path.read_text(encoding="utf-8"))
            return schema.model_validate(entry["response"], context=context)
        except (OSError, ValueError, KeyError, TypeError, ValidationError) as exc:
            log.warning("ignoring unreadable LLM cache entry %s (%s)", path, exc)
            return None

    def _cache_put(self, key: str, name: str, result: BaseModel) -> None:
        path = self._cache_path(key)
        if path is None:
            return
        entry = {
            "model": self.model,
            "base_url": self.base_url,
            "name": name,
            "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "response": result.model_dump(mode="json"),
        }
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # Write then rename: a killed run never leaves a half-written entry behind.
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(entry, fh, ensure_ascii=False)
            os.replace(tmp, path)
        except OSError as exc:  # a read-only cache must not fail the verdict
            log.warning("cannot write LLM cache entry %s (%s)", path, exc)


def lean_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` without titles and without the models' docstrings (field descriptions stay).

    What is sent is prompt tokens (in a prompt, or as a grammar): a docstring
    written for developers is not worth them.
    """

    def walk(node: Any, top: bool) -> Any:
        if isinstance(node, dict):
            return {
                k: walk(v, False)
                for k, v in node.items()
                if k != "title" and not (top and k == "description")
            }
        if isinstance(node, list):
            return [walk(v, False) for v in node]
        return node

    out: dict[str, Any] = walk(schema, True)
    for name, sub in (out.get("$defs") or {}).items():
        out["$defs"][name] = {
            k: walk(v, False) for k, v in sub.items() if k not in ("description", "title")
        }
    return out


def _llm_error(
    message: str, *, hint: str, reason: str, attempts: int, status: int | None = None
) -> LLMError:
    err = LLMError(message, hint=hint)
    err.status = status
    err.reason = reason
    err.attempts = attempts
    return err


# -- helpers -----------------------------------------------------------------------

_FENCED = re.compile(r"^```[a-zA-Z]*\s*(.*?)\s*```$", re.S)
_THINK = re.compile(r"<think>.*?</think>", re.S)


def _extract_json(content: str) -> str:
    """The JSON inside a reply that may wrap it in code fences, reasoning or a sentence."""
    text = _THINK.sub("", content).strip()
    m = _FENCED.match(text)
    if m:
        text = m.group(1).strip()
    if text and text[0] not in "{[":
        first, last = text.find("{"), text.rfind("}")
        if first != -1 and last > first:
            text = text[first : last + 1]
        else:
            first, last = text.find("["), text.rfind("]")
            if first != -1 and last > first:
                text = text[first : last + 1]
    return text


def parse_reply(
    content: str,
    schema: type[M],
    context: dict[str, Any] | None = None,
    *,
    truncated: bool = False,
) -> M:
    """The reply's JSON validated as ``schema`` (whose validators may use ``context``).

    ``truncated``: the reply was cut at the token limit; its JSON is closed after
    the last complete item before validation. Raises pydantic's ValidationError,
    also when the text holds no JSON at all.
    """
    text = _extract_json(content)
    try:
        data = json.loads(text)
    except ValueError:
        salvaged = _salvage(text) if truncated else None
        if salvaged is not None:
            return schema.model_validate(salvaged, context=context)
        try:  # a bare word ("expand") that a tolerant schema may accept
            return schema.model_validate(text.strip(), context=context)
        except ValidationError:
            pass
        # Let pydantic word the JSON error the same way it words the others.
        return schema.model_validate_json(text, context=context)
    return schema.model_validate(data, context=context)


def _close(text: str) -> str:
    """``text`` with its open string, arrays and objects closed, in order."""
    stack: list[str] = []
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            stack.append("]" if ch == "[" else "}")
        elif ch in "]}" and stack:
            stack.pop()
    return text + ('"' if in_string else "") + "".join(reversed(stack))


def _salvage(text: str) -> Any | None:
    """The JSON of a reply cut at the token limit, up to its last complete item; None if hopeless.

    Hand-written because JSON libraries reject truncated input outright; tries the
    whole text, then cuts back to each of the last few commas.
    """
    if not text or text[0] not in "{[":
        return None
    cuts = [len(text)] + [i for i in range(len(text) - 1, 0, -1) if text[i] == ","][:6]
    for cut in cuts:
        candidate = text[:cut].rstrip().rstrip(",").rstrip()
        if candidate.endswith(":"):
            continue
        try:
            return json.loads(_close(candidate))
        except ValueError:
            continue
    return None


def _describe(exc: ValidationError, content: str, finish: str | None) -> str:
    if not content.strip():
        return "the reply was empty"
    parts = []
    for err in exc.errors()[:5]:
        loc = ".".join(str(x) for x in err.get("loc", ())) or "(root)"
        parts.append(
            f"{loc}: {err.get('msg')}"
            if err.get("type") != "json_invalid"
            else f"not valid JSON ({err.get('msg')})"
        )
    text = "; ".join(parts)
    if finish == "length":
        text += " (the reply was cut off at the token limit)"
    return text


def _repair_prompt(error: str) -> str:
    return (
        f"Your previous reply was rejected: {error}. "
        "Reply again with only the corrected JSON object that matches the required schema."
    )


def _schema_name(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "_", name)[:64] or "output"


def _estimate_tokens(chars: int) -> int:
    return max(1, math.ceil(chars / 4))


def make_llm(settings: Settings) -> OpenAICompatLLM | None:
    """The configured LLM, or None when none is configured (the local reasoner runs then).

    Needs ``KGFC_LLM_MODEL`` and ``KGFC_LLM_BASE_URL`` (OpenAI's own URL is
    assumed when only a model and ``KGFC_LLM_API_KEY`` are set). Half a
    configuration is an error rather than a silent fallback.
    """
    url, model, key = settings.llm_base_url, settings.llm_model, settings.llm_api_key
    if not url and not model:
        return None
    # The prompt set (KGFC_PROMPTS) matters only with an LLM: chosen where the LLM is.
    set_default_prompts(load_prompt_set(settings.prompts, settings.home))
    if not model:
        raise ConfigError(
            f"KGFC_LLM_BASE_URL is set ({url}) but KGFC_LLM_MODEL is not.",
            hint="Set KGFC_LLM_MODEL to a model the server serves (GET /v1/models lists them).",
        )
    if not url:
        if not key:
            raise ConfigError(
                f"KGFC_LLM_MODEL is set ({model}) but KGFC_LLM_BASE_URL is not.",
                hint="Set KGFC_LLM_BASE_URL to any OpenAI-compatible server (e.g. http://127.0.0.1:11434/v1), "
                "or KGFC_LLM_API_KEY to use OpenAI.",
            )
        url = OPENAI_URL
    return OpenAICompatLLM(
        url,
        model,
        key,
        timeout=settings.llm_timeout,  # None: a default for local or remote servers
        max_retries=settings.retries,
        backoff=settings.backoff,
        budget=settings.llm_budget,
        cache_dir=settings.cache_dir,
        endpoint_limits=settings.endpoint_limits,
    )
