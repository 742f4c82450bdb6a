"""``verify_many`` for a shell that needs more than results: errors by type, a checker per item, threads."""

from __future__ import annotations

import ast
import inspect

import pyoxigraph as ox
import pytest

from kgfc.errors import InputError, KgfcError
from kgfc.eval import checker as eval_checker
from kgfc.eval import runner as eval_runner
from kgfc.eval import session as eval_session
from kgfc.kg import vocab as V
from kgfc.kg.demo import ensure_demo
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.pipeline.api import FactChecker
from kgfc.pipeline.batch import on_threads
from kgfc.pipeline.parallel import workers_for
from kgfc.settings import load_settings


@pytest.fixture(scope="module")
def demo():
    store = OxigraphStore()
    ensure_demo(store)
    return store


def _triples(store, n: int) -> list[tuple[str, str, str]]:
    """``n`` distinct wdt: facts between entities of the store, as ids."""
    out: dict = {}
    for q in store.quads(None, None, None, None):
        p = q.predicate.value
        if p.startswith(V.WDT) and q.object.value.startswith(V.WD) and p != V.WDT + "P31":
            out.setdefault((V.local_id(q.subject.value), V.local_id(p), V.local_id(q.object.value)))
            if len(out) == n:
                break
    return list(out)


def _recorded_ids(store) -> set[str]:
    return {q.object.value for q in store.quads(None, ox.NamedNode(V.KGFC + "claimId"), None, None)}


def _checker(store, **kw) -> FactChecker:
    return FactChecker(store, settings=load_settings(offline=True, **kw.pop("settings", {})), **kw)


def test_on_error_hears_each_failed_item_with_its_error_itself(demo):
    checker = _checker(demo)
    [t] = _triples(demo, 1)
    items = [{"id": "ok", "triple": list(t)}, {"id": "empty", "claim": ""}, 42]
    heard: list[tuple[int, KgfcError]] = []
    got = list(
        checker.verify_many(items, errors="keep", on_error=lambda i, e: heard.append((i, e)))
    )
    assert [r.id for r in got] == ["ok", "empty", "item-3"]
    assert got[0].error is None and got[1].error and got[2].error
    assert [i for i, _ in heard] == [1, 2]
    assert all(isinstance(e, InputError) for _, e in heard)
    assert [str(e) for _, e in heard] == [got[1].error, got[2].error]  # the message is the error's

    def stop(i: int, error: KgfcError) -> None:
        raise RuntimeError(f"item {i}: {error}")

    seen = []
    with pytest.raises(RuntimeError, match="item 1: Not a claim"):
        for r in checker.verify_many(items, errors="keep", on_error=stop):
            seen.append(r.id)
    assert seen == ["ok"]  # the hook's exception ends the batch there


def test_pick_checks_each_item_with_its_checker_and_records_through_the_batch(demo):
    lead = _checker(demo, record=True, policy="rules")
    shallow = _checker(demo, record=True, policy="fixed", settings={"hops": 1})
    triples = _triples(demo, 6)
    items = [{"id": f"pick-{i}", "triple": list(t)} for i, t in enumerate(triples)]
    own = {i: (shallow if i % 2 else lead) for i in range(len(items))}
    used: list[int] = []

    def pick(i: int) -> FactChecker:
        used.append(i)
        return own[i]

    before = _recorded_ids(demo)
    batch = lead.verify_many(items, chunk=10, pick=pick)
    got = list(batch)
    assert used == list(range(len(items)))
    # each result is its own checker's (their policies differ); every claim is written at the end
    policies = [r.trajectory.policy for r in got]
    assert policies[0] != policies[1] and len(set(policies[::2])) == len(set(policies[1::2])) == 1
    for i, r in enumerate(got):
        alone = own[i].verify(items[i], record=False)
        assert (r.trajectory.policy, r.verdict, r.confidence) == (
            alone.trajectory.policy,
            alone.verdict,
            alone.confidence,
        )
    assert _recorded_ids(demo) - before == {f"pick-{i}" for i in range(len(items))}
    assert lead.pending_records == shallow.pending_records == 0


def test_threads_give_the_results_and_records_of_one_thread(demo):
    triples = _triples(demo, 8)
    items = [{"id": f"thr-{i}", "triple": list(t)} for i, t in enumerate(triples)]
    items.insert(3, {"id": "thr-bad", "claim": ""})
    one = [
        (r.id, r.verdict, r.confidence, r.error)
        for r in _checker(demo).verify_many(items, errors="keep")
    ]
    before = _recorded_ids(demo)
    checker = _checker(demo, record=True)
    order: list[int] = []
    got = list(
        checker.verify_many(
            items, errors="keep", threads=3, chunk=3, on_result=lambda i, _: order.append(i)
        )
    )
    assert [(r.id, r.verdict, r.confidence, r.error) for r in got] == one  # in input order
    assert order == list(range(len(items)))
    assert _recorded_ids(demo) - before == {f"thr-{i}" for i in range(len(triples))}
    unordered = list(_checker(demo).verify_many(items, errors="keep", threads=3, ordered=False))
    assert sorted((r.id, r.verdict, r.confidence, r.error) for r in unordered) == sorted(one)
    with pytest.raises(ValueError, match="threads"):
        list(checker.verify_many(items, threads=0))


def test_on_threads_takes_tasks_only_as_threads_free_up():
    taken: list[int] = []

    def tasks():
        for i in range(100):
            taken.append(i)
            yield i, (lambda i=i: i * i)

    done = on_threads(tasks(), 4, ordered=True)
    assert [next(done) for _ in range(3)] == [(0, 0), (1, 1), (2, 4)]
    done.close()
    assert len(taken) <= 3 + 4  # never more than the threads ahead of what was yielded
    assert sorted(v for _, v in on_threads(tasks(), 3, ordered=False)) == [
        i * i for i in range(100)
    ]

    def boom() -> int:
        raise ValueError("task 1 failed")

    with pytest.raises(ValueError, match="task 1 failed"):
        list(on_threads([(0, lambda: 0), (1, boom)], 2))


def test_eval_checks_no_claim_of_its_own():
    """`kgfc eval` checks its examples as one verify_many batch: no loop of its own may grow back."""
    called: dict[str, list[str]] = {}
    for module in (eval_checker, eval_runner, eval_session):
        tree = ast.parse(inspect.getsource(module))
        called[module.__name__] = [
            node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
        ]
    everywhere = [name for names in called.values() for name in names]
    own = {"verify", "batch", "verify_in_workers", "WorkerPool", "ThreadPoolExecutor"}
    assert not own & set(everywhere), f"eval checks claims itself: {own & set(everywhere)}"
    assert called["kgfc.eval.checker"].count("verify_many") == 1


def test_pick_on_worker_processes_checks_each_claim_with_its_checker(tmp_path, demo_kg_copy):
    path = demo_kg_copy(tmp_path / "store")
    common = {"store": str(path), "reasoner": "local", "offline": True}
    with (
        FactChecker.from_settings(policy="rules", **common) as lead,
        FactChecker.from_settings(policy="fixed", read_only=True, **common) as fixed,
    ):
        assert workers_for(lead, 2, 4)[0] == 2  # the batch goes to two worker processes
        triples = _triples(lead.store, 4)
        items = [{"id": f"w-{i}", "triple": list(t)} for i, t in enumerate(triples)]
        items.append({"id": "w-bad", "claim": ""})
        heard: list[int] = []
        got = list(
            lead.verify_many(
                items,
                workers=2,
                errors="keep",
                pick=lambda i: fixed if i % 2 else lead,
                on_error=lambda i, e: heard.append(i),
            )
        )
        here = [
            (fixed if i % 2 else lead).verify(item, record=False)
            for i, item in enumerate(items[:-1])
        ]
    assert [r.id for r in got] == [item["id"] for item in items]
    assert [r.trajectory.policy for r in got[:-1]] == [r.trajectory.policy for r in here]
    assert len({r.trajectory.policy for r in here}) == 2
    assert [(r.verdict, r.confidence) for r in got[:-1]] == [
        (r.verdict, r.confidence) for r in here
    ]
    assert heard == [4] and got[-1].error
