"""Score kgfc on the development set of natural claims (``build_dev_reading.py``).

Local reasoner, offline, demo KG. Prints accuracy, macro-F1, per-label
precision/recall, claims with the wrong polarity and accuracy per class;
``--failures N`` lists misses. Results go to ``benchmarks/results/dev_reading.json``.

Run: ``python benchmarks/bench_dev_reading.py [--failures 20] [--tag NAME] [--data FILE]``
(``--data benchmarks/data/dev_natural_reading_v2.jsonl``: the second set, figures in
``benchmarks/results/dev_natural_reading_v2.json``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kgfc.kg.demo import ensure_demo  # noqa: E402
from kgfc.kg.oxigraph_store import OxigraphStore  # noqa: E402
from kgfc.pipeline.api import FactChecker  # noqa: E402
from kgfc.settings import load_settings  # noqa: E402

DATA = ROOT / "benchmarks" / "data" / "dev_natural_reading.jsonl"
RESULTS = ROOT / "benchmarks" / "results" / "dev_reading.json"
LABELS = ("SUPPORTED", "REFUTED", "NOT ENOUGH INFO")


def score(rows: list[dict], got: list[str]) -> dict:
    per = {}
    for lab in LABELS:
        tp = sum(1 for r, g in zip(rows, got, strict=True) if g == lab == r["label"])
        pred = sum(1 for g in got if g == lab)
        gold = sum(1 for r in rows if r["label"] == lab)
        p = tp / pred if pred else 0.0
        rec = tp / gold if gold else 0.0
        f1 = 2 * p * rec / (p + rec) if p + rec else 0.0
        per[lab] = {"precision": round(p, 3), "recall": round(rec, 3), "f1": round(f1, 3)}
    wrong = sum(
        1 for r, g in zip(rows, got, strict=True) if {r["label"], g} == {"SUPPORTED", "REFUTED"}
    )
    gold_labels = {r["label"] for r in rows}
    return {
        "claims": len(rows),
        "accuracy": round(
            sum(r["label"] == g for r, g in zip(rows, got, strict=True)) / len(rows), 3
        ),
        "macro_f1": round(sum(per[lab]["f1"] for lab in gold_labels) / len(gold_labels), 3),
        "wrong_polarity": wrong,
        "per_label": per,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--failures", type=int, default=0)
    ap.add_argument("--tag", default="latest")
    ap.add_argument(
        "--data", type=Path, default=DATA, help="claims file (default: the first dev set)"
    )
    args = ap.parse_args()
    rows = [json.loads(line) for line in args.data.read_text().splitlines() if line.strip()]
    store = OxigraphStore()
    ensure_demo(store)
    checker = FactChecker(store, settings=load_settings(offline=True))
    checker.verify(rows[0]["claim"])  # warm: models, indexes, statistics
    t = time.perf_counter()
    results = list(checker.verify_many([{"id": r["id"], "claim": r["claim"]} for r in rows]))
    wall = time.perf_counter() - t
    got = [r.verdict.value for r in results]
    out = score(rows, got)
    out["claims_per_s"] = round(len(rows) / wall, 1)
    by_class: dict[str, list[bool]] = defaultdict(list)
    for r, g in zip(rows, got, strict=True):
        # a set without classes is broken down by relation and style
        kind = r.get("class") or f"{r.get('relation', '?')}_{r.get('style', '?')}"
        by_class[f"{kind} {r['label'][:3]}"].append(r["label"] == g)
    out["by_class"] = {k: f"{sum(v)}/{len(v)}" for k, v in sorted(by_class.items())}
    print(json.dumps(out, indent=1))
    print(Counter(zip((r["label"] for r in rows), got, strict=True)))
    misses = [(r, g, res) for r, g, res in zip(rows, got, results, strict=True) if r["label"] != g]
    for r, g, res in misses[: args.failures]:
        print(f"- [{r['label']} got {g}] {r['claim']} :: {res.justification[:220]}")
    # the first set's figures keep their file; another set's go beside it, named after it
    saved_to = RESULTS if args.data == DATA else RESULTS.with_name(f"{args.data.stem}.json")
    saved = json.loads(saved_to.read_text()) if saved_to.exists() else {}
    saved[args.tag] = out
    saved_to.parent.mkdir(parents=True, exist_ok=True)
    saved_to.write_text(json.dumps(saved, indent=1) + "\n")


if __name__ == "__main__":
    main()
