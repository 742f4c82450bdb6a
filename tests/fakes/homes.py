"""A fresh kgfc home for a test that needs an empty LLM cache, without the cold rebuild of
the store caches (the demo KG's statistics and indexes: tens of seconds per home)."""

from __future__ import annotations

import shutil
from pathlib import Path


def fresh_llm_home(monkeypatch, home: Path, new: Path) -> Path:
    """Point KGFC_HOME at ``new``: a copy of ``home``'s caches but for the LLM cache."""
    cache = home / "cache"
    if cache.is_dir():
        shutil.copytree(
            cache, new / "cache", ignore=lambda d, _: ["llm"] if Path(d) == cache else []
        )
    monkeypatch.setenv("KGFC_HOME", str(new))
    return new
