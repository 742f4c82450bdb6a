"""Citation validation (BioCheck): every citation in a report is checked before it is shown.

A citation is one piece of :class:`~kgfc.models.ReportEvidence` in a report's
supporting or refuting evidence. It passes when

1. its ``source_id`` is a key of ``retrieved``: the sources the tools
   actually returned in this episode (reason ``not_retrieved`` otherwise);
   a citation whose source id is empty or is its evidence id (``E3``) is
   looked up by that evidence id, and
2. its quoted ``sentence`` matches that source's text with a ROUGE-L
   precision of at least :data:`MIN_PRECISION` (reason ``misquoted``
   otherwise). Sources are long, so the quote is scored against each
   sentence window of the source (1-3 consecutive sentences, or
   overlapping token windows inside one very long sentence) and the best
   window counts: against a whole page, a made-up quote of common words
   would find its tokens scattered somewhere and score high.

Failing citations are removed from the report and counted: the evidence
hallucination rate is ``EHR = removed / (kept + removed)`` (0 when nothing
was cited). The evidence quality score ``EQS`` is the mean confidence of the
kept evidence that agrees with the conclusion (supporting evidence for
SUPPORTED, refuting for REFUTED); it is ``None`` for NOT ENOUGH INFO or
when no such evidence is left.

ROUGE-L comes from Google's ``rouge-score`` package. Importing it pulls in
nltk, which takes seconds, so it is imported only for quotes that are not
verbatim: a quote whose tokens appear in order in a window has an LCS equal
to its length, hence precision exactly 1.0, and needs no scorer.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING

from kgfc.errors import ConfigError
from kgfc.models import (
    CitationCheck,
    CitationProblem,
    Report,
    ReportEvidence,
    VerdictLabel,
)
from kgfc.nlp.text import split_sentences, words

if TYPE_CHECKING:
    from rouge_score.rouge_scorer import RougeScorer

MIN_PRECISION = 0.85
MAX_WINDOW_SENTENCES = 3
# A sentence window longer than this many quote lengths is cut into token windows.
LONG_WINDOW_FACTOR = 3
MIN_LONG_WINDOW = 60
# Windows are scored best bag-of-words overlap first; past this many the rest cannot matter much.
MAX_SCORED_WINDOWS = 50


def tokens(text: str) -> list[str]:
    """Lower-cased word tokens, Unicode-aware.

    rouge-score's default tokenizer keeps only ``[a-z0-9]``, which turns
    "Zürich" into two tokens and a Greek or Chinese quote into nothing.
    """
    return words(text)


class _Tokenizer:
    """The object rouge-score's ``RougeScorer(tokenizer=...)`` expects."""

    def tokenize(self, text: str) -> list[str]:
        return tokens(text)


@cache
def _scorer() -> RougeScorer:
    try:
        from rouge_score import rouge_scorer
    except ImportError:
        raise ConfigError(
            "Citation checking needs the rouge-score package.",
            hint="Install it with `pip install rouge-score` (it is a kgfc dependency).",
        ) from None
    return rouge_scorer.RougeScorer(["rougeL"], tokenizer=_Tokenizer())


def _windows(source: str, quote_len: int) -> Iterable[list[str]]:
    sentences = [t for t in (tokens(s) for s in split_sentences(source)) if t]
    longest = max(MIN_LONG_WINDOW, LONG_WINDOW_FACTOR * quote_len)
    size, stride = 2 * quote_len, max(1, quote_len // 2)
    for i in range(len(sentences)):
        window: list[str] = []
        for j in range(i, min(i + MAX_WINDOW_SENTENCES, len(sentences))):
            window = window + sentences[j]
            if len(window) <= longest:
                yield window
            elif j == i:  # one very long "sentence" (no punctuation): slide over it
                for start in range(0, max(1, len(window) - size + stride), stride):
                    yield window[start : start + size]
                break
            else:
                break


def _is_subsequence(needle: Sequence[str], hay: Sequence[str]) -> bool:
    it = iter(hay)
    return all(tok in it for tok in needle)


def quote_precision(quote: str, source: str) -> float:
    """ROUGE-L precision of ``quote`` against the best-matching window of ``source`` (0..1)."""
    q = tokens(quote)
    if not q:
        return 0.0
    q_counts = Counter(q)
    best = 0.0
    candidates = []
    for window in _windows(source, len(q)):
        if _is_subsequence(q, window):
            return 1.0
        # The bag-of-words overlap bounds the LCS from above: score the best bounds first
        # and stop when no bound left can beat the best score.
        candidates.append((sum((q_counts & Counter(window)).values()) / len(q), window))
    candidates.sort(key=lambda c: -c[0])
    for bound, window in candidates[:MAX_SCORED_WINDOWS]:
        if bound <= best:
            break
        score = _scorer().score(" ".join(window), " ".join(q))["rougeL"].precision
        best = max(best, score)
    return best


def _source_text(value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, Iterable):
        return "\n".join(str(v) for v in value)
    return str(value)


def _evidence_of(report_or_parts: Report | Iterable[ReportEvidence]) -> list[ReportEvidence]:
    if isinstance(report_or_parts, Report):
        return [*report_or_parts.supporting_evidence, *report_or_parts.refuting_evidence]
    return list(report_or_parts)


def check_citation(ev: ReportEvidence, retrieved: Mapping[str, object]) -> CitationProblem | None:
    """None when the citation holds, else what is wrong with it."""
    # The evidence id stands in only for a citation that names no other source: a
    # made-up URL must not pass because its evidence id happens to be a known one.
    key = ev.source_id if ev.source_id else ev.evidence_id
    if key not in retrieved:
        return CitationProblem(
            evidence_id=ev.evidence_id, source_id=ev.source_id, reason="not_retrieved"
        )
    score = quote_precision(ev.sentence, _source_text(retrieved[key]))
    if score < MIN_PRECISION:
        return CitationProblem(
            evidence_id=ev.evidence_id,
            source_id=ev.source_id,
            reason="misquoted",
            score=round(score, 4),
        )
    return None


def _check_all(
    report_or_parts: Report | Iterable[ReportEvidence], retrieved: Mapping[str, object]
) -> tuple[list[ReportEvidence], CitationCheck]:
    """The evidence that fails (the objects themselves) and the counts."""
    evidence = _evidence_of(report_or_parts)
    failed, problems = [], []
    for ev in evidence:
        if problem := check_citation(ev, retrieved):
            failed.append(ev)
            problems.append(problem)
    total, removed = len(evidence), len(problems)
    check = CitationCheck(
        kept=total - removed,
        removed=removed,
        ehr=round(removed / total, 4) if total else 0.0,
        problems=problems,
    )
    return failed, check


def validate_citations(
    report_or_parts: Report | Iterable[ReportEvidence], retrieved: Mapping[str, object]
) -> CitationCheck:
    """Check every citation of a report (or of a list of evidence) against what was retrieved.

    ``retrieved`` maps a source id (URL, ``PMID:n``, Wikidata statement IRI,
    graph IRI) or an evidence id (``E1``, for citations that give no other
    source id) to that source's text (a string, or a list of strings joined
    as separate lines). Build it from what the tools returned in this
    episode, never from the report itself;
    :func:`kgfc.report.build.retrieved_sources` does that for a verify result.
    """
    return _check_all(report_or_parts, retrieved)[1]


def evidence_quality(report: Report) -> float | None:
    """EQS: mean confidence of the evidence that agrees with the conclusion."""
    if report.conclusion == VerdictLabel.SUPPORTED:
        agreeing = report.supporting_evidence
    elif report.conclusion == VerdictLabel.REFUTED:
        agreeing = report.refuting_evidence
    else:
        return None
    if not agreeing:
        return None
    return round(sum(e.confidence for e in agreeing) / len(agreeing), 4)


def apply_citation_check(
    report: Report,
    retrieved: Mapping[str, object],
    *,
    trust_order: Sequence[str] | str | None = None,
) -> Report:
    """A copy of ``report`` without the citations that fail, with ``citation_check`` and ``eqs`` set.

    What rested on a removed citation goes with it: its reasons in the
    summary, its edge in the evidence graph (and nodes left without edges),
    and the source conflicts, which are recomputed from the evidence that is
    left (with ``trust_order``, default Wikidata > loaded file > PubMed > web). The
    consensus line is recomputed too; its scope check is kept.
    """
    from kgfc.report import build

    removed, check = _check_all(report, retrieved)
    if not removed:
        return report.model_copy(
            update={"citation_check": check, "eqs": evidence_quality(report)}, deep=True
        )
    # By identity, not by id: a made-up citation may reuse the id of a good one.
    gone = {id(e) for e in removed}
    supporting = [e for e in report.supporting_evidence if id(e) not in gone]
    refuting = [e for e in report.refuting_evidence if id(e) not in gone]
    bad = {e.evidence_id for e in removed} - {e.evidence_id for e in supporting + refuting}

    def still_valid(reason: str) -> bool:
        return not any(
            (e.evidence_id in bad and re.search(rf"\b{re.escape(e.evidence_id)}\b", reason))
            or (e.sentence and e.sentence in reason)
            for e in removed
        )

    summary = report.summary.model_copy(
        update={
            "reasons_to_support": [r for r in report.summary.reasons_to_support if still_valid(r)],
            "reasons_to_refute": [r for r in report.summary.reasons_to_refute if still_valid(r)],
            "consensus": build.consensus_text(
                supporting + refuting, build.scope_part(report.summary.consensus)
            ),
        }
    )
    edges = [e for e in report.edges if e.evidence_id not in bad]
    had_edges = {n for e in report.edges for n in (e.source, e.target)}
    has_edges = {n for e in edges for n in (e.source, e.target)}
    nodes = [n for n in report.nodes if n.id in has_edges or n.id not in had_edges]
    cleaned = report.model_copy(
        update={
            "supporting_evidence": supporting,
            "refuting_evidence": refuting,
            "summary": summary,
            "edges": edges,
            "nodes": nodes,
            "conflicts": build.find_conflicts(
                supporting + refuting, report.conclusion, trust_order
            ),
            "citation_check": check,
        },
        deep=True,
    )
    cleaned.eqs = evidence_quality(cleaned)
    return cleaned
