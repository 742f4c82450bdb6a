"""Failures of an LLM request: recognising openai's exceptions, and the errors kgfc raises.

The only place openai exceptions are inspected: everything after
:func:`classify_failure` works on library-neutral :class:`~kgfc.retry.Failure` values.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

from kgfc.errors import LLMError
from kgfc.retry import Failure, parse_retry_after

LOCAL_HINT = "or run with --reasoner local"

# A refused request shape: the server names the option it does not take.
_REFUSED_OPTION = re.compile(
    r"response_format|json_schema|json_object|\btool_choice\b|\btools\b|\bfunctions?\b", re.I
)


def classify_failure(exc: BaseException) -> Failure | None:
    """Recognise an exception from an openai call; None means "not a remote failure" (a bug)."""
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
                f"HTTP {status}: {excerpt(message)}",
                status=status,
                retry_after=retry_after,
                refused=refused,
            )
        if isinstance(exc, openai.APITimeoutError):
            return Failure("timeout", "timed out")
        if isinstance(exc, openai.APIConnectionError):
            cause = exc.__cause__
            reason = "connect" if cause is None or "Connect" in type(cause).__name__ else "protocol"
            return Failure(reason, excerpt(str(cause or exc)) or type(exc).__name__)
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


def excerpt(text: str, limit: int = 300) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class Refused(Exception):
    """The server refused the request's shape (an unsupported option)."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.detail)
        self.failure = failure


def llm_error(
    message: str, *, hint: str, reason: str, attempts: int, status: int | None = None
) -> LLMError:
    err = LLMError(message, hint=hint)
    err.status = status
    err.reason = reason
    err.attempts = attempts
    return err


def endpoint_error(
    failure: Failure, attempts: int, *, base_url: str, model: str, timeout: float
) -> LLMError:
    """The error for a request to ``base_url`` that failed for good: what happened, what to do."""
    tries = f"{attempts} attempt{'s' if attempts != 1 else ''}"
    where = f"the LLM server at {base_url}"
    status = failure.status
    if status in (401, 403):
        msg, hint = (
            f"{where} refused the credentials ({failure.detail}).",
            f"Set KGFC_LLM_API_KEY to a valid key, {LOCAL_HINT}.",
        )
    elif status == 404:
        msg, hint = (
            f"{where} does not know model {model!r} or this path ({failure.detail}).",
            "Check KGFC_LLM_MODEL, and that KGFC_LLM_BASE_URL is the OpenAI-compatible base (it usually ends in /v1).",
        )
    elif status == 429:
        msg, hint = (
            f"{where} is rate-limiting kgfc (HTTP 429) after {tries}.",
            f"Wait a minute and re-run (answers already received are cached), {LOCAL_HINT}.",
        )
    elif failure.reason == "timeout":
        msg, hint = (
            f"{where} did not answer within {timeout:g}s after {tries}.",
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
    return llm_error(msg, hint=hint, reason=failure.reason, attempts=attempts, status=status)
