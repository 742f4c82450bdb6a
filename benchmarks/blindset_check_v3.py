"""Check every label of benchmarks/data/blind_natural_v3.jsonl against the bundled demo KG.

Each claim stores the SPARQL query that decides its label and what it must return; this runs them
all (pyoxigraph over kgfc/data/demo_kg.nq.gz, union of the source graphs) and exits 1 on any
mismatch, on a malformed row, or when the set's size, balance, styles or id scheme drift.

    python benchmarks/blindset_check_v3.py [SET.jsonl]   # default: the v3 set
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from blindset_kg import open_demo, run  # noqa: E402

SET = Path(__file__).resolve().parent / "data" / "blind_natural_v3.jsonl"
FIELDS = {"id", "claim", "label", "relation", "check_sparql", "expected_check", "style"}
BALANCE = {"SUPPORTED": 120, "REFUTED": 105, "NOT ENOUGH INFO": 75}
STYLES = {"encyclopedia", "journalist", "social"}


def main(argv: list[str]) -> int:
    t0 = time.monotonic()
    path = Path(argv[0]) if argv else SET
    lines = path.read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines if line.strip()]
    store = open_demo()
    bad = []
    for n, r in enumerate(rows, 1):
        if set(r) != FIELDS or r["label"] not in BALANCE or r["style"] not in STYLES:
            bad.append((r.get("id"), "malformed row", sorted(r)))
            continue
        if r["id"] != f"bn3-{n:03d}":
            bad.append((r["id"], "id out of order", f"expected bn3-{n:03d}"))
        got = run(store, r["check_sparql"])
        want = r["expected_check"]
        if isinstance(got, list):
            got = [list(x) for x in got]
        if got != want:
            bad.append((r["id"], r["claim"], f"got {got!r}, expected {want!r}"))
    claims = [r.get("claim") for r in rows]
    if len(set(claims)) != len(claims):
        bad.append(("-", "duplicate claims", [c for c, n in Counter(claims).items() if n > 1]))
    counts = Counter(r.get("label") for r in rows)
    if dict(counts) != BALANCE:
        bad.append(("-", "label balance drifted", dict(counts)))
    print(
        f"{len(rows)} claims, {dict(counts)}, {len(Counter(r.get('relation') for r in rows))} relations, "
        f"{dict(Counter(r.get('style') for r in rows))}, {time.monotonic() - t0:.1f}s"
    )
    for b in bad:
        print("MISMATCH", *b, file=sys.stderr)
    if bad:
        print(f"FAILED: {len(bad)} of {len(rows)} checks do not hold", file=sys.stderr)
        return 1
    print("all checks hold")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
