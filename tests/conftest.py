from __future__ import annotations

import os
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory, monkeypatch):
    """Never read or write the user's real kgfc home or config in tests."""
    home = tmp_path_factory.mktemp("kgfc_home")
    monkeypatch.setenv("KGFC_HOME", str(home))
    monkeypatch.delenv("KGFC_CONFIG", raising=False)
    monkeypatch.delenv("KGFC_STORE", raising=False)
    for var in [v for v in os.environ if v.startswith("KGFC_LLM")]:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("KGFC_OFFLINE", "1")
    return home


@pytest.fixture
def obama_ttl() -> Path:
    return DATA / "obama.ttl"


def shared_data(*parts: str) -> Path:
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is absent (../shared/data exists only in the developers' workspace)")
    return path
