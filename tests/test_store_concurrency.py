"""No lost verdicts: concurrent ``kgfc verify`` processes on one real on-disk store.

The discipline (see :mod:`kgfc.kg.oxigraph_store`): one writer holds the store;
a process that finds it locked opens it read-only and journals its records,
which the next writer (or the writer when it closes) applies exactly once.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kgfc.kg import vocab as V
from kgfc.kg.oxigraph_store import OxigraphStore

REPO = Path(__file__).resolve().parents[1]
CLI = "from kgfc.cli import main; main()"


def kgfc(*args: str, home: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(REPO), "KGFC_HOME": str(home), "KGFC_OFFLINE": "1"}
    env.pop("KGFC_STORE", None)
    return subprocess.Popen(
        [sys.executable, "-c", CLI, *args],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def batch(tmp_path: Path, name: str, ids: list[str]) -> Path:
    path = tmp_path / f"{name}.jsonl"
    path.write_text(
        "".join(json.dumps({"id": i, "triple": ["Q76", "P19", "Q18094"]}) + "\n" for i in ids)
    )
    return path


def stored_ids(store_path: Path) -> set[str]:
    with OxigraphStore(store_path) as s:  # a write-open applies any journal left
        rows = s.sparql(f"SELECT ?id WHERE {{ GRAPH ?g {{ ?c <{V.KGFC}claimId> ?id }} }}")
        return {r["id"].value for r in rows}


@pytest.mark.timeout(600)
def test_concurrent_verifies_all_record(tmp_path, obama_ttl):
    store_path = tmp_path / "store"
    with OxigraphStore(store_path) as s:
        s.load_file(obama_ttl)
    files = [batch(tmp_path, f"b{k}", [f"p{k}-{i}" for i in range(4)]) for k in range(3)]
    # While this process holds the writer lock, every verify must journal, not drop.
    writer = OxigraphStore(store_path)
    procs = [
        kgfc("verify", "--file", str(f), "--nl", "--store", str(store_path), home=tmp_path / "h")
        for f in files
    ]
    outs = [p.communicate(timeout=500) for p in procs]
    for p, (out, err) in zip(procs, outs, strict=True):
        assert p.returncode == 0, err
        assert all(json.loads(line)["claim_iri"] for line in out.splitlines())
    assert writer.pending_records() == 3  # one journal entry per batch chunk (4 claims each)
    writer.close()  # applies the journal
    assert stored_ids(store_path) == {f"p{k}-{i}" for k in range(3) for i in range(4)}
    assert not list((store_path.parent / "store.journal").glob("*.json"))
    # Without anyone holding the store: two at once, whoever gets the lock.
    more = [batch(tmp_path, f"c{k}", [f"q{k}-{i}" for i in range(3)]) for k in range(2)]
    procs = [
        kgfc("verify", "--file", str(f), "--nl", "--store", str(store_path), home=tmp_path / "h")
        for f in more
    ]
    for p in procs:
        _, err = p.communicate(timeout=500)
        assert p.returncode == 0, err
    res = kgfc("kg", "evidence", "q1-2", "--json", "--store", str(store_path), home=tmp_path / "h")
    out, err = res.communicate(timeout=300)
    assert res.returncode == 0, err
    assert json.loads(out)["id"] == "q1-2"
    assert {f"q{k}-{i}" for k in range(2) for i in range(3)} <= stored_ids(store_path)


def test_a_journal_entry_applied_twice_changes_nothing(tmp_path, obama_ttl):
    store_path = tmp_path / "store"
    with OxigraphStore(store_path) as s:
        s.load_file(obama_ttl)
    writer = OxigraphStore(store_path)
    reader = OxigraphStore(store_path, read_only=True)
    g = V.KGFC_CLAIM + "x/graph"
    import pyoxigraph as ox

    q = ox.Quad(ox.NamedNode(V.KGFC_CLAIM + "x"), ox.NamedNode(V.KGFC + "claimId"), ox.Literal("x"))
    assert reader.can_record and reader.write_quads(g, [q], replace=True) == 1
    assert reader.has_source(g)  # this process sees what it journaled
    [entry] = list(reader.journal.glob("*.json"))
    copy = entry.read_text()
    reader.close()
    writer.close()
    with OxigraphStore(store_path) as s:
        n = len(s)
        assert s.count(graph=ox.NamedNode(g)) == 1
    entry.write_text(copy)  # as if the process died between applying and deleting it
    with OxigraphStore(store_path) as s:
        assert len(s) == n
    with pytest.raises(Exception, match="read-only"):
        OxigraphStore(store_path, read_only=True).write_quads(V.KGFC_SOURCE + "x", [q])
