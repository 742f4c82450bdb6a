"""The one :class:`~kgfc.llm.contract.LLM` implementation: any OpenAI-compatible chat endpoint.

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
  model) and remembers it under the cache dir (:mod:`kgfc.llm.modes`): ``json_schema`` →
  ``json_object`` with a ``schema`` key (llama.cpp / llama-cpp-python turn it into a
  grammar) → ``json_object`` → a plain prompt carrying the schema. A request shape the
  server refuses (400/422, or a 500 whose message names ``response_format``,
  as llama-cpp-python answers) moves to the next mode at once, without retries;
- **parses tolerantly** (:mod:`kgfc.llm.replies`): the reply's JSON goes through the
  schema's own validators (the prompt models in :mod:`kgfc.llm.prompts` clamp scores,
  drop unknown or duplicate ids, accept bare lists and labels); a reply that
  still does not validate gets one repair round quoting the exact error;
- retries 429/5xx/timeouts/dropped connections with the shared policy of
  :mod:`kgfc.retry` (bounded, capped backoff honouring ``Retry-After``);
- **counts every request** into the caller's :class:`~kgfc.models.Counters`:
  ``llm_calls`` (failed ones included), ``llm_failures``, tokens, ``llm_seconds``;
  and refuses to start a request once the claim's time budget is spent;
- caches validated answers on disk by request hash, so re-runs are free and
  reproducible (a cache hit is not a call; :mod:`kgfc.llm.answer_cache`).

:meth:`OpenAICompatLLM.choose_tool` asks for one tool call, and when the
endpoint has no tool calling (refuses ``tools``, or answers with no call)
asks the same question as a JSON-constrained "choose one action" completion
(:mod:`kgfc.llm.actions`); that too is learned once per endpoint.

Failed requests become errors in :mod:`kgfc.llm.failures`. Text retrieved from the web
or the KG goes into prompts through :func:`~kgfc.llm.contract.fence`.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import logging
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from pydantic import BaseModel, ValidationError

from kgfc.errors import ConfigError, LLMError
from kgfc.llm.actions import action_menu, action_model, tool_call
from kgfc.llm.answer_cache import AnswerCache
from kgfc.llm.contract import M, Message
from kgfc.llm.failures import (
    LOCAL_HINT,
    Refused,
    classify_failure,
    endpoint_error,
    excerpt,
    llm_error,
)
from kgfc.llm.modes import (
    CAPABILITIES_FILE,
    MODES,
    Capabilities,
    CapabilityCache,
    Mode,
    structured_request,
)
from kgfc.llm.promptset import load_prompt_set, set_default_prompts
from kgfc.llm.replies import describe, estimate_tokens, parse_reply, repair_prompt
from kgfc.models import Counters
from kgfc.retry import Failure, RetriesExhausted, endpoint_gate, retry, through_gate

if TYPE_CHECKING:
    from kgfc.settings import Settings

log = logging.getLogger(__name__)

OPENAI_URL = "https://api.openai.com/v1"
LOCAL_TIMEOUT_S = 300.0  # a CPU model on this machine: minutes per long answer are normal
REMOTE_TIMEOUT_S = 60.0
DEFAULT_BUDGET_S = 300.0


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
        self._answers = AnswerCache(self.cache_dir, model=self.model, base_url=self.base_url)
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
            cached = self._answers.get(key, schema, context)
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
                error = describe(exc, content, finish)
                log.warning(
                    "%s: invalid %s output from %s (%s)", self.base_url, name, self.model, error
                )
                if attempt == self.repair_attempts:
                    break
                conversation += [
                    {"role": "assistant", "content": content[:2000]},
                    {"role": "user", "content": repair_prompt(error)},
                ]
                continue
            if use_cache:
                self._answers.put(key, name, result)
            return result
        tries = self.repair_attempts + 1
        raise llm_error(
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
            except Refused as exc:
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
            caps.notes = (caps.notes + [excerpt(note, 200)])[-6:]
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
            payload = structured_request(
                messages,
                schema_json,
                name,
                mode,
                model=self.model,
                temperature=self.temperature,
                max_tokens=max_tokens if max_tokens is not None else self.max_tokens,
            )
            try:
                response = self._send(payload, counters, refusable=mode != "plain")
            except Refused as exc:
                self._learn(note=f"{mode} refused: {exc.failure.detail}")
                continue
            if known != mode:
                self._learn(structured=mode)
            return self._read(response, messages, counters)
        raise AssertionError("unreachable: plain mode never falls back")  # pragma: no cover

    def _send(self, payload: dict[str, Any], counters: Counters, *, refusable: bool = False) -> Any:
        """One request with the shared retry policy; every attempt is counted.

        A refused shape raises :class:`Refused` when ``refusable`` (another shape
        may work), else an LLMError; so does everything else that runs out of retries.
        """

        def attempt() -> Any:
            if self.budget is not None and counters.llm_seconds >= self.budget:
                raise llm_error(
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

            return through_gate(self._gate, call, classify_failure)

        def failed(_failure: Failure) -> None:
            counters.llm_failures += 1

        try:
            return retry(
                attempt,
                retries=self.max_retries,
                backoff=self.backoff,
                what=f"LLM {self.base_url}",
                classify=classify_failure,
                sleep=self._sleep,
                rng=self._rng,
                on_failure=failed,
            )
        except RetriesExhausted as exc:
            if exc.failure.refused and refusable:
                raise Refused(exc.failure) from exc
            raise endpoint_error(
                exc.failure,
                exc.attempts,
                base_url=self.base_url,
                model=self.model,
                timeout=self.timeout,
            ) from exc

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
        cached = self._answers.get_tool(key)
        if cached is not None:
            self.cache_hits += 1
            return cached
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
        except Refused:
            payload["tool_choice"] = "auto"  # older servers know only "auto"
            response = self._send(payload, counters, refusable=True)
        content, _finish = self._read(response, conversation, counters)
        message = response.choices[0].message if getattr(response, "choices", None) else None
        got = tool_call(message, content, known)
        if got is None:
            counters.llm_failures += 1
            log.info("LLM %s: no usable %s tool call in the reply", self.base_url, name)
            return None
        self._answers.put_tool(key, *got)
        return got

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
            prompt = estimate_tokens(sum(len(m.get("content") or "") for m in messages))
        if completion is None:
            completion = estimate_tokens(len(content))
        counters.prompt_tokens += prompt
        counters.completion_tokens += completion
        return content, finish


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
