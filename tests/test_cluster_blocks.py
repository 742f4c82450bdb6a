"""How a Ray batch is cut into blocks: at least a few per actor for a small batch, the
recording chunk for a large one; the claims counted from the file (no Ray needed here)."""

from __future__ import annotations

import json

import pytest

from kgfc.pipeline.cluster import BLOCKS_PER_ACTOR, ClusterJob, block_size, count_rows
from kgfc.settings import Settings


def _job(path, chunk=100, actors=2) -> ClusterJob:
    return ClusterJob(
        claims=str(path),
        store="sparql:http://x/query",
        settings=Settings(),
        chunk=chunk,
        actors=actors,
    )


def test_a_small_batch_gives_each_actor_several_blocks(tmp_path):
    path = tmp_path / "c.jsonl"
    rows = [{"id": f"c{i}", "triple": ["Q76", "P19", "Q60"]} for i in range(300)]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows) + "\n\n")  # blank lines: no claims
    assert count_rows(str(path)) == 300
    size = block_size(_job(path))
    assert size == 38  # 300 claims, 2 actors, 4 blocks each at least
    assert -(-300 // size) >= BLOCKS_PER_ACTOR * 2
    assert block_size(_job(path, actors=1)) == 75
    assert block_size(_job(path, chunk=10)) == 10  # never more than a recording chunk
    big = tmp_path / "big.jsonl"
    big.write_text("".join(json.dumps(r) + "\n" for r in rows * 10))
    assert block_size(_job(big)) == 100


def test_csv_and_parquet_rows_are_counted_and_a_folder_is_not(tmp_path):
    csv = tmp_path / "c.csv"
    csv.write_text("id,claim\n" + "".join(f"c{i},Obama was born in Hawaii.\n" for i in range(9)))
    assert count_rows(str(csv)) == 9
    assert block_size(_job(csv)) == 2
    pq = pytest.importorskip("pyarrow.parquet")
    import pyarrow as pa

    table = pa.table({"id": [f"c{i}" for i in range(17)], "claim": ["x"] * 17})
    pq.write_table(table, tmp_path / "c.parquet")
    assert count_rows(str(tmp_path / "c.parquet")) == 17
    folder = tmp_path / "parts.jsonl"
    folder.mkdir()
    assert count_rows(str(folder)) is None
    assert block_size(_job(folder, chunk=50)) == 50
    assert block_size(_job(tmp_path / "missing.jsonl", chunk=50)) == 50
