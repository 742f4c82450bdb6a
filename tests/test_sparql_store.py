"""The remote SPARQL store against real servers: ``oxigraph serve`` and Virtuoso on 127.0.0.1.

The GraphStore contract itself runs in tests/test_store_contract.py against
these servers too; here: the spec, writes in one request per source graph,
chunked writes and interrupted ones, the Graph Store protocol path, refused
updates, unreachable servers, and the CLI on a remote store.
"""

from __future__ import annotations

import json

import httpx
import pyoxigraph as ox
import pytest
from click.testing import CliRunner
from conftest import fresh_sparql_store
from fakes.sparql_server import WIKIDATA_FIXTURE, free_port, oxigraph_endpoint

from kgfc.cli import cli as main
from kgfc.errors import ConfigError, QuerySyntaxError, RemoteUnavailable, StoreError
from kgfc.kg import vocab as V
from kgfc.kg.sparql_protocol import UpdatesRefused
from kgfc.kg.sparql_store import SparqlStore, parse_spec, with_bindings
from kgfc.kg.terms import source_iri
from kgfc.models import Fact, Label, Source, SourceKind
from kgfc.registry import open_store

WD, WDT = V.WD, V.WDT


class Recording(httpx.HTTPTransport):
    """The real transport, remembering each request's method, path, body size and whether it is an update."""

    def __init__(self) -> None:
        super().__init__()
        self.requests: list[tuple[str, str, int, bool]] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        request.read()
        self.requests.append(
            (
                request.method,
                request.url.path,
                len(request.content),
                request.content.startswith(b"update="),
            )
        )
        return super().handle_request(request)


@pytest.fixture(params=["oxigraph", "virtuoso"])
def server(request) -> str:
    return request.getfixturevalue(f"{request.param}_server")


def gsp_url(url: str) -> str:
    return url.replace("/query", "/store") if url.endswith("/query") else url + "-graph-crud"


def source(key: str) -> Source:
    return Source(
        iri=source_iri("wikidata", key),
        kind=SourceKind.WIKIDATA,
        location="https://query.wikidata.org/sparql",
        query_name="wikidata_outgoing",
        query=key,
        extractor="test",
    )


def many_facts(n: int) -> list[Fact]:
    return [
        Fact(subject=f"{WD}Q{i + 1}", predicate=WDT + "P31", object=WD + "Q5") for i in range(n)
    ]


# -- spec ------------------------------------------------------------------
def test_spec_parsing_and_defaults():
    kw = parse_spec("http://h:7878/query,gsp=http://h:7878/store,timeout=5,retries=1,chunk=100")
    assert kw == {
        "query_url": "http://h:7878/query",
        "gsp_url": "http://h:7878/store",
        "timeout": 5.0,
        "retries": 1,
        "chunk": 100,
    }
    oxi = SparqlStore("http://h:7878/query")
    assert oxi.client.endpoints.update == "http://h:7878/update"
    virt = SparqlStore("http://h:8890/sparql")
    assert virt.client.endpoints.update == "http://h:8890/sparql"
    ro = open_store("sparql:http://h:8890/sparql,update=http://h:8890/sparql-auth", read_only=True)
    assert isinstance(ro, SparqlStore) and ro.client.endpoints.update is None


@pytest.mark.parametrize(
    "spec,match",
    [("sparql:", "Bad SPARQL store spec"), ("sparql:http://h/q,colour=red", "Unknown option")],
)
def test_bad_spec_is_a_config_error(spec, match):
    with pytest.raises(ConfigError, match=match):
        open_store(spec)
    with pytest.raises(ConfigError, match="did you mean|Did you mean"):
        open_store("sparq:http://h/q")


def test_bound_values_cannot_change_the_query():
    text = with_bindings("SELECT ?o WHERE { ?s ?p ?o }", {"s": ox.Literal('x" } ; DROP ALL ; { "')})
    assert text.count("{") == text.count("}") and "DROP ALL" in text
    assert '\\" } ; DROP ALL' in text  # escaped inside one literal
    with pytest.raises(ValueError):
        with_bindings("SELECT ?o WHERE { ?s ?p ?o }", {"s p": ox.Literal("x")})


# -- writes ------------------------------------------------------------------
def test_one_request_per_source_graph(server):
    rec = Recording()
    store = fresh_sparql_store(server, transport=rec)
    store.client.flavour  # noqa: B018 - the probe, outside the count
    rec.requests.clear()
    assert store.add_source(source("Q1"), many_facts(500), [Label(entity=WD + "Q5", text="human")])
    writes = [r for r in rec.requests if r[1] != "/query" or r[0] == "PUT"]
    updates = [r for r in rec.requests if r[1].endswith(("/update", "/sparql")) and r[2] > 2000]
    assert len(updates) == 1, rec.requests
    assert writes
    assert store.stats().facts == 500
    [src] = store.sources()
    assert (src.iri, src.facts, src.extractor) == (source("Q1").iri, 500, "test")


def test_a_chunk_of_graphs_is_one_update_request(server):
    """write_graphs (a batch's chunk of claim graphs) sends one request: stored whole or not at all."""
    rec = Recording()
    store = fresh_sparql_store(server, transport=rec)
    store.client.flavour  # noqa: B018 - the probe, outside the count
    graphs = {
        f"https://example.org/chunk/g{i}": [
            ox.Quad(
                ox.NamedNode(f"https://example.org/chunk/g{i}"),
                ox.NamedNode(V.RDFS + "label"),
                ox.Literal(f"claim {i}"),
            )
        ]
        for i in range(5)
    }
    rec.requests.clear()
    assert store.write_graphs(graphs) == 5
    assert sum(r[3] for r in rec.requests) == 1, rec.requests
    for g in graphs:
        assert store.count(graph=ox.NamedNode(g)) == 1
    # replacing the chunk: old content goes, still in one request
    rec.requests.clear()
    again = {
        g: [ox.Quad(q.subject, q.predicate, ox.Literal("new"), q.graph_name) for q in qs]
        for g, qs in graphs.items()
    }
    assert store.write_graphs(again, replace=True) == 5
    assert sum(r[3] for r in rec.requests) == 1, rec.requests
    stored = {q.object.value for g in graphs for q in store.quads(graph=ox.NamedNode(g))}
    assert stored == {"new"}
    assert store.write_graphs(again, replace=True) == 0  # nothing changes: nothing sent


def test_chunked_write_and_an_interrupted_one(server):
    store = fresh_sparql_store(server, chunk=40)
    assert store.add_source(source("Q2"), many_facts(100))
    assert store.has_source(source("Q2").iri)
    assert store.stats().facts == 100

    # A writer that dies after its first chunk leaves a graph marked loading:
    # it does not count as present, and the next run writes it again, whole.
    broken = fresh_sparql_store(server, chunk=40)
    calls = {"n": 0}
    real = broken.client.update

    def dying(text: str) -> None:
        calls["n"] += 1
        if calls["n"] > 1:
            raise RemoteUnavailable("connection lost")
        real(text)

    broken.client.update = dying  # type: ignore[method-assign]
    with pytest.raises(RemoteUnavailable):
        broken.add_source(source("Q3"), many_facts(100))
    again = SparqlStore(server, chunk=40)
    assert not again.has_source(source("Q3").iri)
    assert source("Q3").iri not in {s.iri for s in again.sources()}
    assert again.add_source(source("Q3"), many_facts(100))
    assert again.has_source(source("Q3").iri)
    assert again.stats().facts == 100
    assert [s.facts for s in again.sources()] == [100]


def test_graph_store_protocol_path(server):
    rec = Recording()
    store = fresh_sparql_store(server, gsp_url=gsp_url(server), transport=rec)
    store.add_source(source("Q4"), many_facts(30), [Label(entity=WD + "Q5", text="human")])
    assert ("PUT", httpx.URL(gsp_url(server)).path) in {(m, p) for m, p, *_ in rec.requests}
    store.add_source(source("Q4"), many_facts(10), [], replace=True)
    assert store.stats().facts == 10
    assert [s.facts for s in store.sources()] == [10]


def test_replace_and_retract(server, obama_ttl):
    store = fresh_sparql_store(server)
    rep = store.load_file(obama_ttl)
    assert store.load_file(obama_ttl).status == "unchanged"
    store.add_source(source("Q76"), many_facts(3))
    assert store.retract(rep.source) > 0
    assert [s.iri for s in store.sources()] == [source("Q76").iri]
    assert store.neighbourhood([WD + "Q76"]) == []
    from kgfc.errors import InputError

    with pytest.raises(InputError, match="kgfc kg sources"):
        store.retract(rep.source)


# -- failures ----------------------------------------------------------------
def test_read_only_oxigraph_server_refuses_updates(tmp_path):
    with oxigraph_endpoint(WIKIDATA_FIXTURE, tmp_path, read_only=True) as url:
        store = SparqlStore(url, retries=0)
        with pytest.raises(UpdatesRefused) as err:
            store.add_source(source("Q5"), many_facts(2))
        assert "refuses updates" in str(err.value) and "HTTP 403" in str(err.value)
        assert "--read-only" in err.value.hint
        assert bool(store.sparql("ASK { ?s ?p ?o }"))  # reading still works


def test_virtuoso_without_the_grant_refuses_updates_without_retrying(tmp_path):
    from fakes.virtuoso_server import virtuoso_endpoint

    with virtuoso_endpoint(tmp_path / "v", writable=False) as url:
        waits: list[float] = []
        store = SparqlStore(url, retries=3, sleep=waits.append)
        with pytest.raises(UpdatesRefused) as err:
            store.add_source(source("Q6"), many_facts(2))
        assert "SR186" in str(err.value) and "GRANT SPARQL_UPDATE" in err.value.hint
        assert waits == []


def test_read_only_store_never_writes(server):
    store = SparqlStore(server, read_only=True)
    with pytest.raises(StoreError, match="read-only"):
        store.add_source(source("Q7"), many_facts(1))


def test_unreachable_server_retries_then_says_so():
    waits: list[float] = []
    store = SparqlStore(f"http://127.0.0.1:{free_port()}/query", retries=2, sleep=waits.append)
    with pytest.raises(RemoteUnavailable, match="Cannot reach") as err:
        store.stats()
    assert len(waits) == 2 and err.value.attempts == 3
    assert "--store sparql:URL" in err.value.hint


def test_syntax_error_is_not_retried(server):
    store = SparqlStore(server, sleep=lambda s: pytest.fail("retried a bad query"))
    with pytest.raises(QuerySyntaxError):
        store.sparql("SELEC ?x WHERE { ?x ?y ?z }")


def test_a_server_that_never_answers_times_out():
    import socket

    with socket.socket() as silent:  # accepts connections (backlog), never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        url = f"http://127.0.0.1:{silent.getsockname()[1]}/sparql"
        waits: list[float] = []
        store = SparqlStore(url, timeout=0.2, scan_timeout=0.4, retries=1, sleep=waits.append)
        with pytest.raises(RemoteUnavailable, match="did not answer in time"):
            store.has_source(source("Q1").iri)
        with pytest.raises(RemoteUnavailable, match="did not answer in time"):
            store.stats()  # whole-store scans wait scan_timeout, still bounded
        assert len(waits) == 2


# -- CLI -----------------------------------------------------------------------
def test_cli_load_query_sources_retract_on_a_remote_store(server, obama_ttl):
    fresh_sparql_store(server)
    spec = f"sparql:{server}"
    runner = CliRunner()
    out = runner.invoke(main, ["kg", "load", "--store", spec, str(obama_ttl), "--json"])
    assert out.exit_code == 0, out.output
    out = runner.invoke(
        main,
        [
            "kg",
            "query",
            "--store",
            spec,
            "--json",
            "SELECT ?o WHERE { <http://www.wikidata.org/entity/Q76> "
            "<http://www.wikidata.org/prop/direct/P19> ?o }",
        ],
    )
    assert out.exit_code == 0, out.output
    rows = json.loads(out.stdout)["results"]["bindings"]
    assert [r["o"]["value"] for r in rows] == [WD + "Q18094"]
    out = runner.invoke(main, ["kg", "stats", "--store", spec, "--json"])
    assert json.loads(out.stdout)["facts"] == 7
