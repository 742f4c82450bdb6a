"""What a claim's way needs, in one place: the store, the reasoner, the LLM, search tools.

A :class:`Toolbox` is built once (by :class:`kgfc.pipeline.api.FactChecker`) and
handed to the stages and policies; they read from it and never wire its parts
into each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kgfc.errors import ConfigError
from kgfc.llm.client import make_llm
from kgfc.nlp.claims import RelationAligner  # spaCy itself loads only when a claim is parsed
from kgfc.nlp.embed import rank_texts  # onnxruntime itself loads only when texts are ranked
from kgfc.reason.base import Reasoner
from kgfc.reason.calibration import Calibration
from kgfc.reason.llm_reasoner import LLMReasoner
from kgfc.reason.local import LocalReasoner
from kgfc.settings import Settings

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.kg.wikidata import WikidataSource
    from kgfc.llm.contract import LLM
    from kgfc.pipeline.web import SearchTool
    from kgfc.reading import ClaimReader


@dataclass
class Toolbox:
    store: KnowledgeGraph
    settings: Settings
    reasoner: Reasoner
    llm: LLM | None = None  # when one is configured
    # an online KG source (cache-first neighbourhoods; its queries are counted), optional
    kg_source: WikidataSource | None = None
    web: SearchTool | None = None  # search for the web, optional
    pubmed: SearchTool | None = None  # the same over PubMed, optional
    _local: Reasoner | None = field(default=None, repr=False)
    _aligner: RelationAligner | None = field(default=None, repr=False)
    _reader: ClaimReader | None = field(default=None, repr=False)
    _strict: Reasoner | None = field(default=None, repr=False)

    def local(self) -> Reasoner:
        """The local reasoner: the sufficiency check, and the stand-in when the LLM fails."""
        if self.reasoner.name == "local":
            return self.reasoner
        if self._local is None:
            # under an LLM reasoner: stated or entailed facts only, so that a rule
            # prediction never stops the search early
            self._local = LocalReasoner(
                self.store, strict=True, trust_order=self.settings.trust_order
            )
        return self._local

    def strict_local(self) -> Reasoner:
        """The local reasoner that supports a claim only by stated or entailed facts.

        For a claim read by the entity-anchored fallback (kgfc.nlp.anchored): a guessed
        reading and a predicted fact are two guesses, one too many to call it SUPPORTED.
        A mined rule's conclusion is a prediction too, so this reasoner uses no mined
        rules — stated facts and chains only (and it never waits for rules to be mined:
        on a store without shipped or cached rules that takes ~30 s at CoDEx-M size,
        which the first claim of a batch so read used to pay).
        """
        local = self.local()
        if getattr(local, "strict", True):
            return local
        if self._strict is None:
            self._strict = LocalReasoner(
                self.store,
                strict=True,
                use_rules=False,
                trust_order=getattr(local, "trust_order", None),
            )
        return self._strict

    def is_local(self, reasoner: Reasoner) -> bool:
        """Is ``reasoner`` one of the toolbox's (deterministic) local reasoners?"""
        return reasoner is self.local() or (self._strict is not None and reasoner is self._strict)

    def aligner(self) -> RelationAligner:
        if self._aligner is None:
            self._aligner = RelationAligner(self.store)
        return self._aligner

    def reader(self) -> ClaimReader:
        """The lexicon-driven claim reader of this store (:class:`kgfc.reading.ClaimReader`)."""
        if self._reader is None:
            from kgfc.reading import ClaimReader

            self._reader = ClaimReader(self.store, aligner=self.aligner)
        return self._reader

    def search_tool(self, kind: str) -> SearchTool | None:
        return self.web if kind == "web" else self.pubmed

    def rank_plain(self, query: str, texts: Sequence[str]) -> list[float]:
        return rank_texts(query, list(texts))


def make_reasoner(
    settings: Settings, store: KnowledgeGraph, name: str | None = None, llm: LLM | None = None
) -> tuple[Reasoner, LLM | None]:
    """``(reasoner, llm)``: the LLM reasoner when an LLM is configured (or asked for), else the local one."""
    name = name or settings.reasoner
    if name not in (None, "llm", "local"):
        raise ConfigError(f"Unknown reasoner {name!r}.", hint="Use local or llm.")
    if llm is None and name in (None, "llm"):
        llm = make_llm(settings)
    if name == "llm" and llm is None:
        raise ConfigError(
            "No LLM configured.",
            hint="Set KGFC_LLM_BASE_URL and KGFC_LLM_MODEL (any OpenAI-compatible server) or use --reasoner local.",
        )
    if name != "local" and llm is not None:
        # The local reasoner stands in for any LLM step that fails (degrade, never lose evidence).
        fallback = local_reasoner(settings, store)
        return LLMReasoner(llm, fallback=fallback, top_k=settings.beam), llm
    return local_reasoner(settings, store), (None if name == "local" else llm)


def local_reasoner(settings: Settings, store: KnowledgeGraph) -> LocalReasoner:
    """The local reasoner as configured: strict mode and the per-relation calibration file."""
    cal = Calibration.load(settings.calibration) if settings.calibration else None
    return LocalReasoner(
        store, strict=settings.strict, calibration=cal, trust_order=settings.trust_order
    )
