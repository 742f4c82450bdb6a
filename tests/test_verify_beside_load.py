"""``kgfc verify --file`` beside a ``kgfc kg load`` of a large file, as two real processes: the
verify ends cleanly and every one of its claims is in the store once the load is done."""

from __future__ import annotations

import json
import time

import pytest

from kgfc.kg.compaction import folder_bytes
from tests.test_compaction import _big_file, _kg
from tests.test_store_concurrency import batch, kgfc, stored_ids

pytestmark = pytest.mark.slow


@pytest.mark.timeout(900)
def test_a_verify_batch_beside_a_bulk_load_ends_with_every_claim_stored(tmp_path, obama_ttl):
    store = tmp_path / "store"
    p = _kg(tmp_path, "load", str(obama_ttl), "--store", str(store))
    assert p.wait(120) == 0, p.stderr.read()
    before = folder_bytes(store)
    big = _big_file(tmp_path / "big.nt", 1_500_000)
    claims = batch(tmp_path, "claims", [f"v{i}" for i in range(12)])

    load = _kg(tmp_path, "load", str(big), "--store", str(store))
    # start the verify once the load is writing: the store is held, and its files change
    deadline = time.monotonic() + 300
    while folder_bytes(store) < before + 5_000_000 and load.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert load.poll() is None, "the load finished before the verify started; use a bigger file"
    verify = kgfc(
        "verify", "--file", str(claims), "--nl", "--store", str(store), home=tmp_path / "h"
    )
    out, err = verify.communicate(timeout=600)
    assert verify.returncode == 0, err
    assert "Traceback" not in err
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == 12 and all(r["verdict"] == "SUPPORTED" and r["claim_iri"] for r in rows)
    assert load.wait(600) == 0, load.stderr.read()
    assert stored_ids(store) == {f"v{i}" for i in range(12)}
