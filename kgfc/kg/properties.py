"""Property semantics: what is known about Wikidata properties before looking at a KG.

Single-value priors, and which properties are symmetric, inverses of each
other, aliases or chain along a hierarchy. A neutral module (the vocabulary
only), so the reasoner (:mod:`kgfc.reason`), the triple checker, web stance
detection (:mod:`kgfc.web.stance`) and the store read the same tables without
one importing the other: nothing in ``kg/`` reaches up into ``reason/``.
"""

from __future__ import annotations

from collections.abc import Iterable

from kgfc.kg import vocab as V
from kgfc.kg.vocab import WDT

__all__ = [
    "ALIAS_PROPS",
    "CHAINS",
    "CUMULATIVE",
    "FUNCTIONAL_THRESHOLD",
    "HISTORICAL",
    "HUMAN",
    "INVERSES",
    "KINSHIP",
    "LOCATION",
    "MAX_CHAIN",
    "OWL_SAME_AS",
    "P31",
    "PRIOR_FUNCTIONALITY",
    "RELATED",
    "SYMMETRIC",
    "functional_by_prior",
    "relating",
]

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


# Properties whose values a subject gathers or holds side by side, so that one stated value
# never excludes another, however single-valued the KG's sparse records make them look: a
# person with one recorded illness can have another (medical condition is "97 % single"
# in the demo KG only because few conditions are recorded), an artist belongs to a second
# movement, a label to a second industry. Wikidata gives none of them a single-value
# constraint. Measured functionality never makes one refute. Sport is not one of them: an
# athlete is known for one sport, and "a basketball player competes in boxing" is false.
CUMULATIVE = frozenset(
    WDT + n
    for n in (
        "P1050",  # medical condition
        "P135",  # movement
        "P136",  # genre
        "P452",  # industry
        "P101",  # field of work
        "P166",  # award received
        "P1303",  # instrument
        "P1412",  # languages spoken, written or signed
        "P737",  # influenced by
        "P800",  # notable work
        "P463",  # member of
    )
)


def functional_by_prior(properties: Iterable[str]) -> bool:
    """Is any of ``properties`` single-valued by the prior table?"""
    return any(PRIOR_FUNCTIONALITY.get(p, 0.0) >= FUNCTIONAL_THRESHOLD for p in properties)


def _p(n: str) -> str:
    return WDT + n


OWL_SAME_AS = V.OWL + "sameAs"
P31 = _p("P31")
# "X is a Y": what a bare copula reads as (occupation, or instance of), best first
IS_A = (_p("P106"), P31)
ALIAS_PROPS = frozenset({OWL_SAME_AS, _p("P460")})
# "S is associated with / connected to / related to O", "S has nothing to do with O": no
# property, any stated relation between the two, either way. Not a Wikidata property: the
# reasoner checks it against the facts that link S and O directly (never a chain, never
# a mined rule), and its absence refutes nothing.
RELATED = V.KGFC + "relatedTo"


def relating(predicate: str) -> bool:
    """Does a fact with this predicate relate its two ends for :data:`RELATED`? Membership in
    a class (instance of, subclass of) and being the same thing do not."""
    return predicate not in RELATING_NOT and predicate.startswith((WDT, V.KGFC_REL))


RELATING_NOT = frozenset({_p("P31"), _p("P279"), *ALIAS_PROPS})
HUMAN = V.WD + "Q5"
# family ties: father, mother, child, sibling, spouse, relative, unmarried partner
KINSHIP = frozenset(_p(n) for n in ("P22", "P25", "P40", "P3373", "P26", "P1038", "P451"))
SYMMETRIC = frozenset(_p(n) for n in ("P26", "P3373", "P47", "P530", "P451", "P1327", "P460"))
_INVERSE_PAIRS = [
    ("P40", "P22"),  # child / father
    ("P40", "P25"),  # child / mother
    ("P36", "P1376"),  # capital / capital of
    ("P527", "P361"),  # has part / part of
    ("P150", "P131"),  # contains administrative entity / located in
    ("P355", "P749"),  # subsidiary / parent organization
    ("P1830", "P127"),  # owner of / owned by
]
INVERSES: dict[str, frozenset[str]] = {}
for _a, _b in _INVERSE_PAIRS:
    INVERSES[_p(_a)] = INVERSES.get(_p(_a), frozenset()) | {_p(_b)}
    INVERSES[_p(_b)] = INVERSES.get(_p(_b), frozenset()) | {_p(_a)}

LOCATION = frozenset(_p(n) for n in ("P131", "P276", "P17", "P706", "P30"))
# head property -> (properties allowed for the first step, properties allowed after it)
CHAINS: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
for _n in ("P19", "P20", "P551", "P159", "P740", "P119", "P937", "P1071", "P291", "P495"):
    CHAINS[_p(_n)] = (frozenset({_p(_n)}), LOCATION)
for _n in ("P131", "P276", "P17", "P706", "P30"):
    CHAINS[_p(_n)] = (LOCATION, LOCATION)
for _n in ("P361", "P279", "P171"):
    CHAINS[_p(_n)] = (frozenset({_p(_n)}), frozenset({_p(_n)}))
CHAINS[P31] = (frozenset({P31}), frozenset({_p("P279")}))
# Organisations: working for a subsidiary or a department is working for its parent
# ("employer Google", "Google parent organization Alphabet"), studying at a college
# is studying at the university it is part of. Membership (P463) is not read this
# way: a member of a band is not a member of the label the band belongs to.
_ORG_UP = frozenset({_p("P749"), _p("P361")})
CHAINS[_p("P108")] = (frozenset({_p("P108")}), _ORG_UP)
CHAINS[_p("P69")] = (frozenset({_p("P69")}), frozenset({_p("P361")}))
CHAINS[_p("P749")] = (frozenset({_p("P749")}), frozenset({_p("P749")}))
MAX_CHAIN = 5  # hops a chain (located in ... located in) may take
# Classes of former states and territories (historical country, former
# administrative territorial entity...): a city "located in" one of them, beside
# its present-day country, was there at some time only, so a chain may not pass
# through it (see kgfc.kg.paths.unambiguous).
HISTORICAL = frozenset(
    V.WD + q for q in ("Q3024240", "Q19953632", "Q1620908", "Q15893266", "Q28171280")
)
