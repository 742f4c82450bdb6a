"""Scores, cost and error analysis over per-claim results.

Hand-written rather than scikit-learn: five formulas over a confusion matrix
do not justify a heavy dependency in the default install, and the definitions
below are the ones the tests check by hand.

- *balanced accuracy*: the mean recall over the gold classes present;
- *macro-F1*: the mean F1 over the protocol's classes (a class never predicted
  and never gold is left out rather than scored 0);
- *per class*: precision, recall, F1 and support;
- *confusion*: ``confusion[gold][pred]`` counts.

Error taxonomy (WKGFC's kinds), one kind per wrong prediction, first match wins:

``EM`` entity mismatch
    linking failed: no topic entity was found, or a claim triple's subject
    was not linked to any entity.
``IK`` insufficient knowledge
    the evidence did not decide: the verdict was NOT ENOUGH INFO, or a definite
    verdict cited no evidence.
``OC`` over-confidence
    a definite, cited, wrong verdict. ``oc_initial_kg`` counts those the agent
    gave straight from the first KG retrieval (its ``over_confidence`` flag).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

COST_FIELDS = (
    "llm_calls",
    "prompt_tokens",
    "completion_tokens",
    "sparql_queries",
    "search_calls",
    "pages_fetched",
    "seconds",
)


def _div(a: float, b: float) -> float:
    return a / b if b else 0.0


def confusion(pairs: Iterable[tuple[str, str]], labels: Sequence[str]) -> dict[str, dict[str, int]]:
    """``{gold: {pred: n}}`` over ``labels`` (predictions outside ``labels`` get their own column)."""
    pairs = list(pairs)
    cols = list(labels) + sorted({p for _, p in pairs} - set(labels))
    table = {g: dict.fromkeys(cols, 0) for g in labels}
    for g, p in pairs:
        table.setdefault(g, dict.fromkeys(cols, 0))[p] = table[g].get(p, 0) + 1
    return table


def scores(pairs: Sequence[tuple[str, str]], labels: Sequence[str]) -> dict[str, Any]:
    """Balanced accuracy, macro-F1, accuracy, per-class P/R/F1 and the confusion matrix."""
    pairs = list(pairs)
    conf = confusion(pairs, labels)
    per_class = {}
    for c in labels:
        tp = sum(g == c and p == c for g, p in pairs)
        fp = sum(g != c and p == c for g, p in pairs)
        fn = sum(g == c and p != c for g, p in pairs)
        prec, rec = _div(tp, tp + fp), _div(tp, tp + fn)
        per_class[c] = {
            "precision": round(prec, 4),
            "recall": round(rec, 4),
            "f1": round(_div(2 * prec * rec, prec + rec), 4),
            "support": tp + fn,
            "predicted": tp + fp,
        }
    present = [c for c in labels if per_class[c]["support"]]
    scored = [c for c in labels if per_class[c]["support"] or per_class[c]["predicted"]]
    n = len(pairs)
    return {
        "n": n,
        "accuracy": round(_div(sum(g == p for g, p in pairs), n), 4),
        "balanced_accuracy": round(
            _div(sum(per_class[c]["recall"] for c in present), len(present)), 4
        ),
        "macro_f1": round(_div(sum(per_class[c]["f1"] for c in scored), len(scored)), 4),
        "per_class": per_class,
        "confusion": conf,
    }


def error_kind(row: dict[str, Any]) -> str:
    """EM, IK or OC for a wrong prediction (see the module docstring)."""
    if row.get("linked", 0) == 0 or row.get("unlinked_subject"):
        return "EM"
    if row["verdict"] == "NOT ENOUGH INFO" or not row.get("cited"):
        return "IK"
    return "OC"


def taxonomy(wrong: Sequence[dict[str, Any]]) -> dict[str, Any]:
    counts = {"EM": 0, "IK": 0, "OC": 0}
    for r in wrong:
        counts[error_kind(r)] += 1
    n = len(wrong)
    return {
        "wrong": n,
        "counts": counts,
        "shares": {k: round(_div(v, n), 4) for k, v in counts.items()},
        "oc_initial_kg": sum(
            error_kind(r) == "OC" and bool((r.get("trajectory") or {}).get("over_confidence"))
            for r in wrong
        ),
    }


def cost(
    rows: Sequence[dict[str, Any]], price: tuple[float, float] | None = None
) -> dict[str, Any]:
    """Totals and means per claim of the counters; dollars with a (prompt, completion) $/1M price."""
    n = len(rows)
    total = {f: sum((r.get("counters") or {}).get(f, 0) for r in rows) for f in COST_FIELDS}
    total["seconds"] = round(total["seconds"], 3)
    out: dict[str, Any] = {
        "total": total,
        "per_claim": {f: round(_div(v, n), 4) for f, v in total.items()},
        "tokens": total["prompt_tokens"] + total["completion_tokens"],
    }
    if price is not None:
        dollars = dollars_of(total, price)
        out["dollars"] = round(dollars, 6)
        out["dollars_per_claim"] = round(_div(dollars, n), 8)
    return out


def dollars_of(counters: dict[str, Any], price: tuple[float, float]) -> float:
    tokens_in, tokens_out = counters.get("prompt_tokens", 0), counters.get("completion_tokens", 0)
    return float(tokens_in * price[0] + tokens_out * price[1]) / 1_000_000


def memory(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """What the evidence memory saved: recalled passages and searches not sent."""
    traj = [r.get("trajectory") or {} for r in rows]
    return {
        "memory_hits": sum(t.get("memory_hits", 0) for t in traj),
        "searches_saved": sum(t.get("searches_avoided", 0) for t in traj),
        "searches_sent": sum((r.get("counters") or {}).get("search_calls", 0) for r in rows),
    }


def report_quality(rows: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """Mean evidence hallucination rate and evidence quality score over report runs."""
    ehr = [r["ehr"] for r in rows if r.get("ehr") is not None]
    eqs = [r["eqs"] for r in rows if r.get("eqs") is not None]
    if not ehr and not eqs:
        return None
    return {
        "ehr": round(_div(sum(ehr), len(ehr)), 4),
        "eqs": round(_div(sum(eqs), len(eqs)), 4) if eqs else None,
        "reports": len(ehr),
    }
