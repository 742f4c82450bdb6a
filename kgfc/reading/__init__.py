"""Claim reading: what a claim's words mean in the KG, with English kept as data.

:class:`ClaimReader` refines the triples of a claim once its entities are
linked, using the lexicons under ``kgfc/reading/lexicons`` (each entry with its
real-world examples and counter-examples) and the relation equivalences of
``equivalences.toml``.
"""

from kgfc.reading.citing import cite_paths
from kgfc.reading.informal import plain
from kgfc.reading.lexicon import Entry, Lexicon, lexicon_names, load_lexicon
from kgfc.reading.reader import ClaimReader, Reading, equivalences

__all__ = [
    "ClaimReader",
    "Entry",
    "Lexicon",
    "Reading",
    "cite_paths",
    "equivalences",
    "lexicon_names",
    "load_lexicon",
    "plain",
]
