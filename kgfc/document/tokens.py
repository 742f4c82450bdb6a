"""Token sets of a parsed sentence put back into words, and the punctuation around them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

VOWEL = tuple("aeiouAEIOU")


def text_of(doc: Doc, toks: set[int], swap: dict[int, str] | None = None) -> str:
    out: list[str] = []
    order = sorted(toks)
    for n, i in enumerate(order):
        t = doc[i]
        word = (swap or {}).get(i, t.text)
        if swap and i in swap and out and out[-1].strip().lower() in ("a", "an"):
            # "a philosopher and mathematician" -> "a mathematician"? no: "an" before a vowel
            article = "an" if word.startswith(VOWEL) else "a"
            prev = out[-1].strip()
            out[-1] = (article.capitalize() if prev[0].isupper() else article) + " "
        ws = t.whitespace_ if n + 1 < len(order) and order[n + 1] == i + 1 else " "
        out.append(word + ws)
    text = " ".join("".join(out).split())
    text = text.replace(" ,", ",").replace(" .", ".").replace(" 's", "'s").replace(",,", ",")
    return text.strip(" ,;")


def commas(sent: Span, sub: set[int]) -> set[int]:
    """The commas around a parenthetical."""
    out: set[int] = set()
    lo, hi = min(sub) - 1, max(sub) + 1
    if lo >= sent.start and sent.doc[lo].text in (",", "—", "–", "("):
        out.add(lo)
    if hi < sent.end and sent.doc[hi].text in (",", "—", "–", ")"):
        out.add(hi)
    return out


def set_off(sent: Span, c: Token) -> bool:
    """Whether a phrase stands between commas, dashes or brackets."""
    lo = min(t.i for t in c.subtree) - 1
    return lo >= sent.start and sent.doc[lo].text in (",", "(", "—", "–")


def indefinite(c: Token) -> bool:
    return any(x.dep_ == "det" and x.lower_ in ("a", "an") for x in c.children)
