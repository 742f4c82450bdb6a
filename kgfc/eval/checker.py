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

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from kgfc.errors import ConfigError, UsageError, did_you_mean
from kgfc.eval.loaders import Example
from kgfc.pipeline.api import FactChecker
from kgfc.pipeline.policies import FixedPlan, Policy
from kgfc.pipeline.request import ClaimRequest

if TYPE_CHECKING:
    from kgfc.kg.store import KnowledgeGraph

VARIANTS = ("kg-only", "web-only", "kg+web", "kg+agent", "full")
WEB_VARIANTS = frozenset({"web-only", "kg+web", "full"})


def check_variant(name: str) -> str:
    if name not in VARIANTS:
        raise UsageError(
            f"Unknown variant {name!r}.", hint=did_you_mean(name, VARIANTS, "variants")
        )
    return name


@dataclass
class Checker:
    variant: str
    checker: FactChecker


def _policy(variant: str) -> Policy | None:
    """The variant's policy: a fixed plan for the no-agent variants, else the agent's default."""
    if variant == "kg-only":
        return FixedPlan()
    if variant == "kg+web":
        return FixedPlan(web=True, all_hops=True)
    if variant == "web-only":
        return FixedPlan(kg=False, web=True)
    return None


def build_checker(
    settings,
    store: KnowledgeGraph,
    *,
    variant: str,
    reasoner: str | None,
    record: bool,
    trajectory_dir: Path,
    max_steps: int,
) -> Checker:
    """A checker for one variant over ``store``; never records claims unless ``record``."""
    check_variant(variant)
    web_on = variant in WEB_VARIANTS
    settings = settings.model_copy(update={"web": web_on, "pubmed": settings.pubmed and web_on})
    if variant in ("web-only", "kg+web"):
        settings = settings.model_copy(update={"pubmed": False})
    policy = _policy(variant)
    if isinstance(policy, FixedPlan):
        max_steps = policy.steps_needed(settings.hops)  # never cut short
    checker = FactChecker.from_settings(
        settings,
        store=store,
        reasoner=reasoner,
        policy=policy,
        record=record,
        trajectory_log=trajectory_dir,
        max_steps=max_steps,
    )
    if web_on and checker.tools.web is None:
        raise ConfigError(
            f"Variant {variant} needs a search provider.",
            hint="Pass --search local:DIR (offline), serper or searxng:URL.",
        )
    return Checker(variant, checker)


def claim_of(checker: Checker, ex: Example) -> ClaimRequest:
    """The example's request for ``checker``'s variant (a usage error when it cannot take it).

    The same request ``kgfc verify --file`` reads from the line ``{"id": ..., "claim": ...}``
    (or ``"triple"``), so the claim gets the same result from both.
    """
    if ex.triple is not None and checker.variant == "web-only":
        raise UsageError(
            "Structured triples have no text to search the web with.",
            hint="Use --verbalise, or a KG variant.",
        )
    return ex.request()


def verify_example(checker: Checker, ex: Example) -> dict:
    """Verify one example; the result as ``kgfc verify --json`` prints it."""
    return checker.checker.verify(claim_of(checker, ex)).model_dump(mode="json")


def on_workers(checkers: list[Checker], pick, workers: int):
    """``examples -> (example, result dict or the KgfcError)`` as they finish, on worker processes.

    Each worker builds every checker of the run once (one per fitted
    combiner); the first checker's process records and logs trajectories.
    """
    from kgfc.pipeline.parallel import WorkerPool, recipe_of, verify_in_workers

    recipes = [recipe_of(c.checker) for c in checkers]
    lead = checkers[0].checker

    def stream(examples: Sequence[Example]) -> Iterator[tuple[Example, dict | Exception]]:
        claims = [claim_of(checkers[pick(ex)], ex) for ex in examples]
        with WorkerPool(recipes, workers) as pool, lead.batch():
            done = verify_in_workers(
                lead,
                claims,
                workers=workers,
                errors="return",
                ordered=False,
                pool=pool,
                recipes=[pick(ex) for ex in examples],
            )
            for i, got in done:
                yield (
                    examples[i],
                    got if isinstance(got, Exception) else got.model_dump(mode="json"),
                )

    return stream
