"""Check every label of a blind natural-claims set against the bundled demo KG.

Each claim stores the SPARQL query that decides its label and what it must return; this runs them
all (pyoxigraph over kgfc/data/demo_kg.nq.gz, union of the source graphs) and exits 1 on any
mismatch, on a malformed row, duplicate ids or claims, or when the set's size, balance, styles or
id scheme drift from what the table below records for it.

    python benchmarks/blindset_check.py                 # the first set (v1)
    python benchmarks/blindset_check.py --set v8        # v1 to v8
    python benchmarks/blindset_check.py --set path/to/blind_natural_v4.jsonl
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from blindset_kg import open_demo, run  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
FIELDS = {"id", "claim", "label", "relation", "check_sparql", "expected_check", "style"}
STYLES = {"encyclopedia", "journalist", "social"}
# Per set: id prefix and the label balance it was written to.
SETS: dict[str, dict[str, object]] = {
    "v1": {"prefix": "bn-", "balance": {"SUPPORTED": 160, "REFUTED": 140, "NOT ENOUGH INFO": 100}},
    "v2": {"prefix": "bn2-", "balance": {"SUPPORTED": 120, "REFUTED": 105, "NOT ENOUGH INFO": 75}},
    "v3": {"prefix": "bn3-", "balance": {"SUPPORTED": 120, "REFUTED": 105, "NOT ENOUGH INFO": 75}},
    "v4": {"prefix": "bn4-", "balance": {"SUPPORTED": 120, "REFUTED": 105, "NOT ENOUGH INFO": 75}},
    "v5": {"prefix": "bn5-", "balance": {"SUPPORTED": 120, "REFUTED": 105, "NOT ENOUGH INFO": 75}},
    "v6": {"prefix": "bn6-", "balance": {"SUPPORTED": 120, "REFUTED": 105, "NOT ENOUGH INFO": 75}},
    "v7": {"prefix": "bn7-", "balance": {"SUPPORTED": 120, "REFUTED": 105, "NOT ENOUGH INFO": 75}},
    "v8": {"prefix": "bn8-", "balance": {"SUPPORTED": 120, "REFUTED": 105, "NOT ENOUGH INFO": 75}},
}


def resolve(arg: str) -> tuple[Path, dict[str, object]]:
    """A set name (v1..v8) or a path whose name ends in blind_natural_vN.jsonl."""
    if arg in SETS:
        return DATA / f"blind_natural_{arg}.jsonl", SETS[arg]
    path = Path(arg)
    m = re.search(r"blind_natural_(v\d+)\.jsonl$", path.name)
    if not m or m.group(1) not in SETS:
        raise SystemExit(
            f"unknown set {arg!r}: give one of {', '.join(SETS)} or a blind_natural_vN.jsonl path"
        )
    if not path.is_file():
        raise SystemExit(f"no such file: {path}")
    return path, SETS[m.group(1)]


def check_rows(rows: list[dict], spec: dict[str, object]) -> list[tuple]:
    store = open_demo()
    bad: list[tuple] = []
    balance = spec["balance"]
    assert isinstance(balance, dict)
    for n, r in enumerate(rows, 1):
        if set(r) != FIELDS or r["label"] not in balance or r["style"] not in STYLES:
            bad.append((r.get("id"), "malformed row", sorted(r)))
            continue
        if r["id"] != f"{spec['prefix']}{n:03d}":
            bad.append((r["id"], "id out of order", f"expected {spec['prefix']}{n:03d}"))
        got = run(store, r["check_sparql"])
        if isinstance(got, list):
            got = [list(x) for x in got]
        if got != r["expected_check"]:
            bad.append((r["id"], r["claim"], f"got {got!r}, expected {r['expected_check']!r}"))
    claims = [r.get("claim") for r in rows]
    if len(set(claims)) != len(claims):
        bad.append(("-", "duplicate claims", [c for c, k in Counter(claims).items() if k > 1]))
    counts = dict(Counter(r.get("label") for r in rows))
    if counts != balance:
        bad.append(("-", "label balance drifted", counts))
    return bad


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", default="v1", help="v1 to v8, or a path to a blind_natural_vN.jsonl")
    args = ap.parse_args(argv)
    try:
        path, spec = resolve(args.set)
    except SystemExit as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    t0 = time.monotonic()
    try:
        rows = [
            json.loads(line)
            for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()
        ]
    except json.JSONDecodeError as e:
        print(f"error: {path.name} is not JSON lines: {e}", file=sys.stderr)
        return 2
    bad = check_rows(rows, spec)
    print(
        f"{path.name}: {len(rows)} claims, {dict(Counter(r.get('label') for r in rows))}, "
        f"{len(Counter(r.get('relation') for r in rows))} relations, "
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
