"""Turn the compact document lists of build_dev.py / build_blind.py into JSONL, checking every label.

Each claim's label is decided by SPARQL over the bundled demo KG and the query is stored
with it (``check_sparql``, ``expected_check``), so ``benchmarks/documents_check.py`` can run
them again:

- SUPPORTED: every triple the claim rests on is stated (one ASK, true);
- REFUTED: the claim's triple is not stated and its subject has exactly one value for that
  property, another one (a SELECT returning that one value);
- NOT ENOUGH INFO: the triple is not stated (ASK, false) and the property takes several
  values (occupations, schools), so nothing contradicts it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "benchmarks"))
from blindset_kg import open_demo, run  # noqa: E402

KINDS = {"worthy", "opinion", "question", "prediction", "quote", "speculation", "not_covered", "heading"}


def _sparql(label: str, triples: list[tuple[str, str, str]]) -> tuple[str, object]:
    if label == "SUPPORTED":
        body = " . ".join(f"wd:{s} wdt:{p} wd:{o}" for s, p, o in triples)
        return f"ASK {{ {body} }}", True
    s, p, o = triples[0]
    if label == "REFUTED":
        return f"SELECT ?x WHERE {{ wd:{s} wdt:{p} ?x }}", None
    return f"ASK {{ wd:{s} wdt:{p} wd:{o} }}", False


def build(docs) -> list[dict]:
    store = open_demo()
    out = []
    for doc_id, style, sentences in docs:
        paragraphs: list[list[str]] = [[]]
        rows = []
        for text, kind, refers, claims in sentences:
            if text == "¶":
                paragraphs.append([])
                continue
            assert kind in KINDS, (doc_id, text, kind)
            if kind == "heading":
                paragraphs[-1].append(text)
                paragraphs.append([])
            else:
                paragraphs[-1].append(text)
            assert (kind == "worthy") == bool(claims), (doc_id, text)
            row = {"text": text, "check_worthy": kind == "worthy", "kind": kind}
            if refers:
                row["refers_to"] = {"mention": refers[0], "entity": refers[1]}
            row["claims"] = []
            for claim, label, triples in claims:
                q, expected = _sparql(label, triples)
                got = run(store, q)
                if label == "REFUTED":
                    s, p, o = triples[0]
                    values = [r[0] for r in got]
                    assert len(values) == 1 and values[0] != o, (doc_id, claim, values)
                    expected = [list(r) for r in got]
                else:
                    assert got == expected, (doc_id, claim, q, got)
                if label == "NOT ENOUGH INFO":
                    s, p, _ = triples[0]
                    n = run(store, f"SELECT ?x WHERE {{ wd:{s} wdt:{p} ?x }}")
                    assert len(n) != 1, (doc_id, claim, "single-valued: would be REFUTED", n)
                row["claims"].append(
                    {"claim": claim, "label": label, "check_sparql": q, "expected_check": expected}
                )
            rows.append(row)
        text = "\n\n".join(" ".join(p) for p in paragraphs if p)
        for r in rows:
            assert r["text"] in text, (doc_id, r["text"])
        out.append({"id": doc_id, "style": style, "text": text, "sentences": rows})
    return out


def write(docs, path: Path) -> None:
    rows = build(docs)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    n_s = sum(len(r["sentences"]) for r in rows)
    n_c = sum(len(s["claims"]) for r in rows for s in r["sentences"])
    print(f"wrote {path.name}: {len(rows)} documents, {n_s} sentences, {n_c} claims")
