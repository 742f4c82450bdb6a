"""Paragraphs and sentences of a document, each with its character span, parsed by spaCy.

The document is cut into blocks at blank lines (a heading line without a full
stop is a block of its own); spaCy's parser splits each block into sentences.
Blocks go through ``nlp.pipe`` in one batch, which is several times faster than
one call per block on a long article.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kgfc.nlp.spacy_pipeline import get_nlp

if TYPE_CHECKING:
    from spacy.tokens import Span

_BLANK = re.compile(r"\n[ \t]*\n+")
_END = re.compile(r"[.!?…:;\"'”’)\]]\s*$")
HEADING_MAX_WORDS = 12


@dataclass
class Sentence:
    index: int
    paragraph: int
    start: int  # in the document text
    end: int
    span: Span  # spaCy's sentence; its token offsets are relative to the block's start
    base: int  # where the block starts in the document text
    heading: bool = False

    @property
    def text(self) -> str:
        return self.span.text


def blocks(text: str) -> Iterator[tuple[int, str]]:
    """``(start, text)`` of each block: paragraphs at blank lines, heading lines alone."""
    pos = 0
    for m in [*_BLANK.finditer(text), None]:
        end = m.start() if m else len(text)
        chunk = text[pos:end]
        offset = pos
        lines = chunk.split("\n")
        buf_start, buf = offset, []
        at = offset
        for line in lines:
            if _is_heading_line(line) and len(lines) > 1:
                if buf:
                    yield buf_start, "\n".join(buf)
                if line.strip():
                    yield at, line
                buf, buf_start = [], at + len(line) + 1
            else:
                if not buf:
                    buf_start = at
                buf.append(line)
            at += len(line) + 1
        if buf and "".join(buf).strip():
            yield buf_start, "\n".join(buf)
        pos = m.end() if m else len(text)


def _is_heading_line(line: str) -> bool:
    words = line.split()
    return 0 < len(words) <= HEADING_MAX_WORDS and not _END.search(line)


def split(text: str) -> list[Sentence]:
    """The document's sentences in order, with their paragraph and span."""
    parts = [(start, chunk) for start, chunk in blocks(text) if chunk.strip()]
    nlp = get_nlp()
    out: list[Sentence] = []
    for p, ((start, _chunk), doc) in enumerate(
        zip(parts, nlp.pipe([c for _, c in parts], batch_size=32), strict=True)
    ):
        sents = list(doc.sents)
        for sent in sents:
            span = _trimmed(sent)
            if span is None:
                continue
            words = [t for t in span if not t.is_punct and not t.is_space]
            heading = (
                len(sents) == 1
                and len(words) <= HEADING_MAX_WORDS
                and not _END.search(span.text)
                or not any(t.pos_ in ("VERB", "AUX") for t in span)
            )
            out.append(
                Sentence(
                    index=len(out),
                    paragraph=p,
                    start=start + span.start_char,
                    end=start + span.end_char,
                    span=span,
                    base=start,
                    heading=heading,
                )
            )
    return out


def _trimmed(sent: Span) -> Span | None:
    """The sentence without leading or trailing whitespace tokens (None if nothing is left)."""
    i, j = sent.start, sent.end
    doc = sent.doc
    while i < j and doc[i].is_space:
        i += 1
    while j > i and doc[j - 1].is_space:
        j -= 1
    return doc[i:j] if j > i else None
