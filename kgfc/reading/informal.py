"""Words around a claim that are no part of what it states, dropped before it is read.

The chatter of a post ("omg ...", "... lol", emoji, hashtags) and the asides of news and
posts kept as data in ``asides.toml`` (attributions such as "According to X, ..." or
"..., officials said on Tuesday", datelines, social lead-ins and tags), so that "omg nicole
richie was born in berkeley #tbt" and "Coldplay was formed in London, a spokesman said"
read as the sentence inside them. Hand-written patterns: the chatter is a short closed
list, and no library keeps one.
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass
from importlib import resources

# trailing chatter of informal text: "lol", "!!", emoji, hashtags (a symbol that may end a
# claim -- a footnote mark's bracket, a unit, a percent sign -- is no chatter)
_TAIL = re.compile(
    r"(?:\s+(?:lol|lmao|haha+|tbh|imo|fr|ngl|smh)\b|\s*#\w+|"
    r"\s*[^\w\s.,'’&()\[\]%$€£°/+=?!:;\"-])+[\s!.]*$",
    re.IGNORECASE,
)
# leading chatter: "omg", "fun fact:", "did u know (that)", "TIL"; only before more words
_HEAD = re.compile(
    r"^(?:(?:omg|wow|lol|lmao|ngl|tbh|btw|fyi|til|fun\s+fact|did\s+(?:you|u|ya)\s+know)"
    r"(?:\s*[:,!-]+\s*|\s+))+(?:that\s+)?(?=\S+\s+\S)",
    re.IGNORECASE,
)


# a name written as a hashtag inside a post: "#TonyBlair is a member of ..." (trailing tags
# are chatter, dropped above)
_HASHTAG_NAME = re.compile(r"#((?:[A-Z][a-z'’]+){2,4})\b")
# ... and after a preposition it ends the sentence it belongs to: "... played in #TheWhiteStripes"
_HASHTAG_OBJECT = re.compile(
    r"\b((?i:in|by|of|with|for|to|from|at|on|and)\s+)#((?:[A-Z][a-z'’]+){2,4})\b"
)


def _hashtag_words(m: re.Match[str]) -> str:
    return " ".join(re.findall(r"[A-Z][a-z'’]+", m[1]))


@dataclass(frozen=True)
class Aside:
    """One rule of ``asides.toml``: what to drop, with the examples that justify it."""

    name: str
    pattern: re.Pattern[str]
    replace: str
    examples: tuple[tuple[str, str], ...]
    counter_examples: tuple[str, ...]
    # the matched ``word`` group's name for ``{word}`` in ``replace`` ("african": "Africa")
    table: dict[str, str] | None = None

    def drop(self, text: str) -> str:
        if not self.table:
            return self.pattern.sub(self.replace, text, count=1).strip()
        m = self.pattern.search(text)
        word = " ".join(m["word"].lower().split()) if m else ""
        if m is None or word not in self.table:
            return text
        replace = self.replace.replace("{word}", self.table[word])
        return (text[: m.start()] + m.expand(replace) + text[m.end() :]).strip()


@functools.cache
def asides() -> tuple[Aside, ...]:
    """The rules of ``kgfc/reading/asides.toml``, compiled once per process."""
    raw = tomllib.loads(
        resources.files("kgfc.reading").joinpath("asides.toml").read_text(encoding="utf-8")
    )
    return tuple(
        Aside(
            r["name"],
            re.compile(r["pattern"], re.IGNORECASE),
            r.get("replace", ""),
            tuple((a, b) for a, b in r["examples"]),
            tuple(r["counter_examples"]),
            r.get("table"),
        )
        for r in raw["rule"]
    )


def plain(text: str) -> str:
    """``text`` without the chatter of informal writing ("omg ...", "... lol", emoji, hashtags;
    a hashtag name inside it as words) and without the asides of ``asides.toml``
    (attributions, datelines, social lead-ins)."""
    out = _HASHTAG_OBJECT.sub(lambda m: m[1] + " ".join(re.findall(r"[A-Z][a-z'’]+", m[2])), text)
    out = _HEAD.sub("", _TAIL.sub("", out).strip()).strip()
    out = _HASHTAG_NAME.sub(_hashtag_words, out)
    for rule in asides():
        out = rule.drop(out)
    return _HEAD.sub("", out).strip() or text
