"""`kgfc verify` finds the `kgfc serve` holding its store by the note beside it and sends the
claim there; a stale note, a dead or hung server, a missing token or --no-server: in-process,
without hanging. The server is a real process on 127.0.0.1."""

from __future__ import annotations

import json
import os
import socket
import stat
import time

import pytest
from click.testing import CliRunner

pytest.importorskip("fastapi")

from kgfc.cli import cli  # noqa: E402
from tests.test_service_process import TOKEN, Server, count_claims, free_port, load_obama  # noqa: E402

pytestmark = pytest.mark.slow

USING = "Using the kgfc server at"
TRIPLE = ["--triple", "Q76", "P19", "Q18094"]


@pytest.fixture(scope="module")
def held(tmp_path_factory):
    """A store held by a running server (token required), and that server."""
    base = tmp_path_factory.mktemp("held")
    load_obama(base / "store")
    srv = Server(base / "store", base / "jobs.sqlite3")
    srv.store = base / "store"
    yield srv
    srv.stop()


def note_of(store) -> os.PathLike:
    return store.with_name(store.name + ".server.json")


def verify(store, *args: str, token: str | None = TOKEN):
    env = {"KGFC_SERVER_TOKEN": token, "KGFC_SERVER": None}
    return CliRunner().invoke(cli, ["verify", "--store", str(store), *args], env=env)


def test_the_note_names_the_server_and_keeps_the_token_out(held):
    note = note_of(held.store)
    assert stat.S_IMODE(note.stat().st_mode) == 0o600
    text = note.read_text(encoding="utf-8")
    assert TOKEN not in text
    data = json.loads(text)
    assert data["url"] == held.url and data["pid"] == held.proc.pid
    assert data["token_required"] is True and data["token_from"] == "KGFC_SERVER_TOKEN"


def test_verify_uses_the_server_holding_the_store_and_sends_the_token(held):
    res = verify(held.store, *TRIPLE, "--id", "auto-1", "--json")
    assert res.exit_code == 0, res.output
    assert res.stderr.count(USING) == 1 and held.url in res.stderr
    assert "read-only" not in res.stderr  # the store was not opened here
    assert json.loads(res.stdout)["verdict"] == "SUPPORTED"
    # recorded by the server at once (a read-only open here would only journal it)
    assert count_claims(held.url, "auto-1") == {"auto-1": 1}


def test_without_the_token_it_checks_in_process(held):
    res = verify(held.store, *TRIPLE, "--id", "auto-2", "--json", token=None)
    assert res.exit_code == 0, res.output
    assert USING not in res.stderr
    assert "needs a token" in res.stderr and "KGFC_SERVER_TOKEN" in res.stderr
    assert "held by the kgfc server" in res.stderr  # opened read-only beside it
    assert json.loads(res.stdout)["verdict"] == "SUPPORTED"

    res = verify(held.store, *TRIPLE, "--id", "auto-3", "--json", token="wrong")
    assert res.exit_code == 0, res.output
    assert "does not take the token" in res.stderr and USING not in res.stderr


def test_no_server_checks_in_process(held):
    for args in (["--no-server", "verify"], ["verify", "--no-server"]):
        res = CliRunner().invoke(
            cli,
            [*args, "--store", str(held.store), *TRIPLE, "--id", "auto-4", "--json"],
            env={"KGFC_SERVER_TOKEN": TOKEN, "KGFC_SERVER": held.url},
        )
        assert res.exit_code == 0, res.output
        assert USING not in res.stderr and "held by the kgfc server" in res.stderr
    assert count_claims(held.url, "auto-4") == {}  # journaled, not yet applied by the server
    res = CliRunner().invoke(cli, ["--server", held.url, "--no-server", "verify", *TRIPLE])
    assert res.exit_code == 2 and "--no-server" in res.output


def test_the_note_goes_when_the_server_stops(tmp_path):
    load_obama(tmp_path / "store")
    srv = Server(tmp_path / "store", tmp_path / "jobs.sqlite3")
    note = note_of(tmp_path / "store")
    assert note.is_file()
    srv.stop()
    assert not note.exists()
    res = verify(tmp_path / "store", *TRIPLE, "--json")
    assert res.exit_code == 0, res.output
    assert "server" not in res.stderr and "read-only" not in res.stderr


def write_note(store, url: str, pid: int) -> None:
    note_of(store).write_text(json.dumps({"url": url, "pid": pid, "token_required": False}))


def test_a_stale_note_is_ignored(tmp_path):
    load_obama(tmp_path / "store")
    dead = 2**22 + 12345  # above the default pid_max: no such process
    write_note(tmp_path / "store", f"http://127.0.0.1:{free_port()}", dead)
    res = verify(tmp_path / "store", *TRIPLE, "--json")
    assert res.exit_code == 0, res.output
    assert "server" not in res.stderr
    assert json.loads(res.stdout)["verdict"] == "SUPPORTED"


@pytest.mark.parametrize("kind", ["refused", "hung"])
def test_a_server_that_does_not_answer_costs_at_most_the_probe(tmp_path, kind):
    from kgfc.cli.remote import PROBE_CONNECT, PROBE_READ, running_server
    from kgfc.settings import load_settings

    load_obama(tmp_path / "store")
    with socket.socket() as listener:
        if kind == "hung":  # takes connections (the backlog) and never answers
            listener.bind(("127.0.0.1", 0))
            listener.listen(8)
            port = listener.getsockname()[1]
        else:
            port = free_port()
        # a live pid (this test's): only the health check can tell the server is not there
        write_note(tmp_path / "store", f"http://127.0.0.1:{port}", os.getpid())
        start = time.monotonic()
        assert running_server(load_settings(store=str(tmp_path / "store"))) is None
        assert time.monotonic() - start < PROBE_CONNECT + PROBE_READ + 1.0
        res = verify(tmp_path / "store", *TRIPLE, "--json", token=None)
    assert res.exit_code == 0, res.output
    assert "does not answer; checking here instead" in res.stderr
    assert json.loads(res.stdout)["verdict"] == "SUPPORTED"
