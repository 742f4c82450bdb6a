"""Validated LLM answers on disk, by request hash: re-runs are free and reproducible."""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from kgfc.llm.contract import M

log = logging.getLogger(__name__)


class AnswerCache:
    """One JSON file per answer under ``directory`` (None: nothing is cached).

    Entries say which model at which server gave them; structured answers are
    validated again when read, so a schema change never serves a stale shape.
    """

    def __init__(self, directory: Path | None, *, model: str, base_url: str) -> None:
        self.directory = directory
        self.model = model
        self.base_url = base_url

    def path(self, key: str) -> Path | None:
        return self.directory / f"{key}.json" if self.directory is not None else None

    def get(self, key: str, schema: type[M], context: dict[str, Any] | None) -> M | None:
        path = self.path(key)
        if path is None or not path.is_file():
            return None
        try:
            entry = json.loads(path.read_text(encoding="utf-8"))
            return schema.model_validate(entry["response"], context=context)
        except (OSError, ValueError, KeyError, TypeError, ValidationError) as exc:
            log.warning("ignoring unreadable LLM cache entry %s (%s)", path, exc)
            return None

    def put(self, key: str, name: str, result: BaseModel) -> None:
        path = self.path(key)
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

    def get_tool(self, key: str) -> tuple[str, dict[str, Any]] | None:
        """A cached tool choice: (tool, arguments); None when there is none or it is unreadable."""
        path = self.path(key)
        if path is None or not path.is_file():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return data["tool"], data["arguments"]
        except (OSError, ValueError, KeyError):
            return None

    def put_tool(self, key: str, tool: str, arguments: dict[str, Any]) -> None:
        path = self.path(key)
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps({"tool": tool, "arguments": arguments}), encoding="utf-8")
        except OSError:
            pass
