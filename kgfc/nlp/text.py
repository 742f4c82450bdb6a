"""The text toolkit: normalised keys, words, stop words, sentences, clipped names.

A leaf module (the standard library only), so every layer — the store's
label index, the beam, the reasoner, web filtering and extraction, reports —
splits and compares text the same way:

- :func:`normalise` — the key labels are matched on (NFKC, case-folded,
  punctuation to spaces); :func:`words` is its word split.
- :func:`content_words` — words minus :data:`STOP_WORDS`, for bag-of-words
  comparisons; the word classes it is built from (:data:`ARTICLES`,
  :data:`AUXILIARIES`, :data:`PREPOSITIONS`, :data:`PRONOUNS`) are exported
  for callers that need one class only (relation phrases keep their
  prepositions, for instance).
- :func:`split_sentences` / :func:`sentence_windows` — a cheap regex
  splitter for whole documents (the spaCy parser splits the claims it parses).
- :func:`widen` — the whole name around a mention spaCy clipped ("Glen" in
  "Iain Glen was born in ..."), from known labels or capitalisation.

Hand-written rather than spaCy's sentencizer or NLTK's punkt: documents are
split by the thousand before any model runs (coarse BM25 filtering), and the
rules here (abbreviations, markdown structure) are a few lines.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Container, Iterable, Sequence

__all__ = [
    "ARTICLES",
    "AUXILIARIES",
    "LAST_DAYS",
    "NAME_CONNECTORS",
    "NEGATIONS",
    "PREPOSITIONS",
    "PRONOUNS",
    "STOP_WORDS",
    "content_words",
    "normalise",
    "sentence_windows",
    "split_sentences",
    "widen",
    "words",
]

# -- keys and words ---------------------------------------------------------------

_SPACE = re.compile(r"\s+")
_NON_WORD = re.compile(r"[^\w\s]")


def normalise(text: str) -> str:
    """The matching key of a name or phrase: NFKC, case-folded, punctuation as spaces."""
    text = unicodedata.normalize("NFKC", text).casefold()
    return _SPACE.sub(" ", _NON_WORD.sub(" ", text)).strip()


def words(text: str) -> list[str]:
    """The words of :func:`normalise` (Unicode-aware: "Zürich" is one word)."""
    return normalise(text).split()


def surface_words(text: str) -> list[str]:
    """The same split as :func:`words` with the case kept (for "is it capitalised?")."""
    return _NON_WORD.sub(" ", unicodedata.normalize("NFKC", text)).split()


# -- word classes -----------------------------------------------------------------

ARTICLES = frozenset({"a", "an", "the"})
AUXILIARIES = frozenset(
    {"is", "was", "are", "were", "be", "been", "being", "am", "has", "have", "had", "having",
     "do", "does", "did", "will", "would", "shall", "should", "can", "could", "may", "might",
     "must"}
)  # fmt: skip
NEGATIONS = frozenset({"not", "never", "n't", "no"})
# "(their) last days": where one spent them is a place of death when the claim says so
# ("... and died there"); a regular expression fragment, for the rewrites and the qualifiers
LAST_DAYS = r"(?:(?:his|her|their|its)\s+)?(?:last|final)\s+(?:days|hours|moments|weeks)"
PREPOSITIONS = frozenset(
    {"in", "on", "at", "of", "for", "to", "by", "from", "with", "as", "into", "onto", "about",
     "after", "before", "during", "under", "over", "within"}
)  # fmt: skip
PRONOUNS = frozenset(
    {"i", "me", "you", "he", "him", "she", "her", "it", "we", "us", "they", "them", "this",
     "that", "these", "those", "who", "whom", "which", "what", "someone", "something", "anyone",
     "anything", "my", "your", "his", "its", "our", "their", "mine", "yours", "hers", "ours",
     "theirs"}
)  # fmt: skip
# Lower-case words inside a proper name ("University of Göttingen", "Vincent van Gogh").
NAME_CONNECTORS = frozenset({"a", "an", "the", "of", "in", "on", "at", "and", "for", "to", "de",
                             "la", "van", "von", "&"})  # fmt: skip

# Words that carry no content in a bag-of-words comparison.
STOP_WORDS = (
    ARTICLES
    | AUXILIARIES
    | NEGATIONS
    | frozenset({"of", "in", "on", "at", "to", "for", "by", "with", "from", "as", "and", "or"})
    | frozenset({"that", "this", "it", "its", "his", "her", "their"})
)


def content_words(text: str, *, stem: bool = False, min_len: int = 1) -> set[str]:
    """The words of ``text`` that are not :data:`STOP_WORDS`.

    ``stem`` folds a plain plural ("awards" -> "award", words over four
    letters); ``min_len`` drops short words.
    """
    out = set()
    for w in words(text):
        if w in STOP_WORDS or len(w) < min_len:
            continue
        out.add(w[:-1] if stem and len(w) > 4 and w.endswith("s") else w)
    return out


# -- sentences --------------------------------------------------------------------

_ABBREVIATIONS = frozenset(
    {"mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "mt", "ft", "vs", "etc", "e.g", "i.e",
     "cf", "inc", "ltd", "co", "corp", "dept", "est", "fig", "figs", "no", "nos", "vol", "vols",
     "pp", "approx", "ca", "gen", "gov", "sen", "rep", "lt", "col", "capt", "sgt", "maj", "adm",
     "rev", "hon", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov",
     "dec", "u.s", "u.k", "u.n", "a.m", "p.m", "ph.d", "b.a", "m.a", "d.c", "al"}
)  # fmt: skip
_BOUNDARY = re.compile(r"""[.!?]+["'”’)\]]*(?=\s+["'“‘(\[]?[A-Z0-9])""")
_PARAGRAPH = re.compile(r"\n[ \t]*\n+")
_LIST_ITEM = re.compile(r"^\s*(?:[-*•+]|\d+[.)])\s+")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+")


def overlap_scores(query: str, texts: Sequence[str]) -> list[float]:
    """Token-overlap relevance in [0, 1] (cosine of binary bags of stemmed content words).

    The no-model ranker, and the cheap one where the order of the candidates
    cannot change a verdict (see :class:`kgfc.kg.beam.BeamSearch`).
    """
    q = content_words(query, stem=True)
    out = []
    for t in texts:
        tt = content_words(t, stem=True)
        out.append(len(q & tt) / (len(q) * len(tt)) ** 0.5 if q and tt else 0.0)
    return out


def split_sentences(text: str) -> list[str]:
    """Sentences of ``text``, whitespace collapsed, in order; cheap (a regex, no model).

    Blank lines, markdown headings and list items end a sentence; other line
    breaks do not (wrapped text). A full stop after a known abbreviation
    ("Dr.", "U.S.", "Jan.") or an initial ("J. K. Rowling") does not either.
    """
    out: list[str] = []
    for para in _PARAGRAPH.split(text or ""):
        blocks: list[list[str]] = [[]]
        for line in para.splitlines():
            if not line.strip():
                continue
            heading = _HEADING.match(line)
            item = heading or _LIST_ITEM.match(line)
            if item:
                blocks.append([line[item.end() :]])
                if heading:  # a heading never continues onto the next line
                    blocks.append([])
            else:
                blocks[-1].append(line)
        for block in blocks:
            joined = " ".join(" ".join(block).split())
            if joined:
                out.extend(s for s in _split_block(joined) if s)
    return out


def _split_block(block: str) -> list[str]:
    sentences, start = [], 0
    for m in _BOUNDARY.finditer(block):
        if m.group().startswith(".") and len(m.group().rstrip("\"'”’)]")) == 1:
            before = block[start : m.start()].rsplit(None, 1)
            word = before[-1].lstrip("\"'“‘([") if before else ""
            if word.lower() in _ABBREVIATIONS or re.fullmatch(r"[A-Z]", word):
                continue
        sentences.append(block[start : m.end()].strip())
        start = m.end()
    sentences.append(block[start:].strip())
    return sentences


def sentence_windows(
    sentences: Sequence[str], size: int = 3, stride: int = 2
) -> list[tuple[int, list[str]]]:
    """Overlapping windows of ``size`` sentences every ``stride``: ``(first index, sentences)``."""
    n = len(sentences)
    if n == 0:
        return []
    out = []
    for start in range(0, n, max(1, stride)):
        out.append((start, list(sentences[start : start + size])))
        if start + size >= n:
            break
    return out


# -- clipped names ----------------------------------------------------------------

MAX_NAME_WORDS = 8  # the longest known label looked for inside a text
_CAP_SPAN = re.compile(r"(?:(?:[A-Z][\w'.-]*|of|de|van|von|the|and|&)\s+)*[A-Z][\w'.-]*")


def widen(text: str, mention: str, labels: Container[str] | None = None) -> str | None:
    """The whole name in ``text`` that ``mention`` is a clipped part of; None when there is none.

    spaCy cuts some names short ("Little Richard" -> "Richard", "The
    Talented Mr. Ripley" -> "Ripley", "Iain Glen" -> "Glen").

    With ``labels`` (normalised keys of known names, e.g. a KG's label
    index), the answer is the longest known name in ``text`` containing the
    mention as whole words, taking only words that belong to a name: a
    content word, or capitalised ones ("A Few Good Men"), never a bare
    lower-case article ("plays the piano" is no film). A mention that occurs
    twice ("Obama ... Michelle Obama") is ambiguous and not widened. The
    result is returned as a key of ``labels``.

    Without ``labels``, the answer is the capitalised span of ``text``
    around the mention ("of", "de", "van", "the" may join its words).
    """
    if labels is None:
        return _widen_capitalised(text, mention)
    return _widen_known(text, mention, labels.__contains__)


def _widen_capitalised(text: str, mention: str) -> str | None:
    for m in _CAP_SPAN.finditer(text):
        span = m.group(0).strip().rstrip(".,;:'")
        for lead in ("of ", "and ", "& "):  # a span cannot start with a connector
            if span.lower().startswith(lead):
                span = span[len(lead) :]
        # whole words: "Japan" is no clipped part of "Japanese"
        if span != mention and re.search(rf"(?<!\w){re.escape(mention)}(?!\w)", span):
            return span
    return None


def _widen_known(text: str, mention: str, known: Callable[[str], bool]) -> str | None:
    key = words(mention)
    n = len(key)
    ws = words(text)
    surface = surface_words(text)
    if len(surface) != len(ws):  # case-folding changed the word count: no case information
        surface = ws
    occurrences = sum(1 for k in range(len(ws) - n + 1) if ws[k : k + n] == key)
    if n == 0 or occurrences != 1:
        return None
    for i, j in _known_spans(ws, known):
        if j - i <= n:
            continue
        for k in range(i, j - n + 1):
            if ws[k : k + n] != key:
                continue
            extra = [*range(i, k), *range(k + n, j)]
            if any(ws[x] not in NAME_CONNECTORS for x in extra) or all(
                surface[x][:1].isupper() for x in extra
            ):
                return " ".join(ws[i:j])
    return None


def _known_spans(ws: Sequence[str], known: Callable[[str], bool]) -> Iterable[tuple[int, int]]:
    """Word ranges of ``ws`` that are known names (the longest at each start), longest first."""
    found = []
    for i in range(len(ws)):
        for j in range(min(len(ws), i + MAX_NAME_WORDS), i + 1, -1):
            if known(" ".join(ws[i:j])):
                found.append((i, j))
                break
    return sorted(found, key=lambda r: (-(r[1] - r[0]), r[0]))


def read_from(subject: str, obj: str, text: str) -> bool:
    """Were a triple's two ends read from ``text``? (both are in it: readers keep the text's
    words) -- how a claim's triples are told apart by sentence or clause."""
    key = normalise(text)
    return bool(subject) and normalise(subject) in key and normalise(obj) in key
