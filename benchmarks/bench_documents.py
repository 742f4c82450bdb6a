"""Check whole documents: check-worthiness, claim verdicts, pronoun-linked sentences, speed.

Runs ``FactChecker.check_document`` (local reasoner, bundled demo KG in memory,
nothing recorded) over the labelled documents in ``benchmarks/data/documents/``
and reports:

- check-worthiness precision / recall / F1 over the labelled sentences;
- claim verdict accuracy on the check-worthy claims, next to the accuracy of the
  same claims (as labelled, references resolved by hand) checked one by one
  with ``FactChecker.verify``; a labelled claim the document reader did not
  produce counts as NOT ENOUGH INFO;
- pronoun-linked sentences read correctly: the sentence's reference (a pronoun,
  short name or description) was resolved to the labelled entity;
- seconds for a ~2,000-word article built from the documents, once in a fresh
  checker (cold: the reasoner builds its indexes) and once warm.

    python benchmarks/bench_documents.py                 # the development set
    python benchmarks/bench_documents.py --split dev2    # the second, harder development set
    python benchmarks/bench_documents.py --split dev3    # the third development set, another writer's habits
    python benchmarks/bench_documents.py --split dev4    # the fourth: news ledes, threads, transcripts, press releases
    python benchmarks/bench_documents.py --split dev5    # the fifth: obituaries, listicles, Q&A pages, films, bands, families
    python benchmarks/bench_documents.py --split blind   # the blind set: run once, never tune on it
    python benchmarks/bench_documents.py --split blind2  # the second blind set: likewise
    python benchmarks/bench_documents.py --split blind3  # the third blind set: likewise
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DATA = ROOT / "benchmarks" / "data" / "documents"
RESULTS = ROOT / "benchmarks" / "results"
WD = "http://www.wikidata.org/entity/"
NEI = "NOT ENOUGH INFO"


def load(split: str) -> list[dict]:
    path = DATA / f"documents_{split}.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"\w+", text.lower()) if len(w) > 2}


def _spans(doc: dict) -> list[tuple[int, int]]:
    out, pos = [], 0
    for s in doc["sentences"]:
        i = doc["text"].index(s["text"], pos)
        out.append((i, i + len(s["text"])))
        pos = i + len(s["text"])
    return out


def checker():
    from kgfc.kg.demo import ensure_demo
    from kgfc.kg.oxigraph_store import OxigraphStore
    from kgfc.pipeline.api import FactChecker
    from kgfc.settings import load_settings

    store = OxigraphStore()
    ensure_demo(store)
    return FactChecker(store, settings=load_settings(offline=True), reasoner=None, record=False)


def evaluate(docs: list[dict], fc) -> dict:
    tp = fp = fn = tn = 0
    doc_ok = one_ok = agree = n_claims = 0
    ref_ok = n_refs = 0
    by_label: Counter = Counter()
    misses: list[dict] = []
    disagreements: list[dict] = []
    for doc in docs:
        try:
            report = fc.check_document(doc["text"], record=False)
        except Exception as exc:  # noqa: BLE001 -- a failed document counts as nothing checked
            report = None
            misses.append({"doc": doc["id"], "miss": "error", "error": f"{type(exc).__name__}: {exc}"})
        for gold, (a, b) in zip(doc["sentences"], _spans(doc), strict=True):
            preds = [s for s in report.sentences if s.start < b and a < s.end] if report else []
            worthy = any(s.status == "checked" for s in preds)
            if gold["check_worthy"] and worthy:
                tp += 1
            elif gold["check_worthy"]:
                fn += 1
                misses.append({"doc": doc["id"], "sentence": gold["text"], "miss": "not checked",
                               "why": "; ".join(s.reason for s in preds)})
            elif worthy:
                fp += 1
                misses.append({"doc": doc["id"], "sentence": gold["text"], "miss": "checked",
                               "kind": gold["kind"]})
            else:
                tn += 1
            if gold.get("refers_to"):
                n_refs += 1
                want = gold["refers_to"]
                refs = [r for s in preds for r in s.references]
                hit = any(
                    r.text.lower() == want["mention"].lower() and r.entity == WD + want["entity"]
                    for r in refs
                )
                ref_ok += hit
                if not hit:
                    misses.append({"doc": doc["id"], "sentence": gold["text"], "miss": "reference",
                                   "want": want, "got": [(r.text, r.name) for r in refs]})
            claims = [report.claim(c) for s in preds for c in s.claims] if report else []
            for g in gold["claims"]:
                n_claims += 1
                by_label[g["label"]] += 1
                best = max(claims, key=lambda c: len(_words(c.text) & _words(g["claim"])), default=None)
                got = best.verdict.value if best is not None and best.checkable and best.verdict else NEI
                alone = fc.verify(g["claim"], record=False).verdict.value
                doc_ok += got == g["label"]
                one_ok += alone == g["label"]
                agree += got == alone
                if got != alone:
                    disagreements.append({"doc": doc["id"], "sentence": gold["text"], "claim": g["claim"],
                                          "label": g["label"], "document": got, "alone": alone,
                                          "read_as": best.text if best else None})
                if got != g["label"]:
                    misses.append({"doc": doc["id"], "claim": g["claim"], "label": g["label"],
                                   "document": got, "alone": alone,
                                   "read_as": best.text if best else None})
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return {
        "documents": len(docs),
        "sentences": tp + fp + fn + tn,
        "check_worthy": {"precision": round(p, 3), "recall": round(r, 3),
                         "f1": round(2 * p * r / (p + r), 3) if p + r else 0.0,
                         "tp": tp, "fp": fp, "fn": fn, "tn": tn},
        "claims": n_claims,
        "labels": dict(by_label),
        "verdict_accuracy_document": round(doc_ok / n_claims, 3) if n_claims else 0.0,
        "verdict_accuracy_one_by_one": round(one_ok / n_claims, 3) if n_claims else 0.0,
        "document_agrees_with_one_by_one": round(agree / n_claims, 3) if n_claims else 0.0,
        "pronoun_linked": {"correct": ref_ok, "of": n_refs,
                           "accuracy": round(ref_ok / n_refs, 3) if n_refs else 0.0},
        "misses": misses,
        "disagreements": disagreements,
    }


def article(docs: list[dict], words: int = 2000) -> str:
    parts, n = [], 0
    while n < words:
        for d in docs:
            parts.append(d["text"])
            n += len(d["text"].split())
            if n >= words:
                break
    return "\n\n".join(parts)


def timing(docs: list[dict]) -> dict:
    text = article(docs)
    fc = checker()
    t = time.perf_counter()
    report = fc.check_document(text, record=False)
    cold = time.perf_counter() - t
    t = time.perf_counter()
    fc.check_document(text + "\n\nThis sentence makes it a new document.", record=False)
    warm = time.perf_counter() - t
    return {"words": len(text.split()), "sentences": report.summary.sentences,
            "claims": report.summary.claims, "cold_seconds": round(cold, 2),
            "warm_seconds": round(warm, 2)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--split",
        choices=["dev", "dev2", "dev3", "dev4", "dev5", "dev6", "blind", "blind2", "blind3"],
        default="dev",
    )
    ap.add_argument("--no-timing", action="store_true")
    ap.add_argument("--show-misses", action="store_true")
    ap.add_argument("--show-disagreements", action="store_true",
                    help="print each claim whose verdict read from the document differs from it read alone")
    args = ap.parse_args()
    docs = load(args.split)
    out: dict = {"split": args.split}
    if not args.no_timing:
        out["article"] = timing(load("dev"))
    fc = checker()
    out.update(evaluate(docs, fc))
    cw = out["check_worthy"]
    print(f"{args.split}: {out['documents']} documents, {out['sentences']} sentences, {out['claims']} claims")
    print(f"  check-worthiness  P {cw['precision']:.3f}  R {cw['recall']:.3f}  F1 {cw['f1']:.3f}")
    print(f"  verdict accuracy  document {out['verdict_accuracy_document']:.3f}  "
          f"one by one {out['verdict_accuracy_one_by_one']:.3f}  "
          f"(agree {out['document_agrees_with_one_by_one']:.3f})")
    pl = out["pronoun_linked"]
    print(f"  pronoun-linked    {pl['correct']}/{pl['of']} = {pl['accuracy']:.3f}")
    if "article" in out:
        a = out["article"]
        print(f"  {a['words']}-word article: {a['cold_seconds']:.2f}s cold, {a['warm_seconds']:.2f}s warm "
              f"({a['sentences']} sentences, {a['claims']} claims)")
    if args.show_misses:
        for m in out["misses"]:
            print("  miss:", json.dumps(m, ensure_ascii=False))
    if args.show_disagreements:
        for d in out["disagreements"]:
            print("  differs:", json.dumps(d, ensure_ascii=False))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"documents_{args.split}.json").write_text(json.dumps(out, indent=2, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
