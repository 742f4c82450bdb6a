"""Reading RDF files for the stores: formats, hashing, metered reading, checks.

Both RDF backends load a user's file the same way (:meth:`kgfc.kg.rdf_store.RdfStore.load_file`):
hashed to name its source graph, read through a byte meter for the progress
bar, parsed whole with kgfc's reserved vocabulary refused before anything is written.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING

import pyoxigraph as ox

from kgfc.errors import InputError, RDFSyntaxError
from kgfc.kg import vocab as V
from kgfc.kg.store import is_bookkeeping

if TYPE_CHECKING:
    from typing_extensions import Buffer  # collections.abc.Buffer from Python 3.12

FORMATS = {
    ".nt": ox.RdfFormat.N_TRIPLES,
    ".ttl": ox.RdfFormat.TURTLE,
    ".nq": ox.RdfFormat.N_QUADS,
    ".trig": ox.RdfFormat.TRIG,
    ".jsonld": ox.RdfFormat.JSON_LD,
    ".rdf": ox.RdfFormat.RDF_XML,
    ".owl": ox.RdfFormat.RDF_XML,
}
FORMAT_NAMES = {
    "nt": ox.RdfFormat.N_TRIPLES,
    "ntriples": ox.RdfFormat.N_TRIPLES,
    "turtle": ox.RdfFormat.TURTLE,
    "ttl": ox.RdfFormat.TURTLE,
    "nquads": ox.RdfFormat.N_QUADS,
    "nq": ox.RdfFormat.N_QUADS,
    "trig": ox.RdfFormat.TRIG,
    "jsonld": ox.RdfFormat.JSON_LD,
    "json-ld": ox.RdfFormat.JSON_LD,
}
# kgfc's crash marker: a graph marked so is half-written (a load running or killed).
STATUS = ox.NamedNode(V.KGFC + "status")
LOADING = ox.Literal("loading")
RETRACTING = ox.Literal("retracting")  # a retraction began; the next writable open finishes it
INCOMPLETE = (LOADING, RETRACTING)


def guess_format(path: Path, fmt: str | None = None) -> ox.RdfFormat:
    if fmt:
        try:
            return FORMAT_NAMES[fmt.lower()]
        except KeyError:
            raise InputError(
                f"Unknown RDF format {fmt!r}.",
                hint=f"Use one of: {', '.join(sorted(FORMAT_NAMES))}.",
            ) from None
    suffixes = path.suffixes
    ext = suffixes[-2] if suffixes and suffixes[-1] == ".gz" and len(suffixes) > 1 else path.suffix
    try:
        return FORMATS[ext.lower()]
    except KeyError:
        raise InputError(
            f"Cannot tell the RDF format of {path.name!r} from its extension.",
            hint="Use .nt, .ttl, .nq, .trig or .jsonld (optionally .gz), or pass --format.",
        ) from None


def file_graph_iri(file_source: str, graph: str) -> str:
    """The source graph a named graph ``graph`` of a loaded file becomes."""
    return f"{file_source}/graph/{hashlib.sha256(graph.encode('utf-8')).hexdigest()[:24]}"


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


class Meter:
    """Counts bytes read from a file for a ``progress(done, total)`` callback, at most ~10 times/s."""

    def __init__(self, progress: Callable[[int, int], None] | None, total: int) -> None:
        self.progress, self.total, self.read, self._last = progress, max(total, 1), 0, 0.0

    def add(self, k: int) -> None:
        self.read += k
        now = time.monotonic()
        if self.progress is not None and now - self._last > 0.1:
            self._last = now
            self.progress(min(self.read, self.total), self.total)

    def done(self) -> None:
        if self.progress is not None:
            self.progress(self.total, self.total)


class _MeteredFile(io.RawIOBase):
    def __init__(self, raw: IO[bytes], meter: Meter) -> None:
        self.raw, self.meter = raw, meter

    def readable(self) -> bool:
        return True

    def readinto(self, b: Buffer) -> int:
        n: int | None = self.raw.readinto(b)  # type: ignore[attr-defined]
        self.meter.add(n or 0)
        return n or 0


@contextmanager
def open_bytes(path: Path, meter: Meter | None = None) -> Iterator[IO[bytes]]:
    """The file's bytes (gunzipped for .gz), counting the bytes read from disk into ``meter``."""
    with open(path, "rb") as fh:
        raw: IO[bytes] = fh
        if meter is not None:
            raw = io.BufferedReader(_MeteredFile(fh, meter), 1 << 20)
        if path.suffix == ".gz":
            with gzip.GzipFile(fileobj=raw, mode="rb") as gz:
                yield gz  # type: ignore[misc]  # a GzipFile reads bytes like any IO[bytes]
        else:
            yield raw


def read_quads(
    path: Path, rdf_format: ox.RdfFormat, meter: Meter | None = None, *, untrusted: bool = True
) -> Iterator[ox.Quad]:
    """The file's quads; syntax and read errors as kgfc errors naming the file.

    ``untrusted`` (a user's file): kgfc's crash marker (``kgfc:status
    "loading"``) and claim IRIs (``kgfc:claim/``) are refused -- a file may
    not fake a half-written source nor write claims -- so read the file whole
    before writing any of it.
    """
    n = 0
    with open_bytes(path, meter) as fh:
        try:
            for q in ox.parse(fh, rdf_format):
                n += 1
                if untrusted and (
                    (q.predicate == STATUS and q.object in INCOMPLETE)
                    or any(
                        isinstance(t, ox.NamedNode) and is_bookkeeping(t.value)
                        for t in (q.subject, q.object, q.graph_name)
                    )
                ):
                    raise InputError(
                        f"{path} uses kgfc's reserved vocabulary (quad {n}: {q}).",
                        hint='Files may not mark graphs kgfc:status "loading" nor write '
                        "claims (kgfc:claim/ IRIs); remove those statements.",
                    )
                yield q
        except SyntaxError as exc:
            raise RDFSyntaxError(
                str(exc.args[0] if exc.args else exc), path=str(path), line=exc.lineno
            ) from exc
        except MemoryError as exc:  # the parser's buffer cap: a literal or line too long
            raise RDFSyntaxError(
                f"A line or literal is longer than the reader takes ({PARSER_BUFFER >> 20} MiB).",
                path=str(path),
                line=first_long_line(path),
            ) from exc
        except (OSError, EOFError, UnicodeDecodeError) as exc:
            raise InputError(f"Cannot read {path}: {exc}") from exc


PARSER_BUFFER = 16 * 1024 * 1024  # pyoxigraph's parse buffer: one token must fit in it


def first_long_line(path: Path, limit: int = PARSER_BUFFER) -> int | None:
    """The number of the first line of ``path`` at least ``limit`` bytes long (None if none).

    Hand-written: the parser reports its buffer overflow without a position, so
    the file is scanned again (in 1 MiB chunks, memory flat) for the line that did it.
    """
    line, length = 1, 0
    try:
        with open_bytes(path) as fh:
            while chunk := fh.read(1 << 20):
                start = 0
                while (nl := chunk.find(b"\n", start)) != -1:
                    if length + nl - start >= limit:
                        return line
                    line, length, start = line + 1, 0, nl + 1
                length += len(chunk) - start
                if length >= limit:
                    return line
    except (OSError, EOFError):
        return None
    return None


def export_prefixes(fmt: ox.RdfFormat) -> dict[str, str] | None:
    return V.PREFIXES if fmt in (ox.RdfFormat.TURTLE, ox.RdfFormat.TRIG) else None
