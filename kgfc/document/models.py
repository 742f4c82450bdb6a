"""The checked document as data: sentences, claims, verdicts and a summary (the ``--format json`` contract).

Every span is a pair of character offsets ``[start, end)`` into
:attr:`DocumentReport.text`, the document's plain text (for HTML and
Markdown, the text extracted from it), so a viewer can highlight it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from kgfc.models import Counters, ResultEvidence, VerdictLabel

# why a sentence was not checked; "not_checkable" is what the KG cannot decide
SkipKind = Literal[
    "opinion", "question", "prediction", "quote", "speculation", "not_checkable", "heading"
]
SentenceStatus = Literal["checked", "skipped", "not_checkable"]
# the order problems are listed in: the worst first
VERDICT_ORDER = (VerdictLabel.REFUTED, VerdictLabel.NEI, VerdictLabel.SUPPORTED)


# how a reference names its entity: "he", "Obama", "the president"
ReferenceKind = Literal["pronoun", "short_name", "description"]


class Reference(BaseModel):
    """A pronoun, short name or description that stands for an entity named earlier."""

    text: str = Field(description="the words in the document: 'He', 'Rota', 'The composer'")
    start: int
    end: int
    name: str = Field(description="the name it was read as: 'Nino Rota'")
    entity: str | None = Field(None, description="the KG entity of that name, when one has it")
    kind: ReferenceKind = "pronoun"


class DocumentClaim(BaseModel):
    """One claim read from a sentence, as it was checked, with its verdict."""

    id: str = Field(description="the document id, the sentence and the claim: d-1a2b3c4d5e-s3c1")
    sentence: int = Field(description="index of its sentence in DocumentReport.sentences")
    text: str = Field(description="the claim as checked: references resolved, framing removed")
    start: int
    end: int
    checkable: bool = Field(
        True, description="False when the KG turned out not to cover it (no verdict counted)"
    )
    verdict: VerdictLabel | None = None
    confidence: float = 0.0
    justification: str = ""
    evidence: list[ResultEvidence] = Field(
        default_factory=list, description="the facts the verdict cites"
    )
    evidence_ids: list[str] = Field(default_factory=list, description="cited evidence ids (E1...)")
    claim_iri: str | None = Field(None, description="the claim's record in the KG, if recorded")
    error: str | None = None


class DocumentSentence(BaseModel):
    index: int
    start: int
    end: int
    text: str
    paragraph: int = 0
    resolved: str = Field(description="the sentence with its references resolved")
    references: list[Reference] = Field(default_factory=list)
    status: SentenceStatus
    skip: SkipKind | None = Field(None, description="why it was not checked")
    reason: str = Field("", description="the reason, in words")
    claims: list[str] = Field(default_factory=list, description="ids of its claims")


class DocumentSummary(BaseModel):
    sentences: int
    check_worthy: int = Field(description="sentences with at least one checkable claim")
    claims: int = Field(description="checkable claims, each with a verdict")
    verdicts: dict[str, int] = Field(
        default_factory=dict, description="checkable claims by verdict, the worst first"
    )
    not_checkable: int = Field(description="sentences the KG does not cover")
    skipped: dict[str, int] = Field(
        default_factory=dict, description="sentences not checked, by why (opinion, question...)"
    )
    worst: list[str] = Field(
        default_factory=list,
        description="claim ids, the worst first: refuted (surest first), then undecided, then supported",
    )
    overall: VerdictLabel | None = Field(
        None,
        description="REFUTED if any claim is, SUPPORTED if every claim is, else NOT ENOUGH INFO",
    )


class DocumentReport(BaseModel):
    """A checked document: its text, sentences, claims with verdicts, and the summary."""

    id: str = Field(description="d- and a hash of the text: the same text gets the same id")
    title: str | None = None
    source: str | None = Field(None, description="the URL or file it came from")
    format: Literal["text", "markdown", "html"] = "text"
    language: str = "en"
    reasoner: str = ""
    text: str
    sentences: list[DocumentSentence] = Field(default_factory=list)
    claims: list[DocumentClaim] = Field(default_factory=list)
    summary: DocumentSummary
    counters: Counters = Field(default_factory=Counters)
    recorded: bool = Field(False, description="whether the claims were recorded in the KG")

    def claim(self, claim_id: str) -> DocumentClaim:
        for c in self.claims:
            if c.id == claim_id:
                return c
        raise KeyError(claim_id)
