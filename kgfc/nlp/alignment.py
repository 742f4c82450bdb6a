"""Relation phrases -> ranked Wikidata direct properties.

:class:`RelationAligner` matches a relation phrase ("was born in") against
the store's own property labels and aliases, with a small paraphrase table
(:data:`PARAPHRASES`) as the fallback.

Direction convention: an :class:`Alignment` with ``inverse`` set means the
phrase reads the property backwards ("Shakespeare wrote Hamlet" is
``Hamlet P50 Shakespeare``).
"""

from __future__ import annotations

import bisect
import threading
from collections import defaultdict
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal, NamedTuple, TypeAlias

from rapidfuzz import fuzz, process

from kgfc.kg import vocab as V
from kgfc.nlp.spacy_pipeline import parse
from kgfc.nlp.text import ARTICLES, AUXILIARIES, PREPOSITIONS, normalise

if TYPE_CHECKING:
    from spacy.tokens import Token

    from kgfc.kg.store import KnowledgeGraph

__all__ = ["Alignment", "PARAPHRASES", "SYMMETRIC", "RelationAligner", "ValueKind", "phrase_forms"]

ValueKind = Literal["date", "number", "entity"]


class ImplicitWord(NamedTuple):
    """A word the sentence leaves implicit ("where S was born" = born *in* O), shaped like a token."""

    text: str
    i: int
    dep_: str = "prep"
    is_punct: bool = False
    ent_type_: str = ""

    @property
    def lower_(self) -> str:
        return self.text

    @property
    def lemma_(self) -> str:
        return self.text


# a word of a relation phrase: a spaCy token, or one the sentence leaves implicit
PhraseWord: TypeAlias = "Token | ImplicitWord"


class Alignment(NamedTuple):
    """One candidate property for a relation phrase. ``inverse``: the phrase reads it backwards."""

    property: str  # wdt: IRI
    score: float
    inverse: bool = False


# Frequent paraphrases -> PIDs, best first; "~" marks a property the phrase
# reads backwards. Phrases are normalised surface or lemma forms (both are
# tried). This is the fallback: the store's own labels and aliases score higher.
_PARAPHRASE_TABLE = """
born in | born: P19 P569
born at | birthplace: P19
city of birth | town of birth | village of birth | country of birth: P19
city of death | town of death | village of death | site of death: P20
born on: P569
die in | died in | die: P20 P570
die at: P20
die on | died on: P570
married to | marry | marry to | wife | wife of | husband | husband of | spouse | spouse of: P26
citizen | citizen of | nationality: P27
capital of: P1376 ~P36
capital: P36 ~P1376
located in | locate in | in: P131 P17 P276
located within | locate within | within | lie within | lies within | situated within: P131 P17 P276
member of: P463 P54 P102
member: P463 P54 P102
play for | plays for: P54
work for | works for | work at | employ by | employed by | employ at | employed at | employ in | employed in | employ with | employed with | employer: P108
educate at | educated at | study at | graduate from | attend: P69
read law at | read medicine at | read history at | read classics at | read philosophy at | read mathematics at | read english at | read economics at | read chemistry at | read physics at | read music at | read theology at | read politics at: P69
found by | founded by | founder: P112
found | co found | founder of: ~P112
author | written by | write by: P50
author of | write: ~P50
directed by | direct by | director: P57
direct | director of: ~P57
star: P161
star in | appear in | act in | co star in | costar in | co-star in: ~P161
visible in | be visible in | seen in | be seen in | feature in | featured in: ~P161
credited in | be credited in | credit in: ~P161 ~P57 ~P58 ~P86
depart life in | departed life in | depart this life in | departed this life in: P20
release by | released by: P264 P123 P750
release music through | released music through | release music on | released music on | release records through | released records through | release albums through | released albums through | release albums on | released albums on: P264
be a: P31 P106
become | become a: P106 P39
serve as a: P39 P106
occupation | profession | work as | employ as | employed as: P106
genre: P136
record label | sign to | sign with: P264
instrument: P1303
play: P1303 P136
play in | played in: P1303
language: P1412 P407
speak: P1412
write in: P407 P1412
religion: P140
award | win | won | receive: P166
nominate for | nominated for: P1411
child | son | daughter | parent of: P40
child of | son of | daughter of | parent: P22 P25
father: P22
mother: P25
father of: P40 ~P22
mother of: P40 ~P25
sibling | brother | sister | brother of | sister of: P3373
party | member of party: P102
president: P35 P6 ~P39
president of | position | position held: P39
serve as: P39 P106
country: P17 P27 P495
from: P27 P19 P495
headquarters | headquarter in | headquartered in: P159
main office | head office | main office in | head office in | have main office in | have its main office in | have head office in | have its head office in | has its main office in | has main office in | has its head office in | has head office in: P159
base in | based in: P159 P131 P551
release in | release on | publish: P577
release: P577 ~P264 ~P750
performed by: P175
perform | sing: ~P175 P136
composed by: P86
compose: ~P86
owned by: P127
own: ~P127
part of: P361
birthday | birth date: P569
pass away | pass away in | pass away on: P570 P20
death date: P570
found in | founded in | found on | founded on | establish in | established in | establish on | established on | set up in | inception: P571 P740
create in | created in: P571 P495 P740
come out | come out in | come out on | premiere in | premiere on | publish in | publish on | release date: P577
population | population of | inhabitant | inhabitants | have inhabitant | home to people | resident | residents: P1082
home to: P1082 ~P551 ~P159
tall | stand tall | stand | height | height of: P2048
high: P2048 P2044
elevation | elevation of | altitude | altitude of | above sea level | lie at elevation of | lie at elevation | lie at altitude of | sit at elevation of: P2044
area | area of | cover | cover area of: P2046
long | length | length of: P2043
weigh | weight | weight of: P2067
"""

# Keys are the phrase's content words ("being" is an auxiliary: "came into being in" is
# looked up as "came into in").
# Verb variants, synonyms and relational nouns the property labels lack, as people and
# claim generators write them ("X hails from Y", "X holds citizenship of Y", "X
# succumbed to Y", "X is an English speaker"); measured by benchmarks/bench_paraphrases.py.
_SYNONYM_TABLE = """
hail from | hails from: P19 P27
delivered in | be delivered in | native of | be native of | come into world in: P19
citizenship | citizenship of | citizenship in | national of: P27
career as | career | know as | known as | profession as: P106 P1449
active as | be active as | work professionally as | line of work | line of business | credit as | credited as | be credited as: P106
fluent in | speaker | speaker of | converse in | command of | have command of | good command of: P1412
player | player of: P1303 P641 P54
perform on | play on: P1303
record for | records for | record on | records on | album on | albums on | release record on: P264
sign: ~P264 ~P54
take cues from | took cues from | takes cues from | follow in footsteps of | followed in footsteps of | follows in footsteps of | inspiration from | draw inspiration from | take inspiration from | inspiration: P737
influence on: ~P737
practise | practice | adhere to | adherent of | adherent | follow | faith | belief | follower of | devotee of: P140
ethnicity | ethnic background | descent: P172
specialise in | specialize in | expert in | specialist in | field | field of study | research | work on | active in | active in field of | work in field of | contributions to | contribution to | contribute to | contributed to | remembered for contributions to | known for contributions to | remember for contributions to: P101
go to | alumnus of | alumna of | alumni of | student at | student of: P69
staff of | on staff of | hire by | hired by | hold job at | held job at | have job at | had job at | job at: P108
employ: ~P108
dwell in | dwelt in | dwells in | reside in | resides in | settle in | settled in | live in | resident of | make home in | make their home in | make his home in | make her home in | have home in | home in: P551
situate in | situated in | lie in | lies in: P131 P17 P30 P276
continent: P30
form part of | component of | belong to: P361 P463 P102
membership in | membership of | fellow of | elected fellow of | member state of | member country of | join | affiliate with | affiliated with | represent: P463 P102 P54
lose life to | lost life to | loses life to | die from | succumb to | death cause by | die as result of | die of | cause of death: P509
lay to rest in | laid to rest in | inter in | interred in | interred at | grave | resting place | final resting place | lie buried in | lies buried in | lay buried in | rest in | rests in: P119
feature | cast: P161
appear in | act in | role in | have role in | play role in: ~P161
diagnose with | diagnosed with | live with | suffer from: P1050
wed | marry | married to | tie knot with | tied knot with | exchange vows with | exchanged vows with | walk down aisle with | walked down aisle with | get hitched to | got hitched to: P26
helm: ~P57
film by | movie by: P57
take place in | setting | set in | unfold in: P840
originate from | originate in: P495 P740
start out in | started out in | get together in | got together in | come together in | came together in | team up in | teamed up in: P740
make in | produce in: P495
make: P1056 P136
book by | novel by | pen by | penned by | write by: P50
best known for | famous for | know for | known for: P800 P136
associate with | associated with: P135 P136 P463
figure of | figure in | figures of | among figures of | counted among figures of | count among figures of | leading figure of | key figure of | major figure of: P135 P136 P463
compete in: P641
be seen in | can be seen in | see in | seen in: ~P161
train as | trained as | be trained as | practise as | practised as | practice as | practiced as: P106
see light of day in | saw light of day in | first see light of day in | first saw light of day in: P19
death occur in | death take place in | death happen in | passing occur in | demise occur in: P20
enter world in | entered world in | enter the world in: P19
lose life in | lost life in | lose their life in | lost their life in | lose his life in | lost his life in | lose her life in | lost her life in: P20
breathe last in | breathe their last in | breathe his last in | breathe her last in | breathed last in | breathed their last in | breathed his last in | breathed her last in | life end in | life ended in | life come to end in | life came to end in: P20
birth occur in | birth take place in | birth happen in: P19
burial occur in | burial take place in | funeral take place in | funeral occur in: P119
participate in | participates in | participant in: P1344 P463 P710
relationship with | in relationship with: P451
date | dated | go out with | went out with | romantically involved with | romance with | affair with | have affair with | had affair with: P451
division of | subsidiary of | imprint of | subsidiary: P749
parent company: P749
parent company of: ~P749
diplomatic ties | diplomatic ties with | ties with | relations with | diplomatic relations with: P530
find fame as | found fame as | rise to fame as | become famous as | famous as: P106
virtuoso on | virtuoso | proficient on | skilled on: P1303
convert to | converted to: P140
accede to | acceded to: P463
devote their career to | devote his career to | devote her career to | dedicate their career to | dedicate his career to | dedicate her career to | devote their life to | devote his life to | devote her life to: P101
classify as | classified as | categorise as | categorize as: P136 P31
sign contract with | signed contract with | ink deal with | inked deal with | sign deal with | record deal with | contract with: P264 P54 P108
roster | on roster of | roster of: P264 P54
recording artist | recording artist for | recording artist on | artist on | signee | signee of: P264
professor | professor at | professor of | lecturer | lecturer at | faculty member | faculty member at | on faculty of | teach at | teacher at | employee | researcher at | teach course at | taught course at | teach class at | lecture at | lectured at: P108
native: P19 P27
graduate | alumnus | alumna | student: P69
film | movie: P57 P161
artist | act | musician: P136 P264 P135
know | knows: P1412
take up | took up | taken up: P1303
influence | influences: P737
music on | release music on | released music on: P264
go to school at | went to school at | attend school at: P69
make living as | made living as | earn living as | earned living as: P106
in cast of | be in cast of | member of cast of | part of cast of: ~P161
owe style to | owes style to | owed style to | owe much to | owes much to | owe lot to | owes lot to | owe debt to | owes debt to | indebted to | owe great deal to | owes great deal to | owe good deal to | owes good deal to | owe deal to | owes deal to: P737
proponent of | exponent of | champion of: P135 P136
part in | have part in | had part in | play part in | played part in | in film | in movie | appear in film | appear in movie | star in film | star in movie | act in film | act in movie: ~P161
describe as | described as | best describe as | best described as | be describe as | describe best as: P106 P31 P136
style | musical style | style of music | music style | artistic style: P136 P135 P149
use language | uses language | use | uses: P1412 P2283
cite as influence | cites as influence | cite as inspiration | name as influence | list as influence | credit as influence: P737
maintain relations | maintain diplomatic relations | entertain diplomatic relations with | entertain relations with: P530
make name as | made name as | make name for oneself as | make name for himself as | make name for herself as | make name for themselves as: P106
fall under | falls under | fall into | falls into: P136 P31
under contract with | be under contract with | under contract to: P264 P54
come under influence of | came under influence of | fall under influence of | fell under influence of: P737
look up to | looked up to: P737
be rooted in | rooted in | have roots in | has roots in | root in | have its roots in | has its roots in | have their roots in: P136 P135 P740 P495
come into in | came into in: P740 P571
origins in | origin in | have origins in | has origins in | have its origins in | has its origins in: P740 P495
get start in | get its start in | got its start in | get their start in | got their start in | got start in: P740
instrumentalist on | know as instrumentalist on | known as instrumentalist on | be instrumentalist on: P1303
"""


def _parse_table(text: str) -> dict[str, tuple[tuple[str, bool], ...]]:
    table: dict[str, tuple[tuple[str, bool], ...]] = {}
    for line in text.strip().splitlines():
        phrases, _, pids = line.partition(":")
        entry = tuple((p.lstrip("~"), p.startswith("~")) for p in pids.split())
        for phrase in phrases.split("|"):
            table[phrase.strip()] = entry
    return table


PARAPHRASES = {**_parse_table(_SYNONYM_TABLE), **_parse_table(_PARAPHRASE_TABLE)}

# Properties whose statements hold both ways: "X and Y have diplomatic relations",
# "X and Y are siblings" name both ends as a pair (Wikidata's symmetric properties).
SYMMETRIC = frozenset(V.WDT + p for p in ("P530", "P26", "P3373", "P47", "P451", "P1327"))

# Datatypes of the few properties the table names, for stores without
# wikibase:propertyType.
_KNOWN_TIME = frozenset({"P569", "P570", "P571", "P576", "P577", "P580", "P582", "P585"})
_TIME = TIME_TYPE = V.WIKIBASE + "Time"
_QUANTITY = QUANTITY_TYPE = V.WIKIBASE + "Quantity"
_KNOWN_QUANTITY = frozenset(
    {"P1082", "P2048", "P2043", "P2044", "P2046", "P2047", "P2049", "P2067"}
)

# Words dropped from labels and phrases before matching (auxiliaries, articles).
_FUNCTION_WORDS = AUXILIARIES | ARTICLES | {"also", "not", "never", "n't"}
_PREPOSITIONS = PREPOSITIONS
# spaCy lemmatises "born" to "bear", which matches nothing useful.
KEEP_SURFACE = frozenset({"born"})


def _content(words: Iterable[str]) -> tuple[str, ...]:
    return tuple(w for w in words if w and w not in _FUNCTION_WORDS)


def _strip_preps(words: tuple[str, ...]) -> tuple[str, ...]:
    start, end = 0, len(words)
    while start < end and words[start] in _PREPOSITIONS:
        start += 1
    while end > start and words[end - 1] in _PREPOSITIONS:
        end -= 1
    return words[start:end]


def _contains(hay: tuple[str, ...], needle: tuple[str, ...]) -> bool:
    n = len(needle)
    return any(hay[i : i + n] == needle for i in range(len(hay) - n + 1))


# offer(property IRI, inverse, score): a candidate reading of the phrase, its best score kept
_Offer = Callable[[str, bool, float], None]


def _variants(
    words: tuple[str, ...], content_w: tuple[str, ...], content_l: tuple[str, ...]
) -> list[tuple[str, float, bool]]:
    """The phrase's forms to look up: (key, factor, read backwards)."""
    full = " ".join(words)
    variants: list[tuple[str, float, bool]] = [
        (full, 1.0, False),
        (" ".join(content_w), 1.0, False),
        (" ".join(content_l), 0.97, False),
    ]
    for form in (content_w, content_l):
        bare = _strip_preps(form)
        if bare and bare != form:
            # A relational noun without its "of" reads backwards: "X is the
            # capital of Y" is Y capital X, "X is the daughter of Y" is Y child X.
            # So does a passive without its "by": "X is spoken by Y" is Y speaks X.
            variants.append((" ".join(bare), 0.9, form[-1] in ("of", "by")))
    return variants


def _offer_paraphrases(
    words: tuple[str, ...],
    variants: list[tuple[str, float, bool]],
    content_w: tuple[str, ...],
    content_l: tuple[str, ...],
    subject_is_person: bool | None,
    scores: dict[tuple[str, bool], float],
    offer: _Offer,
) -> None:
    """The paraphrase table's readings of the phrase (``scores`` adjusted in place)."""
    # The paraphrase table. "is a" has no content words: it keys as "be a".
    # The table spells out its "N of" entries, so it is not asked about the
    # bare nouns: "member of" and "citizen of" do not read backwards.
    table_keys = [k for k, _, backwards in variants[1:] if k and not backwards]
    whole = [k for k in (" ".join(content_w), " ".join(content_l)) if k]
    if any(k in PARAPHRASES for k in whole):
        # the phrase with its preposition has an entry of its own: the bare verb's is
        # not asked ("played in" is not "played" a genre)
        table_keys = [k for k in table_keys if k in whole]
    is_a = not content_w and any(w in ("a", "an") for w in words)
    if is_a:
        table_keys = ["be a"]
    endorsed: set[tuple[str, bool]] = set()
    for key in dict.fromkeys(table_keys):
        for rank, (pid, inverse) in enumerate(PARAPHRASES.get(key, ())):
            iri = V.WDT + pid
            # a longer entry is the more specific reading: "star in" (~P161) beats "star" (P161)
            offer(iri, inverse, 0.9 - 0.02 * rank + 0.005 * key.count(" "))
            endorsed.add((iri, inverse))
    if is_a and subject_is_person:
        # "X is a singer" about a person is an occupation; instance-of is "human".
        p31 = (V.WDT + "P31", False)
        if p31 in scores:
            scores[p31] *= 0.8
    if "by" in words:
        # "O is spoken by S" is "S speaks O" read backwards: the table's active
        # entries, inverted ("employed by" has its own forward entry above).
        for form in (content_w, content_l):
            if len(form) > 1 and form[-1] == "by":
                for rank, (pid, inverse) in enumerate(PARAPHRASES.get(" ".join(form[:-1]), ())):
                    offer(V.WDT + pid, not inverse, 0.88 - 0.02 * rank)
    if not endorsed:
        toks = content_l or content_w
        for trigger, entry in PARAPHRASES.items():
            t = tuple(trigger.split())
            if all(w in _PREPOSITIONS for w in t):  # "in" inside "involved in" says nothing
                continue
            if len(t) < len(toks) and (_contains(content_l, t) or _contains(content_w, t)):
                for rank, (pid, inverse) in enumerate(entry):
                    offer(V.WDT + pid, inverse, 0.75 + 0.03 * min(len(t), 3) - 0.02 * rank)
    # Labels the table also names are the more likely reading of a tie.
    for reading in endorsed:
        if reading in scores and scores[reading] > 0.9:
            scores[reading] = min(1.0, scores[reading] + 0.03)


@dataclass
class _PhraseIndex:
    """What :class:`RelationAligner` looks phrases up in, built from ``property_labels`` rows."""

    keys: dict[str, list[tuple[str, str, float]]]  # key -> [(iri, kind, factor)]
    key_list: list[str]
    key_lens: list[int]
    labels: dict[str, str]  # wdt IRI -> English label
    types: dict[str, str]  # wdt IRI -> wikibase datatype IRI

    @classmethod
    def from_rows(cls, rows: Iterable[Mapping[str, str | None]]) -> _PhraseIndex:
        keys: dict[str, list[tuple[str, str, float]]] = defaultdict(list)
        labels: dict[str, str] = {}
        types: dict[str, str] = {}
        for r in rows:
            prop, text, kind = r.get("property"), r.get("text"), r.get("kind") or "label"
            if not prop or not text:
                continue
            if r.get("type"):
                types[prop] = r["type"]  # type: ignore[assignment]
            if kind == "label":
                labels.setdefault(prop, text)
            full = normalise(text)
            if not full:
                continue
            keys[full].append((prop, kind, 1.0))
            content = " ".join(_content(full.split()))
            if content and content != full:  # "is capital of" also answers "capital of"
                keys[content].append((prop, kind, 0.98))
        # Sorted by length: a fuzz.ratio of 80 needs lengths within a factor
        # of 1.5, so each lookup scores only a slice of the keys.
        key_list = sorted((k for k in keys if len(k) >= 4), key=len)
        return cls(dict(keys), key_list, [len(k) for k in key_list], labels, types)


class RelationAligner:
    """Relation phrases -> ranked Wikidata direct properties, from the store's property labels.

    The index (English labels and aliases of every property with a
    ``wikibase:directClaim``, query ``property_labels``) is built on first
    use and kept; call :meth:`refresh` after loading new properties.

    Scores: exact label 1.0, exact alias 0.95 (a little less for the
    lemmatised or preposition-less forms of the phrase), paraphrase table
    0.9 and below, fuzzy matches at most 0.8; then scaled down when the
    property's datatype does not fit the object (a date object prefers
    ``wikibase:Time`` properties).
    """

    def __init__(
        self,
        store: KnowledgeGraph | None = None,
        rows: Iterable[Mapping[str, str | None]] | None = None,
    ) -> None:
        if store is None and rows is None:
            raise ValueError("RelationAligner needs a store or property label rows")
        self.store = store
        self._rows = list(rows) if rows is not None else None
        self._lock = threading.Lock()
        self._built = False
        self._keys: dict[str, list[tuple[str, str, float]]] = {}  # key -> [(iri, kind, factor)]
        self._key_list: list[str] = []
        self._key_lens: list[int] = []
        self.labels: dict[str, str] = {}  # wdt IRI -> English label
        self.types: dict[str, str] = {}  # wdt IRI -> wikibase datatype IRI
        # Per instance, so a dropped aligner takes its cache with it.
        self._cached_align = lru_cache(maxsize=4096)(self._align)
        self._usage: dict[str, bool] = {}  # property IRI -> does the store state it at all

    @classmethod
    def from_rows(cls, rows: Iterable[Mapping[str, str | None]]) -> RelationAligner:
        """Build from rows shaped like the ``property_labels`` query (property, text, kind, type)."""
        return cls(rows=rows)

    # -- index ------------------------------------------------------------
    def refresh(self) -> None:
        with self._lock:
            self._built = False
            self._cached_align.cache_clear()
            self._usage.clear()

    def _ensure(self) -> None:
        if self._built:
            return
        with self._lock:
            if self._built:
                return
            if self._rows is not None:
                index = _PhraseIndex.from_rows(self._rows)
            else:  # built from the store's rows once, then read back from its disk cache
                store = self.store
                assert store is not None  # __init__ takes a store or rows
                index = store.cached_derived(
                    "relation_phrases",
                    lambda: _PhraseIndex.from_rows(store.run_cached("property_labels")),
                    kind=_PhraseIndex,
                )
            self._keys, self._key_list, self._key_lens = index.keys, index.key_list, index.key_lens
            self.labels, self.types = index.labels, index.types
            self._built = True

    def __len__(self) -> int:
        self._ensure()
        return len(self.labels)

    def label(self, iri: str) -> str | None:
        self._ensure()
        return self.labels.get(iri)

    def is_phrase(self, key: str) -> bool:
        """Is ``key`` (normalised words) exactly some property's label or alias?"""
        self._ensure()
        return key in self._keys

    def datatype(self, iri: str) -> str | None:
        """The property's Wikibase datatype (``wikibase:Time``, ``wikibase:Quantity``...), if known."""
        self._ensure()
        dtype = self.types.get(iri)
        if dtype is None:
            pid = V.local_id(iri)
            dtype = _TIME if pid in _KNOWN_TIME else _QUANTITY if pid in _KNOWN_QUANTITY else None
        return dtype

    def entity_names(self) -> Container[str] | None:
        """The store's entity label keys (its :class:`~kgfc.kg.labels.LabelIndex`), if any.

        Decomposition asks it whether "rhythm and blues" is one name or a list.
        """
        if self.store is None:
            return None
        return self.store.label_index()

    # -- alignment --------------------------------------------------------
    def align(
        self,
        phrase: str,
        *,
        value_kind: ValueKind | None = None,
        subject_is_person: bool | None = None,
        limit: int = 5,
    ) -> list[Alignment]:
        """Ranked ``(property_iri, score, inverse)`` for a relation phrase, best first.

        ``value_kind`` ("date", "number" or "entity") is what the object of the
        claim is; it moves properties of a fitting datatype up.
        ``subject_is_person`` breaks the "is a" tie between occupation and
        instance-of.
        """
        phrase = (phrase or "").strip()
        if not phrase:
            return []
        doc = parse(phrase[:200])
        words, lemmas = phrase_forms(doc)
        return self.align_forms(
            words, lemmas, value_kind=value_kind, subject_is_person=subject_is_person, limit=limit
        )

    def align_forms(
        self,
        words: Sequence[str],
        lemmas: Sequence[str],
        *,
        value_kind: ValueKind | None = None,
        subject_is_person: bool | None = None,
        limit: int = 5,
    ) -> list[Alignment]:
        """:meth:`align` for a phrase already tokenised (lower-case surface and lemma forms)."""
        self._ensure()
        return self._cached_align(tuple(words), tuple(lemmas), value_kind, subject_is_person)[
            :limit
        ]

    def _align(
        self,
        words: tuple[str, ...],
        lemmas: tuple[str, ...],
        value_kind: ValueKind | None,
        subject_is_person: bool | None,
    ) -> list[Alignment]:
        scores: dict[tuple[str, bool], float] = {}

        def offer(iri: str, inverse: bool, score: float) -> None:
            key = (iri, inverse)
            if score > scores.get(key, 0.0):
                scores[key] = score

        content_w, content_l = _content(words), _content(lemmas)
        variants = _variants(words, content_w, content_l)
        seen = self._offer_labels(words, variants, offer)
        _offer_paraphrases(words, variants, content_w, content_l, subject_is_person, scores, offer)
        self._offer_fuzzy(words, content_w, seen, offer)
        out = [
            Alignment(iri, round(score * self._type_fit(iri, value_kind), 4), inverse)
            for (iri, inverse), score in scores.items()
        ]
        out.sort(key=lambda a: (-a.score, a.inverse, _pid_number(a.property)))
        return self._prefer_used(out)

    def _offer_labels(
        self, words: tuple[str, ...], variants: list[tuple[str, float, bool]], offer: _Offer
    ) -> set[str]:
        """The properties whose label or alias is a variant of the phrase; the variants asked."""
        seen: set[str] = set()
        for key, factor, backwards in variants:
            if not key or key in seen:
                continue
            seen.add(key)
            for iri, kind, k_factor in self._keys.get(key, ()):
                offer(iri, backwards, (1.0 if kind == "label" else 0.95) * factor * k_factor)
        if "by" not in words:
            # An active verb is its passive label read backwards: "X founded Y" is
            # Y "founded by" X, "X directed Y" is Y "directed by" X.
            for key, factor, _ in variants[1:3]:
                for iri, kind, k_factor in self._keys.get(f"{key} by", ()) if key else ():
                    offer(iri, True, (1.0 if kind == "label" else 0.95) * factor * k_factor * 0.97)

        return seen

    def _offer_fuzzy(
        self, words: tuple[str, ...], content_w: tuple[str, ...], seen: set[str], offer: _Offer
    ) -> None:
        """Labels spelled nearly as the phrase's content words (a typo, an inflection)."""
        fuzzy_key = " ".join(content_w)
        if len(fuzzy_key) >= 4 and self._key_list:
            n = len(fuzzy_key)
            lo = bisect.bisect_left(self._key_lens, (2 * n) // 3)
            hi = bisect.bisect_right(self._key_lens, (3 * n + 1) // 2)
            for match, ratio, _ in process.extract(
                fuzzy_key, self._key_list[lo:hi], scorer=fuzz.ratio, score_cutoff=80, limit=10
            ):
                # Character ratios alone pair "tells" with "sells" and "killing of"
                # with "sibling of"; the words must at least start alike.
                if match in seen or match[:3] != fuzzy_key[:3]:
                    continue
                backwards = match.endswith(" by") and "by" not in words
                for iri, kind, k_factor in self._keys[match]:
                    offer(
                        iri,
                        backwards,
                        0.8 * (ratio / 100.0) * k_factor * (1.0 if kind == "label" else 0.97),
                    )

    def _prefer_used(self, out: list[Alignment]) -> list[Alignment]:
        """Among close candidates, a property the KG uses beats one it never does.

        "is spoken by" is the exact label of P10894 (spoken by), which the demo KG
        never states, and the passive of "speaks" (P1412), which it states 11,000
        times: claims are checked against this KG, so the reading it can answer
        wins a near tie. Only the candidates close to the best are looked up (one
        pattern lookup each, cached per aligner).
        """
        if self.store is None or len(out) < 2:
            return out
        # all the close ones, not a fixed few: "from" is an alias of ten properties, seven of
        # which the demo KG never states; the three past a cut of six kept their place
        # above place of birth
        close = [a for a in out[:UNUSED_LOOKUPS] if a.score >= out[0].score - UNUSED_MARGIN]
        used = {a.property: self._used(a.property) for a in close}
        if not any(used.values()) or all(used.values()):
            return out
        rescored = [
            Alignment(a.property, round(a.score * UNUSED_FACTOR, 4), a.inverse)
            if used.get(a.property) is False
            else a
            for a in out
        ]
        rescored.sort(key=lambda a: (-a.score, a.inverse, _pid_number(a.property)))
        return rescored

    def _used(self, prop: str) -> bool:
        got = self._usage.get(prop)
        if got is None:
            import pyoxigraph as ox  # the store's term type; only when a store is asked

            try:
                node = ox.NamedNode(prop)
                got = next(iter(self.store.quads(predicate=node)), None) is not None  # type: ignore[union-attr]
            except ValueError:
                got = False
            self._usage[prop] = got
        return got

    def _type_fit(self, iri: str, value_kind: ValueKind | None) -> float:
        if value_kind is None:
            return 1.0
        dtype = self.datatype(iri)
        if dtype is None:
            return 0.9 if value_kind == "date" else 1.0
        if value_kind == "date":
            return 1.0 if dtype == _TIME else 0.55
        if value_kind == "number":
            return 1.0 if dtype == _QUANTITY else 0.6
        return 0.7 if dtype in (_TIME, _QUANTITY) else 1.0


UNUSED_MARGIN = 0.15  # candidates this close to the best compete on whether the KG uses them
UNUSED_FACTOR = 0.85  # what a property the KG never states keeps of its score in such a tie
UNUSED_LOOKUPS = 24  # at most this many candidates are looked up (one cached lookup each)


def _pid_number(iri: str) -> int:
    pid = V.local_id(iri)
    return int(pid[1:]) if V.is_pid(pid) else 1 << 30


def phrase_forms(tokens: Iterable[PhraseWord]) -> tuple[list[str], list[str]]:
    """Lower-case surface and lemma forms of a relation phrase, minus negation and punctuation."""
    words: list[str] = []
    lemmas: list[str] = []
    for t in tokens:
        if t.is_punct or t.dep_ == "neg" or t.lower_ in ("not", "never", "n't"):
            continue
        w = normalise(t.text)
        if not w:
            continue
        words.append(w)
        lemma = w if w in KEEP_SURFACE else normalise(t.lemma_) or w
        lemmas.append(lemma)
    return words, lemmas
