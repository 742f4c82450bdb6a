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

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kgfc.errors import ConfigError, KgfcError, UsageError, did_you_mean
from kgfc.eval.loaders import Example
from kgfc.pipeline.api import FactChecker
from kgfc.pipeline.policies import FixedPlan, Policy
from kgfc.settings import Settings

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
    settings: Settings,
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


def check_takes(checker: Checker, ex: Example) -> None:
    """A usage error when ``checker``'s variant cannot take the example (a triple, web-only)."""
    if ex.triple is not None and checker.variant == "web-only":
        raise UsageError(
            "Structured triples have no text to search the web with.",
            hint="Use --verbalise, or a KG variant.",
        )


def verify_examples(
    checkers: Sequence[Checker],
    pick: Callable[[Example], int],
    examples: Sequence[Example],
    *,
    workers: int = 1,
    threads: int = 1,
) -> Iterator[tuple[Example, dict[str, Any] | KgfcError]]:
    """Each example with its result (as ``kgfc verify --json`` prints it) or error, as they finish.

    One :meth:`~kgfc.pipeline.api.FactChecker.verify_many` batch of the first
    checker, which records: each example is checked by ``checkers[pick(ex)]``
    (one per fitted combiner), as the line ``{"id": ..., "claim": ...}`` (or
    ``"triple"``) of ``kgfc verify --file``, so a claim gets the same result
    from both. On ``workers`` processes, or ``threads`` threads of this one.
    """
    for ex in examples:
        check_takes(checkers[pick(ex)], ex)
    errors: dict[int, KgfcError] = {}  # the error itself: eval retries a runtime failure
    order: list[int] = []
    batch = checkers[0].checker.verify_many(
        [ex.body() for ex in examples],
        errors="keep",
        workers=workers,
        threads=threads,
        ordered=False,
        pick=lambda i: checkers[pick(examples[i])].checker,
        on_result=lambda i, _: order.append(i),
        on_error=errors.__setitem__,
    )
    try:
        for result in batch:
            i = order.pop()
            error = errors.pop(i, None)
            yield examples[i], error if error is not None else result.model_dump(mode="json")
    finally:
        batch.close()
