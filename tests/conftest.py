from __future__ import annotations

import os
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"


@pytest.fixture(autouse=True, scope="session")
def _isolated_home(tmp_path_factory):
    """Never read or write the user's real kgfc home or config in tests.

    Session-scoped so that module-scoped fixtures (a demo store shared by a
    test module) see it too.
    """
    home = tmp_path_factory.mktemp("kgfc_home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("KGFC_HOME", str(home))
        mp.delenv("KGFC_CONFIG", raising=False)
        mp.delenv("KGFC_STORE", raising=False)
        for var in [
            v for v in os.environ if v.startswith(("KGFC_LLM", "KGFC_SERPER", "KGFC_NCBI"))
        ]:
            mp.delenv(var, raising=False)
        mp.setenv("KGFC_OFFLINE", "1")
        yield home


@pytest.fixture(scope="session")
def demo_local():
    """A checker over the bundled demo KG in memory: offline, local reasoner, fixed policy.
    Shared by the session's tests, so they verify with ``record=False`` only."""
    from kgfc.kg.demo import ensure_demo
    from kgfc.kg.oxigraph_store import OxigraphStore
    from kgfc.pipeline.api import FactChecker
    from kgfc.settings import load_settings

    store = OxigraphStore()
    ensure_demo(store)
    return FactChecker(store, settings=load_settings(offline=True), policy="fixed")


@pytest.fixture(scope="module")
def report(demo_local, request):
    """The test module's ``TEXT`` checked as a document over the demo KG, once per module
    (read it with tests/fakes/documents.py's ``refs`` and ``verdict``)."""
    from kgfc.document.check import check_document

    return check_document(demo_local, request.module.TEXT, record=False)


@pytest.fixture(scope="session")
def demo_kg_copy(tmp_path_factory):
    """Put a copy of the demo KG on disk at a path (a store of its own, to write to as the test
    likes) and return the path. The demo is loaded once a session (``kgfc kg demo``, ~10 s of
    CPU); a copy of its folder takes a fraction of a second.

    The copy comes with the store caches (the demo's statistics and indexes) in ``home``
    (default: the current kgfc home), so its first check does not rebuild them (~10 s of CPU).
    The first copy warms them on the original by checking one claim. They are keyed by the
    store's knowledge key, which the folder copy keeps and the copy's first write of facts
    changes."""
    import shutil

    from click.testing import CliRunner
    from fakes.homes import copy_store_caches

    from kgfc.cli import cli
    from kgfc.settings import default_home

    built = tmp_path_factory.mktemp("demo-kg") / "store"
    res = CliRunner().invoke(cli, ["kg", "demo", "--store", str(built)])
    assert res.exit_code == 0, res.output
    warmed_in: list[Path] = []

    def copy(dest: Path, home: Path | None = None) -> Path:
        if not warmed_in:
            _check_one_claim(built)
            warmed_in.append(default_home())
        shutil.copytree(built, dest)
        copy_store_caches(built, warmed_in[0], to_store=dest, to_home=home or default_home())
        return dest

    return copy


def _check_one_claim(path: Path) -> None:
    """Check one claim on the on-disk store at ``path``, recording nothing (its caches warm)."""
    from kgfc.kg.oxigraph_store import OxigraphStore
    from kgfc.pipeline.api import FactChecker
    from kgfc.settings import load_settings

    with OxigraphStore(path) as store:
        checker = FactChecker(store, settings=load_settings(offline=True))
        checker.verify("Tony Blair was born in London.", record=False)


@pytest.fixture
def obama_ttl() -> Path:
    return DATA / "obama.ttl"


def shared_data(*parts: str) -> Path:
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is absent (../shared/data exists only in the developers' workspace)")
    return path


def write_dataset(store, path: Path) -> None:
    """Write a TriG fixture's graphs as they are (what kgfc's own writers produce).

    ``kg load`` makes every named graph of a user file a source under the file's
    own; fixtures that stand for web or claim graphs go through ``write_quads``.
    """
    import pyoxigraph as ox

    by_graph: dict[str, list] = {}
    for q in ox.parse(path=str(path), format=ox.RdfFormat.TRIG):
        by_graph.setdefault(q.graph_name.value, []).append(q)
    for graph, quads in by_graph.items():
        store.write_quads(graph, quads)


@pytest.fixture(scope="session")
def oxigraph_server(tmp_path_factory):
    """A writable ``oxigraph serve`` on 127.0.0.1 for the whole run: its query URL."""
    from fakes.sparql_server import oxigraph_endpoint

    with oxigraph_endpoint(None, tmp_path_factory.mktemp("oxigraph-server")) as url:
        yield url


@pytest.fixture(scope="session")
def virtuoso_server(tmp_path_factory):
    """A Virtuoso on 127.0.0.1 for the whole run (skips without virtuoso-opensource): /sparql URL."""
    from fakes.virtuoso_server import virtuoso_endpoint

    with virtuoso_endpoint(tmp_path_factory.mktemp("virtuoso")) as url:
        yield url


_REMOTE_STORES: list = []


@pytest.fixture(autouse=True)
def _close_remote_stores():
    """Close the remote stores a test opened: an open client holds a server thread."""
    yield
    while _REMOTE_STORES:
        _REMOTE_STORES.pop().close()


def fresh_sparql_store(url: str, **kw):
    """A :class:`SparqlStore` on ``url`` with every kgfc graph dropped first (closed after the test)."""
    from kgfc.kg.sparql_store import SparqlStore

    store = SparqlStore(url, **kw)
    _REMOTE_STORES.append(store)
    from kgfc.kg.sparql_store import SYSTEM_GRAPHS

    # GROUP BY, not DISTINCT: Virtuoso takes seconds over DISTINCT ?g, milliseconds here
    for g, _n in store.sparql(
        "SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g"
    ):
        if g.value not in SYSTEM_GRAPHS:
            store.client.update(f"DROP SILENT GRAPH {g}")
    return store
