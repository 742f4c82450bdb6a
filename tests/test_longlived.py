"""Loading what a process keeps with the garbage collector held off (kgfc.longlived)."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import threading
from pathlib import Path

from kgfc.longlived import collections_held

ROOT = Path(__file__).resolve().parents[1]


def test_no_automatic_collection_inside_and_the_threshold_comes_back():
    before = gc.get_threshold()
    with collections_held():
        assert gc.get_threshold()[0] == 0  # a first threshold of 0: no automatic collection
        gc.enable()  # what srsly does around a msgpack read: the hold does not depend on it
        assert gc.get_threshold()[0] == 0
    assert gc.get_threshold() == before


def test_nested_and_threaded_blocks_restore_the_threshold_once_all_are_out():
    before = gc.get_threshold()
    inside, release = threading.Event(), threading.Event()

    def other() -> None:
        with collections_held():
            inside.set()
            release.wait(10)

    t = threading.Thread(target=other)
    with collections_held():
        t.start()
        assert inside.wait(10)
        with collections_held():
            pass
        assert gc.get_threshold()[0] == 0
    assert gc.get_threshold()[0] == 0  # the other thread's block is still open
    release.set()
    t.join(10)
    assert gc.get_threshold() == before


def test_an_error_inside_still_restores_the_threshold():
    before = gc.get_threshold()
    try:
        with collections_held():
            raise ValueError("boom")
    except ValueError:
        pass
    assert gc.get_threshold() == before


def test_freeze_moves_what_was_built_out_of_the_collected_generations():
    # in a fresh interpreter: a freeze here would keep this test process's objects
    code = (
        "import gc\n"
        "from kgfc.longlived import collections_held\n"
        "threshold = gc.get_threshold()\n"
        "with collections_held():\n"
        "    kept = [[i] for i in range(1000)]\n"
        "unfrozen = gc.get_freeze_count()\n"
        "with collections_held(freeze=True):\n"
        "    kept2 = [[i] for i in range(1000)]\n"
        "print(unfrozen, gc.get_freeze_count() >= 2000, gc.get_threshold() == threshold)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    ).stdout.split()
    assert out == ["0", "True", "True"]
