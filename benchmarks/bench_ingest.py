"""Ingest benchmark: documents/s and triples/s for ``kgfc kg ingest DIR`` without an LLM.

Run from the repository root::

    python benchmarks/bench_ingest.py                 # 1,000 documents, JSON to benchmarks/results/ingest.json
    python benchmarks/bench_ingest.py --docs 200

In one run it

a. loads the bundled demo KG (CoDEx-M + Wikidata labels, 207k facts) into an
   in-memory store (``kgfc.kg.demo.ensure_demo``);
b. generates ``--docs`` synthetic documents (fixed seed) as ``.txt`` files in
   a temporary directory: each has a title, 3-6 sentences verbalising
   labelled demo facts with a template per property ("X was born in Y.",
   "X is a member of Y."...), half of them with the true object (the KG
   already knows them: they must be skipped) and half with another object of
   the same property (new web facts), plus 2-3 filler sentences with no
   entity;
c. warms up (spaCy model, label index, relation aligner) on one extra
   document, timed on its own;
d. ingests the directory through kgfc's path (``WebKGIntegrator.ingest``,
   what ``kgfc kg ingest DIR`` runs: file reading, sentence splitting,
   dependency extraction, linking, alignment, the "already known" check, one
   transaction per document) and reports documents/s, sentences/s and
   triples/s (triples extracted, whether added or skipped as known);
e. ingests the same directory again: every document must be ``unchanged``
   and the store must not grow (the resume path).

It prints a Markdown table on stdout and writes the figures as JSON. It is a
benchmark, not a test: nothing here asserts on wall-clock time.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from kgfc.kg.demo import ensure_demo  # noqa: E402
from kgfc.kg.oxigraph_store import OxigraphStore  # noqa: E402
from kgfc.web.integrate import WebKGIntegrator  # noqa: E402

# One natural template per frequent demo property; the rest are skipped.
TEMPLATES = {
    "P19": "{s} was born in {o}.",
    "P20": "{s} died in {o}.",
    "P27": "{s} is a citizen of {o}.",
    "P106": "{s} worked as a {o}.",
    "P69": "{s} was educated at {o}.",
    "P463": "{s} is a member of {o}.",
    "P102": "{s} is a member of the {o}.",
    "P108": "{s} worked for {o}.",
    "P166": "{s} won the {o}.",
    "P26": "{s} is married to {o}.",
    "P1412": "{s} speaks {o}.",
    "P264": "{s} signed with {o}.",
    "P1303": "{s} plays the {o}.",
    "P551": "{s} lived in {o}.",
    "P57": "{s} was directed by {o}.",
    "P161": "{o} starred in {s}.",
    "P495": "{s} comes from {o}.",
    "P17": "{s} is located in {o}.",
    "P131": "{s} is located in {o}.",
    "P40": "{s} is the father of {o}.",
    "P3373": "{s} is the brother of {o}.",
}
FILLER = [
    "Critics praised the work when it first appeared.",
    "The weather was unusually mild that year.",
    "Many details of the early years remain unclear.",
    "The story has been retold many times since then.",
    "Several newspapers covered the event at length.",
    "Later accounts disagree on some of the dates.",
    "Visitors still come to see the place every summer.",
    "The archive holds letters from that period.",
]

FACTS_QUERY = """
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?s ?p ?o ?sl ?ol WHERE {
  VALUES ?p { %s }
  GRAPH ?g { ?s ?p ?o }
  GRAPH ?h { ?s rdfs:label ?sl } GRAPH ?i { ?o rdfs:label ?ol }
  FILTER(LANGMATCHES(LANG(?sl), "en") && LANGMATCHES(LANG(?ol), "en"))
}
"""


def labelled_facts(store: OxigraphStore) -> list[tuple[str, str, str, str]]:
    """(pid, subject label, object label, object IRI) for every templated, labelled demo fact."""
    props = " ".join(f"<http://www.wikidata.org/prop/direct/{p}>" for p in TEMPLATES)
    rows = store.sparql(FACTS_QUERY % props)
    return sorted(
        {
            (r["p"].value.rsplit("/", 1)[-1], r["sl"].value, r["ol"].value, r["o"].value)
            for r in rows
        }
    )


def generate(
    directory: Path, facts: list[tuple[str, str, str, str]], docs: int, seed: int
) -> list[tuple[str, str, str, str]]:
    """Write ``docs`` .txt files; return (sentence, pid, subject label, object label) per fact sentence."""
    rng = random.Random(seed)
    by_prop: dict[str, list[str]] = {}
    for pid, _, ol, _ in facts:
        by_prop.setdefault(pid, []).append(ol)
    written: list[tuple[str, str, str, str]] = []
    for n in range(docs):
        chosen = rng.sample(facts, rng.randint(3, 6))
        sentences = []
        for pid, sl, ol, _ in chosen:
            obj = ol if rng.random() < 0.5 else rng.choice(by_prop[pid])
            sentences.append(TEMPLATES[pid].format(s=sl, o=obj))
            written.append((sentences[-1], pid, sl, obj))
        for filler in rng.sample(FILLER, rng.randint(2, 3)):
            sentences.insert(rng.randrange(len(sentences) + 1), filler)
        title = chosen[0][1]
        (directory / f"doc{n:05d}.txt").write_text(
            f"{title}\n\n" + " ".join(sentences) + "\n", encoding="utf-8"
        )
    return written


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--docs", type=int, default=1_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--quality-sample", type=int, default=300)
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "ingest.json")
    args = ap.parse_args()

    t0 = time.perf_counter()
    store = OxigraphStore()
    ensure_demo(store)
    demo_s = time.perf_counter() - t0
    facts = labelled_facts(store)

    with tempfile.TemporaryDirectory(prefix="kgfc-bench-ingest-") as tmp:
        corpus = Path(tmp) / "corpus"
        corpus.mkdir()
        written = generate(corpus, facts, args.docs, args.seed)
        fact_sentences = len(written)
        warm = Path(tmp) / "warmup.txt"
        warm.write_text("Barack Obama\n\nBarack Obama was born in Honolulu.\n", encoding="utf-8")

        integrator = WebKGIntegrator(store)
        t = time.perf_counter()
        integrator.ingest(warm)
        warmup_s = time.perf_counter() - t

        quads_before = len(store)
        t = time.perf_counter()
        report = integrator.ingest(corpus)
        ingest_s = time.perf_counter() - t
        quads_after = len(store)

        t = time.perf_counter()
        again = integrator.ingest(corpus)
        resume_s = time.perf_counter() - t

    # Extraction quality on a sample of the fact sentences: is the intended
    # (subject, property, object) among the sentence's triples?
    sample = random.Random(args.seed).sample(written, min(args.quality_sample, len(written)))
    extracted_sample = integrator.extractor.extract([s for s, _, _, _ in sample])
    labels = store.label_index()
    exact = prop_only = 0
    for (_, pid, sl, ol), ex in zip(sample, extracted_sample, strict=True):
        for t in ex.triples:
            if t.predicate.rsplit("/", 1)[-1] != pid:
                continue
            s_ok = (t.subject.label or labels.label(t.subject.iri or "") or "") == sl
            o_ok = (t.object.label or labels.label(t.object.iri or "") or t.object.text) == ol
            if s_ok and o_ok:
                exact += 1
                break
        else:
            if any(t.predicate.rsplit("/", 1)[-1] == pid for t in ex.triples):
                prop_only += 1

    sentences = report.sentences_kept
    extracted = report.triples_added + report.triples_skipped_existing
    result = {
        "documents": report.documents,
        "failed": len(report.failed),
        "fact_sentences_written": fact_sentences,
        "sentences_kept": sentences,
        "triples_added": report.triples_added,
        "triples_skipped_existing": report.triples_skipped_existing,
        "annotations": report.annotations,
        "quads_written": quads_after - quads_before,
        "seconds": round(ingest_s, 3),
        "documents_per_s": round(report.documents / ingest_s, 1),
        "sentences_per_s": round(sentences / ingest_s, 1),
        "triples_per_s": round(extracted / ingest_s, 1),
        "triples_added_per_s": round(report.triples_added / ingest_s, 1),
        "triples_per_fact_sentence": round(extracted / fact_sentences, 3)
        if fact_sentences
        else None,
        "quality_sample": len(sample),
        "intended_triple_extracted": round(exact / len(sample), 3) if sample else None,
        "intended_property_wrong_entity": round(prop_only / len(sample), 3) if sample else None,
        "warmup_seconds": round(warmup_s, 2),
        "demo_load_seconds": round(demo_s, 2),
        "resume": {
            "unchanged": again.unchanged,
            "added": again.added,
            "seconds": round(resume_s, 3),
            "documents_per_s": round(again.documents / resume_s, 1),
            "store_grew": len(store) != quads_after,
        },
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "extractor": report.extractor,
        "machine": {
            "python": platform.python_version(),
            "cpus": len(os.sched_getaffinity(0))
            if hasattr(os, "sched_getaffinity")
            else os.cpu_count(),
            "platform": platform.platform(),
        },
    }
    print(
        f"## kgfc ingest, {report.documents:,} synthetic documents, no LLM ({report.extractor})\n"
    )
    print("| measure | value |\n|---|---:|")
    rows = [
        ("documents/s", result["documents_per_s"]),
        ("sentences/s (kept)", result["sentences_per_s"]),
        ("triples/s (extracted: added + already known)", result["triples_per_s"]),
        ("triples added/s", result["triples_added_per_s"]),
        ("triples added", report.triples_added),
        ("triples skipped (already in the KG)", report.triples_skipped_existing),
        ("fact sentences written / triples extracted", f"{fact_sentences} / {extracted}"),
        (
            f"intended (s, p, o) extracted, sample of {len(sample)}",
            f"{result['intended_triple_extracted']:.1%}",
        ),
        ("right property, other entity", f"{result['intended_property_wrong_entity']:.1%}"),
        ("text annotations", report.annotations),
        ("quads written", result["quads_written"]),
        ("wall time", f"{ingest_s:.1f} s"),
        ("warm-up (spaCy, label index, aligner)", f"{warmup_s:.1f} s"),
        (
            "re-ingest: unchanged documents",
            f"{again.unchanged} ({again.documents / resume_s:.0f} docs/s)",
        ),
        ("re-ingest: store grew", result["resume"]["store_grew"]),
        ("failed documents", len(report.failed)),
        ("peak RSS", f"{result['peak_rss_mb']} MB"),
    ]
    for name, value in rows:
        print(f"| {name} | {value} |")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"\nwrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
