"""One retraction path (kgfc.kg.verdicts.retract_source) under every surface: the claims that cited
a retracted source are marked stale over HTTP as on the CLI, a retraction killed midway finishes
at the next open with its marks, a claim journaled beside a retraction is marked when the journal
is applied, and a refresh killed while re-fetching leaves its claims marked, not silently changed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import httpx
import pyoxigraph as ox
import pytest
from click.testing import CliRunner

from kgfc.cli import cli
from kgfc.errors import InputError
from kgfc.kg import vocab as V
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.kg.refresh import refresh_sources
from kgfc.kg.verdicts import claims_using, retract_source, staleness
from kgfc.settings import load_settings

REPO = Path(__file__).resolve().parents[1]
BORN = ("Q76", "P19", "Q18094")


def record(store, claim_id: str) -> str:
    """Verify Obama's birthplace on ``store`` and record it; the claim's IRI."""
    from kgfc.pipeline.api import FactChecker

    checker = FactChecker.from_settings(load_settings(offline=True), store=store, reasoner="local")
    result = checker.verify(BORN, id=claim_id, record=True)
    assert result.verdict.value == "SUPPORTED" and result.claim_iri
    return result.claim_iri


def stale_sources(store, claim_iri: str) -> set[str]:
    return {s["source"] for s in staleness(store, claim_iri)}


def in_subprocess(code: str, store_path: Path, source: str) -> int:
    env = {**os.environ, "PYTHONPATH": str(REPO), "KGFC_OFFLINE": "1"}
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), str(store_path), source],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return proc.returncode


@pytest.fixture
def loaded(tmp_path, obama_ttl):
    """A store holding the Obama file and one recorded claim citing it (closed)."""
    path = tmp_path / "store"
    with OxigraphStore(path) as s:
        source = s.load_file(obama_ttl).source
        claim = record(s, "born")
        assert claims_using(s, [source])
    return path, source, claim


def test_http_retraction_marks_cited_claims_stale(tmp_path, obama_ttl):
    pytest.importorskip("fastapi")
    from tests.test_service_process import AUTH, Server, load_obama

    load_obama(tmp_path / "store")
    srv = Server(tmp_path / "store", tmp_path / "jobs.sqlite3")
    try:
        r = httpx.post(
            srv.url + "/v1/verify",
            json={"triple": list(BORN), "id": "over-http"},
            headers=AUTH,
            timeout=120,
        )
        assert r.status_code == 200 and r.json()["verdict"] == "SUPPORTED", r.text
        claim = r.json()["claim_iri"]
        [source] = {e["source"] for e in r.json()["evidence"] if e["cited"]}
        d = httpx.delete(srv.url + "/v1/sources/" + source, headers=AUTH, timeout=120)
        assert d.status_code == 200, d.text
        assert d.json()["stale_claims"] == ["over-http"] and d.json()["quads_removed"] > 0
        ask = (
            f"ASK {{ GRAPH ?g {{ <{claim}/verdict> <{V.KGFC}staleBecause> <{source}> . "
            f"<{source}> <{V.KGFC}retractedAt> ?when }} }}"
        )
        q = httpx.get(srv.url + "/sparql", params={"query": ask}, timeout=60)
        assert q.json()["boolean"] is True
    finally:
        srv.stop()
    # what the issue found missing: the re-check of stale claims finds it
    res = CliRunner().invoke(
        cli, ["verify", "--recheck-stale", "--nl", "--store", str(tmp_path / "store")]
    )
    assert res.exit_code == 0, res.output
    assert [json.loads(line)["id"] for line in res.stdout.splitlines()] == ["over-http"]


def test_cli_and_library_retract_through_the_same_path(loaded):
    path, source, claim = loaded
    res = CliRunner().invoke(cli, ["kg", "retract", source, "--json", "--store", str(path)])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["stale_claims"] == ["born"]
    with OxigraphStore(path) as s:
        assert stale_sources(s, claim) == {source}
        assert not s.has_source(source)
        with pytest.raises(InputError):
            retract_source(s, source)  # gone is gone: a second retraction is an input error


def test_a_retraction_killed_midway_finishes_at_the_next_open(loaded):
    path, source, claim = loaded
    # the process dies right after the retraction's first commit, before any graph is dropped
    code = """
        import os, sys
        from kgfc.kg.oxigraph_store import OxigraphStore
        from kgfc.kg.verdicts import retract_source
        OxigraphStore._drop_graphs = lambda self, graphs: os._exit(9)
        retract_source(OxigraphStore(sys.argv[1]), sys.argv[2])
    """
    assert in_subprocess(code, path, source) == 9
    with OxigraphStore(path, read_only=True) as s:  # a reader already sees it gone
        assert not s.has_source(source)
    with OxigraphStore(path) as s:  # the next writer finishes the drop
        assert source not in {x.iri for x in s.sources()}
        assert s.count(None, None, None, ox.NamedNode(source)) == 0
        assert stale_sources(s, claim) == {source}


def test_a_claim_journaled_beside_a_retraction_is_marked_when_applied(tmp_path, obama_ttl):
    path = tmp_path / "store"
    with OxigraphStore(path) as s:
        source = s.load_file(obama_ttl).source
    writer = OxigraphStore(path)
    reader = OxigraphStore(path, read_only=True)
    claim = record(
        reader, "journaled"
    )  # the reader saw the source; its record waits in the journal
    assert writer.pending_records() == 1
    done = retract_source(writer, source)
    assert done.stale_claims == {}  # not applied yet, so not seen
    reader.close()
    writer.close()  # applies the journal
    with OxigraphStore(path) as s:
        assert stale_sources(s, claim) == {source}
        # a journaled claim citing a source that is still there is not marked
        assert not s.pending_records()


def _refresh_args(path: Path, source: str):
    store = OxigraphStore(path)
    src = store.source(source)
    assert src is not None
    return store, src


def _without_birthplace(store, src):
    """A re-fetch that replaces the source's graph without Obama's birthplace."""
    g = ox.NamedNode(src.iri)
    keep = [
        q
        for q in store.quads(None, None, None, g)
        if q.predicate.value != V.WDT + "P19" and not q.subject.value.endswith("/statement")
    ]
    store.write_quads(src.iri, keep, replace=True)


def test_refresh_marks_only_the_claims_whose_statements_went(loaded):
    path, source, claim = loaded
    store, src = _refresh_args(path, source)
    try:
        # a re-fetch that changes nothing leaves no mark behind
        [same] = refresh_sources(store, [src], lambda s: None)
        assert same.changed_claims == {} and stale_sources(store, claim) == set()

        # a failing re-fetch keeps the old graph and leaves no mark either
        def fail(s):
            raise InputError("the endpoint is down")

        [failed] = refresh_sources(store, [src], fail)
        assert failed.error and stale_sources(store, claim) == set()

        [changed] = refresh_sources(store, [src], lambda s: _without_birthplace(store, s))
        assert changed.changed_claims == {claim: "born"}
        assert stale_sources(store, claim) == {source}
    finally:
        store.close()


def test_a_refresh_killed_while_refetching_leaves_its_claims_marked(loaded):
    path, source, claim = loaded
    code = """
        import os, sys
        from kgfc.kg.oxigraph_store import OxigraphStore
        from kgfc.kg.refresh import refresh_sources
        store = OxigraphStore(sys.argv[1])
        src = store.source(sys.argv[2])
        refresh_sources(store, [src], lambda s: os._exit(9))
    """
    assert in_subprocess(code, path, source) == 9
    with OxigraphStore(path) as s:
        # the source may or may not have changed: its claims are there to be re-checked
        assert stale_sources(s, claim) == {source}
        assert s.has_source(source)
