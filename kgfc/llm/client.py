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
``KGFC_TIMEOUT``, ``KGFC_RETRIES``, ``KGFC_BACKOFF``
    Seconds per request, retries after a failed request, first retry delay.

The LLM is used when ``KGFC_LLM_MODEL`` and a URL (or key) are set, even with
``--offline``: pointing kgfc at an LLM server is an explicit request to use it.

What :meth:`OpenAICompatLLM.complete_json` does for every call:

- asks for JSON-schema structured output; when the server rejects that
  ``response_format`` with a 400/422 it falls back to JSON mode, then to a plain
  prompt carrying the schema, and remembers which mode worked;
- validates the reply with pydantic (a tool-call reply is accepted too) and,
  when it is not valid, shows the model the error and asks again (at most
  ``repair_attempts`` times) before raising :class:`~kgfc.errors.LLMError`;
- retries 429/5xx/timeouts/dropped connections with bounded, capped backoff
  that honours ``Retry-After`` - the same policy as :mod:`kgfc.kg.remote`;
- counts calls and tokens into the caller's :class:`~kgfc.models.Counters`;
- caches validated answers on disk by request hash, so re-runs are free and
  reproducible (a cache hit is not a call).

Text retrieved from the web or the KG goes into prompts through :func:`fence`.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import random
import re
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ValidationError

from kgfc.errors import ConfigError, LLMError
from kgfc.kg.remote import MAX_WAIT_S, Failure, parse_retry_after
from kgfc.models import Counters

if TYPE_CHECKING:
    from kgfc.settings import Settings

log = logging.getLogger(__name__)

M = TypeVar("M", bound=BaseModel)
Message = Mapping[str, str]

OPENAI_URL = "https://api.openai.com/v1"
MODES = ("json_schema", "json_object", "plain")
LOCAL_HINT = "or run with --reasoner local"


@runtime_checkable
class LLM(Protocol):
    """A chat model that answers with JSON validated against a pydantic model."""

    model: str

    def complete_json(
        self, messages: Sequence[Message], schema: type[M], *, counters: Counters, name: str
    ) -> M:
        """Send ``messages``; return the reply parsed as ``schema``; raise LLMError when it cannot.

        ``name`` names the task ("rank", "verdict"...) in the request and in errors.
        """
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


def _failure(exc: BaseException) -> Failure | None:
    """Recognise an exception from an openai call; None means "not a remote failure" (a bug).

    The only place openai exceptions are inspected: everything after this
    works on library-neutral :class:`~kgfc.kg.remote.Failure` values.
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
            detail = f"HTTP {exc.status_code}: {_excerpt(_error_message(exc))}"
            return Failure("http", detail, status=exc.status_code, retry_after=retry_after)
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


def _is_rejection(failure: Failure) -> bool:
    """A 400/422: the server refused this request's shape (maybe its response_format)."""
    return failure.status in (400, 422)


class _CallFailed(Exception):
    def __init__(self, failure: Failure, attempts: int) -> None:
        super().__init__(failure.detail)
        self.failure = failure
        self.attempts = attempts


# -- the client --------------------------------------------------------------------


class OpenAICompatLLM:
    """An :class:`LLM` backed by any OpenAI-compatible ``/chat/completions`` endpoint.

    ``sleep`` and ``rng`` are injectable so tests never wait; ``http_client``
    (an ``openai.DefaultHttpxClient``) may be shared or carry proxy and
    certificate settings. ``mode`` is the structured-output mode last seen to
    work (None until the first success).
    ``cache_hits`` and ``calls`` count, over the client's life, answers served
    from the disk cache and completions received from the server.
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None = None,
        *,
        timeout: float = 60.0,
        max_retries: int = 3,
        cache_dir: str | Path | None = None,
        backoff: float = 1.0,
        temperature: float = 0.0,
        max_tokens: int | None = None,
        repair_attempts: int = 2,
        sleep: Callable[[float], None] = time.sleep,
        rng: random.Random | None = None,
        http_client: Any | None = None,
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
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff = backoff
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.repair_attempts = repair_attempts
        self.cache_dir = Path(cache_dir) / "llm" if cache_dir is not None else None
        self.mode: str | None = None
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

    def close(self) -> None:
        """Release pooled connections; an ``http_client`` passed in is left open for its owner."""
        if self._owns_http:
            self._client.close()

    # -- public ------------------------------------------------------------------

    def complete_json(
        self, messages: Sequence[Message], schema: type[M], *, counters: Counters, name: str
    ) -> M:
        messages = [dict(m) for m in messages]
        schema_json = schema.model_json_schema()
        key = self.cache_key(messages, schema, schema_json)
        cached = self._cache_get(key, schema)
        if cached is not None:
            self.cache_hits += 1
            return cached

        conversation = list(messages)
        error = ""
        for attempt in range(self.repair_attempts + 1):
            content, finish = self._complete(conversation, schema_json, name, counters)
            try:
                result = schema.model_validate_json(_extract_json(content))
            except ValidationError as exc:
                error = _describe(exc, content, finish)
                log.warning(
                    "%s: invalid %s output from %s (%s)", self.base_url, name, self.model, error
                )
                if attempt == self.repair_attempts:
                    break
                conversation += [
                    {"role": "assistant", "content": content[:4000]},
                    {"role": "user", "content": _repair_prompt(error)},
                ]
                continue
            self._cache_put(key, name, result)
            return result
        tries = self.repair_attempts + 1
        err = LLMError(
            f"The LLM {self.model!r} gave invalid {name} output {tries} times in a row; "
            f"last error: {error}.",
            hint=f"Use a model that follows JSON instructions (an instruct model), {LOCAL_HINT}.",
        )
        err.status = None  # type: ignore[attr-defined]
        err.reason = "invalid_output"  # type: ignore[attr-defined]
        err.attempts = tries  # type: ignore[attr-defined]
        raise err

    def choose_tool(
        self,
        messages: Sequence[Message],
        tools: Sequence[dict[str, Any]],
        *,
        counters: Counters,
        name: str,
    ) -> tuple[str, dict[str, Any]]:
        """Ask the model to call one of ``tools`` (OpenAI tools format); returns (tool name, arguments).

        A reply that names a tool in JSON content instead (``{"tool": ..., "arguments": ...}``)
        is accepted too, since some local servers answer tool requests that way. An unknown
        tool or unparsable arguments get a repair round, then an LLMError.
        """
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
        error = ""
        for _attempt in range(self.repair_attempts + 1):
            payload: dict[str, Any] = {
                "model": self.model,
                "messages": conversation,
                "temperature": self.temperature,
                "tools": list(tools),
                "tool_choice": "required",
            }
            try:
                response = self._create_with_retries(payload)
            except _CallFailed as exc:
                if _is_rejection(exc.failure) and payload.get("tool_choice") == "required":
                    payload["tool_choice"] = "auto"  # older servers know only "auto"
                    try:
                        response = self._create_with_retries(payload)
                    except _CallFailed as exc2:
                        raise self._error(exc2.failure, exc2.attempts) from exc2
                else:
                    raise self._error(exc.failure, exc.attempts) from exc
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
                if tool not in known or not isinstance(args, dict):
                    raise ValueError(f"unknown tool {tool!r}; call one of {sorted(known)}")
            except ValueError as exc:
                error = str(exc)
                conversation += [
                    {"role": "assistant", "content": (raw or "")[:2000]},
                    {"role": "user", "content": _repair_prompt(error)},
                ]
                continue
            if path is not None:
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_text(json.dumps({"tool": tool, "arguments": args}), encoding="utf-8")
                except OSError:
                    pass
            return tool, args
        raise LLMError(
            f"The LLM {self.model!r} did not call a valid {name} tool: {error}.",
            hint=f"Use a model with tool-calling support, {LOCAL_HINT}.",
        )

    def cache_key(
        self, messages: Sequence[Message], schema: type[BaseModel], schema_json: dict | None = None
    ) -> str:
        payload = {
            "model": self.model,
            "messages": [dict(m) for m in messages],
            "schema": {"name": schema.__name__, "json": schema_json or schema.model_json_schema()},
            "temperature": self.temperature,
        }
        blob = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()

    # -- one completion, with mode fallback and retries ---------------------------------

    def _complete(
        self, messages: list[dict[str, str]], schema_json: dict, name: str, counters: Counters
    ) -> tuple[str, str | None]:
        """Get one completion's text (content or tool-call arguments) and its finish reason."""
        start = MODES.index(self.mode) if self.mode else 0
        for mode in MODES[start:]:
            payload = self._payload(messages, schema_json, name, mode)
            try:
                response = self._create_with_retries(payload)
            except _CallFailed as exc:
                if _is_rejection(exc.failure) and mode != "plain":
                    log.info(
                        "%s rejected response_format %s (%s); falling back",
                        self.base_url,
                        mode,
                        exc.failure.detail,
                    )
                    continue
                raise self._error(exc.failure, exc.attempts) from exc
            if self.mode != mode:
                self.mode = mode
            return self._read(response, messages, counters)
        raise AssertionError("unreachable: plain mode never falls back")  # pragma: no cover

    def _payload(
        self, messages: list[dict[str, str]], schema_json: dict, name: str, mode: str
    ) -> dict[str, Any]:
        msgs = [dict(m) for m in messages]
        payload: dict[str, Any] = {
            "model": self.model,
            "messages": msgs,
            "temperature": self.temperature,
        }
        if self.max_tokens is not None:
            payload["max_tokens"] = self.max_tokens
        if mode == "json_schema":
            payload["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": _schema_name(name), "schema": schema_json, "strict": False},
            }
            return payload
        if mode == "json_object":
            payload["response_format"] = {"type": "json_object"}
        instruction = (
            "Answer with exactly one JSON object and nothing else (no prose, no code fences). "
            "It must validate against this JSON Schema:\n"
            + json.dumps(schema_json, ensure_ascii=False)
        )
        if msgs and msgs[0].get("role") == "system":
            msgs[0]["content"] = f"{msgs[0]['content']}\n\n{instruction}"
        else:
            msgs.insert(0, {"role": "system", "content": instruction})
        return payload

    def _create_with_retries(self, payload: dict[str, Any]) -> Any:
        attempt = 0
        while True:
            try:
                return self._client.chat.completions.create(**payload)
            except Exception as exc:
                failure = _failure(exc)
                if failure is None:
                    raise
                attempt += 1
                if not failure.retryable or attempt > self.max_retries:
                    raise _CallFailed(failure, attempt) from exc
                if failure.retry_after is not None and failure.status in (429, 503):
                    delay = min(failure.retry_after, MAX_WAIT_S)
                else:
                    delay = min(
                        self.backoff * 2 ** (attempt - 1) * (1 + self._rng.uniform(0, 0.25)),
                        MAX_WAIT_S,
                    )
                log.warning(
                    "LLM %s: %s; retry %d/%d in %.1fs",
                    self.base_url,
                    failure.detail,
                    attempt,
                    self.max_retries,
                    delay,
                )
                self._sleep(delay)

    def _read(
        self, response: Any, messages: list[dict[str, str]], counters: Counters
    ) -> tuple[str, str | None]:
        self.calls += 1
        counters.llm_calls += 1
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
            err = LLMError(
                f"{where} refused the credentials ({failure.detail}).",
                hint=f"Set KGFC_LLM_API_KEY to a valid key, {LOCAL_HINT}.",
            )
        elif status == 404:
            err = LLMError(
                f"{where} does not know model {self.model!r} or this path ({failure.detail}).",
                hint="Check KGFC_LLM_MODEL, and that KGFC_LLM_BASE_URL is the OpenAI-compatible base (it usually ends in /v1).",
            )
        elif status == 429:
            err = LLMError(
                f"{where} is rate-limiting kgfc (HTTP 429) after {tries}.",
                hint=f"Wait a minute and re-run (answers already received are cached), {LOCAL_HINT}.",
            )
        elif failure.reason == "timeout":
            err = LLMError(
                f"{where} did not answer within {self.timeout:g}s after {tries}.",
                hint=f"Raise KGFC_TIMEOUT, use a smaller model, {LOCAL_HINT}.",
            )
        elif failure.reason == "connect":
            err = LLMError(
                f"Cannot reach {where} ({failure.detail}) after {tries}.",
                hint=f"Is the server running? Check KGFC_LLM_BASE_URL, {LOCAL_HINT}.",
            )
        elif status is not None and status < 500:
            err = LLMError(
                f"{where} rejected the request ({failure.detail}).",
                hint="Check KGFC_LLM_MODEL and KGFC_LLM_BASE_URL; if they are right, this is worth reporting.",
            )
        else:
            err = LLMError(
                f"{where} failed ({failure.detail}) after {tries}.",
                hint=f"Try again later, {LOCAL_HINT}.",
            )
        err.status = status  # type: ignore[attr-defined]
        err.reason = failure.reason  # type: ignore[attr-defined]
        err.attempts = attempts  # type: ignore[attr-defined]
        return err

    # -- disk cache -------------------------------------------------------------------

    def _cache_path(self, key: str) -> Path | None:
        return self.cache_dir / f"{key}.json" if self.cache_dir is not None else None

    def _cache_get(self, key: str, schema: type[M]) -> M | None:
        path = self._cache_path(key)
        if path is None or not path.is_file():
            return None
        try:
            entry = json.loads(path.read_text(encoding="utf-8"))
            return schema.model_validate(entry["response"])
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
    return text


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


def make_llm(settings: Settings) -> LLM | None:
    """The configured LLM, or None when none is configured (the local reasoner runs then).

    Needs ``KGFC_LLM_MODEL`` and ``KGFC_LLM_BASE_URL`` (OpenAI's own URL is
    assumed when only a model and ``KGFC_LLM_API_KEY`` are set). Half a
    configuration is an error rather than a silent fallback.
    """
    url, model, key = settings.llm_base_url, settings.llm_model, settings.llm_api_key
    if not url and not model:
        return None
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
        timeout=settings.timeout,
        max_retries=settings.retries,
        backoff=settings.backoff,
        cache_dir=settings.cache_dir,
    )
