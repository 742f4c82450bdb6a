"""What is known about Wikidata properties before looking at a KG: single-value priors.

A neutral module (the vocabulary only), so the reasoner's KG statistics
(:mod:`kgfc.reason.kgstats`) and web stance detection (:mod:`kgfc.web.stance`)
read the same table without one importing the other.
"""

from __future__ import annotations

from collections.abc import Iterable

from kgfc.kg.vocab import WDT

__all__ = ["FUNCTIONAL_THRESHOLD", "PRIOR_FUNCTIONALITY", "functional_by_prior"]

FUNCTIONAL_THRESHOLD = 0.9

# Wikidata properties with a single-value constraint (or near enough), for
# stores too small to estimate functionality from. Values are priors.
PRIOR_FUNCTIONALITY = {
    WDT + "P19": 0.98,  # place of birth
    WDT + "P20": 0.98,  # place of death
    WDT + "P21": 0.99,  # sex or gender
    WDT + "P22": 0.98,  # father
    WDT + "P25": 0.98,  # mother
    WDT + "P36": 0.92,  # capital
    WDT + "P569": 0.97,  # date of birth
    WDT + "P570": 0.97,  # date of death
    WDT + "P571": 0.95,  # inception
    WDT + "P576": 0.95,  # dissolved
    WDT + "P1082": 0.9,  # population (one current value)
}


def functional_by_prior(properties: Iterable[str]) -> bool:
    """Is any of ``properties`` single-valued by the prior table?"""
    return any(PRIOR_FUNCTIONALITY.get(p, 0.0) >= FUNCTIONAL_THRESHOLD for p in properties)
