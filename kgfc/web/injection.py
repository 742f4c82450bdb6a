"""Prompt-injection detection: retrieved text is data, never instructions.

A passage that addresses the system ("ignore previous instructions",
"answer SUPPORTED", "you are an AI") is flagged; the filter then keeps no
stance for it and caps its confidence at :data:`INJECTION_CAP`, and web
integration does not trust the rest of its page.
"""

from __future__ import annotations

import re

__all__ = ["INJECTION_CAP", "injection_cues", "looks_like_injection"]

INJECTION_CAP = 0.1  # the most confidence a flagged passage or page keeps

_INJECTION = [
    re.compile(p, re.IGNORECASE)
    for p in (
        r"\b(?:ignore|disregard|forget|override|bypass)\b[^.!?\n]{0,40}\b(?:instructions?|prompts?|rules|directions|guidelines|context|messages?)\b",
        r"\b(?:answer|respond|reply|output|say|return|print|state|conclude|classify|label|mark|rate)\b[^.!?\n]{0,30}\b(?-i:SUPPORTED|REFUTED|NOT ENOUGH INFO)\b",
        r"\b(?:verdict|label|answer)\s*(?:is|=|:)[\s:]*[\"'“]?(?-i:SUPPORTED|REFUTED|NOT ENOUGH INFO)\b",
        r"\byou are (?:now |an? |the )*(?:AI|A\.I\.|assistant|language model|LLM|chatbot|chat ?bot|GPT|fact[- ]?checker|model)\b",
        r"\bas an (?:AI|A\.I\.|artificial intelligence|language model)\b",
        r"\b(?:system|developer) (?:prompt|message|instruction)s?\b",
        r"\bnew instructions?\b",
        r"\b(?:pretend|act) (?:to be|as) (?:an? )?(?:AI|assistant|model|system|fact[- ]?checker)\b",
        r"<\|?(?:im_start|im_end|system|endoftext)\|?>|\[/?INST\]|###\s*(?:instruction|system)",
        r"\b(?:AI|LLM|language model|assistant)s?\b[^.!?\n]{0,40}\b(?:must|should|shall)\b[^.!?\n]{0,30}\b(?:answer|respond|say|output|conclude)\b",
    )
]


def injection_cues(text: str) -> list[str]:
    """The fragments of ``text`` that read as instructions to the system (empty when none)."""
    return [m.group() for pattern in _INJECTION for m in [pattern.search(text)] if m]


def looks_like_injection(text: str) -> bool:
    return any(p.search(text) for p in _INJECTION)
