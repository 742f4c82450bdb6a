"""Nationality adjectives: "Madonna is American", "an American singer", "has French citizenship".

A claim generator verbalising (S, country of citizenship, United States) as
often writes the adjective as the country's name; so do people ("Sam Cooke
was an American singer"). This reads the adjective at the start of a
copular or "has ... citizenship" object as the country, and splits "an
American singer" into two statements: citizenship of the country, and
"is a singer".

The demonym table is the ``countryinfo`` package's (MIT; 250 present-day
countries with their names and alternative spellings): a library, not a
hand-kept list. Where two countries share an adjective ("French": France and
its overseas departments) the most populous is meant.

Former states ("Soviet", "Prussian", "Ottoman"; a "German" of the German
Empire) are not in it: :data:`FORMER_STATES` adds them by hand, as no
package lists former states' adjectives. An adjective with several states
("German": Germany, the German Empire, Nazi Germany, ...) means the one the
KG states for the subject, when it states one (the caller's ``prefer``),
else the present-day country. "Canadian-American" is two nationalities.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence

from kgfc.kg import vocab as V
from kgfc.kg.properties import IS_A
from kgfc.models import ClaimTriple
from kgfc.nlp.text import read_from

__all__ = [
    "FORMER_STATES",
    "NATIONALITY_NOUNS",
    "NATIONALITY_PROPS",
    "countries",
    "demonyms",
    "mentions_nationality",
    "read_nationality",
]

P27 = V.WDT + "P27"
# What a nationality adjective says, by the subject's kind (unknown before linking, so all
# three are candidates, best first; each holds only for its own kind of subject): a
# person's citizenship, a work's or a band's country of origin, a place's or an
# organisation's country.
NATIONALITY_PROPS = [P27, V.WDT + "P495", V.WDT + "P17"]
# "has American citizenship", "is of French nationality", "is a Swiss national"
NATIONALITY_NOUNS = frozenset(
    {"citizenship", "nationality", "citizen", "national", "passport", "passport holder"}
)
_LEAD = re.compile(r"^(?:of\s+)?(?:(?:a|an|the)\s+)?", re.I)
# "S is an English speaker", "S is a native French speaker": the adjective is a language
_LANGUAGE_NOUNS = re.compile(r"\b(?:speakers?|language|tongue)$", re.I)

# Adjectives of former states, by their Wikidata labels (hand-kept: countryinfo lists
# present-day countries only, and no package lists former states' adjectives). Each
# state is listed only under the adjective its own citizens go by: Austria-Hungary
# is not "Austrian" (Bartók was its citizen), Czechoslovakia not "Czech", and no
# constituent country stands for the United Kingdom ("Sean Connery was English").
_CZECHOSLOVAKIA = ("Czechoslovakia",)
_YUGOSLAVIA = (
    "Socialist Federal Republic of Yugoslavia",
    "Kingdom of Yugoslavia",
    "Federal Republic of Yugoslavia",
)
FORMER_STATES: dict[str, tuple[str, ...]] = {
    "american": ("Confederate States of America",),
    "austrian": ("Austrian Empire", "Archduchy of Austria", "First Austrian Republic"),
    "austro-hungarian": ("Austria-Hungary",),
    "british": (
        "Kingdom of Great Britain",
        "United Kingdom of Great Britain and Ireland",
    ),
    "bulgarian": ("Kingdom of Bulgaria", "People's Republic of Bulgaria"),
    "byzantine": ("Byzantine Empire",),
    "chinese": ("Qing dynasty", "Republic of China (1912–1949)"),
    "czechoslovak": _CZECHOSLOVAKIA,
    "czechoslovakian": _CZECHOSLOVAKIA,
    "dutch": ("Kingdom of the Netherlands", "Dutch Republic"),
    "east german": ("East Germany",),
    "english": ("Kingdom of England",),
    "french": (
        "Kingdom of France",
        "French First Republic",
        "First French Empire",
        "Second French Empire",
        "French Third Republic",
        "French Fourth Republic",
    ),
    "german": (
        "German Empire",
        "Weimar Republic",
        "Nazi Germany",
        "West Germany",
        "East Germany",
        "German Confederation",
        "North German Confederation",
    ),
    "hungarian": ("Kingdom of Hungary", "Hungarian People's Republic"),
    "indian": ("Dominion of India",),
    "irish": ("Irish Free State",),
    "italian": ("Kingdom of Italy",),
    "japanese": ("Empire of Japan",),
    "ottoman": ("Ottoman Empire",),
    "polish": (
        "Second Polish Republic",
        "Polish People's Republic",
        "Polish–Lithuanian Commonwealth",
        "Congress Poland",
    ),
    "portuguese": ("Kingdom of Portugal",),
    "prussian": ("Kingdom of Prussia", "Prussia"),
    "romanian": ("Kingdom of Romania", "Socialist Republic of Romania"),
    "russian": (
        "Russian Empire",
        "Russian Soviet Federative Socialist Republic",
        "Tsardom of Russia",
    ),
    "scottish": ("Kingdom of Scotland",),
    "soviet": ("Soviet Union",),
    "spanish": ("Francoist Spain", "Second Spanish Republic"),
    "west german": ("West Germany",),
    "yugoslav": _YUGOSLAVIA,
    "yugoslavian": _YUGOSLAVIA,
}


@functools.lru_cache(maxsize=1)
def _table() -> dict[str, list[str]]:
    """demonym (lower case) -> the names of its countries, most populous country first."""
    try:
        from countryinfo import all_countries
    except ImportError:  # a default dependency; without it nothing is read as a nationality
        return {}
    rows: dict[str, list[tuple[int, list[str]]]] = {}
    for c in all_countries():
        info = c.info()
        demonym = (info.get("demonym") or "").strip()
        name = (info.get("name") or "").strip()
        if not demonym or not name:
            continue
        names = [name] + [
            a for a in info.get("altSpellings") or [] if len(a) > 3 and a.isascii() and a != name
        ]
        rows.setdefault(demonym.lower(), []).append((int(info.get("population") or 0), names))
    return {
        d: [n for _, names in sorted(found, key=lambda x: -x[0]) for n in names]
        for d, found in rows.items()
    }


def countries(adjective: str, *, former: bool = True) -> list[str]:
    """The country names an adjective stands for ("American" -> "United States", "USA", ...):
    present-day countries first, then (``former``) former states (:data:`FORMER_STATES`)."""
    key = " ".join(adjective.lower().split())
    return list(_table().get(key, [])) + (list(FORMER_STATES.get(key, ())) if former else [])


# The adjectives people use for a United Kingdom citizen besides "British" (hand-kept: the
# table has one demonym per country, and the KG states the United Kingdom, not England)
_ALSO = {"united kingdom": ("english", "scottish", "welsh")}


@functools.lru_cache(maxsize=1)
def _by_country() -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for adjective, names in [*_table().items(), *FORMER_STATES.items()]:
        for name in names:
            out.setdefault(name.lower(), set()).add(adjective)
    for name, extra in _ALSO.items():
        out.setdefault(name, set()).update(extra)
    return {k: frozenset(v) for k, v in out.items()}


def demonyms(country: str) -> frozenset[str]:
    """The adjectives (lower case) for a country's citizens or things: "Sweden" -> {"swedish"}."""
    return _by_country().get(" ".join(country.lower().split()), frozenset())


def _nationalities(word: str) -> list[list[str]]:
    """The countries of one adjective, or of each half of a hyphenated pair
    ("Canadian-American"); empty when it is not one."""
    names = countries(word)
    if names:
        return [names]
    halves = word.split("-")
    if len(halves) == 2 and all(h[:1].isupper() for h in halves):
        got = [countries(h) for h in halves]
        if all(got):
            return got
    return []


def is_nationality(word: str) -> bool:
    """Is ``word`` a nationality adjective ("American", "Soviet", "Canadian-American")?"""
    return bool(word[:1].isupper() and _nationalities(word))


def mentions_nationality(text: str) -> bool:
    """Does a capitalised word or two of ``text`` name a nationality? (cheap: a table lookup)"""
    # each capitalised word alone and with the next ("South Korean"): "The American composer"
    # is no nationality as a pair, "American" is
    words = re.findall(r"(?=([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?))", text)
    return any(_nationalities(w) or _nationalities(w.split()[0]) for w in words)


def _split(text: str) -> tuple[list[list[str]], str] | None:
    """(each nationality's country names, what follows) when ``text`` starts with a
    capitalised demonym (or a hyphenated pair of them)."""
    body = _LEAD.sub("", text.strip()).rstrip(" .")
    words = body.split()
    for n in (3, 2, 1):  # the longest demonym first: "South Korean", "New Zealander"
        head = " ".join(words[:n])
        if len(words) < n or not head[:1].isupper():
            continue
        found = _nationalities(head)
        if found:
            return found, " ".join(words[n:])
    return None


# "S is American.", "Leipzig is not a German city.", "The Beatles were a British band.",
# "S has British citizenship", "S holds a French passport"
_COPULA = re.compile(
    r"^(?P<subject>.+?)\s+(?P<verb>is|was|are|were|has|have|had|holds|hold|held)"
    r"(?P<neg>\s+not)?\s+(?:(?P<article>a|an)\s+)?(?P<rest>[^,;:()]+?)\s*[.!]?\s*$"
)
_BE = frozenset({"is", "was", "are", "were"})


Prefer = Callable[[str, list[str]], str | None]


def read_nationality(
    text: str,
    triples: Sequence[ClaimTriple],
    known: Callable[[str], bool],
    prefer: Prefer | None = None,
    sentences: Sequence[str] | None = None,
) -> list[ClaimTriple]:
    """The claim's triples with nationality adjectives read as the subject's country.

    ``sentences``: the text's sentences, when it has several (each is read on its own).

    ``known(name)`` says whether the KG has the name (its label index): the
    country is written as the first of its names the KG knows, and a country
    the KG does not name is not read. ``prefer(subject, names)``, when given,
    says which of several such names' states the KG states for the subject, as
    the name to write ("Einstein was German": "German Empire"), or None.

    - A copular claim about a name the KG knows whose predicate starts with the
      adjective (read from the text, whatever the decomposer made of it: "a
      German city" is no relation "city" with object "German"; "The language of
      S is French" is no claim about "The language of S"): "S is American" is one statement, "S is an
      American singer" two (the country, and "S is a singer"); not when the
      whole predicate is a name ("a Dutch East India Company ship" aside).
    - Otherwise, a triple whose unlinked object is the adjective and a
      nationality noun ("S has American citizenship", "S is of French
      nationality"), or the adjective alone as the value of citizenship (an
      LLM's "S | country of citizenship | American").

    "Canadian-American" is a statement per country. The country is a
    candidate value of citizenship, country of origin and country
    (:data:`NATIONALITY_PROPS`): which one holds depends on what the subject
    is, which linking tells later.
    """
    sents = [s for s in (sentences or [text]) if s.strip()]
    if len(sents) <= 1:
        m = _COPULA.match(text.strip())
        got = _copular(m, known, prefer) if m is not None else None
        if got is not None:
            return got
    else:
        # each sentence on its own: "S is a composer. S is an American composer." (the
        # whole text is no copula: its predicate would run into the next sentence)
        read: list[tuple[str, list[ClaimTriple]]] = []
        for s in sents:
            m = _COPULA.match(s.strip())
            got = _copular(m, known, prefer) if m is not None else None
            if got is not None:
                read.append((s, got))
        if read:
            kept = [
                t for t in triples if not any(read_from(t.subject, t.object, s) for s, _ in read)
            ]
            triples = kept + [t for _, got in read for t in got]
    out: list[ClaimTriple] = []
    for t in triples:
        split = None if t.object_id else _split(t.object)
        found = _countries(split[0], t.subject, known, prefer) if split else None
        rest = split[1].lower() if split else ""
        named = t.relation_ids[:1] == [P27]
        if found and (rest in NATIONALITY_NOUNS or (not rest and named)):
            out.extend(_citizenship(t, country) for country in found)
        else:
            out.append(t)
    return out


def _countries(
    nationalities: list[list[str]],
    subject: str,
    known: Callable[[str], bool],
    prefer: Prefer | None,
) -> list[str] | None:
    """One country per nationality, each as a name the KG knows; None if one has none."""
    out = []
    for names in nationalities:
        names = [n for n in names if known(n)]
        if not names:
            return None
        got = prefer(subject, names) if prefer is not None and len(names) > 1 else None
        out.append(got or names[0])
    return out


def _citizenship(t: ClaimTriple, country: str) -> ClaimTriple:
    return t.model_copy(
        update={
            "relation": "country of citizenship" if t.relation_ids[:1] == [P27] else "country",
            "relation_ids": list(NATIONALITY_PROPS),
            "object": country,
            "object_id": None,
            "object_link": None,
        }
    )


def _each(subject: str, verb: str, known: Callable[[str], bool]) -> list[str] | None:
    """The names of a plural subject ("A and B", "A, B and C") when the KG knows each."""
    if verb not in ("are", "were"):
        return None
    parts = [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", subject)]
    return parts if len(parts) > 1 and all(p and known(p) for p in parts) else None


def _names_before(rest: str, known: Callable[[str], bool]) -> bool:
    """Does ``rest`` start with a name of several words the KG knows ("American Academy of
    Arts and Letters member")?"""
    words = _LEAD.sub("", rest).split()
    return any(known(" ".join(words[:k])) for k in range(2, len(words)))


def _singular(noun: str) -> str | None:
    """ "American actors" -> "actor" (the KG's class and occupation names are singular); None
    when the last word is no plural noun."""
    from kgfc.nlp.spacy_pipeline import parse  # spaCy only for this rare case

    doc = parse(noun)
    last = doc[-1]
    if last.tag_ not in ("NNS", "NNPS"):
        return None
    return doc[:-1].text_with_ws + last.lemma_


def _copular(
    m: re.Match[str], known: Callable[[str], bool], prefer: Prefer | None
) -> list[ClaimTriple] | None:
    rest = m["rest"]
    split = _split(rest)
    if split is None:
        return None
    subject, noun = m["subject"], split[1]
    negated = bool(m["neg"])
    if negated and len(split[0]) > 1:
        return None  # "S is not Canadian-American": which of the two is denied is unsaid
    if not known(subject):
        # "Tom Hanks and Meg Ryan are American actors": each is an American actor
        subjects = _each(subject, m["verb"], known)
        if subjects is None or negated:
            return None  # "The language of S is French": a relation first, not a nationality
        singular = _singular(noun) if noun else ""
        if singular is None:
            return None
        rest = m["rest"][: len(m["rest"]) - len(noun)] + singular
        verb = "is" if m["verb"] == "are" else "was"
        read = [
            _copular(each, known, prefer)
            if (each := _COPULA.match(f"{s} {verb} a {rest}."))
            else None
            for s in subjects
        ]
        whole = [r for r in read if r is not None]
        return None if len(whole) < len(read) else [t for r in whole for t in r]
    if re.search(r"\w's?\b|s'(?:\s|$)", rest):
        return None  # "V is Soviet Union's diplomatic relation": a name's, not an adjective
    if noun and (known(rest) or known(_LEAD.sub("", rest)) or _names_before(rest, known)):
        # "a Dutch East India Company", "an American Academy of Arts and Letters member": a
        # name, not an adjective and a noun
        return None
    found = _countries(split[0], subject, known, prefer)  # after the cheap checks: it queries
    if found is None:
        return None
    base = ClaimTriple(subject=subject, relation="country", object=found[0], negated=negated)
    stated = [_citizenship(base, country) for country in found]
    if noun.lower() in NATIONALITY_NOUNS or (not noun and m["verb"] in _BE):
        return stated
    if m["verb"] not in _BE:
        return None  # "S has French wines": not a nationality
    if _LANGUAGE_NOUNS.search(noun):
        return None  # "S is an English speaker": a language
    # "S is a singer", "S was a band": what the decomposer reads a copula with a noun as
    # (built here, not re-read: it would split "Crouching Tiger, Hidden Dragon" at the comma)
    relation = f"{m['verb']} {m['article'] or ''}".strip()
    what = base.model_copy(
        update={"relation": relation, "object": noun, "relation_ids": list(IS_A)}
    )
    return [*stated, what]
