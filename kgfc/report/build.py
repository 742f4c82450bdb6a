"""A verify result (+ web and PubMed passages) -> a BioCheck-format :class:`~kgfc.models.Report`.

- **Evidence.** Each KG fact becomes a :class:`~kgfc.models.ReportEvidence`
  whose ``sentence`` is the verbalised fact and whose ``source_id`` is a
  statement-like IRI for facts fetched from Wikidata
  (``https://www.wikidata.org/wiki/Q76#P19``, the item's statement group, which
  a reader can open) or else the fact's source graph IRI (a demo-KG fact is
  cited by the demo graph, never linked to live Wikidata). Its stance comes from the verdict: a fact cited for a
  SUPPORTED verdict supports, one cited for a REFUTED verdict refutes; any
  other fact is neutral and appears only in the evidence graph. Passages
  (:class:`kgfc.models.Passage`) become evidence with their own stance and
  confidence.
- **Source kind** of a KG fact is read from its graph IRI
  (``https://w3id.org/kgfc/source/<kind>/...``). For the trust order
  (:mod:`kgfc.kg.trust`), curated KG kinds (``wikidata``, ``demo``) count as
  ``wikidata``, a loaded RDF file as ``file``.
- **Summary**: reasons to support and to refute (the evidence sentences), a
  consensus line (do the sources agree, which kinds spoke) ending in a scope
  check (does the evidence state the exact claim, another value of the same
  relation, a multi-hop chain, or only something about the same entities),
  and the verdict's justification.
- **Conflicts**: evidence of two trust classes taking opposite stances gives a
  :class:`~kgfc.models.SourceConflict` naming both sides and saying which one
  the trust order (default Wikidata/KG > loaded RDF file > PubMed > web)
  prefers and whether the conclusion agrees with it. A KG fact's stance is its
  own when it is a value of the claim's (single-valued) relation: the claimed
  value supports, another value refutes, whatever the verdict.
- **Graph**: nodes are the entities (and literal values) of the KG facts and
  the claim's topic entities; edges are the facts, with their provenance.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

from kgfc.kg import vocab as V
from kgfc.kg.properties import RELATED
from kgfc.kg.trust import (
    CLASS_NAMES,
    DEFAULT_TRUST_ORDER,
    KIND_NAMES,
    normalise_trust_order,
    source_kind,
    trust_class,
)
from kgfc.models import (
    GraphEdge,
    GraphNode,
    Passage,
    Report,
    ReportEvidence,
    ReportSummary,
    ResultEvidence,
    SourceConflict,
    VerdictLabel,
    VerifyResult,
)
from kgfc.nlp.text import split_sentences

SCOPE = "Scope: "
CONTEXT_CHARS = 500

Stance = Literal["supports", "refutes", "neutral"]


def _clip(x: Any, default: float = 0.5) -> float:
    try:
        return min(1.0, max(0.0, float(x)))
    except (TypeError, ValueError):
        return default


def _shorten(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


# -- source kinds and ids -------------------------------------------------------


def passage_kind(p: Passage) -> str:
    """``pubmed`` for a PubMed abstract, ``web`` for anything else (pages, local documents)."""
    if p.kind:
        return p.kind
    sid, url = p.source_id, p.url or ""
    if (
        sid.upper().startswith("PMID")
        or "pubmed.ncbi.nlm.nih.gov" in url
        or "ncbi.nlm.nih.gov/pubmed" in url
    ):
        return "pubmed"
    return "web"


def statement_id(fact: ResultEvidence, kind: str) -> str:
    """The citable id of a KG fact: its Wikidata statement group, or its source graph.

    Only facts fetched from Wikidata link to a wikidata.org page; a fact from the
    demo KG or a loaded file is cited by the graph it came from, never as if
    Wikidata had been asked.
    """
    s, p, graph = fact.subject, fact.predicate, fact.source
    if kind == "wikidata" and s.startswith(V.WD) and p.startswith(V.WDT):
        item = s[len(V.WD) :]
        page = f"Property:{item}" if V.is_pid(item) else item
        return f"https://www.wikidata.org/wiki/{page}#{p[len(V.WDT) :]}"
    return graph or s


def _passage_ids(passages: Sequence[Passage]) -> list[str]:
    ids: list[str] = []
    counts = {"pubmed": 0, "web": 0}
    for p in passages:
        if p.evidence_id:
            ids.append(p.evidence_id)
            continue
        prefix = "pubmed" if passage_kind(p) == "pubmed" else "web"
        counts[prefix] += 1
        ids.append(f"{'P' if prefix == 'pubmed' else 'W'}{counts[prefix]}")
    return ids


def _passage_sentence(p: Passage) -> str:
    sentence = p.sentence.strip()
    if sentence:
        return sentence
    parts = split_sentences(p.text)
    return parts[0] if parts else ""


def retrieved_sources(result: VerifyResult, web_passages: Sequence[Passage] = ()) -> dict[str, str]:
    """What this episode retrieved, as ``{source id or evidence id: source text}`` for citation checks.

    Pass only passages a search tool really returned (not ones a model
    claims to have seen); their ``text`` is the source text a quote must match.
    """
    out: dict[str, list[str]] = {}

    def add(key: str | None, text: str) -> None:
        if key and text and text not in out.setdefault(key, []):
            out[key].append(text)

    for e in result.evidence:
        add(e.id, e.text)
        add(statement_id(e, source_kind(e.source)), e.text)
    passages = list(web_passages)
    for eid, p in zip(_passage_ids(passages), passages, strict=True):
        # The text only, not the passage's `sentence`: that is the quote under test.
        for key in (eid, p.source_id, p.url):
            add(key, p.text)
    return {k: "\n".join(v) for k, v in out.items()}


# -- evidence -----------------------------------------------------------------------


def _kg_stance(e: ResultEvidence, result: VerifyResult) -> Stance:
    """A cited fact stands with the verdict, unless it gives a value of a claim triple's
    relation for its subject: the claimed value supports, and another value that no other
    cited fact links on (a located-in chain, an alias) refutes. Sources that disagree on a
    single-valued relation are both cited, so each lands on its own side."""
    if not e.cited or result.verdict == VerdictLabel.NEI:
        return "neutral"
    for t in result.triples:
        if t.subject_id != e.subject or not t.object_id or e.predicate not in t.relation_ids[:1]:
            continue
        if e.object == t.object_id:
            return "refutes" if t.negated else "supports"
        linked = any(
            e.object in (f.subject, f.object) for f in result.evidence if f.cited and f is not e
        )
        if not linked:
            return "supports" if t.negated else "refutes"
    return "supports" if result.verdict == VerdictLabel.SUPPORTED else "refutes"


def _kg_evidence(result: VerifyResult) -> list[tuple[ResultEvidence, ReportEvidence]]:
    out = []
    for e in result.evidence:
        graph = e.source
        kind = source_kind(graph)
        cited, hop, score = e.cited, e.hop, e.score
        context = f"KG fact from the {KIND_NAMES.get(kind, kind)}"
        context += f" (graph {graph})" if graph else ""
        context += f", reached at hop {hop}, relevance {score:.2f}"
        ev = ReportEvidence(
            evidence_id=e.id,
            source_id=statement_id(e, kind),
            source_kind=kind,
            sentence=e.text,
            context=context,
            stance=_kg_stance(e, result),
            # The reasoner judged the cited facts together: its confidence is theirs.
            confidence=_clip(result.confidence) if cited else _clip(score),
        )
        out.append((e, ev))
    return out


def _passage_evidence(passages: Sequence[Passage]) -> list[ReportEvidence]:
    out = []
    for eid, p in zip(_passage_ids(passages), passages, strict=True):
        stance = p.stance
        if stance not in ("supports", "refutes") or p.injection_suspected:
            stance = "neutral"  # a passage that addresses the system never counts as evidence
        title = (p.title or "").strip()
        text = p.text
        sentence = _passage_sentence(p)
        context = _shorten(text, CONTEXT_CHARS) if text.strip() != sentence else ""
        if title:
            context = f"{title}: {context}" if context else title
        out.append(
            ReportEvidence(
                evidence_id=eid,
                source_id=p.source_id or p.url or eid,
                source_kind=passage_kind(p),
                sentence=sentence,
                context=context,
                stance=stance,
                confidence=_clip(p.confidence),
            )
        )
    return out


# -- summary ----------------------------------------------------------------------


def _kinds_phrase(evidence: Iterable[ReportEvidence]) -> str:
    kinds = sorted(
        {e.source_kind for e in evidence},
        key=lambda k: (DEFAULT_TRUST_ORDER.index(trust_class(k)), k),
    )
    return ", ".join(KIND_NAMES.get(k, k) for k in kinds)


def _pieces(items: Sequence[ReportEvidence], verb: str) -> str:
    """``2 pieces of evidence (demo KG, web) support`` / ``1 piece ... supports``."""
    n = len(items)
    return f"{n} piece{'' if n == 1 else 's'} of evidence ({_kinds_phrase(items)}) {verb}{'s' if n == 1 else ''}"


def consensus_text(evidence: Sequence[ReportEvidence], scope: str = "") -> str:
    """Do the sources agree, and which kinds of source spoke; then the scope check."""
    sup = [e for e in evidence if e.stance == "supports"]
    ref = [e for e in evidence if e.stance == "refutes"]
    if sup and ref:
        text = (
            f"The sources disagree: {_pieces(sup, 'support')} the claim and "
            f"{_pieces(ref, 'refute')} it; see the source conflicts."
        )
    elif sup:
        text = f"The sources agree: {_pieces(sup, 'support')} the claim and none refutes it."
    elif ref:
        text = f"The sources agree: {_pieces(ref, 'refute')} the claim and none supports it."
    else:
        text = "No retrieved source speaks for or against the claim."
    return f"{text} {scope}".strip()


def scope_part(consensus: str) -> str:
    """The scope check at the end of a consensus line (kept when the rest is recomputed)."""
    i = consensus.find(SCOPE)
    return consensus[i:] if i >= 0 else ""


def _norm(text: str) -> str:
    return " ".join(text.casefold().split())


def scope_check(
    result: VerifyResult,
    kg: Sequence[tuple[ResultEvidence, ReportEvidence]],
    passages: Sequence[ReportEvidence],
    passage_texts: Mapping[str, str],
) -> str:
    """Does the evidence speak to the exact claim, or only to a related one?"""
    triples = result.triples
    if not triples:
        return SCOPE + (
            "the claim was not read as a (subject, relation, object) triple, "
            "so the evidence was not matched against it."
        )
    stance_kg = [(f, ev) for f, ev in kg if ev.stance != "neutral"]
    pool = stance_kg or list(kg)
    exact: list[str] = []
    other_value: list[str] = []
    related: list[str] = []
    relation = ""
    for f, ev in pool:
        s, p, o = f.subject, f.predicate, f.object
        for t in triples:
            ends = {x for x in (t.subject_id, t.object_id) if x}
            if t.relation_ids == [RELATED] and ends == {s, o} and len(ends) == 2:
                # "S is associated with O": any fact between the two is the statement
                exact.append(ev.evidence_id)
                relation = relation or t.relation
                break
            if s == t.subject_id and p in t.relation_ids:
                same = o == t.object_id if t.object_id else _norm(str(o)) == _norm(t.object)
                (exact if same else other_value).append(ev.evidence_id)
                relation = relation or f.predicate_label or t.relation
                break
            if s in ends or o in ends:
                related.append(ev.evidence_id)
                break
    for ev in passages:
        if ev.stance == "neutral":
            continue
        text = _norm(passage_texts.get(ev.evidence_id, ev.sentence))
        if any(_norm(t.subject) in text and _norm(t.object) in text for t in triples):
            exact.append(ev.evidence_id)
        else:
            related.append(ev.evidence_id)

    def ids(xs: list[str]) -> str:
        xs = list(dict.fromkeys(xs))
        return ", ".join(xs[:6]) + (", …" if len(xs) > 6 else "")

    t = triples[0]
    chain = ids([ev.evidence_id for _, ev in stance_kg])
    if exact:
        return SCOPE + f"the evidence states the exact claim ({ids(exact)})."
    if other_value:
        return SCOPE + (
            f"the evidence gives another value for {t.subject}'s {relation} ({ids(other_value)}); "
            "it bears on the exact claim only if that relation has a single value."
        )
    hops = {f.hop for f, _ in stance_kg}
    if len(stance_kg) > 1 and max(hops, default=0) > 1:
        return (
            SCOPE + f"no single fact states the claim; it follows from a chain of facts ({chain})."
        )
    if related:
        return SCOPE + (
            f"the evidence concerns the claim's entities but not the claimed statement ({ids(related)}); "
            "it speaks only to related claims."
        )
    return SCOPE + "none of the evidence mentions the claim's entities."


def _reason(ev: ReportEvidence) -> str:
    return f"{ev.sentence} [{ev.evidence_id}, {KIND_NAMES.get(ev.source_kind, ev.source_kind)}]"


# -- conflicts --------------------------------------------------------------------


def _side(items: Sequence[ReportEvidence]) -> str:
    sup = [e.evidence_id for e in items if e.stance == "supports"]
    ref = [e.evidence_id for e in items if e.stance == "refutes"]
    if sup and ref:
        return f"both supports ({', '.join(sup)}) and refutes ({', '.join(ref)}) the claim"
    return (
        f"supports the claim ({', '.join(sup)})" if sup else f"refutes the claim ({', '.join(ref)})"
    )


def _class_name(cls: str, items: Sequence[ReportEvidence]) -> str:
    kinds = sorted({e.source_kind for e in items})
    name = CLASS_NAMES[cls]
    if cls == "wikidata" and kinds != ["wikidata"]:
        name += f" ({', '.join(KIND_NAMES.get(k, k) for k in kinds)})"
    return name


def _net_stance(items: Sequence[ReportEvidence]) -> Stance | None:
    sup = sum(e.confidence for e in items if e.stance == "supports")
    ref = sum(e.confidence for e in items if e.stance == "refutes")
    return "supports" if sup > ref else "refutes" if ref > sup else None


def find_conflicts(
    evidence: Sequence[ReportEvidence],
    conclusion: VerdictLabel,
    trust_order: Sequence[str] | str | None = None,
) -> list[SourceConflict]:
    """One conflict per pair of trust classes whose evidence takes opposite stances."""
    order = normalise_trust_order(trust_order)
    by_class: dict[str, list[ReportEvidence]] = {}
    for e in evidence:
        if e.stance != "neutral":
            by_class.setdefault(trust_class(e.source_kind), []).append(e)
    conflicts = []
    for i, hi in enumerate(order):
        for lo in order[i + 1 :]:
            hi_items, lo_items = by_class.get(hi, []), by_class.get(lo, [])
            hi_side = [e for e in hi_items if any(o.stance != e.stance for o in lo_items)]
            lo_side = [e for e in lo_items if any(o.stance != e.stance for o in hi_items)]
            if not hi_side or not lo_side:
                continue
            hi_name, lo_name = _class_name(hi, hi_side), _class_name(lo, lo_side)
            conflicts.append(
                SourceConflict(
                    description=f"{hi_name} evidence {_side(hi_side)}, while {lo_name} evidence {_side(lo_side)}.",
                    sources=list(dict.fromkeys(e.source_id for e in hi_side + lo_side)),
                    kinds=[hi, lo],
                    resolution=_resolution(order, hi, lo, _net_stance(hi_side), conclusion),
                )
            )
    return conflicts


def _resolution(
    order: tuple[str, ...], hi: str, lo: str, stance: Stance | None, conclusion: VerdictLabel
) -> str:
    rank = " > ".join(CLASS_NAMES[c] for c in order)
    if stance is None:
        return (
            f"Trust order {rank}: the {CLASS_NAMES[hi]} evidence is itself evenly split, so the trust order "
            f"does not decide; the conclusion ({conclusion.value}) rests on the reasoner's judgement."
        )
    preferred = VerdictLabel.SUPPORTED if stance == "supports" else VerdictLabel.REFUTED
    text = (
        f"Trust order {rank}: {CLASS_NAMES[hi]} outranks {CLASS_NAMES[lo]}, so its evidence prevails "
        f"and the claim counts as {preferred.value}."
    )
    if conclusion == preferred:
        return text + f" The conclusion ({conclusion.value}) agrees."
    if conclusion == VerdictLabel.NEI:
        return text + f" The conclusion ({conclusion.value}) leaves the conflict open."
    return (
        text + f" The conclusion ({conclusion.value}) follows the less trusted source: review it."
    )


# -- graph ------------------------------------------------------------------------


def _graph(
    result: VerifyResult, kg: Sequence[tuple[ResultEvidence, ReportEvidence]]
) -> tuple[list[GraphNode], list[GraphEdge]]:
    nodes: dict[str, str] = {}

    def node(iri: str, label: str | None) -> str:
        if iri not in nodes or (label and nodes[iri] == V.local_id(iri)):
            nodes[iri] = label or nodes.get(iri) or V.local_id(iri)
        return iri

    for e in result.topic_entities:
        node(e.entity, e.label)
    edges = []
    for f, ev in kg:
        s = node(f.subject, f.subject_label)
        obj = f.object
        if f.object_is_literal:
            o = f"literal:{obj}"
            nodes.setdefault(o, obj)
        else:
            o = node(obj, f.object_label)
        graph = f.source
        edges.append(
            GraphEdge(
                source=s,
                target=o,
                label=f.predicate_label or V.local_id(f.predicate),
                kind=ev.source_kind,
                evidence_id=ev.evidence_id,
                provenance={
                    "source_iri": graph,
                    "source_id": ev.source_id,
                    "kind": ev.source_kind,
                    "hop": f.hop,
                    "score": f.score,
                    "sentence": ev.sentence,
                    "stance": ev.stance,
                    "cited": f.cited,
                    "predicate": f.predicate,
                },
            )
        )
    return [GraphNode(id=k, label=v) for k, v in nodes.items()], edges


# -- the report ---------------------------------------------------------------------


def build_report(
    result: VerifyResult,
    *,
    web_passages: Sequence[Passage] = (),
    trust_order: Sequence[str] | str | None = DEFAULT_TRUST_ORDER,
    retrieved: Mapping[str, object] | None = None,
) -> Report:
    """The BioCheck report for one verify result.

    With ``retrieved`` (see :func:`retrieved_sources`), citations are checked
    and the failing ones removed (:func:`kgfc.report.citations.apply_citation_check`);
    without it the report is built as is and ``citation_check`` stays empty.
    """
    from kgfc.report.citations import apply_citation_check, evidence_quality

    order = normalise_trust_order(trust_order)
    passages = list(web_passages)
    kg = _kg_evidence(result)
    web = _passage_evidence(passages)
    texts = {eid: p.text for eid, p in zip(_passage_ids(passages), passages, strict=True)}
    cited = [ev for _, ev in kg if ev.stance != "neutral"] + [
        ev for ev in web if ev.stance != "neutral"
    ]
    supporting = [ev for ev in cited if ev.stance == "supports"]
    refuting = [ev for ev in cited if ev.stance == "refutes"]
    nodes, edges = _graph(result, kg)
    report = Report(
        claim_id=result.id,
        claim=result.claim,
        supporting_evidence=supporting,
        refuting_evidence=refuting,
        summary=ReportSummary(
            reasons_to_support=[_reason(e) for e in supporting],
            reasons_to_refute=[_reason(e) for e in refuting],
            consensus=consensus_text(cited, scope_check(result, kg, web, texts)),
            final_justification=result.justification,
        ),
        conclusion=result.verdict,
        confidence=result.confidence,
        reasoner=result.reasoner,
        conflicts=find_conflicts(cited, result.verdict, order),
        nodes=nodes,
        edges=edges,
        counters=result.counters.model_copy(),
    )
    report.eqs = evidence_quality(report)
    if retrieved is not None:
        report = apply_citation_check(report, retrieved, trust_order=order)
    return report
