"""What code that asks an LLM relies on: the :class:`LLM` contract and :func:`fence`.

The one implementation is :class:`kgfc.llm.client.OpenAICompatLLM`; text retrieved
from the web or the KG goes into prompts through :func:`fence`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel

from kgfc.models import Counters

M = TypeVar("M", bound=BaseModel)
Message = Mapping[str, str]


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
