"""How kgfc's per-claim cost grows with the KG, and embedded vs remote stores (issue 12).

Run from the repository root::

    python benchmarks/bench_scale.py --sizes 100000 1000000 10000000   # scaling (slow at 10M)
    python benchmarks/bench_scale.py --compare                           # embedded / oxigraph serve / Virtuoso

**Scaling.** For each size it writes a synthetic Wikidata-style N-Triples file
(people with a birth place, citizenship, occupation, school, gender and birth
date; cities in regions in countries; English labels and descriptions;
property entities with their real Wikidata labels and ``wikibase:directClaim``),
loads it into a fresh on-disk store through ``kgfc kg load``'s path, and measures

- the one-hop neighbourhood of 4 random entities through kgfc
  (``store.neighbourhood``) against the raw engine answering the same question
  -- the same SPARQL text through ``pyoxigraph.Store.query``, and the same
  quad-pattern scans through ``quads_for_pattern`` -- p50/p95 over many draws;
- per-claim ``verify`` latency with the local reasoner, warm (after three
  claims have built the label index, statistics and rules): text claims
  ("<person> was born in <city>.", half true, half with another city) and the
  same facts as structured triples (no NLP).

**Compare.** The bundled demo KG (251k quads) in the embedded store, a real
``oxigraph serve`` and a real Virtuoso on loopback (the test fixtures start
them; Virtuoso is skipped when not installed): load rate, neighbourhood
p50/p95, verify claims/s on demo claims.

Prints Markdown tables and writes JSON to ``benchmarks/results/scale.json``.
A benchmark, not a test: nothing asserts on wall-clock time.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import pyoxigraph as ox  # noqa: E402

from kgfc.kg import vocab as V  # noqa: E402
from kgfc.resources import load_query  # noqa: E402

PROPS = {
    "P31": "instance of",
    "P19": "place of birth",
    "P20": "place of death",
    "P27": "country of citizenship",
    "P106": "occupation",
    "P69": "educated at",
    "P21": "sex or gender",
    "P569": "date of birth",
    "P131": "located in the administrative territorial entity",
    "P17": "country",
}
FIRST = [
    "Anna",
    "Boris",
    "Clara",
    "David",
    "Elena",
    "Felix",
    "Greta",
    "Hugo",
    "Irene",
    "Jonas",
    "Karla",
    "Lukas",
    "Maria",
    "Niko",
    "Olga",
    "Peter",
    "Rosa",
    "Simon",
    "Tanja",
    "Viktor",
    "Wanda",
    "Xaver",
    "Yara",
    "Zeno",
    "Alma",
    "Bruno",
    "Cora",
    "Dario",
    "Edda",
    "Fritz",
]
SYL = [
    "ka",
    "lo",
    "mi",
    "ne",
    "ru",
    "sa",
    "te",
    "vi",
    "do",
    "be",
    "ga",
    "ho",
    "ja",
    "ki",
    "lu",
    "ma",
    "no",
    "pe",
    "ri",
    "so",
    "ta",
    "ur",
    "ve",
    "wi",
    "ze",
    "bar",
    "cor",
    "dan",
    "fel",
    "gor",
    "hal",
    "ken",
    "lor",
    "mar",
    "nor",
    "par",
    "ros",
    "sel",
    "tor",
]


def word(n: int, parts: int) -> str:
    """A pronounceable word for ``n`` (mixed radix over syllables: unique per n)."""
    out = []
    for _ in range(parts):
        n, r = divmod(n, len(SYL))
        out.append(SYL[r])
    return "".join(out).capitalize()


# -- synthetic data --------------------------------------------------------------
def generate(path: Path, triples: int, seed: int = 7) -> dict:
    """Write ~``triples`` Wikidata-shaped triples; return the ids claims are made from."""
    rng = random.Random(seed)
    wd, wdt, label, desc = V.WD, V.WDT, f"<{V.RDFS_LABEL}>", f"<{V.SCHEMA_DESC}>"
    people = max(100, triples // 9)
    cities = max(20, people // 20)
    regions, countries, jobs = max(10, cities // 20), 60, 300
    schools = max(10, people // 50)
    # ids: Q1-9 fixed classes, then blocks
    Q5, CITY, REGION, COUNTRY, SCHOOL, MALE, FEMALE = 5, 515, 10864048, 6256, 3918, 6581097, 6581072
    base = 1_000_000
    ids = {
        "country": [base + i for i in range(countries)],
        "region": [base + 10_000 + i for i in range(regions)],
        "city": [base + 1_000_000 + i for i in range(cities)],
        "job": [base + 3_000_000 + i for i in range(jobs)],
        "school": [base + 4_000_000 + i for i in range(schools)],
        "person": [base + 10_000_000 + i for i in range(people)],
    }
    city_of: dict[int, int] = {}
    births: list[tuple[int, int]] = []
    n = 0
    with open(path, "w", encoding="utf-8", newline="\n") as out:

        def t(s: str, p: str, o: str) -> None:
            nonlocal n
            out.write(f"{s} {p} {o} .\n")
            n += 1

        for pid, text in PROPS.items():
            t(f"<{wd}{pid}>", f"<{V.DIRECT_CLAIM}>", f"<{wdt}{pid}>")
            t(f"<{wd}{pid}>", label, f'"{text}"@en')
        for q, text in (
            (Q5, "human"),
            (CITY, "city"),
            (REGION, "region"),
            (COUNTRY, "country"),
            (SCHOOL, "school"),
            (MALE, "male"),
            (FEMALE, "female"),
        ):
            t(f"<{wd}Q{q}>", label, f'"{text}"@en')
        for i, c in enumerate(ids["country"]):
            t(f"<{wd}Q{c}>", label, f'"{word(i + 7, 2)}land"@en')
            t(f"<{wd}Q{c}>", f"<{wdt}P31>", f"<{wd}Q{COUNTRY}>")
        for i, r in enumerate(ids["region"]):
            t(f"<{wd}Q{r}>", label, f'"{word(i + 11, 3)}ia"@en')
            t(f"<{wd}Q{r}>", f"<{wdt}P31>", f"<{wd}Q{REGION}>")
            t(f"<{wd}Q{r}>", f"<{wdt}P17>", f"<{wd}Q{ids['country'][i % countries]}>")
        for i, c in enumerate(ids["city"]):
            region = ids["region"][i % regions]
            city_of[c] = region
            t(f"<{wd}Q{c}>", label, f'"{word(i + 101, 3)}burg"@en')
            t(f"<{wd}Q{c}>", f"<{wdt}P31>", f"<{wd}Q{CITY}>")
            t(f"<{wd}Q{c}>", f"<{wdt}P131>", f"<{wd}Q{region}>")
            t(f"<{wd}Q{c}>", f"<{wdt}P17>", f"<{wd}Q{ids['country'][(i % regions) % countries]}>")
        for i, j in enumerate(ids["job"]):
            t(f"<{wd}Q{j}>", label, f'"{word(i + 5, 2).lower()}er"@en')
        for i, s in enumerate(ids["school"]):
            t(f"<{wd}Q{s}>", label, f'"{word(i + 13, 3)} College"@en')
            t(f"<{wd}Q{s}>", f"<{wdt}P31>", f"<{wd}Q{SCHOOL}>")
        # a few big cities are where many are born: the skew real Wikidata has
        hubs = ids["city"][: max(5, cities // 100)]
        for i, p in enumerate(ids["person"]):
            if n >= triples:
                break
            name = f"{FIRST[i % len(FIRST)]} {word(i, 4)}"
            born = rng.choice(hubs) if rng.random() < 0.2 else rng.choice(ids["city"])
            births.append((p, born))
            t(f"<{wd}Q{p}>", label, f'"{name}"@en')
            t(f"<{wd}Q{p}>", desc, '"person"@en')
            t(f"<{wd}Q{p}>", f"<{wdt}P31>", f"<{wd}Q{Q5}>")
            t(f"<{wd}Q{p}>", f"<{wdt}P19>", f"<{wd}Q{born}>")
            if rng.random() < 0.5:
                t(f"<{wd}Q{p}>", f"<{wdt}P20>", f"<{wd}Q{rng.choice(ids['city'])}>")
            t(f"<{wd}Q{p}>", f"<{wdt}P27>", f"<{wd}Q{ids['country'][born % countries]}>")
            t(f"<{wd}Q{p}>", f"<{wdt}P106>", f"<{wd}Q{rng.choice(ids['job'])}>")
            t(f"<{wd}Q{p}>", f"<{wdt}P69>", f"<{wd}Q{rng.choice(ids['school'])}>")
            t(f"<{wd}Q{p}>", f"<{wdt}P21>", f"<{wd}Q{MALE if i % 2 else FEMALE}>")
            year = 1900 + rng.randrange(100)
            t(
                f"<{wd}Q{p}>",
                f"<{wdt}P569>",
                f'"{year}-01-01T00:00:00Z"^^<http://www.w3.org/2001/XMLSchema#dateTime>',
            )
    return {"triples": n, "births": births, "cities": ids["city"], "people": len(births)}


# -- measuring ----------------------------------------------------------------------
def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))]


def ms(samples: list[float]) -> dict:
    return {
        "p50_ms": round(pct(samples, 0.5) * 1000, 3),
        "p95_ms": round(pct(samples, 0.95) * 1000, 3),
    }


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def neighbourhood_times(store, entity_sets: list[list[str]], raw: ox.Store | None) -> dict:
    """kgfc's neighbourhood vs the raw engine (same SPARQL; same pattern scans) on the same sets."""
    from kgfc.kg.terms import with_values

    out: dict[str, list[float]] = {"kgfc": [], "raw_sparql": [], "raw_pattern": []}
    for ents in entity_sets[:5]:  # warm-up
        store.neighbourhood(ents)
    for ents in entity_sets:
        gc.disable()
        t = time.perf_counter()
        facts = store.neighbourhood(ents)
        out["kgfc"].append(time.perf_counter() - t)
        if raw is not None:
            text = with_values(load_query("neighbourhood"), "entity", ents)
            text = with_values(text, "incoming", ents)
            t = time.perf_counter()
            rows = list(raw.query(text))
            out["raw_sparql"].append(time.perf_counter() - t)
            nodes = [ox.NamedNode(e) for e in ents]
            t = time.perf_counter()
            quads = [
                q
                for n in nodes
                for q in raw.quads_for_pattern(n, None, None, None)
                if q.predicate.value.startswith(V.WDT)
            ]
            quads += [
                q
                for n in nodes
                for q in raw.quads_for_pattern(None, None, n, None)
                if q.predicate.value.startswith(V.WDT)
            ][:300]
            out["raw_pattern"].append(time.perf_counter() - t)
            assert len(rows) >= len(facts) * 0 and quads is not None
        gc.enable()
    res = {k: ms(v) for k, v in out.items() if v}
    res["facts_per_call"] = round(
        statistics.mean(len(store.neighbourhood(e)) for e in entity_sets[:50]), 1
    )
    return res


def verify_times(store, births, cities, labels, n: int, seed: int) -> dict:
    from kgfc.pipeline.api import FactChecker
    from kgfc.settings import load_settings

    rng = random.Random(seed)
    sample = rng.sample(births, min(n + 3, len(births)))
    claims = []
    for i, (person, city) in enumerate(sample):
        if i % 2:
            city = rng.choice([c for c in rng.sample(cities, 5) if c != city])
        claims.append(
            (
                f"Q{person}",
                f"Q{city}",
                f"{labels[V.WD + f'Q{person}']} was born in {labels[V.WD + f'Q{city}']}.",
            )
        )
    verifier = FactChecker(store, settings=load_settings(offline=True), record=False)
    t = time.perf_counter()
    for _s, _o, text in claims[:3]:
        verifier.verify(text)
    warmup = time.perf_counter() - t
    text_t, triple_t, verdicts, tverdicts = [], [], [], []
    for s, o, text in claims[3:]:
        t = time.perf_counter()
        r = verifier.verify(text)
        text_t.append(time.perf_counter() - t)
        verdicts.append(r.verdict.value)
        t = time.perf_counter()
        r = verifier.verify((s, "P19", o))
        triple_t.append(time.perf_counter() - t)
        tverdicts.append(r.verdict.value)
    return {
        "warmup_s": round(warmup, 2),
        "text": ms(text_t),
        "triple": ms(triple_t),
        "text_verdicts": {v: verdicts.count(v) for v in set(verdicts)},
        "triple_verdicts": {v: tverdicts.count(v) for v in set(tverdicts)},
        "claims": len(text_t),
    }


def bench_size(size: int, tmp: Path, claims: int, draws: int, seed: int) -> dict:
    from kgfc.kg.oxigraph_store import OxigraphStore

    data = tmp / f"scale-{size}.nt"
    t = time.perf_counter()
    info = generate(data, size, seed)
    gen_s = time.perf_counter() - t
    store = OxigraphStore(tmp / f"store-{size}")
    t = time.perf_counter()
    store.load_file(data)
    load_s = time.perf_counter() - t
    data.unlink()
    rng = random.Random(seed)
    people = [V.WD + f"Q{p}" for p, _ in info["births"]]
    sets = [rng.sample(people, 4) for _ in range(draws)]
    labels = store.label_index().labels
    res = {
        "triples": info["triples"],
        "people": info["people"],
        "generate_s": round(gen_s, 1),
        "load_s": round(load_s, 1),
        "load_triples_per_s": round(info["triples"] / load_s),
        "neighbourhood": neighbourhood_times(store, sets, store._store),
        "verify": verify_times(store, info["births"], info["cities"], labels, claims, seed),
        "peak_rss_mb": round(peak_rss_mb()),
    }
    store.close()
    return res


# -- embedded vs remote ------------------------------------------------------------------
def bench_compare(tmp: Path, claims: int, draws: int, seed: int) -> dict:
    import contextlib

    from bench_verify import make_claims

    from kgfc.kg.demo import DEMO_PATH, demo_graphs, ensure_demo
    from kgfc.kg.oxigraph_store import OxigraphStore
    from kgfc.kg.sparql_store import SparqlStore
    from kgfc.pipeline.api import FactChecker
    from kgfc.settings import load_settings

    results = {}
    embedded = OxigraphStore(tmp / "embedded")
    t = time.perf_counter()
    ensure_demo(embedded)
    quads = len(embedded)
    load = {"embedded": time.perf_counter() - t}
    rng = random.Random(seed)
    people = sorted(
        {q.subject.value for q in embedded.quads(predicate=ox.NamedNode(V.WDT + "P19"))}
    )
    sets = [rng.sample(people, 4) for _ in range(draws)]
    texts = [c for c, _ in make_claims(embedded, claims, seed)]

    def measure(name: str, store) -> dict:
        nb = neighbourhood_times(store, sets, None)
        verifier = FactChecker(store, settings=load_settings(offline=True), record=False)
        t0 = time.perf_counter()
        for text in texts[:3]:
            verifier.verify(text)
        warm = time.perf_counter() - t0
        t0 = time.perf_counter()
        verdicts = [verifier.verify(c).verdict.value for c in texts]
        secs = time.perf_counter() - t0
        return {
            "load_s": round(load[name], 1),
            "load_quads_per_s": round(quads / load[name]),
            "neighbourhood": nb["kgfc"],
            "verify_claims_per_s": round(len(texts) / secs, 2),
            "verify_warmup_s": round(warm, 1),
            "verdicts": verdicts,
        }

    results["embedded"] = measure("embedded", embedded)
    from fakes.sparql_server import oxigraph_endpoint

    servers = {"oxigraph-serve": lambda d: oxigraph_endpoint(None, d)}
    try:
        from fakes.virtuoso_server import virtuoso_binaries, virtuoso_endpoint

        virtuoso_binaries()
        servers["virtuoso"] = lambda d: virtuoso_endpoint(d, buffers=100000)
    except BaseException as exc:  # pytest.skip outside pytest
        results["virtuoso"] = {"skipped": str(exc)}
    for name, start in servers.items():
        with contextlib.ExitStack() as stack:
            url = stack.enter_context(start(tmp / name))
            store = SparqlStore(url)
            t = time.perf_counter()
            store.load_bundle(DEMO_PATH, demo_graphs())
            load[name] = time.perf_counter() - t
            results[name] = measure(name, store)
            same = results[name]["verdicts"] == results["embedded"]["verdicts"]
            results[name]["verdicts_equal_embedded"] = same
            store.close()
    for r in results.values():
        if "verdicts" in r:
            vs = r.pop("verdicts")
            r["verdict_mix"] = {v: vs.count(v) for v in set(vs)}
    results["claims"] = len(texts)
    return results


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=[100_000, 1_000_000])
    ap.add_argument("--compare", action="store_true", help="embedded vs oxigraph serve vs Virtuoso")
    ap.add_argument("--claims", type=int, default=30)
    ap.add_argument("--draws", type=int, default=300)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "scale.json")
    args = ap.parse_args()
    out = json.loads(args.out.read_text()) if args.out.exists() else {}
    with tempfile.TemporaryDirectory(prefix="kgfc-scale-") as d:
        tmp = Path(d)
        if args.compare:
            out["compare"] = bench_compare(tmp, args.claims, args.draws, args.seed)
            print(json.dumps(out["compare"], indent=2))
        else:
            for size in args.sizes:
                res = bench_size(size, tmp, args.claims, args.draws, args.seed)
                out.setdefault("scale", {})[str(size)] = res
                print(json.dumps({size: res}, indent=2), flush=True)
                args.out.parent.mkdir(parents=True, exist_ok=True)
                args.out.write_text(json.dumps(out, indent=2))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
