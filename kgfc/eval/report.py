"""Eval outputs: the Markdown table across runs, the cost estimate, PNG plots (matplotlib extra)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kgfc.errors import ConfigError


def collect(output: Path) -> list[dict[str, Any]]:
    """Every run summary under an output folder (earlier invocations included)."""
    out = []
    for path in sorted(output.glob("*/*/summary-*.json")):
        try:
            out.append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, json.JSONDecodeError):
            continue
    return out


def markdown_table(summaries: Sequence[dict[str, Any]]) -> str:
    head = (
        "| dataset | protocol | variant | reasoner | k | N | n | bal. acc. | macro-F1 | acc. "
        "| LLM calls/claim | tokens/claim | SPARQL/claim | searches/claim | s/claim | $/claim "
        "| errors EM/IK/OC |\n"
        "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
    )
    lines = [head]
    for s in summaries:
        pc = s["cost"]["per_claim"]
        tax = s["error_taxonomy"]["counts"]
        dollars = s["cost"].get("dollars_per_claim")
        ds = f"{s['dataset']} {s['split']}" + (" (verbalised)" if s.get("verbalised") else "")
        n = f"{s['n']}" if s["complete"] else f"{s['n']}/{s['total']}"
        lines.append(
            f"| {ds} | {s['protocol']} | {s['variant']} | {s['reasoner']} | {s['beam']} | {s['hops']} "
            f"| {n} | {s['balanced_accuracy']:.3f} | {s['macro_f1']:.3f} | {s['accuracy']:.3f} "
            f"| {pc['llm_calls']:.2f} | {pc['prompt_tokens'] + pc['completion_tokens']:.0f} "
            f"| {pc['sparql_queries']:.1f} | {pc['search_calls']:.2f} | {pc['seconds']:.3f} "
            f"| {'' if dollars is None else f'{dollars:.5f}'} | {tax['EM']}/{tax['IK']}/{tax['OC']} |"
        )
    return "\n".join(lines)


def config_bound(variant: str, reasoner: str, *, hops: int, max_steps: int) -> dict[str, Any]:
    """Worst-case LLM calls and searches per claim from the configuration alone."""
    llm = reasoner == "llm"
    web = variant in ("web-only", "kg+web", "full")
    if not llm:
        calls = 0
    elif variant == "kg-only":
        calls = 1 + hops + 1  # decompose, one rank per hop, verdict
    elif variant == "web-only":
        calls = 1 + 1
    elif variant == "kg+web":
        calls = 1 + hops + 1
    else:  # agent: one policy call per step after the first, rank per hop, verdict
        calls = 1 + hops + (max_steps - 2) + 1
    return {
        "llm_calls_max": calls,
        "searches_max": int(web),
        "note": "LLM calls of the web filter/extractor come on top for web variants"
        if web and llm
        else "",
    }


def estimate(
    summary: dict[str, Any],
    remaining: int,
    bound: dict[str, Any],
    price: tuple[float, float] | None,
) -> dict[str, Any]:
    """Expected cost of the rest of a run: the sample's means per claim times what is left."""
    pc = summary["cost"]["per_claim"]
    exp = {
        "llm_calls": round(pc["llm_calls"] * remaining),
        "prompt_tokens": round(pc["prompt_tokens"] * remaining),
        "completion_tokens": round(pc["completion_tokens"] * remaining),
        "searches": round(pc["search_calls"] * remaining),
        "seconds": round(pc["seconds"] * remaining, 1),
    }
    if price is not None:
        from kgfc.eval.metrics import dollars_of

        exp["dollars"] = round(dollars_of(exp, price), 4)
    return {
        "dataset": summary["dataset"],
        "run": summary["run"],
        "sampled": summary["n"],
        "failed": summary["failed"],  # sample claims that could not be checked: not in the means
        "remaining": remaining,
        "per_claim": pc,
        "expected_for_remaining": exp,
        "config_bound_per_claim": bound,
    }


# -- plots --------------------------------------------------------------------------


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ConfigError(
            "--plots needs matplotlib.", hint="Install the extra: pip install 'kgfc[plots]'."
        ) from None
    return plt


def plot_all(summaries: Sequence[dict[str, Any]], folder: Path) -> list[Path]:
    """Confusion matrices, accuracy vs cost per claim, beam heat maps; returns the files written."""
    plt = _pyplot()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for s in summaries:
        labels = list(s["confusion"])
        cols = list(next(iter(s["confusion"].values())))
        grid = [[s["confusion"][g][p] for p in cols] for g in labels]
        fig, ax = plt.subplots(figsize=(3.2 + 0.6 * len(cols), 3 + 0.5 * len(labels)))
        ax.imshow(grid, cmap="Blues")
        ax.set_xticks(range(len(cols)), [c.title() for c in cols], rotation=30, ha="right")
        ax.set_yticks(range(len(labels)), [c.title() for c in labels])
        ax.set_xlabel("predicted")
        ax.set_ylabel("gold")
        for i, row in enumerate(grid):
            for j, v in enumerate(row):
                ax.text(j, i, str(v), ha="center", va="center")
        ax.set_title(f"{s['dataset']} {s['run']}\nbal. acc. {s['balanced_accuracy']:.3f}")
        fig.tight_layout()
        path = folder / f"confusion-{s['dataset']}-{s['split']}-{s['run']}.png".replace("+", "_")
        fig.savefig(path, dpi=100)
        plt.close(fig)
        written.append(path)

    fig, ax = plt.subplots(figsize=(6, 4))
    for s in summaries:
        x = s["cost"].get("dollars_per_claim")
        x = x if x is not None else s["cost"]["per_claim"]["llm_calls"]
        ax.scatter([x], [s["balanced_accuracy"]])
        ax.annotate(f"{s['dataset']} {s['run']}", (x, s["balanced_accuracy"]), fontsize=7)
    priced = any(s["cost"].get("dollars_per_claim") is not None for s in summaries)
    ax.set_xlabel("$ per claim" if priced else "LLM calls per claim")
    ax.set_ylabel("balanced accuracy")
    ax.set_title("accuracy vs cost per claim")
    fig.tight_layout()
    path = folder / "accuracy-vs-cost.png"
    fig.savefig(path, dpi=100)
    plt.close(fig)
    written.append(path)

    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for s in summaries:
        groups.setdefault((s["dataset"], s["split"], s["variant"], s["reasoner"]), []).append(s)
    for key, runs in groups.items():
        beams = sorted({s["beam"] for s in runs})
        hops = sorted({s["hops"] for s in runs})
        if len(beams) * len(hops) < 2:
            continue
        cell = {(s["beam"], s["hops"]): s["balanced_accuracy"] for s in runs}
        grid = [[cell.get((b, h), float("nan")) for h in hops] for b in beams]
        fig, ax = plt.subplots(figsize=(1.2 * len(hops) + 2.5, 1.0 * len(beams) + 2))
        im = ax.imshow(grid, cmap="viridis", vmin=0, vmax=1)
        ax.set_xticks(range(len(hops)), [str(h) for h in hops])
        ax.set_yticks(range(len(beams)), [str(b) for b in beams])
        ax.set_xlabel("hops N")
        ax.set_ylabel("beam k")
        for i, row in enumerate(grid):
            for j, v in enumerate(row):
                ax.text(j, i, "" if v != v else f"{v:.3f}", ha="center", va="center", color="w")
        fig.colorbar(im, ax=ax, label="balanced accuracy")
        ax.set_title(" ".join(key))
        fig.tight_layout()
        path = folder / ("beam-" + "-".join(key) + ".png").replace("+", "_")
        fig.savefig(path, dpi=100)
        plt.close(fig)
        written.append(path)
    return written
