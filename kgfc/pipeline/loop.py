"""The episode loop (WKGFC's MDP): a policy picks actions until a verdict.

Actions::

    init_kg_retrieval   read and link the claim, first hop of beam search
                        (a structured triple: its evidence straight from the ids)
    expand_kg           one more hop
    web_search(query)   memory recall, else search + filter + web-to-KG
    pubmed_search(q)    the same over PubMed abstracts
    verdict             decide from the evidence gathered

After ``max_steps`` a verdict is forced; a budget (LLM calls, tokens,
searches, seconds) stops the episode cleanly with a forced verdict from the
local reasoner. Recoverable failures (invalid model output, a search timeout)
are recorded on the step and the loop goes on; configuration errors and bugs
are raised.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kgfc.errors import ConfigError, KgfcError, LLMError, RemoteError
from kgfc.llm.promptset import active_prompts
from kgfc.models import Action, Counters, Step, Trajectory, Verdict
from kgfc.pipeline import stages
from kgfc.pipeline.policies import LLMPolicy, Policy, RulePolicy, allows
from kgfc.pipeline.state import Budget, Episode
from kgfc.pipeline.toolbox import Toolbox

if TYPE_CHECKING:
    from kgfc.kg.store import QueryCounter

log = logging.getLogger(__name__)


class QueryCount:
    """SPARQL queries this episode ran: the store's own per-context count, plus an online KG source's."""

    def __init__(self, tb: Toolbox, store_count: QueryCounter) -> None:
        self._store_count = store_count
        self._source = tb.kg_source
        self._source_start = self._source.sparql_queries if self._source is not None else 0

    @property
    def n(self) -> int:
        n = self._store_count.n
        if self._source is not None:  # a remote endpoint: its own lifetime counter
            n += self._source.sparql_queries - self._source_start
        return n


@contextmanager
def count_queries(tb: Toolbox) -> Iterator[QueryCount]:
    """The one place an episode's SPARQL queries are counted."""
    with tb.store.count_queries() as qc:
        yield QueryCount(tb, qc)


@dataclass
class Outcome:
    verdict: Verdict
    reasoner: str  # who decided: the reasoner's name, or "local (llm failed: ...)"
    trajectory: Trajectory


def run_episode(
    tb: Toolbox,
    ep: Episode,
    policy: Policy,
    *,
    max_steps: int = 5,
    budget: Budget | None = None,
    queries: QueryCount | None = None,
) -> Outcome:
    """Steps chosen by ``policy`` until a verdict; fills ``ep`` and returns the verdict and trajectory."""
    budget = budget or Budget()
    start = time.perf_counter()
    traj = Trajectory(claim_id=ep.claim_id, policy=policy.name, reasoner=tb.reasoner.name)
    if tb.llm is not None:  # which prompt set the LLM steps used (issue 15)
        traj.prompts = active_prompts().label
    decided: tuple[Verdict, str] | None = None
    while decided is None:
        ep.counters.seconds = time.perf_counter() - start
        if len(ep.steps) >= max_steps - 1:
            # The last step must be a verdict. The rule policy is asked for free, and the
            # LLM policy's evidence check costs no call: if either would decide anyway,
            # the limit played no part (and an LLM verdict gets the plain prompt).
            free = _free_verdict(tb, ep, policy, max_steps)
            if free is not None:
                traj.stop_reason = free
                decided = _step(tb, ep, Action.VERDICT, {}, free, queries)
                break
            traj.step_limit_reached = True
            traj.forced, traj.stop_reason = True, f"step limit ({max_steps}) reached"
            decided = _step(tb, ep, Action.VERDICT, {}, traj.stop_reason, queries, forced=True)
            break
        over = budget.exceeded(ep.counters)
        if over:
            traj.forced, traj.stop_reason = True, over
            decided = _step(tb, ep, Action.VERDICT, {}, over, queries, forced=True, local=True)
            break
        # What the policy's choice costs (an LLM call, the sufficiency check's queries)
        # counts towards the step it chose.
        mark = _Mark(ep, queries)
        try:
            action, args, why = policy.choose(tb, ep, max_steps)
        except (LLMError, RemoteError) as exc:  # degrade hook: the rule policy chooses this step
            action, args, _ = RulePolicy().choose(tb, ep, max_steps)
            why = f"policy failed ({exc}); rule policy chose instead"
            ep.counters.degrade(f"policy: LLM failed ({exc.message}); rule policy chose")
        if not allows(tb, ep, action):
            why = f"{action.value} is not possible now; rule policy chose instead"
            action, args, _ = RulePolicy().choose(tb, ep, max_steps)
        decided = _step(tb, ep, action, args, why, queries, mark=mark)
        if decided is not None:
            traj.stop_reason = why
    assert decided is not None  # the loop ends on a verdict
    verdict, who = decided
    traj.claim = ep.claim
    ep.counters.seconds = round(time.perf_counter() - start, 4)
    traj.steps = ep.steps
    traj.verdict, traj.confidence = verdict.label, verdict.confidence
    traj.memory_hits, traj.searches_avoided = ep.memory_hits, ep.searches_avoided
    traj.derive_flags()
    return Outcome(verdict, who, traj)


def _free_verdict(tb: Toolbox, ep: Episode, policy: Policy, max_steps: int) -> str | None:
    """Why the verdict at the step limit is not forced: the policy would decide now, at no cost."""
    if isinstance(policy, RulePolicy):
        if policy.choose(tb, ep, max_steps)[0] is Action.VERDICT:
            return "nothing more to retrieve"
    elif isinstance(policy, LLMPolicy):  # the evidence decides: no call would be made anyway
        return policy.settled(tb, ep)
    return None


def _step(
    tb: Toolbox,
    ep: Episode,
    action: Action,
    args: dict[str, Any],
    why: str,
    queries: QueryCount | None,
    *,
    forced: bool = False,
    local: bool = False,
    mark: _Mark | None = None,
) -> tuple[Verdict, str] | None:
    mark = mark or _Mark(ep, queries)
    notes_before = len(ep.counters.degradations)
    step = Step(index=len(ep.steps) + 1, action=action, arguments=args, policy_reason=why)
    out: tuple[Verdict, str] | None = None
    ep.notes.clear()
    unranked = len(ep.beam.unranked) if ep.beam is not None else 0
    try:
        if action is Action.INIT:
            stages.start_kg(tb, ep, step)
        elif action is Action.EXPAND:
            stages.expand_kg(tb, ep, step)
        elif action in (Action.WEB, Action.PUBMED):
            kind = "web" if action is Action.WEB else "pubmed"
            stages.search(tb, ep, step, kind, args.get("query"))
        else:
            with ep.counters.timing("reason"):
                out = stages.decide(tb, ep, forced=forced, local=local)
            step.observation = f"{out[0].label.value} ({out[0].confidence:.2f})"
    except (LLMError, RemoteError) as exc:
        step.error = str(exc)
        step.observation = "failed; recorded and going on"
        log.warning("step %s failed: %s", action.value, exc)
    except ConfigError:
        raise
    except KgfcError as exc:
        if action is Action.INIT:
            raise
        step.error = str(exc)
    if ep.beam is not None:  # hops the LLM did not rank, and why
        ep.notes += ep.beam.unranked[unranked:]
    if ep.notes:
        step.observation = "; ".join([step.observation, *ep.notes]).strip("; ")
    degraded = ep.counters.degradations[notes_before:]
    if degraded:  # the trajectory shows which steps fell back from the LLM, and why
        step.observation = f"{step.observation}; degraded: {'; '.join(degraded)}".strip("; ")
    step.counters, step.seconds = mark.cost()
    ep.steps.append(step)
    return out


class _Mark:
    """Counters, queries and time at one moment, to charge what follows to one step."""

    def __init__(self, ep: Episode, queries: QueryCount | None) -> None:
        self.ep, self.queries = ep, queries
        self.counters = ep.counters.model_copy()
        self.q0 = queries.n if queries is not None else 0
        self.t0 = time.perf_counter()

    def cost(self) -> tuple[Counters, float]:
        delta = Counters()
        for name in Counters.model_fields:
            spent = getattr(self.ep.counters, name) - getattr(self.counters, name)
            setattr(delta, name, round(spent, 6) if isinstance(spent, float) else spent)
        if self.queries is not None:
            delta.sparql_queries = self.queries.n - self.q0
        return delta, round(time.perf_counter() - self.t0, 4)
