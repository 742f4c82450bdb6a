"""Recording verdicts is lean and never throws away whole-store aggregates (issue 16).

Bookkeeping (claims, verdicts, trajectories, memory links) lives in claim
graphs; knowledge caches key on the store's knowledge generation/version,
which only knowledge writes move. The store counts aggregate builds.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pyoxigraph as ox
import pytest

from kgfc.kg import vocab as V
from kgfc.kg.aggregates import StderrProgress, set_reporter
from kgfc.kg.demo import ensure_demo
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.kg.verdicts import record_verdict, stored_claims
from kgfc.pipeline.api import FactChecker, verify_triple
from kgfc.reason.kgstats import stats_for
from kgfc.reason.rules import rules_for
from kgfc.settings import load_settings

WD, WDT = V.WD, V.WDT
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def demo():
    store = OxigraphStore()
    ensure_demo(store)
    return store


def test_a_recorded_one_triple_claim_is_at_most_30_quads(demo):
    check = verify_triple(demo, WD + "Q76", WDT + "P19", WD + "Q18094")
    assert len(check.evidence) > 3  # it weighed more than it cites
    before = len(demo)
    iri = record_verdict(
        demo, "lean-1", "Obama was born in Honolulu.", check.verdict, check.evidence, "local"
    )
    added = len(demo) - before
    assert 0 < added <= 30, added
    # `kg evidence` still has what it shows: the cited fact with its source
    rows = demo.run("claim_evidence", bindings={"claimId": ox.Literal("lean-1")})
    assert {r["claim"] for r in rows} == {iri}
    cited = [r for r in rows if r["cited"] == "true"]
    assert cited and all(r["source"] and r["evidenceId"].startswith("E") for r in cited)


def test_a_recorded_triple_with_its_episode_stays_lean(demo):
    checker = FactChecker(demo, settings=load_settings(offline=True), record=True)
    r = checker.verify(("Q76", "P19", "Q18094"), id="lean-episode")
    assert [s.action.value for s in r.trajectory.steps] == ["init_kg_retrieval", "verdict"]
    graph = ox.NamedNode(r.claim_iri + "/graph")
    episode = [
        q
        for q in demo.quads(None, None, None, graph)
        if q.subject.value.startswith(r.claim_iri + "/episode")
    ]
    # the trajectory as one literal, and each WKGFC flag the episode raised
    flags = sum(map(bool, (r.trajectory.insufficient_kg, r.trajectory.step_limit_reached)))
    flags += bool(r.trajectory.over_confidence)
    assert len(episode) == 1 + flags, episode
    assert not any(q.predicate.value == V.RDF_TYPE for q in episode)
    [stored] = stored_claims(demo, "lean-episode")
    steps = stored["trajectory"]["steps"]
    assert [s["arguments"] for s in steps] == ["{}", "{}"]  # not stored, read back as before


def _quads_of(store, iri: str) -> list:
    return list(store.quads(None, None, None, ox.NamedNode(iri + "/graph")))


@pytest.mark.parametrize(
    "claim",
    [
        "Tony Blair was born in London.",
        "Angela Merkel is a citizen of France.",
        ("Q9545", "P19", "Q84"),
    ],
)
def test_a_recorded_claim_with_its_trajectory_is_at_most_30_quads(demo, claim):
    r = FactChecker(demo, settings=load_settings(offline=True), record=True).verify(
        claim, id="lean-traj"
    )
    assert len(r.trajectory.steps) >= 2
    assert len(_quads_of(demo, r.claim_iri)) <= 30
    # the trajectory reads back whole: every step, its action, observation and error, in order
    [stored] = [c for c in stored_claims(demo, "lean-traj") if c["claim_iri"] == r.claim_iri]
    t = stored["trajectory"]
    assert (t["policy"], t["stop_reason"]) == (r.trajectory.policy, r.trajectory.stop_reason)
    assert [(s["index"], s["observation"], s["error"]) for s in t["steps"]] == [
        (s.index - 1, s.observation, s.error) for s in r.trajectory.steps
    ]
    assert (
        t["steps"][0]["action"] == "InitKGRetrieval" and t["steps"][-1]["action"] == "GiveVerdict"
    )


def _legacy_trajectory_quads(claim_iri: str, trajectory) -> list:
    """How earlier versions recorded an episode: a node per step, a quad per field."""
    g, N, L = ox.NamedNode(claim_iri + "/graph"), ox.NamedNode, ox.Literal
    ep, K = N(claim_iri + "/episode"), V.KGFC
    ind = {
        "init_kg_retrieval": "InitKGRetrieval",
        "expand_kg": "ExpandKG",
        "verdict": "GiveVerdict",
    }
    quads = [
        ox.Quad(N(claim_iri), N(K + "episode"), ep, g),
        ox.Quad(ep, N(K + "policy"), L(trajectory.policy), g),
        ox.Quad(ep, N(K + "stopReason"), L(trajectory.stop_reason), g),
    ]
    for step in trajectory.steps:
        node = N(f"{claim_iri}/episode/step/{step.index}")
        index = L(str(step.index - 1), datatype=N(V.XSD + "nonNegativeInteger"))
        quads += [
            ox.Quad(ep, N(K + "hasStep"), node, g),
            ox.Quad(node, N(K + "stepIndex"), index, g),
            ox.Quad(node, N(K + "action"), N(K + ind[step.action.value]), g),
            ox.Quad(node, N(K + "observation"), L(step.observation), g),
        ]
    return quads


def test_claims_recorded_with_a_node_per_step_still_read_back(demo):
    from kgfc.kg.verdicts import trajectory_quads

    r = FactChecker(demo, settings=load_settings(offline=True), record=True).verify(
        "Tony Blair was born in London.", id="legacy-traj"
    )
    [compact] = stored_claims(demo, "legacy-traj")
    quads = _quads_of(demo, r.claim_iri)
    new = set(trajectory_quads(r.claim_iri, r.trajectory))
    old = [q for q in quads if q not in new] + _legacy_trajectory_quads(r.claim_iri, r.trajectory)
    demo.write_quads(r.claim_iri + "/graph", old, replace=True)
    assert not any(q.predicate.value == V.KGFC + "trajectory" for q in _quads_of(demo, r.claim_iri))
    [legacy] = stored_claims(demo, "legacy-traj")
    assert legacy["trajectory"] == compact["trajectory"]
    assert len(legacy["trajectory"]["steps"]) == len(r.trajectory.steps) >= 2


def test_recording_and_re_recording_rebuild_no_aggregate(demo):
    verifier = FactChecker(demo, settings=load_settings(offline=True), record=True)
    claims = [
        "Tony Blair was born in London.",
        "Gerald Ford was born in Omaha.",
        "Paris is in Germany.",
    ]
    for i, text in enumerate(claims):  # first use builds what these claims need, once
        verifier.verify(text, id=f"warm{i}")
    verify_triple(demo, WD + "Q76", WDT + "P19", WD + "Q18094")  # and what a triple check needs
    stats_for(demo)
    rules = rules_for(demo)
    builds = dict(demo.aggregate_builds)
    gen, key = demo.generation, demo.knowledge_key()
    index = demo.label_index()
    for round_ in range(2):  # the second round re-records the same ids
        for i, text in enumerate(claims):
            r = verifier.verify(text, id=f"b{i}")
            assert r.claim_iri
        demo_check = verify_triple(demo, WD + "Q76", WDT + "P19", WD + "Q18094")
        record_verdict(demo, f"t{round_}", "x", demo_check.verdict, demo_check.evidence, "local")
    assert dict(demo.aggregate_builds) == builds
    assert (demo.generation, demo.knowledge_key()) == (gen, key)
    assert demo.label_index() is index and rules_for(demo) is rules
    # bookkeeping is not knowledge: labels and facts do not count claims
    s = demo.stats()
    assert s.claims >= 5
    assert s.labels == int(demo.run("stats_labels")[0]["labels"])
    assert not any(h.entity.startswith(V.KGFC_CLAIM) for h in demo.search_labels("Omaha", limit=50))


def test_knowledge_version_survives_reopen_and_moves_only_with_knowledge(tmp_path, obama_ttl):
    path = tmp_path / "store"
    with OxigraphStore(path) as s:
        s.load_file(obama_ttl)
        key = s.knowledge_key()
        check = verify_triple(s, WD + "Q76", WDT + "P19", WD + "Q18094")
        record_verdict(s, "c1", "x", check.verdict, check.evidence, "local")
        assert s.knowledge_key() == key
    with OxigraphStore(path, read_only=True) as r:
        assert r.knowledge_key() == key  # another process keys its caches the same way
    with OxigraphStore(path) as s:
        assert s.knowledge_key() == key
        [claim] = [x.iri for x in s.sources() if x.kind.value == "claim"]
        s.retract(claim)
        assert s.knowledge_key() == key  # bookkeeping
        s.retract(next(x.iri for x in s.sources() if x.kind.value == "file"))
        assert s.knowledge_key() != key


def test_an_interrupted_knowledge_write_invalidates_caches(tmp_path, obama_ttl):
    path = tmp_path / "store"
    with OxigraphStore(path) as s:
        s.load_file(obama_ttl)
        key = s.knowledge_key()
        s._begin_knowledge_change()  # test-only: as if the process died mid-write
        assert s.knowledge_key() != s.knowledge_key()  # nothing is cached under a write
    with OxigraphStore(path) as s:
        assert s.knowledge_key() not in (key, "")
        assert s.knowledge_key() == s.knowledge_key()


def test_disk_caches_are_read_not_rebuilt_by_a_new_process(tmp_path, obama_ttl):
    path = tmp_path / "store"
    with OxigraphStore(path) as s:
        s.load_file(obama_ttl)
        s.stats()
        assert s.aggregate_builds["stats_facts"] == 1
    with OxigraphStore(path) as s:
        check = verify_triple(s, WD + "Q76", WDT + "P19", WD + "Q18094")
        record_verdict(s, "c1", "x", check.verdict, check.evidence, "local")
        s.stats()
        assert s.aggregate_builds["stats_facts"] == 0  # cold start reads the cache


# -- batches record in bounded chunks (issue 16, point 3) ---------------------------------


def _triples(store, n: int) -> list[tuple[str, str, str]]:
    """``n`` distinct wdt: facts between entities of the store, as ids."""
    out: dict = {}
    for q in store.quads(None, None, None, None):
        p = q.predicate.value
        if p.startswith(V.WDT) and q.object.value.startswith(V.WD) and p != WDT + "P31":
            t = (V.local_id(q.subject.value), V.local_id(p), V.local_id(q.object.value))
            out.setdefault(t, None)
            if len(out) == n:
                break
    return list(out)


def _recorded_ids(store) -> list[str]:
    return [q.object.value for q in store.quads(None, ox.NamedNode(V.KGFC + "claimId"), None, None)]


def test_a_batch_records_in_chunks_of_n_claims_one_transaction_each(demo):
    checker = FactChecker(demo, settings=load_settings(offline=True), record=True)
    triples = _triples(demo, 7)
    before = len(_recorded_ids(demo))
    with checker.batch(3) as recorder:
        for i, t in enumerate(triples[:5]):
            r = checker.verify(t, id=f"chunk-{i}")
            assert r.claim_iri
            # nothing is written until a chunk is full: 3 claims, then none pending
            assert checker.pending_records == (i + 1) % 3
            assert len(_recorded_ids(demo)) - before == (i + 1) // 3 * 3
    assert len(_recorded_ids(demo)) - before == 5  # leaving the block wrote the last 2
    assert recorder.transactions == 2 and recorder.written == 5
    # verify_many chunks the same way, and resume skips what is recorded
    results = list(
        checker.verify_many(
            [{"id": f"chunk-{i}", "triple": list(t)} for i, t in enumerate(triples)],
            chunk=4,
            resume=True,
        )
    )
    assert [r.id for r in results] == ["chunk-5", "chunk-6"]
    assert checker.is_recorded(triples[6], id="chunk-6")
    assert not checker.is_recorded(triples[6], id="chunk-7")


def test_on_recorded_hears_each_written_chunk_with_its_claim_ids(demo):
    checker = FactChecker(demo, settings=load_settings(offline=True), record=True)
    triples = _triples(demo, 5)
    heard: list[list[str]] = []
    seen: list[str] = []  # results yielded so far, when each chunk is heard of

    def on_recorded(ids: list[str]) -> None:
        heard.append(list(ids))
        # the chunk is in the store when the hook runs
        assert set(ids) <= set(_recorded_ids(demo))
        seen.append(",".join(r.id for r in got))

    got: list = []
    claims = [{"id": f"heard-{i}", "triple": list(t)} for i, t in enumerate(triples)]
    for r in checker.verify_many(claims, chunk=2, on_recorded=on_recorded):
        got.append(r)
    assert heard == [["heard-0", "heard-1"], ["heard-2", "heard-3"], ["heard-4"]]
    # a chunk is written as its last claim is checked, before that result is yielded
    assert seen == ["heard-0", "heard-0,heard-1,heard-2", "heard-0,heard-1,heard-2,heard-3,heard-4"]
    # nothing recorded, nothing heard
    heard.clear()
    list(checker.verify_many(claims, record=False, on_recorded=on_recorded))
    assert heard == []


def test_a_chunk_from_a_read_only_process_is_one_journal_entry(tmp_path, obama_ttl):
    path = tmp_path / "store"
    with OxigraphStore(path) as s:
        s.load_file(obama_ttl)
        with OxigraphStore(path, read_only=True) as r:
            checker = FactChecker(r, settings=load_settings(offline=True), record=True)
            claims = ["Obama was born in Honolulu.", "Obama was born in Kenya.", "Obama won."]
            assert len(list(checker.verify_many(claims, chunk=10))) == 3
            assert r.pending_records() == 1  # the chunk is one fsynced entry
    with OxigraphStore(path) as s:  # the next writer applies it
        assert s.stats().claims == 3 and s.pending_records() == 0


def _default_sigint() -> None:
    # A test run started in the background (nohup, `&` in a script) hands its children an
    # ignored SIGINT, which kgfc rightly leaves ignored: give the child the default back.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _kgfc(*args: str, **kw) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "kgfc", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        preexec_fn=_default_sigint,
        **kw,
    )


def _kill_after(proc: subprocess.Popen, lines: int, sig: int) -> list[str]:
    """Read ``lines`` result lines, send ``sig`` while the batch runs; every line it printed."""
    out = []
    assert proc.stdout is not None
    for line in proc.stdout:
        out.append(line)
        if len(out) == lines:
            assert proc.poll() is None, "the batch ended before it could be interrupted"
            proc.send_signal(sig)
            break
    # the rest through the same buffered reader (communicate() would skip what it read ahead)
    rest = proc.stdout.read()
    proc.wait(timeout=120)
    return [x.decode() for x in out + rest.splitlines(keepends=True)]


def _ids(lines: list[str]) -> list[str]:
    return [json.loads(x)["id"] for x in lines]


def _trajectories(home: Path) -> int:
    path = home / "trajectories" / "trajectories.jsonl"
    return len(path.read_text().splitlines()) if path.exists() else 0


@pytest.mark.slow
def test_interrupted_batches_lose_at_most_one_chunk_and_resume_checks_exactly_the_rest(
    tmp_path, monkeypatch
):
    """SIGTERM stops after the claim in hand with everything recorded; SIGKILL loses at most the
    pending chunk; ``--resume`` then checks exactly what is not recorded; nothing the interrupted
    runs left behind makes a later process rebuild a whole-store aggregate."""
    home = tmp_path / "home"
    monkeypatch.setenv("KGFC_HOME", str(home))
    path = tmp_path / "store"
    chunk = 5
    with OxigraphStore(path) as s:
        ensure_demo(s)
        triples = _triples(s, 400)
        checker = FactChecker(s, settings=load_settings(offline=True), record=True)
        for t in triples[:3]:  # first use computes the aggregates and caches them on disk
            checker.verify(t, id="warm")
        key = s.knowledge_key()
    batch = tmp_path / "batch.jsonl"
    batch.write_text(
        "".join(
            json.dumps({"id": f"b{i}", "triple": list(t)}) + "\n" for i, t in enumerate(triples)
        )
    )
    base = ["verify", "--store", str(path), "--file", str(batch), "--nl", "--reasoner", "local"]
    base += ["--record-chunk", str(chunk)]

    # 1. SIGTERM: the claim in hand finishes, the pending chunk is written, exit 143
    proc = _kgfc(*base)
    printed = _kill_after(proc, 2 * chunk, signal.SIGTERM)
    assert proc.returncode == 128 + signal.SIGTERM
    with OxigraphStore(path, read_only=True) as s:
        recorded = [x for x in _recorded_ids(s) if x != "warm"]
    assert sorted(recorded) == sorted(_ids(printed))  # printed == recorded, nothing lost
    assert _ids(printed) == [f"b{i}" for i in range(len(printed))]
    assert _trajectories(home) == len(printed)  # and nothing checked went unrecorded

    # 1b. Ctrl-C during a resumed run: the same clean stop (exit 130), no line cut or doubled
    proc = _kgfc(*base, "--resume")
    printed_int = _kill_after(proc, chunk + 2, signal.SIGINT)
    assert proc.returncode == 128 + signal.SIGINT
    first = len(printed)
    assert _ids(printed_int) == [f"b{i}" for i in range(first, first + len(printed_int))]
    with OxigraphStore(path, read_only=True) as s:
        recorded = [x for x in _recorded_ids(s) if x != "warm"]
    assert sorted(recorded) == sorted(_ids(printed + printed_int))
    assert _trajectories(home) == len(recorded)

    # 2. SIGKILL during a resumed run: at most one chunk is lost
    done = len(recorded)
    proc = _kgfc(*base, "--resume")
    printed2 = _kill_after(proc, 2 * chunk, signal.SIGKILL)
    assert proc.returncode == -signal.SIGKILL
    assert _ids(printed2)[:1] == [f"b{done}"]  # the resumed run started where the first stopped
    with OxigraphStore(path, read_only=True) as s:
        recorded = [x for x in _recorded_ids(s) if x != "warm"]
        assert s.knowledge_key() == key  # recording never marks knowledge as changing
    assert set(_ids(printed2)) <= set(recorded)  # what was printed was recorded
    assert (len(recorded) - done) % chunk == 0  # whole chunks only
    checked = _trajectories(home)
    assert 0 <= checked - len(recorded) <= chunk  # the lost claims: at most one chunk

    # 3. resume again: exactly the claims not recorded are checked, each once
    proc = _kgfc(*base, "--resume")
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err.decode()
    rest = _ids(out.decode().splitlines())
    assert rest == [f"b{i}" for i in range(len(recorded), len(triples))]
    assert f"{len(recorded)} claim(s) already recorded were skipped" in err.decode()

    # 4. the interrupted runs left no state that makes a new process rebuild aggregates
    with OxigraphStore(path) as s:
        ids = _recorded_ids(s)
        assert sorted(x for x in ids if x != "warm") == sorted(f"b{i}" for i in range(len(triples)))
        assert s.knowledge_key() == key
        checker = FactChecker(s, settings=load_settings(offline=True), record=True)
        list(checker.verify_many(triples[:20], chunk=chunk))
        assert not +s.aggregate_builds, dict(s.aggregate_builds)


# -- cold start: what a new process computes, and says it computes -------------------------


class _Tty(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_first_computation_of_an_aggregate_shows_a_progress_line_on_a_terminal(tmp_path, obama_ttl):
    def stats(path, tty: bool) -> str:
        stream = _Tty(tty)
        previous = set_reporter(StderrProgress(stream))
        try:
            with OxigraphStore(path) as s:
                s.load_file(obama_ttl)
                s.stats()
        finally:
            set_reporter(previous)
        return stream.getvalue()

    text = stats(tmp_path / "a", True)
    assert "First use of this store: computing fact counts" in text
    assert text.endswith("\r\x1b[K")  # the line is erased once done
    assert stats(tmp_path / "a", True) == ""  # a second process reads the cache: nothing to say
    assert stats(tmp_path / "b", False) == ""  # not a terminal: nothing on stderr


def test_a_one_shot_triple_check_imports_only_what_it_uses(tmp_path, obama_ttl):
    """Cold start: no other subcommand, no web stack, no numpy for a claim the KG states."""
    path = tmp_path / "store"
    with OxigraphStore(path) as s:
        s.load_file(obama_ttl)
    probe = (
        "import sys\n"
        "from kgfc.cli import cli\n"
        "try:\n"
        f"    cli(['verify', '--store', {str(path)!r}, '--triple', 'Q76', 'P19', 'Q18094',"
        " '--json', '--no-record'], standalone_mode=False)\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('LOADED', sorted(m for m in sys.modules if m.startswith(('kgfc.cli.', 'kgfc.web',"
        " 'kgfc.pipeline.web', 'numpy'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    [line] = [x for x in out.stdout.splitlines() if x.startswith("LOADED")]
    # kgfc.cli.remote: whether a server holds the store (it would check the claim instead)
    loaded = "['kgfc.cli.common', 'kgfc.cli.options', 'kgfc.cli.remote', 'kgfc.cli.verify']"
    assert line == f"LOADED {loaded}", out.stderr[-2000:]


def test_resume_is_for_a_recorded_batch(tmp_path):
    from click.testing import CliRunner

    from kgfc.cli import cli

    batch = tmp_path / "b.jsonl"
    batch.write_text('{"id": "a", "triple": ["Q76", "P19", "Q18094"]}\n')
    for args in (
        ["Obama was born in Honolulu.", "--resume"],
        ["--file", str(batch), "--resume", "--no-record"],
    ):
        res = CliRunner().invoke(cli, ["verify", *args, "--store", str(tmp_path / "s")])
        assert res.exit_code == 2 and "--resume is for a recorded batch" in res.output


def test_neighbourhood_reads_a_node_once_per_knowledge_generation(tmp_path, obama_ttl):
    from kgfc.models import Fact, Source, SourceKind

    with OxigraphStore(tmp_path / "store") as s:
        s.load_file(obama_ttl)
        first = s.neighbourhood([WD + "Q76"])
        assert any(f.object == WD + "Q18094" for f in first)
        check = verify_triple(s, WD + "Q76", WDT + "P19", WD + "Q18094")
        record_verdict(s, "n1", "x", check.verdict, check.evidence, "local")  # bookkeeping
        again = s.neighbourhood([WD + "Q76"])
        assert again == first and again[0] is first[0]  # served from the node cache
        s.add_source(
            Source(
                iri=V.KGFC_SOURCE + "web/n", kind=SourceKind.WEB, location="https://example.org/n"
            ),
            [Fact(subject=WD + "Q76", predicate=WDT + "P69", object=WD + "Q13371")],
        )
        after = s.neighbourhood([WD + "Q76"])  # knowledge changed: read again
        assert any(f.object == WD + "Q13371" for f in after)
        assert s.neighbourhood([WD + "Q13371"], incoming=[WD + "Q13371"])[0].subject == WD + "Q76"


def test_a_worker_collecting_records_takes_a_batch_that_listens_for_chunks(demo):
    # a worker keeps its claim graphs for the writing process: a batch inside it (verify_many
    # with on_recorded) hears of nothing written here, and the graphs are all handed over
    checker = FactChecker(demo, settings=load_settings(offline=True), record=True)
    checker.collect_records()
    triples = _triples(demo, 3)
    before = len(_recorded_ids(demo))
    heard: list[list[str]] = []
    results = list(
        checker.verify_many(
            [{"id": f"worker-{i}", "triple": list(t)} for i, t in enumerate(triples)],
            chunk=2,
            on_recorded=heard.append,
        )
    )
    assert [r.id for r in results] == ["worker-0", "worker-1", "worker-2"]
    assert heard == [] and len(_recorded_ids(demo)) == before
    assert len(checker.take_records()) == 3
