"""Choosing one action: the tool call's answer, and the JSON choice asked instead where an
endpoint has no tool calling."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal, get_args

from pydantic import BaseModel, create_model, model_validator

from kgfc.llm.replies import extract_json


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


def tool_call(message: Any, content: str, known: set[str]) -> tuple[str, dict[str, Any]] | None:
    """The tool a reply chose and its arguments; None when it names none of ``known``.

    The reply's first tool call, or else a tool named in its JSON content
    (``{"tool": ..., "arguments": ...}``, ``action`` or ``name`` for ``tool``).
    """
    calls = getattr(message, "tool_calls", None) or []
    tool, raw = (calls[0].function.name, calls[0].function.arguments) if calls else (None, content)
    try:
        args = json.loads(extract_json(raw or "{}"))
        if tool is None and isinstance(args, dict):
            tool = args.get("tool") or args.get("action") or args.get("name")
            args = args.get(
                "arguments",
                {k: v for k, v in args.items() if k not in ("tool", "action", "name")},
            )
    except ValueError:
        args = None
    if not isinstance(tool, str) or tool not in known or not isinstance(args, dict):
        return None
    return tool, args
