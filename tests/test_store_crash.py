"""Crash hygiene on a real on-disk store: ``kill -9`` in the middle of a bulk load."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kgfc.kg.oxigraph_store import OxigraphStore, _folder_bytes

REPO = Path(__file__).resolve().parents[1]
LOAD = """
import sys
from kgfc.kg.oxigraph_store import OxigraphStore
s = OxigraphStore(sys.argv[1])
s.load_file(sys.argv[2])
"""


@pytest.mark.timeout(300)
def test_kill_9_during_load_leaves_no_half_source_and_no_orphaned_files(tmp_path, obama_ttl):
    store_path = tmp_path / "store"
    with OxigraphStore(store_path) as s:
        s.load_file(obama_ttl)
        before_sources = [x.iri for x in s.sources()]
    before_bytes = _folder_bytes(store_path)
    big = tmp_path / "big.nt"
    with open(big, "w") as fh:
        for i in range(1_500_000):
            fh.write(
                f"<http://www.wikidata.org/entity/Q{i}> <http://www.wikidata.org/prop/direct/P31> "
                f"<http://www.wikidata.org/entity/Q{i % 997}> .\n"
            )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen([sys.executable, "-c", LOAD, str(store_path), str(big)], env=env)
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and proc.poll() is None:
            if list(store_path.glob("bulk-*.sst")):
                break
            time.sleep(0.01)
        assert proc.poll() is None, "the load finished before it could be killed"
        assert list(store_path.glob("bulk-*.sst")), "no bulk load seen in time"
        time.sleep(0.3)
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait()
    assert list(store_path.glob("bulk-*.sst"))  # the leak the next write-open must clean
    with OxigraphStore(store_path) as s:
        assert [x.iri for x in s.sources()] == before_sources
        assert s.stats().facts == 7
    assert not list(store_path.glob("bulk-*.sst"))
    with OxigraphStore(store_path) as s:  # compaction after the drop settles the size
        pass
    assert _folder_bytes(store_path) < before_bytes * 1.5 + 2_000_000
