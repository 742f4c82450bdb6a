"""kgfc's domain models. Backends take and return these, never vendor objects."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


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
        from kgfc.kg.vocab import local_id

        s = self.subject_label or local_id(self.subject)
        p = self.predicate_label or local_id(self.predicate)
        o = self.object if self.object_is_literal else (self.object_label or local_id(self.object))
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
