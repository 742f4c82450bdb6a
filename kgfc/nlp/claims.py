"""Claim analysis without an LLM: the public face of three modules.

- :mod:`kgfc.nlp.mentions` — :func:`extract_mentions`: spaCy entities
  (numbers dropped, dates kept as values) with a noun-chunk fallback.
- :mod:`kgfc.nlp.alignment` — :class:`RelationAligner`: a relation phrase
  ("was born in") to ranked Wikidata direct properties.
- :mod:`kgfc.nlp.decompose` — :func:`decompose`: dependency-pattern
  decomposition of a claim into :class:`~kgfc.models.ClaimTriple` readings
  plus topic keywords.
"""

from __future__ import annotations

from kgfc.nlp.alignment import Alignment, RelationAligner
from kgfc.nlp.decompose import decompose, decompose_many
from kgfc.nlp.mentions import extract_mentions

__all__ = ["Alignment", "RelationAligner", "decompose", "decompose_many", "extract_mentions"]
