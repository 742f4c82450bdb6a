"""Check every label of benchmarks/data/blind_natural_v1.jsonl against the bundled demo KG.

Each claim stores the SPARQL query that decides its label and what it must return; this runs them
all (pyoxigraph over kgfc/data/demo_kg.nq.gz, union of the source graphs) and exits 1 on any
mismatch, on a malformed row, or when the set's balance or id scheme drifts.

    python benchmarks/blindset_check.py
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from blindset_kg import open_demo, run  # noqa: E402

SET = Path(__file__).resolve().parent / "data" / "blind_natural_v1.jsonl"
FIELDS = {"id", "claim", "label", "relation", "check_sparql", "expected_check", "style"}
LABELS = {"SUPPORTED", "REFUTED", "NOT ENOUGH INFO"}


def main() -> int:
    t0 = time.monotonic()
    rows = [json.loads(line) for line in SET.read_text().splitlines() if line.strip()]
    store = open_demo()
    bad = []
    for r in rows:
        if set(r) != FIELDS or r["label"] not in LABELS:
            bad.append((r.get("id"), "malformed row", sorted(r)))
            continue
        got = run(store, r["check_sparql"])
        want = r["expected_check"]
        if isinstance(got, list):
            got = [list(x) for x in got]
        if got != want:
            bad.append((r["id"], r["claim"], f"got {got!r}, expected {want!r}"))
    ids = [r.get("id") for r in rows]
    if len(set(ids)) != len(ids):
        bad.append(("-", "duplicate ids", [i for i, n in Counter(ids).items() if n > 1]))
    claims = [r.get("claim") for r in rows]
    if len(set(claims)) != len(claims):
        bad.append(("-", "duplicate claims", [c for c, n in Counter(claims).items() if n > 1]))
    counts = Counter(r.get("label") for r in rows)
    print(
        f"{len(rows)} claims, {dict(counts)}, {len(Counter(r.get('relation') for r in rows))} relations, "
        f"{time.monotonic() - t0:.1f}s"
    )
    for b in bad:
        print("MISMATCH", *b, file=sys.stderr)
    if bad:
        print(f"FAILED: {len(bad)} of {len(rows)} checks do not hold", file=sys.stderr)
        return 1
    print("all checks hold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
