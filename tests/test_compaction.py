"""Disk is given back: a killed load dropped at the next open, large retractions, `kg compact`."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from kgfc.kg.compaction import finish_interrupted, folder_bytes
from kgfc.kg.oxigraph_store import OxigraphStore

REPO = Path(__file__).resolve().parents[1]
SMALL = '<http://ex.org/a> <http://ex.org/p> "small" .\n'


def _big_file(path: Path, n: int) -> Path:
    with open(path, "w") as fh:
        for i in range(n):
            fh.write(f'<http://ex.org/s{i}> <http://ex.org/p{i % 50}> "value number {i}" .\n')
    return path


def _kg(tmp_path: Path, *args: str, **kw) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(REPO), "KGFC_HOME": str(tmp_path / "home")}
    return subprocess.Popen(
        [sys.executable, "-m", "kgfc", "--quiet", "kg", *args],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **kw,
    )


def test_a_killed_load_ends_near_the_size_before_it_at_the_next_open(tmp_path):
    store = tmp_path / "store"
    small = tmp_path / "small.nt"
    small.write_text(SMALL)
    p = _kg(tmp_path, "load", str(small), "--store", str(store))
    assert p.wait(120) == 0, p.stderr.read()
    before = folder_bytes(store)
    big = _big_file(tmp_path / "big.nt", 1_500_000)
    p = _kg(tmp_path, "load", str(big), "--store", str(store))
    deadline = time.monotonic() + 120
    while folder_bytes(store) < before + 30_000_000 and p.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert p.poll() is None, "the load finished before it could be killed; use a bigger file"
    p.send_signal(signal.SIGKILL)
    p.wait(10)
    assert folder_bytes(store) > 2 * before
    st = OxigraphStore(store)  # the next open drops the half-written source and compacts
    try:
        assert [s.iri for s in st.sources()] != [] and len(st.sources()) == 1
        after = folder_bytes(store)
    finally:
        st.close()
    assert after <= 1.2 * before, (before, after)


def test_a_large_retraction_gives_the_disk_back(tmp_path, monkeypatch):
    import kgfc.kg.oxigraph_store as oxs

    monkeypatch.setattr(oxs, "LARGE_RETRACTION", 1000)
    st = OxigraphStore(tmp_path / "store")
    try:
        st.load_file(_write(tmp_path / "small.nt", SMALL))
        base = folder_bytes(st.path)
        src = st.load_file(_big_file(tmp_path / "big.nt", 100_000))
        iri = src.source
        assert folder_bytes(st.path) > 5 * base
        assert st.retract(iri) >= 100_000
        assert folder_bytes(st.path) <= 1.5 * base
        assert len(st.sources()) == 1
    finally:
        st.close()


def _write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def test_compact_reports_bytes_freed_and_keeps_every_quad(tmp_path):
    st = OxigraphStore(tmp_path / "store")
    try:
        st.load_file(_write(tmp_path / "small.nt", SMALL))
        n = len(st)
        res = st.compact(rebuild=True)
        assert res.rebuilt and res.bytes_freed == max(res.bytes_before - res.bytes_after, 0)
        assert len(st) == n and st.sources()
    finally:
        st.close()


def test_an_interrupted_swap_is_undone(tmp_path):
    path = tmp_path / "store"
    old = tmp_path / "store.compact-old"
    old.mkdir()
    (old / "CURRENT").write_text("x")
    finish_interrupted(path)
    assert (path / "CURRENT").read_text() == "x" and not old.exists()


def test_kg_compact_command_reports_bytes_freed(tmp_path):
    import json

    from click.testing import CliRunner

    from kgfc.cli import cli

    store = tmp_path / "store"
    st = OxigraphStore(store)
    st.load_file(_write(tmp_path / "small.nt", SMALL))
    src = st.load_file(_big_file(tmp_path / "big.nt", 50_000))
    st._store.remove_graph(
        __import__("pyoxigraph").NamedNode(src.source)
    )  # below the auto threshold
    st.close()
    big = folder_bytes(store)
    res = CliRunner().invoke(cli, ["kg", "compact", "--json", "--store", str(store)])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["bytes_freed"] == out["bytes_before"] - out["bytes_after"] > 0
    assert out["bytes_after"] < big // 10
    assert folder_bytes(store) == out["bytes_after"]
