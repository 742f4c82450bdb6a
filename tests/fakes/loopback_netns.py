"""Run a test file's inner tests again inside a network namespace with only loopback.

Ray advertises the host's interface address even when told 127.0.0.1, so the Ray tests run
where no other interface exists: the outer test (here) starts pytest again under
``unshare -n`` with ``INSIDE`` set in the environment, and the inner tests (selected by
``-k inner`` and skipped unless ``INSIDE`` is set) do the work. Needs root, ``unshare`` and
``ip``; the outer test skips, naming what is missing, without them or without Ray.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_inner_tests_in_loopback_namespace(test_file: str, inside: str) -> str:
    """Run ``test_file``'s inner tests in a loopback-only namespace; return pytest's output.

    Asserts the inner run passed and skipped nothing (a skipped inner test would pass
    the outer one without doing its work).
    """
    try:
        import ray  # noqa: F401
    except ImportError:
        pytest.skip("Ray is not installed: pip install 'kgfc[ray]'")
    if os.environ.get(inside):
        pytest.skip("the inner run does the work")
    if os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("ip"):
        pytest.skip("needs root with unshare and ip (a network namespace with only loopback)")
    inner = f"{sys.executable} -m pytest -q -p no:randomly -p no:xdist {test_file} -k inner"
    # One Ray scenario at a time on this machine: a namespace isolates the network, not the
    # processes, and `ray stop --force` at the end of one scenario kills the Ray processes of
    # any other running beside it (pytest-xdist may start two of these tests at once).
    with open(Path(tempfile.gettempdir()) / "kgfc-ray-tests.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        proc = subprocess.run(
            ["unshare", "-n", "sh", "-c", f"ip link set lo up && {inner}"],
            env={**os.environ, inside: "1", "PYTHONPATH": str(ROOT)},
            capture_output=True,
            text=True,
            timeout=900,
        )
    assert proc.returncode == 0, (
        f"the inner run exited with {proc.returncode}:\n"
        + proc.stdout[-6000:]
        + proc.stderr[-3000:]
    )
    assert " passed" in proc.stdout and "skipped" not in proc.stdout, proc.stdout[-2000:]
    return proc.stdout
