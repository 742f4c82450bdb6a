"""Views of a :class:`~kgfc.models.Report`: JSON, Markdown and one self-contained HTML page.

Claims, web text and LLM output are untrusted: every string goes through
``html.escape`` (HTML), HTML entities for ``<``, ``>``, ``&`` plus backslash escapes
for the rest of Markdown's markup (Markdown), or ``json.dumps`` with
``<``, ``>`` and ``&`` escaped (the JSON block inside the HTML page, so a
``</script>`` in a claim cannot end it). The HTML page also carries a
Content-Security-Policy that allows only its own inline style and script (by
hash) and no network fetch at all.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from html import escape
from importlib import resources
from typing import Any

from kgfc.kg.trust import KIND_NAMES
from kgfc.models import Report, ReportEvidence, VerdictLabel

KIND_COLOURS = {
    "wikidata": "#3366cc",
    "demo": "#2a9d8f",
    "file": "#8e44ad",
    "kg": "#5d6d7e",
    "pubmed": "#c0392b",
    "web": "#e67e22",
}
_EXTRA_COLOURS = ("#b7950b", "#16a085", "#d35400", "#7f8c8d", "#6c3483", "#1e8449")
_PMID = re.compile(r"^PMID:?\s*(\d{1,9})$", re.I)
_HTTP = re.compile(r"^https?://[^\s<>\"'`]+$", re.I)
_MD_SPECIAL = re.compile(r"([\\`*_\[\]|~])")
# Entities, not backslashes, for the characters that make raw HTML: CommonMark
# reads ``\<`` as an escape, but Python-Markdown (MkDocs) and others pass
# ``\<script>`` through as a tag. ``&lt;`` is text in every Markdown flavour.
_MD_ENTITIES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_MD_LINE_START = "#>+=-"
_MD_ORDERED = re.compile(r"\d+(?=[.)])")


def to_json(report: Report, *, indent: int | None = 2) -> str:
    """The report as JSON (the pydantic model's fields: a public contract)."""
    return json.dumps(report.model_dump(mode="json"), indent=indent, ensure_ascii=False)


def source_url(source_id: str) -> str | None:
    """A link for a source id: http(s) URLs as they are, ``PMID:n`` to PubMed; None otherwise."""
    if m := _PMID.match(source_id.strip()):
        return f"https://pubmed.ncbi.nlm.nih.gov/{m.group(1)}/"
    return source_id if _HTTP.match(source_id) else None


def kind_colours(report: Report) -> dict[str, str]:
    kinds = [e.kind for e in report.edges] + [e.source_kind for e in _all_evidence(report)]
    out: dict[str, str] = {}
    extra = iter(_EXTRA_COLOURS * 10)
    for k in kinds:
        if k not in out:
            out[k] = KIND_COLOURS.get(k) or next(extra)
    return out


def _all_evidence(report: Report) -> list[ReportEvidence]:
    return [*report.supporting_evidence, *report.refuting_evidence]


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.2f}"


def _cost(report: Report) -> str:
    c = report.counters
    return (
        f"{c.llm_calls} LLM calls, {c.prompt_tokens}+{c.completion_tokens} tokens, "
        f"{c.sparql_queries} SPARQL queries, {c.search_calls} searches, {c.pages_fetched} pages, {c.seconds:.2f}s"
    )


def _reason_text(p: Any) -> str:
    if p.reason == "not_retrieved":
        return "not retrieved in this episode"
    return f"misquoted (ROUGE-L precision {_pct(p.score)} < 0.85)"


def _step_text(step: dict[str, Any]) -> str:
    action = str(step.get("action") or step.get("name") or "step")
    rest = (
        step.get("summary")
        or step.get("observation")
        or step.get("arguments")
        or step.get("args")
        or ""
    )
    if not isinstance(rest, str):
        rest = json.dumps(rest, ensure_ascii=False)
    return f"{action}: {rest}" if rest else action


# -- Markdown ---------------------------------------------------------------------


def _md(text: object) -> str:
    """One line of Markdown-inert text: every punctuation mark that could start markup is escaped."""
    text = _MD_SPECIAL.sub(r"\\\1", " ".join(str(text).split())).translate(_MD_ENTITIES)
    # Block markup (headings, quotes, lists) only starts a line: escape it there.
    if m := _MD_ORDERED.match(text):
        return f"{m.group()}\\{text[m.end() :]}"
    return "\\" + text if text and text[0] in _MD_LINE_START else text


def _md_source(source_id: str) -> str:
    url = source_url(source_id)
    if url and url == source_id:
        return f"<{url}>"
    return f"{_md(source_id)} (<{url}>)" if url else _md(source_id)


def _md_evidence(items: list[ReportEvidence]) -> list[str]:
    if not items:
        return ["_None._", ""]
    lines = []
    for e in items:
        lines.append(f"- **{_md(e.evidence_id)}** “{_md(e.sentence)}”  ")
        lines.append(
            f"  source: {_md_source(e.source_id)} · {_md(KIND_NAMES.get(e.source_kind, e.source_kind))}"
            f" · confidence {e.confidence:.2f}" + ("  " if e.context else "")
        )
        if e.context:
            lines.append(f"  context: {_md(e.context)}")
    return [*lines, ""]


def _md_list(items: list[str], empty: str = "_None._") -> list[str]:
    return [*(f"- {_md(x)}" for x in items), ""] if items else [empty, ""]


def to_markdown(report: Report) -> str:
    s, cc = report.summary, report.citation_check
    out = [
        "# Fact-check report",
        "",
        f"**Claim** ({_md(report.claim_id)}): {_md(report.claim)}",
        "",
        "## Conclusion",
        "",
        f"**{report.conclusion.value}** (confidence {report.confidence:.2f}"
        + (f", reasoner {_md(report.reasoner)}" if report.reasoner else "")
        + ")",
        "",
        "## Supporting evidence",
        "",
        *_md_evidence(report.supporting_evidence),
        "## Refuting evidence",
        "",
        *_md_evidence(report.refuting_evidence),
        "## Summary",
        "",
        "### Reasons to support",
        "",
        *_md_list(s.reasons_to_support),
        "### Reasons to refute",
        "",
        *_md_list(s.reasons_to_refute),
        "### Consensus / scope check",
        "",
        _md(s.consensus) or "_None._",
        "",
        "### Final justification",
        "",
        _md(s.final_justification) or "_None._",
        "",
        "## Source conflicts",
        "",
    ]
    if report.conflicts:
        for c in report.conflicts:
            out.append(f"- {_md(c.description)}  ")
            out.append(f"  **Resolution:** {_md(c.resolution)}")
        out.append("")
    else:
        out += ["None: no two kinds of source contradict each other.", ""]
    out += [
        "## Citation check",
        "",
        f"Citations kept: {cc.kept}, removed: {cc.removed}; evidence hallucination rate (EHR) {cc.ehr:.2f}; "
        f"evidence quality score (EQS) {_pct(report.eqs)}.",
        "",
    ]
    for p in cc.problems:
        out.append(
            f"- removed {_md(p.evidence_id)} ({_md_source(p.source_id)}): {_md(_reason_text(p))}"
        )
    if cc.problems:
        out.append("")
    if report.edges:
        out += ["## Facts looked at", ""]
        for e in report.edges:
            prov = e.provenance
            out.append(
                f"- {_md(e.evidence_id)}: {_md(prov.get('sentence') or e.label)} "
                f"({_md(KIND_NAMES.get(e.kind, e.kind))}, hop {_md(prov.get('hop', ''))}"
                + (", cited" if prov.get("cited") else "")
                + ")"
            )
        out.append("")
    if report.steps:
        out += ["## Trajectory", ""]
        out += [f"{i}. {_md(_step_text(st))}" for i, st in enumerate(report.steps, 1)]
        out.append("")
    out += ["## Cost", "", _md(_cost(report)), ""]
    return "\n".join(out)


# -- HTML ---------------------------------------------------------------------------


def _h(text: object) -> str:
    return escape(str(text), quote=True)


def _h_source(source_id: str) -> str:
    url = source_url(source_id)
    if url is None:
        return f"<code>{_h(source_id)}</code>"
    return f'<a href="{_h(url)}" rel="noopener noreferrer">{_h(source_id)}</a>'


def _h_evidence(title: str, items: list[ReportEvidence], css: str, colours: dict[str, str]) -> str:
    rows = []
    for e in items:
        rows.append(
            f'<li class="evidence {css}" data-evidence="{_h(e.evidence_id)}" tabindex="0">'
            f'<span class="eid">{_h(e.evidence_id)}</span> <q>{_h(e.sentence)}</q>'
            f'<div class="meta">{_swatch(colours.get(e.source_kind, "#777"))}{_h(KIND_NAMES.get(e.source_kind, e.source_kind))}'
            f" · confidence {e.confidence:.2f} · {_h_source(e.source_id)}</div>"
            + (f'<div class="context">{_h(e.context)}</div>' if e.context else "")
            + "</li>"
        )
    body = f"<ul>{''.join(rows)}</ul>" if rows else '<p class="none">None.</p>'
    return f"<section><h2>{_h(title)}</h2>{body}</section>"


def _swatch(colour: str) -> str:
    # A fill attribute, not a style attribute: the page's CSP allows no inline styles.
    return f'<svg class="swatch" width="12" height="12" aria-hidden="true"><rect width="12" height="12" rx="2" fill="{_h(colour)}"/></svg>'


def _h_list(items: list[str]) -> str:
    return (
        "<ul>" + "".join(f"<li>{_h(x)}</li>" for x in items) + "</ul>"
        if items
        else '<p class="none">None.</p>'
    )


def _json_for_script(data: Any) -> str:
    text = json.dumps(data, ensure_ascii=False)
    for ch, esc in (
        ("<", "\\u003c"),
        (">", "\\u003e"),
        ("&", "\\u0026"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
    ):
        text = text.replace(ch, esc)
    return text


def _csp_hash(text: str) -> str:
    return (
        "'sha256-"
        + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
        + "'"
    )


def _report_html(report: Report, colours: dict[str, str]) -> str:
    """The report's sections (conclusion, evidence, summary, conflicts, citations, steps, cost)."""
    s, cc = report.summary, report.citation_check
    verdict_css = {VerdictLabel.SUPPORTED: "supported", VerdictLabel.REFUTED: "refuted"}.get(
        report.conclusion, "nei"
    )
    conflicts = "".join(
        f'<li><p>{_h(c.description)}</p><p class="resolution"><b>Resolution:</b> {_h(c.resolution)}</p>'
        f'<p class="meta">{" · ".join(_h_source(x) for x in c.sources)}</p></li>'
        for c in report.conflicts
    )
    problems = "".join(
        f"<li>removed <b>{_h(p.evidence_id)}</b> ({_h_source(p.source_id)}): {_h(_reason_text(p))}</li>"
        for p in cc.problems
    )
    steps = "".join(f"<li>{_h(_step_text(st))}</li>" for st in report.steps)
    return f"""
<section class="conclusion {verdict_css}"><h2>Conclusion</h2>
<p><span class="verdict">{_h(report.conclusion.value)}</span> confidence {report.confidence:.2f}{" · reasoner " + _h(report.reasoner) if report.reasoner else ""}</p>
<p>{_h(s.final_justification)}</p></section>
{_h_evidence("Supporting evidence", report.supporting_evidence, "supports", colours)}
{_h_evidence("Refuting evidence", report.refuting_evidence, "refutes", colours)}
<section><h2>Summary</h2>
<h3>Reasons to support</h3>{_h_list(s.reasons_to_support)}
<h3>Reasons to refute</h3>{_h_list(s.reasons_to_refute)}
<h3>Consensus / scope check</h3><p>{_h(s.consensus) or "None."}</p>
<h3>Final justification</h3><p>{_h(s.final_justification) or "None."}</p></section>
<section><h2>Source conflicts</h2>{f'<ul class="conflicts">{conflicts}</ul>' if conflicts else '<p class="none">None: no two kinds of source contradict each other.</p>'}</section>
<section class="citations"><h2>Citation check</h2>
<p>Citations kept: <b>{cc.kept}</b>, removed: <b>{cc.removed}</b> · evidence hallucination rate (EHR) <b>{cc.ehr:.2f}</b> · evidence quality score (EQS) <b>{_pct(report.eqs)}</b></p>
{f"<ul>{problems}</ul>" if problems else ""}</section>
{f"<section><h2>Trajectory</h2><ol>{steps}</ol></section>" if steps else ""}
<section><h2>Cost</h2><p>{_h(_cost(report))}</p></section>"""


def to_html(report: Report) -> str:
    """One self-contained page: the report beside an interactive evidence graph."""
    colours = kind_colours(report)
    data = {
        "nodes": [n.model_dump(mode="json") for n in report.nodes],
        "edges": [e.model_dump(mode="json") for e in report.edges],
        "colours": colours,
        "kindLabels": {k: KIND_NAMES.get(k, k) for k in colours},
    }
    legend_kinds = list(dict.fromkeys(e.kind for e in report.edges))
    legend = "".join(
        f"<li>{_swatch(colours[k])}{_h(KIND_NAMES.get(k, k))}</li>" for k in legend_kinds
    )
    facts = "".join(
        f"<tr><td>{_h(e.evidence_id)}</td><td>{_h(e.provenance.get('sentence') or e.label)}</td>"
        f"<td>{_h(e.kind)}</td><td>{_h(e.provenance.get('source_iri') or '')}</td></tr>"
        for e in report.edges
    )
    csp = (
        f"default-src 'none'; style-src {_csp_hash(_CSS)}; script-src {_csp_hash(_JS)}; "
        "img-src data:; base-uri 'none'; form-action 'none'"
    )
    report_html = _report_html(report, colours)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{_h(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="kgfc">
<title>kgfc report: {_h(report.claim)}</title>
<style>{_CSS}</style>
</head>
<body>
<header><h1>Fact-check report</h1><p class="claim"><span class="cid">{_h(report.claim_id)}</span> {_h(report.claim)}</p></header>
<main>
<div id="report">{report_html}
</div>
<div id="graph-pane">
<h2>Evidence graph</h2>
<p class="hint">Nodes are entities, edges are the facts looked at, coloured by source kind; thick edges are cited, dashed ones refute. Click an edge for its provenance; drag nodes to rearrange.</p>
<svg id="graph" viewBox="0 0 800 560" data-node-count="0" role="img" aria-label="Evidence graph"></svg>
<ul class="legend">{legend}</ul>
<aside id="provenance"><h3>Provenance</h3><p id="prov-empty">Click a fact (an edge) to see where it comes from.</p><dl id="prov-fields"></dl></aside>
<noscript><table class="facts"><tr><th>id</th><th>fact</th><th>kind</th><th>source graph</th></tr>{facts}</table></noscript>
</div>
</main>
<script type="application/json" id="report-data">{_json_for_script(data)}</script>
<script>{_JS}</script>
</body>
</html>
"""


# The page's style and script are package data (kgfc/report/assets), read once.
_ASSETS = resources.files("kgfc.report") / "assets"
_CSS = (_ASSETS / "report.css").read_text(encoding="utf-8")
_JS = (_ASSETS / "report.js").read_text(encoding="utf-8")
