"""The LLM reasoner: one call per beam-search hop to prune, one call for the verdict.

The model may only cite evidence that was retrieved: cited ids that are not
in the evidence are dropped and counted, and a SUPPORTED/REFUTED verdict left
with no valid citation becomes NOT ENOUGH INFO, saying why.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kgfc.errors import LLMError
from kgfc.llm.prompts import (
    DECOMPOSE_MAX_TOKENS,
    VERDICT_MAX_TOKENS,
    DecompositionOutput,
    RankOutput,
    VerdictOutput,
    decompose_messages,
    decompose_schema,
    rank_max_tokens,
    rank_messages,
    rank_schema,
    verdict_messages,
    verdict_schema,
)
from kgfc.models import ClaimAnalysis, ClaimTriple, Counters, EvidenceFact, Verdict, VerdictLabel

if TYPE_CHECKING:
    from kgfc.llm.contract import LLM
    from kgfc.reason.base import Reasoner

DOWNGRADED_CONFIDENCE = 0.5  # a verdict the model could not ground never claims more
SHORTLIST = 12  # candidates the LLM sees per hop: prompt tokens are slow on a CPU model too


def _normalise_id(raw: str) -> str:
    """``"e3"``, ``"[E3]"``, ``" E3 "`` -> ``"E3"``; anything else is kept for rejection."""
    text = raw.strip().strip("[]()").strip()
    return text.upper() if re.fullmatch(r"[Ee]\d+", text) else text


class LLMReasoner:
    """:class:`~kgfc.reason.base.Reasoner` backed by an :class:`~kgfc.llm.contract.LLM`.

    Degrades, never loses evidence: when the LLM fails a ranking step (after
    the client's retries and repair), ``fallback`` (the local reasoner:
    embeddings, else token overlap) ranks that hop; when the verdict call
    fails, ``fallback`` decides. Each degraded step is recorded on the
    episode's :class:`~kgfc.models.Counters` (``degraded_steps`` and
    ``degradations``), and a verdict reached with degraded steps says so in its
    justification. ``verdict_fallback_reason`` names the result's reasoner
    (``local (llm failed: ...)``) when the verdict itself fell back.
    """

    def __init__(
        self,
        llm: LLM,
        *,
        fallback: Reasoner | None = None,
        top_k: int = 4,
        shortlist: int = SHORTLIST,
    ) -> None:
        self.llm = llm
        self.name = f"llm:{llm.model}"
        self.fallback = fallback
        self.top_k = top_k
        self.shortlist = shortlist

    def rank(self, claim: str, candidates: Sequence[str], counters: Counters) -> list[float]:
        """The LLM picks the ``top_k`` most useful candidates, best first, in one short call.

        With a ``fallback`` ranker, it pre-ranks all candidates (embeddings: fast), the
        LLM sees only the best ``shortlist`` of them, and no call is made when there are
        at most ``top_k`` (every one is kept anyway). The chosen score 1.0, 0.9, 0.8...;
        the others keep half their fallback score, so they rank below the chosen ones.
        """
        if not candidates:
            return []
        base = self.fallback.rank(claim, candidates, counters) if self.fallback else None
        if base is not None and len(candidates) <= self.top_k:
            return list(base)
        order = list(range(len(candidates)))
        if base is not None:
            order = sorted(order, key=lambda i: -base[i])[: self.shortlist]
        shown = [candidates[i] for i in order]
        try:
            out = self.llm.complete_json(
                rank_messages(claim, shown, top_k=self.top_k),
                RankOutput,
                counters=counters,
                name="rank",
                max_tokens=rank_max_tokens(self.top_k),
                context={"candidates": shown, "top_k": self.top_k},
                schema_json=rank_schema(self.top_k),
            )
        except LLMError as exc:
            if base is None or self.fallback is None:  # a base comes from the fallback
                raise
            counters.degrade(
                f"rank: LLM failed ({_reason(exc)}); {_ranker_name(self.fallback)} used"
            )
            return list(base)
        scores = [0.5 * b for b in base] if base is not None else [0.0] * len(candidates)
        for place, n in enumerate(out.ids[: self.top_k]):
            if 1 <= n <= len(shown):
                scores[order[n - 1]] = round(max(0.1, 1.0 - 0.1 * place), 2)
        return scores

    def verdict(
        self,
        claim: str,
        triples: Sequence[ClaimTriple],
        evidence: Sequence[EvidenceFact],
        counters: Counters,
        *,
        forced: bool = False,
    ) -> Verdict:
        if not evidence:
            # Nothing could be cited, so no model answer could stand: save the call.
            return Verdict(
                label=VerdictLabel.NEI,
                confidence=DOWNGRADED_CONFIDENCE,
                justification="No evidence was retrieved for this claim, so it cannot be checked.",
            )
        try:
            out = self.llm.complete_json(
                verdict_messages(claim, triples, evidence, forced=forced),
                VerdictOutput,
                counters=counters,
                name="forced_verdict" if forced else "verdict",
                max_tokens=VERDICT_MAX_TOKENS,
                schema_json=verdict_schema([ev.id for ev in evidence]),
            )
        except LLMError as exc:
            if self.fallback is None:
                raise
            why = _reason(exc)
            counters.degrade(f"verdict: LLM failed ({why}); local reasoner decided")
            verdict = self.fallback.verdict(claim, triples, evidence, counters)
            return note_degraded(
                verdict.model_copy(update={"reasoner": f"local (llm failed: {why})"}), counters
            )
        return note_degraded(self._grounded(out, evidence), counters)

    def _grounded(self, out: VerdictOutput, evidence: Sequence[EvidenceFact]) -> Verdict:
        known = {ev.id for ev in evidence}
        cited: list[str] = []
        rejected = 0
        for raw in out.cited:
            cid = _normalise_id(raw)
            if cid in known:
                if cid not in cited:
                    cited.append(cid)
            else:
                rejected += 1
        label = VerdictLabel(out.verdict)
        confidence = out.confidence
        justification = out.justification.strip()
        if label is not VerdictLabel.NEI and not cited:
            why = (
                f"{rejected} citation(s) named evidence that was not retrieved"
                if rejected
                else "it cited no evidence"
            )
            justification = (
                f"Downgraded from {label.value} to NOT ENOUGH INFO because {why}. "
                f"The model's justification was: {justification}"
            )
            label = VerdictLabel.NEI
            confidence = min(confidence, DOWNGRADED_CONFIDENCE)
        return Verdict(
            label=label,
            confidence=confidence,
            justification=justification,
            cited=cited,
            rejected_citations=rejected,
        )


def _reason(exc: LLMError) -> str:
    """A short why for a degraded step: the error's first sentence."""
    text = exc.message.split(". ")[0].rstrip(".")
    return text if len(text) <= 160 else text[:159] + "…"


def _ranker_name(fallback: Reasoner) -> str:
    return (
        "embedding ranker"
        if getattr(fallback, "name", "") == "local"
        else f"{fallback.name} ranker"
    )


def note_degraded(verdict: Verdict, counters: Counters) -> Verdict:
    """Say in the justification which steps fell back from the LLM."""
    if not counters.degradations:
        return verdict
    n = len(counters.degradations)
    note = f"({n} step{'s' if n != 1 else ''} degraded to local methods: {'; '.join(counters.degradations)}.)"
    return verdict.model_copy(update={"justification": f"{verdict.justification} {note}".strip()})


def llm_decompose(llm: LLM, claim: str, counters: Counters) -> ClaimAnalysis:
    """The claim as (subject, relation, object) triplets plus topic keywords, by the LLM."""
    out = llm.complete_json(
        decompose_messages(claim),
        DecompositionOutput,
        counters=counters,
        name="decompose",
        max_tokens=DECOMPOSE_MAX_TOKENS,
        context={"claim": claim},  # triples not taken from the claim are dropped
        schema_json=decompose_schema(),
    )
    triples = [
        ClaimTriple(
            subject=t.subject.strip(),
            relation=t.relation.strip(),
            object=t.object.strip(),
            negated=t.negated,
        )
        for t in out.triples
        if t.subject.strip() and t.relation.strip() and t.object.strip()
    ]
    keywords: list[str] = []
    seen: set[str] = set()
    for kw in out.keywords:
        kw = kw.strip()
        if kw and kw.casefold() not in seen:
            seen.add(kw.casefold())
            keywords.append(kw)
    return ClaimAnalysis(triples=triples, keywords=keywords, method=f"llm:{llm.model}")
