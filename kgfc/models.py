"""kgfc's domain models. Backends take and return these, never vendor objects."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    SerializationInfo,
    field_serializer,
)

# models sit below every other layer, so they spell out the two Wikidata
# namespaces (kgfc.kg.vocab.WD / WDT) instead of importing them.
_WIKIDATA_NS = ("http://www.wikidata.org/entity/", "http://www.wikidata.org/prop/direct/")

# how a triple's justification starts when an id is unknown (the CLI looks for it in
# results from a server too, so it lives here rather than with the pipeline)
UNKNOWN_ENTITY = "Unknown entity:"


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
    # How sure the links are (see kgfc.kg.linking: the label match, lowered when a
    # same-named rival is about as likely); None when not linked from text.
    subject_link: float | None = None
    object_link: float | None = None
    # How the relation words matched the property (kgfc.nlp.alignment: 1.0 its label, 0.95 an
    # alias, 0.9 and below a paraphrase or a fuzzy match); None when not read from text.
    relation_score: float | None = None


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
    # words of the statement the KG cannot read: when it held ("... in 1988"), an upbringing
    # ("born and raised in"): left out of the reading; a SUPPORTED reading is then NOT ENOUGH
    # INFO for the claim as written, and the verdict says what held
    unchecked: list[str] = Field(default_factory=list)
    # a description of an entity the KG cannot read ("Frank Zappa, the 44th president, ...",
    # "The legendary rocker S"): left out of the reading, and the verdict says so
    undescribed: list[str] = Field(default_factory=list)
    # a main clause the KG cannot read beside a relative clause it can ("X, who died in
    # Paris, left his letters to a library"): the news is left out, and the verdict says so
    unread_events: list[str] = Field(default_factory=list)


class LinkedEntity(BaseModel):
    mention: str
    entity: str
    label: str | None = None
    score: float
    candidates: list[LabelHit] = Field(default_factory=list)
    confidence: float = Field(
        1.0,
        description="how sure the link is: the label match (exact 1.0, alias 0.95, fuzzy less), "
        "lowered when a same-named rival scores about as well",
    )


# the stages of a check whose time :class:`Counters` keeps (and the server's /metrics shows)
STAGES = ("read", "link", "beam", "reason", "record")


class Counters(BaseModel):
    """What one episode cost. ``llm_calls`` counts every request sent, failed ones included;
    ``llm_failures`` those that brought no usable answer (HTTP error, timeout, invalid output);
    ``degraded_steps`` the steps that fell back from the LLM to a local method
    (:attr:`degradations` says which and why). The stage ``*_seconds`` say where the
    time went: reading the claim, linking its entities, the KG beam search (or a
    triple's evidence lookup), the verdict, recording it."""

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
    read_seconds: float = 0.0
    link_seconds: float = 0.0
    beam_seconds: float = 0.0
    reason_seconds: float = 0.0
    record_seconds: float = 0.0

    _degradations: list[str] = PrivateAttr(default_factory=list)

    @contextmanager
    def timing(self, stage: str) -> Iterator[None]:
        """Add the time the block takes to ``<stage>_seconds`` (a stage of :data:`STAGES`)."""
        name = f"{stage}_seconds"
        start = time.perf_counter()
        try:
            yield
        finally:
            setattr(self, name, round(getattr(self, name) + time.perf_counter() - start, 6))

    def stage_seconds(self) -> dict[str, float]:
        return {stage: getattr(self, f"{stage}_seconds") for stage in STAGES}

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


Stance = Literal["supports", "refutes", "neutral"]


class Passage(BaseModel):
    """A web or PubMed passage kept as evidence, with its stance and where it came from.

    The filter (:mod:`kgfc.web.filter`) makes these from search results, the
    evidence memory from remembered sentences; the verify loop gives each the
    id (``W3``) its sentence carries in the evidence list, and the report cites it.
    """

    text: str
    source_id: str = Field(description="the citable id of the document: URL, 'PMID:123', path")
    url: str | None = None
    title: str = ""
    score: float = Field(0.0, description="coarse BM25 score, divided by the best candidate's")
    confidence: float = Field(0.0, ge=0.0, le=1.0, description="consistency confidence")
    stance: Stance = "neutral"
    injection_suspected: bool = False
    sentence: str = Field("", description="the passage's most relevant sentence, verbatim")
    position: int = Field(0, description="index of the passage's first sentence in its document")
    method: str = Field("", description='who judged it: "local", "llm:<model>" or "memory"')
    reason: str = ""
    kind: str | None = Field(None, description="source kind (web, pubmed), when known")
    sentence_id: str | None = Field(
        None, description="IRI of the remembered kgfc:Sentence, for passages recalled from memory"
    )
    evidence_id: str | None = Field(None, description="its id in the verdict's evidence (W3...)")


class ResultEvidence(BaseModel):
    """One evidence fact as a verify result shows it: the fact flattened, its id, and whether it was cited."""

    id: str
    text: str
    subject: str
    predicate: str
    object: str
    object_is_literal: bool = False
    subject_label: str | None = None
    predicate_label: str | None = None
    object_label: str | None = None
    source: str | None = None
    score: float = 0.0
    hop: int = 0
    cited: bool = False

    @classmethod
    def of(cls, e: EvidenceFact, cited: bool) -> ResultEvidence:
        f = e.fact
        return cls(
            id=e.id,
            text=e.text,
            subject=f.subject,
            predicate=f.predicate,
            object=f.object,
            object_is_literal=f.object_is_literal,
            subject_label=f.subject_label,
            predicate_label=f.predicate_label,
            object_label=f.object_label,
            source=f.source,
            score=e.score,
            hop=e.hop,
            cited=cited,
        )


# -- the episode a claim goes through (see kgfc.pipeline) --------------------------------


class Action(StrEnum):
    INIT = "init_kg_retrieval"
    EXPAND = "expand_kg"
    WEB = "web_search"
    PUBMED = "pubmed_search"
    VERDICT = "verdict"


class Step(BaseModel):
    index: int
    action: Action
    arguments: dict[str, Any] = Field(default_factory=dict)
    policy_reason: str = ""
    observation: str = ""
    evidence_added: list[str] = Field(default_factory=list)
    error: str | None = None
    counters: Counters = Field(default_factory=Counters)  # what this step cost
    seconds: float = 0.0


class Trajectory(BaseModel):
    claim_id: str
    claim: str = ""
    policy: str
    reasoner: str
    prompts: str | None = Field(None, description='the LLM prompt set used, "id@version"')
    steps: list[Step] = Field(default_factory=list)
    verdict: VerdictLabel | None = None
    confidence: float | None = None
    forced: bool = False
    stop_reason: str = ""
    # WKGFC's error kinds, derived from the steps
    insufficient_kg: bool = False  # web/PubMed requested after KG expansion
    step_limit_reached: bool = False
    over_confidence: bool = False  # verdict straight from the initial KG
    memory_hits: int = 0
    searches_avoided: int = 0
    counters: Counters = Field(default_factory=Counters)

    def derive_flags(self) -> None:
        actions = [s.action for s in self.steps]
        expanded = Action.EXPAND in actions
        searched = [i for i, a in enumerate(actions) if a in (Action.WEB, Action.PUBMED)]
        first_expand = actions.index(Action.EXPAND) if expanded else None
        self.insufficient_kg = (
            bool(searched) and first_expand is not None and searched[0] > first_expand
        )
        self.over_confidence = actions[:2] == [Action.INIT, Action.VERDICT] and not self.forced


class VerifyResult(BaseModel):
    """What ``kgfc verify`` prints for one claim (the JSON fields are a public contract)."""

    id: str
    claim: str
    verdict: VerdictLabel
    confidence: float
    justification: str
    reasoner: str
    evidence: list[ResultEvidence] = Field(default_factory=list)
    topic_entities: list[LinkedEntity] = Field(default_factory=list)
    triples: list[ClaimTriple] = Field(default_factory=list)
    counters: Counters = Field(default_factory=Counters)
    claim_iri: str | None = None
    error: str | None = None
    web_passages: list[Passage] = Field(default_factory=list)
    trajectory: Trajectory | None = None

    @field_serializer("trajectory")
    def _trajectory_json(
        self, t: Trajectory | None, info: SerializationInfo
    ) -> dict[str, Any] | None:
        # The claim is the result's own field; the trajectory does not repeat it.
        return None if t is None else t.model_dump(mode=info.mode, exclude={"claim"})

    @property
    def cited(self) -> list[ResultEvidence]:
        return [e for e in self.evidence if e.cited]

    def json_line(self) -> str:
        """The result as one line of JSON: what ``kgfc verify --nl`` prints for it.

        A result read with :meth:`from_line` gives back the line it was read
        from, until one of its fields is set.
        """
        kept = self.__dict__.get(_LINE)
        if kept is not None and kept[0] == id(self):  # not a copy's, which has an id of its own
            return str(kept[1])
        return json.dumps(self.model_dump(mode="json"), ensure_ascii=False)

    @classmethod
    def from_line(cls, line: str) -> VerifyResult:
        """The result a :meth:`json_line` was made from (the trajectory without its ``claim``)."""
        result = cls.model_validate_json(line)
        result.__dict__[_LINE] = (id(result), line)
        return result

    def __setattr__(self, name: str, value: Any) -> None:
        self.__dict__.pop(_LINE, None)  # the line read is not this result's any more
        super().__setattr__(name, value)

    def __getstate__(self) -> dict[Any, Any]:
        state = super().__getstate__()
        if _LINE in self.__dict__:  # another process's copy has an id of its own
            state["__dict__"] = {k: v for k, v in self.__dict__.items() if k != _LINE}
        return state


# where a result read from its JSON line keeps the line (not a field: models ignore it)
_LINE = "_kgfc_json_line"


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
    provenance: dict[str, Any] = Field(default_factory=dict)


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
    steps: list[dict[str, Any]] = Field(default_factory=list)  # trajectory summary
    counters: Counters = Field(default_factory=Counters)
