"""kgfc's domain models. Backends take and return these, never vendor objects."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

# models sit below every other layer, so they spell out the two Wikidata
# namespaces (kgfc.kg.vocab.WD / WDT) instead of importing them.
_WIKIDATA_NS = ("http://www.wikidata.org/entity/", "http://www.wikidata.org/prop/direct/")


def _local_id(iri: str) -> str:
    """``http://www.wikidata.org/entity/Q76`` -> ``Q76``; other IRIs unchanged."""
    for ns in _WIKIDATA_NS:
        if iri.startswith(ns):
            return iri[len(ns) :]
    return iri


def utcnow() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


class SourceKind(StrEnum):
    WIKIDATA = "wikidata"
    FILE = "file"
    DEMO = "demo"
    WEB = "web"
    PUBMED = "pubmed"
    CLAIM = "claim"


class Source(BaseModel):
    """One batch of facts = one named graph; these fields are its PROV-O record."""

    model_config = ConfigDict(frozen=True)

    iri: str
    kind: SourceKind
    location: str | None = Field(None, description="endpoint, URL or file the facts came from")
    query_name: str | None = None
    query: str | None = Field(None, description="query text, search query or entity list")
    retrieved_at: datetime = Field(default_factory=utcnow)
    extractor: str = "kgfc"
    confidence: float = 1.0
    sentence: str | None = Field(None, description="verbatim sentence, for extracted facts")
    title: str | None = None
    facts: int | None = Field(None, description="number of facts, when listed from a store")


class Label(BaseModel):
    """A label, alias or description of an entity or property."""

    model_config = ConfigDict(frozen=True)

    entity: str
    text: str
    kind: Literal["label", "alias", "description"] = "label"
    lang: str = "en"


class Fact(BaseModel):
    """A (subject, predicate, object) statement, with labels for display and its source."""

    model_config = ConfigDict(frozen=True)

    subject: str
    predicate: str
    object: str
    object_is_literal: bool = False
    datatype: str | None = None
    lang: str | None = None
    subject_label: str | None = None
    predicate_label: str | None = None
    object_label: str | None = None
    source: str | None = Field(None, description="IRI of the named graph holding the fact")

    @property
    def key(self) -> tuple[str, str, str, bool]:
        return (self.subject, self.predicate, self.object, self.object_is_literal)

    def verbalise(self) -> str:
        s = self.subject_label or _local_id(self.subject)
        p = self.predicate_label or _local_id(self.predicate)
        o = self.object if self.object_is_literal else (self.object_label or _local_id(self.object))
        return f"{s} {p} {o}"


class LabelHit(BaseModel):
    entity: str
    text: str
    kind: Literal["label", "alias", "description"]
    score: float
    description: str | None = None


class StoreStats(BaseModel):
    entities: int
    facts: int
    sources: int
    labels: int
    quads: int
    claims: int = 0
    sources_by_kind: dict[str, int] = Field(default_factory=dict)
    path: str | None = None
    disk_bytes: int | None = None


class LoadReport(BaseModel):
    path: str
    source: str
    status: Literal["loaded", "unchanged"]
    quads: int
    seconds: float


class EnrichReport(BaseModel):
    entities_requested: int
    entities_fetched: int
    entities_cached: int
    sources_written: int
    facts_written: int
    sparql_queries: int
    failed: dict[str, str] = Field(default_factory=dict)


# -- claims and verdicts ------------------------------------------------------


class VerdictLabel(StrEnum):
    SUPPORTED = "SUPPORTED"
    REFUTED = "REFUTED"
    NEI = "NOT ENOUGH INFO"


class ClaimTriple(BaseModel):
    """A (subject, relation, object) reading of a claim, as text and, when aligned, as ids."""

    subject: str
    relation: str
    object: str
    subject_id: str | None = None  # entity IRI once linked
    relation_ids: list[str] = Field(
        default_factory=list
    )  # candidate property IRIs (wdt:...), best first
    object_id: str | None = None  # entity IRI once linked, or None for a literal value
    negated: bool = False


class Mention(BaseModel):
    text: str
    start: int
    end: int
    label: str = "ENTITY"  # spaCy entity label, or NOUN_CHUNK


class ClaimAnalysis(BaseModel):
    mentions: list[Mention] = Field(default_factory=list)
    triples: list[ClaimTriple] = Field(default_factory=list)
    keywords: list[str] = Field(default_factory=list)
    method: str = "rules"  # "rules" or "llm:<model>"


class LinkedEntity(BaseModel):
    mention: str
    entity: str
    label: str | None = None
    score: float
    candidates: list[LabelHit] = Field(default_factory=list)


class Counters(BaseModel):
    """What one episode cost. ``llm_calls`` counts every request sent, failed ones included;
    ``llm_failures`` those that brought no usable answer (HTTP error, timeout, invalid output);
    ``degraded_steps`` the steps that fell back from the LLM to a local method
    (:attr:`degradations` says which and why)."""

    llm_calls: int = 0
    llm_failures: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    llm_seconds: float = 0.0
    degraded_steps: int = 0
    sparql_queries: int = 0
    search_calls: int = 0
    pages_fetched: int = 0
    seconds: float = 0.0

    _degradations: list[str] = PrivateAttr(default_factory=list)

    @property
    def degradations(self) -> list[str]:
        """One line per degraded step ("rank hop 2: LLM failed (...); embedding ranker used")."""
        return self._degradations

    def degrade(self, note: str) -> None:
        """Record that a step fell back from the LLM to a local method."""
        self.degraded_steps += 1
        self._degradations.append(note)

    def add(self, other: Counters) -> None:
        for name in type(self).model_fields:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self._degradations.extend(other._degradations)


class EvidenceFact(BaseModel):
    """A fact the reasoner looked at, numbered for citation, with its source and retrieval score."""

    id: str  # "E1", "E2"... stable within one verdict
    fact: Fact
    text: str  # verbalised
    score: float = 0.0
    hop: int = 0


class Verdict(BaseModel):
    label: VerdictLabel
    confidence: float = Field(ge=0.0, le=1.0)
    justification: str
    cited: list[str] = Field(
        default_factory=list, description="EvidenceFact ids the verdict rests on"
    )
    path: list[str] = Field(
        default_factory=list, description="reasoning path, for multi-hop entailment"
    )
    rejected_citations: int = 0
    reasoner: str | None = Field(
        None,
        description='who decided, when not the configured reasoner ("local (llm failed: ...)")',
    )


class VerifyResult(BaseModel):
    """What ``kgfc verify`` prints for one claim (the JSON fields are a public contract)."""

    id: str
    claim: str
    verdict: VerdictLabel
    confidence: float
    justification: str
    reasoner: str
    evidence: list[dict] = Field(default_factory=list)
    topic_entities: list[LinkedEntity] = Field(default_factory=list)
    triples: list[ClaimTriple] = Field(default_factory=list)
    counters: Counters = Field(default_factory=Counters)
    claim_iri: str | None = None
    error: str | None = None
    web_passages: list[dict] = Field(default_factory=list)
    trajectory: dict | None = None


# -- reports (BioCheck format) -------------------------------------------------


class ReportEvidence(BaseModel):
    """One piece of evidence in a report, with what is needed to check its citation."""

    evidence_id: str  # E1... within the episode
    source_id: str  # Wikidata statement/graph IRI, URL or PMID:n
    source_kind: str  # wikidata, demo, file, web, pubmed, kg
    sentence: str  # verbatim top sentence (web/PubMed) or the verbalised fact (KG)
    context: str = ""
    stance: Literal["supports", "refutes", "neutral"] = "neutral"
    confidence: float = 0.5


class ReportSummary(BaseModel):
    reasons_to_support: list[str] = Field(default_factory=list)
    reasons_to_refute: list[str] = Field(default_factory=list)
    consensus: str = ""  # consensus / scope check
    final_justification: str = ""


class CitationProblem(BaseModel):
    evidence_id: str
    source_id: str
    reason: Literal["not_retrieved", "misquoted"]
    score: float | None = None  # ROUGE-L precision for misquotes


class CitationCheck(BaseModel):
    kept: int = 0
    removed: int = 0
    ehr: float = 0.0  # evidence hallucination rate = removed / (kept + removed)
    problems: list[CitationProblem] = Field(default_factory=list)


class SourceConflict(BaseModel):
    description: str
    sources: list[str] = Field(default_factory=list)  # source ids on each side
    kinds: list[str] = Field(default_factory=list)
    resolution: str = ""


class GraphNode(BaseModel):
    id: str
    label: str


class GraphEdge(BaseModel):
    source: str
    target: str
    label: str
    kind: str  # source kind, for colouring
    evidence_id: str
    provenance: dict = Field(default_factory=dict)


class Report(BaseModel):
    claim_id: str
    claim: str
    supporting_evidence: list[ReportEvidence] = Field(default_factory=list)
    refuting_evidence: list[ReportEvidence] = Field(default_factory=list)
    summary: ReportSummary = Field(default_factory=ReportSummary)
    conclusion: VerdictLabel
    confidence: float
    reasoner: str = ""
    citation_check: CitationCheck = Field(default_factory=CitationCheck)
    eqs: float | None = None  # evidence quality score
    conflicts: list[SourceConflict] = Field(default_factory=list)
    nodes: list[GraphNode] = Field(default_factory=list)
    edges: list[GraphEdge] = Field(default_factory=list)
    steps: list[dict] = Field(default_factory=list)  # trajectory summary
    counters: Counters = Field(default_factory=Counters)
