"""HTML to clean text: trafilatura's main-content extraction, with a plain fallback.

trafilatura drops navigation, boilerplate, scripts and styles and keeps the
article. On pages it finds no article in (a bare list, a tiny page) it
returns nothing; then, and when trafilatura is not installed, a small
standard-library parser keeps every visible text block instead. Either way
paragraphs come out separated by a blank line.
"""

from __future__ import annotations

import logging
import re
from html.parser import HTMLParser
from typing import NamedTuple

log = logging.getLogger(__name__)

_SKIP = {
    "script",
    "style",
    "noscript",
    "template",
    "svg",
    "math",
    "iframe",
    "object",
    "head",
    "select",
}
_BLOCK = {
    "address", "article", "aside", "blockquote", "br", "dd", "details", "div", "dl", "dt",
    "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
    "hr", "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table", "td", "th",
    "tr", "ul",
}  # fmt: skip
_VOID = {
    "br",
    "hr",
    "img",
    "input",
    "meta",
    "link",
    "area",
    "base",
    "col",
    "embed",
    "source",
    "wbr",
}


class Extracted(NamedTuple):
    title: str | None
    text: str


class _Blocks(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []
        self.current: list[str] = []
        self.skip_depth = 0
        self.in_title = False
        self.title_parts: list[str] = []

    def _flush(self) -> None:
        text = " ".join("".join(self.current).split())
        if text:
            self.blocks.append(text)
        self.current = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title":
            self.in_title = True
        if tag in _SKIP and tag not in _VOID:
            self.skip_depth += 1
        elif tag in _BLOCK:
            self._flush()

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self.in_title = False
        if tag in _SKIP:
            self.skip_depth = max(0, self.skip_depth - 1)
        elif tag in _BLOCK:
            self._flush()

    def handle_data(self, data: str) -> None:
        if self.in_title:
            self.title_parts.append(data)
        elif not self.skip_depth:
            self.current.append(data)

    def close(self) -> None:
        super().close()
        self._flush()


def _fallback(html: str) -> Extracted:
    parser = _Blocks()
    parser.feed(html)
    parser.close()
    title = " ".join("".join(parser.title_parts).split()) or None
    return Extracted(title, "\n\n".join(parser.blocks))


def _paragraphs(text: str) -> str:
    lines = (" ".join(line.split()) for line in text.splitlines())
    return "\n\n".join(line for line in lines if line)


_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9._-]+)""", re.I)


def decode_html(body: bytes, charset: str | None = None) -> str:
    """Bytes to text: the HTTP charset, else a ``<meta charset>``, else UTF-8 (bad bytes replaced)."""
    if not charset:
        m = _META_CHARSET.search(body[:4096])
        charset = m.group(1).decode("ascii") if m else "utf-8"
    try:
        return body.decode(charset, errors="replace")
    except LookupError:
        return body.decode("utf-8", errors="replace")


def html_to_text(html: str, url: str | None = None) -> Extracted:
    """The title and main text of an HTML page, scripts, styles and boilerplate removed."""
    plain = _fallback(html)
    try:
        import trafilatura
    except ImportError:  # pragma: no cover - trafilatura is a dependency
        log.warning("trafilatura is not installed; using the plain HTML text extractor")
        return plain
    try:
        doc = trafilatura.bare_extraction(
            html, url=url, with_metadata=True, include_comments=False, include_tables=True
        )
    except Exception as exc:  # noqa: BLE001 - a parser crash on hostile HTML must not stop a fetch
        log.warning(
            "trafilatura failed on %s (%s); using the plain extractor", url or "a page", exc
        )
        return plain
    text = _paragraphs(getattr(doc, "text", None) or "") if doc is not None else ""
    if not text:
        return plain
    title = (getattr(doc, "title", None) or plain.title or "").strip() or None
    return Extracted(title, text)
