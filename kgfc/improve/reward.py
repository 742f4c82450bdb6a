"""The composite reward of one trajectory: correctness, evidence sufficiency, citations, efficiency.

- **correctness**: 1 when the verdict is the gold label, else 0;
- **sufficiency**: does the cited evidence, on its own, settle the claim the way
  the verdict says? ``judge`` (e.g. the local reasoner over the cited facts only)
  re-decides from them; 1 when it agrees. A NOT ENOUGH INFO verdict needs no
  evidence (1 when gold is NEI too, else 0);
- **citation** (evidence hit rate, EHR): the share of the model's citations that
  name retrieved evidence; a SUPPORTED/REFUTED verdict citing nothing scores 0;
- **efficiency**: 1 minus the share of redundant steps (an expansion that added
  nothing, a repeated search) and of LLM requests that failed.

Weights are configurable; the total is their weighted mean, in [0, 1].
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel, Field

NEI = "NOT ENOUGH INFO"


class RewardWeights(BaseModel):
    correctness: float = Field(0.5, ge=0)
    sufficiency: float = Field(0.2, ge=0)
    citation: float = Field(0.15, ge=0)
    efficiency: float = Field(0.15, ge=0)


class Reward(BaseModel):
    total: float
    correctness: float
    sufficiency: float
    citation: float
    efficiency: float


def _label(value: Any) -> str:
    return str(getattr(value, "value", value) or NEI)


def redundant_steps(steps: Sequence[Any]) -> int:
    """Expansions that kept no fact, and searches repeating an earlier one."""
    seen: set[tuple[str, str]] = set()
    redundant = 0
    for s in steps:
        action = _label(s.action)
        obs = s.observation or ""
        if "expand" in action and (": 0 fact" in obs or obs.startswith("0 fact")):
            redundant += 1
        if action in ("web_search", "pubmed_search"):
            key = (action, str((s.arguments or {}).get("query", "")).casefold())
            redundant += key in seen
            seen.add(key)
    return redundant


def composite_reward(
    *,
    verdict: Any,
    gold: Any,
    cited: Sequence[str],
    rejected_citations: int,
    steps: Sequence[Any],
    llm_calls: int = 0,
    llm_failures: int = 0,
    judge: Callable[[Sequence[str]], str] | None = None,
    weights: RewardWeights | None = None,
) -> Reward:
    """Score one episode; ``judge(cited_ids)`` re-decides from the cited evidence alone."""
    w = weights or RewardWeights()
    label, gold_label = _label(verdict), _label(gold)
    correctness = 1.0 if label == gold_label else 0.0
    if label == NEI:
        sufficiency = 1.0 if gold_label == NEI else 0.0
    elif not cited:
        sufficiency = 0.0
    elif judge is None:
        sufficiency = correctness
    else:
        sufficiency = 1.0 if _label(judge(cited)) == label else 0.0
    if label == NEI and not cited:
        citation = 1.0
    else:
        total_cited = len(cited) + rejected_citations
        citation = len(cited) / total_cited if total_cited else 0.0
    waste = redundant_steps(steps) + llm_failures
    effort = max(1, len(steps) + llm_calls)
    efficiency = max(0.0, 1.0 - waste / effort)
    parts = {
        "correctness": correctness,
        "sufficiency": sufficiency,
        "citation": citation,
        "efficiency": efficiency,
    }
    weight_sum = sum(getattr(w, k) for k in parts) or 1.0
    total = sum(getattr(w, k) * v for k, v in parts.items()) / weight_sum
    return Reward(total=round(total, 4), **{k: round(v, 4) for k, v in parts.items()})
