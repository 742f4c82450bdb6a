"""Reflection: one LLM call critiques a finished episode whose gold label is known.

The critique is structured (:class:`Critique`): the outcome, an error type from
WKGFC's taxonomy, the step it blames, and a behaviour change to try next time.
A failed call raises :class:`~kgfc.errors.LLMError` like every LLM task; callers
that must not stop (the optimiser) record the episode without a critique.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, get_args

from pydantic import BaseModel, Field, model_validator

from kgfc.llm.contract import LLM, fence
from kgfc.llm.prompts import system_prompt
from kgfc.models import Counters

ErrorType = Literal[
    "none",
    "insufficient_evidence_coverage",
    "premature_verdict",
    "redundant_expansion",
    "step_limit",
    "kg_web_conflict",
    "extraction_error",
]
ERROR_TYPES: tuple[str, ...] = get_args(ErrorType)
REFLECT_MAX_TOKENS = 120
MAX_SUGGESTION_CHARS = 240


class Critique(BaseModel):
    """What went right or wrong in one episode, and what to do differently."""

    outcome: Literal["correct", "incorrect"]
    error_type: ErrorType = "none"
    blamed_step: int | None = Field(None, description="the number of the step to blame, if any")
    suggestion: str = Field("", description="one behaviour change for next time")

    @model_validator(mode="before")
    @classmethod
    def _tolerate(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = dict(data)
        err = data.get("error_type") or data.get("error")
        if isinstance(err, str):
            key = "_".join(err.strip().casefold().replace("-", " ").split())
            matches = [e for e in ERROR_TYPES if e == key or e.startswith(key) or key in e]
            data["error_type"] = matches[0] if matches else "none"
        outcome = data.get("outcome")
        if isinstance(outcome, str):
            data["outcome"] = (
                "correct"
                if outcome.strip().casefold() in ("correct", "right", "true")
                else "incorrect"
            )
        step = data.get("blamed_step")
        if isinstance(step, str):
            digits = "".join(ch for ch in step if ch.isdigit())
            data["blamed_step"] = int(digits) if digits else None
        if isinstance(data.get("suggestion"), str):
            data["suggestion"] = data["suggestion"].strip()[:MAX_SUGGESTION_CHARS]
        return data


def critique_schema() -> dict[str, Any]:
    schema = Critique.model_json_schema()
    schema["properties"]["suggestion"]["maxLength"] = MAX_SUGGESTION_CHARS
    return schema


def step_lines(steps: Sequence[Any]) -> list[str]:
    """``1. expand_kg -> hop 2: 8 fact(s) kept`` per step (compact, for prompts and the buffer)."""
    out = []
    for s in steps:
        action = getattr(s.action, "value", s.action)
        args = f" {s.arguments}" if s.arguments else ""
        out.append(f"{s.index}. {action}{args} -> {' '.join((s.observation or '').split())[:160]}")
    return out


def reflect_messages(
    claim: str, gold: str, verdict: str, steps: Sequence[Any], evidence: Sequence[str]
) -> list[dict[str, str]]:
    user = (
        f"Claim:\n{fence(claim, tag='CLAIM')}\n"
        f"Steps the fact-checking agent took:\n{fence(chr(10).join(step_lines(steps)) or '(none)', tag='STEPS')}\n"
        f"Evidence it cited:\n{fence(chr(10).join(evidence) or '(none)', tag='EVIDENCE')}\n"
        f"Its verdict: {verdict}. The correct label: {gold}.\n"
        "Critique the episode: was the outcome correct; if not, which error type explains it "
        f"({', '.join(ERROR_TYPES[1:])}) and which step is to blame; suggest one change of "
        "behaviour for similar claims.\n"
        'Reply as {"outcome": "correct" | "incorrect", "error_type": "...", '
        '"blamed_step": <number or null>, "suggestion": "<one sentence>"}.'
    )
    return [{"role": "system", "content": system_prompt()}, {"role": "user", "content": user}]


def reflect(
    llm: LLM,
    *,
    claim: str,
    gold: str,
    verdict: str,
    steps: Sequence[Any],
    evidence: Sequence[str],
    counters: Counters,
) -> Critique:
    """One call: the structured critique of an episode (its outcome is checked against gold)."""
    critique = llm.complete_json(
        reflect_messages(claim, gold, verdict, steps, evidence),
        Critique,
        counters=counters,
        name="reflect",
        max_tokens=REFLECT_MAX_TOKENS,
        schema_json=critique_schema(),
    )
    # The outcome is a fact, not the model's opinion.
    outcome = "correct" if verdict == gold else "incorrect"
    if critique.outcome != outcome:
        critique = critique.model_copy(update={"outcome": outcome})
    return critique
