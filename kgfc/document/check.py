"""Check a document: sentences -> references resolved -> check-worthy claims -> verdicts -> report.

One way through, each step feeding the next:

1. :mod:`~kgfc.document.sentences` splits the text (spaCy) into sentences with spans;
2. :mod:`~kgfc.document.references` resolves pronouns, short names and
   descriptions to the entities named before;
3. :mod:`~kgfc.document.cues` drops framings ("Fun fact:") and sets aside
   questions, opinions, predictions, speculation and reported speech;
   a sentence that names nothing the KG knows is "not checkable";
4. :mod:`~kgfc.document.claims` cuts compound sentences into claims, and
   :mod:`~kgfc.document.rephrase` words each as the fact it states ("X later made W":
   "W is a film by X"); an obituary's "The cause was X" is the cause of the death just
   told (:mod:`~kgfc.document.deaths`);
5. the claims go through :meth:`FactChecker.verify_many` in one batch; a claim
   the KG turns out not to cover (no linked subject, or a relation the KG has
   no facts for) is "not checkable", and its record, if any, is removed;
6. the summary counts verdicts, the worst first.

With recording on, every claim graph carries ``kgfc:fromDocument`` (the
document: a source of claims, never of facts), its span and the sentence.
"""

from __future__ import annotations

import hashlib
import re
import time
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pyoxigraph as ox

from kgfc.document import claims as claim_parts
from kgfc.document.cues import framing_end, not_a_statement, own_account
from kgfc.document.deaths import DEATH_WORDS, cause_of_death
from kgfc.document.load import Document, from_text
from kgfc.document.models import (
    VERDICT_ORDER,
    DocumentClaim,
    DocumentReport,
    DocumentSentence,
    DocumentSummary,
)
from kgfc.document.references import Resolved, Resolver
from kgfc.document.rephrase import rephrase
from kgfc.document.sentences import Sentence, split
from kgfc.kg import vocab as V
from kgfc.models import Counters, VerdictLabel, VerifyResult
from kgfc.nlp.demonyms import demonyms
from kgfc.nlp.spacy_pipeline import parse
from kgfc.nlp.text import STOP_WORDS, normalise
from kgfc.nlp.values import parse_claim_value

if TYPE_CHECKING:
    from collections.abc import Callable

    from kgfc.kg.store import KnowledgeGraph
    from kgfc.pipeline.api import FactChecker

HUMAN = V.WD + "Q5"
INSTANCE_OF = V.WDT + "P31"
OCCUPATION = V.WDT + "P106"
# the plain noun a document uses for a kind of thing the KG names more precisely
_PLAIN_NOUNS: dict[str, tuple[str, ...]] = {
    "label": ("company",),
    "conglomerate": ("company",),
    "corporation": ("company",),
    "business": ("company",),
    "enterprise": ("company",),
    "studio": ("company",),
    "publisher": ("company",),
    "group": ("band",),
    "duo": ("band", "group"),
    "trio": ("band", "group"),
    "quartet": ("band", "group"),
    "metropolis": ("city",),
    "municipality": ("city", "town"),
    "town": ("city",),
    "university": ("school",),
    "college": ("school",),
    "director": ("filmmaker",),
    "writer": ("novelist",),
    "author": ("novelist",),
    "pilot": ("aviator",),
}
_DASH_IN_WORD = re.compile(r"(?<=\w)[‐‑–](?=(?:based|born|educated|raised|bred|founded)\b)")
# nouns a document calls things by ("the band", "the city"): never a name, though the KG
# has a thing called "The Band"
_COMMON_NOUNS = frozenset(
    [
        *_PLAIN_NOUNS,
        *(w for ws in _PLAIN_NOUNS.values() for w in ws),
        "film",
        "movie",
        "song",
        "album",
        "book",
        "novel",
        "show",
        "team",
        "club",
        "party",
        "church",
        "river",
        "state",
        "country",
        "village",
        "museum",
        "university",
        "school",
        "company",
        "record",
    ]
)
# the country properties whose countries' adjectives describe a thing too ("the Swedish
# actress", "the Italian city"): citizenship, country, country of origin
_COUNTRY_PROPS = tuple(V.WDT + p for p in ("P27", "P17", "P495"))
DOCUMENT_NS = "https://w3id.org/kgfc/document/"
# the KG's kinship properties a relative noun names: (property, read both ways)
_SPOUSE, _SIBLING, _CHILD = (("P26", True),), (("P3373", True),), (("P40", False),)
_KIN_PROPS: dict[str, tuple[tuple[str, bool], ...]] = {
    "wife": _SPOUSE,
    "husband": _SPOUSE,
    "spouse": _SPOUSE,
    "brother": _SIBLING,
    "sister": _SIBLING,
    "sibling": _SIBLING,
    "son": _CHILD,
    "daughter": _CHILD,
    "child": _CHILD,
    "father": (("P22", False),),
    "mother": (("P25", False),),
    "partner": (("P451", True),),
    "girlfriend": (("P451", True),),
    "boyfriend": (("P451", True),),
}
# sentences not checked as a whole whose asides on a name still are
_ASIDES_STAND = ("prediction", "opinion")


# the words that end a description's head noun phrase ("band formed in 1958")
_AFTER_HEAD = frozenset(
    [
        "of",
        "by",
        "in",
        "from",
        "for",
        "and",
        "with",
        "on",
        "at",
        "formed",
        "founded",
        "based",
        "owned",
        "headquartered",
        "born",
        "who",
        "that",
    ]
)


def _head(description: list[str]) -> str:
    """The head noun of a description's first noun phrase: "label" in "british record label
    owned by ..."."""
    cut = next((i for i, w in enumerate(description) if w in _AFTER_HEAD), len(description))
    return description[cut - 1] if cut else ""


def document_id(text: str) -> str:
    return "d-" + hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:10]


@dataclass
class _Pending:
    sentence: int
    claim: DocumentClaim


class _KG:
    """What the document steps ask of the store: names, people, descriptions, relations in use."""

    def __init__(self, store: KnowledgeGraph) -> None:
        self.store = store
        self.index = store.label_index()
        self._people: dict[str, bool] = {}
        self._in_use: dict[str, bool] = {}
        self._found: dict[str, str | None] = {}
        self._linked: dict[str, list[tuple[str, str]]] = {}

    def lookup(self, name: str) -> str | None:
        if name not in self._found:  # a document names the same people again and again
            hits = self.index.search(name, limit=1, fuzzy=False)
            self._found[name] = hits[0].entity if hits and hits[0].score >= 0.95 else None
        return self._found[name]

    def is_person(self, entity: str) -> bool:
        if entity not in self._people:
            q = ox.NamedNode
            self._people[entity] = (
                next(iter(self.store.quads(q(entity), q(INSTANCE_OF), q(HUMAN))), None) is not None
            )
        return self._people[entity]

    def describe(self, entity: str) -> set[str]:
        """The nouns the KG describes an entity with: its description's words, its
        occupations, its classes ("record label" -> "label"), the plain nouns a
        document calls such a thing by ("the company" for a record label), and the
        adjectives of its countries ("swedish" for a citizen of Sweden)."""
        description = normalise(self.index.descriptions.get(entity) or "").split()
        words = set(description)
        # the nouns it is, for the plain nouns: its classes' and the description's head
        # ("record label owned by Universal Music Group" is a label, not a group)
        heads = {_head(description)} - {""}
        q = ox.NamedNode
        for prop in (OCCUPATION, INSTANCE_OF):
            for quad in self.store.quads(q(entity), q(prop), None):
                label = (
                    self.index.label(quad.object.value)
                    if isinstance(quad.object, ox.NamedNode)
                    else None
                )
                if label:
                    heads.add(normalise(label).split()[-1])
        words |= heads
        words |= {plain for w in heads for plain in _PLAIN_NOUNS.get(w, ())}
        for prop in _COUNTRY_PROPS:
            for quad in self.store.quads(q(entity), q(prop), None):
                if isinstance(quad.object, ox.NamedNode):
                    country = self.index.label(quad.object.value)
                    words |= demonyms(country) if country else set()
        return words - STOP_WORDS

    def relatives(self, entity: str, noun: str) -> list[tuple[str, str]]:
        """The people the KG holds as the entity's ``noun`` ("brother": its siblings), with
        their names; none for a noun that names no kinship the KG holds."""
        q = ox.NamedNode
        found: dict[str, str] = {}
        for prop, both_ways in _KIN_PROPS.get(noun, ()):
            pred = q(V.WDT + prop)
            objects = [x.object for x in self.store.quads(q(entity), pred, None)]
            if both_ways:
                objects += [x.subject for x in self.store.quads(None, pred, q(entity))]
            for o in objects:
                if isinstance(o, ox.NamedNode) and (label := self.index.label(o.value)):
                    found[o.value] = label
        return sorted(found.items())

    def people_of(self, entity: str) -> list[tuple[str, str]]:
        """The people the KG links to an entity by any relation, either way, with their names
        (a band's members, a person's spouse): whom a first name alone in the text may be."""
        if entity not in self._linked:
            node = ox.NamedNode(entity)
            ends = [q.object for q in self.store.quads(node, None, None)]
            ends += [q.subject for q in self.store.quads(None, None, node)]
            found: dict[str, str] = {}
            for end in ends:
                if not isinstance(end, ox.NamedNode) or end.value == entity:
                    continue
                if self.is_person(end.value) and (label := self.index.label(end.value)):
                    found[end.value] = label
            self._linked[entity] = sorted(found.items())
        return self._linked[entity]

    def is_name(self, words: str, place: bool) -> bool:
        """Whether lower-case words are a name the KG holds: a person's, any after "in" (a
        place), or another name the KG always writes with capitals ("bee gees", "the white
        stripes", "warner bros. records", "beatles"; not "the pianist")."""
        entity = self.lookup(words)
        if entity is None:
            return False
        if place or self.is_person(entity):
            return True

        # another name when the KG never writes its words in lower case ("beatles", "bee
        # gees"; not "drug overdose", nor "pianist", an occupation's label, for "the pianist")
        def written(key: str) -> list[str]:
            return [text for _e, text, _k in self.index.by_key.get(key, ())]

        content = " ".join(w for w in normalise(words).split() if w not in STOP_WORDS)
        if content in _COMMON_NOUNS or self.is_role(content):
            return False  # "the band" (not The Band), "the singer"
        whole, bare = written(normalise(words)), written(content)
        return bool(whole or bare) and all(text != text.lower() for text in whole + bare)

    def is_role(self, noun: str) -> bool:
        """Whether the KG gives the noun as someone's occupation ("composer")."""
        q = ox.NamedNode
        hits = self.index.search(noun, limit=5, fuzzy=False)
        return any(
            next(iter(self.store.quads(None, q(OCCUPATION), q(h.entity))), None) is not None
            for h in hits
            if h.score >= 0.95
        )

    def known(self, text: str) -> bool:
        key = normalise(text)
        return key in self.index or (key.startswith("the ") and key[4:] in self.index)

    def in_use(self, prop: str) -> bool:
        if prop not in self._in_use:
            pred = ox.NamedNode(prop)
            self._in_use[prop] = next(iter(self.store.quads(predicate=pred)), None) is not None
        return self._in_use[prop]


def check_document(
    checker: FactChecker,
    document: Document | str,
    *,
    title: str | None = None,
    source: str | None = None,
    fmt: str = "auto",
    record: bool | None = None,
    on_claim: Callable[[int, int], None] | None = None,
) -> DocumentReport:
    """Check a document (text, or a :class:`Document` from :func:`~kgfc.document.load.read_document`).

    ``record`` overrides the checker's; ``on_claim(done, total)`` is called
    after each claim is checked (a progress bar). Bad input raises
    :class:`~kgfc.errors.InputError` before anything is checked.
    """
    started = time.perf_counter()
    doc = (
        document
        if isinstance(document, Document)
        else from_text(document, fmt=fmt, title=title, source=source)
    )
    did = document_id(doc.text)
    kg = _KG(checker.store)
    resolver = Resolver(kg.lookup, kg.is_person, kg.describe, kg.relatives, kg.people_of)
    sentences: list[DocumentSentence] = []
    pending: list[_Pending] = []
    if doc.title:  # the page's title says whom the document is about
        for title_sent in split(doc.title):
            title_sent.heading = True
            title_sent.index = -1
            resolver.resolve(title_sent)
    died: str | None = None  # who the last sentence that told a death says died
    for sent in split(doc.text, kg.is_name):
        resolved = resolver.resolve(sent)
        out, parts = _read(did, sent, resolved, kg, died)
        sentences.append(out)
        for c in parts:
            pending.append(_Pending(sent.index, c))
            out.claims.append(c.id)
        subject = resolved.subject
        if subject is not None and subject.person and DEATH_WORDS.search(resolved.text):
            died = subject.text

    results = _verify(checker, pending, record, on_claim)
    counters = Counters()
    reasoner = ""
    for p, r in zip(pending, results, strict=True):
        _apply(p.claim, r, kg)
        reasoner = reasoner or r.reasoner
        _add(counters, r.counters)
    _settle(sentences, {p.claim.id: p.claim for p in pending})
    claims = [p.claim for p in pending]
    recorded = _link_records(checker, doc, did, sentences, claims)
    counters.seconds = round(time.perf_counter() - started, 3)
    return DocumentReport(
        id=did,
        title=doc.title,
        source=doc.source,
        format=doc.format,
        reasoner=reasoner,
        text=doc.text,
        sentences=sentences,
        claims=claims,
        summary=summarise(sentences, claims),
        counters=counters,
        recorded=recorded,
    )


def _read(
    did: str, sent: Sentence, resolved: Resolved, kg: _KG, died: str | None = None
) -> tuple[DocumentSentence, list[DocumentClaim]]:
    """One sentence: its status, and the claims to check when it is check-worthy. ``died``:
    whom the last sentence that told a death said died (whose cause "the cause" is)."""
    out = DocumentSentence(
        index=sent.index,
        start=sent.start,
        end=sent.end,
        text=sent.text,
        paragraph=sent.paragraph,
        resolved=resolved.text,
        references=resolved.references,
        status="checked",
    )
    if sent.heading:
        out.status, out.skip, out.reason = "not_checkable", "heading", "a heading, not a sentence"
        return out, []
    # "the Los Angeles–based label": a dash in a compound read as the hyphen it stands for
    # (the same length, so spans still line up)
    resolved.text = _DASH_IN_WORD.sub("-", resolved.text)
    rdoc = parse(resolved.text)
    k = framing_end(rdoc[:])
    offset = rdoc[k].idx if k < len(rdoc) else 0
    statement = resolved.text[offset:]
    cause = cause_of_death(statement) if died is not None else None
    # "The cause was pneumonia, his family said.": the cause of the death just told
    why = not_a_statement(rdoc[:], start=k) if cause is None else None
    own = own_account(rdoc[k:]) if why is None and cause is None else None
    if own is not None:  # "He often said he was influenced by X": the clause he says
        offset = own
        statement = resolved.text[offset:]
    parts = []
    if cause is not None:
        parts = [claim_parts.Part(f"{died} died of {cause.cause}.", 0, cause.end)]
    elif why is not None and why.kind in _ASIDES_STAND and _names_known(statement, resolved, kg):
        # "Coldplay, the band formed in London, will release ...": the prediction is not
        # checked, the aside on the name it carries is (unless the cue is in the aside)
        parts = [
            p
            for p in _parts(statement, kg)
            if not p.main
            and not any(f" {w.lower()} " in f" {normalise(p.text)} " for w in why.hits)
        ]
    if why is not None and not parts:
        out.status, out.skip, out.reason = "skipped", why.kind, why.reason
        if why.kind == "heading":
            out.status = "not_checkable"
        return out, []
    if why is None and not parts and not _names_known(statement, resolved, kg):
        out.status, out.skip = "not_checkable", "not_checkable"
        out.reason = "names nothing the KG knows"
        return out, []
    parts = parts or _parts(statement, kg)
    found: list[DocumentClaim] = []
    for n, part in enumerate(parts, 1):
        start, end = resolved.to_document(offset + part.start, offset + part.end)
        found.append(
            DocumentClaim(
                id=f"{did}-s{sent.index + 1}c{n}",
                sentence=sent.index,
                text=part.text,
                start=start,
                end=end,
            )
        )
    return out, found


def _parts(statement: str, kg: _KG) -> list[claim_parts.Part]:
    masked, aside = claim_parts.asides(statement)
    plain, to_old = claim_parts.plain_and(masked)
    parts = claim_parts.decompose(parse(plain), kg.known, kg.is_role)
    for p in parts:
        p.start, p.end = to_old(p.start), to_old(p.end)
    return rephrase(parts, aside, statement, kg)


def _names_known(statement: str, resolved: Resolved, kg: _KG) -> bool:
    """Whether the statement names an entity the KG has (a resolved reference counts)."""
    if any(r.entity for r in resolved.references):
        return True
    doc = parse(statement)
    spans = [e for e in doc.ents]
    i = 0
    while i < len(doc):  # proper-noun runs the tagger found but NER did not
        if doc[i].pos_ == "PROPN":
            j = i
            while j < len(doc) and doc[j].pos_ == "PROPN":
                j += 1
            spans.append(doc[i:j])
            i = j
        else:
            i += 1
    return any(kg.lookup(s.text.removeprefix("the ").removesuffix("'s")) for s in spans)


def _verify(
    checker: FactChecker,
    pending: list[_Pending],
    record: bool | None,
    on_claim: Callable[[int, int], None] | None,
) -> list[VerifyResult]:
    """Every claim's result, one batch; a claim the document repeats is checked once."""
    from kgfc.pipeline.api import Claim

    first: dict[str, int] = {}
    batch: list[Claim] = []
    for p in pending:
        if p.claim.text not in first:
            first[p.claim.text] = len(batch)
            batch.append(Claim(id=p.claim.id, text=p.claim.text))
    results: list[VerifyResult] = []
    for r in checker.verify_many(batch, record=record, errors="keep"):
        results.append(r)
        if on_claim is not None:
            on_claim(len(results), len(batch))
    return [results[first[p.claim.text]] for p in pending]


def _apply(c: DocumentClaim, r: VerifyResult, kg: _KG) -> None:
    c.claim_iri = r.claim_iri
    if r.error:
        c.checkable, c.error = False, r.error
        c.justification = f"not checked: {r.error}"
        return
    covered, why = _covered(r, kg)
    c.justification = r.justification
    if not covered:
        c.checkable = False
        c.justification = f"The KG does not cover it: {why}"
        if r.claim_iri:  # a claim the KG cannot decide is not worth a record
            if kg.store.has_source(r.claim_iri + "/graph"):
                kg.store.retract(r.claim_iri + "/graph")
            c.claim_iri = None
        return
    c.verdict = r.verdict
    c.confidence = r.confidence
    c.evidence = [e for e in r.evidence if e.cited]
    c.evidence_ids = [e.id for e in c.evidence]


def _covered(r: VerifyResult, kg: _KG) -> tuple[bool, str]:
    """Whether the KG can decide the claim as it was read, and if not, why."""
    if r.verdict is not VerdictLabel.NEI:
        return True, ""
    if not r.triples:
        return False, "no (subject, relation, object) could be read from it."
    why = ""
    for t in r.triples:
        if not t.subject_id:
            why = why or f"{t.subject!r} is not an entity the KG has."
            continue
        if not t.relation_ids:
            why = why or f"{t.relation!r} matches no relation of the KG."
            continue
        if not any(kg.in_use(p) for p in t.relation_ids):
            why = why or f"the KG holds no facts of the relation {t.relation!r} reads as."
            continue
        if t.object_id or parse_claim_value(t.object) is not None:
            return True, ""
        why = why or f"{t.object!r} is not an entity the KG has."
    return False, why


def _add(total: Counters, c: Counters) -> None:
    for name in (
        "llm_calls",
        "llm_failures",
        "prompt_tokens",
        "completion_tokens",
        "sparql_queries",
        "search_calls",
        "pages_fetched",
    ):
        setattr(total, name, getattr(total, name) + getattr(c, name))
    total.llm_seconds = round(total.llm_seconds + c.llm_seconds, 3)


def _settle(sentences: list[DocumentSentence], by_id: dict[str, DocumentClaim]) -> None:
    """A checked sentence none of whose claims the KG covers is "not checkable"."""
    for s in sentences:
        if s.status != "checked":
            continue
        mine = [by_id[c] for c in s.claims]
        if mine and not any(c.checkable for c in mine):
            s.status, s.skip = "not_checkable", "not_checkable"
            reasons = [c.justification.removeprefix("The KG does not cover it: ") for c in mine]
            s.reason = "the KG does not cover it: " + reasons[0]


_RANK = {v: i for i, v in enumerate(VERDICT_ORDER)}


def _severity(c: DocumentClaim) -> tuple[int, float, int]:
    """The worst first: refuted (the most confident first), then NEI, then supported."""
    assert c.verdict is not None  # only claims with a verdict are ranked
    return (
        _RANK[c.verdict],
        -c.confidence if c.verdict is VerdictLabel.REFUTED else 0.0,
        c.start,
    )


def summarise(sentences: list[DocumentSentence], claims: list[DocumentClaim]) -> DocumentSummary:
    checked = [c for c in claims if c.checkable and c.verdict is not None]
    counts = Counter(c.verdict for c in checked)
    worst = sorted(checked, key=_severity)
    # a skipped sentence always has its kind (_sentence sets both)
    skipped = Counter(s.skip for s in sentences if s.status == "skipped" and s.skip is not None)
    if not checked:
        overall = None
    elif counts[VerdictLabel.REFUTED]:
        overall = VerdictLabel.REFUTED
    elif counts[VerdictLabel.SUPPORTED] == len(checked):
        overall = VerdictLabel.SUPPORTED
    else:
        overall = VerdictLabel.NEI
    return DocumentSummary(
        sentences=len(sentences),
        check_worthy=sum(1 for s in sentences if s.status == "checked"),
        claims=len(checked),
        verdicts={v.value: counts[v] for v in VERDICT_ORDER if counts[v]},
        not_checkable=sum(1 for s in sentences if s.status == "not_checkable"),
        skipped=dict(sorted(skipped.items(), key=lambda kv: (-kv[1], kv[0]))),
        worst=[c.id for c in worst if c.verdict is not VerdictLabel.SUPPORTED],
        overall=overall,
    )


def _link_records(
    checker: FactChecker,
    doc: Document,
    did: str,
    sentences: list[DocumentSentence],
    claims: list[DocumentClaim],
) -> bool:
    """Tie each recorded claim to the document: one transaction for the whole document."""
    recorded = [(c, c.claim_iri) for c in claims if c.claim_iri]
    if not recorded:
        return False
    N, L = ox.NamedNode, ox.Literal
    xsd_int = N(V.XSD + "integer")
    d = N(DOCUMENT_NS + did.removeprefix("d-"))
    about: list[tuple[ox.NamedNode, ox.NamedNode, ox.NamedNode | ox.Literal]] = [
        (d, N(V.RDF_TYPE), N(V.KGFC + "Document")),
        (d, N(V.KGFC + "documentId"), L(did)),
        (
            d,
            N(V.KGFC + "documentHash"),
            L("sha256:" + hashlib.sha256(doc.text.encode()).hexdigest()),
        ),
    ]
    if doc.title:
        about.append((d, N(V.DCT + "title"), L(doc.title)))
    if doc.source and doc.source.lower().startswith(("http://", "https://")):
        about.append((d, N(V.PROV + "wasDerivedFrom"), N(doc.source)))
    elif doc.source:
        about.append((d, N(V.DCT + "source"), L(doc.source)))
    graphs: dict[str, list[ox.Quad]] = {}
    for c, iri in recorded:
        if iri + "/graph" in graphs:  # a repeated claim: recorded at its first place
            continue
        g = N(iri + "/graph")
        claim = N(iri)
        quads = [ox.Quad(s, p, o, g) for s, p, o in about]
        quads += [
            ox.Quad(claim, N(V.KGFC + "fromDocument"), d, g),
            ox.Quad(claim, N(V.KGFC + "spanStart"), L(str(c.start), datatype=xsd_int), g),
            ox.Quad(claim, N(V.KGFC + "spanEnd"), L(str(c.end), datatype=xsd_int), g),
            ox.Quad(claim, N(V.KGFC + "quotedText"), L(sentences[c.sentence].text), g),
        ]
        graphs[iri + "/graph"] = quads
    checker.store.write_graphs(graphs)
    return True
