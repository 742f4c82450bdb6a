"""kgfc homes for tests that need a fresh one, without the cold rebuild of the store caches
(the demo KG's statistics and indexes: ~10 s of CPU per store and home)."""

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


def home_with_store_caches(monkeypatch, new: Path, *stores: Path) -> Path:
    """Point KGFC_HOME at ``new``: a home holding nothing but the caches the current home has
    for the on-disk ``stores`` (no LLM, search or fetch cache)."""
    from kgfc.settings import default_home

    for store in stores:
        copy_store_caches(store, default_home(), to_home=new)
    monkeypatch.setenv("KGFC_HOME", str(new))
    return new


def copy_store_caches(
    store: Path, home: Path, *, to_store: Path | None = None, to_home: Path | None = None
) -> None:
    """Copy the caches ``home`` has for the on-disk store at ``store`` to those of ``to_store``
    (default: the same store) in ``to_home`` (default: the same home). They are keyed by the
    store's knowledge key, which a folder copy of the store keeps."""
    from kgfc.kg.oxigraph_store import cache_folder

    cache = home / "cache"
    for kind in sorted(p.name for p in cache.iterdir()) if cache.is_dir() else []:
        found = cache_folder(store, kind, home)
        if found.is_dir():
            dest = cache_folder(to_store or store, kind, to_home or home)
            shutil.copytree(found, dest, dirs_exist_ok=True)
