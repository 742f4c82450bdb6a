"""Score kgfc on a blind natural-claims set (benchmarks/data/blind_natural_v1.jsonl by default).

Local reasoner, offline (no web, no LLM), a fresh store holding only the bundled demo KG.
Prints accuracy, macro-F1, per-class precision/recall and the confusion matrix, and writes
benchmarks/results/natural_<set>.json. The sets are blind: report their figures, never tune on them.

    python benchmarks/bench_natural.py [--set blind_natural_v2] [--limit N]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from kgfc import FactChecker

HERE = Path(__file__).resolve().parent
LABELS = ["SUPPORTED", "REFUTED", "NOT ENOUGH INFO"]


def metrics(gold: list[str], pred: list[str]):
    """Accuracy, per-class P/R/F1 and the confusion matrix, written out rather than pulling in
    scikit-learn (not a kgfc dependency) for a 3x3 table."""
    cm = [
        [sum(1 for g, q in zip(gold, pred, strict=True) if g == a and q == b) for b in LABELS]
        for a in LABELS
    ]
    per = {}
    for i, lab in enumerate(LABELS):
        tp = cm[i][i]
        col = sum(cm[j][i] for j in range(len(LABELS)))
        row = sum(cm[i])
        prec = tp / col if col else 0.0
        rec = tp / row if row else 0.0
        f1 = 2 * prec * rec / (prec + rec) if prec + rec else 0.0
        per[lab] = {
            "precision": round(prec, 4),
            "recall": round(rec, 4),
            "f1": round(f1, 4),
            "support": row,
        }
    acc = sum(cm[i][i] for i in range(len(LABELS))) / len(gold) if gold else 0.0
    macro = sum(m["f1"] for m in per.values()) / len(LABELS)
    return round(acc, 4), round(macro, 4), per, cm


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=None, help="only the first N claims (smoke run)")
    ap.add_argument(
        "--set",
        default="blind_natural_v1",
        help="a set under benchmarks/data (name without .jsonl)",
    )
    args = ap.parse_args()
    SET = HERE / "data" / f"{args.set}.jsonl"
    OUT = HERE / "results" / f"natural_{args.set.removeprefix('blind_natural_')}_blind.json"
    if args.set == "blind_natural_v1":
        OUT = HERE / "results" / "natural_blind_v1.json"  # where the first figure was written
    rows = [json.loads(line) for line in SET.read_text().splitlines() if line.strip()]
    rows = rows[: args.limit] if args.limit else rows
    gold, pred, per_claim = [], [], []
    with tempfile.TemporaryDirectory(prefix="kgfc-bench-natural-") as tmp:
        store = str(Path(tmp) / "store")
        # a fresh store holding the bundled demo KG only, loaded the way users load it
        subprocess.run(
            [sys.executable, "-m", "kgfc", "-q", "kg", "demo", "--store", store], check=True
        )
        t0 = time.monotonic()
        with FactChecker.from_settings(store=store, offline=True, reasoner="local") as fc:
            for r in rows:
                res = fc.verify(r["claim"], id=r["id"])
                verdict = res.verdict.value
                gold.append(r["label"])
                pred.append(verdict)
                per_claim.append(
                    {"id": r["id"], "gold": r["label"], "pred": verdict, "relation": r["relation"]}
                )
        seconds = time.monotonic() - t0
    acc, macro, per, cm = metrics(gold, pred)
    result = {
        "set": SET.name,
        "n": len(rows),
        "settings": {"reasoner": "local", "offline": True, "web": False, "store": "fresh demo KG"},
        "accuracy": acc,
        "macro_f1": macro,
        "per_class": per,
        "confusion_matrix": {"labels": LABELS, "rows_gold_cols_pred": cm},
        "predicted": dict(Counter(pred)),
        "seconds": round(seconds, 1),
        "claims": per_claim,
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(result, indent=1) + "\n")
    print(
        f"n={result['n']}  accuracy={result['accuracy']:.4f}  macro-F1={result['macro_f1']:.4f}  ({seconds:.0f}s)"
    )
    for lab, m in result["per_class"].items():
        print(
            f"  {lab:16s} P={m['precision']:.3f} R={m['recall']:.3f} F1={m['f1']:.3f} n={m['support']}"
        )
    print("confusion (rows gold, cols pred: S R N):")
    for lab, row in zip(LABELS, cm, strict=True):
        print(f"  {lab:16s} {row}")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
