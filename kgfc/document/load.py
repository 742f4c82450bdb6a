"""A document from a file, a URL or stdin, as plain text: the first step of the walk.

Text is taken as it is; HTML goes through the web extractor (main content,
scripts and boilerplate dropped); Markdown is rendered by markdown-it and its
prose kept, one block a paragraph. A URL goes through the web layer's
:class:`~kgfc.web.fetch.SafeFetcher` (SSRF guard, size cap, timeouts, retries).

Bad input is an :class:`~kgfc.errors.InputError` (exit 2) before anything is
checked or recorded: an empty, huge or binary file, a PDF, text that is not
English, a page that could not be fetched.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Literal

from kgfc.errors import ConfigError, InputError, RemoteError
from kgfc.settings import Settings

Format = Literal["text", "markdown", "html"]
FORMATS = ("auto", "text", "markdown", "html")
# A 2,000-word article is ~12,000 characters; 200,000 is a long report (~30,000 words).
MAX_CHARS = 200_000
_SUFFIXES: dict[str, Format] = {
    ".md": "markdown",
    ".markdown": "markdown",
    ".mdown": "markdown",
    ".html": "html",
    ".htm": "html",
    ".xhtml": "html",
    ".txt": "text",
    ".text": "text",
}
_HTML_START = re.compile(rb"^\s*(<!doctype\s+html|<html|<head|<body|<article|<p[\s>])", re.I)
_MD_HINT = re.compile(r"^(#{1,6} \S|\s*[-*+] \S|\s*\d+\. \S|```)|\[[^\]\n]+\]\([^)\s]+\)", re.M)
_LETTER = re.compile(r"[^\W\d_]+")
# magic numbers of files people may hand over by mistake
_BINARY_MAGIC = {
    b"%PDF-": "a PDF",
    b"PK\x03\x04": "a ZIP archive (or a Word/OpenDocument file)",
    b"\x89PNG": "a PNG image",
    b"\xff\xd8\xff": "a JPEG image",
    b"GIF8": "a GIF image",
    b"\x1f\x8b": "a gzip file",
    b"\xd0\xcf\x11\xe0": "an old Microsoft Office file",
}


@dataclass(frozen=True)
class Document:
    """A document's plain text and where it came from."""

    text: str
    title: str | None = None
    source: str | None = None
    format: Format = "text"


def is_url(spec: str) -> bool:
    return spec.lower().startswith(("http://", "https://"))


def read_document(
    spec: str,
    settings: Settings,
    *,
    stdin: BinaryIO | None = None,
    fmt: str = "auto",
    max_chars: int = MAX_CHARS,
) -> Document:
    """The document named by ``spec``: a path, an http(s) URL, or ``-`` for ``stdin`` (bytes)."""
    if is_url(spec):
        return fetch_document(spec, settings, fmt=fmt, max_chars=max_chars)
    if spec == "-":
        if stdin is None:
            raise InputError("No standard input to read the document from.")
        return from_bytes(stdin.read(), name="standard input", fmt=fmt, max_chars=max_chars)
    path = Path(spec)
    if not path.exists():
        raise InputError(
            f"No such file: {spec}.", hint="Give a file, an http(s) URL, or - for stdin."
        )
    if path.is_dir():
        raise InputError(f"{spec} is a directory, not a document.")
    size = path.stat().st_size
    # a size check before reading: UTF-8 takes at least one byte a character
    if size > 4 * max_chars:
        raise _too_long(spec, f"{size:,} bytes", max_chars)
    if fmt == "auto":
        fmt = _SUFFIXES.get(path.suffix.lower(), "auto")
    return from_bytes(path.read_bytes(), name=spec, fmt=fmt, source=spec, max_chars=max_chars)


def fetch_document(
    url: str, settings: Settings, *, fmt: str = "auto", max_chars: int = MAX_CHARS
) -> Document:
    """A web page through the safe fetcher; a page that cannot be fetched is bad input (exit 2)."""
    from kgfc.web.fetch import SafeFetcher

    try:
        with SafeFetcher(settings) as fetcher:
            page = fetcher.fetch(url)
    except ConfigError:
        raise
    except RemoteError as exc:
        raise InputError(
            f"Could not fetch {url}: {exc.message}",
            hint=exc.hint or "Check the URL, or save the page and check the file.",
        ) from None
    if page.content_type == "application/json":
        raise InputError(f"{url} is JSON, not a document.", hint="Give a web page or a text file.")
    text = page.text
    if page.content_type == "text/plain" and fmt == "markdown":
        text = markdown_to_text(text)
    kind: Format = "html" if page.content_type in ("text/html", "application/xhtml+xml") else "text"
    if fmt == "markdown":
        kind = "markdown"
    return _checked(
        Document(text=text, title=page.title, source=page.final_url or url, format=kind),
        url,
        max_chars,
    )


def from_bytes(
    data: bytes,
    *,
    name: str = "the document",
    fmt: str = "auto",
    source: str | None = None,
    max_chars: int = MAX_CHARS,
) -> Document:
    """A document from raw bytes: refused when binary, not UTF-8, empty or too long."""
    head = data[:16]
    for magic, what in _BINARY_MAGIC.items():
        if head.startswith(magic):
            hint = (
                "kgfc reads text, Markdown and HTML; extract the PDF's text first "
                "(e.g. pdftotext FILE.pdf FILE.txt) and check that."
                if magic == b"%PDF-"
                else "kgfc reads text, Markdown and HTML."
            )
            raise InputError(f"{name} is {what}, not a text document.", hint=hint)
    if b"\x00" in data[:8192]:
        raise InputError(
            f"{name} looks like a binary file (it holds NUL bytes), not a text document.",
            hint="kgfc reads text, Markdown and HTML.",
        )
    if fmt == "auto" and _HTML_START.match(data[:1024]):
        fmt = "html"
    if fmt == "html":
        from kgfc.web.html import decode_html

        text = decode_html(data)
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InputError(
                f"{name} is not UTF-8 text ({exc.reason} at byte {exc.start}).",
                hint="Save it as UTF-8 (e.g. iconv -f latin1 -t utf-8 FILE).",
            ) from None
    return from_text(text, fmt=fmt, source=source, name=name, max_chars=max_chars)


def from_text(
    text: str,
    *,
    fmt: str = "auto",
    title: str | None = None,
    source: str | None = None,
    name: str = "the document",
    max_chars: int = MAX_CHARS,
) -> Document:
    """A document from text in a format (``auto`` guesses HTML or Markdown from the text)."""
    if fmt not in FORMATS:
        raise InputError(
            f"Unknown document format {fmt!r}.", hint=f"Use one of {', '.join(FORMATS)}."
        )
    if fmt == "auto":
        fmt = "html" if _HTML_START.match(text[:1024].encode()) else "text"
        if fmt == "text" and _MD_HINT.search(text[:20_000]):
            fmt = "markdown"
    if len(text) > 4 * max_chars:  # before any parsing: a huge page is refused in O(1)
        raise _too_long(name, f"{len(text):,} characters", max_chars)
    if fmt == "html":
        from kgfc.web.html import html_to_text

        found_title, text = html_to_text(text, url=source)
        title = title or found_title
    elif fmt == "markdown":
        text = markdown_to_text(text)
    kind: Format = "html" if fmt == "html" else "markdown" if fmt == "markdown" else "text"
    return _checked(Document(text=text, title=title, source=source, format=kind), name, max_chars)


def _checked(doc: Document, name: str, max_chars: int) -> Document:
    text = doc.text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise InputError(f"{name} is empty: there is no text to check.")
    if len(text) > max_chars:
        raise _too_long(name, f"{len(text):,} characters of text", max_chars)
    check_english(text, name)
    return Document(text=text, title=doc.title, source=doc.source, format=doc.format)


def _too_long(name: str, size: str, max_chars: int) -> InputError:
    return InputError(
        f"{name} is too long ({size}); kgfc checks documents of at most {max_chars:,} characters "
        f"(about {max_chars // 6:,} words).",
        hint="Split it into parts, or raise the limit with --max-chars.",
    )


# The share of English function words ("the", "was", "in"...) in running English prose is
# 40-50 %; in French, German or Spanish prose it stays under 10 % (the few shared ones: "a",
# "in", "die" is not one). A hand-written test rather than a language-identification model:
# the only question is "English or not", and spaCy's English stop-word list answers it.
MIN_WORDS_TO_JUDGE = 8
MIN_ENGLISH_SHARE = 0.15


def english_share(text: str) -> tuple[float, int]:
    """The share of words that are English stop words, and how many words there are."""
    from kgfc.nlp.spacy_pipeline import get_nlp

    stop = get_nlp().Defaults.stop_words
    words = [w.lower() for w in _LETTER.findall(text[:50_000])]
    if not words:
        return 0.0, 0
    return sum(w in stop for w in words) / len(words), len(words)


def check_english(text: str, name: str = "the document") -> None:
    """Refuse text that is not English: kgfc's reader and the KG's labels are English."""
    letters = _LETTER.findall(text[:50_000])
    if not letters:
        raise InputError(f"{name} has no words to check.")
    latin = sum(1 for w in letters for ch in w if ch.isascii() or "\u00c0" <= ch <= "\u024f")
    total = sum(len(w) for w in letters)
    if latin / total < 0.5:
        raise InputError(
            f"{name} is not in English (most of its letters are not Latin); nothing was checked.",
            hint="kgfc reads English text only; translate it first.",
        )
    share, n = english_share(text)
    if n >= MIN_WORDS_TO_JUDGE and share < MIN_ENGLISH_SHARE:
        raise InputError(
            f"{name} does not look like English ({share:.0%} of its words are common English "
            "words; English prose has 40-50 %); nothing was checked.",
            hint="kgfc reads English text only; translate it first.",
        )


def markdown_to_text(text: str) -> str:
    """Markdown's prose, one block a paragraph: headings, paragraphs, list items, quotes, table cells.

    markdown-it parses it (CommonMark); code blocks and raw HTML are left
    out (they are not prose), link and emphasis markup is dropped, the words kept.
    """
    from markdown_it import MarkdownIt

    blocks: list[str] = []
    for tok in MarkdownIt("commonmark").enable("table").parse(text):
        if tok.type != "inline" or not tok.children:
            continue
        parts: list[str] = []
        for child in tok.children:
            if child.type in ("text", "code_inline"):
                parts.append(child.content)
            elif child.type in ("softbreak", "hardbreak"):
                parts.append(" ")
        block = " ".join("".join(parts).split())
        if block:
            blocks.append(block)
    return "\n\n".join(blocks)
