"""Embedding benchmark: the int8 ONNX MiniLM that ranks relations and facts.

Run from the repository root::

    python benchmarks/bench_embed.py                 # JSON to benchmarks/results/embed.json
    python benchmarks/bench_embed.py --sentences 4096 --threads 2 --compare-st

In one run it

a. loads :class:`kgfc.nlp.embed.OnnxMiniLM` (sha256 check, onnxruntime
   session, tokenizer) and times it;
b. embeds ``--sentences`` distinct verbalised facts and claims with the cache
   off, in batches of 64 on ``--threads`` intra-op threads: sentences/s;
c. times single-query embedding (one new text per call, cache off): p50/p95;
d. times ``rank_texts(claim, 64 relation labels)`` with the labels already
   cached, which is what one beam-search hop costs, and the same call on BM25;
e. reports the peak RSS of the process, after imports and after loading the model;
f. with ``--compare-st`` and sentence-transformers installed, embeds the same
   sentences with the fp32 torch model on the same threads and reports the
   ratio (measured after (e), so torch does not inflate the RSS figure).

Wall-clock figures depend on the machine and on its load, which is recorded
(``loadavg``); the ratio to the torch model is the steadier figure. It prints
a Markdown table on stdout and writes JSON. It is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import copy
import importlib.util
import json
import os
import platform
import random
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

import numpy as np  # noqa: E402
import onnxruntime as ort  # noqa: E402

from kgfc.nlp import embed  # noqa: E402
from kgfc.nlp.embed import BM25Scorer, OnnxMiniLM, rank_texts  # noqa: E402

EXPECTED_SENTENCES_PER_S = 365  # idle 2-core x86 machine, batches of 64

FIRST = ["Barack", "Michelle", "Marie", "Albert", "Ada", "Alan", "Grace", "Nelson", "Frida", "Pablo", "Angela", "Kofi"]  # fmt: skip
LAST = ["Obama", "Curie", "Einstein", "Lovelace", "Turing", "Hopper", "Mandela", "Kahlo", "Picasso", "Merkel", "Annan"]  # fmt: skip
PLACES = ["Honolulu", "Paris", "Ulm", "Warsaw", "London", "Princeton", "Arlington", "Qunu", "Coyoacan", "Malaga", "Hamburg"]  # fmt: skip
RELATIONS = [
    "place of birth", "place of death", "date of birth", "date of death", "spouse",
    "employer", "educated at", "country of citizenship", "occupation", "award received",
    "member of political party", "position held", "child", "father", "mother", "sibling",
    "notable work", "field of work", "residence", "religion", "languages spoken",
    "military branch", "sport", "member of sports team", "doctoral advisor",
    "doctoral student", "influenced by", "nominated for", "instrument", "genre",
    "record label", "movement", "capital", "located in the administrative territorial entity",
    "country", "head of state", "head of government", "official language", "currency",
    "population", "area", "inception", "founded by", "headquarters location",
    "industry", "owned by", "parent organization", "subsidiary", "chief executive officer",
    "instance of", "subclass of", "part of", "has part", "follows", "followed by",
    "named after", "shares border with", "twinned administrative body", "located in time zone",
    "continent", "highest point", "elevation above sea level", "coordinate location",
    "described by source",
]  # fmt: skip
CLAIMS = [
    "{f} {l} was born in {p}.",
    "{f} {l} died in {p} in {y}.",
    "{f} {l} worked for the University of {p} from {y}.",
    "In {y}, {f} {l} moved to {p} and married a colleague.",
    "{f} {l} -- {r} -- {p}",
    "{p} is the {r} of {f} {l} according to the {y} census.",
]


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def peak_rss_mb() -> float:
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux, bytes on macOS
    return kb / 1024 / (1024 if sys.platform == "darwin" else 1)


def pct(samples: list[float], q: float) -> float:
    s = sorted(samples)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def loadavg() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:  # pragma: no cover
        return None


def sentences(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out: set[str] = set()
    while len(out) < n:
        out.add(
            rng.choice(CLAIMS).format(
                f=rng.choice(FIRST),
                l=rng.choice(LAST),
                p=rng.choice(PLACES),
                r=rng.choice(RELATIONS),
                y=rng.randint(1800, 2024),
            )
            + f" (Q{rng.randint(1, 10**7)})"  # distinct texts: the cache must not help
        )
    return sorted(out, key=lambda _: rng.random())


def uncached(model: OnnxMiniLM) -> OnnxMiniLM:
    m = copy.copy(model)
    m._cache = embed._LRU(0)
    return m


def bench_throughput(model: OnnxMiniLM, texts: list[str], repeats: int) -> dict:
    m = uncached(model)
    m.embed(texts[:64])  # warm-up: first runs allocate
    runs = []
    for _ in range(repeats):
        t = time.perf_counter()
        m.embed(texts)
        runs.append(time.perf_counter() - t)
    best, med = min(runs), statistics.median(runs)
    tokens = [len(e.ids) for e in m._tokenizer.encode_batch(texts)]
    return {
        "sentences": len(texts),
        "repeats": repeats,
        "seconds_median": med,
        "sentences_per_s_median": len(texts) / med,
        "sentences_per_s_best": len(texts) / best,
        "tokens_per_sentence_mean": statistics.fmean(tokens),
    }


def bench_cached(model: OnnxMiniLM, texts: list[str]) -> dict:
    model.embed(texts)  # fill the cache
    t = time.perf_counter()
    model.embed(texts)
    s = time.perf_counter() - t
    return {"sentences_per_s": len(texts) / s}


def bench_single(model: OnnxMiniLM, texts: list[str]) -> dict:
    m = uncached(model)
    m.embed(texts[:5])
    samples = []
    for text in texts:
        t = time.perf_counter()
        m.embed([text])
        samples.append((time.perf_counter() - t) * 1000)
    return {
        "queries": len(texts),
        "p50_ms": statistics.median(samples),
        "p95_ms": pct(samples, 0.95),
    }


def bench_hop(model: OnnxMiniLM, claims: list[str]) -> dict:
    rels = RELATIONS[:64]
    model.embed(rels)  # relation labels recur across hops and claims
    onnx_ms, bm25_ms = [], []
    bm25 = BM25Scorer()
    bm25.score(claims[0], rels)  # import bm25s outside the timing
    for claim in claims:
        t = time.perf_counter()
        rank_texts(claim, rels, model)
        onnx_ms.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        rank_texts(claim, rels, bm25)
        bm25_ms.append((time.perf_counter() - t) * 1000)
    return {
        "claims": len(claims),
        "candidates": len(rels),
        "onnx_p50_ms": statistics.median(onnx_ms),
        "onnx_p95_ms": pct(onnx_ms, 0.95),
        "bm25_p50_ms": statistics.median(bm25_ms),
        "bm25_p95_ms": pct(bm25_ms, 0.95),
    }


def bench_st(texts: list[str], threads: int, repeats: int) -> dict:
    if importlib.util.find_spec("sentence_transformers") is None:
        return {"skipped": "sentence-transformers is not installed (kgfc[torch])"}
    import torch

    torch.set_num_threads(threads)
    try:
        st = embed.SentenceTransformerEmbedder()
    except embed.ConfigError as exc:
        return {"skipped": str(exc)}
    st.embed(texts[:64])
    runs = []
    for _ in range(repeats):
        t = time.perf_counter()
        st.embed(texts)
        runs.append(time.perf_counter() - t)
    med = statistics.median(runs)
    return {"torch": torch.__version__, "sentences_per_s_median": len(texts) / med}


def markdown(res: dict) -> str:
    tp, single, hop, ld = res["throughput"], res["single"], res["hop"], res["load"]
    env = res["env"]
    lines = [
        f"Embedding benchmark: all-MiniLM-L6-v2 int8 ONNX, onnxruntime {env['onnxruntime']}, "
        f"{res['threads']} intra-op threads, {env['cpus']} CPUs, load average "
        f"{env['loadavg_start']} -> {env['loadavg_end']}",
        "",
        "| measure | value | note |",
        "|---|---:|---|",
        f"| model load: sha256 + session + tokenizer (s) | {ld['seconds']:.2f} | once per process |",
        f"| batch embedding, cache off (sentences/s) | {tp['sentences_per_s_median']:,.0f} "
        f"| median of {tp['repeats']}, best {tp['sentences_per_s_best']:,.0f}; "
        f"{tp['sentences']:,} texts, {tp['tokens_per_sentence_mean']:.1f} tokens mean; "
        f"~{EXPECTED_SENTENCES_PER_S}/s expected on an idle 2-core machine |",
        f"| batch embedding, all cached (sentences/s) | {res['cached']['sentences_per_s']:,.0f} | |",
        f"| single query, cache off, p50 / p95 (ms) | {single['p50_ms']:.1f} / {single['p95_ms']:.1f} "
        f"| {single['queries']} queries |",
        f"| rank_texts(claim, {hop['candidates']} cached labels), p50 / p95 (ms) "
        f"| {hop['onnx_p50_ms']:.1f} / {hop['onnx_p95_ms']:.1f} | one beam hop's relation ranking |",
        f"| same on BM25, p50 / p95 (ms) | {hop['bm25_p50_ms']:.1f} / {hop['bm25_p95_ms']:.1f} "
        "| the fallback |",
        f"| peak RSS (MB) | {res['peak_rss_mb']:.0f} | {res['rss_before_model_mb']:.0f} after imports, "
        f"+{ld['rss_growth_mb']:.0f} loading the model |",
    ]
    st = res.get("st")
    if st and "skipped" not in st:
        ratio = tp["sentences_per_s_median"] / st["sentences_per_s_median"]
        lines.append(
            f"| fp32 torch sentence-transformers (sentences/s) | {st['sentences_per_s_median']:,.0f} "
            f"| int8 ONNX is {ratio:.1f}x faster, same threads and texts |"
        )
    elif st:
        lines.append(f"| fp32 torch sentence-transformers | skipped | {st['skipped']} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sentences", type=int, default=2048, help="distinct texts to embed")
    ap.add_argument("--queries", type=int, default=200, help="single-query and hop samples")
    ap.add_argument("--threads", type=int, default=2, help="onnxruntime intra-op threads")
    ap.add_argument("--repeats", type=int, default=3, help="throughput runs (median reported)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--compare-st", action="store_true", help="also time the fp32 torch model")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "embed.json")
    args = ap.parse_args(argv)

    env = {
        "python": platform.python_version(),
        "onnxruntime": ort.__version__,
        "numpy": np.__version__,
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "loadavg_start": loadavg(),
    }
    texts = sentences(args.sentences + 2 * args.queries, args.seed)
    batch, singles, claims = (
        texts[: args.sentences],
        texts[args.sentences : args.sentences + args.queries],
        texts[args.sentences + args.queries :],
    )
    rss0 = peak_rss_mb()
    log("loading the model ...")
    t = time.perf_counter()
    model = OnnxMiniLM(threads=args.threads)
    load = {"seconds": time.perf_counter() - t, "sha256": model.sha256}
    load["rss_growth_mb"] = peak_rss_mb() - rss0
    log(f"batch embedding {len(batch)} texts x{args.repeats} ...")
    throughput = bench_throughput(model, batch, args.repeats)
    log(f"{len(singles)} single queries ...")
    single = bench_single(model, singles)
    log(f"{len(claims)} relation rankings ...")
    hop = bench_hop(model, claims)
    cached = bench_cached(model, batch)
    res = {
        "env": env,
        "threads": args.threads,
        "batch_size": model.batch_size,
        "load": load,
        "throughput": throughput,
        "cached": cached,
        "single": single,
        "hop": hop,
        "peak_rss_mb": peak_rss_mb(),
        "rss_before_model_mb": rss0,
    }
    if args.compare_st:
        log("fp32 torch reference ...")
        res["st"] = bench_st(batch, args.threads, args.repeats)
    env["loadavg_end"] = loadavg()
    print(markdown(res))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(res, indent=2) + "\n", encoding="utf-8")
    log(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
