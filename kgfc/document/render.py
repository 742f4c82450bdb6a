"""Views of a checked document: JSON, terminal text, Markdown with footnotes, one HTML page.

The document, its claims and the KG's labels are untrusted text: HTML gets
``html.escape`` everywhere and the page's data block is JSON with ``<``, ``>``
and ``&`` escaped; Markdown gets every markup character backslash-escaped. The
HTML page uses the fact-check report's stylesheet and the same
Content-Security-Policy: only its own inline style and script (by hash), no
network at all.
"""

from __future__ import annotations

import json
import re
from html import escape
from importlib import resources

from kgfc.document.models import DocumentClaim, DocumentReport
from kgfc.models import VerdictLabel
from kgfc.report.render import _csp_hash, _json_for_script

FORMATS = ("text", "json", "md", "html")
_CSS_CLASS = {
    VerdictLabel.SUPPORTED: "v-supported",
    VerdictLabel.REFUTED: "v-refuted",
    VerdictLabel.NEI: "v-nei",
}
_MARK = {VerdictLabel.SUPPORTED: "✓", VerdictLabel.REFUTED: "✗", VerdictLabel.NEI: "?"}
_RANK = {VerdictLabel.REFUTED: 0, VerdictLabel.NEI: 1, VerdictLabel.SUPPORTED: 2}
_MD_INLINE = re.compile(r"([\\`*_\[\]<>|~&#!])")


def render(report: DocumentReport, fmt: str) -> str:
    if fmt == "json":
        return to_json(report)
    if fmt == "md":
        return to_markdown(report)
    if fmt == "html":
        return to_html(report)
    if fmt == "text":
        return to_text(report)
    raise ValueError(f"unknown format {fmt!r}")


def to_json(report: DocumentReport, *, indent: int | None = 2) -> str:
    return json.dumps(report.model_dump(mode="json"), indent=indent, ensure_ascii=False)


def _label(c: DocumentClaim) -> str:
    return c.verdict.value if c.checkable and c.verdict else "NOT CHECKABLE"


def _counts(report: DocumentReport) -> str:
    s = report.summary
    verdicts = ", ".join(f"{n} {v}" for v, n in s.verdicts.items()) or "no verdicts"
    skipped = ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in s.skipped.items())
    return (
        f"{s.sentences} sentences, {s.check_worthy} check-worthy, {s.claims} claims: {verdicts}; "
        f"{s.not_checkable} not checkable" + (f"; not checked: {skipped}" if skipped else "")
    )


# -- text --------------------------------------------------------------------------


def to_text(report: DocumentReport) -> str:
    s = report.summary
    head = f"Document {report.id}" + (f": {report.title}" if report.title else "")
    lines = [head]
    if report.source:
        lines.append(f"  source: {report.source}")
    lines.append(f"  {_counts(report)}")
    if s.overall is not None:
        lines.append(f"  overall: {s.overall.value}")
    if s.worst:
        lines += ["", "Problems, the worst first:"]
        for cid in s.worst:
            lines += _text_claim(report, report.claim(cid))
    lines += ["", "Sentences:"]
    for sent in report.sentences:
        tag = sent.status if sent.status != "skipped" else f"skipped: {sent.skip}"
        lines.append(f"  {sent.index + 1}. [{tag}] {' '.join(sent.text.split())}")
        if sent.references:
            lines.append(
                "       reading: " + ", ".join(f"{r.text!r} = {r.name}" for r in sent.references)
            )
        if sent.status != "checked" and sent.reason:
            lines.append(f"       why: {sent.reason}")
        for cid in sent.claims:
            c = report.claim(cid)
            lines.append(
                f"       {cid.rsplit('-', 1)[-1]} {_label(c)}"
                + (f" ({c.confidence:.2f})" if c.checkable and c.verdict else "")
                + f": {c.text}"
            )
    cn = report.counters
    lines += [
        "",
        f"cost: {cn.llm_calls} LLM calls, {cn.sparql_queries} SPARQL queries, "
        f"{cn.search_calls} searches, {cn.seconds:.2f}s"
        + (" · claims recorded in the KG" if report.recorded else ""),
    ]
    return "\n".join(lines)


def _text_claim(report: DocumentReport, c: DocumentClaim) -> list[str]:
    quoted = " ".join(report.text[c.start : c.end].split())
    out = [
        f"  {_label(c)} ({c.confidence:.2f}) sentence {c.sentence + 1}: “{quoted}”",
        f"      checked as: {c.text}",
        f"      why: {c.justification}",
    ]
    out += [f"      {e.id}: {e.text}  [source {e.source}]" for e in c.evidence]
    return out


# -- Markdown ----------------------------------------------------------------------


def _md(text: str) -> str:
    return _MD_INLINE.sub(r"\\\1", text)


def _md_block(text: str) -> str:
    """A piece of the document as Markdown: escaped, no line able to start block markup."""
    lines = []
    for line in text.split("\n"):
        esc = _md(line)
        if esc.lstrip()[:1] in ("-", "+", "=", ">"):
            esc = "\\" + esc.lstrip()
        lines.append(re.sub(r"^(\s*\d+)([.)])", r"\1\\\2", esc))
    return "\n".join(lines)


def to_markdown(report: DocumentReport) -> str:
    claims = [c for c in report.claims]
    numbers = {c.id: n for n, c in enumerate(sorted(claims, key=lambda c: (c.start, c.end)), 1)}
    # a footnote mark after each claim's span, from the end so earlier offsets stay valid
    marks = sorted(claims, key=lambda c: (c.end, c.start), reverse=True)
    text = report.text
    pieces: list[str] = []
    pos = len(text)
    for c in marks:
        end = min(max(c.end, 0), len(text))
        pieces.append(_md_block(text[end:pos]))
        sym = _MARK.get(c.verdict, "·") if c.checkable and c.verdict is not None else "·"
        pieces.append(f" {sym}[^{numbers[c.id]}]")
        pos = end
    pieces.append(_md_block(text[:pos]))
    body = "".join(reversed(pieces))
    title = report.title or "Checked document"
    out = [
        f"# {_md(title)}",
        "",
        f"_{_md(_counts(report))}._",
        "",
    ]
    if report.summary.overall is not None:
        out += [
            f"**Overall: {report.summary.overall.value}** (✓ supported, ✗ refuted, ? not enough information, · not checkable)",
            "",
        ]
    if report.source:
        out += [f"Source: {_md(report.source)}", ""]
    out += ["## Document", "", body, ""]
    if report.summary.worst:
        out += ["## Problems, the worst first", ""]
        for cid in report.summary.worst:
            c = report.claim(cid)
            quoted = " ".join(report.text[c.start : c.end].split())
            out.append(f"1. **{_label(c)}** “{_md(quoted)}” [^{numbers[cid]}]")
        out.append("")
    skipped = [s for s in report.sentences if s.status != "checked" and s.skip != "heading"]
    if skipped:
        out += ["## Not checked", ""]
        for s in skipped:
            out.append(f"- “{_md(' '.join(s.text.split()))}”: {_md(s.reason)}")
        out.append("")
    out += ["## Claims", ""]
    for c in sorted(claims, key=lambda c: numbers[c.id]):
        line = f"[^{numbers[c.id]}]: **{_label(c)}**"
        if c.checkable and c.verdict:
            line += f" (confidence {c.confidence:.2f})"
        line += f". Checked as: “{_md(c.text)}”. {_md(c.justification)}"
        for e in c.evidence:
            line += f" {_md(e.id)}: {_md(e.text)} (source {_md(e.source or '')})."
        out.append(line)
    out.append("")
    return "\n".join(out)


# -- HTML --------------------------------------------------------------------------


def _h(text: object) -> str:
    return escape(str(text), quote=True)


def _segments(report: DocumentReport) -> str:
    """The document text with every claim span a <mark> and every sentence left out dimmed."""
    text = report.text
    cuts = {0, len(text)}
    for c in report.claims:
        cuts.update((c.start, c.end))
    skipped = [s for s in report.sentences if s.status != "checked" and s.skip != "heading"]
    for s in skipped:
        cuts.update((s.start, s.end))
    order = sorted(x for x in cuts if 0 <= x <= len(text))
    out: list[str] = []
    for a, b in zip(order, order[1:], strict=False):
        if a == b:
            continue
        piece = _h(text[a:b])
        covering = [c for c in report.claims if c.start <= a and b <= c.end]
        if covering:
            inner = min(covering, key=lambda c: (c.end - c.start, c.start))
            verdicts = [c.verdict for c in covering if c.checkable and c.verdict]
            worst = min(verdicts, key=lambda v: _RANK[v]) if verdicts else None
            css = _CSS_CLASS[worst] if worst is not None else "v-unchecked"
            ids = " ".join(c.id for c in covering)
            title = "; ".join(f"{_label(c)}: {c.text}" for c in covering)
            out.append(
                f'<mark class="fc {css}" data-claim="{_h(inner.id)}" data-claims="{_h(ids)}" '
                f'title="{_h(title)}" tabindex="0">{piece}</mark>'
            )
            continue
        why = next((s for s in skipped if s.start <= a and b <= s.end), None)
        if why is not None:
            label = why.skip.replace("_", " ") if why.skip else why.status
            out.append(
                f'<span class="skipped" title="{_h(label + ": " + why.reason)}">{piece}</span>'
            )
        else:
            out.append(piece)
    return "".join(out)


def page_policy() -> str:
    """The HTML page's Content-Security-Policy: its own style and script (by hash), nothing else."""
    return (
        f"default-src 'none'; style-src {_csp_hash(_CSS)}; script-src {_csp_hash(_JS)}; "
        "img-src data:; base-uri 'none'; form-action 'none'"
    )


def to_html(report: DocumentReport) -> str:
    """One self-contained page: the document annotated, a side panel for the selected claim."""
    s = report.summary
    counts = "".join(f"<li>{_h(n)} {_h(v)}</li>" for v, n in s.verdicts.items())
    counts += f"<li>{s.not_checkable} not checkable</li>"
    counts += "".join(f"<li>{_h(n)} {_h(k.replace('_', ' '))}</li>" for k, n in s.skipped.items())
    worst = "".join(
        f'<li data-goto="{_h(cid)}"><b>{_h(_label(report.claim(cid)))}</b> '
        f"{_h(report.claim(cid).text)}</li>"
        for cid in s.worst
    )
    claim_items = "".join(
        f'<li id="list-{_h(c.id)}"><b>{_h(_label(c))}</b> {_h(c.text)}'
        f'<div class="meta">{_h(c.justification)}</div></li>'
        for c in report.claims
    )
    data = {
        "text": report.text,
        "claims": [
            c.model_dump(
                mode="json",
                include={
                    "id",
                    "text",
                    "start",
                    "end",
                    "checkable",
                    "verdict",
                    "confidence",
                    "justification",
                    "evidence",
                    "claim_iri",
                },
            )
            for c in report.claims
        ],
    }
    csp = page_policy()
    title = report.title or "Checked document"
    overall = (
        f'<span class="verdict {_CSS_CLASS[s.overall][2:]}">{_h(s.overall.value)}</span>'
        if s.overall is not None
        else ""
    )
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{_h(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="kgfc">
<title>kgfc document check: {_h(title)}</title>
<style>{_CSS}</style>
</head>
<body>
<header><h1>{_h(title)}</h1><p class="summary"><span class="cid">{_h(report.id)}</span>{_h(_counts(report))}</p></header>
<main>
<div id="doc" data-claims="{len(report.claims)}">{_segments(report)}</div>
<div id="side">
<section id="panel"><h2>Claim</h2><p id="panel-empty">Click a highlighted passage to see its verdict, the justification and the facts it rests on.</p><div id="panel-body"></div></section>
<section><h2>Summary {overall}</h2><ul class="counts">{counts}</ul>
{f'<h3>Problems, the worst first</h3><ol class="worst">{worst}</ol>' if worst else ""}</section>
<section><h2>All claims</h2><ul class="claims-list">{claim_items or '<li class="none">None.</li>'}</ul></section>
</div>
</main>
<script type="application/json" id="document-data">{_json_for_script(data)}</script>
<script>{_JS}</script>
</body>
</html>
"""


_REPORT = resources.files("kgfc.report") / "assets"
_ASSETS = resources.files("kgfc.document") / "assets"
_CSS = (_REPORT / "report.css").read_text(encoding="utf-8") + (_ASSETS / "document.css").read_text(
    encoding="utf-8"
)
_JS = (_ASSETS / "document.js").read_text(encoding="utf-8")
