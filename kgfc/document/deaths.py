"""An obituary's cause of death, said apart from the death: "He died on Friday in Seattle.
... The cause was pneumonia, his family said." -- read as "Carl Sagan died of pneumonia.".

"The cause" after a death the document told is the cause of that death, and whoever the
obituary names for it (his family, her husband, a spokesman) is its source: the document
states the cause, sourced as obituaries source it, rather than passing on a view.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# a sentence that tells someone's death: who died is its subject
DEATH_WORDS = re.compile(r"\b(?:died|dies|dead|death|passed away)\b", re.IGNORECASE)
# "The cause was pneumonia", "The cause of death was a heart attack, his wife said.",
# "the cause was a drug overdose": the cause, then at most whoever gave it
_CAUSE = re.compile(
    r"^(?:the )?cause(?: of (?:(?:his|her|their|the) )?death)? (?:was|is) "
    r"(?P<cause>[^,;:()]{3,80}?)"
    r"(?:,\s*(?:according to [^,;]{2,60}|[^,;]{2,60}?\s(?:said|says|told [^,;]{2,40}|confirmed))"
    r")?\s*[.!]?\s*$",
    re.IGNORECASE,
)


@dataclass
class Cause:
    cause: str  # "pneumonia"
    end: int  # where the cause's words end in the text (the claim's span stops there)


def cause_of_death(text: str) -> Cause | None:
    """The cause a "The cause was X[, his family said]." sentence gives, else None."""
    m = _CAUSE.match(text.strip())
    if m is None or not _a_thing(m["cause"]):
        return None
    lead = len(text) - len(text.lstrip())
    return Cause(m["cause"].strip(), lead + m.end("cause"))


def _a_thing(words: str) -> bool:
    """Whether the words after "the cause was" name a thing that kills ("pneumonia", "a
    heart attack"), not what became of a cause ("taken up by his widow", "not known")."""
    from kgfc.nlp.spacy_pipeline import parse  # the shared pipeline; loaded on first use

    doc = parse(f"It was {words}.")
    first = doc[2]
    return first.pos_ not in ("VERB", "AUX", "PART", "ADV", "ADP") and any(
        t.pos_ in ("NOUN", "PROPN") for t in doc[2:]
    )
