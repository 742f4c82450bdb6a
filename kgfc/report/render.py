"""Views of a :class:`~kgfc.models.Report`: JSON, Markdown and one self-contained HTML page.

Claims, web text and LLM output are untrusted: every string goes through
``html.escape`` (HTML), a backslash escape (Markdown) or ``json.dumps`` with
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
from typing import Any

from kgfc.models import Report, ReportEvidence, VerdictLabel
from kgfc.report.build import KIND_NAMES

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
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<|~&])")
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


def _step_text(step: dict) -> str:
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
    text = _MD_SPECIAL.sub(r"\\\1", " ".join(str(text).split()))
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


def to_html(report: Report) -> str:
    """One self-contained page: the report beside an interactive evidence graph."""
    s, cc = report.summary, report.citation_check
    colours = kind_colours(report)
    verdict_css = {VerdictLabel.SUPPORTED: "supported", VerdictLabel.REFUTED: "refuted"}.get(
        report.conclusion, "nei"
    )
    data = {
        "nodes": [n.model_dump(mode="json") for n in report.nodes],
        "edges": [e.model_dump(mode="json") for e in report.edges],
        "colours": colours,
        "kindLabels": {k: KIND_NAMES.get(k, k) for k in colours},
    }
    conflicts = "".join(
        f'<li><p>{_h(c.description)}</p><p class="resolution"><b>Resolution:</b> {_h(c.resolution)}</p>'
        f'<p class="meta">{" · ".join(_h_source(x) for x in c.sources)}</p></li>'
        for c in report.conflicts
    )
    problems = "".join(
        f"<li>removed <b>{_h(p.evidence_id)}</b> ({_h_source(p.source_id)}): {_h(_reason_text(p))}</li>"
        for p in cc.problems
    )
    legend_kinds = list(dict.fromkeys(e.kind for e in report.edges))
    legend = "".join(
        f"<li>{_swatch(colours[k])}{_h(KIND_NAMES.get(k, k))}</li>" for k in legend_kinds
    )
    facts = "".join(
        f"<tr><td>{_h(e.evidence_id)}</td><td>{_h(e.provenance.get('sentence') or e.label)}</td>"
        f"<td>{_h(e.kind)}</td><td>{_h(e.provenance.get('source_iri') or '')}</td></tr>"
        for e in report.edges
    )
    steps = "".join(f"<li>{_h(_step_text(st))}</li>" for st in report.steps)
    csp = (
        f"default-src 'none'; style-src {_csp_hash(_CSS)}; script-src {_csp_hash(_JS)}; "
        "img-src data:; base-uri 'none'; form-action 'none'"
    )
    report_html = f"""
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


_CSS = """
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2630;background:#f4f6f8}
header{padding:12px 20px;background:#1d2630;color:#fff}
header h1{margin:0;font-size:18px;font-weight:600}
.claim{margin:4px 0 0;font-size:16px}
.cid{display:inline-block;padding:0 6px;margin-right:6px;border-radius:3px;background:#3b4a5a;font-size:12px}
main{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1.1fr);gap:16px;padding:16px}
@media (max-width:900px){main{grid-template-columns:1fr}}
#report section,#graph-pane{background:#fff;border:1px solid #dde3e9;border-radius:6px;padding:10px 14px;margin-bottom:12px}
#graph-pane{margin-bottom:0;align-self:start;position:sticky;top:8px}
h2{font-size:15px;margin:2px 0 8px}
h3{font-size:13px;margin:10px 0 4px;color:#46525e}
ul{margin:0;padding-left:18px}
.none,.hint{color:#6b7682;margin:4px 0}
.hint{font-size:12px}
.conclusion .verdict{display:inline-block;padding:2px 10px;border-radius:4px;font-weight:700;color:#fff;background:#7f8c8d;margin-right:8px}
.conclusion.supported .verdict{background:#1e8449}
.conclusion.refuted .verdict{background:#c0392b}
li.evidence{margin:6px 0;padding:4px 6px;border-left:4px solid #1e8449;list-style:none;cursor:pointer}
li.evidence.refutes{border-left-color:#c0392b}
li.evidence:hover,li.evidence.selected{background:#eef3f8}
.eid{font-weight:700;font-size:12px;color:#46525e}
.meta,.context{font-size:12px;color:#56616c;word-break:break-all}
.context{word-break:normal}
.swatch{vertical-align:-1px;margin-right:4px}
.resolution{margin:2px 0 6px}
#graph{width:100%;height:auto;background:#fbfcfd;border:1px solid #e3e8ed;border-radius:4px;user-select:none}
.legend{display:flex;flex-wrap:wrap;gap:4px 14px;list-style:none;padding:6px 0 0;margin:0;font-size:12px}
#provenance{margin-top:8px;border-top:1px solid #e3e8ed;padding-top:6px}
#provenance h3{margin-top:0}
#prov-fields{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:2px 10px;margin:0;font-size:12px}
#prov-fields dt{font-weight:600;color:#46525e}
#prov-fields dd{margin:0;word-break:break-all}
.node circle{stroke:#fff;stroke-width:2;cursor:grab}
.node.cited circle{stroke:#1d2630;stroke-width:2.5}
.node text{font-size:13px;fill:#1d2630;paint-order:stroke;stroke:#fbfcfd;stroke-width:3px;pointer-events:none}
.edge{cursor:pointer}
.edge .hit{stroke:transparent;stroke-width:12;fill:none}
.edge .line{fill:none;stroke-width:1.6;opacity:.85}
.edge.cited .line{stroke-width:3.4;opacity:1}
.edge.selected .line{stroke-width:4.5;opacity:1}
.edge text{font-size:11px;fill:#56616c;paint-order:stroke;stroke:#fbfcfd;stroke-width:3px}
.edge.selected text{fill:#1d2630;font-weight:700}
.empty{font-size:14px;fill:#6b7682}
table.facts{font-size:12px;border-collapse:collapse}
table.facts td,table.facts th{border:1px solid #dde3e9;padding:2px 4px;text-align:left}
"""

# The graph view is hand-written, not a library: the page must be one file that
# works offline (no CDN), and a small force layout is shorter than any graph
# library we could inline. Every string from the report goes into the DOM with
# textContent or setAttribute, never innerHTML.
_JS = r"""
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  var W = 800, H = 560, PAD = 50, RIGHT = 130;
  var data = JSON.parse(document.getElementById("report-data").textContent);
  var svg = document.getElementById("graph");
  var index = {};
  var nodes = data.nodes.map(function (n, i) {
    index[n.id] = i;
    var a = 2 * Math.PI * i / Math.max(1, data.nodes.length);
    return {id: n.id, label: n.label, x: W / 2 + 200 * Math.cos(a), y: H / 2 + 160 * Math.sin(a), dx: 0, dy: 0, cited: false};
  });
  var edges = data.edges.filter(function (e) { return e.source in index && e.target in index; });
  edges.forEach(function (e) {
    e.s = nodes[index[e.source]]; e.t = nodes[index[e.target]];
    e.cited = !!(e.provenance && (e.provenance.cited || e.provenance.stance === "supports" || e.provenance.stance === "refutes"));
    if (e.cited) { e.s.cited = true; e.t.cited = true; }
  });
  // Parallel edges between one pair of nodes bend apart so each stays clickable.
  var pairs = {};
  edges.forEach(function (e) {
    var key = [e.source, e.target].sort().join("\u0000");
    (pairs[key] = pairs[key] || []).push(e);
  });
  Object.keys(pairs).forEach(function (k) {
    var group = pairs[k];
    group.forEach(function (e, i) { e.bend = (i - (group.length - 1) / 2) * 34 * (e.source < e.target ? 1 : -1); });
  });

  // Fruchterman-Reingold: repulsion between all nodes, springs along edges, cooling.
  function layout() {
    var n = nodes.length;
    if (n === 0) return;
    var k = 0.8 * Math.sqrt((W - 2 * PAD) * (H - 2 * PAD) / n), temp = W / 8;
    for (var it = 0; it < 300; it++) {
      var i, j, a, b, ddx, ddy, d, f;
      for (i = 0; i < n; i++) { nodes[i].dx = 0; nodes[i].dy = 0; }
      for (i = 0; i < n; i++) {
        for (j = i + 1; j < n; j++) {
          a = nodes[i]; b = nodes[j];
          ddx = a.x - b.x; ddy = a.y - b.y; d = Math.sqrt(ddx * ddx + ddy * ddy) || 0.01;
          f = k * k / d;
          a.dx += ddx / d * f; a.dy += ddy / d * f; b.dx -= ddx / d * f; b.dy -= ddy / d * f;
        }
      }
      edges.forEach(function (e) {
        if (e.s === e.t) return;
        ddx = e.s.x - e.t.x; ddy = e.s.y - e.t.y; d = Math.sqrt(ddx * ddx + ddy * ddy) || 0.01;
        f = d * d / k;
        e.s.dx -= ddx / d * f; e.s.dy -= ddy / d * f; e.t.dx += ddx / d * f; e.t.dy += ddy / d * f;
      });
      for (i = 0; i < n; i++) {
        a = nodes[i];
        a.dx += (W / 2 - a.x) * 0.02 * k / 10; a.dy += (H / 2 - a.y) * 0.02 * k / 10;
        d = Math.sqrt(a.dx * a.dx + a.dy * a.dy) || 0.01;
        a.x += a.dx / d * Math.min(d, temp); a.y += a.dy / d * Math.min(d, temp);
      }
      temp = Math.max(1, temp * 0.97);
    }
    // Fit the drawing into the view box.
    var xs = nodes.map(function (p) { return p.x; }), ys = nodes.map(function (p) { return p.y; });
    var x0 = Math.min.apply(null, xs), x1 = Math.max.apply(null, xs), y0 = Math.min.apply(null, ys), y1 = Math.max.apply(null, ys);
    // Labels sit right of their node: leave more room on the right.
    var sx = (W - PAD - RIGHT) / Math.max(1, x1 - x0), sy = (H - 2 * PAD) / Math.max(1, y1 - y0);
    nodes.forEach(function (p) {
      p.x = n === 1 ? W / 2 : PAD + (p.x - x0) * sx;
      p.y = n === 1 ? H / 2 : PAD + (p.y - y0) * sy;
    });
  }

  function el(name, attrs, parent) {
    var x = document.createElementNS(NS, name);
    Object.keys(attrs || {}).forEach(function (k) { x.setAttribute(k, attrs[k]); });
    if (parent) parent.appendChild(x);
    return x;
  }
  function short(text, max) { text = String(text); return text.length > max ? text.slice(0, max - 1) + "\u2026" : text; }
  function colour(kind) { return data.colours[kind] || "#777777"; }

  function edgePath(e) {
    var sx = e.s.x, sy = e.s.y, tx = e.t.x, ty = e.t.y;
    if (e.s === e.t) return "M" + sx + "," + (sy - 12) + " c -40,-50 40,-50 0,0";
    var mx = (sx + tx) / 2, my = (sy + ty) / 2, dx = tx - sx, dy = ty - sy, d = Math.sqrt(dx * dx + dy * dy) || 1;
    var cx = mx - dy / d * e.bend, cy = my + dx / d * e.bend;
    // Stop the line at the target circle's rim so the arrow head stays visible.
    var ex = tx - (tx - cx) / (Math.sqrt((tx - cx) * (tx - cx) + (ty - cy) * (ty - cy)) || 1) * 13;
    var ey = ty - (ty - cy) / (Math.sqrt((tx - cx) * (tx - cx) + (ty - cy) * (ty - cy)) || 1) * 13;
    e.lx = (mx + cx) / 2; e.ly = (my + cy) / 2;
    return "M" + sx + "," + sy + " Q" + cx + "," + cy + " " + ex + "," + ey;
  }

  var edgeEls = [], nodeEls = [], markers = {};
  function place() {
    edgeEls.forEach(function (g) {
      var e = g.edge, d = edgePath(e);
      g.hit.setAttribute("d", d); g.line.setAttribute("d", d);
      if (e.s === e.t) { e.lx = e.s.x; e.ly = e.s.y - 52; }
      g.text.setAttribute("x", e.lx); g.text.setAttribute("y", e.ly);
    });
    nodeEls.forEach(function (g) { g.setAttribute("transform", "translate(" + g.node.x + "," + g.node.y + ")"); });
  }

  function select(e) {
    edgeEls.forEach(function (g) { g.classList.toggle("selected", g.edge === e); });
    document.querySelectorAll("li.evidence").forEach(function (li) {
      li.classList.toggle("selected", !!e && li.getAttribute("data-evidence") === e.evidence_id);
    });
    var dl = document.getElementById("prov-fields");
    while (dl.firstChild) dl.removeChild(dl.firstChild);
    document.getElementById("prov-empty").hidden = !!e;
    if (!e) return;
    var p = e.provenance || {};
    var rows = [["evidence", e.evidence_id], ["fact", p.sentence || e.label], ["source kind", data.kindLabels[e.kind] || e.kind],
      ["source IRI", p.source_iri], ["cited as", p.source_id], ["hop", p.hop], ["score", p.score],
      ["stance", p.stance], ["cited", p.cited ? "yes" : "no"], ["predicate", p.predicate]];
    rows.forEach(function (r) {
      if (r[1] === undefined || r[1] === null || r[1] === "") return;
      var dt = document.createElement("dt"), dd = document.createElement("dd");
      dt.textContent = r[0];
      var v = String(r[1]);
      if (/^https?:\/\/\S+$/i.test(v)) {
        var a = document.createElement("a"); a.href = v; a.rel = "noopener noreferrer"; a.textContent = v; dd.appendChild(a);
      } else { dd.textContent = v; }
      dl.appendChild(dt); dl.appendChild(dd);
    });
  }

  function draw() {
    var defs = el("defs", {}, svg);
    Object.keys(data.colours).forEach(function (kind, i) {
      // userSpaceOnUse: thick (cited) edges keep normal-sized arrow heads.
      var m = el("marker", {id: "arrow-" + i, viewBox: "0 0 10 10", refX: "9", refY: "5", markerUnits: "userSpaceOnUse",
        markerWidth: "10", markerHeight: "10", orient: "auto-start-reverse"}, defs);
      el("path", {d: "M0,0 L10,5 L0,10 z", fill: data.colours[kind]}, m);
      markers[kind] = "url(#arrow-" + i + ")";
    });
    if (nodes.length === 0) {
      var t = el("text", {x: W / 2, y: H / 2, "text-anchor": "middle", "class": "empty"}, svg);
      t.textContent = "No knowledge-graph facts were retrieved for this claim.";
    }
    var eg = el("g", {"class": "edges"}, svg), ng = el("g", {"class": "nodes"}, svg);
    edges.forEach(function (e) {
      var g = el("g", {"class": "edge" + (e.cited ? " cited" : ""), "data-evidence": e.evidence_id, tabindex: "0"}, eg);
      el("title", {}, g).textContent = e.evidence_id + ": " + ((e.provenance || {}).sentence || e.label);
      g.edge = e;
      g.hit = el("path", {"class": "hit"}, g);
      var attrs = {"class": "line", stroke: colour(e.kind), "marker-end": markers[e.kind] || ""};
      if ((e.provenance || {}).stance === "refutes") attrs["stroke-dasharray"] = "7 4";
      g.line = el("path", attrs, g);
      g.text = el("text", {"text-anchor": "middle"}, g);
      g.text.textContent = short(e.label, 26);
      g.addEventListener("click", function (ev) { ev.stopPropagation(); select(e); });
      g.addEventListener("keydown", function (ev) { if (ev.key === "Enter" || ev.key === " ") select(e); });
      edgeEls.push(g);
    });
    nodes.forEach(function (n) {
      var g = el("g", {"class": "node" + (n.cited ? " cited" : ""), "data-id": n.id}, ng);
      g.node = n;
      el("title", {}, g).textContent = n.label + "\n" + n.id;
      el("circle", {r: n.cited ? 11 : 8, fill: n.id.indexOf("literal:") === 0 ? "#95a5a6" : "#34495e"}, g);
      var t = el("text", {x: 13, y: 4}, g);
      t.textContent = short(n.label, 28);
      g.addEventListener("pointerdown", function (ev) { drag = n; svg.setPointerCapture(ev.pointerId); ev.preventDefault(); });
      nodeEls.push(g);
    });
    svg.setAttribute("data-node-count", String(nodeEls.length));
    svg.setAttribute("data-edge-count", String(edgeEls.length));
  }

  var drag = null;
  function toSvg(ev) {
    var pt = svg.createSVGPoint(); pt.x = ev.clientX; pt.y = ev.clientY;
    return pt.matrixTransform(svg.getScreenCTM().inverse());
  }
  svg.addEventListener("pointermove", function (ev) {
    if (!drag) return;
    var p = toSvg(ev);
    drag.x = Math.max(10, Math.min(W - 10, p.x)); drag.y = Math.max(10, Math.min(H - 10, p.y));
    place();
  });
  svg.addEventListener("pointerup", function () { drag = null; });
  svg.addEventListener("click", function () { select(null); });
  document.querySelectorAll("li.evidence").forEach(function (li) {
    li.addEventListener("click", function () {
      var id = li.getAttribute("data-evidence");
      var hit = edges.filter(function (e) { return e.evidence_id === id; })[0];
      if (hit) select(hit);
    });
  });

  layout();
  draw();
  place();
  // report.html#E3 opens with fact E3 selected: links to one fact can be shared.
  var wanted = decodeURIComponent(location.hash.slice(1));
  if (wanted) select(edges.filter(function (e) { return e.evidence_id === wanted; })[0] || null);
})();
"""
