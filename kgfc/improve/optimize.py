"""``kgfc optimize``: textual-gradient prompt optimisation (TextGrad-style), resumable.

Each epoch:

1. runs the agent with the current best prompt set on a batch of training claims;
   every episode gets its composite reward and a reflection critique, and goes
   into the experience buffer;
2. aggregates the critiques of the failed episodes into a *textual gradient*
   (error types, blamed steps, suggested changes) and picks the task whose
   prompt those errors point at (a premature verdict → ``verdict``, too little
   evidence → ``policy``...);
3. asks the optimiser LLM (may be another endpoint) for an edited instruction for
   that task. Only the instruction is editable: the answer shape is added by code,
   and an edit that drops or adds a placeholder is refused (one repair, then the
   epoch proposes nothing) — a broken prompt is never emitted;
4. scores the candidate set on the validation claims (mean composite reward) and
   keeps it only when it beats the best so far; stops early after ``patience``
   epochs without improvement.

State (best set, scores, lineage) is saved after every epoch in ``OUT/state.json``,
so a killed run resumes where it stopped. ``OUT/prompts.toml`` is always the best
set so far (usable with ``--prompts OUT``); ``OUT/LINEAGE.md`` and ``OUT/scores.svg``
say what changed, why, and the validation score per epoch.

A small module rather than textgrad or DSPy: neither is installed here, both pull
heavy dependency trees, and neither knows kgfc's constraint that an edit keep its
task's placeholders and leave the answer schema alone — the loop itself is short.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from collections import Counter as Tally
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from kgfc.errors import LLMError
from kgfc.improve.experience import ExperienceBuffer
from kgfc.improve.reflect import Critique, reflect
from kgfc.improve.reward import Reward, RewardWeights, composite_reward
from kgfc.llm.contract import LLM, fence
from kgfc.llm.promptset import PromptSet, placeholder_problem, use_prompts
from kgfc.models import Counters

# Which task's instruction an error type points at.
TASK_FOR_ERROR = {
    "premature_verdict": "verdict",
    "kg_web_conflict": "verdict",
    "insufficient_evidence_coverage": "policy",
    "redundant_expansion": "policy",
    "step_limit": "policy",
    "extraction_error": "extract",
}
OPTIMIZE_MAX_TOKENS = 400
# Per-claim LLM cost used by --estimate (benchmarks/bench_llm.py on the demo claims, k = N = 4).
EST_CALLS_PER_CLAIM = 4.0
EST_PROMPT_TOKENS_PER_CLAIM = 1600
EST_COMPLETION_TOKENS_PER_CLAIM = 150
EST_REFLECT = (1, 450, 80)  # calls, prompt tokens, completion tokens per critique
EST_OPTIMIZE = (1, 700, 250)  # per proposal


class Episode(BaseModel):
    """What the optimiser needs from one verified claim."""

    claim: str
    gold: str
    verdict: str
    cited: list[str] = Field(default_factory=list)
    rejected_citations: int = 0
    evidence: list[str] = Field(default_factory=list, description="cited evidence lines")
    steps: list[Any] = Field(default_factory=list)
    counters: Counters = Field(default_factory=Counters)


RunEpisode = Callable[[str, str], Episode]  # (claim, gold) -> Episode, under the active prompts


class Proposal(BaseModel):
    text: str = Field(description="the new instruction text")
    rationale: str = Field("", description="what changed and why, in one sentence")


class EpochRecord(BaseModel):
    epoch: int
    task: str | None = None
    gradient: str = ""
    proposed: str | None = None
    rationale: str = ""
    rejected_reason: str | None = None
    val_score: float | None = None
    accepted: bool = False
    best_score: float
    prompt_set: str


class OptimizeState(BaseModel):
    best: PromptSet
    best_score: float
    epoch: int = 0  # epochs finished
    since_improvement: int = 0
    history: list[EpochRecord] = Field(default_factory=list)
    done: bool = False


def estimate(train: int, val: int, *, epochs: int, batch: int) -> dict[str, Any]:
    """LLM calls and tokens: the baseline validation run, then per epoch and in total."""
    per_claim = (EST_CALLS_PER_CLAIM, EST_PROMPT_TOKENS_PER_CLAIM, EST_COMPLETION_TOKENS_PER_CLAIM)
    b = min(batch, train)

    def cost(claims: int, reflections: int, proposals: int) -> dict[str, int]:
        parts = [(claims, per_claim), (reflections, EST_REFLECT), (proposals, EST_OPTIMIZE)]
        return {
            "llm_calls": round(sum(n * c[0] for n, c in parts)),
            "prompt_tokens": round(sum(n * c[1] for n, c in parts)),
            "completion_tokens": round(sum(n * c[2] for n, c in parts)),
        }

    epoch = cost(b + val, b, 1)
    baseline = cost(val, 0, 0)
    total = {k: baseline[k] + epochs * epoch[k] for k in epoch}
    return {"baseline": baseline, "per_epoch": epoch, "total_max": total, "epochs": epochs,
            "batch": b, "val": val}  # fmt: skip


def _write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(tmp, path)


def _reward(ep: Episode, weights: RewardWeights | None) -> Reward:
    return composite_reward(
        verdict=ep.verdict,
        gold=ep.gold,
        cited=ep.cited,
        rejected_citations=ep.rejected_citations,
        steps=ep.steps,
        llm_calls=ep.counters.llm_calls,
        llm_failures=ep.counters.llm_failures,
        weights=weights,
    )


def gradient_text(critiques: Sequence[Critique]) -> tuple[str | None, str]:
    """The task to edit and the textual gradient (error counts and suggestions)."""
    failed = [c for c in critiques if c.outcome == "incorrect"]
    if not failed:
        return None, ""
    errors = Tally(c.error_type for c in failed if c.error_type != "none")
    task = next(
        (TASK_FOR_ERROR[e] for e, _ in errors.most_common() if e in TASK_FOR_ERROR), "verdict"
    )
    lines = [f"{n} failed episode(s): {e}" for e, n in errors.most_common()]
    lines += [f"- {c.suggestion}" for c in failed if c.suggestion][:8]
    return task, "\n".join(lines)


def proposal_messages(
    task: str, current: str, gradient: str, placeholders: Sequence[str]
) -> list[dict[str, str]]:
    keep = ", ".join("{" + p + "}" for p in placeholders) or "none"
    user = (
        f"This is the instruction a fact-checking agent follows for its '{task}' step:\n"
        f"{fence(current, tag='INSTRUCTION')}\n"
        f"Critiques of episodes where it went wrong:\n{fence(gradient, tag='CRITIQUES')}\n"
        "Rewrite the instruction so that these errors become less likely, keeping what works. "
        f"Keep these placeholders exactly: {keep}; add no other {{...}}. Do not describe the "
        "answer format (it is added separately). At most 120 words.\n"
        'Reply as {"text": "<the new instruction>", "rationale": "<what changed and why>"}.'
    )
    return [
        {
            "role": "system",
            "content": "You improve prompts for an LLM agent. Answer with JSON only.",
        },
        {"role": "user", "content": user},
    ]


def propose(
    optimizer: LLM, ps: PromptSet, task: str, gradient: str, counters: Counters
) -> tuple[Proposal | None, str | None]:
    """An edited instruction for ``task`` that keeps its placeholders, or (None, why not)."""
    from kgfc.llm.promptset import PLACEHOLDERS

    placeholders = sorted(PLACEHOLDERS[task])
    messages = proposal_messages(task, ps.prompts[task].text, gradient, placeholders)
    problem = None
    for _ in range(2):
        try:
            out = optimizer.complete_json(
                messages,
                Proposal,
                counters=counters,
                name="optimize",
                max_tokens=OPTIMIZE_MAX_TOKENS,
            )
        except LLMError as exc:
            return None, f"the optimiser LLM failed: {exc.message}"
        text = out.text.strip()
        problem = placeholder_problem(task, text)
        if problem is None and text != ps.prompts[task].text:
            return out.model_copy(update={"text": text}), None
        problem = problem or "the text is unchanged"
        messages = messages + [
            {"role": "assistant", "content": out.model_dump_json()},
            {
                "role": "user",
                "content": f"Rejected: {problem}. Reply again with the corrected JSON.",
            },
        ]
    return None, f"the proposal was refused: {problem}"


class Optimizer:
    def __init__(
        self,
        *,
        run_episode: RunEpisode,
        policy_llm: LLM,
        optimizer_llm: LLM,
        train: Sequence[tuple[str, str]],
        val: Sequence[tuple[str, str]],
        out_dir: Path,
        buffer: ExperienceBuffer | None = None,
        batch: int = 8,
        epochs: int = 20,
        patience: int = 3,
        weights: RewardWeights | None = None,
        seed: int = 0,
        log: Callable[[str], None] = lambda _msg: None,
    ) -> None:
        self.run_episode = run_episode
        self.policy_llm = policy_llm
        self.optimizer_llm = optimizer_llm
        self.train, self.val = list(train), list(val)
        self.out = Path(out_dir)
        self.buffer = buffer
        self.batch, self.epochs, self.patience = batch, epochs, patience
        self.weights = weights
        self.seed = seed
        self.log = log
        self.counters = Counters()  # the optimiser's own cost: reflections and proposals

    @property
    def state_path(self) -> Path:
        return self.out / "state.json"

    def load_state(self) -> OptimizeState | None:
        if not self.state_path.is_file():
            return None
        return OptimizeState.model_validate_json(self.state_path.read_text(encoding="utf-8"))

    def save(self, state: OptimizeState) -> None:
        _write_atomic(self.state_path, state.model_dump_json(indent=1))
        _write_atomic(self.out / "prompts.toml", state.best.to_toml())
        _write_atomic(self.out / "LINEAGE.md", lineage_report(state))
        _write_atomic(self.out / "scores.svg", scores_svg(state))

    def score(
        self, ps: PromptSet, claims: Sequence[tuple[str, str]], *, learn: bool
    ) -> tuple[float, list[Critique]]:
        """Mean composite reward of ``ps`` on ``claims``; with ``learn``, critiques too."""
        rewards: list[float] = []
        critiques: list[Critique] = []
        with use_prompts(ps):
            for claim, gold in claims:
                ep = self.run_episode(claim, gold)
                reward = _reward(ep, self.weights)
                rewards.append(reward.total)
                critique = None
                if learn:
                    try:
                        critique = reflect(
                            self.policy_llm, claim=claim, gold=gold, verdict=ep.verdict,
                            steps=ep.steps, evidence=ep.evidence, counters=self.counters,
                        )  # fmt: skip
                        critiques.append(critique)
                    except LLMError as exc:
                        self.log(
                            f"reflection failed ({exc.message}); episode kept without critique"
                        )
                if self.buffer is not None:
                    self.buffer.add(
                        claim=claim, gold=gold, verdict=ep.verdict, prompt_set=ps.label,
                        steps=ep.steps, reward=reward, critique=critique,
                    )  # fmt: skip
        return (round(sum(rewards) / len(rewards), 4) if rewards else 0.0), critiques

    def run(self, initial: PromptSet) -> OptimizeState:
        state = self.load_state()
        if state is None:
            base, _ = self.score(initial, self.val, learn=False)
            self.log(f"baseline {initial.label}: validation reward {base:.3f}")
            state = OptimizeState(best=initial, best_score=base)
            self.save(state)
        else:
            self.log(
                f"resuming after epoch {state.epoch} (best {state.best.label}, {state.best_score:.3f})"
            )
        while not state.done and state.epoch < self.epochs:
            epoch = state.epoch + 1
            rng = random.Random(self.seed * 1000 + epoch)
            batch = rng.sample(self.train, min(self.batch, len(self.train)))
            _, critiques = self.score(state.best, batch, learn=True)
            task, gradient = gradient_text(critiques)
            record = EpochRecord(epoch=epoch, task=task, gradient=gradient,
                                 best_score=state.best_score, prompt_set=state.best.label)  # fmt: skip
            if task is None:
                record.rejected_reason = "no failed episode in the batch: nothing to learn from"
            else:
                proposal, why = propose(
                    self.optimizer_llm, state.best, task, gradient, self.counters
                )
                if proposal is None:
                    record.rejected_reason = why
                else:
                    candidate = state.best.model_copy(deep=True)
                    candidate.version = state.best.version + 1
                    candidate.prompts[task].text = proposal.text
                    candidate.prompts[task].version += 1
                    score, _ = self.score(candidate, self.val, learn=False)
                    record.proposed, record.rationale, record.val_score = (
                        proposal.text,
                        proposal.rationale,
                        score,
                    )
                    if score > state.best_score:
                        record.accepted = True
                        state.best, state.best_score = candidate, score
                        record.best_score, record.prompt_set = score, candidate.label
                    else:
                        record.rejected_reason = (
                            f"validation {score:.3f} ≤ best {state.best_score:.3f}"
                        )
            state.since_improvement = 0 if record.accepted else state.since_improvement + 1
            state.history.append(record)
            state.epoch = epoch
            if state.since_improvement >= self.patience:
                state.done = True
                self.log(f"no improvement for {self.patience} epochs: stopping")
            self.save(state)
            self.log(
                f"epoch {epoch}: task {task}, "
                + ("accepted" if record.accepted else f"kept the best ({record.rejected_reason})")
                + f"; best {state.best_score:.3f}"
            )
        return state


def lineage_report(state: OptimizeState) -> str:
    lines = [
        f"# Prompt lineage: {state.best.label}",
        "",
        f"Best validation reward: {state.best_score:.3f} after {state.epoch} epoch(s)"
        + (" (stopped early)" if state.done and state.since_improvement else "")
        + ".",
        "",
        "![validation reward per epoch](scores.svg)",
        "",
        "| epoch | task | validation | kept | why |",
        "|---|---|---|---|---|",
    ]
    for r in state.history:
        val = "" if r.val_score is None else f"{r.val_score:.3f}"
        why = (r.rationale if r.accepted else r.rejected_reason or "").replace("|", "/")
        lines.append(
            f"| {r.epoch} | {r.task or ''} | {val} | {'yes' if r.accepted else 'no'} | {why} |"
        )
    for r in state.history:
        if r.proposed is None:
            continue
        lines += ["", f"## Epoch {r.epoch}: {r.task} ({'kept' if r.accepted else 'not kept'})", "",
                  "Textual gradient:", "", "```", r.gradient, "```", "", "Proposed instruction:",
                  "", "```", r.proposed, "```"]  # fmt: skip
    return "\n".join(lines) + "\n"


def scores_svg(state: OptimizeState, width: int = 480, height: int = 200) -> str:
    """Validation reward per epoch (dots) and the best so far (line), as a small SVG.

    Hand-written SVG: a plotting library would be a heavy dependency for one chart.
    """
    pts = [(0, state.history[0].best_score if state.history else state.best_score)]
    pts += [(r.epoch, r.best_score) for r in state.history]
    n = max(1, max(e for e, _ in pts))
    x = lambda e: 40 + (width - 60) * e / n  # noqa: E731
    y = lambda s: height - 30 - (height - 50) * max(0.0, min(1.0, s))  # noqa: E731
    best = " ".join(f"{x(e):.1f},{y(s):.1f}" for e, s in pts)
    dots = "".join(
        f'<circle cx="{x(r.epoch):.1f}" cy="{y(r.val_score):.1f}" r="3" fill="{"#2a7" if r.accepted else "#c44"}"/>'
        for r in state.history
        if r.val_score is not None
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-size="11">'
        f'<line x1="40" y1="{y(0)}" x2="{width - 20}" y2="{y(0)}" stroke="#999"/>'
        f'<line x1="40" y1="{y(0)}" x2="40" y2="{y(1)}" stroke="#999"/>'
        f'<text x="4" y="{y(1) + 4}">1.0</text><text x="4" y="{y(0) + 4}">0.0</text>'
        f'<text x="{width / 2 - 40}" y="{height - 6}">epoch (0 = baseline)</text>'
        f'<polyline points="{best}" fill="none" stroke="#27c" stroke-width="2"/>{dots}</svg>\n'
    )


def read_claims(path: Path) -> list[tuple[str, str]]:
    """``{"claim": ..., "label": SUPPORTED|REFUTED|NOT ENOUGH INFO}`` per line."""
    from kgfc.errors import InputError

    out = []
    labels = {"SUPPORTED", "REFUTED", "NOT ENOUGH INFO"}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            claim, label = str(row["claim"]).strip(), str(row["label"]).strip().upper()
        except (ValueError, KeyError, TypeError) as exc:
            raise InputError(
                f'{path}:{n}: expected {{"claim": ..., "label": ...}} ({exc}).'
            ) from exc
        if label not in labels or not claim:
            raise InputError(f"{path}:{n}: label must be one of {sorted(labels)}, claim non-empty.")
        out.append((claim, label))
    if not out:
        raise InputError(f"{path} holds no claims.")
    return out
