"""Structured fact-check reports (BioCheck format), citation checks and their views.

::

    result = checker.verify("Barack Obama was born in Honolulu.")   # a kgfc.FactChecker
    passages = result.web_passages                       # what the search tools really returned
    report = build_report(result, web_passages=passages, retrieved=retrieved_sources(result, passages))
    print(to_markdown(report))                           # or to_json / to_html

``build_report`` turns a verify result (and any web or PubMed passages) into
a :class:`~kgfc.models.Report`; ``apply_citation_check`` removes the
citations that were not retrieved in the episode or do not match their source
(ROUGE-L precision < 0.85) and fills ``citation_check`` (kept, removed, EHR)
and ``eqs``. The renderers are pure functions of the report.
"""

from kgfc.kg.trust import DEFAULT_TRUST_ORDER, normalise_trust_order, source_kind
from kgfc.report.build import build_report, find_conflicts, retrieved_sources
from kgfc.report.citations import (
    MIN_PRECISION,
    apply_citation_check,
    evidence_quality,
    quote_precision,
    validate_citations,
)
from kgfc.report.render import to_html, to_json, to_markdown

__all__ = [
    "DEFAULT_TRUST_ORDER",
    "MIN_PRECISION",
    "apply_citation_check",
    "build_report",
    "evidence_quality",
    "find_conflicts",
    "normalise_trust_order",
    "quote_precision",
    "retrieved_sources",
    "source_kind",
    "to_html",
    "to_json",
    "to_markdown",
    "validate_citations",
]
