"""Templates and the headers every page carries."""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING, Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, select_autoescape

from kgfc import __version__
from kgfc.kg.vocab import PREFIXES
from kgfc.service.web.data import verdict_css

if TYPE_CHECKING:
    from kgfc.document.models import DocumentReport

# Scripts, styles, images and requests from this server only; no inline script or style
# (cytoscape.js writes element styles through the CSSOM, which style-src does not govern).
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-store",
}

_env = Environment(
    loader=FileSystemLoader(str(resources.files("kgfc.service.web") / "templates")),
    autoescape=select_autoescape(default=True, default_for_string=True),
    trim_blocks=True,
    lstrip_blocks=True,
)
_env.filters["verdict_css"] = verdict_css
_env.filters["pct"] = lambda x: f"{float(x):.2f}"


def short_iri(iri: str | None, limit: int = 42) -> str:
    """A source or entity IRI as people read it: a known prefix, the middle elided when long."""
    text = str(iri or "")
    for prefix, ns in PREFIXES.items():
        if ns and text.startswith(ns) and len(text) > len(ns):
            text = f"{prefix}:{text[len(ns) :]}"
            break
    return text if len(text) <= limit else text[: limit - 9] + "…" + text[-8:]


_env.filters["short"] = short_iri


def render(name: str, **context: Any) -> str:
    return _env.get_template(name).render(**context)


def page(
    request: Request, name: str, *, status: int = 200, title: str = "", **context: Any
) -> HTMLResponse:
    """A whole page: the template with the layout's context, and the security headers."""
    ctx = request.app.state.kgfc
    html = render(
        name,
        title=title,
        nav=request.url.path,
        version=__version__,
        token_required=bool(ctx.config.token),
        **context,
    )
    return HTMLResponse(html, status_code=status, headers=HEADERS)


def fragment(name: str, *, status: int = 200, **context: Any) -> HTMLResponse:
    """A piece of a page, fetched by the page's script and put in place."""
    return HTMLResponse(render(name, **context), status_code=status, headers=HEADERS)


def annotated_page(report: DocumentReport) -> HTMLResponse:
    """A checked document's own page, under the policy its ``<meta>`` states (its inline style
    and script are allowed by hash there; the app's policy, which allows none, would block them)."""
    from kgfc.document.render import page_policy, to_html

    headers = {**HEADERS, "Content-Security-Policy": page_policy() + "; frame-ancestors 'none'"}
    return HTMLResponse(to_html(report), headers=headers)
