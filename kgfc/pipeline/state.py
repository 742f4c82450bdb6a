"""The typed state of one claim's episode.

An :class:`Episode` is what the loop, the stages and the policies share:
the claim (text or structured triple), its analysis and linked entities,
the beam over the KG, the web/PubMed evidence and passages gathered so far,
the steps taken and what they cost. Evidence stays
:class:`~kgfc.models.EvidenceFact` and passages stay
:class:`~kgfc.models.Passage` until the result is built.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pydantic import BaseModel

from kgfc.models import (
    Action,
    ClaimAnalysis,
    ClaimTriple,
    Counters,
    EvidenceFact,
    LinkedEntity,
    Passage,
    Step,
    Trajectory,
    Verdict,
)

if TYPE_CHECKING:
    from kgfc.kg.beam import BeamSearch

__all__ = ["Action", "Budget", "Episode", "Step", "Trajectory"]


class Budget(BaseModel):
    """Per-claim limits; None means unlimited."""

    llm_calls: int | None = None
    tokens: int | None = None
    search_calls: int | None = None
    seconds: float | None = None

    def exceeded(self, c: Counters) -> str | None:
        if self.llm_calls is not None and c.llm_calls >= self.llm_calls:
            return f"LLM-call budget ({self.llm_calls}) used up"
        if self.tokens is not None and c.prompt_tokens + c.completion_tokens >= self.tokens:
            return f"token budget ({self.tokens}) used up"
        if self.search_calls is not None and c.search_calls >= self.search_calls:
            return f"search budget ({self.search_calls}) used up"
        if self.seconds is not None and c.seconds >= self.seconds:
            return f"time budget ({self.seconds:g}s) used up"
        return None


@dataclass
class Episode:
    """One claim on its way: what has been gathered and what it cost."""

    claim_id: str
    claim: str
    # the claim as read: its chatter, attributions and a title before a name dropped
    said: str = ""
    # a post's closing comments set aside before reading ("..., that explains a lot")
    comments: list[str] = field(default_factory=list)
    counters: Counters = field(default_factory=Counters)
    max_hops: int = 4
    # A structured claim arrives as a triple of ids (read into given_triple by the
    # first step): no NLP, no beam.
    given_ids: tuple[str, str, str] | None = None
    negated: bool = False
    given_triple: ClaimTriple | None = None
    analysis: ClaimAnalysis | None = None
    linked: list[LinkedEntity] = field(default_factory=list)
    beam: BeamSearch | None = None
    triple_evidence: list[EvidenceFact] | None = None  # structured claims' KG evidence
    unknown_entities: list[str] = field(
        default_factory=list
    )  # a triple's ids the KG never mentions
    web_evidence: list[EvidenceFact] = field(default_factory=list)
    passages: list[Passage] = field(default_factory=list)
    searched: set[str] = field(default_factory=set)
    memory_hits: int = 0  # passages recalled from earlier sources
    searches_avoided: int = 0
    steps: list[Step] = field(default_factory=list)
    # Degradations the LLM hooks record (a failed prune ranked by embeddings...): they
    # go into the observation of the step they happened in.
    notes: list[str] = field(default_factory=list)
    # The local reasoner's verdicts, memoised on the evidence they saw (the rule
    # policy's sufficiency check after every step; the final verdict often asks the same).
    local_verdicts: dict[tuple[tuple[str, str, str | None, float], ...], Verdict] = field(
        default_factory=dict
    )
    # How the entity-anchored fallback read the claim (kgfc.nlp.anchored), when it did.
    reading: str | None = None
    reading_semantic: bool = False
    # The paths a lexicon reading followed ("X's husband": X to the husband), cited with the verdict
    reading_chains: list[tuple[str, str]] = field(default_factory=list)

    @property
    def started(self) -> bool:
        return self.beam is not None or self.triple_evidence is not None

    @property
    def read_text(self) -> str:
        """The words the claim's reading rests on (``said`` once read, else the claim)."""
        return self.said or self.claim

    @property
    def triples(self) -> list[ClaimTriple]:
        if self.given_triple is not None:
            return [self.given_triple]
        return self.analysis.triples if self.analysis else []

    def started_beam(self) -> BeamSearch:
        """The beam, for the steps that run once the first step started it."""
        if self.beam is None:
            raise RuntimeError("the beam search has not started")
        return self.beam

    def can_expand(self) -> bool:
        b = self.beam
        return b is not None and not b.exhausted and b.hops_done < self.max_hops

    def kg_evidence(self) -> list[EvidenceFact]:
        if self.triple_evidence is not None:
            return self.triple_evidence
        return self.beam.result().evidence if self.beam is not None else []

    def evidence(self) -> list[EvidenceFact]:
        return self.kg_evidence() + self.web_evidence

    def seeds(self) -> list[str]:
        if self.given_ids is not None:
            if self.given_triple is None:
                return []
            t = self.given_triple
            return [x for x in (t.subject_id, t.object_id) if x]
        return [e.entity for e in self.linked]
