"""CoDEx triple classification with the local reasoner (no KG embeddings, no LLM).

Run from the repository root::

    python benchmarks/bench_codex.py --split s            # CoDEx-S valid + valid_negatives
    python benchmarks/bench_codex.py --split m --limit 4000

For the split it

a. loads the split's ``train.txt`` into an in-memory store as
   ``wd:Q wdt:P wd:Q`` facts, with CoDEx entity types as ``wdt:P31``
   (``types/entity2types.json``) and English labels where known (the
   recovered entity labels, CoDEx type and relation labels);
b. mines the completion rules (:mod:`kgfc.reason.completion`: path rules up to
   length 3, rules with constants) and, for ``--strict`` variants, the
   AMIE-style rules (timed apart);
c. computes every eval claim's completion features (:mod:`kgfc.reason.plausibility`:
   rules, peers, priors) and splits the claims in two folds by a hash of the
   triple (:func:`kgfc.eval.calibrate.fold_of`, as ``kgfc eval --calibrate
   cross-fit``); the per-relation combiner and thresholds
   (:mod:`kgfc.reason.calibration`) are fitted on each fold and used on the
   *other* — no claim is decided by a model fitted on it;
d. runs the structured triple check (:func:`kgfc.pipeline.api.verify_triple`)
   on every (h, r, t) of ``valid.txt`` (label 1) and ``valid_negatives.txt``
   (label 0, CoDEx's hard negatives) — SUPPORTED counts as 1, REFUTED and
   NOT ENOUGH INFO as 0 — for each variant: ``default`` (completion,
   calibrated combiner), ``thresholds`` (per-relation thresholds on the best
   rule's confidence only), ``strict`` (stated or entailed only, as ``--strict``),
   ``strict_no_rules``, ``uncalibrated`` (completion with the default threshold);
e. reports accuracy, precision/recall/F1, confusion counts, the 3-way
   breakdown (gold x verdict), the NEI rate, per-relation accuracy for the
   most frequent relations, claims/s and latency percentiles, and compares
   with the published KG-embedding triple-classification accuracies (those
   fit thresholds on all of valid and report test; the test split is held out
   here, hence the two-fold protocol on valid).

``--save-calibration FILE`` also writes the combiner and thresholds fitted on all eval claims,
for ``KGFC_CALIBRATION`` on other claims.

Results go to ``benchmarks/results/codex.json`` (one entry per split) and a
Markdown table is printed on stdout; progress goes to stderr. This is a
benchmark, not a test: nothing asserts on the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from kgfc.eval.calibrate import fold_of  # noqa: E402
from kgfc.eval.codex import read_triples  # noqa: E402
from kgfc.kg import vocab as V  # noqa: E402
from kgfc.kg.oxigraph_store import OxigraphStore  # noqa: E402
from kgfc.models import Counters, VerdictLabel  # noqa: E402
from kgfc.reason.calibration import TREES, fit_features  # noqa: E402
from kgfc.reason.calibration import fit as fit_calibration  # noqa: E402
from kgfc.reason.completion import completion_for  # noqa: E402
from kgfc.reason.embedding import FEATURES as KGE_FEATURES  # noqa: E402
from kgfc.reason.embedding import Settings as KGESettings  # noqa: E402
from kgfc.reason.embedding import train_for  # noqa: E402
from kgfc.reason.local import LocalReasoner  # noqa: E402
from kgfc.reason.plausibility import FEATURES, features  # noqa: E402
from kgfc.reason.rules import rules_for  # noqa: E402
from kgfc.reason.triple_check import claim_triple, gather_triple_evidence  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "codex"
RESULTS = ROOT / "benchmarks" / "results" / "codex.json"

# tsafavi/codex README, "Triple classification results" (accuracy, F1); see SOURCE.md.
PUBLISHED = {
    "s": {
        "RESCAL": (0.843, 0.852),
        "TransE": (0.829, 0.837),
        "ComplEx": (0.836, 0.846),
        "ConvE": (0.841, 0.846),
        "TuckER": (0.840, 0.846),
    },
    "m": {
        "RESCAL": (0.818, 0.815),
        "TransE": (0.797, 0.803),
        "ComplEx": (0.824, 0.818),
        "ConvE": (0.826, 0.829),
        "TuckER": (0.823, 0.816),
    },
}

# name -> LocalReasoner keyword arguments. "default" is what `kgfc verify` runs.
VARIANTS = {
    "default": {},
    "thresholds": {"calibrate": "thresholds"},
    "strict": {"strict": True},
    "strict_no_rules": {"strict": True, "use_rules": False},
    "uncalibrated": {"calibrate": False},
}


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def build_store(split: str) -> tuple[OxigraphStore, dict]:
    """The split's train triples, entity types and labels (shared with ``kgfc eval --kg train``)."""
    from kgfc.eval.codex import build_train_store

    return build_train_store(DATA, split)


def eval_set(split: str, limit: int | None, seed: int) -> list[tuple[tuple[str, str, str], int]]:
    folder = DATA / "triples" / f"codex-{split}"
    pos = read_triples(folder / "valid.txt")
    neg = read_triples(folder / "valid_negatives.txt")
    if limit:
        rng = random.Random(seed)
        half = limit // 2
        pos = rng.sample(pos, min(half, len(pos)))
        neg = rng.sample(neg, min(limit - len(pos), len(neg)))
    return [(t, 1) for t in pos] + [(t, 0) for t in neg]


def metrics(rows: list[dict], top_relations: list[str]) -> dict:
    tp = sum(r["gold"] == 1 and r["pred"] == "SUPPORTED" for r in rows)
    fp = sum(r["gold"] == 0 and r["pred"] == "SUPPORTED" for r in rows)
    fn = sum(r["gold"] == 1 and r["pred"] != "SUPPORTED" for r in rows)
    tn = sum(r["gold"] == 0 and r["pred"] != "SUPPORTED" for r in rows)
    n = len(rows)
    prec = tp / (tp + fp) if tp + fp else 0.0
    rec = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * prec * rec / (prec + rec) if prec + rec else 0.0
    three = {g: Counter(r["pred"] for r in rows if r["gold"] == g) for g in (1, 0)}
    by_kind = Counter(r["kind"] for r in rows if r["pred"] == "SUPPORTED" and r["gold"] == 1)
    by_kind_fp = Counter(r["kind"] for r in rows if r["pred"] == "SUPPORTED" and r["gold"] == 0)
    per_rel = {}
    for rel in top_relations:
        sub = [r for r in rows if r["relation"] == rel]
        correct = sum((r["pred"] == "SUPPORTED") == (r["gold"] == 1) for r in sub)
        per_rel[rel] = {
            "n": len(sub),
            "positives": sum(r["gold"] for r in sub),
            "accuracy": round(correct / len(sub), 4) if sub else None,
            "supported_positives": sum(r["gold"] == 1 and r["pred"] == "SUPPORTED" for r in sub),
            "supported_negatives": sum(r["gold"] == 0 and r["pred"] == "SUPPORTED" for r in sub),
        }
    return {
        "n": n,
        "accuracy": round((tp + tn) / n, 4) if n else 0.0,
        "precision": round(prec, 4),
        "recall": round(rec, 4),
        "f1": round(f1, 4),
        "confusion": {"tp": tp, "fp": fp, "tn": tn, "fn": fn},
        "three_way": {
            "positives": {k.value: three[1].get(k.value, 0) for k in VerdictLabel},
            "negatives": {k.value: three[0].get(k.value, 0) for k in VerdictLabel},
        },
        "nei_rate": round(sum(r["pred"] == VerdictLabel.NEI.value for r in rows) / n, 4)
        if n
        else 0.0,
        "refuted_rate": round(sum(r["pred"] == VerdictLabel.REFUTED.value for r in rows) / n, 4)
        if n
        else 0.0,
        "true_support_by_kind": dict(by_kind.most_common()),
        "false_support_by_kind": dict(by_kind_fp.most_common()),
        "per_relation": per_rel,
    }


def run(
    split: str,
    limit: int | None,
    seed: int,
    variants: list[str],
    save_calibration: Path | None = None,
    kge: KGESettings | None = None,
    priors: bool = True,
    n_folds: int = 2,
    trees: bool = True,
) -> dict:
    log(f"codex-{split}: loading train into an in-memory store...")
    store, info = build_store(split)
    log(
        f"  {info['train_triples']} train triples, {info['type_facts']} type facts, {info['labels']} labels in {info['load_seconds']}s"
    )

    items = eval_set(split, limit, seed)
    folds = [fold_of(t, seed, n_folds) for t, _ in items]
    mining: dict[str, dict] = {}
    # Completion: index + rules (mined once per store), then each claim's score for calibration.
    t0 = time.perf_counter()
    model = completion_for(store)
    mining["completion"] = {
        "rules": len(model.rules),
        "by_kind": dict(Counter(r.kind for r in model.rules.rules)),
        "length3_rules": sum(1 for r in model.rules.rules if r.kind == "path" and len(r.body) == 3),
        "seconds": round(time.perf_counter() - t0, 2),
    }
    log(
        f"  completion: {mining['completion']['rules']} rules in {mining['completion']['seconds']}s"
    )
    names = FEATURES
    emb = None
    if kge is not None:
        t0 = time.perf_counter()
        emb, _ = train_for(
            store,
            kge,
            progress=lambda e, loss, sec: log(
                f"  KG embedding epoch {e}: loss {loss:.4f}, {sec:.0f}s"
            ),
        )
        mining["kge"] = {
            "settings": kge.__dict__,
            "entities": len(emb.entities),
            "loss": emb.meta["loss"],
            "seconds": round(time.perf_counter() - t0, 2),
        }
        names = FEATURES + KGE_FEATURES
    t0 = time.perf_counter()
    texts = store.label_index()
    signals = [
        features(model, V.WD + h, V.WDT + r, V.WD + t, embedding=emb, texts=texts).row(names)
        for (h, r, t), _ in items
    ]
    score_seconds = round(time.perf_counter() - t0, 2)
    # Two-fold cross-fitting: each claim is decided by a calibration fitted on the other fold only.
    calibrations = {
        k: fit_features(
            [
                (V.WDT + t[1], sig, gold)
                for (t, gold), sig, f in zip(items, signals, folds, strict=True)
                if f != k
            ],
            names,
            priors=priors,
            trees=TREES if trees else None,
            meta={
                "fitted_on": f"codex-{split} valid+valid_negatives, all folds but {k} of {n_folds} (seed {seed})"
            },
        )
        for k in range(n_folds)
    }
    thresholds = {k: fit_calibration([]) for k in range(n_folds)}
    for k, cal in calibrations.items():
        thresholds[k].relations, thresholds[k].default = cal.relations, cal.default
        thresholds[k].meta = dict(cal.meta)
    reasoners: dict[str, dict[int, LocalReasoner]] = {}
    for name in variants:
        kwargs = dict(VARIANTS[name])
        calibrate = kwargs.pop("calibrate", True)
        chosen = {
            True: calibrations,
            "thresholds": thresholds,
            False: dict.fromkeys(range(n_folds)),
        }[calibrate]
        reasoners[name] = {
            k: LocalReasoner(store, calibration=chosen[k], **kwargs) for k in range(n_folds)
        }
        r = reasoners[name][0]
        if r.use_rules and r.strict:
            t0 = time.perf_counter()
            ruleset = rules_for(
                store,
                min_support=r.rule_min_support,
                min_confidence=r.rule_min_confidence,
                max_heads=r.rule_max_heads,
            )
            mining[name] = {"rules": len(ruleset), "seconds": round(time.perf_counter() - t0, 2)}
            log(
                f"  {name}: {len(ruleset)} AMIE rules (support >= {r.rule_min_support}, PCA confidence >= {r.rule_min_confidence}) in {mining[name]['seconds']}s"
            )
    # Warm the statistics queries so the first claim's latency is not the cache fill.
    t0 = time.perf_counter()
    from kgfc.reason.kgstats import stats_for

    stats_for(store).functionality(V.WDT + "P19")
    stats_seconds = round(time.perf_counter() - t0, 2)

    rel_counts = Counter(t[1] for t, _ in items)
    top_relations = [r for r, _ in rel_counts.most_common(10)]
    rows: dict[str, list[dict]] = defaultdict(list)
    latencies: list[float] = []
    verdict_latencies: list[float] = []
    queries: list[int] = []
    evidence_sizes: list[int] = []
    start = time.perf_counter()
    for i, ((h, r, t), gold) in enumerate(items, 1):
        t0 = time.perf_counter()
        q0 = store.sparql_queries
        triple = claim_triple(store, h, r, t)
        evidence = gather_triple_evidence(store, triple.subject_id, r, triple.object_id)
        t_gather = time.perf_counter() - t0
        for name, by_fold in reasoners.items():
            reasoner = by_fold[folds[i - 1]]
            t1 = time.perf_counter()
            v = reasoner.verdict(
                f"{triple.subject} {triple.relation} {triple.object}",
                [triple],
                evidence,
                Counters(),
            )
            dt = time.perf_counter() - t1
            if name == variants[0]:
                latencies.append(t_gather + dt)
                verdict_latencies.append(dt)
                queries.append(store.sparql_queries - q0)
            assert set(v.cited) <= {e.id for e in evidence}, (
                "cited an id that is not in the evidence"
            )
            kind = _kind(v)
            rows[name].append(
                {
                    "triple": [h, r, t],
                    "gold": gold,
                    "pred": v.label.value,
                    "confidence": v.confidence,
                    "relation": r,
                    "kind": kind,
                }
            )
        evidence_sizes.append(len(evidence))
        if i % 500 == 0:
            acc = sum((x["pred"] == "SUPPORTED") == (x["gold"] == 1) for x in rows[variants[0]]) / i
            log(
                f"  {i}/{len(items)} triples, running accuracy {acc:.3f}, {i / (time.perf_counter() - start):.0f} claims/s"
            )
    wall = time.perf_counter() - start

    def pct(xs: list[float], q: float) -> float:
        xs = sorted(xs)
        return round(1000 * xs[min(len(xs) - 1, int(q * len(xs)))], 2) if xs else 0.0

    result = {
        "split": f"codex-{split}"
        + ("+kge" if kge is not None else "")
        + ("" if priors else "-no-priors")
        + ("" if n_folds == 2 else f"-{n_folds}fold"),
        "eval": "valid + valid_negatives"
        + (f" (balanced sample of {limit}, seed {seed})" if limit else ""),
        "kg": info,
        "rule_mining": mining,
        "stats_seconds": stats_seconds,
        "wall_seconds": round(wall, 1),
        "claims_per_second": round(len(items) / wall, 1) if wall else None,
        "latency_ms": {
            "p50": pct(latencies, 0.5),
            "p95": pct(latencies, 0.95),
            "verdict_only_p50": pct(verdict_latencies, 0.5),
        },
        "sparql_queries_per_claim": round(statistics.mean(queries), 2) if queries else 0,
        "evidence_facts_per_claim": {
            "mean": round(statistics.mean(evidence_sizes), 1),
            "max": max(evidence_sizes),
        }
        if evidence_sizes
        else {},
        "variants": {
            name: {"settings": VARIANTS[name], **metrics(rows[name], top_relations)}
            for name in variants
        },
        "published_kge_tc": {k: {"accuracy": a, "f1": f} for k, (a, f) in PUBLISHED[split].items()},
        "baseline_all_not_supported": 0.5,
    }
    result["top_rules"] = [
        {
            "rule": r.describe(),
            "kind": r.kind,
            "support": r.support,
            "pca_confidence": round(r.confidence, 4),
        }
        for r in sorted(model.rules.rules, key=lambda r: -r.support * r.confidence)[:25]
    ]
    result["calibration"] = {
        "protocol": f"{n_folds}-fold cross-fitting on the eval claims: claims are split in {n_folds} folds by a "
        "hash of the triple; each claim is decided with per-relation models (and thresholds) fitted on "
        "the other folds only",
        # the first two folds' models (ten folds' weights would make the results file megabytes)
        # (the boosted trees only counted: their nodes would make it megabytes too)
        "folds": {k: _summary(c.to_json()) for k, c in calibrations.items() if k < 2},
        "scoring_seconds": score_seconds,
    }
    if save_calibration is not None:
        # For other claims (e.g. the held-out test split): thresholds fitted on every eval claim.
        fit_features(
            [(V.WDT + t[1], sig, gold) for (t, gold), sig in zip(items, signals, strict=True)],
            names,
            priors=priors,
            trees=TREES if trees else None,
            meta={"fitted_on": f"codex-{split} valid+valid_negatives ({len(items)} claims)"},
        ).save(save_calibration)
        log(f"wrote {save_calibration} (use with KGFC_CALIBRATION on claims other than these)")
    return result


def _summary(calibration: dict) -> dict:
    """A calibration's JSON with its boosted trees counted instead of listed."""
    combiner = calibration.get("combiner") or {}
    if "trees" in combiner:
        forest = combiner["trees"]
        combiner["trees"] = {
            "trees": len(forest["trees"]),
            "nodes": sum(len(t) for t in forest["trees"]),
            "claims": forest["claims"],
        }
    return calibration


def _kind(v) -> str:
    j = v.justification
    if v.label != VerdictLabel.SUPPORTED:
        return "-"
    if j.startswith("No fact states"):
        return "completion"
    if "by the rule" in j:
        return "rule"
    if "chain)" in j:
        return "chain"
    if "symmetric" in j or "inverse" in j or "same-as" in j:
        return "inverse/alias"
    return "direct"


def markdown(res: dict) -> str:
    lines = [f"### {res['split']} — {res['eval']}", ""]
    lines.append("| reasoner | accuracy | precision | recall | F1 | TP | FP | TN | FN | NEI rate |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, m in res["variants"].items():
        c = m["confusion"]
        lines.append(
            f"| local: {name} | {m['accuracy']:.3f} | {m['precision']:.3f} | {m['recall']:.3f} | {m['f1']:.3f} | {c['tp']} | {c['fp']} | {c['tn']} | {c['fn']} | {m['nei_rate']:.3f} |"
        )
    for model, rec in res["published_kge_tc"].items():
        lines.append(
            f"| {model} (published, per-relation thresholds, test) | {rec['accuracy']:.3f} | | | {rec['f1']:.3f} | | | | | |"
        )
    lines += [
        "",
        "3-way verdicts of `default` (gold x verdict):",
        "",
        "| gold | SUPPORTED | REFUTED | NOT ENOUGH INFO |",
        "|---|---:|---:|---:|",
    ]
    tw = res["variants"][next(iter(res["variants"]))]["three_way"]
    for gold in ("positives", "negatives"):
        row = tw[gold]
        lines.append(
            f"| {gold} | {row['SUPPORTED']} | {row['REFUTED']} | {row['NOT ENOUGH INFO']} |"
        )
    first = res["variants"][next(iter(res["variants"]))]
    lines += [
        "",
        "Per relation (`default`):",
        "",
        "| relation | n | positives | accuracy | supported +/- |",
        "|---|---:|---:|---:|---:|",
    ]
    for rel, m in first["per_relation"].items():
        lines.append(
            f"| {rel} | {m['n']} | {m['positives']} | {m['accuracy']:.3f} | {m['supported_positives']}/{m['supported_negatives']} |"
        )
    lat = res["latency_ms"]
    mined = ", ".join(f"{k} {v['seconds']} s" for k, v in res["rule_mining"].items())
    lines += [
        "",
        f"{res['claims_per_second']} claims/s (evidence gathering + {len(res['variants'])} verdicts), p50 {lat['p50']} ms, p95 {lat['p95']} ms "
        f"(verdict alone p50 {lat['verdict_only_p50']} ms), {res['sparql_queries_per_claim']} SPARQL queries per claim; "
        f"store load {res['kg']['load_seconds']} s, rule mining {mined}.",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--split", choices=["s", "m"], default="s")
    ap.add_argument(
        "--limit",
        type=int,
        default=None,
        help="a balanced random sample of N triples instead of all",
    )
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--variants",
        default=",".join(VARIANTS),
        help=f"comma-separated, first is the headline; from {', '.join(VARIANTS)}",
    )
    ap.add_argument("--output", type=Path, default=RESULTS)
    ap.add_argument(
        "--save-calibration",
        type=Path,
        default=None,
        help="also write the combiner and thresholds fitted on all eval claims (for KGFC_CALIBRATION)",
    )
    ap.add_argument(
        "--kge",
        action="store_true",
        help="train a KG embedding on the train KG (needs kgfc[kge]) and add its features to the combiner",
    )
    ap.add_argument("--kge-rank", type=int, default=KGESettings.rank)
    ap.add_argument("--kge-epochs", type=int, default=KGESettings.epochs)
    ap.add_argument("--kge-n3", type=float, default=KGESettings.n3)
    ap.add_argument(
        "--folds",
        type=int,
        default=2,
        help="cross-fitting folds (2: each claim decided by a combiner fitted on the other half; "
        "10: on the other 90%%, closer to fitting on all of valid and scoring test)",
    )
    ap.add_argument(
        "--no-trees",
        action="store_true",
        help="fit the combiner without boosted trees (the logistic model alone)",
    )
    ap.add_argument(
        "--no-priors",
        action="store_true",
        help="fit the combiner without priors-alone support (a claim no rule or peer speaks for stays NEI)",
    )
    args = ap.parse_args(argv)
    if not (DATA / "triples" / f"codex-{args.split}" / "train.txt").exists():
        print(
            f"skipped: {DATA} is absent (the CoDEx data lives in ../shared/data, only in the developers' workspace)"
        )
        return 0
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        ap.error(f"unknown variant(s) {', '.join(unknown)}; choose from {', '.join(VARIANTS)}")
    kge = (
        KGESettings(rank=args.kge_rank, epochs=args.kge_epochs, n3=args.kge_n3)
        if args.kge
        else None
    )
    if args.folds < 2:
        ap.error("--folds must be at least 2")
    res = run(
        args.split,
        args.limit,
        args.seed,
        variants,
        args.save_calibration,
        kge,
        not args.no_priors,
        args.folds,
        not args.no_trees,
    )
    args.output.parent.mkdir(parents=True, exist_ok=True)
    existing = json.loads(args.output.read_text(encoding="utf-8")) if args.output.exists() else {}
    existing[res["split"]] = res
    args.output.write_text(json.dumps(existing, indent=2) + "\n", encoding="utf-8")
    print(markdown(res))
    log(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
