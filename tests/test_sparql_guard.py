"""SERVICE clauses are found in the parsed query, wherever they hide; a fuzz run
against a real local listener shows that no query the check lets through calls out."""

from __future__ import annotations

import random
import socket
import threading

import pytest

from kgfc.errors import QuerySyntaxError
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.kg.sparql_guard import service_endpoints
from kgfc.kg.terms import service_endpoints as terms_service_endpoints


class Listener:
    """A real TCP listener on 127.0.0.1 that counts connections and answers an empty result."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        body = b'{"head":{"vars":[]},"results":{"bindings":[{}]}}'
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.connections += 1
            with conn:
                conn.settimeout(1)
                try:
                    conn.recv(65536)
                    conn.sendall(
                        b"HTTP/1.1 200 OK\r\nContent-Type: application/sparql-results+json\r\n"
                        b"Content-Length: "
                        + str(len(body)).encode()
                        + b"\r\nConnection: close\r\n\r\n"
                        + body
                    )
                except OSError:
                    pass

    def close(self) -> None:
        self._stop.set()
        self.sock.close()
        self._thread.join(2)


@pytest.fixture
def listener():
    lst = Listener()
    yield lst
    lst.close()


@pytest.fixture
def store():
    st = OxigraphStore()
    yield st
    st.close()


def _drain(result) -> None:
    if isinstance(result, bool) or not hasattr(result, "__iter__"):
        return
    for _ in result:
        pass


def _run(store, text: str, *, allow: bool = False) -> str:
    """'refused', 'error' (the engine rejected it) or 'ran'."""
    try:
        if not allow and service_endpoints(text) is not None:
            return "refused"
    except QuerySyntaxError:
        return "refused"
    try:
        _drain(store.sparql(text, allow_service=True))
    except Exception:  # noqa: BLE001 - syntax errors and failed calls alike: we look at the listener
        return "error"
    return "ran"


def test_the_comment_bypass_is_refused_and_the_listener_proves_it(store, listener):
    endpoint = f"http://127.0.0.1:{listener.port}/sparql"
    trick = f'SELECT * WHERE {{ FILTER(1<2)#>"""\nSERVICE <{endpoint}> {{ ?s ?p ?o }}\n#"""\n}}'
    assert service_endpoints(trick) == [endpoint]
    assert terms_service_endpoints(trick) == [endpoint]
    with pytest.raises(QuerySyntaxError, match="SERVICE"):
        store.sparql(trick)
    assert listener.connections == 0
    # the engine does call out on this text: the check is what stops it
    assert _run(store, trick, allow=True) == "ran"
    assert listener.connections == 1


@pytest.mark.parametrize(
    "where",
    [
        "{ SELECT ?s WHERE { SERVICE <E> { ?s ?p ?o } } }",
        "?s ?p ?o FILTER EXISTS { SERVICE <E> { ?s ?p ?o } }",
        "?s ?p ?o FILTER NOT EXISTS { SERVICE SILENT <E> { ?s ?p ?o } }",
        "?s <http://x/a>/(<http://x/b>|^<http://x/c>)* ?o . OPTIONAL { SERVICE <E> { ?s ?p ?o } }",
        "{ ?s ?p ?o } UNION { SERVICE <E> { ?s ?p ?o } } MINUS { ?s ?p 1 }",
        "BIND(<E> AS ?e) SERVICE ?e { ?s ?p ?o }",
        "\\u0053ERVICE <E> { ?s ?p ?o }",
        "sErViCe <E> { ?s ?p ?o }",
        "# comment\r SERVICE <E> { ?s ?p ?o }",
    ],
)
def test_service_is_found_anywhere(where, store, listener):
    endpoint = f"http://127.0.0.1:{listener.port}/sparql"
    text = "SELECT * WHERE { " + where.replace("<E>", f"<{endpoint}>") + " }"
    assert service_endpoints(text) is not None
    with pytest.raises(QuerySyntaxError):
        _drain(store.sparql(text))
    assert listener.connections == 0


def test_prefixed_endpoints_are_resolved_and_the_word_alone_is_no_service():
    text = "PREFIX e: <http://ex.org/> SELECT * { SERVICE e:sparql { ?s ?p ?o } }"
    assert service_endpoints(text) == ["http://ex.org/sparql"]
    assert (
        service_endpoints('SELECT * { ?s <http://x/service> "SERVICE" } # SERVICE <http://y/>')
        is None
    )
    assert service_endpoints("SELECT * { ?s ?p ?o }") is None


def test_unparseable_text_that_mentions_service_is_refused():
    with pytest.raises(QuerySyntaxError, match="could not be checked"):
        service_endpoints("SELECT * { SERVICE <<a>> { ?s ?p ?o } }")


_NOISE = [
    "#",
    "#>",
    "# SERVICE",
    '"""',
    "'''",
    '"',
    "'",
    "<",
    ">",
    "\n",
    "\r",
    " ",
    "\\",
    "\\u0053",
    "FILTER(1<2)",
    "FILTER(1 > 0)",
    "<http://x/a>",
    '"str"',
    "'s'",
    '"""long\nstring"""',
    "'''long'''",
    "?s ?p ?o .",
    "{",
    "}",
    "<http://x/#frag>",
    '"#"',
    "'<'",
    '<http://x/">',
    "OPTIONAL {",
    "FILTER EXISTS {",
    "FILTER NOT EXISTS {",
    "{ SELECT * WHERE {",
    "} }",
    "?s <http://x/p>/<http://x/q>* ?o .",
    "BIND(<S> AS ?e)",
    "VALUES ?v { <http://x/v> }",
]


_VALID = [
    "?s ?p ?o .",
    "FILTER(1<2)",
    "FILTER(1 > 0)",
    "OPTIONAL { ?s ?p ?o }",
    "BIND(<S> AS ?e)",
    "?s <http://x/p>/<http://x/q>* ?o .",
    "VALUES ?v { <http://x/v> }",
    "?s ?p 'str' .",
    "FILTER EXISTS { ?s ?p ?o }",
    '?s ?p "#" .',
    "?s ?p '<' .",
    "?s <http://x/#f> ?o .",
]
Q3, A3 = '"' * 3, "'" * 3


def _fuzz_query(rng: random.Random, endpoint: str) -> str:
    """A query whose SERVICE clause is hidden (a comment, a string, an odd IRI) or not, among noise."""
    service = rng.choice(
        [
            f"SERVICE <{endpoint}> {{ ?s ?p ?o }}",
            f"SERVICE SILENT <{endpoint}> {{ ?s ?p ?o }}",
            f"\\u0053ERVICE <{endpoint}> {{ ?s ?p ?o }}",
            f"service <{endpoint}> {{}}",
            "SERVICE ?e { ?s ?p ?o }",
        ]
    )
    noise = "".join(rng.choice(_NOISE) for _ in range(rng.randint(0, 3)))
    eol = rng.choice(["\n", "\r", "\r\n"])
    hidden = rng.choice(
        [
            "#" + noise + service + eol,
            noise.replace("\n", " ") + "#" + service + eol,
            "?s ?p " + Q3 + noise.replace('"', "") + service + Q3 + " .",
            "?s ?p " + A3 + noise.replace("'", "") + service + A3 + " .",
            "?s ?p '" + service + "' .",
            "FILTER(1<2)#>" + Q3 + eol + service + eol + "#" + Q3 + eol,
            "FILTER(1<2)" + noise + eol + service + eol,
            service,
            noise + service,
        ]
    )
    parts = [rng.choice(_VALID) for _ in range(rng.randint(0, 3))]
    parts.insert(rng.randint(0, len(parts)), hidden)
    if rng.random() < 0.3:
        parts.insert(rng.randint(0, len(parts)), rng.choice(_NOISE))
    body = rng.choice([" ", "\n", eol]).join(parts).replace("<S>", f"<{endpoint}>")
    head = rng.choice(["SELECT * WHERE {", "ASK {", "CONSTRUCT { ?s ?p ?o } WHERE {", "SELECT * {"])
    tail = rng.choice(["}", "\n}", "}\n#", "\n} LIMIT 1"])
    return f"{head} {body} {tail}"


def test_fuzzed_queries_never_reach_a_local_listener(store, listener):
    endpoint = f"http://127.0.0.1:{listener.port}/sparql"
    rng = random.Random(39)
    outcomes = {"refused": 0, "error": 0, "ran": 0}
    for _ in range(1000):  # each parses with rdflib (~50 ms): a thousand keep the suite quick
        outcomes[_run(store, _fuzz_query(rng, endpoint))] += 1
    assert listener.connections == 0, outcomes
    # the mix is not vacuous: many queries run, many are refused
    assert outcomes["ran"] > 160 and outcomes["refused"] > 160, outcomes
