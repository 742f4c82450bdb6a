"""An oversized literal or line is rejected whole, with its line number, never a MemoryError."""

from __future__ import annotations

import gzip

import pytest

from kgfc.errors import RDFSyntaxError
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.kg.rdf_files import PARSER_BUFFER, first_long_line

GOOD = b'<http://ex.org/s> <http://ex.org/p> "small" .\n'


def _huge(n: int = PARSER_BUFFER + 1000) -> bytes:
    return b'<http://ex.org/s> <http://ex.org/q> "' + b"y" * n + b'" .\n'


@pytest.mark.parametrize("suffix", [".nt", ".nt.gz"])
def test_an_oversized_literal_is_rejected_whole_with_its_line(tmp_path, suffix):
    path = tmp_path / f"big{suffix}"
    data = GOOD * 3 + _huge() + GOOD
    path.write_bytes(gzip.compress(data, 1) if suffix.endswith(".gz") else data)
    st = OxigraphStore(tmp_path / "store")
    try:
        with pytest.raises(RDFSyntaxError) as info:
            st.load_file(path)
        assert info.value.line == 4
        assert f"{path}:4:" in str(info.value) and "longer than" in str(info.value)
        assert "rejected whole" in (info.value.hint or "")
        assert st.sources() == []
    finally:
        st.close()


def test_first_long_line_counts_lines_across_chunks(tmp_path):
    path = tmp_path / "x.nt"
    path.write_bytes(b"a\n" * 700_000 + b"b" * 3_000_000 + b"\nc\n")
    assert first_long_line(path, limit=2_000_000) == 700_001
    assert first_long_line(path, limit=4_000_000) is None
