"""The one place eval touches the verify API: build a checker for a variant, verify an example.

Ablation variants (WKGFC's table):

``kg-only``   beam-search KG retrieval for N hops, then the verdict; no agent, no web
``web-only``  the claim is decomposed, the web searched, the verdict given on web evidence only
``kg+web``    a fixed plan without the agent: KG retrieval (N hops), one web search, verdict
``kg+agent``  the agent (rule or LLM policy) over the KG, no web
``full``      the agent with web (and PubMed when configured) search

Structured triples (CoDEx) are checked by the KG triple check whatever the
variant; ``web-only`` refuses them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kgfc.errors import ConfigError, UsageError
from kgfc.eval.loaders import Example

VARIANTS = ("kg-only", "web-only", "kg+web", "kg+agent", "full")
WEB_VARIANTS = frozenset({"web-only", "kg+web", "full"})


def check_variant(name: str) -> str:
    if name not in VARIANTS:
        from kgfc.errors import did_you_mean

        raise UsageError(
            f"Unknown variant {name!r}.", hint=did_you_mean(name, VARIANTS, "variants")
        )
    return name


@dataclass
class Checker:
    variant: str
    verifier: Any
    agent: Any | None
    beam: int
    hops: int


def _fixed_plan_policy(web_only: bool):
    """The no-agent plans: what the step order is fixed to, in the agent loop's terms."""
    from kgfc.agent.loop import Action

    class FixedPlan:
        name = "fixed:web-only" if web_only else "fixed:kg+web"

        def choose(self, agent, state):
            if web_only:
                if state.analysis is None:
                    # the reasoner needs the claim's triples even without KG retrieval
                    state.analysis = agent.v.analyse(state.claim, state.counters)
                if "web" not in state.searched:
                    return Action.WEB, {"query": agent.web_query(state)}, "fixed plan: web only"
                return Action.VERDICT, {}, "fixed plan: decide on web evidence"
            if state.beam is None:
                return Action.INIT, {}, "fixed plan: KG first"
            beam = state.beam
            if not beam.exhausted and beam.hops_done < state.max_hops:
                return Action.EXPAND, {}, "fixed plan: all N hops"
            if agent.web is not None and "web" not in state.searched:
                return Action.WEB, {"query": agent.web_query(state)}, "fixed plan: then the web"
            return Action.VERDICT, {}, "fixed plan: decide"

    return FixedPlan()


def build_checker(
    settings,
    store,
    *,
    variant: str,
    reasoner: str | None,
    record: bool,
    trajectory_dir: Path,
    max_steps: int,
) -> Checker:
    """A checker for one variant over ``store``; never records claims unless ``record``."""
    from kgfc.agent.loop import Agent
    from kgfc.agent.pipeline import Verifier, make_reasoner
    from kgfc.agent.web_tool import make_web_tools

    check_variant(variant)
    r, llm = make_reasoner(settings, store, reasoner)
    verifier = Verifier(store, settings, reasoner=r, llm=llm, record=record)
    if variant == "kg-only":
        return Checker(variant, verifier, None, settings.beam, settings.hops)
    web = pubmed = None
    if variant in WEB_VARIANTS:
        web, pubmed = make_web_tools(settings.model_copy(update={"web": True}), store, llm)
        if web is None:
            raise ConfigError(
                f"Variant {variant} needs a search provider.",
                hint="Pass --search local:DIR (offline), serper or searxng:URL.",
            )
    policy = None
    steps = max_steps
    if variant in ("web-only", "kg+web"):
        policy = _fixed_plan_policy(variant == "web-only")
        steps = settings.hops + 3  # INIT + hops-1 EXPAND + WEB + VERDICT, never cut short
        pubmed = None
    agent = Agent(
        verifier,
        policy=policy,
        web=web,
        pubmed=pubmed,
        max_steps=steps,
        trajectory_dir=trajectory_dir,
    )
    return Checker(variant, verifier, agent, settings.beam, settings.hops)


def verify_example(checker: Checker, ex: Example) -> dict:
    """Verify one example; the result as ``kgfc verify --json`` prints it."""
    if ex.triple is not None:
        if checker.variant == "web-only":
            raise UsageError(
                "Structured triples have no text to search the web with.",
                hint="Use --verbalise, or a KG variant.",
            )
        result = checker.verifier.verify_triple(ex.id, *ex.triple)
    elif checker.agent is None:
        result = checker.verifier.verify(ex.id, ex.claim, beam=checker.beam, hops=checker.hops)
    else:
        result, _trajectory = checker.agent.run(ex.id, ex.claim)
    return result.model_dump(mode="json")
