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
# A social post's sentences often end on emoji or hashtags instead of a full stop
# ("born in seattle 🎸 #legend he died in ..."), which spaCy's parser runs together: a run
# of emoji (or of two or more hashtags) followed by a word ends a sentence.
_EMOJI = "[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d]"
_TAG = rf"(?:{_EMOJI}+|#\w+)"
_POST_END = re.compile(rf"{_TAG}(?:[ \t]+{_TAG})*(?=[ \t]+[^\W\d_])")


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


def _post_pieces(start: int, chunk: str) -> Iterator[tuple[int, str]]:
    """A block cut after each run of emoji or hashtags that a word follows."""
    pos = 0
    for m in _POST_END.finditer(chunk):
        run = m.group(0)
        if re.search(_EMOJI, run) or run.count("#") >= 2:
            yield start + pos, chunk[pos : m.end()]
            pos = m.end()
    yield start + pos, chunk[pos:]


def split(text: str) -> list[Sentence]:
    """The document's sentences in order, with their paragraph and span."""
    parts = [
        (start, piece, p)
        for p, (at, chunk) in enumerate(c for c in blocks(text) if c[1].strip())
        for start, piece in _post_pieces(at, chunk)
        if piece.strip()
    ]
    nlp = get_nlp()
    out: list[Sentence] = []
    for (start, _chunk, p), doc in zip(
        parts, nlp.pipe([c for _, c, _ in parts], batch_size=32), strict=True
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
                and not re.search(rf"{_TAG}\s*$", span.text)
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
