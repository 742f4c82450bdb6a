"""Lexicons: knowledge about English kept as data, one TOML file per kind of reading.

A lexicon file has a ``frame`` (a regular expression with a ``{word}`` slot, the
sentence shape the lexicon reads; ``frames``, a list, for several shapes of one
reading, tried in order), optional shared ``modifiers`` and a list of
``entry`` records. Each entry has a ``name``, a ``word`` pattern that fills the
slot, the real-world ``examples`` that justify it and the ``counter_examples``
it must not catch (both run as tests), and whatever the reading needs
(``means``: the KG label the word stands for; ``properties``: what it reads as).
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class Entry:
    """One named rule of a lexicon."""

    name: str
    pattern: re.Pattern[str]
    examples: tuple[str, ...]
    counter_examples: tuple[str, ...]
    data: dict[str, Any] = field(default_factory=dict)
    # the entry in the lexicon's further frames ("the spouse of X died in Y")
    more: tuple[re.Pattern[str], ...] = ()

    def match(self, text: str) -> re.Match[str] | None:
        for pattern in (self.pattern, *self.more):
            m = pattern.match(text)
            if m is not None:
                return m
        return None


@dataclass(frozen=True)
class Lexicon:
    name: str
    source: str
    entries: tuple[Entry, ...]

    def match(self, text: str) -> tuple[Entry, re.Match[str]] | None:
        """The first entry whose frame matches the whole of ``text``, with the match."""
        for e in self.entries:
            m = e.match(text.strip())
            if m is not None:
                return e, m
        return None


def _entry(raw: dict[str, Any], frames: list[str], modifiers: str) -> Entry:
    word = raw["word"]
    first, *more = (
        re.compile(
            frame.replace("{modifiers}", modifiers).replace("{word}", f"(?P<word>{word})"),
            re.IGNORECASE,
        )
        for frame in frames
    )
    data = {
        k: v for k, v in raw.items() if k not in ("name", "word", "examples", "counter_examples")
    }
    return Entry(
        raw["name"],
        first,
        tuple(raw.get("examples", ())),
        tuple(raw.get("counter_examples", ())),
        data,
        tuple(more),
    )


@functools.cache
def load_lexicon(name: str) -> Lexicon:
    """``kgfc/reading/lexicons/NAME.toml``, parsed and compiled once per process."""
    path = resources.files("kgfc.reading").joinpath("lexicons", f"{name}.toml")
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    mods = raw.get("modifiers", [])
    modifiers = f"(?:(?:{'|'.join(mods)})\\s+)*" if mods else ""
    frames = [raw["frame"]] if "frame" in raw else list(raw["frames"])
    entries = tuple(_entry(e, frames, modifiers) for e in raw["entry"])
    return Lexicon(name, raw.get("source", ""), entries)


def lexicon_names() -> list[str]:
    """The lexicons shipped with kgfc."""
    folder = resources.files("kgfc.reading").joinpath("lexicons")
    return sorted(p.name[: -len(".toml")] for p in folder.iterdir() if p.name.endswith(".toml"))
