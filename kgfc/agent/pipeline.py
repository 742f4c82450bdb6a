"""The verify pipeline: claim -> entities -> KG subgraph -> verdict -> stored claim.

One readable function per stage; the agent loop (web search, step policy)
builds on these pieces.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Sequence

from kgfc.errors import ConfigError, InputError, StoreError
from kgfc.kg import vocab as V
from kgfc.kg.beam import beam_search
from kgfc.kg.linking import EntityLinker
from kgfc.kg.verdicts import record_verdict
from kgfc.models import (
    ClaimAnalysis,
    ClaimTriple,
    Counters,
    EvidenceFact,
    LinkedEntity,
    Verdict,
    VerdictLabel,
    VerifyResult,
)
from kgfc.settings import Settings

log = logging.getLogger(__name__)

MAX_CLAIM_CHARS = 2_000
VALUE_LABELS = frozenset({"DATE", "TIME", "PERCENT", "MONEY", "QUANTITY", "ORDINAL", "CARDINAL"})
_MONTHS = (
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
)


def _looks_like_value(text: str) -> bool:
    """A date or number written as text (\"1961\", \"August 4, 1961\", \"4 Aug 1961\", \"3.5 million\")."""
    import re

    t = text.strip().lower()
    if re.fullmatch(r"[\d\s.,:/-]+(million|billion|thousand|%)?", t):
        return True
    return bool(re.search(r"\b\d{3,4}\b", t)) and any(m in t or m[:3] in t.split() for m in _MONTHS)


_CAP_SPAN = re.compile(r"(?:(?:[A-Z][\w'.-]*|of|de|van|von|the|and|&)\s+)*[A-Z][\w'.-]*")


def _widen(claim: str, mention: str) -> str | None:
    """The capitalised span of ``claim`` that contains ``mention``, when it is longer."""
    for m in _CAP_SPAN.finditer(claim):
        span = m.group(0).strip().rstrip(".,;:'")
        for lead in ("of ", "and ", "& "):  # a span cannot start with a connector
            if span.lower().startswith(lead):
                span = span[len(lead) :]
        if mention in span and span != mention:
            return span
    return None


def is_web_source(iri: str | None) -> bool:
    """Facts from web pages or PubMed: hypotheses, never as authoritative as the KG's own sources."""
    return bool(iri) and iri.startswith((V.KGFC_SOURCE + "web/", V.KGFC_SOURCE + "pubmed/"))


def check_claim_text(text: object) -> str:
    if not isinstance(text, str):
        raise InputError(f"A claim must be a string, got {type(text).__name__}.")
    text = text.strip()
    if not text:
        raise InputError(
            "The claim is empty.",
            hint="Give a sentence such as 'Barack Obama was born in Honolulu.'",
        )
    if len(text) > MAX_CLAIM_CHARS:
        raise InputError(
            f"The claim is {len(text):,} characters long; the limit is {MAX_CLAIM_CHARS:,}.",
            hint="Split long texts into single claims.",
        )
    if "\x00" in text:
        raise InputError("The claim contains NUL bytes.")
    return text


def make_reasoner(settings: Settings, store, name: str | None = None):
    """The LLM reasoner when an LLM is configured (or asked for), else the local one."""
    from kgfc.llm.client import make_llm

    name = name or settings.reasoner
    llm = make_llm(settings) if name in (None, "llm") else None
    if name == "llm" and llm is None:
        raise ConfigError(
            "No LLM configured.",
            hint="Set KGFC_LLM_BASE_URL and KGFC_LLM_MODEL (any OpenAI-compatible server) or use --reasoner local.",
        )
    if name not in (None, "llm", "local"):
        raise ConfigError(f"Unknown reasoner {name!r}.", hint="Use local or llm.")
    from kgfc.reason.calibration import Calibration
    from kgfc.reason.local import LocalReasoner

    cal = Calibration.load(settings.calibration) if settings.calibration else None
    local = LocalReasoner(store, strict=settings.strict, calibration=cal)
    if llm is not None:
        from kgfc.reason.llm_reasoner import LLMReasoner

        # The local reasoner stands in for any LLM step that fails (degrade, never lose evidence).
        return LLMReasoner(llm, fallback=local, top_k=settings.beam), llm
    return local, None


class Verifier:
    def __init__(
        self,
        store,
        settings: Settings,
        *,
        reasoner=None,
        llm=None,
        kg_source=None,
        record: bool = True,
    ):
        self.store = store
        self.settings = settings
        if reasoner is None:
            reasoner, llm = make_reasoner(settings, store)
        self.reasoner = reasoner
        self.llm = llm
        self.kg_source = kg_source
        self.record = record
        self._aligner = None

    # -- stages ------------------------------------------------------------
    def analyse(self, text: str, counters: Counters) -> ClaimAnalysis:
        from kgfc.nlp.claims import RelationAligner, decompose

        if self._aligner is None:
            self._aligner = RelationAligner(self.store)
        if self.llm is not None:
            from kgfc.reason.llm_reasoner import llm_decompose

            try:
                analysis = llm_decompose(self.llm, text, counters)
                for t in analysis.triples:
                    if not t.relation_ids:
                        t.relation_ids = [
                            a.property for a in self._aligner.align(t.relation) if not a.inverse
                        ][:3]
                if analysis.triples:
                    rules = decompose(text, self._aligner)
                    analysis.mentions = rules.mentions
                    return analysis
            except Exception as exc:  # recoverable: fall back to the rule-based decomposer
                log.warning("LLM decomposition failed (%s); using rules", exc)
        return decompose(text, self._aligner)

    def link(self, text: str, analysis: ClaimAnalysis) -> list[LinkedEntity]:
        # Dates and quantities are values, not entities ("August 4" must not link to "Scream 4").
        mentions = [m.text for m in analysis.mentions if m.label not in VALUE_LABELS]
        for t in analysis.triples:
            mentions += [x for x in (t.subject, t.object) if not _looks_like_value(x)]
        # spaCy often clips names ("Iain Glen" -> "Glen", "The Bronx" -> "Bronx"):
        # try the whole capitalised span around each mention as well.
        wide = {m: _widen(text, m) for m in mentions}
        mentions += [w for w in wide.values() if w]
        linker = EntityLinker(self.store, source=self._search_source(), ranker=self._rank_plain)
        linked = linker.link(text, mentions)
        by_mention = {e.mention: e for e in linked}

        def best(m: str) -> str | None:
            cands = [by_mention[x] for x in (wide.get(m), m) if x and x in by_mention]
            return max(cands, key=lambda e: e.score).entity if cands else None

        for t in analysis.triples:
            t.subject_id = t.subject_id or best(t.subject)
            t.object_id = t.object_id or best(t.object)
        # a clipped mention and its widened span may link to different entities: keep the better
        for m, w in wide.items():
            if w and m in by_mention and w in by_mention:
                loser = min(by_mention[m], by_mention[w], key=lambda e: e.score)
                linked = [e for e in linked if e is not loser]
        # one entity may be linked from several mentions: keep the best per entity
        best: dict[str, LinkedEntity] = {}
        for e in linked:
            if e.entity not in best:
                best[e.entity] = e
        return list(best.values())

    def _search_source(self):
        if (
            self.kg_source is not None
            and hasattr(self.kg_source, "search_entities")
            and not self.settings.offline
        ):
            return self.kg_source
        return None

    def _rank_plain(self, query: str, texts: Sequence[str]) -> list[float]:
        from kgfc.nlp.embed import rank_texts

        return rank_texts(query, list(texts))

    def neighbourhood_fn(self):
        """``(frontier, incoming) -> facts``: the store, or the online KG source (cache-first)."""
        if self.kg_source is not None:
            return lambda frontier, incoming: self.kg_source.neighbourhood(frontier)
        return self.store.neighbourhood

    def retrieve(
        self,
        text: str,
        seeds: Sequence[str],
        triples: Sequence[ClaimTriple],
        counters: Counters,
        *,
        beam: int,
        hops: int,
    ):
        neighbourhood = self.neighbourhood_fn()
        return beam_search(
            text,
            seeds,
            neighbourhood=neighbourhood,
            # The LLM ranks whole facts (one call per hop); the local reasoner's
            # embeddings score relation and far end separately (see beam.py).
            rank_facts=None if self.reasoner.name == "local" else self.reasoner.rank,
            rank_relations=self._rank_plain,
            counters=counters,
            triples=triples,
            beam=beam,
            hops=hops,
        )

    # -- whole claims --------------------------------------------------------
    def verify(
        self, claim_id: str, text: str, *, beam: int | None = None, hops: int | None = None
    ) -> VerifyResult:
        text = check_claim_text(text)
        start = time.perf_counter()
        q0 = self._queries()
        counters = Counters()
        analysis = self.analyse(text, counters)
        linked = self.link(text, analysis)
        seeds = [e.entity for e in linked]
        result = self.retrieve(
            text,
            seeds,
            analysis.triples,
            counters,
            beam=beam or self.settings.beam,
            hops=hops or self.settings.hops,
        )
        verdict = self._decide(text, analysis.triples, result.evidence, counters, seeds)
        return self._finish(
            claim_id, text, verdict, result.evidence, linked, analysis.triples, counters, start, q0
        )

    def verify_triple(self, claim_id: str, s: str, p: str, o: str) -> VerifyResult:
        """Verify a structured (QID, PID, QID-or-value) triple without any NLP."""
        from kgfc.reason.triple_check import gather_triple_evidence

        try:
            s_iri = V.entity_iri(s)
            p_iri = V.property_iri(p)
        except ValueError:
            raise InputError(f"Bad triple {s} {p} {o}: expected ids like Q76 P19 Q18094.") from None
        try:
            o_iri: str | None = V.entity_iri(o)
        except ValueError:
            o_iri = None  # a literal value such as 1961-08-04
        start = time.perf_counter()
        q0 = self._queries()
        counters = Counters()
        triple = ClaimTriple(
            subject=self._label(s_iri),
            relation=self._label(V.WD + V.local_id(p_iri)),
            object=self._label(o_iri) if o_iri else o,
            subject_id=s_iri,
            relation_ids=[p_iri],
            object_id=o_iri,
        )
        text = f"{triple.subject} {triple.relation} {triple.object}"
        evidence = gather_triple_evidence(self.store, s_iri, p_iri, o_iri)
        verdict = self._decide(
            text, [triple], evidence, counters, [s_iri] + ([o_iri] if o_iri else [])
        )
        linked = [LinkedEntity(mention=s, entity=s_iri, label=triple.subject, score=1.0)]
        return self._finish(
            claim_id, text, verdict, evidence, linked, [triple], counters, start, q0
        )

    def _label(self, iri: str) -> str:
        return self.store.label_index().label(iri) or V.local_id(iri)

    def _decide(self, text, triples, evidence: list[EvidenceFact], counters, seeds) -> Verdict:
        if not seeds and not evidence:
            return Verdict(
                label=VerdictLabel.NEI,
                confidence=0.5,
                justification="No entity of the claim could be found in the knowledge graph, so there is no evidence to check it against.",
            )
        return self.reasoner.verdict(text, triples, evidence, counters)

    def _queries(self) -> int:
        n = self.store.sparql_queries
        if self.kg_source is not None:
            n += getattr(self.kg_source, "sparql_queries", 0)
        return n

    def _finish(
        self,
        claim_id,
        text,
        verdict: Verdict,
        evidence,
        linked,
        triples,
        counters: Counters,
        start,
        q0,
    ) -> VerifyResult:
        valid = {e.id for e in evidence}
        cited = [c for c in verdict.cited if c in valid]  # never show an unverifiable citation
        verdict = verdict.model_copy(update={"cited": cited})
        claim_node = None
        if self.record and not self.store.can_record:
            raise StoreError(
                "Cannot record the verdict: the store is read-only and keeps no journal.",
                hint="Re-run with --no-record, or when the writer has finished.",
            )
        if self.record:
            claim_node = record_verdict(
                self.store,
                claim_id,
                text,
                verdict,
                evidence,
                verdict.reasoner or self.reasoner.name,
            )
        counters.sparql_queries += self._queries() - q0
        counters.seconds = round(time.perf_counter() - start, 4)
        return VerifyResult(
            id=claim_id,
            claim=text,
            verdict=verdict.label,
            confidence=round(verdict.confidence, 4),
            justification=verdict.justification,
            reasoner=verdict.reasoner or self.reasoner.name,
            evidence=[evidence_json(e, e.id in set(cited)) for e in evidence],
            topic_entities=linked,
            triples=list(triples),
            counters=counters,
            claim_iri=claim_node,
        )


def evidence_json(e: EvidenceFact, cited: bool) -> dict:
    f = e.fact
    return {
        "id": e.id,
        "text": e.text,
        "subject": f.subject,
        "predicate": f.predicate,
        "object": f.object,
        "object_is_literal": f.object_is_literal,
        "subject_label": f.subject_label,
        "predicate_label": f.predicate_label,
        "object_label": f.object_label,
        "source": f.source,
        "score": e.score,
        "hop": e.hop,
        "cited": cited,
    }
