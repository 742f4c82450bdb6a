"""Peak RSS and time of `kgfc kg load` for the same N triples as N-Quads vs N-Triples.

Each load runs in a fresh process (so peak RSS is the load's own) into a fresh
on-disk store. The N-Quads file puts the triples into 10 named graphs (which
become sources under the file's source).

    python benchmarks/bench_load.py [--n 1000000] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
WD, WDT = "http://www.wikidata.org/entity/", "http://www.wikidata.org/prop/direct/"
LOAD = """
import json, resource, sys, time
from kgfc.kg.oxigraph_store import OxigraphStore
t = time.perf_counter()
with OxigraphStore(sys.argv[1]) as s:
    r = s.load_file(sys.argv[2])
print(json.dumps({"quads": r.quads, "seconds": time.perf_counter() - t,
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def write_files(folder: Path, n: int) -> tuple[Path, Path]:
    nt, nq = folder / "data.nt", folder / "data.nq"
    with open(nt, "w") as a, open(nq, "w") as b:
        for i in range(n):
            s, p, o = f"<{WD}Q{i}>", f"<{WDT}P{31 + i % 50}>", f"<{WD}Q{(i * 7919) % (n // 3 + 1)}>"
            a.write(f"{s} {p} {o} .\n")
            b.write(f"{s} {p} {o} <urn:bench:g{i % 10}> .\n")
    return nt, nq


def load(path: Path, store: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    out = subprocess.run(
        [sys.executable, "-c", LOAD, str(store), str(path)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1_000_000)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="kgfc-bench-load-"))
    try:
        t = time.perf_counter()
        nt, nq = write_files(tmp, args.n)
        print(f"wrote {args.n:,} triples twice in {time.perf_counter() - t:.1f}s", file=sys.stderr)
        rows = {}
        for name, path in (("N-Triples", nt), ("N-Quads", nq)):
            r = load(path, tmp / f"store-{name}")
            r["file_mb"] = path.stat().st_size / 1e6
            rows[name] = r
            print(
                f"{name:9}  {r['quads']:>10,} quads  {r['file_mb']:7.1f} MB file  "
                f"{r['seconds']:7.1f} s  peak RSS {r['peak_rss_mb']:7.0f} MB"
            )
        a, b = rows["N-Quads"], rows["N-Triples"]
        print(
            f"N-Quads / N-Triples: time x{a['seconds'] / b['seconds']:.2f}, "
            f"peak RSS x{a['peak_rss_mb'] / b['peak_rss_mb']:.2f}"
        )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
