"""Every prompt kgfc sends, with the JSON shape the model must answer in, one section per task.

Tasks: ranking (beam-search pruning), verdict, claim decomposition, the
agent's action choice, the web fine filter, and triple extraction from web
sentences. For each: a builder returning chat messages for
:meth:`kgfc.llm.contract.LLM.complete_json`, the pydantic model to validate
against (tolerant of the near-misses small models make), a ``*_schema``
function giving the bounded JSON schema sent to the server (``maxItems``,
``maxLength``, enums: a grammar on llama.cpp keeps answers short and valid),
and a ``max_tokens`` that fits it. Everything that came
from outside (the claim, KG facts, web text) goes through
:func:`~kgfc.llm.contract.fence`; the system prompt says fenced text is data.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationInfo, model_validator

from kgfc.llm.contract import fence
from kgfc.llm.promptset import active_prompts
from kgfc.models import ClaimTriple, EvidenceFact

MAX_ITEM_CHARS = 400  # one candidate or evidence line; longer text is cut


def system_prompt() -> str:
    """The system message of every task but the policy (the active prompt set's ``system``)."""
    return active_prompts().text("system")


def _chat(user: str, system: str | None = None) -> list[dict[str, str]]:
    return [
        {"role": "system", "content": system or system_prompt()},
        {"role": "user", "content": user},
    ]


def _one_line(text: str, limit: int = MAX_ITEM_CHARS) -> str:
    """One line per item, so a candidate cannot forge the numbering of the next one."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- tolerance helpers -------------------------------------------------------------------


def _clamp(value: Any, lo: float = 0.0, hi: float = 1.0) -> Any:
    """A number forced into [lo, hi]; 0-100 percentages are read as such. Non-numbers pass through."""
    if isinstance(value, str):
        try:
            value = float(value.strip().rstrip("%"))
        except ValueError:
            return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    if value > hi and value <= 100 * hi:
        value = value / 100
    return min(max(float(value), lo), hi)


_NUMBER = re.compile(r"^\s*(?:#|no\.?\s*|id\s*|candidate\s*|[A-Za-z](?=\d))?(\d+)[.)]?\s*$", re.I)


def _candidate_number(item: Any, labels: Sequence[str]) -> int | None:
    """A candidate's 1-based number from what a model wrote: 3, "3", "#3", "3.", or its text."""
    if isinstance(item, dict):
        for key in ("id", "number", "index", "candidate", "n"):
            if key in item:
                return _candidate_number(item[key], labels)
        return None
    if isinstance(item, bool):
        return None
    if isinstance(item, int | float) and float(item).is_integer():
        return int(item)
    if isinstance(item, str):
        m = _NUMBER.match(item)
        if m:
            return int(m.group(1))
        wanted = " ".join(item.split()).casefold()
        for i, label in enumerate(labels, 1):
            if " ".join(label.split()).casefold() == wanted:
                return i
    return None


# -- ranking (beam-search pruning) -------------------------------------------------


class RankOutput(BaseModel):
    """The chosen candidates' numbers, most useful first.

    Tolerant of what small models write: a bare list, ``{"scores": [{"id", "score"}]}``
    (sorted by score, scores clamped), numbers as strings (``"#3"``), or a candidate's
    text instead of its number when the validation context has ``candidates``.
    Unknown and repeated numbers are dropped.
    """

    ids: list[int] = Field(description="chosen candidate numbers, most useful first")

    @model_validator(mode="before")
    @classmethod
    def _tolerate(cls, data: Any, info: ValidationInfo) -> Any:
        labels: Sequence[str] = (info.context or {}).get("candidates") or ()
        top_k: int | None = (info.context or {}).get("top_k")
        if isinstance(data, dict):
            items = next(
                (
                    data[k]
                    for k in ("ids", "chosen", "ranking", "scores", "candidates", "items")
                    if k in data
                ),
                None,
            )
        else:
            items = data
        if not isinstance(items, list):
            return data  # let the field validation say what is wrong
        if items and all(isinstance(x, dict) and "score" in x for x in items):
            items = sorted(
                items,
                key=lambda x: (
                    -(_clamp(x.get("score")) if isinstance(_clamp(x.get("score")), float) else 0.0)
                ),
            )
        ids: list[int] = []
        readable = 0
        for item in items:
            n = _candidate_number(item, labels)
            readable += n is not None
            if n is None or n in ids or (labels and not 1 <= n <= len(labels)):
                continue
            ids.append(n)
        if items and not readable:
            raise ValueError("no candidate number could be read from the list")
        return {"ids": ids[:top_k] if top_k else ids}


def rank_schema(top_k: int) -> dict[str, Any]:
    """The JSON schema sent for ranking: at most ``top_k`` ids.

    Grammar-constrained servers (llama.cpp) enforce ``maxItems``, so a small model
    cannot run on listing numbers until the token limit cuts the JSON. (Validation
    uses :class:`RankOutput`, which keeps the first ``top_k`` of a longer list.)
    """
    schema = RankOutput.model_json_schema()
    schema["properties"]["ids"].update(minItems=1, maxItems=max(1, top_k))
    return schema


_RANK_WHAT = {
    "relations": "knowledge-graph relations (properties) that might lead to evidence",
    "facts": "knowledge-graph facts",
    "candidates": "knowledge-graph relations or facts",
}


def rank_messages(
    claim: str,
    candidates: Sequence[str],
    *,
    kind: Literal["relations", "facts", "candidates"] = "facts",
    top_k: int = 4,
) -> list[dict[str, str]]:
    """Pick the ``top_k`` most useful candidates, best first: ``{"ids": [3, 1]}``.

    Asking for the chosen numbers only (not a score per candidate) keeps the
    answer to a few tokens, which is what costs time on a CPU model.
    """
    numbered = "\n".join(f"{i}. {_one_line(c, 200)}" for i, c in enumerate(candidates, 1))
    k = max(1, min(top_k, len(candidates)))
    user = (
        f"Claim:\n{fence(claim, tag='CLAIM')}\n"
        f"Candidate {_RANK_WHAT[kind]}:\n{fence(numbered, tag='CANDIDATES')}\n"
        f"{active_prompts().text('rank', k=k)} "
        'Reply as {"ids": [<number>, ...]}.'
    )
    return _chat(user)


def rank_max_tokens(top_k: int) -> int:
    """Room for ``{"ids": [...]}`` with ``top_k`` numbers and some slack."""
    return 16 + 4 * top_k


# -- verdict -------------------------------------------------------------------------

_LABELS = {
    "SUPPORTED": "SUPPORTED",
    "SUPPORTS": "SUPPORTED",
    "SUPPORT": "SUPPORTED",
    "TRUE": "SUPPORTED",
    "REFUTED": "REFUTED",
    "REFUTES": "REFUTED",
    "REFUTE": "REFUTED",
    "FALSE": "REFUTED",
    "CONTRADICTED": "REFUTED",
    "NOT ENOUGH INFO": "NOT ENOUGH INFO",
    "NOT ENOUGH INFORMATION": "NOT ENOUGH INFO",
    "NEI": "NOT ENOUGH INFO",
    "UNKNOWN": "NOT ENOUGH INFO",
    "INSUFFICIENT": "NOT ENOUGH INFO",
}


class VerdictOutput(BaseModel):
    """Verdict, cited evidence ids, justification; confidence optional.

    Tolerant: label spellings (``supports``, ``NEI``, ``not_enough_info``...),
    confidence clamped (``85`` reads as 0.85), ``cited`` as one string
    (``"E1, E3"``) or numbers (``[1, 3]``); repeated ids dropped.
    """

    verdict: Literal["SUPPORTED", "REFUTED", "NOT ENOUGH INFO"]
    confidence: float = Field(0.7, ge=0.0, le=1.0)
    justification: str = ""
    cited: list[str] = Field(default_factory=list, description='evidence ids such as "E3"')

    @model_validator(mode="before")
    @classmethod
    def _tolerate(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = dict(data)
        for alias in ("label", "answer", "decision"):
            if "verdict" not in data and alias in data:
                data["verdict"] = data.pop(alias)
        label = data.get("verdict")
        if isinstance(label, str):
            key = " ".join(re.sub(r"[_\-]", " ", label).split()).upper().rstrip(".")
            data["verdict"] = _LABELS.get(key, label)
        if "confidence" in data:
            data["confidence"] = _clamp(data["confidence"])
            if data["confidence"] is None:
                data.pop("confidence")
        for alias in ("citations", "evidence", "cite", "ids"):
            if "cited" not in data and alias in data:
                data["cited"] = data.pop(alias)
        cited = data.get("cited")
        if isinstance(cited, str):
            cited = re.findall(r"[Ee]?\d+", cited)
        if isinstance(cited, list):
            out: list[str] = []
            for c in cited:
                c = f"E{c}" if isinstance(c, int) and not isinstance(c, bool) else str(c).strip()
                c = f"E{c}" if c.isdigit() else c
                if c and c not in out:
                    out.append(c)
            data["cited"] = out
        elif cited is None:
            data.pop("cited", None)
        for alias in ("reason", "explanation", "rationale"):
            if "justification" not in data and alias in data:
                data["justification"] = data.pop(alias)
        if not isinstance(data.get("justification", ""), str):
            data["justification"] = json.dumps(data["justification"])
        return data


VERDICT_MAX_TOKENS = 100
MAX_CITED = 4
MAX_JUSTIFICATION_CHARS = 200


def verdict_schema(ids: Sequence[str]) -> dict[str, Any]:
    """The JSON schema sent for a verdict: ``cited`` may only name the given evidence ids.

    With a grammar (llama.cpp) the model cannot cite evidence that was not
    retrieved. Validation uses :class:`VerdictOutput`, which accepts any id, so
    that the reasoner can drop and count bad citations from other servers.
    """
    schema = VerdictOutput.model_json_schema()
    if ids:
        schema["properties"]["cited"]["items"] = {"type": "string", "enum": list(ids)}
    schema["properties"]["cited"]["maxItems"] = MAX_CITED
    # a grammar stops a rambling justification instead of the token limit cutting it
    schema["properties"]["justification"]["maxLength"] = MAX_JUSTIFICATION_CHARS
    # the order of the keys is the order of generation: decide and cite first
    schema["properties"] = {
        k: schema["properties"][k] for k in ("verdict", "cited", "confidence", "justification")
    }
    schema["required"] = ["verdict", "cited", "justification"]
    return schema


def _short_source(iri: str | None) -> str:
    """``https://.../source/wikidata`` -> ``wikidata``; web pages -> ``web``."""
    if not iri:
        return "?"
    tail = re.split(r"[/:#]", iri.rstrip("/"))
    for kind in ("web", "pubmed"):
        if kind in tail[:-1]:
            return kind
    return tail[-1][:24]


def evidence_line(ev: EvidenceFact) -> str:
    """``E3 Tony Blair place of birth Edinburgh (wikidata)``: one compact line per fact."""
    return f"{ev.id} {_one_line(ev.text, 240)} ({_short_source(ev.fact.source)})"


def verdict_messages(
    claim: str,
    triples: Sequence[ClaimTriple],
    evidence: Sequence[EvidenceFact],
    *,
    forced: bool = False,
) -> list[dict[str, str]]:
    """Decide from numbered evidence: verdict, confidence, justification and the cited ids.

    ``forced``: the agent ran out of steps or budget; the prompt says so and
    makes NOT ENOUGH INFO the expected answer when the evidence is thin.
    """
    readings = "\n".join(
        f"({t.subject}; {'NOT ' if t.negated else ''}{t.relation}; {t.object})" for t in triples
    )
    lines = "\n".join(evidence_line(ev) for ev in evidence)
    parts = [f"Claim:\n{fence(claim, tag='CLAIM')}"]
    if readings:
        parts.append(f"Read as:\n{fence(readings, tag='TRIPLES')}")
    parts += [
        f"Evidence (id, fact, source):\n{fence(lines or '(no evidence)', tag='EVIDENCE')}",
        active_prompts().text("verdict"),
    ]
    if forced:
        parts.append(active_prompts().text("forced_verdict"))
    parts.append(
        'Reply as {"verdict": "SUPPORTED" | "REFUTED" | "NOT ENOUGH INFO", "cited": ["E1"], '
        '"confidence": <0..1>, "justification": "<one short sentence>"}.'
    )
    return _chat("\n".join(parts))


# -- claim decomposition ---------------------------------------------------------------


def _triple_aliases(data: Any) -> Any:
    """``predicate``/``property`` for ``relation``, ``obj`` for ``object``; numbers as text."""
    if not isinstance(data, dict):
        return data
    data = dict(data)
    for alias, key in (("predicate", "relation"), ("property", "relation"), ("obj", "object")):
        if key not in data and alias in data:
            data[key] = data.pop(alias)
    for key in ("subject", "relation", "object"):
        if key in data and not isinstance(data[key], str) and data[key] is not None:
            data[key] = str(data[key])
    return data


class TripleOutput(BaseModel):
    subject: str
    relation: str
    object: str
    negated: bool = False

    @model_validator(mode="before")
    @classmethod
    def _tolerate(cls, data: Any) -> Any:
        if isinstance(data, list | tuple) and len(data) in (3, 4):
            keys = ("subject", "relation", "object", "negated")
            return _triple_aliases(dict(zip(keys, data, strict=False)))
        return _triple_aliases(data)


_WORD = re.compile(r"\w+")


def _words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(text)}


class DecompositionOutput(BaseModel):
    """Triples and keywords; a bare list of triples is accepted.

    With the claim in the validation context (``{"claim": ...}``), a triple whose
    subject or object shares no word with the claim is dropped: the prompt asks
    for both copied from the claim, and a small model may echo the reply
    format's ``"..."`` or an example instead. What is left may be no triple at
    all; the caller then reads the claim without the LLM. Keywords with no word
    in them go too.
    """

    triples: list[TripleOutput]
    keywords: list[str] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _tolerate(cls, data: Any) -> Any:
        if isinstance(data, list):
            return {"triples": data}
        if isinstance(data, dict) and "triples" not in data:
            if {"subject", "relation", "object"} <= data.keys():
                return {"triples": [data]}
            for alias in ("statements", "facts", "claims"):
                if alias in data:
                    return {**data, "triples": data[alias]}
        return data

    @model_validator(mode="after")
    def _grounded(self, info: ValidationInfo) -> DecompositionOutput:
        claim = (info.context or {}).get("claim")
        if claim is None:
            return self
        said = _words(claim)
        self.triples = [
            t for t in self.triples if _words(t.subject) & said and _words(t.object) & said
        ]
        self.keywords = [k for k in self.keywords if _WORD.search(k)]
        return self


DECOMPOSE_MAX_TOKENS = 120


def decompose_schema() -> dict[str, Any]:
    """The JSON schema sent for decomposition, bounded so a grammar keeps the answer short."""
    schema = DecompositionOutput.model_json_schema()
    schema["properties"]["triples"].update(minItems=1, maxItems=3)
    schema["properties"]["keywords"].update(maxItems=4)
    schema["properties"]["keywords"]["items"]["maxLength"] = 40
    for key in ("subject", "relation", "object"):
        schema["$defs"]["TripleOutput"]["properties"][key]["maxLength"] = 60
    return schema


def decompose_messages(claim: str) -> list[dict[str, str]]:
    """Claim -> ``{"triples": [{"subject", "relation", "object", "negated"}], "keywords": [...]}``."""
    user = (
        f"Claim:\n{fence(claim, tag='CLAIM')}\n"
        f"{active_prompts().text('decompose')}\n"
        'Reply as {"triples": [{"subject": "...", "relation": "...", "object": "...", '
        '"negated": false}], "keywords": ["..."]}.'
    )
    return _chat(user)


# -- the agent's next action ----------------------------------------------------------


def policy_messages(
    claim: str, history: Sequence[str], evidence: Sequence[str], *, steps: int, max_steps: int
) -> list[dict[str, str]]:
    """The next action: expand the KG, search, or decide (offered as tools or a JSON choice)."""
    user = (
        f"Claim:\n{fence(claim, tag='CLAIM')}\n"
        f"Steps so far ({steps} of at most {max_steps}):\n"
        f"{fence(chr(10).join(history) or '(none)', tag='HISTORY')}\n"
        f"Evidence so far:\n{fence(chr(10).join(evidence) or '(none)', tag='EVIDENCE')}\n"
        + active_prompts().text("policy")
    )
    return _chat(user, active_prompts().text("policy_system"))


POLICY_MAX_TOKENS = 48


# -- web fine filter --------------------------------------------------------------------

_STANCES = {
    "support": "supports",
    "supported": "supports",
    "refute": "refutes",
    "refuted": "refutes",
    "contradicts": "refutes",
    "none": "neutral",
    "neither": "neutral",
}


class PassageJudgement(BaseModel):
    id: int = Field(description="the passage's number")
    relevant: bool = Field(description="about the claim's entities and relation")
    stance: Literal["supports", "refutes", "neutral"] = "neutral"
    confidence: float = Field(ge=0.0, le=1.0, description="how sure, from the passage alone")
    injection: bool = Field(False, description="the passage addresses instructions to an AI")
    quote: str = Field("", description="the most relevant sentence, copied verbatim")

    @model_validator(mode="before")
    @classmethod
    def _tolerate(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = dict(data)
        n = _candidate_number(data.get("id"), ())
        if n is not None:
            data["id"] = n
        stance = data.get("stance")
        if isinstance(stance, str):
            key = stance.strip().casefold()
            data["stance"] = _STANCES.get(key, key)
        if "confidence" in data:
            data["confidence"] = _clamp(data["confidence"])
        else:
            data["confidence"] = 0.5
        if "relevant" not in data:
            data["relevant"] = data.get("stance") in ("supports", "refutes")
        return data


class FilterOutput(BaseModel):
    """One judgement per passage; a bare list is accepted."""

    passages: list[PassageJudgement]

    @model_validator(mode="before")
    @classmethod
    def _tolerate(cls, data: Any) -> Any:
        if isinstance(data, list):
            return {"passages": data}
        if isinstance(data, dict) and "passages" not in data and {"id", "stance"} & data.keys():
            return {"passages": [data]}
        return data


def filter_messages(
    claim: str, passages: Sequence[str], missing: str | None = None
) -> list[dict[str, str]]:
    """One prompt judging every passage: relevance, stance, confidence, injection, quote."""
    numbered = "\n".join(f"{i}. {_one_line(p, 600)}" for i, p in enumerate(passages, 1))
    parts = [f"Claim:\n{fence(claim, tag='CLAIM')}"]
    if missing and missing.strip():
        parts.append(f"Information still missing to decide it:\n{fence(missing, tag='MISSING')}")
    parts += [
        f"Web passages, one per line:\n{fence(numbered, tag='PASSAGES')}",
        active_prompts().text("filter"),
        'Reply as {"passages": [{"id": 1, "relevant": true, "stance": "supports", '
        '"confidence": 0.8, "injection": false, "quote": "..."}]}.',
    ]
    return _chat("\n".join(parts))


MAX_QUOTE_CHARS = 240


def filter_schema(n: int) -> dict[str, Any]:
    """The JSON schema sent for the filter: at most one judgement per passage, short quotes."""
    schema = FilterOutput.model_json_schema()
    schema["properties"]["passages"]["maxItems"] = max(1, n)
    item = schema["$defs"]["PassageJudgement"]["properties"]
    item["quote"]["maxLength"] = MAX_QUOTE_CHARS
    item["id"].update(minimum=1, maximum=max(1, n))
    return schema


def filter_max_tokens(n: int) -> int:
    """About 90 tokens per judgement (most of it the quote)."""
    return 40 + 90 * max(1, n)


# -- triple extraction from web sentences ------------------------------------------------


class ExtractedStatement(BaseModel):
    sentence: int = Field(description="the sentence's number")
    subject: str
    relation: str
    object: str
    negated: bool = False

    @model_validator(mode="before")
    @classmethod
    def _tolerate(cls, data: Any) -> Any:
        if isinstance(data, dict):
            data = _triple_aliases(data)
            n = _candidate_number(data.get("sentence"), ())
            if n is not None:
                data["sentence"] = n
        return data


class ExtractionOutput(BaseModel):
    """Statements per numbered sentence; a bare list is accepted."""

    triples: list[ExtractedStatement] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _tolerate(cls, data: Any) -> Any:
        if isinstance(data, list):
            return {"triples": data}
        return data


def extraction_messages(sentences: Sequence[str]) -> list[dict[str, str]]:
    """Numbered sentences -> ``{"triples": [{"sentence", "subject", "relation", "object", "negated"}]}``."""
    numbered = "\n".join(f"{i}. {' '.join(s.split())}" for i, s in enumerate(sentences, 1))
    user = (
        f"Sentences from one web document:\n{fence(numbered, tag='SENTENCES')}\n"
        f"{active_prompts().text('extract')}\n"
        'Reply as {"triples": [{"sentence": 1, "subject": "...", "relation": "...", '
        '"object": "...", "negated": false}]}.'
    )
    return _chat(user)


def extraction_schema(n: int) -> dict[str, Any]:
    """The JSON schema sent for extraction: up to three statements per sentence, short terms."""
    schema = ExtractionOutput.model_json_schema()
    schema["properties"]["triples"]["maxItems"] = 3 * max(1, n)
    item = schema["$defs"]["ExtractedStatement"]["properties"]
    item["sentence"].update(minimum=1, maximum=max(1, n))
    for key in ("subject", "relation", "object"):
        item[key]["maxLength"] = 80
    return schema


def extraction_max_tokens(n: int) -> int:
    """About 40 tokens per statement, two statements per sentence on average."""
    return 40 + 80 * max(1, n)
