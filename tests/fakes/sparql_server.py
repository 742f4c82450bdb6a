"""A real local SPARQL endpoint standing in for WDQS: the ``oxigraph`` server from PyPI.

``oxigraph_endpoint(ttl, workdir)`` loads a Turtle fixture with ``oxigraph
load``, starts ``oxigraph serve`` on a free 127.0.0.1 port, waits until it
answers a query and yields ``http://127.0.0.1:PORT/query``. The server is
killed on exit, and, on Linux, also dies with the test process (parent-death
signal), so a crashed test run never leaves it behind.

Use it from a fixture in the test module::

    @pytest.fixture(scope="module")
    def endpoint(tmp_path_factory):
        with oxigraph_endpoint(WIKIDATA_FIXTURE, tmp_path_factory.mktemp("wdqs")) as url:
            yield url
"""

from __future__ import annotations

import contextlib
import ctypes
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "data"
WIKIDATA_FIXTURE = DATA / "wikidata_fixture.ttl"

_STARTUP_LIMIT_S = 30.0  # a bound on start-up, not a timing assertion


def oxigraph_binary() -> str:
    """The ``oxigraph`` CLI installed beside this interpreter, else the one on PATH."""
    beside = Path(sys.executable).parent / "oxigraph"
    if beside.is_file():
        return str(beside)
    found = shutil.which("oxigraph")
    if not found:
        pytest.skip("the `oxigraph` server binary is not installed (pip install oxigraph)")
    return found


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _die_with_parent() -> None:  # pragma: no cover - runs in the child
    """Ask Linux to SIGKILL the server when the test process goes away."""
    with contextlib.suppress(Exception):
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL)


def _answers(url: str) -> bool:
    probe = url + "?" + urllib.parse.urlencode({"query": "ASK { ?s ?p ?o }"})
    try:
        with urllib.request.urlopen(probe, timeout=2) as resp:  # noqa: S310 - loopback only
            return resp.status == 200
    except OSError:
        return False


@contextlib.contextmanager
def oxigraph_endpoint(ttl: Path | None, workdir: Path, *, read_only: bool = False) -> Iterator[str]:
    """Serve ``ttl`` (or an empty store) over SPARQL on 127.0.0.1; yield the query URL.

    The server is read-write (``/update`` and the Graph Store at ``/store``
    beside ``/query``) unless ``read_only``, which needs a ``ttl``.
    """
    binary = oxigraph_binary()
    location = workdir / "oxigraph-db"
    if ttl is not None:
        subprocess.run(
            [binary, "load", "--location", str(location), "--file", str(ttl)],
            check=True,
            capture_output=True,
            timeout=_STARTUP_LIMIT_S,
        )
    log = open(workdir / "oxigraph-serve.log", "wb")  # noqa: SIM115 - closed below
    proc = None
    try:
        for _attempt in range(3):  # the free port can be taken between probe and bind
            port = free_port()
            url = f"http://127.0.0.1:{port}/query"
            proc = start_server(
                [
                    binary,
                    "serve-read-only" if read_only else "serve",
                    "--location",
                    str(location),
                    "--bind",
                    f"127.0.0.1:{port}",
                ],
                url,
                log,
                limit=_STARTUP_LIMIT_S,
                poll=0.05,
            )
            if proc is not None:
                break
        if proc is None:
            log.flush()
            raise RuntimeError(
                f"oxigraph serve did not start: {(workdir / 'oxigraph-serve.log').read_text(errors='replace')}"
            )
        yield url
    finally:
        if proc is not None:
            _stop(proc)
        log.close()


def sparql_update(query_url: str, update: str) -> None:
    """Run a SPARQL update on the server whose query URL is ``query_url`` (``/update`` beside it):
    how a test changes what "Wikidata" answers."""
    url = query_url.rsplit("/", 1)[0] + "/update"
    data = urllib.parse.urlencode({"update": update}).encode()
    with urllib.request.urlopen(urllib.request.Request(url, data=data), timeout=30) as r:
        assert r.status in (200, 204)


def start_server(
    cmd: list[str], url: str, log, *, limit: float, poll: float, cwd: Path | None = None
) -> subprocess.Popen | None:
    """Start ``cmd`` (dying with this process) and wait until ``url`` answers.

    The running process, or None (stopped) when it exited or did not answer within ``limit`` s.
    """
    proc = subprocess.Popen(
        cmd,
        cwd=cwd,
        stdout=log,
        stderr=subprocess.STDOUT,
        preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
    )
    deadline = time.monotonic() + limit
    while proc.poll() is None and time.monotonic() < deadline:
        if _answers(url):
            break
        time.sleep(poll)
    if proc.poll() is None and _answers(url):
        return proc
    _stop(proc)
    return None


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.kill()
    proc.wait(timeout=10)
