"""Paragraphs and sentences of a document, each with its character span, parsed by spaCy.

The document is cut into blocks at blank lines (a heading line without a full
stop is a block of its own); spaCy's parser splits each block into sentences.
Blocks go through ``nlp.pipe`` in one batch, which is several times faster than
one call per block on a long article.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kgfc.nlp.spacy_pipeline import get_nlp

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

_BLANK = re.compile(r"\n[ \t]*\n+")
_END = re.compile(r"[.!?…:;\"'”’)\]]\s*$")
HEADING_MAX_WORDS = 12
# A social post's sentences often end on emoji or hashtags instead of a full stop
# ("born in seattle 🎸 #legend he died in ..."), which spaCy's parser runs together: a run
# of emoji (or of two or more hashtags) followed by a word ends a sentence.
EMOJI = "[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d]"
# a post's faces drawn in punctuation: ":(", ":-)", ";)", ":D", "<3"
EMOTICON = r"(?:[:;]-?[()DPp/|]|<3)(?!\w)"
_TAG = rf"(?:{EMOJI}+|#\w+)"
_POST_END = re.compile(rf"{_TAG}(?:[ \t]+{_TAG})*(?=[ \t]+[^\W\d_])")
# a numbered thread's next post ("... love 💍 3/ she was born ..."): a sentence starts at "3/"
_THREAD_NUMBER = re.compile(r"(?<=\s)\d{1,2}/(?=\s)")
# a transcript's speaker label: "Q:", "A:", "INTERVIEWER:", "YOKO ONO:" (capitals only,
# so that "Fun fact:" stays a framing of its sentence)
_SPEAKER = re.compile(r"(?:^|(?<=\s))([QA]|[A-Z][A-Z.'’-]+(?: [A-Z][A-Z.'’-]+){0,3}):(?=\s)")
_BEFORE_PLACE = {"in", "at", "from", "near"}
# A post written in lower case without stops runs its sentences together ("... every single
# time people forget they were formed in nashville he went to wayne state ..."): spaCy's parser
# keeps it one sentence, often read as an opinion or a question for its last words. Such a
# run (RUN_ON_WORDS words or more) is cut where a new clause's subject starts right after a
# word that cannot lead into it: a noun, an adverb, a number, a dash or an emoticon - not a
# conjunction, a preposition, a comma or a verb whose object the clause may be.
RUN_ON_WORDS = 10
MIN_CLAUSE_WORDS = 3
_SUBJECT = {"nsubj", "nsubjpass", "expl"}
_FINITE = {"VBD", "VBZ", "VBP", "MD"}
_NP_LEFT = {"det", "compound", "poss", "amod", "nummod"}
_OPEN_BEFORE = {"NOUN", "PROPN", "ADV", "NUM", "ADJ", "X", "SYM", "INTJ"}
_CLOSED = {
    "and",
    "or",
    "but",
    "nor",
    "that",
    "who",
    "which",
    "whom",
    "whose",
    "when",
    "where",
    "if",
    "because",
    "as",
    "like",
    "than",
    "while",
    "since",
    "although",
    "though",
    "so",
}
# "like everyone says", "as we all know": a verb of saying the clause's own "like" or "as"
# already completes, so the next clause is not its object
_ASIDE_LEAD = {"like", "as"}
_CORRECTIONS = {("no", "wait"), ("wait", "no"), ("oh", "wait")}
_WORD = re.compile(r"[^\W\d_][\w'’.-]*")


@dataclass
class Sentence:
    index: int
    paragraph: int
    start: int  # in the document text
    end: int
    span: Span  # spaCy's sentence; its token offsets are relative to the block's start
    base: int  # where the block starts in the document text
    heading: bool = False
    raw: str = ""  # as written (the parser may have seen a lower-case name capitalised)
    speaker: str | None = None  # in a transcript, the label of the turn it is in

    @property
    def text(self) -> str:
        return self.raw or self.span.text


def blocks(text: str) -> Iterator[tuple[int, str]]:
    """``(start, text)`` of each block: paragraphs at blank lines, heading lines alone."""
    pos = 0
    for m in [*_BLANK.finditer(text), None]:
        end = m.start() if m else len(text)
        chunk = text[pos:end]
        offset = pos
        lines = chunk.split("\n")
        buf_start, buf = offset, list[str]()
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
    cuts = [
        m.end()
        for m in _POST_END.finditer(chunk)
        if re.search(EMOJI, m.group(0)) or m.group(0).count("#") >= 2
    ]
    cuts += [m.start() for m in _THREAD_NUMBER.finditer(chunk)]
    cuts += [m.start() for m in _SPEAKER.finditer(chunk)]
    pos = 0
    for cut in sorted(set(cuts)):
        if cut > pos:
            yield start + pos, chunk[pos:cut]
            pos = cut
    yield start + pos, chunk[pos:]


def _run_on_pieces(start: int, piece: str, cased: str) -> Iterator[tuple[int, str, bool]]:
    """``(start, text, whole)``: a lower-case post run together without stops cut into its
    clauses, each to be parsed as one sentence (``whole``); any other piece as it is. The
    cuts are read from a parse of the cased text (the same length as the piece)."""
    if any(c.isupper() for c in re.sub(r"#\w+", "", piece)) or len(piece.split()) < RUN_ON_WORDS:
        yield start, piece, False
        return
    doc = get_nlp()(cased)
    pos = 0
    for tok in _clause_starts(doc[:]):
        before, after = piece[pos : tok.idx], piece[tok.idx :]
        if len(_WORD.findall(before)) >= MIN_CLAUSE_WORDS <= len(_WORD.findall(after)):
            yield start + pos, before, True
            pos = tok.idx
    yield start + pos, piece[pos:], True


def _clause_starts(sent: Span) -> Iterator[Token]:
    """The first token of each clause in a run-on sentence that starts after its first word."""
    for tok in sent:
        if tok.i == sent.start:
            continue
        pair = (tok.lower_, tok.nbor(1).lower_ if tok.i + 1 < sent.end else "")
        if pair in _CORRECTIONS:
            yield tok  # "... formed in nashville no wait, detroit": the writer corrects
            continue
        if tok.tag_ == "JJS" and tok.nbor(-1).pos_ in ("NOUN", "PROPN", "NUM", "PRON"):
            yield tok  # "... at different points best harmonies of all time": a new fragment
            continue
        before_finite = tok.i + 1 < sent.end and tok.nbor(1).tag_ in _FINITE
        if not (tok.dep_ in _SUBJECT or before_finite and tok.pos_ in ("NOUN", "PROPN", "PRON")):
            continue
        while tok.dep_ == "conj" and tok.head.i >= sent.start and tok.head.i == tok.i - 2:
            tok = tok.head  # "barry and robin were ...": the clause starts at the first name
        # (a name the parser hung on a common noun is no part of it: "in Liverpool people forget")
        lefts = [
            c
            for c in tok.lefts
            if c.dep_ in _NP_LEFT and c.is_alpha and not (c.pos_ == "PROPN" != tok.pos_)
        ]
        first = min([tok, *lefts], key=lambda t: t.i)
        if first.i > sent.start and _opens_clause(first.nbor(-1)):
            yield first


def _opens_clause(prev: Token) -> bool:
    """Whether a clause may start right after ``prev`` in a run-on post."""
    word = prev.lower_
    if word in _CLOSED:
        return False
    if prev.pos_ == "VERB":  # "people forget | they were ..." is the verb's object - unless
        lead = [t.lower_ for t in prev.doc[max(prev.i - 3, 0) : prev.i]]
        return any(w in _ASIDE_LEAD for w in lead)  # "like everyone says | barry and ..."
    if prev.is_punct:
        return word not in {",", "(", '"', "'", "“", "‘"}
    return prev.pos_ in _OPEN_BEFORE or not prev.is_alpha


def _cased(piece: str, is_name: Callable[[str, bool], bool] | None) -> str:
    """A piece written all in lower case ("he was married to courtney love") with the
    names the KG knows capitalised, so that the parser sees them as names. Same length:
    every span still points into the document as written."""
    if is_name is None or any(c.isupper() for c in re.sub(r"#\w+", "", piece)):
        return piece
    words = list(_WORD.finditer(piece))
    out = list(piece)
    i = 0
    while i < len(words):
        # a full name (two or three words), or one word after "in" / "at" / "from" (a place)
        place = i > 0 and words[i - 1].group(0) in _BEFORE_PLACE
        for n in (3, 2, 1) if place else (3, 2):
            run = words[i : i + n]
            if len(run) < n or piece[run[0].start() : run[-1].end()].count(" ") != n - 1:
                continue
            if is_name(piece[run[0].start() : run[-1].end()], place):
                for w in run:
                    out[w.start()] = out[w.start()].upper()
                i += n - 1
                break
        i += 1
    return "".join(out)


def split(text: str, is_name: Callable[[str, bool], bool] | None = None) -> list[Sentence]:
    """The document's sentences in order, with their paragraph and span.

    ``is_name(words, place)`` says whether lower-case words are a name the KG holds (a
    person's, or any after "in": a place's); such words in an all-lower-case post are capitalised for the parser.
    """
    parts = [
        (run, _cased(clause, is_name), p, whole)
        for p, (at, chunk) in enumerate(c for c in blocks(text) if c[1].strip())
        for start, piece in _post_pieces(at, chunk)
        if piece.strip()
        for run, clause, whole in _run_on_pieces(start, piece, _cased(piece, is_name))
    ]
    nlp = get_nlp()
    out: list[Sentence] = []
    speaker: tuple[int, str] | None = None  # (paragraph, label) of the current turn
    for (start, chunk, p, whole), doc in zip(
        parts, nlp.pipe([c for _, c, _, _ in parts], batch_size=32), strict=True
    ):
        label = _SPEAKER.match(chunk.lstrip())
        if label is not None:
            speaker = (p, label.group(1))
        elif speaker is not None and speaker[0] != p:
            speaker = None
        sents = [doc[:]] if whole else _at_clause_marks(_labels_joined(_bracketed(list(doc.sents))))
        for sent in sents:
            span = _trimmed(sent)
            if span is None:
                continue
            words = [t for t in span if not t.is_punct and not t.is_space]
            raw = text[start + span.start_char : start + span.end_char]
            lower = re.search(r"[^\W\d_]", raw)  # a post's sentence, not a heading
            heading = (
                len(sents) == 1
                and not (lower is not None and lower.group(0).islower())
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
                    raw=raw,
                    speaker=speaker[1] if speaker else None,
                )
            )
    return out


def _bracketed(sents: list[Span]) -> list[Span]:
    """Sentences rejoined where the parser cut inside brackets ("Tony Blair (born 6 |
    May 1953 in Edinburgh) was ...")."""
    out: list[Span] = []
    for sent in sents:
        if out and out[-1].text.count("(") > out[-1].text.count(")"):
            out[-1] = sent.doc[out[-1].start : sent.end]
        else:
            out.append(sent)
    return out


def _labels_joined(sents: list[Span]) -> list[Span]:
    """A transcript's speaker label the parser cut off ("PAUL SIMON:" | "In Newark, ...")
    put back before the turn it labels."""
    out: list[Span] = []
    for sent in sents:
        label = out[-1].text.strip() if out else ""
        m = _SPEAKER.match(label + " ")
        if m is not None and m.end() == len(label):
            out[-1] = sent.doc[out[-1].start : sent.end]
        else:
            out.append(sent)
    return out


def _at_clause_marks(sents: list[Span]) -> list[Span]:
    """Sentences cut at a semicolon or a colon between two clauses ("A second mural will
    follow; the singer was born in Seattle", "The city has produced stars: X and Y were born
    here"): each clause is a statement of its own, so a prediction or an opinion in one does
    not hide the fact in the other."""
    out: list[Span] = []
    for sent in sents:
        start = sent.start
        for tok in sent:
            if tok.text not in (";", ":"):
                continue
            left, right = sent.doc[start : tok.i], sent.doc[tok.i + 1 : sent.end]
            if _clause(left) and _clause(right):
                out.append(sent.doc[start : tok.i + 1])
                start = tok.i + 1
        out.append(sent.doc[start : sent.end])
    return out


def _clause(span: Span) -> bool:
    """Whether words have a verb and three words or more: a clause, not a list's item."""
    words = [t for t in span if not t.is_punct and not t.is_space]
    return len(words) >= 3 and any(t.pos_ in ("VERB", "AUX") for t in words)


def _trimmed(sent: Span) -> Span | None:
    """The sentence without leading or trailing whitespace tokens (None if nothing is left)."""
    i, j = sent.start, sent.end
    doc = sent.doc
    while i < j and doc[i].is_space:
        i += 1
    while j > i and doc[j - 1].is_space:
        j -= 1
    return doc[i:j] if j > i else None
