"""Who chooses the next action of an episode.

- :class:`FixedPlan` — no choice at all: retrieve, expand hop by hop while the
  beam may still connect the claim's entities, decide. The plain pipeline.
- :class:`RulePolicy` — without an LLM: a transparent sufficiency check
  (the local reasoner on the evidence so far) -> expand -> web -> PubMed -> decide.
- :class:`LLMPolicy` — the LLM picks the next action by a tool call, but only
  when its choice can change the outcome: when the evidence already decides
  the claim (the same sufficiency check) it goes to the verdict, and when one
  action is possible it takes it, without a call. When the call fails, the loop
  lets the rule policy choose that step instead.

A policy returns ``(action, arguments, reason)``; the loop checks the action
is possible before running it.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from kgfc.errors import ConfigError
from kgfc.llm.contract import LLM
from kgfc.llm.prompts import POLICY_MAX_TOKENS, policy_messages
from kgfc.models import Action, Verdict, VerdictLabel
from kgfc.pipeline import stages
from kgfc.pipeline.state import Episode
from kgfc.pipeline.toolbox import Toolbox

Choice = tuple[Action, dict[str, Any], str]


class Policy(Protocol):
    name: str

    def choose(self, tb: Toolbox, ep: Episode, max_steps: int) -> Choice: ...


def allows(tb: Toolbox, ep: Episode, action: Action) -> bool:
    if action is Action.INIT:
        return not ep.started
    if action is Action.EXPAND:
        return ep.can_expand()
    if action in (Action.WEB, Action.PUBMED):
        kind = "web" if action is Action.WEB else "pubmed"
        return tb.search_tool(kind) is not None and kind not in ep.searched
    return True


class FixedPlan:
    """No choices: the same steps for every claim.

    By default: retrieve, expand while the beam may still connect the claim's
    entities, decide (the plain pipeline). ``all_hops`` expands all N hops;
    ``web`` adds one web search after the KG; ``kg=False`` skips the KG (web only).
    """

    def __init__(self, *, kg: bool = True, web: bool = False, all_hops: bool = False) -> None:
        if not kg and not web:
            raise ValueError("a plan needs the KG, the web or both")
        self.kg, self.web, self.all_hops = kg, web, all_hops
        self.name = "fixed" if kg and not web else "fixed:" + ("kg+web" if kg else "web-only")

    def steps_needed(self, hops: int) -> int:
        """The step cap that never cuts this plan short."""
        return (hops if self.kg else 0) + (1 if self.web else 0) + 2

    def choose(self, tb: Toolbox, ep: Episode, max_steps: int) -> Choice:
        if self.kg and not ep.started:
            return Action.INIT, {}, "fixed plan: the claim's entities in the KG first"
        more = self.kg and ep.can_expand() and ep.seeds()
        if more and (self.all_hops or not ep.started_beam().decided()):
            return Action.EXPAND, {}, f"fixed plan: next hop after {ep.started_beam().hops_done}"
        if self.web and allows(tb, ep, Action.WEB):
            # no query given: the search reads the claim first when the KG step did not
            return Action.WEB, {}, "fixed plan: the web" + (" after the KG" if self.kg else " only")
        return Action.VERDICT, {}, "fixed plan: decide"


CONFIDENT = 0.7  # the local checker's confidence from which the evidence decides a claim
_BASIS_CHARS = 200  # how much of the local checker's justification a step's reason quotes


def sufficient(tb: Toolbox, ep: Episode, confident: float = CONFIDENT) -> Verdict | None:
    """The local checker's verdict when the evidence so far decides the claim, else None.

    Deciding means a label other than NOT ENOUGH INFO at ``confident`` or more for
    the claim as a whole (every triple supported, or one refuted): under an LLM
    reasoner the check is strict, so only a stated fact, an entailed one (alias,
    inverse, chain) or a demonstrable conflict (a functional property with
    another value) decides, never a rule's prediction. More evidence would not
    be read for such a claim by any policy of ours, so asking for it is waste.
    """
    v = stages.peek(tb, ep)
    if v.label is VerdictLabel.NEI or v.confidence < confident:
        return None
    return v


def sufficient_reason(v: Verdict) -> str:
    """Why a step was taken without more evidence: label, confidence, the facts it rests on."""
    basis = " ".join(v.justification.split())
    if len(basis) > _BASIS_CHARS:
        basis = basis[: _BASIS_CHARS - 1] + "…"
    on = f" on {', '.join(v.cited)}" if v.cited else ""
    return f"evidence is sufficient ({v.label.value}, {v.confidence:.2f}){on}: {basis}"


class RulePolicy:
    """No LLM: retrieve from the KG; expand while the evidence does not decide; then the web; then decide."""

    name = "rules"

    def __init__(self, confident: float = CONFIDENT) -> None:
        self.confident = confident

    def choose(self, tb: Toolbox, ep: Episode, max_steps: int) -> Choice:
        if not ep.started:
            return Action.INIT, {}, "start from the claim's entities in the KG"
        v = sufficient(tb, ep, self.confident)
        if v is not None:
            return Action.VERDICT, {}, sufficient_reason(v)
        # Keep a step for the web (when there is one) before the final verdict.
        left = max_steps - len(ep.steps) - 1
        web_left = allows(tb, ep, Action.WEB)
        if ep.can_expand() and not ep.started_beam().decided() and (left >= 2 or not web_left):
            return (
                Action.EXPAND,
                {},
                f"evidence insufficient after {ep.started_beam().hops_done} hop(s)",
            )
        if web_left:
            return Action.WEB, {"query": stages.web_query(ep)}, "the KG does not settle it"
        if allows(tb, ep, Action.PUBMED) and stages.is_biomedical(ep):
            return (
                Action.PUBMED,
                {"query": stages.web_query(ep)},
                "biomedical claim, KG and web do not settle it",
            )
        return Action.VERDICT, {}, "nothing more to retrieve"


def _tool(action: Action, description: str, query: bool = False) -> dict[str, Any]:
    params: dict[str, Any] = {"type": "object", "properties": {}}
    if query:
        params = {
            "type": "object",
            "properties": {"query": {"type": "string"}},
            "required": ["query"],
        }
    return {
        "type": "function",
        "function": {"name": action.value, "description": description, "parameters": params},
    }


TOOLS = [
    _tool(Action.INIT, "Link the claim's entities and retrieve their KG neighbourhood."),
    _tool(Action.EXPAND, "Expand the KG evidence by one more hop of beam search."),
    _tool(
        Action.WEB,
        "Search the web for missing information; results become KG facts with provenance.",
        query=True,
    ),
    _tool(Action.PUBMED, "Search PubMed abstracts (biomedical claims).", query=True),
    _tool(Action.VERDICT, "Stop gathering evidence and decide."),
]


class LLMPolicy:
    """The LLM picks the next action by a tool call (the loop falls back to the rules when it fails).

    A call is made only where the model's choice can change the outcome. The
    first step is always the KG; when the evidence already decides the claim
    (:func:`sufficient`: a stated fact, an entailment or a conflict for every
    claim triple), another hop or a search could only add facts the verdict
    does not need, so the policy goes to the verdict and the step's reason says
    which evidence decided; when one action is possible, it is taken.
    """

    def __init__(self, llm: LLM, confident: float = CONFIDENT) -> None:
        self.llm = llm
        self.name = f"llm:{llm.model}"
        self.confident = confident

    def settled(self, tb: Toolbox, ep: Episode) -> str | None:
        """The reason to decide now without asking the model, or None when its choice matters."""
        v = sufficient(tb, ep, self.confident)
        return f"no policy call: {sufficient_reason(v)}" if v is not None else None

    def choose(self, tb: Toolbox, ep: Episode, max_steps: int) -> Choice:
        if not ep.started:
            return Action.INIT, {}, "an episode always starts from the KG"
        why = self.settled(tb, ep)
        if why is not None:
            return Action.VERDICT, {}, why
        tools = [t for t in TOOLS if allows(tb, ep, Action(t["function"]["name"]))]
        if len(tools) == 1:  # nothing to choose: no call
            return (
                Action(tools[0]["function"]["name"]),
                {},
                "no policy call: the only possible action",
            )
        evidence = [f"{e.id} {e.text}" for e in ep.evidence()[:20]]
        history = [
            f"{s.index}. {s.action.value} {json.dumps(s.arguments)} -> {s.observation}"
            for s in ep.steps
        ]
        messages = policy_messages(
            ep.claim, history, evidence, steps=len(ep.steps), max_steps=max_steps
        )
        name, args = self.llm.choose_tool(
            messages, tools, counters=ep.counters, name="policy", max_tokens=POLICY_MAX_TOKENS
        )
        action = Action(name)
        if action in (Action.WEB, Action.PUBMED):
            query = str(args.get("query") or "").strip()[:300] or stages.web_query(ep)
            return action, {"query": query}, "chosen by the LLM"
        return action, {}, "chosen by the LLM"


def default_policy(llm: LLM | None) -> Policy:
    return LLMPolicy(llm) if llm is not None else RulePolicy()


def policy_named(name: str | None, llm: LLM | None) -> Policy:
    """``auto`` (the LLM when there is one, else rules), ``rules``, ``llm`` or ``fixed``."""
    if name in (None, "auto"):
        return default_policy(llm)
    if name == "rules":
        return RulePolicy()
    if name == "fixed":
        return FixedPlan()
    if name == "llm":
        if llm is None:
            raise ConfigError(
                "The llm policy needs an LLM.", hint="Set KGFC_LLM_BASE_URL and KGFC_LLM_MODEL."
            )
        return LLMPolicy(llm)
    raise ConfigError(f"Unknown policy {name!r}.", hint="Use auto, rules, llm or fixed.")
