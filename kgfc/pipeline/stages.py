"""The stages of a claim's way, as plain functions over a :class:`Toolbox` and an :class:`Episode`.

claim -> :func:`analyse` (triples, mentions) -> :func:`link` (KG entities)
-> :func:`start_kg` / :func:`expand_kg` (beam search over the KG subgraph; a
structured triple gathers its evidence straight from the ids instead)
-> :func:`search` (web / PubMed evidence) -> :func:`decide` (verdict).

The LLM degrade hooks live here: a failed LLM prune ranks that hop with
embeddings (noted in the step), a failed LLM verdict falls back to the local
reasoner (``reasoner: "local (llm failed: ...)"``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pyoxigraph as ox

from kgfc.errors import InputError, LLMError, RemoteError
from kgfc.kg import vocab as V
from kgfc.kg.linking import EntityLinker
from kgfc.kg.properties import RELATED, SYMMETRIC
from kgfc.models import (
    UNKNOWN_ENTITY,  # how a triple's justification starts when an id is unknown
    ClaimAnalysis,
    ClaimTriple,
    Counters,
    EvidenceFact,
    Fact,
    LinkedEntity,
    Step,
    Verdict,
    VerdictLabel,
)
from kgfc.nlp.anchored import LEXICAL_MIN
from kgfc.nlp.claims import decompose
from kgfc.nlp.decompose import relative_clauses, vague_relation
from kgfc.nlp.demonyms import NATIONALITY_PROPS, mentions_nationality, read_nationality
from kgfc.nlp.framing import Framing
from kgfc.nlp.qualifiers import unread
from kgfc.nlp.rewrite import simplified
from kgfc.nlp.spacy_pipeline import parse
from kgfc.nlp.text import normalise, widen
from kgfc.nlp.values import is_value_text
from kgfc.pipeline.state import Episode
from kgfc.pipeline.toolbox import Toolbox
from kgfc.reading import cite_paths, plain
from kgfc.reading.comments import informal, uncommented
from kgfc.reading.namesakes import fit_range, stated_namesake, stated_subject, states
from kgfc.reading.reader import Reading
from kgfc.reading.rereading import (
    lede_parts,
    looks_like_value,
    narrow_nationality,
    reread,
    set_aside_descriptions,
)
from kgfc.reading.titles import untitled
from kgfc.reason.base import Reasoner
from kgfc.reason.kgstats import conflict_properties, single_valued
from kgfc.reason.llm_reasoner import llm_decompose
from kgfc.reason.triple_check import claim_triple, gather_triple_evidence

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

log = logging.getLogger(__name__)

MAX_CLAIM_CHARS = 2_000
VALUE_LABELS = frozenset({"DATE", "TIME", "PERCENT", "MONEY", "QUANTITY", "ORDINAL", "CARDINAL"})
NO_ENTITY = (
    "No entity of the claim could be found in the knowledge graph, "
    "so there is no evidence to check it against."
)


# -- input ------------------------------------------------------------------------


def check_claim_text(text: object) -> str:
    if not isinstance(text, str):
        raise InputError(f"A claim must be a string, got {type(text).__name__}.")
    text = text.strip()
    if not text:
        raise InputError(
            "The claim is empty.",
            hint="Give a sentence such as 'Barack Obama was born in Honolulu.'",
        )
    if len(text) > MAX_CLAIM_CHARS:
        raise InputError(
            f"The claim is {len(text):,} characters long; the limit is {MAX_CLAIM_CHARS:,}.",
            hint="Split long texts into single claims.",
        )
    if "\x00" in text:
        raise InputError("The claim contains NUL bytes.")
    return text


def check_triple(s: object, p: object, o: object) -> tuple[str, str, str]:
    """A structured claim's ids (``Q76 P19 Q18094``; the object may be a value), checked."""
    if not (
        isinstance(s, str)
        and s.strip()
        and isinstance(p, str)
        and p.strip()
        and isinstance(o, str)
        and o.strip()
    ):
        raise InputError(f"Bad triple {s!r} {p!r} {o!r}: expected ids like Q76 P19 Q18094.")
    si, pi, oi = s.strip(), p.strip(), o.strip()
    try:
        V.entity_iri(si)
        V.property_iri(pi)
    except ValueError:
        raise InputError(
            f"Bad triple {si} {pi} {oi}: expected ids like Q76 P19 Q18094.",
            hint="Find an entity's id with `kgfc kg search NAME`.",
        ) from None
    return si, pi, oi


def triple_text(t: ClaimTriple) -> str:
    return f"{t.subject} {t.relation} {t.object}"


# -- claim -> entities ------------------------------------------------------------


def analyse(tb: Toolbox, text: str, counters: Counters) -> ClaimAnalysis:
    """The claim's triples and mentions: the LLM when there is one, else (or when it fails) rules.

    Nationality adjectives are read as citizenship either way (:mod:`kgfc.nlp.demonyms`).
    """
    analysis = _analyse(tb, text, counters)
    if not mentions_nationality(text):
        return analysis
    index = tb.store.label_index()

    def known(name: str) -> bool:
        return normalise(name) in index

    def prefer(subject: str, names: list[str]) -> str | None:
        """The label of the state the KG states for the subject among an adjective's states
        (the label, not the name that found it: "Germany" is also the German Empire's alias)."""
        subjects = [e for e, _, _ in index.by_key.get(normalise(subject), ())]
        for name in names:
            for c, _, _ in index.by_key.get(normalise(name), ()):
                if any(states(tb.store, s, NATIONALITY_PROPS, c) for s in subjects):
                    return index.label(c) or name
        return None

    # "According to records, S is American": the statement inside the frame
    inner = simplified(parse(text), known) or text
    sentences = [s.text for s in parse(inner).sents]
    if len(sentences) == 1:
        # "S is an African country whose official language is O": the adjective is said of
        # the noun before the clause; the clause is a statement of its own
        sentences = relative_clauses(inner) or sentences
    analysis.triples = read_nationality(inner, analysis.triples, known, prefer, sentences)
    return analysis


def _analyse(tb: Toolbox, text: str, counters: Counters) -> ClaimAnalysis:
    aligner = tb.aligner()
    if tb.llm is not None:
        try:
            analysis = llm_decompose(tb.llm, text, counters)
            for t in analysis.triples:
                if not t.relation_ids and vague_relation(t.relation):
                    t.relation_ids = [RELATED]  # "associated with": any relation
                elif not t.relation_ids:
                    t.relation_ids = [
                        a.property for a in aligner.align(t.relation) if not a.inverse
                    ][:3]
            if analysis.triples:
                analysis.mentions = decompose(text, aligner).mentions
                return analysis
            # every triple was dropped as not taken from the claim (DecompositionOutput)
            counters.degrade("decompose: no LLM triple was taken from the claim; rules read it")
        except (LLMError, RemoteError) as exc:  # recoverable: the rule-based decomposer reads it
            log.warning("LLM decomposition failed (%s); using rules", exc)
            counters.degrade(f"decompose: LLM failed ({exc.message}); rules read the claim")
    return decompose(text, aligner)


def _widened_known(tb: Toolbox, text: str, mention: str) -> str | None:
    """The whole KG name in ``text`` that ``mention`` is a clipped part of, as the KG writes it."""
    index = tb.store.label_index()
    key = widen(text, mention, index)
    return index.text_of(key) if key else None


def link(tb: Toolbox, text: str, analysis: ClaimAnalysis) -> list[LinkedEntity]:
    """Link the claim's mentions to KG entities; fills the triples' subject and object ids."""
    # Dates and quantities are values, not entities ("August 4" must not link to "Scream 4").
    mentions = [m.text for m in analysis.mentions if m.label not in VALUE_LABELS]
    for t in analysis.triples:
        mentions += [x for x in (t.subject, t.object) if not looks_like_value(x)]
    # spaCy often clips names ("Iain Glen" -> "Glen", "The Bronx" -> "Bronx"):
    # try the whole capitalised span around each mention as well, or the whole name the
    # KG knows ("Freiburg" of "Freiburg im Breisgau": a particle no capital joins)
    wide = {m: widen(text, m) or _widened_known(tb, text, m) for m in mentions}
    mentions += [w for w in wide.values() if w]
    source = tb.kg_source if _searchable(tb) else None
    linked = EntityLinker(tb.store, source=source, ranker=tb.rank_plain).link(text, mentions)
    by_mention = {e.mention: e for e in linked}

    def best_for(m: str) -> LinkedEntity | None:
        cands = [by_mention[x] for x in (wide.get(m), m) if x and x in by_mention]
        return max(cands, key=lambda e: e.score) if cands else None

    for t in analysis.triples:
        subject = None
        if not t.subject_id and (subject := best_for(t.subject)) is not None:
            t.subject_id, t.subject_link = subject.entity, subject.confidence
        if not t.object_id and (e := best_for(t.object)) is not None:
            fitted = stated_namesake(tb, t, fit_range(tb, t, e))
            if fitted is not e:  # the beam starts from the entity the triple names
                linked = [fitted if x is e else x for x in linked]
                by_mention[fitted.mention] = fitted
            t.object_id, t.object_link = fitted.entity, fitted.confidence
        if subject is not None and t.object_id:
            # "Australia stars Nicole Kidman": the film, not the country, of that name
            other = stated_subject(tb, t, subject)
            if other is not subject:
                linked = [other if x is subject else x for x in linked]
                by_mention[other.mention] = other
                t.subject_id = other.entity
    # a clipped mention and its widened span may link to different entities: keep the better,
    # but never the one a triple names ("Gangs of New York was directed by ...": the film is
    # the subject, though "New York" links with the higher score; the beam starts from it)
    named = {x for t in analysis.triples for x in (t.subject_id, t.object_id) if x}
    for m, w in wide.items():
        if w and m in by_mention and w in by_mention:
            loser = min(by_mention[m], by_mention[w], key=lambda e: e.score)
            if loser.entity not in named:
                linked = [e for e in linked if e is not loser]
    # one entity may be linked from several mentions: keep the first (best) per entity
    best: dict[str, LinkedEntity] = {}
    for e in linked:
        best.setdefault(e.entity, e)
    return list(best.values())


def _searchable(tb: Toolbox) -> bool:
    return (
        tb.kg_source is not None
        and hasattr(tb.kg_source, "search_entities")
        and not tb.settings.offline
    )


# -- entities -> KG subgraph ----------------------------------------------------------


def neighbourhood(tb: Toolbox) -> Callable[[Sequence[str], Sequence[str]], list[Fact]]:
    """``(frontier, incoming) -> facts``: the store, or the online KG source (cache-first)."""
    source = tb.kg_source
    if source is not None:
        return lambda frontier, incoming: source.neighbourhood(frontier)
    return tb.store.neighbourhood


def fact_ranker(
    tb: Toolbox, ep: Episode
) -> Callable[[str, Sequence[str], Counters], list[float]] | None:
    """How the beam ranks facts: the LLM (one call per hop), or None for the local embeddings.

    Degrade hook: when the LLM prune fails, that hop is ranked by the local
    reasoner's embeddings and the fallback is noted in the step.
    """
    if tb.reasoner.name == "local":
        return None

    def rank(claim: str, texts: Sequence[str], counters: Counters) -> list[float]:
        try:
            return tb.reasoner.rank(claim, texts, counters)
        except (LLMError, RemoteError) as exc:
            ep.notes.append(f"LLM pruning failed ({exc}); this hop was ranked by embeddings")
            return tb.local().rank(claim, texts, counters)

    return rank


def _read(tb: Toolbox, ep: Episode, said: str) -> Reading:
    """Read ``said`` into the episode: its triples, linked entities, and the lexicons' reading."""
    timing = ep.counters.timing
    ep.said = said
    with timing("read"):
        ep.analysis = analyse(tb, said, ep.counters)
    with timing("link"):
        ep.linked = link(tb, said, ep.analysis)
        narrow_nationality(tb, ep.analysis.triples)
        lexicon = tb.reader().refine(said, ep.analysis.triples)
        ep.reading_chains = lexicon.chains
        ep.linked += tb.reader().new_links(ep.linked, ep.analysis.triples)
    with timing("read"):  # the claim read again in the light of its linked entities
        reread(tb, ep)
        set_aside_descriptions(tb, ep)
    return lexicon


def start_kg(tb: Toolbox, ep: Episode, step: Step) -> None:
    """The first step: read and link the claim, then the first hop (or a triple's evidence)."""
    if ep.given_ids is not None:
        with ep.counters.timing("link"):  # a triple's ids are its links: labels, known or not
            t = ep.given_triple = claim_triple(tb.store, *ep.given_ids, negated=ep.negated)
            ep.claim = triple_text(t)
            ep.unknown_entities = unknown_entities(tb.store, [t.subject_id, t.object_id])
        if ep.unknown_entities:
            # facts about the other end would only be unrelated evidence: cite nothing
            ids = ", ".join(V.local_id(i) for i in ep.unknown_entities)
            ep.triple_evidence = []
            step.observation = f"unknown entity: {ids} is not in the knowledge graph"
            return
        subject = t.subject_id
        assert subject is not None  # claim_triple sets it
        with ep.counters.timing("beam"):
            ep.triple_evidence = gather_triple_evidence(
                tb.store, subject, t.relation_ids[0], t.object_id or t.object
            )
        ep.linked = [
            LinkedEntity(mention=V.local_id(subject), entity=subject, label=t.subject, score=1.0)
        ]
        step.observation = f"structured triple: {len(ep.triple_evidence)} fact(s) gathered"
        step.evidence_added = [e.id for e in ep.triple_evidence]
        return
    # the beam only when a text claim is searched: `import kgfc` stays light
    from kgfc.kg.beam import BeamSearch

    timing = ep.counters.timing
    # chatter ("... lol", emoji), attributions and a title before a name are no part of any name
    said = untitled(tb.store, plain(ep.claim))
    if informal(ep.claim):  # "..., that explains a lot tbh": the writer's comment
        said, ep.comments = uncommented(tb.store, said)
    lexicon = _read(tb, ep, said)
    lede = lede_parts(tb, ep, said)
    if lede is not None:  # news the KG cannot read: the aside on the name, read on its own
        lexicon = _read(tb, ep, lede[1])
    assert ep.analysis is not None  # _read sets it
    if lede is not None:
        ep.analysis.unread_events.append(lede[0].rstrip("."))
    with timing("beam"):
        seeds = ep.seeds()
        ep.beam = BeamSearch(
            ep.claim,
            seeds,
            neighbourhood=neighbourhood(tb),
            triples=ep.analysis.triples,
            rank_facts=fact_ranker(tb, ep),
            rank_relations=tb.rank_plain,
            beam=tb.settings.beam,
        )
        added = ep.beam.step(ep.counters) if seeds else 0
    names = ", ".join(f"{e.label} ({V.local_id(e.entity)})" for e in ep.linked) or "none"
    step.observation = f"entities: {names}; hop 1: {added} fact(s) kept"
    if ep.reading or lexicon.notes:
        said = "; ".join(x for x in (ep.reading, *lexicon.notes) if x)
        step.observation = f"reading: {said}; {step.observation}"
    with timing("beam"):  # the targeted path and value lookups complete the beam's hop
        chained = connect(tb, ep) + ep.beam.add_paths(tb.reader().chain_facts(lexicon))
        valued = lookup_values(tb, ep)
    if chained:
        step.observation += f"; path search: {chained} chain fact(s) between subject and object"
    if valued:
        step.observation += f"; value lookup: {valued} fact(s) of the claimed properties"


def connect(tb: Toolbox, ep: Episode) -> int:
    """Targeted path search: sound chains from each triple's subject to its object (length <= 3).

    The beam ranks hop by hop and can drop the one fact a chain needs
    ("Edinburgh located in Scotland" among Scotland's hundreds of facts); a
    handful of pattern lookups along the claim relation's hierarchies finds it
    before the claim can be declared NOT ENOUGH INFO. Nothing is searched when
    the KG already states the triple (the beam's first hop has it).
    """
    from kgfc.kg.paths import aliases, find_chains, label_facts, links, types_of

    paths = []
    for t in ep.analysis.triples if ep.analysis else []:
        s, o = t.subject_id, t.object_id
        if not s or not o or s == o or not t.relation_ids:
            continue
        if t.relation_ids == [RELATED]:
            # "S is associated with O": the facts between the two, whatever their property
            # (the beam ranks by the claim's relation, which names none)
            paths += [[f] for f in label_facts(tb.store, links(tb.store, s, o))]
            # what each end is: two people "related" are kin (kgfc.reason.local)
            paths += [[f] for f in label_facts(tb.store, types_of(tb.store, (s, o)))]
            continue
        props = [p for p in (_prop_iri(r) for r in t.relation_ids[:3]) if p]
        stated = any(
            (e.fact.subject, e.fact.predicate, e.fact.object) == (s, p, o)
            for e in ep.started_beam().evidence.values()
            for p in props
        )
        if stated:
            continue
        found = find_chains(tb.store, s, props, aliases(tb.store, o))
        paths += [label_facts(tb.store, path) for path in found]
    return ep.started_beam().add_paths(paths) if paths else 0


def lookup_values(tb: Toolbox, ep: Episode) -> int:
    """The subject's stated values of a date or quantity claim's properties (and of each
    statement's, in a claim of several), into the evidence.

    "Austria-Hungary has about 230 million inhabitants": the beam ranks the
    subject's hundreds of facts (and its neighbours') and may keep Hungary's
    population but not Austria-Hungary's own. The value the claim is about is
    one lookup away in the subject's (cached) neighbourhood, so it is fetched
    before the claim can be declared NOT ENOUGH INFO.
    """
    facts = []
    triples = ep.analysis.triples if ep.analysis else []
    have = {
        (e.fact.subject, e.fact.predicate, e.fact.object)
        for e in ep.started_beam().evidence.values()
    }
    for t in triples:
        if not t.subject_id or not t.relation_ids:
            continue
        literal = not t.object_id and is_value_text(t.object)
        # A claim of several statements shares the beam among them: the subject's own
        # value of a statement's property ("Frank Zappa was born in Paris. Frank Zappa is
        # a musician.": Baltimore) may be dropped, and the false statement go unrefuted.
        props = {p for p in (_prop_iri(r) for r in t.relation_ids[:3]) if p}
        if not literal and t.object_id and len(triples) == 1:
            # a single-valued relation's stated value can refute the claimed one
            props = {p for p in conflict_properties(tb.store, [*props], t.object_id)}
            props = {p for p in props if single_valued(tb.store, p)}
        elif not literal and not t.object_id:
            continue
        found = [
            f
            for f in tb.store.neighbourhood([t.subject_id])
            if f.subject == t.subject_id
            and f.predicate in props
            and f.object_is_literal == literal
            and (f.subject, f.predicate, f.object) not in have
        ]
        if not literal and t.object_id and props & SYMMETRIC and len(triples) == 1:
            # a spouse is a spouse both ways: the object's own stated value can refute too
            found += [
                f
                for f in tb.store.neighbourhood([t.object_id])
                if f.subject == t.object_id
                and f.predicate in props & SYMMETRIC
                and (f.subject, f.predicate, f.object) not in have
            ]
        facts += found if literal else found[:VALUES_PER_STATEMENT]
    return ep.started_beam().add_paths([[f] for f in facts]) if facts else 0


VALUES_PER_STATEMENT = 12  # the subject's entity values of one statement's property, at most


def _prop_iri(ref: str) -> str | None:
    try:
        return V.property_iri(ref)
    except ValueError:
        return None


def unknown_entities(store: KnowledgeGraph, iris: Sequence[str | None]) -> list[str]:
    """The entity IRIs no quad of the store mentions, as subject or object (no label, no fact)."""
    out = []
    for iri in iris:
        if iri and iri.startswith(("http://", "https://")):
            node = ox.NamedNode(iri)
            if not store.count(subject=node) and not store.count(object=node):
                out.append(iri)
    return out


def expand_kg(tb: Toolbox, ep: Episode, step: Step) -> None:
    with ep.counters.timing("beam"):
        added = ep.started_beam().step(ep.counters)
    step.observation = f"hop {ep.started_beam().hops_done}: {added} fact(s) kept"
    step.evidence_added = [f"hop{ep.started_beam().hops_done}:{added}"]


# -- web evidence -----------------------------------------------------------------------


def search(tb: Toolbox, ep: Episode, step: Step, kind: str, query: str | None = None) -> None:
    """Web or PubMed evidence (memory first); it becomes W-numbered evidence and passages."""
    tool = tb.search_tool(kind)
    ep.searched.add(kind)
    if ep.analysis is None and ep.given_ids is None:
        # searching before (or without) the KG: the verdict still needs the claim's triples
        ep.analysis = analyse(tb, ep.claim, ep.counters)
    query = query or web_query(ep)
    if tool is None:
        step.error = f"no {kind} search configured"
        return
    obs = tool.gather(
        ep.claim,
        query,
        ep.seeds(),
        ep.counters,
        kind=kind,
        start_id=len(ep.web_evidence) + 1,
    )
    ep.web_evidence += obs.evidence
    ep.passages += obs.passages
    ep.memory_hits += obs.memory_hits
    ep.searches_avoided += not obs.searched
    step.observation = obs.summary
    step.evidence_added = [e.id for e in obs.evidence]


def web_query(ep: Episode) -> str:
    """The claim, or its first triple with entity labels, as a search query."""
    return triple_text(ep.triples[0]) if ep.triples else ep.claim


_BIOMEDICAL = frozenset(
    {"cancer", "disease", "drug", "vaccine", "virus", "patients", "treatment", "protein", "gene",
     "cells", "infection", "therapy", "clinical", "dose", "symptoms", "risk", "covid-19"}
)  # fmt: skip


def is_biomedical(ep: Episode) -> bool:
    return bool({w.lower().strip(".,;:") for w in ep.claim.split()} & _BIOMEDICAL)


def is_web_source(iri: str | None) -> bool:
    """Facts from web pages or PubMed: hypotheses, never as authoritative as the KG's own sources."""
    return bool(iri and iri.startswith((V.KGFC_SOURCE + "web/", V.KGFC_SOURCE + "pubmed/")))


# -- evidence -> verdict ----------------------------------------------------------------


def peek(tb: Toolbox, ep: Episode) -> Verdict:
    """The sufficiency check: what the (cheap, local) reasoner says on the evidence so far."""
    return kg_first_verdict(tb, ep, tb.local(), Counters())


def decide(
    tb: Toolbox, ep: Episode, *, forced: bool = False, local: bool = False
) -> tuple[Verdict, str]:
    """The verdict and the name of who reached it.

    Degrade hook: when the LLM verdict fails, the local reasoner decides and
    the result says so (``local (llm failed: ...)``).
    """
    reasoner = tb.local() if local else tb.reasoner
    try:
        verdict = kg_first_verdict(tb, ep, reasoner, ep.counters, forced=forced)
        # an LLM reasoner with a fallback names who decided when it degraded
        return verdict, verdict.reasoner or reasoner.name
    except (LLMError, RemoteError) as exc:
        if reasoner is tb.local():
            raise
        log.warning("LLM verdict failed (%s); the local reasoner decides", exc)
        ep.notes.append(f"LLM verdict failed ({exc}); the local reasoner decided")
        verdict = kg_first_verdict(tb, ep, tb.local(), ep.counters)
        return verdict, f"local (llm failed: {exc})"


def kg_first_verdict(
    tb: Toolbox, ep: Episode, reasoner: Reasoner, counters: Counters, *, forced: bool = False
) -> Verdict:
    """KG facts outrank web text: the web is consulted only when the KG alone does not decide.

    "Web" here also covers facts that earlier web/PubMed searches wrote into the
    KG: they are remembered hypotheses, not Wikidata statements.
    """
    text, triples = ep.claim, ep.triples
    if ep.reading and reasoner is tb.local():
        # the fallback's reading is itself a guess: stated or entailed facts only
        reasoner = tb.strict_local()
    all_kg = ep.kg_evidence()
    kg = [e for e in all_kg if not is_web_source(e.fact.source)]
    web = [e for e in all_kg if is_web_source(e.fact.source)] + ep.web_evidence
    if ep.unknown_entities:
        ids = ", ".join(V.local_id(i) for i in ep.unknown_entities)
        verb = "is" if len(ep.unknown_entities) == 1 else "are"
        return Verdict(
            label=VerdictLabel.NEI,
            confidence=0.5,
            justification=f"{UNKNOWN_ENTITY} {ids} {verb} not in the knowledge graph (no label, "
            "no fact), so there is no evidence to check the claim against.",
        )
    if not ep.seeds() and not ep.web_evidence:
        return Verdict(label=VerdictLabel.NEI, confidence=0.5, justification=NO_ENTITY)

    def ask(evidence: list[EvidenceFact]) -> Verdict:
        verdict = _verdict(tb, ep, reasoner, text, triples, evidence, counters, forced)
        return _annotated(tb, ep, verdict, local=tb.is_local(reasoner))

    if not web:
        return ask(kg)
    if reasoner.name == "local":
        first = ask(kg)
        if first.label is not VerdictLabel.NEI:
            return first
        both = ask(kg + web)
        web_ids = {e.id for e in web}
        web_conf = max(
            (e.score if e.hop == 0 else 0.7 for e in web if e.id in both.cited), default=0.0
        )
        if both.label is not VerdictLabel.NEI and any(c in web_ids for c in both.cited):
            # web text expands hypotheses but is not authoritative: scale by its confidence
            both = both.model_copy(
                update={
                    "confidence": round(min(both.confidence, 0.5 + 0.4 * web_conf), 4),
                    "justification": both.justification + " (relies on web evidence)",
                }
            )
        return both
    return ask(all_kg + ep.web_evidence)


def _verdict(
    tb: Toolbox,
    ep: Episode,
    reasoner: Reasoner,
    text: str,
    triples: list[ClaimTriple],
    evidence: list[EvidenceFact],
    counters: Counters,
    forced: bool,
) -> Verdict:
    if not tb.is_local(reasoner):
        return reasoner.verdict(text, triples, evidence, counters, forced=forced)
    # The local reasoner is deterministic: the rule policy's sufficiency check and the
    # final verdict on the same evidence are one computation.
    key = tuple((e.id, e.text, e.fact.source, e.score) for e in evidence)
    memo = ep.local_verdicts
    if key not in memo:
        memo[key] = reasoner.verdict(text, triples, evidence, counters)
    return memo[key]


def _annotated(tb: Toolbox, ep: Episode, verdict: Verdict, *, local: bool = True) -> Verdict:
    """The verdict says how the fallback read the claim (a reading by similarity refutes
    nothing) and which words of the claim it did not check.

    A relation read by sentence similarity is a guess good enough to find the fact
    that supports a claim, not to call a claim false: the KG stating another value
    under the guessed property may only mean the guess was wrong.

    Words of the statement no reading checks (a time, a role or a circumstance:
    :func:`kgfc.nlp.qualifiers.unread` and the rewrites' ``unchecked``) leave a claim
    the local reasoner found SUPPORTED without them NOT ENOUGH INFO: the KG supports
    less than the claim says ("Mickey Rourke appeared in The Expendables in 2005";
    it was 2010). A REFUTED statement refutes the claim whatever the rest says. An
    LLM reasoner reads the whole claim itself: its verdict only gets the note. A
    description of an entity the KG cannot read ("The legendary rocker S") says who
    is meant, not what the claim asserts of them: it is named, not held against the
    verdict.
    """
    verdict = cite_paths(verdict, ep.beam.evidence.values() if ep.beam else [], ep.reading_chains)
    unchecked = _unchecked(tb, ep)
    said = " and ".join(f'"{u}"' for u in unchecked)
    if unchecked and local and verdict.label is VerdictLabel.SUPPORTED:
        verdict = verdict.model_copy(
            update={
                "label": VerdictLabel.NEI,
                "confidence": 0.5,
                "justification": f"Without {said}, the claim holds. {verdict.justification} "
                f"But the KG cannot check {said} (a time, a role or a circumstance it does not "
                "keep), so the claim as written is not supported.",
            }
        )
    elif unchecked:
        verdict = _noted(
            verdict,
            f"{said}, words of the claim the KG cannot read (a time, a role or a circumstance)",
        )
    described = ep.analysis.undescribed if ep.analysis is not None else []
    if described:
        said = " and ".join(f'"{u}"' for u in described)
        verdict = _noted(
            verdict, f"{said}, which describes an entity of the claim in words the KG cannot read"
        )
    events = ep.analysis.unread_events if ep.analysis is not None else []
    if events:
        said = " and ".join(f'"{u}"' for u in events)
        verdict = _noted(verdict, f"{said}, news the KG does not keep")
    if ep.comments:
        said = " and ".join(f'"{u}"' for u in reversed(ep.comments))
        verdict = _noted(verdict, f"{said}, the writer's comment")
    if not ep.reading:
        return verdict
    why = f"Reading: {ep.reading}. {verdict.justification}"
    if ep.reading_semantic and verdict.label is VerdictLabel.REFUTED:
        return verdict.model_copy(
            update={
                "label": VerdictLabel.NEI,
                "confidence": 0.5,
                "justification": f"{why} The relation was read by similarity only, which is "
                "not sure enough to refute the claim.",
            }
        )
    return verdict.model_copy(update={"justification": why})


def _noted(verdict: Verdict, what: str) -> Verdict:
    """A SUPPORTED or REFUTED verdict saying what of the claim it did not check."""
    if verdict.label is VerdictLabel.NEI:
        return verdict
    return verdict.model_copy(
        update={"justification": f"{verdict.justification} Not checked: {what}."}
    )


def _unchecked(tb: Toolbox, ep: Episode) -> list[str]:
    """The rewrites' unchecked words and the qualifiers no reading holds, each once."""
    if ep.analysis is None or ep.given_ids is not None:
        return []
    out = list(ep.analysis.unchecked)
    seen = " | ".join(normalise(u) for u in out)

    def names_relation(words: str, triple: ClaimTriple) -> bool:
        return any(
            a.property in triple.relation_ids and a.score >= LEXICAL_MIN
            for a in tb.aligner().align(words, limit=3)
        )

    for q in unread(parse(ep.read_text), ep.triples, names_relation):
        if normalise(q) not in seen:
            out.append(q)
    return out


def framed(frame: Framing, verdict: Verdict) -> Verdict:
    """The claim's verdict from its statement's, when a frame denies or doubts the statement.

    A denial ("It is false that S") swaps SUPPORTED and REFUTED; a doubt ("It is
    unclear whether S") asserts neither, so the claim is NOT ENOUGH INFO whatever
    the KG says of S — the justification quotes what it says.
    """
    said = '"' + frame.statement.rstrip(".!?") + '"'
    if frame.kind == "reworded":  # the statement carries the denial ("did not cast")
        return verdict.model_copy(
            update={
                "justification": f'Read as {said} ("{frame.frame}" denies it). '
                + verdict.justification
            }
        )
    if frame.kind == "restricted":
        if verdict.label is not VerdictLabel.SUPPORTED:  # false without the word, false with it
            return verdict
        return verdict.model_copy(
            update={
                "label": VerdictLabel.NEI,
                "confidence": 0.5,
                "justification": f'The KG supports the claim without "{frame.frame}", which '
                f"narrows it in a way the KG cannot check: {verdict.justification}",
            }
        )
    if frame.kind == "doubted":
        return verdict.model_copy(
            update={
                "label": VerdictLabel.NEI,
                "confidence": 0.5,
                "justification": f'The claim leaves open whether {said} ("{frame.frame}"): it '
                f"asserts neither, so nothing can support or refute it. On the statement "
                f"itself the KG finds {verdict.label.value}: {verdict.justification}",
            }
        )
    if verdict.label is VerdictLabel.NEI:
        why = f'The claim denies that {said} ("{frame.frame}"); the KG cannot decide that '
        return verdict.model_copy(
            update={"justification": f"{why}statement. {verdict.justification}"}
        )
    label = (
        VerdictLabel.REFUTED if verdict.label is VerdictLabel.SUPPORTED else VerdictLabel.SUPPORTED
    )
    holds = "holds" if verdict.label is VerdictLabel.SUPPORTED else "does not hold"
    return verdict.model_copy(
        update={
            "label": label,
            "justification": f'The claim denies that {said} ("{frame.frame}"), and the '
            f"statement {holds}. {verdict.justification}",
        }
    )
