"""Build benchmarks/data/blind_natural_v2.jsonl: 300 natural claims about the demo KG, labelled by SPARQL.

The set is frozen once written (see benchmarks/data/blind_natural_v2.md); this script is kept so the
build can be repeated and audited. It reads only the bundled demo KG (pyoxigraph directly, not kgfc),
samples facts with a fixed seed, fills hand-written phrasings and attaches to every claim the query
that decides its label. `python benchmarks/blindset_check.py --set v2` re-runs those queries.

    python benchmarks/build_blind_natural_v2.py            # writes the set
    python benchmarks/build_blind_natural_v2.py --stdout   # prints it instead
"""

from __future__ import annotations

import random
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from blindset_kg import open_demo, run  # noqa: E402
from dataset_build import CITY_KINDS, claim_row, jsonl, numbered  # noqa: E402

OUT = Path(__file__).resolve().parent / "data" / "blind_natural_v2.jsonl"
SEED = 20261204
S, R, N = "SUPPORTED", "REFUTED", "NOT ENOUGH INFO"
ENC, JOU, SOC = "encyclopedia", "journalist", "social"

# Modern sovereign states with the adjective used in claims. REFUTED claims about citizenship,
# countries of cities or films only pair two of these, and never a pair in FAMILY (one may
# historically or politically contain the other).
DEMONYM = {
    "Q30": "American",
    "Q145": "British",
    "Q16": "Canadian",
    "Q142": "French",
    "Q183": "German",
    "Q27": "Irish",
    "Q38": "Italian",
    "Q408": "Australian",
    "Q40": "Austrian",
    "Q668": "Indian",
    "Q148": "Chinese",
    "Q17": "Japanese",
    "Q29": "Spanish",
    "Q34": "Swedish",
    "Q39": "Swiss",
    "Q801": "Israeli",
    "Q258": "South African",
    "Q96": "Mexican",
    "Q55": "Dutch",
    "Q155": "Brazilian",
    "Q20": "Norwegian",
    "Q35": "Danish",
    "Q31": "Belgian",
}
COUNTRY_NAME = {
    "Q30": "the United States",
    "Q145": "the UK",
    "Q16": "Canada",
    "Q142": "France",
    "Q183": "Germany",
    "Q27": "Ireland",
    "Q38": "Italy",
    "Q408": "Australia",
    "Q40": "Austria",
    "Q668": "India",
    "Q148": "China",
    "Q17": "Japan",
    "Q29": "Spain",
    "Q34": "Sweden",
    "Q39": "Switzerland",
    "Q801": "Israel",
    "Q258": "South Africa",
    "Q96": "Mexico",
    "Q55": "the Netherlands",
    "Q155": "Brazil",
    "Q20": "Norway",
    "Q35": "Denmark",
    "Q31": "Belgium",
}
FAMILY = [
    {"Q145", "Q27"},
    {"Q183", "Q40"},
    {"Q183", "Q39"},
    {"Q142", "Q31"},
    {"Q55", "Q31"},
    {"Q30", "Q96"},
]

CITY_TYPES = {
    *CITY_KINDS,
    "Q22865",
    "Q42744322",
    "Q1187811",
}
ROLE = [  # (occupation QID, noun) in order of preference for "the <noun> X"
    ("Q82955", "politician"),
    ("Q2526255", "director"),
    ("Q4964182", "philosopher"),
    ("Q1028181", "painter"),
    ("Q245068", "comedian"),
    ("Q177220", "singer"),
    ("Q33999", "actor"),
    ("Q36834", "composer"),
    ("Q36180", "writer"),
    ("Q639669", "musician"),
]
RELIGION_GROUPS = {
    "christian": {
        "Q1841",
        "Q9592",
        "Q5043",
        "Q6423963",
        "Q75809",
        "Q93191",
        "Q682443",
        "Q23540",
        "Q178169",
        "Q35032",
        "Q33203",
        "Q106687",
        "Q1062789",
        "Q106039",
        "Q60995",
        "Q101849",
        "Q170208",
    },
    "jewish": {"Q9268", "Q678551", "Q7325"},
    "muslim": {"Q432", "Q483654", "Q9585"},
    "buddhist": {"Q748"},
    "hindu": {"Q9089"},
    "atheist": {"Q7066", "Q288928"},
    "scientologist": {"Q131036"},
}
# claimed religion -> (values that make it true, noun phrase)
RELIGION_CLAIM = {
    "catholic": ({"Q1841", "Q9592"}, "a Catholic", "Catholic"),
    "buddhist": ({"Q748"}, "a Buddhist", "Buddhist"),
    "muslim": ({"Q432", "Q483654", "Q9585"}, "a Muslim", "Muslim"),
    "hindu": ({"Q9089"}, "a Hindu", "Hindu"),
    "atheist": ({"Q7066"}, "an atheist", "atheist"),
    "jewish": ({"Q9268"}, "Jewish", "Jewish"),
    "scientologist": ({"Q131036"}, "a Scientologist", "Scientologist"),
}
CLAIM_GROUP = {
    "catholic": "christian",
    "buddhist": "buddhist",
    "muslim": "muslim",
    "hindu": "hindu",
    "atheist": "atheist",
    "jewish": "jewish",
    "scientologist": "scientologist",
}
PARTY = {"Q29552": ("a Democrat", "Democratic"), "Q29468": ("a Republican", "Republican")}
# cause of death QID -> (category, phrase after "died of")
CAUSE = {
    "Q12152": ("heart", "a heart attack"),
    "Q181754": ("heart", "heart failure"),
    "Q202837": ("heart", "cardiac arrest"),
    "Q12192": ("lung", "pneumonia"),
    "Q12202": ("stroke", "a stroke"),
    "Q1368943": ("stroke", "a cerebral hemorrhage"),
    "Q47912": ("cancer", "lung cancer"),
    "Q212961": ("cancer", "pancreatic cancer"),
    "Q181257": ("cancer", "prostate cancer"),
    "Q623031": ("cancer", "liver cancer"),
    "Q29496": ("cancer", "leukemia"),
    "Q188874": ("cancer", "colorectal cancer"),
    "Q476921": ("kidney", "kidney failure"),
    "Q3505252": ("overdose", "a drug overdose"),
    "Q12204": ("lung", "tuberculosis"),
    "Q2140674": ("trauma", "gunshot wounds"),
    "Q11081": ("brain", "Alzheimer's disease"),
    "Q206901": ("brain", "ALS"),
}
CEMETERIES = [
    "Forest Lawn Memorial Park",
    "Westwood Village Memorial Park Cemetery",
    "Hollywood Forever Cemetery",
    "Holy Cross Cemetery",
    "Westminster Abbey",
    "Arlington National Cemetery",
    "Woodlawn Cemetery",
]
FAR_CONTINENT = {
    "Q46": ["Q18", "Q538"],  # Europe -> South America, Oceania
    "Q48": ["Q18", "Q15"],  # Asia -> South America, Africa
    "Q15": ["Q18", "Q538", "Q46"],  # Africa
    "Q49": ["Q15", "Q538"],  # North America
    "Q18": ["Q46", "Q48", "Q15"],  # South America
    "Q538": ["Q46", "Q15", "Q18"],  # Oceania
}
LANG_CLAIMS = ["Q1860", "Q150", "Q1321", "Q13955", "Q188", "Q7737", "Q5146"]


class KG:
    def __init__(self) -> None:
        self.store = open_demo()
        self.out: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        self.inv: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        for s, p, o in run(
            self.store, "SELECT ?s ?p ?o WHERE { ?s ?p ?o . FILTER(STRSTARTS(STR(?p), STR(wdt:))) }"
        ):
            self.out[s][p].add(o)
            self.inv[o][p].add(s)
        self.label = {
            s: lab for s, lab in run(self.store, "SELECT ?s ?l WHERE { ?s rdfs:label ?l }")
        }

    def v(self, s: str, p: str) -> set[str]:
        return self.out.get(s, {}).get(p, set())

    def has(self, s: str) -> bool:
        return s in self.label

    def types(self, s: str) -> set[str]:
        return self.v(s, "P31")

    def human(self, s: str) -> bool:
        return "Q5" in self.types(s) and self.has(s)

    def city(self, s: str) -> bool:
        return bool(self.types(s) & CITY_TYPES) and self.has(s)

    def film(self, s: str) -> bool:
        """A film with a title (CoDEx also types some genres, such as "action film", as films)."""
        lab = self.label.get(s, "")
        return "Q11424" in self.types(s) and (lab[:1].isupper() or lab[:1].isdigit())

    def country_of(self, place: str) -> str | None:
        """The one modern country of a place, or None when it has none, several, or an old one."""
        cs = self.v(place, "P17")
        if len(cs) == 1 and next(iter(cs)) in DEMONYM:
            return next(iter(cs))
        return None


def related(a: str, b: str) -> bool:
    return a == b or any({a, b} <= f for f in FAMILY)


def surname(label: str) -> str | None:
    parts = label.replace(",", "").split()
    if len(parts) < 2 or parts[-1] in {"Jr.", "Sr.", "II", "III"} or not parts[-1][0].isupper():
        return None
    return parts[-1]


def role(kg: KG, s: str) -> tuple[str, str] | None:
    occ = kg.v(s, "P106")
    for q, noun in ROLE:
        if q in occ:
            return q, noun
    return None


# ---------------------------------------------------------------- queries that decide labels


def ask_fact(s: str, p: str, o: str, extra: str = "") -> tuple[str, bool]:
    return f"ASK {{ wd:{s} wdt:{p} wd:{o} .{extra} }}", True


def ask_any(s: str, p: str, values: set[str]) -> tuple[str, bool]:
    vals = " ".join(f"wd:{v}" for v in sorted(values))
    return f"ASK {{ wd:{s} wdt:{p} ?v . VALUES ?v {{ {vals} }} }}", True


def ask_none(s: str, p: str) -> tuple[str, bool]:
    return f"ASK {{ wd:{s} wdt:{p} ?v }}", False


def ask_none_either_way(s: str, p: str) -> tuple[str, bool]:
    """For symmetric relations (spouse, sibling): no value stated from either side."""
    return f"ASK {{ {{ wd:{s} wdt:{p} ?v }} UNION {{ ?v wdt:{p} wd:{s} }} }}", False


def only_value(s: str, p: str, o: str) -> tuple[str, list]:
    return f"SELECT ?v WHERE {{ wd:{s} wdt:{p} ?v }}", [[o]]


def only_place(s: str, p: str, o: str, claimed: str) -> tuple[str, list]:
    """The subject's one stated place, and whether the claimed place contains it or lies in it."""
    path = "(wdt:P131|wdt:P17|wdt:P361)*"
    q = (
        f"SELECT ?v ?nested WHERE {{ wd:{s} wdt:{p} ?v . "
        f"BIND(EXISTS {{ ?v {path} wd:{claimed} }} || EXISTS {{ wd:{claimed} {path} ?v }} AS ?nested) }}"
    )
    return q, [[o, "false"]]


# ---------------------------------------------------------------- sampled claim families
# Each family is (name, relation, label, phrasings); a phrasing is (style, text). Every phrasing of
# a family gets its own sampled fact. Fields: s (subject label), o (object), w (wrong value),
# sur (surname), role (occupation noun), dem / wdem (adjectives), c / wc (country names).

FAMILIES = [
    (
        "birth_s",
        "P19",
        S,
        [
            (ENC, "{s} was born in {o}."),
            (JOU, "{o}-born {s} has lived most of their life elsewhere."),
            (JOU, "Born in {o}, {s} rose to fame decades later."),
            (ENC, "The birthplace of {s} is {o}."),
            (SOC, "{s_lc} was born in {o_lc} lol who knew"),
            (SOC, "TIL {s} is from {o} 🤯"),
            (JOU, "It was in {o} that {s} was born."),
        ],
    ),
    (
        "birth_role_s",
        "P19",
        S,
        [
            (JOU, "The {role} {s} was born in {o}."),
            (ENC, "{sur}, the {role}, was born in {o}."),
            (JOU, "{sur}'s birthplace is {o}."),
        ],
    ),
    (
        "birth_r",
        "P19",
        R,
        [
            (ENC, "{s} was born in {w}."),
            (JOU, "{w}-born {s} is in town this week."),
            (JOU, "{s}, who was born in {w}, spoke to reporters."),
            (ENC, "{s}'s place of birth is {w}."),
            (SOC, "{s_lc} is literally from {w_lc} #hometown"),
            (SOC, "wait {s} was born in {w}?? yes, {w}."),
            (JOU, "Was {s} really born in {w}? Yes."),
            (ENC, "{w} is where {s} was born."),
            (JOU, "{sur} was born in the city of {w}."),
            (SOC, "born in {w}, {s} never forgot where they came from 🙏"),
        ],
    ),
    (
        "birth_neg_s",
        "P19",
        S,
        [
            (JOU, "{s} was not born in {w}."),
            (SOC, "no, {s} wasn't born in {w}"),
            (ENC, "Contrary to some reports, {s} was not born in {w} but in {o}."),
        ],
    ),
    (
        "birth_neg_r",
        "P19",
        R,
        [
            (JOU, "{s} was not born in {o}."),
            (SOC, "{s} is NOT from {o}, stop saying that"),
        ],
    ),
    (
        "birth_n",
        "P19",
        N,
        [
            (ENC, "{s} was born in {w}."),
            (JOU, "{w}-born {s} is back with a new project."),
            (SOC, "{s_lc} grew up in {w_lc}, born there too"),
            (ENC, "{s} is a native of {w}."),
            (JOU, "Was {s} born in {w}? Yes, according to the record."),
        ],
    ),
    (
        "death_s",
        "P20",
        S,
        [
            (ENC, "{s} died in {o}."),
            (JOU, "{s} passed away in {o}."),
            (ENC, "{o} is where {s} died."),
            (SOC, "rip {s_lc}, died in {o_lc} 💔"),
        ],
    ),
    (
        "death_r",
        "P20",
        R,
        [
            (ENC, "{s} died in {w}."),
            (JOU, "{s} passed away in {w}."),
            (SOC, "{s_lc} died in {w_lc} right?? yep"),
            (ENC, "{s}'s place of death was {w}."),
            (JOU, "It was in {w} that {s} died."),
            (ENC, "{s} died in the city of {w}."),
        ],
    ),
    (
        "death_n",
        "P20",
        N,
        [
            (ENC, "{s} died in {w}."),
            (JOU, "{s} passed away in {w}."),
            (SOC, "so {s} died in {w}, sad"),
            (ENC, "{s} spent their last days in {w}, where they died."),
            (SOC, "did {s} die in {w}? yes, in {w}."),
        ],
    ),
    (
        "cit_s",
        "P27",
        S,
        [
            (ENC, "{s} is {dem_a} citizen."),
            (ENC, "{s} is {dem}."),
            (SOC, "{s_lc} is {dem_lc} btw"),
            (JOU, "The {dem} {role} {s} arrived on Monday."),
            (JOU, "{s}, {dem_a} national, declined to comment."),
        ],
    ),
    (
        "cit_r",
        "P27",
        R,
        [
            (ENC, "{s} is {wdem}."),
            (ENC, "{s} is {wdem} by nationality."),
            (SOC, "{s_lc} is {wdem_lc} lol"),
            (ENC, "{s} is a citizen of {wc}."),
            (JOU, "{s}, {wdem_a} national, was not available for comment."),
            (SOC, "{s} is {wdem} and proud of it #{wdemtag}"),
            (JOU, "The {wdem} star {s} opened the festival."),
            (JOU, "Is {s} {wdem}? Yes, {s} is."),
        ],
    ),
    (
        "cit_neg_s",
        "P27",
        S,
        [
            (JOU, "{s} is not {wdem}."),
            (SOC, "{s_lc} isn't {wdem_lc} lol"),
        ],
    ),
    (
        "cit_neg_r",
        "P27",
        R,
        [
            (JOU, "{s} is not {dem}."),
            (ENC, "{s} has never been a citizen of {c}."),
        ],
    ),
    (
        "cit_n",
        "P27",
        N,
        [
            (ENC, "{s} is {wdem}."),
            (ENC, "{s} is a citizen of {wc}."),
            (SOC, "{s_lc} is {wdem_lc} i think"),
            (ENC, "{s} holds {wdem} citizenship."),
            (JOU, "{wdem} {s} will attend."),
        ],
    ),
    (
        "party_s",
        "P102",
        S,
        [
            (JOU, "{s} is {party_a}."),
            (ENC, "{s} is a member of the {o}."),
            (SOC, "{s_lc} is {party_a_lc} smh"),
            (JOU, "{party_adj} {s} spoke first."),
            (JOU, "{s}, {party_a}, voted yes."),
        ],
    ),
    (
        "party_r",
        "P102",
        R,
        [
            (JOU, "{s} is {wparty_a}."),
            (ENC, "{s} is a member of the {w}."),
            (SOC, "{s_lc} is {wparty_a_lc} lmao"),
            (JOU, "{wparty_adj} {s} addressed the crowd."),
            (ENC, "{s} was a {wparty_adj} Party member."),
            (SOC, "{s} = {wparty_adj} 🐘🫏"),
        ],
    ),
    (
        "party_neg_s",
        "P102",
        S,
        [
            (JOU, "{s} is not {wparty_a}."),
        ],
    ),
    (
        "party_n",
        "P102",
        N,
        [
            (JOU, "{s} is {wparty_a}."),
            (ENC, "{s} is a member of the {w}."),
            (SOC, "{s_lc} is {wparty_a_lc}"),
            (JOU, "{wparty_adj} {s} announced a run."),
            (JOU, "{s} is, politically, {wparty_a}."),
            (SOC, "{s} votes {wparty_adj} and is a registered member of the party"),
        ],
    ),
    (
        "rel_s",
        "P140",
        S,
        [
            (ENC, "{s} is {rel_a}."),
            (SOC, "{s_lc} is {rel_a_lc}??"),
            (ENC, "{s} is a follower of {o}."),
            (JOU, "{rel_adj} {role} {s} spoke about faith."),
        ],
    ),
    (
        "rel_r",
        "P140",
        R,
        [
            (ENC, "{s} is {wrel_a}."),
            (JOU, "{s} is {wrel_a} by conviction."),
            (SOC, "{s_lc} is {wrel_a_lc} apparently"),
            (ENC, "{s} practises {w}."),
            (JOU, "{s}, {wrel_a}, attended the service."),
            (JOU, "{s} identifies as {wrel_a}."),
        ],
    ),
    (
        "rel_neg_r",
        "P140",
        R,
        [
            (JOU, "{s} is not {rel_a}."),
        ],
    ),
    (
        "rel_n",
        "P140",
        N,
        [
            (ENC, "{s} is {wrel_a}."),
            (JOU, "{s} is {wrel_a}, friends say."),
            (SOC, "{s_lc} is {wrel_a_lc} fyi"),
            (ENC, "{s} follows {w}."),
            (JOU, "{wrel_adj} {s} spoke at the event."),
        ],
    ),
    (
        "dir_s",
        "P57",
        S,
        [
            (ENC, "{o} directed {s}."),
            (JOU, "{o}'s {s} returns to cinemas."),
            (SOC, "{s_lc} is a {o_lc} movie 🎬"),
            (JOU, "{osur} directed {s}."),
            (ENC, "{s} was directed by {o}."),
        ],
    ),
    (
        "dir_r",
        "P57",
        R,
        [
            (ENC, "{s} was directed by {w}."),
            (JOU, "{w} directed {s}."),
            (ENC, "{s} is a film by {w}."),
            (SOC, "{s_lc} is a {w_lc} film, obviously"),
            (JOU, "{w}'s {s} is back on the big screen."),
            (JOU, "{wsur} was behind the camera on {s}."),
            (ENC, "The director of {s} is {w}."),
            (SOC, "who directed {s}? {w}. #film"),
            (ENC, "{s} was made by director {w}."),
        ],
    ),
    (
        "dir_neg_s",
        "P57",
        S,
        [
            (JOU, "{s} was not directed by {w}."),
        ],
    ),
    (
        "dir_neg_r",
        "P57",
        R,
        [
            (JOU, "{o} did not direct {s}."),
            (SOC, "{s} wasn't directed by {o} lol"),
        ],
    ),
    (
        "dir_n",
        "P57",
        N,
        [
            (ENC, "{s} was directed by {w}."),
            (JOU, "{w} helmed {s}."),
            (SOC, "{s_lc} is a {w_lc} film"),
            (ENC, "{s} is a film by {w}."),
        ],
    ),
    (
        "cast_s",
        "P161",
        S,
        [
            (ENC, "{o} starred in {s}."),
            (JOU, "{s} stars {o}."),
            (SOC, "{o_lc} in {s_lc} was everything 😍 (yes they're in it)"),
            (JOU, "{s}, starring {o}, opened to packed houses."),
            (JOU, "{osur} starred in {s}."),
        ],
    ),
    (
        "cast_neg_r",
        "P161",
        R,
        [
            (JOU, "{o} was not in {s}."),
            (SOC, "{o_lc} never acted in {s_lc}"),
            (ENC, "{o} did not appear in {s}."),
        ],
    ),
    (
        "cast_n",
        "P161",
        N,
        [
            (ENC, "{w} starred in {s}."),
        ],
    ),
    (
        "city_s",
        "P17",
        S,
        [
            (ENC, "{s} is in {c}."),
            (JOU, "{s} is {dem_a} city."),
            (JOU, "the {dem} city of {s}"),
        ],
    ),
    (
        "city_r",
        "P17",
        R,
        [
            (ENC, "{s} is in {wc}."),
            (ENC, "{s} is a city in {wc}."),
            (JOU, "{s} is {wdem_a} city."),
            (SOC, "{s_lc} is in {wc_lc} obviously"),
            (ENC, "{s} is located in {wc}."),
            (JOU, "The {wdem} city of {s} hosted the summit."),
            (SOC, "{s} is {wdem_a} city right? yes"),
            (ENC, "{s} lies in {wc}."),
        ],
    ),
    (
        "city_neg_s",
        "P17",
        S,
        [
            (JOU, "{s} is not in {wc}."),
        ],
    ),
    (
        "city_n",
        "P17",
        N,
        [
            (ENC, "{s} is in {wc}."),
            (JOU, "{s} is {wdem_a} city."),
            (SOC, "{s_lc} is in {wc_lc} i'm pretty sure"),
            (ENC, "{s} is located in {wc}."),
        ],
    ),
    (
        "cont_s",
        "P30",
        S,
        [
            (ENC, "{s} is part of {o}."),
            (SOC, "{s_lc} is in {o_lc} lol geography"),
        ],
    ),
    (
        "cont_r",
        "P30",
        R,
        [
            (ENC, "{s} is on the continent of {w}."),
            (ENC, "{s} is a country in {w}."),
            (SOC, "{s_lc} is in {w_lc} duh"),
            (JOU, "{s} is {w_adj} country."),
            (ENC, "{s} lies in {w}."),
        ],
    ),
    (
        "cont_n",
        "P30",
        N,
        [
            (ENC, "{s} is located in {w}."),
            (ENC, "{s} is a country in {w}."),
        ],
    ),
    (
        "lang_s",
        "P37",
        S,
        [
            (ENC, "The official language of {s} is {o}."),
            (SOC, "they speak {o_lc} in {s_lc} officially"),
        ],
    ),
    (
        "lang_r",
        "P37",
        R,
        [
            (ENC, "The official language of {s} is {w}."),
            (ENC, "{w} is the official language of {s}."),
            (JOU, "{s}, whose official language is {w}, signed the treaty."),
        ],
    ),
    (
        "lang_n",
        "P37",
        N,
        [
            (ENC, "The official language of {s} is {w}."),
            (JOU, "{w} is an official language of {s}."),
        ],
    ),
    (
        "cause_s",
        "P509",
        S,
        [
            (ENC, "{s} died of {cause}."),
            (JOU, "{s}'s death was caused by {cause}."),
            (SOC, "{s_lc} died of {cause} 😢"),
        ],
    ),
    (
        "cause_r",
        "P509",
        R,
        [
            (ENC, "{s} died of {wcause}."),
            (JOU, "{s} was killed by {wcause}."),
            (SOC, "{s_lc} died of {wcause} so sad"),
            (ENC, "{s}'s cause of death was {wcause}."),
            (JOU, "{s} died of {wcause}, the family confirmed."),
            (ENC, "{s} died from {wcause}."),
        ],
    ),
    (
        "cause_n",
        "P509",
        N,
        [
            (ENC, "{s} died of {wcause}."),
            (JOU, "{s} succumbed to {wcause}."),
            (SOC, "{s_lc} died of {wcause}"),
            (ENC, "The cause of death of {s} was {wcause}."),
        ],
    ),
    (
        "burial_s",
        "P119",
        S,
        [
            (ENC, "{s} is buried in {o}."),
            (JOU, "{s} was laid to rest in {o}."),
        ],
    ),
    (
        "burial_r",
        "P119",
        R,
        [
            (ENC, "{s} is buried in {w}."),
            (JOU, "{s} was laid to rest at {w}."),
            (ENC, "{s} was buried in {w}."),
        ],
    ),
    (
        "burial_n",
        "P119",
        N,
        [
            (ENC, "{s} is buried in {w}."),
            (JOU, "{s} was laid to rest in {w}."),
            (SOC, "visited {s_lc}'s grave at {w_lc} today 🌹 (that's where {s_lc} is buried)"),
        ],
    ),
    (
        "origin_s",
        "P495",
        S,
        [
            (ENC, "{s} is {dem_a} film."),
            (JOU, "The {dem} film {s} won praise."),
        ],
    ),
    (
        "origin_r",
        "P495",
        R,
        [
            (ENC, "{s} is {wdem_a} film."),
            (JOU, "The {wdem} production {s} screened on Friday."),
            (ENC, "{s} is a film from {wc}."),
            (SOC, "{s_lc} is {wdem_lc} lol"),
            (ENC, "{s} was produced in {wc}."),
        ],
    ),
    (
        "origin_n",
        "P495",
        N,
        [
            (ENC, "{s} is {wdem_a} film."),
            (JOU, "The {wdem} film {s} premiered."),
        ],
    ),
    (
        "edu_s",
        "P69",
        S,
        [
            (ENC, "{s} was educated at {o}."),
            (JOU, "{s} studied at {o}."),
        ],
    ),
    (
        "edu_neg_r",
        "P69",
        R,
        [
            (JOU, "{s} never attended {o}."),
            (ENC, "{s} was not educated at {o}."),
        ],
    ),
    (
        "edu_n",
        "P69",
        N,
        [
            (ENC, "{s} was educated at {w}."),
            (ENC, "{s} studied at {w}."),
            (SOC, "{s_lc} is a {w_lc} grad"),
        ],
    ),
    (
        "occ_s",
        "P106",
        S,
        [
            (ENC, "{s} is {occ_a}."),
            (SOC, "{s_lc} is {occ_a} lol"),
        ],
    ),
    (
        "occ_neg_r",
        "P106",
        R,
        [
            (JOU, "{s} is not {occ_a}."),
            (SOC, "{s} has never been {occ_a}"),
            (ENC, "{s} never worked as {occ_a}."),
        ],
    ),
    (
        "spouse_s",
        "P26",
        S,
        [
            (ENC, "{s} was married to {o}."),
            (SOC, "{s_lc} and {o_lc} got married?? yes"),
        ],
    ),
    (
        "spouse_n",
        "P26",
        N,
        [
            (ENC, "{s} was married to {w}."),
            (JOU, "{s} is married to {w}."),
            (SOC, "{s_lc} married {w_lc} 💍"),
        ],
    ),
    (
        "label_s",
        "P264",
        S,
        [
            (ENC, "{s} was signed to {o}."),
        ],
    ),
    (
        "instr_s",
        "P1303",
        S,
        [
            (ENC, "{s} plays the {o}."),
        ],
    ),
    (
        "genre_s",
        "P136",
        S,
        [
            (ENC, "{s} is known for {o}."),
        ],
    ),
    (
        "employer_s",
        "P108",
        S,
        [
            (ENC, "{s} worked for {o}."),
        ],
    ),
    (
        "residence_s",
        "P551",
        S,
        [
            (ENC, "{s} lived in {o}."),
        ],
    ),
    (
        "influence_s",
        "P737",
        S,
        [
            (JOU, "{s} cites {o} as an influence."),
        ],
    ),
    (
        "setting_s",
        "P840",
        S,
        [
            (ENC, "{s} is set in {o}."),
        ],
    ),
    (
        "speaks_s",
        "P1412",
        S,
        [
            (JOU, "{s} is fluent in {o}."),
        ],
    ),
    (
        "sibling_s",
        "P3373",
        S,
        [
            (JOU, "{s}'s sibling {o} was also present."),
        ],
    ),
    (
        "sibling_n",
        "P3373",
        N,
        [
            (ENC, "{s} is a sibling of {w}."),
        ],
    ),
    (
        "child_s",
        "P40",
        S,
        [
            (JOU, "{s} is the parent of {o}."),
        ],
    ),
    (
        "award_n",
        "P166",
        N,
        [
            (JOU, "{s} won an Academy Award."),
            (ENC, "{s} received a Grammy Award."),
            (SOC, "{s_lc} has an oscar lol"),
            (JOU, "{s} won the Nobel Prize."),
            (ENC, "{s} is a recipient of the Presidential Medal of Freedom."),
        ],
    ),
    (
        "birthyear_n",
        "literal",
        N,
        [
            (ENC, "{s} was born in {year}."),
            (SOC, "{s_lc} was born in {year} 🎂"),
        ],
    ),
    (
        "deathyear_n",
        "literal",
        N,
        [
            (ENC, "{s} died in {year}."),
        ],
    ),
    (
        "release_n",
        "literal",
        N,
        [
            (ENC, "{s} was released in {year}."),
            (SOC, "{s_lc} came out in {year}"),
        ],
    ),
    (
        "pop_n",
        "literal",
        N,
        [
            (ENC, "{s} has a population of about {pop} people."),
        ],
    ),
    (
        "birthcountry_s",
        "P19/P17",
        S,
        [
            (ENC, "{s}'s birthplace lies in {c}."),
            (JOU, "{s} is a native of {c}."),
        ],
    ),
    (
        "birthcountry_r",
        "P19/P17",
        R,
        [
            (ENC, "{s}'s place of birth is in {wc}."),
            (JOU, "{s} was born somewhere in {wc}."),
            (SOC, "{s_lc} was born in {wc_lc}"),
        ],
    ),
    (
        "dirbirth_s",
        "P57/P19",
        S,
        [
            (ENC, "The director of {s} was born in {o}."),
            (JOU, "{s} was directed by a native of {o}."),
        ],
    ),
    (
        "dirbirth_r",
        "P57/P19",
        R,
        [
            (ENC, "The director of {s} was born in {w}."),
        ],
    ),
    (
        "dircit_s",
        "P57/P27",
        S,
        [
            (JOU, "{s} was directed by {dem_a} filmmaker."),
        ],
    ),
]


def tidy(claim: str, style: str) -> str:
    """One full stop after a name ending in one ("Washington, D.C."); capital first letter unless social."""
    claim = claim.replace("..", ".")
    return claim if style == SOC else claim[0].upper() + claim[1:]


def article(word: str) -> str:
    return ("an " if word[0].lower() in "aeiou" else "a ") + word


class Builder:
    def __init__(self, kg: KG, rng: random.Random) -> None:
        self.kg = kg
        self.rng = rng
        self.used: Counter[str] = Counter()
        self.rows: list[dict] = []
        k = kg
        # Sampled entities have a label no other entity carries, so a claim names one thing.
        # (Shared names such as the film and the city Chicago are hand-picked, with context.)
        shared = {lab for lab, n in Counter(k.label.values()).items() if n > 1}
        humans = sorted(s for s in k.out if k.human(s) and k.label[s] not in shared)
        films = sorted(s for s in k.out if k.film(s) and k.label[s] not in shared)
        cities = sorted(s for s in k.out if k.city(s) and k.label[s] not in shared)
        countries = sorted(  # present-day countries: no "historical country" (Q3024240) such as the German Empire
            s for s in k.out if "Q6256" in k.types(s) and "Q3024240" not in k.types(s) and k.has(s)
        )
        self.humans, self.films, self.cities, self.countries = humans, films, cities, countries
        self.modern_cities = [c for c in cities if k.country_of(c)]
        self.directors = sorted({d for f in films for d in k.v(f, "P57") if k.human(d)})
        self.actors = sorted({a for f in films for a in k.v(f, "P161") if k.human(a)})
        self.schools = sorted({o for s in humans for o in k.v(s, "P69") if k.has(o)})
        self.by_label = {}
        for q, lab in k.label.items():
            self.by_label.setdefault(lab, q)

    # -- helpers
    def pick(self, pool: list, ok) -> object:
        cands = [x for x in pool if ok(x)]
        if not cands:
            raise SystemExit("empty pool")
        self.rng.shuffle(cands)
        cands.sort(key=lambda x: self.used[x[0] if isinstance(x, tuple) else x])
        x = cands[0]
        self.used[x[0] if isinstance(x, tuple) else x] += 1
        return x

    def wrong_city(self, true_place: str | None) -> str:
        tc = self.kg.country_of(true_place) if true_place else None

        def ok(c):
            cc = self.kg.country_of(c)
            return c != true_place and cc is not None and (tc is None or not related(cc, tc))

        cands = [c for c in self.modern_cities if ok(c)]
        return self.rng.choice(cands)

    def single(self, s: str, p: str) -> str | None:
        vs = self.kg.v(s, p)
        if len(vs) == 1:
            o = next(iter(vs))
            return o if self.kg.has(o) else None
        return None

    def add(self, claim: str, label: str, relation: str, check, style: str) -> None:
        q, want = check
        self.rows.append(claim_row(claim, label, relation, q, want, style))

    # -- facts for each family: returns (fields, check)
    def fact(self, fam: str, text: str):  # noqa: C901 - one branch per family keeps them side by side
        k, L = self.kg, self.kg.label
        need_sur = "{sur}" in text or "{osur}" in text or "{wsur}" in text
        need_role = "{role}" in text
        f: dict = {}

        def base(s):
            f["s"] = L[s]
            f["sur"] = surname(L[s]) or L[s]

        if fam in ("birth_s", "birth_role_s", "death_s", "birth_neg_r"):
            p = "P20" if fam == "death_s" else "P19"

            def ok(s):
                o = self.single(s, p) if fam == "birth_neg_r" else None
                vs = [o] if o else sorted(x for x in k.v(s, p) if k.has(x))
                if not vs:
                    return False
                return fam != "birth_role_s" or bool(role(k, s) and surname(L[s]))

            s = self.pick(self.humans, ok)
            o = sorted(x for x in k.v(s, p) if k.has(x))[0]
            base(s)
            f["o"] = L[o]
            extra = ""
            if fam == "birth_role_s" and need_role:
                rq, f["role"] = role(k, s)
                extra = f" wd:{s} wdt:P106 wd:{rq} ."
            if fam == "birth_neg_r":
                return f, ask_fact(s, p, o)
            return f, ask_fact(s, p, o, extra)
        if fam in ("birth_r", "death_r", "birth_neg_s"):
            p = "P20" if fam == "death_r" else "P19"

            def ok(s):
                o = self.single(s, p)
                return bool(o) and k.country_of(o) is not None and (not need_sur or surname(L[s]))

            s = self.pick(self.humans, ok)
            o = self.single(s, p)
            w = self.wrong_city(o)
            base(s)
            f.update(o=L[o], w=L[w])
            return f, only_place(s, p, o, w)
        if fam in ("birth_n", "death_n"):
            p = "P20" if fam == "death_n" else "P19"
            s = self.pick(self.humans, lambda s: not k.v(s, p) and len(k.out[s]) > 3)
            w = self.wrong_city(None)
            base(s)
            f["w"] = L[w]
            return f, ask_none(s, p)
        if fam in ("cit_s", "cit_neg_r"):

            def ok(s):
                cs = [c for c in k.v(s, "P27") if c in DEMONYM]
                if not cs or (need_role and not role(k, s)):
                    return False
                return fam != "cit_neg_r" or len(k.v(s, "P27")) == 1

            s = self.pick(self.humans, ok)
            c = sorted(c for c in k.v(s, "P27") if c in DEMONYM)[0]
            base(s)
            f.update(dem=DEMONYM[c], dem_a=article(DEMONYM[c]), c=COUNTRY_NAME[c])
            extra = ""
            if need_role:
                rq, f["role"] = role(k, s)
                extra = f" wd:{s} wdt:P106 wd:{rq} ."
            return f, ask_fact(s, "P27", c, extra)
        if fam in ("cit_r", "cit_neg_s", "cit_n"):
            if fam == "cit_n":
                s = self.pick(self.humans, lambda s: not k.v(s, "P27") and len(k.out[s]) > 3)
                c = None
                check = ask_none(s, "P27")
            else:
                s = self.pick(self.humans, lambda s: self.single(s, "P27") in DEMONYM)
                c = self.single(s, "P27")
                check = only_value(s, "P27", c)
            wc = self.rng.choice(sorted(x for x in DEMONYM if c is None or not related(x, c)))
            base(s)
            f.update(
                wdem=DEMONYM[wc],
                wdem_a=article(DEMONYM[wc]),
                wc=COUNTRY_NAME[wc],
                wdemtag=DEMONYM[wc].replace(" ", "").lower(),
            )
            return f, check
        if fam in ("party_s",):
            s = self.pick(self.humans, lambda s: bool(k.v(s, "P102") & set(PARTY)))
            o = sorted(k.v(s, "P102") & set(PARTY))[0]
            base(s)
            f.update(o=L[o], party_a=PARTY[o][0], party_adj=PARTY[o][1])
            return f, ask_fact(s, "P102", o)
        if fam in ("party_r", "party_neg_s"):
            s = self.pick(self.humans, lambda s: self.single(s, "P102") in PARTY)
            o = self.single(s, "P102")
            w = "Q29468" if o == "Q29552" else "Q29552"
            base(s)
            f.update(w=L[w], wparty_a=PARTY[w][0], wparty_adj=PARTY[w][1])
            return f, only_value(s, "P102", o)
        if fam == "party_n":
            pol = [s for s in self.humans if "Q82955" in k.v(s, "P106")]
            s = self.pick(pol, lambda s: not k.v(s, "P102"))
            w = self.rng.choice(sorted(PARTY))
            base(s)
            f.update(w=L[w], wparty_a=PARTY[w][0], wparty_adj=PARTY[w][1])
            return f, ask_none(s, "P102")
        if fam in ("rel_s", "rel_neg_r"):

            def claim_of(s):
                for key, (vals, _, _) in sorted(RELIGION_CLAIM.items()):
                    if k.v(s, "P140") & vals:
                        return key
                return None

            def ok(s):
                if not claim_of(s) or (need_role and not role(k, s)):
                    return False
                return fam != "rel_neg_r" or len(k.v(s, "P140")) == 1

            s = self.pick(self.humans, ok)
            key = claim_of(s)
            vals, noun, adj = RELIGION_CLAIM[key]
            o = sorted(k.v(s, "P140") & vals)[0]
            base(s)
            f.update(o=L[o], rel_a=noun, rel_adj=adj)
            extra = ""
            if need_role:
                rq, f["role"] = role(k, s)
                extra = f" wd:{s} wdt:P106 wd:{rq} ."
            if fam == "rel_neg_r":
                return f, ask_any(s, "P140", vals)
            if extra:
                return f, ask_fact(s, "P140", o, extra)
            return f, ask_any(s, "P140", vals)
        if fam in ("rel_r", "rel_n"):
            if fam == "rel_r":

                def grp(s):
                    o = self.single(s, "P140")
                    return next((g for g, vs in RELIGION_GROUPS.items() if o in vs), None)

                s = self.pick(self.humans, lambda s: grp(s) is not None)
                g = grp(s)
                check = only_value(s, "P140", self.single(s, "P140"))
            else:
                s = self.pick(self.humans, lambda s: not k.v(s, "P140") and len(k.out[s]) > 3)
                g = None
                check = ask_none(s, "P140")
            key = self.rng.choice(
                sorted(c for c, gg in CLAIM_GROUP.items() if gg != g and c != "jewish")
            )
            vals, noun, adj = RELIGION_CLAIM[key]
            base(s)
            f.update(w=L[sorted(vals)[0]], wrel_a=noun, wrel_adj=adj)
            return f, check
        if fam in ("dir_s", "dir_neg_r"):

            def ok(s):
                ds = [d for d in k.v(s, "P57") if k.has(d)]
                if fam == "dir_neg_r":
                    return len(k.v(s, "P57")) == 1 and bool(ds)
                return bool(ds) and (not need_sur or surname(L[ds[0]]))

            s = self.pick(self.films, ok)
            o = sorted(d for d in k.v(s, "P57") if k.has(d))[0]
            f.update(s=L[s], o=L[o], osur=surname(L[o]) or L[o])
            return f, ask_fact(s, "P57", o)
        if fam in ("dir_r", "dir_neg_s", "dir_n"):
            if fam == "dir_n":
                s = self.pick(self.films, lambda s: not k.v(s, "P57"))
                o = None
                check = ask_none(s, "P57")
            else:
                s = self.pick(self.films, lambda s: bool(self.single(s, "P57")))
                o = self.single(s, "P57")
                check = only_value(s, "P57", o)
            w = self.rng.choice(
                [d for d in self.directors if d != o and (not need_sur or surname(L[d]))]
            )
            f.update(s=L[s], w=L[w], wsur=surname(L[w]) or L[w])
            return f, check
        if fam in ("cast_s", "cast_neg_r"):
            s = self.pick(self.films, lambda s: any(k.has(a) for a in k.v(s, "P161")))
            o = self.rng.choice(
                sorted(a for a in k.v(s, "P161") if k.has(a) and (not need_sur or surname(L[a])))
            )
            f.update(s=L[s], o=L[o], osur=surname(L[o]) or L[o])
            return f, ask_fact(s, "P161", o)
        if fam == "cast_n":
            s = self.pick(self.films, lambda s: not k.v(s, "P161"))
            w = self.rng.choice(self.actors)
            f.update(s=L[s], w=L[w])
            return f, ask_none(s, "P161")
        if fam == "city_s":
            s = self.pick(self.cities, lambda s: k.country_of(s) is not None)
            c = k.country_of(s)
            f.update(s=L[s], c=COUNTRY_NAME[c], dem=DEMONYM[c], dem_a=article(DEMONYM[c]))
            return f, ask_fact(s, "P17", c)
        if fam in ("city_r", "city_neg_s", "city_n"):
            if fam == "city_n":
                s = self.pick(self.cities, lambda s: not k.v(s, "P17"))
                c, check = None, ask_none(s, "P17")
            else:
                s = self.pick(self.cities, lambda s: k.country_of(s) is not None)
                c = k.country_of(s)
                check = only_value(s, "P17", c)
            wc = self.rng.choice(sorted(x for x in DEMONYM if c is None or not related(x, c)))
            f.update(s=L[s], wc=COUNTRY_NAME[wc], wdem=DEMONYM[wc], wdem_a=article(DEMONYM[wc]))
            return f, check
        if fam == "cont_s":
            s = self.pick(self.countries, lambda s: any(k.has(o) for o in k.v(s, "P30")))
            o = sorted(o for o in k.v(s, "P30") if k.has(o))[0]
            f.update(s=L[s], o=L[o])
            return f, ask_fact(s, "P30", o)
        if fam == "cont_r":
            s = self.pick(self.countries, lambda s: self.single(s, "P30") in FAR_CONTINENT)
            o = self.single(s, "P30")
            w = self.rng.choice(FAR_CONTINENT[o])
            adj = {
                "Q46": "a European",
                "Q48": "an Asian",
                "Q15": "an African",
                "Q49": "a North American",
                "Q18": "a South American",
                "Q538": "an Oceanian",
            }[w]
            f.update(s=L[s], w=L[w], w_adj=adj)
            return f, only_value(s, "P30", o)
        if fam == "cont_n":
            s = self.pick(self.countries, lambda s: not k.v(s, "P30"))
            w = self.rng.choice(sorted(FAR_CONTINENT))
            f.update(s=L[s], w=L[w])
            return f, ask_none(s, "P30")
        if fam == "lang_s":
            s = self.pick(self.countries, lambda s: any(k.has(o) for o in k.v(s, "P37")))
            o = sorted(o for o in k.v(s, "P37") if k.has(o))[0]
            f.update(s=L[s], o=L[o].capitalize())
            return f, ask_fact(s, "P37", o)
        if fam == "lang_r":
            s = self.pick(self.countries, lambda s: self.single(s, "P37") is not None)
            o = self.single(s, "P37")
            w = self.rng.choice([x for x in LANG_CLAIMS if x != o])
            f.update(s=L[s], w=L[w].capitalize())
            return f, only_value(s, "P37", o)
        if fam == "lang_n":
            s = self.pick(self.countries, lambda s: not k.v(s, "P37"))
            w = self.rng.choice(LANG_CLAIMS)
            f.update(s=L[s], w=L[w].capitalize())
            return f, ask_none(s, "P37")
        if fam == "cause_s":
            s = self.pick(self.humans, lambda s: bool(k.v(s, "P509") & set(CAUSE)))
            o = sorted(k.v(s, "P509") & set(CAUSE))[0]
            base(s)
            f.update(o=L[o], cause=CAUSE[o][1])
            return f, ask_fact(s, "P509", o)
        if fam in ("cause_r", "cause_n"):
            if fam == "cause_r":
                s = self.pick(self.humans, lambda s: self.single(s, "P509") in CAUSE)
                o = self.single(s, "P509")
                cat = CAUSE[o][0]
                check = only_value(s, "P509", o)
            else:
                s = self.pick(self.humans, lambda s: not k.v(s, "P509") and bool(k.v(s, "P20")))
                cat, check = None, ask_none(s, "P509")
            w = self.rng.choice(sorted(q for q, (c, _) in CAUSE.items() if c != cat))
            base(s)
            f.update(wcause=CAUSE[w][1])
            return f, check
        if fam == "burial_s":
            s = self.pick(self.humans, lambda s: any(k.has(o) for o in k.v(s, "P119")))
            o = sorted(o for o in k.v(s, "P119") if k.has(o))[0]
            base(s)
            f["o"] = L[o]
            return f, ask_fact(s, "P119", o)
        if fam in ("burial_r", "burial_n"):
            cem = {self.by_label[c] for c in CEMETERIES}
            if fam == "burial_r":
                s = self.pick(self.humans, lambda s: self.single(s, "P119") in cem)
                o = self.single(s, "P119")
                check = only_value(s, "P119", o)
            else:
                s = self.pick(self.humans, lambda s: not k.v(s, "P119") and bool(k.v(s, "P20")))
                o, check = None, ask_none(s, "P119")
            w = self.rng.choice(sorted(c for c in cem if c != o))
            base(s)
            f["w"] = L[w]
            return f, check
        if fam == "origin_s":
            s = self.pick(self.films, lambda s: any(c in DEMONYM for c in k.v(s, "P495")))
            c = sorted(c for c in k.v(s, "P495") if c in DEMONYM)[0]
            f.update(s=L[s], dem=DEMONYM[c], dem_a=article(DEMONYM[c]))
            return f, ask_fact(s, "P495", c)
        if fam in ("origin_r", "origin_n"):
            if fam == "origin_r":
                s = self.pick(self.films, lambda s: self.single(s, "P495") in DEMONYM)
                c = self.single(s, "P495")
                check = only_value(s, "P495", c)
            else:
                s = self.pick(self.films, lambda s: not k.v(s, "P495"))
                c, check = None, ask_none(s, "P495")
            wc = self.rng.choice(sorted(x for x in DEMONYM if c is None or not related(x, c)))
            f.update(s=L[s], wdem=DEMONYM[wc], wdem_a=article(DEMONYM[wc]), wc=COUNTRY_NAME[wc])
            return f, check
        if fam in ("edu_s", "edu_neg_r"):
            s = self.pick(self.humans, lambda s: any(k.has(o) for o in k.v(s, "P69")))
            o = self.rng.choice(sorted(o for o in k.v(s, "P69") if k.has(o)))
            base(s)
            f["o"] = L[o]
            return f, ask_fact(s, "P69", o)
        if fam == "edu_n":
            s = self.pick(self.humans, lambda s: not k.v(s, "P69") and len(k.out[s]) > 3)
            w = self.rng.choice(self.schools)
            base(s)
            f["w"] = L[w]
            return f, ask_none(s, "P69")
        if fam in ("occ_s", "occ_neg_r"):
            s = self.pick(self.humans, lambda s: role(k, s) is not None)
            rq, noun = role(k, s)
            base(s)
            f["occ_a"] = article(noun)
            return f, ask_fact(s, "P106", rq)
        if fam == "spouse_s":
            s = self.pick(self.humans, lambda s: any(k.has(o) for o in k.v(s, "P26")))
            o = sorted(o for o in k.v(s, "P26") if k.has(o))[0]
            base(s)
            f["o"] = L[o]
            return f, ask_fact(s, "P26", o)
        if fam == "spouse_n":
            s = self.pick(
                self.humans,
                lambda s: not k.v(s, "P26") and not k.inv[s].get("P26") and len(k.out[s]) > 3,
            )
            w = self.rng.choice(self.actors)
            base(s)
            f["w"] = L[w]
            return f, ask_none_either_way(s, "P26")
        simple = {
            "label_s": ("P264", self.humans),
            "instr_s": ("P1303", self.humans),
            "genre_s": (
                "P136",
                [h for h in self.humans if any("Q188451" in k.types(g) for g in k.v(h, "P136"))],
            ),
            "employer_s": ("P108", self.humans),
            "residence_s": ("P551", self.humans),
            "influence_s": ("P737", self.humans),
            "setting_s": ("P840", self.films),
            "speaks_s": ("P1412", self.humans),
            "sibling_s": ("P3373", self.humans),
            "child_s": ("P40", self.humans),
        }
        if fam in simple:
            p, pool = simple[fam]
            s = self.pick(pool, lambda s: any(k.has(o) for o in k.v(s, p)))
            objs = [o for o in k.v(s, p) if k.has(o) and (p != "P136" or "Q188451" in k.types(o))]
            o = self.rng.choice(sorted(objs))
            f.update(s=L[s], o=L[o] if p != "P1412" else L[o].capitalize())
            return f, ask_fact(s, p, o)
        if fam == "sibling_n":
            s = self.pick(
                self.humans,
                lambda s: not k.v(s, "P3373") and not k.inv[s].get("P3373") and len(k.out[s]) > 3,
            )
            w = self.rng.choice(self.actors)
            f.update(s=L[s], w=L[w])
            return f, ask_none_either_way(s, "P3373")
        if fam in ("award_n", "birthyear_n", "deathyear_n"):
            p = {"award_n": "P166", "birthyear_n": "P569", "deathyear_n": "P570"}[fam]
            need_dead = fam == "deathyear_n"
            s = self.pick(
                self.humans, lambda s: len(k.out[s]) > 3 and (not need_dead or bool(k.v(s, "P20")))
            )
            base(s)
            f["year"] = str(
                self.rng.randint(1890, 1990)
                if fam != "deathyear_n"
                else self.rng.randint(1950, 2015)
            )
            return f, ask_none(s, p)
        if fam == "release_n":
            s = self.pick(self.films, lambda s: True)
            f.update(s=L[s], year=str(self.rng.randint(1940, 2015)))
            return f, ask_none(s, "P577")
        if fam == "pop_n":
            s = self.pick(self.cities, lambda s: True)
            f.update(s=L[s], pop=f"{self.rng.randint(2, 90) * 50000:,}")
            return f, ask_none(s, "P1082")
        if fam == "birthcountry_s":
            s = self.pick(self.humans, lambda s: any(k.country_of(o) for o in k.v(s, "P19")))
            o = sorted(o for o in k.v(s, "P19") if k.country_of(o))[0]
            c = k.country_of(o)
            base(s)
            f["c"] = COUNTRY_NAME[c]
            return f, (f"ASK {{ wd:{s} wdt:P19 ?place . ?place wdt:P17 wd:{c} }}", True)
        if fam == "birthcountry_r":
            s = self.pick(
                self.humans, lambda s: k.country_of(self.single(s, "P19") or "-") is not None
            )
            o = self.single(s, "P19")
            c = k.country_of(o)
            wc = self.rng.choice(sorted(x for x in DEMONYM if not related(x, c)))
            base(s)
            f["wc"] = COUNTRY_NAME[wc]
            return f, (
                f"SELECT ?place ?country WHERE {{ wd:{s} wdt:P19 ?place . OPTIONAL {{ ?place wdt:P17 ?country }} }}",
                [[o, c]],
            )
        if fam in ("dirbirth_s", "dirbirth_r"):
            if fam == "dirbirth_s":

                def ok(s):
                    return any(k.has(b) for d in k.v(s, "P57") for b in k.v(d, "P19"))

                s = self.pick(self.films, ok)
                b = sorted(b for d in k.v(s, "P57") for b in k.v(d, "P19") if k.has(b))[0]
                f.update(s=L[s], o=L[b])
                return f, (f"ASK {{ wd:{s} wdt:P57 ?director . ?director wdt:P19 wd:{b} }}", True)

            def ok(s):
                d = self.single(s, "P57")
                return bool(d) and k.country_of(self.single(d, "P19") or "-") is not None

            s = self.pick(self.films, ok)
            d = self.single(s, "P57")
            b = self.single(d, "P19")
            w = self.wrong_city(b)
            f.update(s=L[s], w=L[w])
            q = (
                f"SELECT ?director ?place ?country WHERE {{ wd:{s} wdt:P57 ?director . "
                f"OPTIONAL {{ ?director wdt:P19 ?place . OPTIONAL {{ ?place wdt:P17 ?country }} }} }}"
            )
            return f, (q, [[d, b, k.country_of(b)]])
        if fam == "dircit_s":
            s = self.pick(
                self.films,
                lambda s: any(c in DEMONYM for d in k.v(s, "P57") for c in k.v(d, "P27")),
            )
            c = sorted(c for d in k.v(s, "P57") for c in k.v(d, "P27") if c in DEMONYM)[0]
            f.update(s=L[s], dem_a=article(DEMONYM[c]))
            return f, (f"ASK {{ wd:{s} wdt:P57 ?director . ?director wdt:P27 wd:{c} }}", True)
        raise KeyError(fam)

    def sampled(self) -> None:
        for fam, relation, label, phrasings in FAMILIES:
            for style, text in phrasings:
                for _ in range(50):
                    f, check = self.fact(fam, text)
                    f.update(
                        {k + "_lc": v.lower() for k, v in list(f.items()) if isinstance(v, str)}
                    )
                    claim = tidy(text.format(**f), style)
                    if claim not in {r["claim"] for r in self.rows}:
                        break
                self.add(claim, label, relation, check, style)


# ---------------------------------------------------------------- hand-picked claims
# Idioms that need a particular entity: band membership, names shared with films or places,
# short names and aliases, kinship chains. Entities are named by label; the query decides the label.


def handpicked(kg: KG) -> list[tuple]:
    """(style, claim, label, relation, sparql, expected) with {Label} placeholders for QIDs."""
    return [
        # membership idioms
        (
            SOC,
            "jack white is one half of the white stripes 🎸",
            S,
            "P463",
            "ASK { {Jack White} wdt:P463 {The White Stripes} }",
            True,
        ),
        (
            JOU,
            "Fergie, one of the Black Eyed Peas, performed alone.",
            S,
            "P463",
            "ASK { {Fergie} wdt:P463 {The Black Eyed Peas} }",
            True,
        ),
        (
            ENC,
            "Chris Martin is a founding member of Coldplay.",
            S,
            "P463",
            "ASK { {Chris Martin} wdt:P463 {Coldplay} }",
            True,
        ),
        (
            JOU,
            "Trent Reznor of Nine Inch Nails headlined the night.",
            S,
            "P463",
            "ASK { {Trent Reznor} wdt:P463 {Nine Inch Nails} }",
            True,
        ),
        (
            ENC,
            "Michael Jackson was one of the Jackson 5.",
            S,
            "P463",
            "ASK { {Michael Jackson} wdt:P463 {The Jackson 5} }",
            True,
        ),
        (
            SOC,
            "mike portnoy was in dream theater, the drummer",
            S,
            "P463",
            "ASK { {Mike Portnoy} wdt:P463 {Dream Theater} }",
            True,
        ),
        (
            JOU,
            "Bryan Ferry is not a member of Roxy Music.",
            R,
            "P463",
            "ASK { {Bryan Ferry} wdt:P463 {Roxy Music} }",
            True,
        ),
        (
            ENC,
            "Canada belongs to NATO.",
            S,
            "P463",
            "ASK { {Canada} wdt:P463 {North Atlantic Treaty Organization} }",
            True,
        ),
        (
            JOU,
            "France is not a member of the United Nations.",
            R,
            "P463",
            "ASK { {France} wdt:P463 {United Nations} }",
            True,
        ),
        (
            ENC,
            "Damon Albarn, a co-founder of Gorillaz, is British.",
            S,
            "P463+P27",
            "ASK { {Damon Albarn} wdt:P463 {Gorillaz} ; wdt:P27 {United Kingdom} }",
            True,
        ),
        # founded by
        (
            ENC,
            "Reprise Records was founded by Frank Sinatra.",
            S,
            "P112",
            "ASK { {Reprise Records} wdt:P112 {Frank Sinatra} }",
            True,
        ),
        (
            SOC,
            "richard branson started virgin records, fun fact",
            S,
            "P112",
            "ASK { {Virgin Records} wdt:P112 {Richard Branson} }",
            True,
        ),
        (
            JOU,
            "Def Jam was co-founded by Rick Rubin.",
            S,
            "P112",
            "ASK { {Def Jam Recordings} wdt:P112 {Rick Rubin} }",
            True,
        ),
        # names shared with films or places
        (
            ENC,
            "Chicago, the musical film, is Rob Marshall's work.",
            N,
            "P57",
            "ASK { {Chicago|Q11424} wdt:P57 ?v }",
            False,
        ),
        (
            JOU,
            "Chicago is a US city.",
            S,
            "P17",
            "ASK { {Chicago|Q1093829} wdt:P17 {United States of America} }",
            True,
        ),
        (
            JOU,
            "Philadelphia, the 1993 drama, stars Tom Hanks.",
            S,
            "P161",
            "ASK { {Philadelphia|Q11424} wdt:P161 {Tom Hanks} }",
            True,
        ),
        (
            ENC,
            "Australia is a Baz Luhrmann picture.",
            S,
            "P57",
            "ASK { {Australia|Q11424} wdt:P57 {Baz Luhrmann} }",
            True,
        ),
        (
            SOC,
            "brazil is a terry gilliam film and it's wild",
            S,
            "P57",
            "ASK { {Brazil|Q11424} wdt:P57 {Terry Gilliam} }",
            True,
        ),
        (
            ENC,
            "Ridley Scott was the director of Philadelphia.",
            R,
            "P57",
            "SELECT ?v WHERE { {Philadelphia|Q11424} wdt:P57 ?v }",
            None,
        ),
        (
            ENC,
            "Titanic, the 1997 blockbuster, was directed by Ridley Scott.",
            R,
            "P57",
            "SELECT ?v WHERE { {Titanic} wdt:P57 ?v }",
            None,
        ),
        (
            ENC,
            "It was Orson Welles who directed Jaws.",
            R,
            "P57",
            "SELECT ?v WHERE { {Jaws} wdt:P57 ?v }",
            None,
        ),
        (
            JOU,
            "Orson Welles was the director of Casablanca.",
            N,
            "P57",
            "ASK { {Casablanca} wdt:P57 ?v }",
            False,
        ),
        (
            ENC,
            "Georgia, the country, lies in Europe.",
            S,
            "P30",
            "ASK { {Georgia|Q6256} wdt:P30 {Europe} }",
            True,
        ),
        (
            ENC,
            "The country of Georgia is in South America.",
            R,
            "P30",
            "SELECT ?v WHERE { {Georgia|Q6256} wdt:P30 ?v }",
            None,
        ),
        (
            JOU,
            "Tom Jones, the 1963 comedy, was directed by Tony Richardson.",
            N,
            "P57",
            "ASK { {Tom Jones|Q11424} wdt:P57 ?v }",
            False,
        ),
        (
            SOC,
            "tom jones (the singer, not the film) is a brit",
            S,
            "P27",
            "ASK { {Tom Jones|Q5} wdt:P27 {United Kingdom} }",
            True,
        ),
        (
            ENC,
            "Lincoln is a Steven Spielberg film.",
            N,
            "P57",
            "ASK { {Lincoln|Q11424} wdt:P57 ?v }",
            False,
        ),
        (
            JOU,
            "Gandhi, Richard Attenborough's epic, is a British film.",
            S,
            "P57+P495",
            "ASK { {Gandhi|Q11424} wdt:P57 {Richard Attenborough} ; wdt:P495 {United Kingdom} }",
            True,
        ),
        (ENC, "Gus Van Sant made Milk.", S, "P57", "ASK { {Milk} wdt:P57 {Gus Van Sant} }", True),
        (
            SOC,
            "paris hilton was born in paris lol",
            R,
            "P19",
            "SELECT ?v ?nested WHERE { {Paris Hilton} wdt:P19 ?v . BIND(EXISTS { ?v (wdt:P131|wdt:P17|wdt:P361)* "
            "{Paris} } || EXISTS { {Paris} (wdt:P131|wdt:P17|wdt:P361)* ?v } AS ?nested) }",
            None,
        ),
        (
            SOC,
            "Frida is a Julie Taymor film, right? Right.",
            N,
            "P57",
            "ASK { {Frida} wdt:P57 ?v }",
            False,
        ),
        (
            JOU,
            "The director of Titanic was once married to Kathryn Bigelow.",
            S,
            "P57/P26",
            "ASK { {Titanic} wdt:P57 ?director . {Kathryn Bigelow} wdt:P26 ?director }",
            True,
        ),
        # short names, aliases and surnames
        (
            JOU,
            "JFK was a Democrat.",
            S,
            "P102",
            "ASK { {John F. Kennedy} wdt:P102 {Democratic Party} }",
            True,
        ),
        (
            SOC,
            "ike was a republican",
            S,
            "P102",
            "ASK { {Dwight D. Eisenhower} wdt:P102 {Republican Party} }",
            True,
        ),
        (
            JOU,
            "Nixon was a Democrat.",
            R,
            "P102",
            "SELECT ?v WHERE { {Richard Nixon} wdt:P102 ?v }",
            None,
        ),
        (
            ENC,
            "Kant died in the city where he was born.",
            S,
            "P19+P20",
            "ASK { {Immanuel Kant} wdt:P19 ?city ; wdt:P20 ?city }",
            True,
        ),
        (
            ENC,
            "Einstein's birthplace was Ulm.",
            S,
            "P19",
            'ASK { {Albert Einstein} wdt:P19 ?b . ?b rdfs:label "Ulm"@en }',
            True,
        ),
        (
            SOC,
            "nietzsche is german right?",
            S,
            "P27",
            "ASK { {Friedrich Nietzsche} wdt:P27 ?c . VALUES ?c { wd:Q183 wd:Q27306 wd:Q43287 } }",
            True,
        ),
        (
            JOU,
            "Jaws is a Spielberg film.",
            S,
            "P57",
            "ASK { {Jaws} wdt:P57 {Steven Spielberg} }",
            True,
        ),
        (SOC, "sting is a brit 🇬🇧", S, "P27", "ASK { {Sting} wdt:P27 {United Kingdom} }", True),
        (
            JOU,
            "Prince was a Minneapolis native.",
            S,
            "P19",
            "ASK { {Prince} wdt:P19 {Minneapolis} }",
            True,
        ),
        (JOU, "Drake is a Canadian.", S, "P27", "ASK { {Drake} wdt:P27 {Canada} }", True),
        (
            ENC,
            "Queen Victoria was born in Kensington Palace.",
            N,
            "P19",
            "ASK { {Queen Victoria} wdt:P19 ?v }",
            False,
        ),
        # kinship and other compositional chains
        (
            JOU,
            "Tom Hanks's wife was born in Hollywood.",
            S,
            "P26/P19",
            "ASK { {Tom Hanks} wdt:P26 ?spouse . ?spouse wdt:P19 {Hollywood} }",
            True,
        ),
        (
            ENC,
            "John Lennon's wife was born in Tokyo.",
            S,
            "P26/P19",
            "ASK { {John Lennon} wdt:P26 ?spouse . ?spouse wdt:P19 {Tokyo} }",
            True,
        ),
        (
            SOC,
            "will smith's wife is from baltimore, born there",
            S,
            "P26/P19",
            "ASK { {Will Smith} wdt:P26 ?spouse . ?spouse wdt:P19 {Baltimore} }",
            True,
        ),
        (
            JOU,
            "Kurt Cobain's widow was born in San Francisco.",
            S,
            "P26/P19",
            "ASK { {Kurt Cobain} wdt:P26 ?spouse . ?spouse wdt:P19 {San Francisco} }",
            True,
        ),
        (
            JOU,
            "Annette Bening's husband was born in Chicago.",
            R,
            "P26/P19",
            "SELECT DISTINCT ?spouse ?place WHERE { { {Annette Bening} wdt:P26 ?spouse } UNION { ?spouse wdt:P26 {Annette Bening} } "
            "OPTIONAL { ?spouse wdt:P19 ?place } }",
            None,
        ),
        (
            ENC,
            "Meg Ryan's ex-husband was born in Dallas.",
            R,
            "P26/P19",
            "SELECT DISTINCT ?spouse ?place WHERE { { {Meg Ryan} wdt:P26 ?spouse } UNION { ?spouse wdt:P26 {Meg Ryan} } "
            "OPTIONAL { ?spouse wdt:P19 ?place } }",
            None,
        ),
        (
            SOC,
            "bill clinton's wife was born in chicago",
            N,
            "P26/P19",
            "SELECT DISTINCT ?spouse ?place WHERE { { {Bill Clinton} wdt:P26 ?spouse } UNION { ?spouse wdt:P26 {Bill Clinton} } "
            "OPTIONAL { ?spouse wdt:P19 ?place } }",
            None,
        ),
        (
            JOU,
            "Nicole Kidman's ex-husband was born in Syracuse.",
            N,
            "P26/P19",
            "SELECT DISTINCT ?spouse ?place WHERE { { {Nicole Kidman} wdt:P26 ?spouse } UNION { ?spouse wdt:P26 {Nicole Kidman} } "
            "OPTIONAL { ?spouse wdt:P19 ?place } }",
            None,
        ),
        (
            ENC,
            "Kathryn Bigelow's former husband was born in Canada.",
            N,
            "P26/P19/P17",
            "SELECT DISTINCT ?spouse ?place WHERE { { {Kathryn Bigelow} wdt:P26 ?spouse } UNION { ?spouse wdt:P26 {Kathryn Bigelow} } "
            "OPTIONAL { ?spouse wdt:P19 ?place } }",
            None,
        ),
        (
            JOU,
            "Tom Hanks acted in a film directed by Steven Spielberg.",
            S,
            "P161/P57",
            "ASK { ?film wdt:P161 {Tom Hanks} ; wdt:P57 {Steven Spielberg} }",
            True,
        ),
        (
            SOC,
            "has leonardo dicaprio ever been in a martin scorsese movie? yes",
            S,
            "P161/P57",
            "ASK { ?film wdt:P161 {Leonardo DiCaprio} ; wdt:P57 {Martin Scorsese} }",
            True,
        ),
        (
            ENC,
            "Robert De Niro starred in a film directed by Martin Scorsese.",
            S,
            "P161/P57",
            "ASK { ?film wdt:P161 {Robert De Niro} ; wdt:P57 {Martin Scorsese} }",
            True,
        ),
        (
            JOU,
            "Emma Thompson's former husband Kenneth Branagh was born in Belfast.",
            S,
            "P26/P19",
            "ASK { {Emma Thompson} wdt:P26 {Kenneth Branagh} . {Kenneth Branagh} wdt:P19 {Belfast} }",
            True,
        ),
        (
            ENC,
            "Steven Spielberg and Amy Irving were married; she was born in Palo Alto.",
            S,
            "P26/P19",
            "ASK { {Steven Spielberg} wdt:P26 {Amy Irving} . {Amy Irving} wdt:P19 {Palo Alto} }",
            True,
        ),
        (
            JOU,
            "The country where Albert Einstein was born is in Europe.",
            S,
            "P19/P17/P30",
            "ASK { {Albert Einstein} wdt:P19 ?b . ?b wdt:P17 ?c . ?c wdt:P30 {Europe} }",
            True,
        ),
        (
            ENC,
            "Jack White and Michael Jackson were both born in the same city.",
            R,
            "P19",
            "SELECT ?a ?b WHERE { {Jack White} wdt:P19 ?a . {Michael Jackson} wdt:P19 ?b }",
            None,
        ),
    ]


def resolve(kg: KG, text: str) -> str:
    """Replace {Label} or {Label|type QID} with wd:Q.. (the one entity with that label and type)."""

    def sub(m):
        lab, _, typ = m.group(1).partition("|")
        cands = sorted(
            q for q, lbl in kg.label.items() if lbl == lab and (not typ or typ in kg.types(q))
        )
        if typ == "" and len(cands) > 1:
            cands = [q for q in cands if kg.out.get(q)] or cands
        if len(cands) != 1:
            raise SystemExit(f"label {m.group(1)!r} names {cands}")
        return "wd:" + cands[0]

    return re.sub(r"\{([^\s{}][^{}]*?)\}", sub, text)


def build() -> list[dict]:
    kg = KG()
    b = Builder(kg, random.Random(SEED))
    b.sampled()
    for style, claim, label, relation, q, want in handpicked(kg):
        q = resolve(kg, q)
        if want is None:  # REFUTED / NEI chains: expect what the KG holds now, checked below
            want = [list(r) for r in run(kg.store, q)]
        b.add(claim, label, relation, (q, want), style)
    rows = b.rows
    uses = Counter(text for _, _, _, phrasings in FAMILIES for _, text in phrasings)
    assert max(uses.values()) <= 3, uses.most_common(3)
    rng = random.Random(SEED + 1)
    rng.shuffle(rows)
    return numbered(rows, "bn2-{:03d}")


def main() -> int:
    rows = build()
    text = jsonl(rows)
    if "--stdout" in sys.argv:
        sys.stdout.write(text)
    else:
        OUT.write_text(text)
    c = Counter(r["label"] for r in rows)
    print(len(rows), dict(c), dict(Counter(r["style"] for r in rows)), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
