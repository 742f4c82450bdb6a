"""The public Python API: :func:`verify` and :class:`FactChecker`.

::

    import kgfc
    result = kgfc.verify("Tony Blair was born in London.")
    print(result.verdict, result.justification)

    checker = kgfc.FactChecker.from_settings(offline=True)
    checker.verify(("Q9582", "P19", "Q43199"))          # a structured triple
    for r in checker.verify_many(["...", "..."]): ...   # a batch

Every claim, text or triple, one or many, takes the same way: an episode
(:mod:`kgfc.pipeline.loop`) whose policy picks the steps, the stages in
:mod:`kgfc.pipeline.stages`, and a typed :class:`~kgfc.models.VerifyResult`
whose ``model_dump(mode="json")`` is the ``kgfc verify --json`` contract.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kgfc.errors import InputError, KgfcError
from kgfc.models import (
    ClaimTriple,
    Counters,
    EvidenceFact,
    Passage,
    ResultEvidence,
    Trajectory,
    Verdict,
    VerifyResult,
)
from kgfc.nlp.framing import Framing, framing
from kgfc.nlp.spacy_pipeline import parse
from kgfc.nlp.text import normalise
from kgfc.pipeline import stages
from kgfc.pipeline.batch import BatchHooks, is_error, item_claim_text, on_threads
from kgfc.pipeline.loop import count_queries, run_episode
from kgfc.pipeline.policies import Policy, policy_named
from kgfc.pipeline.record import (
    DEFAULT_CHUNK,
    ChunkedRecorder,
    CollectedRecords,
    PendingRecord,
    Recorder,
    append_trajectory,
    is_recorded,
    record_episode,
)
from kgfc.pipeline.request import Claim, ClaimLine, ClaimRequest
from kgfc.pipeline.state import Budget, Episode
from kgfc.pipeline.toolbox import Toolbox, make_reasoner
from kgfc.reason.local import LocalReasoner
from kgfc.registry import open_configured_store
from kgfc.settings import Settings, load_settings

if TYPE_CHECKING:
    from kgfc.document.load import Document
    from kgfc.document.models import DocumentReport
    from kgfc.kg.store import KnowledgeGraph
    from kgfc.kg.wikidata import WikidataSource
    from kgfc.llm.contract import LLM
    from kgfc.pipeline.web import SearchTool
    from kgfc.reason.base import Reasoner

# Claim is the public API's (kgfc.Claim); it is defined with the requests of every shell
__all__ = ["Claim", "FactChecker", "TripleCheck", "verify", "verify_triple"]

log = logging.getLogger(__name__)

_ID = re.compile(r"\b([EWP])(\d+)\b")
# the request fields that make a claim's budget
_BUDGET_FIELDS = ("max_llm_calls", "max_tokens", "max_searches", "max_seconds")


@dataclass
class TripleCheck:
    """A structured triple's check: its reading, verdict (with reasoning path) and evidence."""

    triple: ClaimTriple
    verdict: Verdict
    evidence: list[EvidenceFact]
    sparql_queries: int = 0
    seconds: float = 0.0
    counters: Counters = field(default_factory=Counters)


@dataclass
class Checked:
    """One checked claim: the result, and the verdict and evidence it was built from."""

    result: VerifyResult
    verdict: Verdict
    evidence: list[EvidenceFact]


@dataclass
class _BatchRun:
    """One :meth:`FactChecker.verify_many` call's options, and checking one of its claims."""

    record: bool | None
    errors: str
    chunk: int
    resume: bool
    ordered: bool
    pick: Callable[[int], FactChecker] | None
    hooks: BatchHooks

    def check(self, checker: FactChecker, item: Any, index: int, claim: Claim) -> VerifyResult:
        try:
            return checker.verify(claim, record=self.record)
        except KgfcError as exc:
            if self.errors == "raise":
                raise
            return self.hooks.failed(item, index, exc)


def _given(result: VerifyResult) -> VerifyResult:
    return result


class FactChecker:
    """Checks claims against a knowledge-graph store; one instance serves many claims.

    ``record`` (default False) writes each claim, its verdict, cited evidence
    and trajectory into the store's claim graphs (``kgfc kg evidence`` reads
    them back); ``trajectory_log`` (default None) appends each trajectory to
    ``DIR/trajectories.jsonl``. With neither, checking a claim writes nothing —
    except web and PubMed searches (``web=True`` / ``pubmed=True``), which add
    what they find to the KG with its provenance: that is the web-enhanced KG.
    """

    def __init__(
        self,
        store: KnowledgeGraph,
        *,
        reasoner: Reasoner | None = None,
        llm: LLM | None = None,
        search: SearchTool | None = None,
        pubmed: SearchTool | None = None,
        settings: Settings | None = None,
        kg_source: WikidataSource | None = None,
        policy: str | Policy | None = None,
        record: bool = False,
        trajectory_log: str | Path | None = None,
        max_steps: int = 5,
        budget: Budget | None = None,
        close_store: bool = False,
    ) -> None:
        self.settings = settings or load_settings()
        if reasoner is None:
            reasoner, llm = make_reasoner(self.settings, store, llm=llm)
        self.tools = Toolbox(
            store=store,
            settings=self.settings,
            reasoner=reasoner,
            llm=llm,
            kg_source=kg_source,
            web=search,
            pubmed=pubmed,
        )
        self.policy = policy if not isinstance(policy, str | None) else policy_named(policy, llm)
        self.record = record
        self.trajectory_log = Path(trajectory_log) if trajectory_log else None
        self.max_steps = max_steps
        self.budget = budget or Budget()
        self._close_store = close_store
        self._recorder: Recorder | None = None
        # what rebuilds this checker in a worker process (set by from_settings)
        self.recipe_args: dict[str, Any] | None = None

    @classmethod
    def from_settings(
        cls,
        settings: Settings | None = None,
        *,
        store: KnowledgeGraph | str | Path | None = None,
        reasoner: str | None = None,
        policy: str | Policy | None = None,
        record: bool = False,
        trajectory_log: str | Path | None = None,
        max_steps: int = 5,
        budget: Budget | None = None,
        read_only: bool = False,
        **overrides: Any,
    ) -> FactChecker:
        """A checker as configured (flags > ``KGFC_*`` environment > config file > defaults).

        ``overrides`` are settings fields (``offline=True``, ``store="memory"``,
        ``web=True``...). The store is the configured one (default
        ``$KGFC_HOME/store``, created with the bundled demo KG on first use, as
        the CLI does) unless ``store`` is given; ``reasoner`` is ``local`` or
        ``llm`` (default: the LLM when one is configured).
        """
        if settings is None:
            settings = load_settings(**overrides)
        elif overrides:
            settings = settings.model_copy(update=overrides)
        if isinstance(store, str | Path):
            settings = settings.model_copy(update={"store": str(store)})
            store = None
        own = store is None
        kg = open_configured_store(settings, read_only=read_only) if store is None else store
        try:
            r, llm = make_reasoner(settings, kg, reasoner)
            web, pubmed = None, None
            if settings.web or settings.pubmed:  # the web stack loads only for --web / --pubmed
                from kgfc.pipeline.web import make_web_tools

                web, pubmed = make_web_tools(settings, kg, llm)
        except BaseException:
            if own:
                kg.close()
            raise
        checker = cls(
            kg,
            reasoner=r,
            llm=llm,
            search=web,
            pubmed=pubmed,
            settings=settings,
            policy=policy,
            record=record,
            trajectory_log=trajectory_log,
            max_steps=max_steps,
            budget=budget,
            close_store=own,
        )
        checker.recipe_args = {"reasoner": reasoner, "policy": policy}
        return checker

    # -- the store ---------------------------------------------------------------
    @property
    def store(self) -> KnowledgeGraph:
        return self.tools.store

    def close(self) -> None:
        """Record what a batch left pending, and close the store if this checker opened it."""
        try:
            if self._recorder is not None:
                self._recorder.flush()
        finally:
            if self._close_store:
                self.tools.store.close()

    # -- batches: recording in chunks ------------------------------------------------
    @contextmanager
    def batch(
        self,
        chunk: int = DEFAULT_CHUNK,
        on_recorded: Callable[[list[str]], None] | None = None,
    ) -> Iterator[Recorder]:
        """Inside the block, recorded claims are written ``chunk`` at a time, one transaction each.

        A crash loses at most the claims of one chunk (``pending_records``);
        leaving the block -- normally, on an exception or Ctrl-C -- writes
        what is pending. A result's ``claim_iri`` names the graph it will
        have once its chunk is written. ``on_recorded(ids)`` is called with
        the claim ids of each chunk once it is written (inside an outer batch:
        the chunks written before this block ends).
        """
        if self._recorder is not None:  # nested: the outer batch's chunks
            with _listening(self._recorder, on_recorded):
                yield self._recorder
            return
        recorder = self._recorder = ChunkedRecorder(self.tools.store, chunk)
        with _listening(recorder, on_recorded):
            try:
                yield recorder
            finally:
                self._recorder = None
                recorder.flush()

    @property
    def recorder(self) -> Recorder | None:
        """The current batch's recorder (None outside a batch)."""
        return self._recorder

    def collect_records(self) -> CollectedRecords:
        """From now on, recorded claims are kept for :meth:`take_records`, never written here.

        A worker process checks claims this way and hands their claim graphs to
        the one process that writes them (:mod:`kgfc.pipeline.parallel`).
        """
        self._recorder = CollectedRecords()
        return self._recorder

    def take_records(self) -> list[PendingRecord]:
        """The claim graphs collected since the last call (see :meth:`collect_records`)."""
        if not isinstance(self._recorder, CollectedRecords):
            raise ValueError("take_records() follows collect_records()")
        return self._recorder.take()

    @property
    def pending_records(self) -> int:
        """Claims checked and waiting for their chunk to be written (0 outside a batch)."""
        return self._recorder.pending if self._recorder is not None else 0

    def is_recorded(self, claim: Any, *, id: str | None = None) -> bool:  # noqa: A002
        """Whether this claim (its id and text, or triple) is already recorded in the store."""
        c = Claim.of(claim)
        cid, text = _claim_key(c, id)
        return is_recorded(self.tools.store, cid, text)

    def __enter__(self) -> FactChecker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- claims --------------------------------------------------------------------
    def verify(
        self,
        claim: str | tuple[str, str, str] | Claim | dict[str, Any] | ClaimLine,
        *,
        id: str | None = None,  # noqa: A002 - the claim's id, as in the JSON
        record: bool | None = None,
        max_steps: int | None = None,
        budget: Budget | None = None,
    ) -> VerifyResult:
        """Check one claim: a sentence, a ``(subject, property, object)`` triple of ids, or a :class:`Claim`.

        ``record``, ``max_steps`` and ``budget`` override the checker's for this
        claim, as do the options set on a :class:`~kgfc.pipeline.request.ClaimRequest`
        (the checker was built for its others: reasoner, beam, hops, web, pubmed).
        Bad input raises :class:`~kgfc.errors.InputError`.
        """
        c = Claim.of(claim)
        if isinstance(c, ClaimRequest):
            self._check_fits(c)
            given = c.model_fields_set
            if record is None and "record" in given:
                record = c.record
            if max_steps is None and "max_steps" in given:
                max_steps = c.max_steps
            if budget is None and given & set(_BUDGET_FIELDS):
                budget = c.budget()
        return self._run(c, id, record, max_steps, budget).result

    def _check_fits(self, request: ClaimRequest) -> None:
        """A request's checker options (reasoner, beam, hops, web, PubMed) must be this checker's."""
        differ = {
            k: v for k, v in request.settings_update().items() if getattr(self.settings, k) != v
        }
        if differ:
            asked = ", ".join(f"{k}={v!r}" for k, v in differ.items())
            raise InputError(
                f"The claim asks for {asked}, which this checker was not built with.",
                hint="Build a checker with them: FactChecker.from_settings(..., "
                + ", ".join(f"{k}={v!r}" for k, v in differ.items())
                + ").",
            )

    def _run(
        self,
        c: Claim,
        claim_id: str | None,
        record: bool | None,
        max_steps: int | None = None,
        budget: Budget | None = None,
    ) -> Checked:
        cid, text = _claim_key(c, claim_id)
        tb = self.tools
        with count_queries(tb) as queries:
            ep, frame = self._episode(c, cid, text)
            ep.max_hops = self.settings.hops
            out = run_episode(
                tb,
                ep,
                self.policy,
                max_steps=max_steps or self.max_steps,
                budget=budget or self.budget,
                queries=queries,
            )
            if frame is not None:
                out.verdict = stages.framed(frame, out.verdict)
                ep.claim = out.trajectory.claim = text
            verdict, evidence, passages, traj = _renumber(
                out.verdict, ep.evidence(), ep.passages, out.trajectory
            )
            claim_iri = None
            if self.record if record is None else record:
                claim_iri = self._record(ep, text, verdict, evidence, out.reasoner, traj, passages)
            ep.counters.sparql_queries = queries.n
        traj.counters = ep.counters.model_copy()
        if self.trajectory_log is not None:
            append_trajectory(self.trajectory_log, traj)
        cited = set(verdict.cited)
        result = VerifyResult(
            id=cid,
            claim=ep.claim,
            verdict=verdict.label,
            confidence=round(verdict.confidence, 4),
            justification=verdict.justification,
            reasoner=out.reasoner,
            evidence=[ResultEvidence.of(e, e.id in cited) for e in evidence],
            topic_entities=ep.linked,
            triples=ep.triples,
            counters=ep.counters,
            claim_iri=claim_iri,
            web_passages=passages,
            trajectory=traj,
        )
        return Checked(result, verdict, evidence)

    def _episode(self, c: Claim, cid: str, text: str) -> tuple[Episode, Framing | None]:
        """The claim's episode, and for a text claim the frame it may wrap its statement in."""
        if c.triple is not None:
            ids = stages.check_triple(*c.triple)
            return Episode(claim_id=cid, claim=text, given_ids=ids, negated=c.negated), None
        # "It is false that S", "It is unclear whether S": S is what the KG checks; the
        # frame turns its verdict into the claim's (stages.framed).
        store = self.tools.store

        # Asked only when a superlative is met (building the label index is a query).
        def known(name: str) -> bool:
            return normalise(name) in store.label_index()

        reading = Counters()
        with reading.timing("read"):
            frame = framing(text, parse(text), known)
        ep = Episode(claim_id=cid, claim=frame.statement if frame else text)
        ep.counters.read_seconds = reading.read_seconds
        return ep, frame

    def _record(
        self,
        ep: Episode,
        text: str,
        verdict: Verdict,
        evidence: list[EvidenceFact],
        reasoner: str,
        traj: Trajectory,
        passages: list[Passage],
    ) -> str | None:
        """Record the checked claim (in a batch: its claim graph, not its chunk's write)."""
        tb = self.tools
        memory = getattr(tb.web or tb.pubmed, "memory", None)
        with ep.counters.timing("record"):
            return record_episode(
                tb.store,
                ep.claim_id,
                ep.claim,
                verdict,
                evidence,
                reasoner,
                traj,
                passages,
                memory,
                self._recorder,
                key=text,
            )

    def verify_many(
        self,
        claims: Iterable[Any],
        *,
        record: bool | None = None,
        errors: str = "raise",
        chunk: int = DEFAULT_CHUNK,
        resume: bool = False,
        workers: int | None = 1,
        threads: int = 1,
        ordered: bool = True,
        pick: Callable[[int], FactChecker] | None = None,
        on_result: Callable[[int, VerifyResult], None] | None = None,
        on_skipped: Callable[[int], None] | None = None,
        on_error: Callable[[int, KgfcError], None] | None = None,
        on_note: Callable[[str], None] | None = None,
        on_recorded: Callable[[list[str]], None] | None = None,
    ) -> Generator[VerifyResult, None, None]:
        """Check claims, yielding each result as it is ready.

        Recorded claims are written ``chunk`` at a time (see :meth:`batch`);
        the last chunk is written when the iteration ends or is closed, and
        ``pending_records`` is 0 whenever every result so far is written.
        ``resume`` skips claims already recorded (a re-run of a batch that
        was interrupted checks only what it had not recorded).
        With ``errors="keep"`` a claim that cannot be checked (bad input -- an
        error :class:`~kgfc.pipeline.request.ClaimLine` too --, a runtime
        failure) yields a result with ``error`` set and the batch goes on;
        with ``"raise"`` (default) the error propagates.

        ``workers`` > 1 checks on that many worker processes (None: one per
        core, fewer for a short batch; see :mod:`kgfc.pipeline.parallel`);
        this process records. ``threads`` > 1 (with one worker) checks that
        many claims at a time on threads of this process, for an LLM server's
        latency. Results come in input order, or as they finish with
        ``ordered=False``. ``pick(index)`` names the checker of an item
        (default: this one), e.g. one of several built over this checker's
        store with different settings; its records are chunked as this one's.

        Hooks for a shell: ``on_result(index, result)`` before each result is
        yielded (``index`` its item's, from 0), ``on_skipped(index)`` for an
        item ``resume`` skips, ``on_error(index, error)`` with the error itself
        (its type kept) before a failed item's result is yielded (with
        ``errors="keep"``; an exception it raises ends the batch),
        ``on_note(text)`` when fewer workers than asked check the batch, and
        why, ``on_recorded(ids)`` after each chunk of records is written,
        with its claims' ids (a result whose claim is among them, or one
        yielded before, is in the store).
        """
        if errors not in ("raise", "keep"):
            raise ValueError("errors must be 'raise' or 'keep'")
        if threads < 1:
            raise ValueError("threads must be at least 1")
        hooks = BatchHooks(on_result, on_skipped, on_recorded, on_error)
        run = _BatchRun(record, errors, chunk, resume, ordered, pick, hooks)
        if workers != 1:
            items = list(claims)
            n = self._workers_for(workers, sum(not is_error(i) for i in items), on_note)
            if n > 1:
                yield from self._verify_on_workers(items, n, run)
                return
            claims = items
        yield from self._verify_here(claims, threads, run)

    def _verify_here(
        self, claims: Iterable[Any], threads: int, run: _BatchRun
    ) -> Iterator[VerifyResult]:
        """:meth:`verify_many` in this process: one claim after another, or on threads."""
        with self.batch(run.chunk, run.hooks.on_recorded), ExitStack() as batches:
            chunked = {id(self)}

            def checker_for(i: int) -> FactChecker:
                c = self if run.pick is None else run.pick(i)
                if id(c) not in chunked:  # its records are chunked too, within this batch
                    chunked.add(id(c))
                    batches.enter_context(c.batch(run.chunk, run.hooks.on_recorded))
                return c

            items = claims
            if isinstance(claims, list | tuple):  # all at hand: parse the next texts in batches
                from kgfc.nlp.spacy_pipeline import prefetching

                items = prefetching(claims, item_claim_text)
            tasks = (
                (i, partial(run.check, checker_for(i), item, i, c) if isinstance(c, Claim) else c)
                for i, item, c in self._todo(items, run)
            )
            if threads == 1:
                for i, task in tasks:
                    yield run.hooks.result(i, task if isinstance(task, VerifyResult) else task())
                return
            done = on_threads(
                ((i, task if callable(task) else partial(_given, task)) for i, task in tasks),
                threads,
                ordered=run.ordered,
            )
            for i, result in done:
                yield run.hooks.result(i, result)

    def _todo(
        self, items: Iterable[Any], run: _BatchRun
    ) -> Iterator[tuple[int, Any, Claim | VerifyResult]]:
        """Each item to check with its claim, or its failed result; ``resume`` skips the recorded."""
        for i, item in enumerate(items):
            try:
                c = Claim.of(item)
                if run.resume and self.is_recorded(c):
                    run.hooks.skipped(i)
                    continue
            except KgfcError as exc:
                if run.errors == "raise":
                    raise
                yield i, item, run.hooks.failed(item, i, exc)
                continue
            yield i, item, c

    def _workers_for(
        self, workers: int | None, claims: int, on_note: Callable[[str], None] | None = None
    ) -> int:
        from kgfc.pipeline.parallel import workers_for

        n, note = workers_for(self, workers, claims)
        if note and workers is not None and workers > 1:
            (on_note or log.warning)(note)
        return n

    def _verify_on_workers(
        self, items: list[Any], workers: int, run: _BatchRun
    ) -> Iterator[VerifyResult]:
        from kgfc.pipeline.parallel import WorkerPool, has_texts, recipe_of, verify_in_workers

        claims: list[Claim] = []
        where: list[int] = []  # each claim's item
        slots: list[tuple[int, VerifyResult | None]] = []  # bad input in its place; None: a claim's
        for i, _, c in self._todo(items, run):
            if isinstance(c, VerifyResult):
                slots.append((i, c))
                continue
            claims.append(c)
            where.append(i)
            slots.append((i, None))
        hooks = run.hooks
        if not run.ordered:
            yield from (hooks.result(i, r) for i, r in slots if r is not None)
            slots = []
        checkers = [self if run.pick is None else run.pick(i) for i in where]
        lead = {id(self): self}  # this checker's recipe first: it writes the records
        distinct = list((lead | {id(c): c for c in checkers}).values())
        recipe = {id(c): n for n, c in enumerate(distinct)}
        recipes = [r for c in distinct if (r := recipe_of(c, run.record)) is not None]
        if len(recipes) < len(distinct):
            raise ValueError("An in-memory store cannot be shared with worker processes.")
        pool = WorkerPool(recipes, workers, nlp=has_texts(claims))
        with pool, self.batch(run.chunk, hooks.on_recorded):
            done = verify_in_workers(
                self,
                claims,
                workers=workers,
                record=run.record,
                errors="raise" if run.errors == "raise" else "return",
                ordered=run.ordered,
                pool=pool,
                recipes=[recipe[id(c)] for c in checkers],
            )
            for k, result in done:
                while slots and (given := slots[0][1]) is not None:
                    yield hooks.result(slots.pop(0)[0], given)
                if slots:
                    slots.pop(0)
                i = where[k]
                if isinstance(result, KgfcError):
                    result = hooks.failed(items[i], i, result)
                yield hooks.result(i, result)
        yield from (hooks.result(i, r) for i, r in slots if r is not None)

    # -- documents -----------------------------------------------------------------
    def check_document(self, document: Document | str, **kwargs: Any) -> DocumentReport:
        """Check a whole document (text, or a :class:`kgfc.document.Document`): a ``DocumentReport``.

        Its check-worthy sentences become claims (pronouns and short names
        resolved, compound sentences split), checked in one batch; see
        :func:`kgfc.document.check_document` for the options.
        """
        from kgfc.document.check import check_document

        return check_document(self, document, **kwargs)


@contextmanager
def _listening(recorder: Recorder, listener: Callable[[list[str]], None] | None) -> Iterator[None]:
    """The listener hears of each chunk the recorder writes inside the block."""
    if listener is None:
        yield
        return
    recorder.listeners.append(listener)
    try:
        yield
    finally:
        recorder.listeners.remove(listener)


def _claim_key(c: Claim, claim_id: str | None) -> tuple[str, str]:
    """The claim's id and the text it is recorded under (a triple's ids joined by spaces)."""
    cid = claim_id or c.id or c.default_id()
    if c.triple is not None:
        return cid, " ".join(stages.check_triple(*c.triple))
    return cid, stages.check_claim_text(c.text)


def _renumber(
    verdict: Verdict, evidence: list[EvidenceFact], passages: list[Passage], traj: Trajectory
) -> tuple[Verdict, list[EvidenceFact], list[Passage], Trajectory]:
    """Cited evidence first and numbered without gaps (E1, E2 ... W1 ...); ids in the text follow.

    Only ids present in the evidence may be cited: others are dropped.
    """
    valid = {e.id for e in evidence}
    cited = [c for c in dict.fromkeys(verdict.cited) if c in valid]
    rank = {c: i for i, c in enumerate(cited)}
    ordered = sorted(
        range(len(evidence)),
        key=lambda i: (
            evidence[i].id[:1],
            evidence[i].id not in rank,
            rank.get(evidence[i].id, 0),
            i,
        ),
    )
    mapping: dict[str, str] = {}
    counts: dict[str, int] = {}
    for i in ordered:
        prefix = evidence[i].id[:1]
        counts[prefix] = counts.get(prefix, 0) + 1
        mapping[evidence[i].id] = f"{prefix}{counts[prefix]}"
    out = [evidence[i].model_copy(update={"id": mapping[evidence[i].id]}) for i in ordered]

    def sub(text: str) -> str:
        return _ID.sub(lambda m: mapping.get(m.group(0), m.group(0)), text)

    verdict = verdict.model_copy(
        update={
            "cited": [mapping[c] for c in cited],
            "justification": sub(verdict.justification),
            "path": [sub(x) for x in verdict.path],
        }
    )
    passages = [
        p.model_copy(update={"evidence_id": mapping.get(p.evidence_id, p.evidence_id)})
        if p.evidence_id
        else p
        for p in passages
    ]
    for s in traj.steps:
        s.evidence_added = [mapping.get(x, x) for x in s.evidence_added]
    return verdict, out, passages, traj


def verify(claim: Any, **kwargs: Any) -> VerifyResult:
    """Check one claim with the configured store and reasoner; see :class:`FactChecker`.

    ``kwargs`` go to :meth:`FactChecker.from_settings` (``offline=True``,
    ``store="PATH"``, ``reasoner="local"``, ``record=True``...). Nothing is
    written into the store unless ``record=True``; the default store is
    created with the bundled demo KG on first use.
    """
    with FactChecker.from_settings(**kwargs) as checker:
        return checker.verify(claim)


def verify_triple(
    store: KnowledgeGraph,
    s: str,
    p: str,
    o: str,
    reasoner: Reasoner | None = None,
    *,
    negated: bool = False,
) -> TripleCheck:
    """Check one structured triple (``Q76 P19 Q18094``) on ``store`` (the local reasoner by default).

    The same episode as every other claim, nothing recorded; returns the
    verdict with its full reasoning path and the evidence it saw.
    """
    checker = FactChecker(store, reasoner=reasoner or LocalReasoner(store), policy="rules")
    start = time.perf_counter()
    done = checker._run(Claim(triple=(s, p, o), negated=negated), None, False)
    r = done.result
    return TripleCheck(
        triple=r.triples[0],
        verdict=done.verdict,
        evidence=done.evidence,
        sparql_queries=r.counters.sparql_queries,
        seconds=time.perf_counter() - start,
        counters=r.counters,
    )
