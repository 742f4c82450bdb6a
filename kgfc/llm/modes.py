"""Structured output: the modes an endpoint may honour, what it was seen to support, and the
request each mode sends.

Negotiated once per endpoint (base URL + model) and remembered under the cache dir:
``json_schema`` -> ``json_object`` with a ``schema`` key (llama.cpp / llama-cpp-python
turn it into a grammar) -> ``json_object`` -> a plain prompt carrying the schema.
"""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
import threading
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

log = logging.getLogger(__name__)

Mode = Literal["json_schema", "json_object_schema", "json_object", "plain"]
MODES: tuple[Mode, ...] = ("json_schema", "json_object_schema", "json_object", "plain")
CAPABILITIES_FILE = "capabilities.json"


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


def structured_request(
    messages: list[dict[str, str]],
    schema_json: dict[str, Any],
    name: str,
    mode: Mode,
    *,
    model: str,
    temperature: float,
    max_tokens: int | None,
) -> dict[str, Any]:
    """The chat request asking ``model`` for JSON matching ``schema_json`` in ``mode``."""
    msgs = [dict(m) for m in messages]
    schema_json = lean_schema(schema_json)
    payload: dict[str, Any] = {
        "model": model,
        "messages": msgs,
        "temperature": temperature,
    }
    if max_tokens is not None:
        payload["max_tokens"] = max_tokens
    if mode == "json_schema":
        payload["response_format"] = {
            "type": "json_schema",
            "json_schema": {"name": schema_name(name), "schema": schema_json, "strict": False},
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


def schema_name(name: str) -> str:
    """A task name as the ``json_schema`` name a server accepts."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", name)[:64] or "output"
