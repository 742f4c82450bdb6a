"""A real OpenLink Virtuoso on 127.0.0.1, for the remote-store tests.

``virtuoso_endpoint(workdir)`` writes a ``virtuoso.ini`` into ``workdir`` (database,
logs and both ports there, loopback only), starts ``virtuoso-t -f``, waits
until ``/sparql`` answers, lets the anonymous ``SPARQL`` user run SPARQL Update
(``GRANT SPARQL_UPDATE TO "SPARQL"``, through ``isql-vt``) and to write
through the Graph Store endpoint ``/sparql-graph-crud`` (default permissions
of ``nobody``), and yields the ``/sparql`` URL. The server dies with the test process (parent-death signal) and
is killed on exit.

Debian's ``virtuoso-opensource`` package provides ``virtuoso-t`` and
``isql-vt``; ``.ci/run`` installs it when apt is available. Without it the
fixture skips, naming the package.

``writable=False`` leaves the grant out: the server then refuses updates, as
a public read-only endpoint does.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from fakes.sparql_server import _stop, free_port, start_server

_STARTUP_LIMIT_S = 90.0  # a bound on start-up (about 5-10 s here), not a timing assertion

_INI = """\
[Database]
DatabaseFile       = {d}/virtuoso.db
ErrorLogFile       = {d}/virtuoso.log
LockFile           = {d}/virtuoso.lck
TransactionFile    = {d}/virtuoso.trx
xa_persistent_file = {d}/virtuoso.pxa
ErrorLogLevel      = 7
FileExtend         = 200
MaxCheckpointRemap = 2000
Striping           = 0
TempStorage        = TempDatabase

[TempDatabase]
DatabaseFile       = {d}/virtuoso-temp.db
TransactionFile    = {d}/virtuoso-temp.trx
MaxCheckpointRemap = 2000
Striping           = 0

[Parameters]
ServerPort         = 127.0.0.1:{sql_port}
DisableUnixSocket  = 1
CheckpointInterval = 60
CaseMode           = 2
DirsAllowed        = ., {d}
NumberOfBuffers    = {buffers}
MaxDirtyBuffers    = {dirty}
ThreadsPerQuery    = 2
MaxQueryMem        = 1G

[HTTPServer]
ServerPort         = 127.0.0.1:{http_port}
ServerRoot         = {d}
; every open client holds a thread while its connection is kept alive
ServerThreads      = 24
MaxClientConnections = 24
MaxKeepAlives      = 16
KeepAliveTimeout   = 2
Charset            = UTF-8
EnabledDavVSP      = 0

[SPARQL]
; the packaged default truncates results at 10000 rows without saying so
ResultSetMaxRows   = 10000000
MaxQueryExecutionTime = 300
MaxQueryCostEstimationTime = 0
"""


def virtuoso_binaries() -> tuple[str, str]:
    server, isql = shutil.which("virtuoso-t"), shutil.which("isql-vt") or shutil.which("isql")
    if not server or not isql:
        pytest.skip(
            "Virtuoso is not installed (`apt-get install virtuoso-opensource` provides "
            "virtuoso-t and isql-vt)"
        )
    return server, isql


@contextlib.contextmanager
def virtuoso_endpoint(
    workdir: Path, *, writable: bool = True, buffers: int = 20000
) -> Iterator[str]:
    """Run Virtuoso on loopback ports in ``workdir``; yield ``http://127.0.0.1:PORT/sparql``."""
    server, isql = virtuoso_binaries()
    workdir.mkdir(parents=True, exist_ok=True)
    log = open(workdir / "virtuoso-t.out", "wb")  # noqa: SIM115 - closed below
    proc = None
    try:
        for _attempt in range(3):  # a free port can be taken between probe and bind
            sql_port, http_port = free_port(), free_port()
            ini = workdir / "virtuoso.ini"
            ini.write_text(
                _INI.format(
                    d=workdir,
                    sql_port=sql_port,
                    http_port=http_port,
                    buffers=buffers,
                    dirty=buffers * 3 // 4,
                )
            )
            url = f"http://127.0.0.1:{http_port}/sparql"
            proc = start_server(
                [server, "-f", "-c", str(ini)],
                url,
                log,
                limit=_STARTUP_LIMIT_S,
                poll=0.2,
                cwd=workdir,
            )
            if proc is not None:
                break
        if proc is None:
            log.flush()
            raise RuntimeError(
                "virtuoso-t did not start: "
                + (workdir / "virtuoso-t.out").read_text(errors="replace")[-2000:]
            )
        if writable:
            done = subprocess.run(
                [
                    isql,
                    f"127.0.0.1:{sql_port}",
                    "dba",
                    "dba",
                    'exec=GRANT SPARQL_UPDATE TO "SPARQL"; '
                    "DB.DBA.RDF_DEFAULT_USER_PERMS_SET ('nobody', 7);",
                ],
                capture_output=True,
                text=True,
                timeout=60,
            )
            if done.returncode != 0 or "Error" in done.stdout:
                raise RuntimeError(f"cannot grant SPARQL_UPDATE: {done.stdout}{done.stderr}")
        yield url
    finally:
        if proc is not None:
            _stop(proc)
        log.close()
