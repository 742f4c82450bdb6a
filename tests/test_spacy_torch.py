"""Loading spaCy does not drag torch in (thinc imports it eagerly when installed: 2-3 s, ~250 MB)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("torch") is None,
    reason="torch is not installed (pip install 'kgfc[kge]'; .ci/run installs it)",
)

PROBE = """
import sys
from kgfc.nlp.spacy_pipeline import get_nlp
doc = get_nlp()("Tony Blair was born in Edinburgh.")
assert [e.text for e in doc.ents], "the pipeline works"
print("torch after spaCy:", "torch" in sys.modules)
import torch  # still importable afterwards (KG-embedding training, sentence-transformers)
print("torch usable:", float(torch.ones(2).sum()) == 2.0)
"""


def test_spacy_loads_without_importing_torch():
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=240, check=True
    ).stdout
    assert "torch after spaCy: False" in out
    assert "torch usable: True" in out
