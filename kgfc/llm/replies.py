"""Reading an LLM's reply: the JSON in it, validated, salvaged when cut at the token limit,
and the words for a reply that did not validate (what the repair round quotes)."""

from __future__ import annotations

import json
import math
import re
from typing import Any

from pydantic import ValidationError

from kgfc.llm.contract import M

_FENCED = re.compile(r"^```[a-zA-Z]*\s*(.*?)\s*```$", re.S)
_THINK = re.compile(r"<think>.*?</think>", re.S)


def extract_json(content: str) -> str:
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
    text = extract_json(content)
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


def describe(exc: ValidationError, content: str, finish: str | None) -> str:
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


def repair_prompt(error: str) -> str:
    return (
        f"Your previous reply was rejected: {error}. "
        "Reply again with only the corrected JSON object that matches the required schema."
    )


def estimate_tokens(chars: int) -> int:
    return max(1, math.ceil(chars / 4))
