"""Searches saved by evidence memory on a batch of related claims (MERMAID's measure).

Run from the repository root::

    python benchmarks/bench_memory.py                 # JSON to benchmarks/results/memory.json
    python benchmarks/bench_memory.py --entities 30 --claims-per-entity 4 --shuffle

In one run it

a. loads the bundled demo KG (:func:`kgfc.kg.demo.ensure_demo`) into an
   in-memory store and picks ``--entities`` people (``wdt:P31 wd:Q5``) with
   enough labelled facts (fixed seed);
b. writes a local corpus (JSONL, indexed by kgfc's offline provider,
   :class:`~kgfc.web.local.LocalCorpusProvider`): per person two "pages"
   that state their facts in prose (a profile with the first half, a
   second page with the rest), one page of filler that names them, and
   ``--noise`` pages about other people of the KG;
c. makes ``--claims-per-entity`` claims per person from their facts, in
   groups of related claims (same subject), about a quarter of them false
   (another person's value for the same property); each claim's entities are
   its subject and object (oracle linking: the benchmark measures memory,
   not the linker);
d. runs the web step for every claim twice:

   - **without memory**: every claim searches (``provider.search(claim,
     limit=--hits)``);
   - **with memory**: :meth:`EvidenceMemory.recall` first; the claim searches
     only when the recall is not sufficient, and then the hits' documents
     are written into the store in the web storage format (one named graph
     per document, PROV record, ``kgfc:Sentence`` nodes with ``kgfc:about``
     links and ``kgfc:annotation``; a minimal writer below, so the benchmark
     does not depend on ``kgfc.web.integrate``), so later related claims can
     recall them;

e. reports searches with and without memory and their ratio, how many
   recalls were sufficient (for true and for false claims), whether the
   evidence sentence for the claim's fact (for a false claim: the sentence
   with the true value) was really among what the claim got (recalled
   passages or search hits: so saved searches are not bought with worse
   evidence), how often a claim searched although memory already held that
   sentence (the price of a conservative threshold), and the latencies. It does this once with the default embedder (dense
   re-ranking) and once with the BM25 fallback (``--embedders``).

It prints a Markdown table on stdout and writes the figures as JSON. It is a
benchmark, not a test: nothing here asserts.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import re
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

import pyoxigraph as ox  # noqa: E402

from kgfc.kg import vocab as V  # noqa: E402
from kgfc.kg.demo import ensure_demo  # noqa: E402
from kgfc.kg.oxigraph_store import OxigraphStore  # noqa: E402
from kgfc.kg.terms import provenance_quads, source_iri  # noqa: E402
from kgfc.models import Fact, Source, SourceKind  # noqa: E402
from kgfc.nlp.embed import get_embedder  # noqa: E402
from kgfc.web.local import LocalCorpusProvider  # noqa: E402
from kgfc.web.memory import DEFAULT_THRESHOLD, EvidenceMemory  # noqa: E402

PEOPLE = """
PREFIX wd: <http://www.wikidata.org/entity/>
PREFIX wdt: <http://www.wikidata.org/prop/direct/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT DISTINCT ?e ?label WHERE {
  ?e wdt:P31 wd:Q5 ; rdfs:label ?label .
  FILTER(LANGMATCHES(LANG(?label), "en"))
}
"""
DOC_TEMPLATES = [
    "{s}'s {p} is {o}.",
    "According to public records, the {p} of {s} is {o}.",
    "Regarding {p}, {s} is associated with {o}.",
]
CLAIM_TEMPLATES = [
    "The {p} of {s} is {o}.",
    "{o} is the {p} of {s}.",
    "{s} has {o} as {p}.",
]
FILLER = [
    "{s} appeared at a charity gala last spring, where several guests gave speeches.",
    "Fans of {s} often discuss the early years in online forums.",
    "A new documentary about {s} is said to be in production.",
    "Critics have written about {s} many times over the years.",
]
_SENT = re.compile(r"(?<=[.!?])(?<!\b[A-Z]\.)\s+(?=[A-Z0-9])")  # not after an initial


# -- corpus ------------------------------------------------------------------------
def labelled_facts(store: OxigraphStore, entity: str) -> list[Fact]:
    """One labelled outgoing fact per property (instance-of left out), in a stable order."""
    by_prop: dict[str, Fact] = {}
    for f in store.neighbourhood([entity], incoming=[]):
        if f.subject != entity or f.object_is_literal or f.predicate == V.WDT + "P31":
            continue
        if not (f.subject_label and f.predicate_label and f.object_label):
            continue
        prev = by_prop.get(f.predicate)
        if prev is None or f.object < prev.object:
            by_prop[f.predicate] = f
    return sorted(by_prop.values(), key=lambda f: f.predicate)


def pick_people(store: OxigraphStore, n: int, noise: int, rng: random.Random, min_facts: int):
    people = [(r["e"].value, r["label"].value) for r in store.sparql(PEOPLE)]
    rng.shuffle(people)
    chosen: list[tuple[str, list[Fact]]] = []
    others: list[tuple[str, list[Fact]]] = []
    labels_seen: set[str] = set()
    for iri, label in people:
        if label in labels_seen:
            continue
        facts = labelled_facts(store, iri)
        if len(chosen) < n and len(facts) >= min_facts:
            chosen.append((iri, facts[:9]))
        elif len(others) < noise and len(facts) >= 3:
            others.append((iri, facts[:5]))
        else:
            continue
        labels_seen.add(label)
        if len(chosen) >= n and len(others) >= noise:
            break
    return chosen, others


def sentence(f: Fact, template: str) -> str:
    return template.format(s=f.subject_label, p=f.predicate_label, o=f.object_label)


def build_corpus(directory: Path, chosen, others, rng: random.Random):
    """JSONL pages; returns the gold sentence of every chosen fact and a label gazetteer."""
    docs: list[dict] = []
    gold: dict[tuple[str, str], str] = {}
    gazetteer: dict[str, str] = {}

    def page(slug: str, title: str, sentences: list[str]) -> None:
        url = f"https://corpus.example/{slug}"
        docs.append({"id": url, "url": url, "title": title, "text": " ".join(sentences)})

    for i, (iri, facts) in enumerate(chosen + others):
        name = facts[0].subject_label
        gazetteer[name] = iri
        for f in facts:
            gazetteer[f.object_label] = f.object
        lines = [sentence(f, DOC_TEMPLATES[j % len(DOC_TEMPLATES)]) for j, f in enumerate(facts)]
        for f, line in zip(facts, lines, strict=True):
            gold[(f.subject, f.predicate)] = line
        half = (len(lines) + 1) // 2
        filler = [t.format(s=name) for t in rng.sample(FILLER, 2)]
        page(f"p{i}-profile", f"{name}: profile", [lines[0], filler[0], *lines[1:half]])
        if i < len(chosen):
            page(f"p{i}-more", f"More about {name}", [*lines[half:], filler[1]])
            page(f"p{i}-news", f"{name} in the news", [t.format(s=name) for t in FILLER])
    rng.shuffle(docs)
    (directory / "pages.jsonl").write_text("\n".join(json.dumps(d) for d in docs) + "\n")
    return gold, gazetteer, len(docs)


def make_claims(chosen, per_entity: int, rng: random.Random, false_rate: float):
    """Claims in groups of related claims (same subject); some false."""
    values: dict[str, list[Fact]] = defaultdict(list)  # property -> facts of all chosen people
    for _, facts in chosen:
        for f in facts:
            values[f.predicate].append(f)
    claims: list[dict] = []
    for group, (iri, facts) in enumerate(chosen):
        for k, f in enumerate(rng.sample(facts, min(per_entity, len(facts)))):
            obj, obj_label, label = f.object, f.object_label, True
            alternatives = [g for g in values[f.predicate] if g.object != f.object]
            if alternatives and rng.random() < false_rate:
                alt = rng.choice(alternatives)
                obj, obj_label, label = alt.object, alt.object_label, False
            template = CLAIM_TEMPLATES[(group + k) % len(CLAIM_TEMPLATES)]
            claims.append(
                {
                    "id": f"g{group}c{k}",
                    "group": group,
                    "text": template.format(s=f.subject_label, p=f.predicate_label, o=obj_label),
                    "entities": [iri, obj],
                    "fact": (f.subject, f.predicate),
                    "true": label,
                }
            )
    return claims


# -- the minimal writer: search hits -> web source graphs ----------------------------
class Writer:
    """Writes each hit's document as a web source graph in the storage format integrate.py uses."""

    def __init__(self, store: OxigraphStore, gazetteer: dict[str, str]) -> None:
        self.store = store
        names = sorted(gazetteer, key=len, reverse=True)
        self.pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b")
        self.gazetteer = gazetteer
        self.graphs: list[str] = []
        self.sentences = 0
        self.texts: set[str] = set()  # every sentence written, to tell what memory could know

    def write(self, hits, query: str) -> int:
        n = 0
        N, L = ox.NamedNode, ox.Literal
        for hit in hits:
            url = hit.url or hit.id
            iri = source_iri("web", url)
            if self.store.has_source(iri):
                continue  # the same document found again: already remembered
            g = N(iri)
            quads: list[ox.Quad] = []
            for pos, text in enumerate(s.strip() for s in _SENT.split(hit.text)):
                about = list(dict.fromkeys(self.gazetteer[m] for m in self.pattern.findall(text)))
                if not text or not about:
                    continue
                node = N(f"{iri}/sentence/{pos}")
                quads += [
                    ox.Quad(node, N(V.RDF_TYPE), N(V.KGFC + "Sentence"), g),
                    ox.Quad(node, N(V.KGFC + "text"), L(text), g),
                    ox.Quad(
                        node, N(V.KGFC + "confidence"), L("0.5", datatype=N(V.XSD + "double")), g
                    ),
                    ox.Quad(
                        node, N(V.KGFC + "position"), L(str(pos), datatype=N(V.XSD + "integer")), g
                    ),
                ]
                for e in about:
                    quads.append(ox.Quad(node, N(V.KGFC + "about"), N(e), g))
                    # The facts are in the KG already: the sentence is an annotation.
                    quads.append(ox.Quad(N(e), N(V.KGFC + "annotation"), node, g))
                self.sentences += 1
                self.texts.add(text)
            source = Source(
                iri=iri, kind=SourceKind.WEB, location=url, query=query, title=hit.title or None,
                extractor="bench-memory-writer", confidence=0.5,
            )  # fmt: skip
            self.store._store.extend(quads + provenance_quads(source))
            self.store._changed()
            self.graphs.append(iri)
            n += 1
        return n

    def clear(self) -> None:
        for iri in self.graphs:
            self.store.retract(iri)
        self.graphs = []
        self.sentences = 0
        self.texts = set()


# -- the runs ------------------------------------------------------------------------
def pct(samples: list[float], q: float) -> float:
    if not samples:
        return 0.0
    s = sorted(samples)
    return s[min(len(s) - 1, int(q * len(s)))]


def run_without_memory(provider, claims, gold, hits: int) -> dict:
    found, latencies = 0, []
    calls = provider.calls
    for c in claims:
        t = time.perf_counter()
        result = provider.search(c["text"], limit=hits)
        latencies.append(time.perf_counter() - t)
        found += any(gold[c["fact"]] in h.text for h in result)
    return {
        "searches": provider.calls - calls,
        "evidence_found": round(found / len(claims), 4),
        "search_p50_ms": round(pct(latencies, 0.5) * 1000, 3),
    }


def run_with_memory(store, provider, writer, claims, gold, hits: int, embedder, threshold: float):
    memory = EvidenceMemory(store, embedder=embedder, threshold=threshold)
    calls = provider.calls
    queries = store.sparql_queries
    recall_lat, write_lat = [], []
    found = avoided_with_gold = missed = 0
    avoided_by_label = {True: 0, False: 0}
    per_group: dict[int, int] = defaultdict(int)
    start = time.perf_counter()
    for c in claims:
        t = time.perf_counter()
        recall = memory.recall(c["text"], c["entities"])
        recall_lat.append(time.perf_counter() - t)
        texts = [p.text for p in recall.passages]
        if recall.sufficient:
            ok = gold[c["fact"]] in texts
            avoided_with_gold += ok
            found += ok
            avoided_by_label[c["true"]] += 1
            continue
        missed += gold[c["fact"]] in writer.texts  # memory held the evidence, yet not sufficient
        result = provider.search(c["text"], limit=hits)
        per_group[c["group"]] += 1
        found += any(gold[c["fact"]] in h.text for h in result)
        t = time.perf_counter()
        writer.write(result, c["text"])
        write_lat.append(time.perf_counter() - t)
    seconds = time.perf_counter() - start
    out = {
        "searches": provider.calls - calls,
        "recalls": memory.recalls,
        "recall_hits": memory.hits,
        "searches_avoided": memory.searches_avoided,
        "avoided_with_evidence": round(avoided_with_gold / max(1, memory.searches_avoided), 4),
        "avoided_true_claims": avoided_by_label[True],
        "avoided_false_claims": avoided_by_label[False],
        "searched_with_evidence_in_memory": missed,
        "evidence_found": round(found / len(claims), 4),
        "searches_per_group": round(
            statistics.mean(per_group.get(g, 0) for g in {c["group"] for c in claims}), 3
        ),
        "graphs_written": len(writer.graphs),
        "sentences_written": writer.sentences,
        "memory_sparql_queries": store.sparql_queries - queries,
        "recall_p50_ms": round(pct(recall_lat, 0.5) * 1000, 3),
        "recall_p95_ms": round(pct(recall_lat, 0.95) * 1000, 3),
        "write_p50_ms": round(pct(write_lat, 0.5) * 1000, 3),
        "seconds": round(seconds, 3),
    }
    writer.clear()
    return out


def markdown(res: dict) -> str:
    rows = [
        "| embedder | claims | searches without memory | searches with memory | ratio | saved "
        "| avoided (true / false claims) | sufficient recalls holding the evidence "
        "| searched though memory held it | evidence found (no memory / memory) | recall p50 |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    base = res["without_memory"]
    for name, r in res["with_memory"].items():
        rows.append(
            f"| {name} | {res['claims']} | {base['searches']} | {r['searches']} "
            f"| {r['ratio']:.3f} | {r['saved']:.1%} "
            f"| {r['avoided_true_claims']} / {r['avoided_false_claims']} "
            f"| {r['avoided_with_evidence']:.1%} | {r['searched_with_evidence_in_memory']} "
            f"| {base['evidence_found']:.1%} / {r['evidence_found']:.1%} | {r['recall_p50_ms']:.1f} ms |"
        )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--entities", type=int, default=20, help="people the claims are about")
    ap.add_argument("--claims-per-entity", type=int, default=3)
    ap.add_argument("--noise", type=int, default=40, help="pages about other people")
    ap.add_argument("--hits", type=int, default=3, help="search hits per search")
    ap.add_argument("--false-rate", type=float, default=0.25)
    ap.add_argument("--threshold", type=float, default=DEFAULT_THRESHOLD)
    ap.add_argument("--embedders", default="onnx,bm25", help="comma-separated: onnx, st, bm25")
    ap.add_argument("--shuffle", action="store_true", help="interleave the claim groups")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "memory.json")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)

    t = time.perf_counter()
    store = OxigraphStore()
    ensure_demo(store)
    load_s = time.perf_counter() - t
    chosen, others = pick_people(store, args.entities, args.noise, rng, min_facts=6)
    claims = make_claims(chosen, args.claims_per_entity, rng, args.false_rate)
    if args.shuffle:
        rng.shuffle(claims)
    print(
        f"demo KG loaded in {load_s:.1f}s; {len(chosen)} people, {len(claims)} claims",
        file=sys.stderr,
    )

    with tempfile.TemporaryDirectory(prefix="kgfc-bench-memory-") as tmp:
        corpus = Path(tmp)
        gold, gazetteer, n_docs = build_corpus(corpus, chosen, others, rng)
        provider = LocalCorpusProvider(corpus)
        provider.index()
        writer = Writer(store, gazetteer)
        res: dict = {
            "claims": len(claims),
            "groups": len(chosen),
            "false_claims": sum(not c["true"] for c in claims),
            "documents": n_docs,
            "hits_per_search": args.hits,
            "threshold": args.threshold,
            "shuffled": args.shuffle,
            "seed": args.seed,
            "without_memory": run_without_memory(provider, claims, gold, args.hits),
            "with_memory": {},
        }
        for name in [e.strip() for e in args.embedders.split(",") if e.strip()]:
            embedder = get_embedder(name)
            r = run_with_memory(
                store, provider, writer, claims, gold, args.hits, embedder, args.threshold
            )
            r["embedder"] = embedder.name
            r["ratio"] = round(r["searches"] / res["without_memory"]["searches"], 4)
            r["saved"] = round(1 - r["ratio"], 4)
            res["with_memory"][name] = r
            print(f"{name}: {r}", file=sys.stderr)
    res["examples"] = [{k: c[k] for k in ("id", "text", "true")} for c in claims[:6]]
    res["machine"] = {"python": platform.python_version(), "platform": platform.platform()}
    print(markdown(res))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(res, indent=2) + "\n")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
