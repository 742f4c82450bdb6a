"""Informal writing: the chatter around a claim in a post ("omg ...", "... lol", emoji, hashtags).

Dropped before a claim is read and its names linked, so that "omg nicole richie was born
in berkeley #tbt" reads as the sentence inside it. Hand-written patterns: the chatter is
a short closed list, and no library keeps one.
"""

from __future__ import annotations

import re

# trailing chatter of informal text: "lol", "!!", emoji, hashtags
_TAIL = re.compile(
    r"(?:\s+(?:lol|lmao|haha+|tbh|imo|fr|ngl|smh)\b|\s*#\w+|\s*[^\w\s.,'’&()?!:;\"-])+[\s!.]*$",
    re.IGNORECASE,
)
# leading chatter: "omg", "fun fact:", "did u know (that)", "TIL"; only before more words
_HEAD = re.compile(
    r"^(?:(?:omg|wow|lol|lmao|ngl|tbh|btw|fyi|til|fun\s+fact|did\s+(?:you|u|ya)\s+know)"
    r"(?:\s*[:,!-]+\s*|\s+))+(?:that\s+)?(?=\S+\s+\S)",
    re.IGNORECASE,
)


def plain(text: str) -> str:
    """``text`` without the chatter of informal writing ("omg ...", "... lol", emoji, hashtags)."""
    return _HEAD.sub("", _TAIL.sub("", text).strip()).strip()
