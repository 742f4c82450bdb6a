"""How a claim was read, step by step (``kgfc debug reading``).

The same stages a check runs before its KG search (the asides and a title dropped,
:func:`kgfc.pipeline.stages.analyse`,
:func:`~kgfc.pipeline.stages.link`, the lexicon reader, the entity-anchored and
connecting readings of :func:`~kgfc.reading.rereading.reread`), with what each found
kept for display: the frame, the mentions and their link candidates, the relation
candidates with their scores and the rule or path that produced them, and the
final triples and paths. No evidence is gathered and nothing is written.
"""

from __future__ import annotations

from typing import Any

from kgfc.kg import vocab as V
from kgfc.models import ClaimTriple, Counters
from kgfc.nlp.framing import framing
from kgfc.nlp.spacy_pipeline import parse
from kgfc.nlp.text import normalise
from kgfc.pipeline import stages
from kgfc.pipeline.state import Episode
from kgfc.pipeline.toolbox import Toolbox
from kgfc.reading import plain
from kgfc.reading.connecting import Connected, read_connected
from kgfc.reading.rereading import name_resolver, reread, set_aside_descriptions
from kgfc.reading.titles import untitled

MAX_CANDIDATES = 5  # link candidates shown per mention


def _triple(t: ClaimTriple) -> dict[str, Any]:
    return {
        "subject": t.subject,
        "subject_id": V.local_id(t.subject_id) if t.subject_id else None,
        "relation": t.relation,
        "relation_ids": [V.local_id(p) for p in t.relation_ids],
        "object": t.object,
        "object_id": V.local_id(t.object_id) if t.object_id else None,
        "negated": t.negated,
    }


def _candidates(tb: Toolbox, mention: str) -> list[dict[str, Any]]:
    """The KG entities a mention's words name (label or alias), as the label index has them."""
    index = tb.store.label_index()
    return [
        {"entity": V.local_id(e), "label": index.label(e) or text, "by": kind}
        for e, text, kind in index.by_key.get(normalise(mention), ())[:MAX_CANDIDATES]
    ]


def trace(tb: Toolbox, claim: str) -> dict[str, Any]:
    """What each reading step made of ``claim`` (a JSON-able dict)."""
    index = tb.store.label_index()
    frame = framing(claim, parse(claim), lambda name: normalise(name) in index)
    said = untitled(tb.store, plain(frame.statement if frame else claim))
    ep = Episode(claim_id="debug", claim=said, said=said)
    ep.analysis = stages.analyse(tb, said, Counters())
    rules = [_triple(t) for t in ep.analysis.triples]
    ep.linked = stages.link(tb, said, ep.analysis)
    reader = tb.reader()
    before = dict(reader.hits)
    lexicon = reader.refine(said, ep.analysis.triples)
    fired = [k for k, n in reader.hits.items() if n > before.get(k, 0)]
    ep.linked += reader.new_links(ep.linked, ep.analysis.triples)
    reread(tb, ep)
    set_aside_descriptions(tb, ep)
    resolve = name_resolver(tb.store, ep.linked)

    connected = read_connected(said, tb.store, resolve, aligner=tb.aligner())
    return {
        "claim": claim,
        "framing": {"kind": frame.kind, "frame": frame.frame, "statement": frame.statement}
        if frame
        else None,
        "mentions": [
            {
                "mention": e.mention,
                "entity": V.local_id(e.entity),
                "label": e.label,
                "confidence": round(e.confidence if e.confidence is not None else e.score, 3),
                "candidates": _candidates(tb, e.mention),
            }
            for e in ep.linked
        ],
        "rule_triples": rules,
        "lexicon_rules": fired,
        "lexicon_notes": lexicon.notes,
        "reading": ep.reading,
        "refutable": not ep.reading_semantic,
        "connecting": _connected(connected),
        "triples": [_triple(t) for t in ep.analysis.triples],
        "not_checked": [*ep.analysis.undescribed, *ep.analysis.unread_events],
        "paths": [[V.local_id(a), V.local_id(b)] for a, b in lexicon.chains],
    }


def _connected(got: Connected) -> dict[str, Any]:
    return {
        "subject": list(got.subject) if got.subject else None,
        "object": list(got.object) if got.object else None,
        "phrase": got.phrase,
        "candidates": [
            {
                "property": V.local_id(c.property),
                "label": c.label,
                "kind": c.kind,
                "inverse": c.inverse,
                "score": round(c.score, 3),
                "like": c.text,
            }
            for c in got.candidates
        ],
        "read_as": V.local_id(got.reading.property) if got.reading else None,
        "why_not": got.why or None,
    }
