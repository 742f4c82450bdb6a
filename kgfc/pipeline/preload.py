"""What every worker process needs, loaded once in the fork server that starts them.

Worker processes (:mod:`kgfc.pipeline.parallel`) are forked by multiprocessing's
``forkserver``, which imports this module before it forks the first one. What it
loads here -- the checker's modules and the spaCy pipeline -- is then loaded once
and shared copy-on-write by every worker, instead of each worker loading it after
it starts.

Only what is safe to fork is loaded:

- no store is opened: its file handles and locks belong to one process (each
  worker opens its own, read-only);
- no thread is started: loading the spaCy model starts none (numpy's OpenBLAS
  keeps a thread, which it stops before a fork and starts again when needed). The
  ONNX embedder is left to each worker: importing onnxruntime starts a thread and
  an inference session keeps a pool of them, none of which a fork copies, so a
  forked session could wait forever on a thread that is not there.

Anything that fails here is left for the worker to load, and to report, as before.
"""

from __future__ import annotations

import gc
import logging

log = logging.getLogger(__name__)


def warm() -> bool:
    """Load the checker's modules and the spaCy pipeline into this process; False if they failed."""
    try:
        import kgfc.pipeline.api  # noqa: F401  (what FactChecker.from_settings needs)
        import kgfc.registry  # noqa: F401  (open_store, in each worker)
        from kgfc.nlp.spacy_pipeline import get_nlp

        get_nlp()
    except Exception as exc:  # noqa: BLE001 - a worker loads it again and reports what is wrong
        log.debug("worker preload skipped: %s", exc)
        return False
    # What is loaded now stays: the forked workers' garbage collections leave it alone,
    # so its memory pages stay shared instead of being copied into each worker.
    gc.freeze()
    return True


warm()
