"""The offline search provider: a folder of documents, indexed with tantivy (BM25).

``LocalCorpusProvider(DIR)`` indexes every ``.txt``, ``.md``, ``.html`` and
``.jsonl`` file under ``DIR`` (hidden files and folders skipped). A
``.jsonl`` file holds one document per line: ``{"id" or "url", "title",
"text"}``. Documents are cut into passages (paragraphs; long ones into
~100-word windows, tiny ones merged with the next) so a hit is a citable
passage, not a whole file. A passage's id is ``relative/path.txt#3`` (the
fourth passage), or the JSONL document's id (``id#3`` when that document
has several passages).

The index lives in ``DIR/.kgfc-index`` (or ``index_dir``) next to a
manifest of each file's size and mtime: :meth:`LocalCorpusProvider.index`
re-reads only new and changed files and drops deleted ones, and a killed
run is repaired by the next (a file's passages are deleted before they are
re-added, and the manifest is written only after the commit).
"""

from __future__ import annotations

import json
import logging
import re
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import BaseModel, Field, computed_field

from kgfc.errors import ConfigError, StoreLockedError
from kgfc.models import utcnow
from kgfc.web._http import write_atomic
from kgfc.web.base import SearchHit

log = logging.getLogger(__name__)


def _tantivy() -> Any:
    """tantivy, imported lazily (an optional extra); its absence is a setup error, not a crash."""
    try:
        import tantivy
    except ImportError as exc:
        raise ConfigError(
            f"The local search provider needs tantivy, which is not installed ({exc}).",
            hint="Install the web extra: pip install 'kgfc[web]'.",
        ) from None
    return tantivy


SUFFIXES = {".txt", ".md", ".markdown", ".html", ".htm", ".jsonl"}
INDEX_DIRNAME = ".kgfc-index"
SCHEMA_VERSION = 1
MAX_FILE_BYTES = 50_000_000
WINDOW_WORDS = 100  # target passage length
MAX_WORDS = 150  # a paragraph longer than this is cut into windows
MIN_WORDS = 12  # a paragraph shorter than this (a heading, say) joins the next one
OVERLAP_WORDS = 20
MAX_QUERY_WORDS = 64
TITLE_BOOST = 0.5  # every passage repeats its document's title: let the body decide


class IndexReport(BaseModel):
    """What one :meth:`LocalCorpusProvider.index` run did."""

    directory: str
    index_dir: str
    files: int = Field(0, description="indexable files found")
    added: int = 0
    updated: int = 0
    removed: int = 0
    unchanged: int = 0
    passages_written: int = 0
    passages: int = Field(0, description="passages in the index after the run")
    errors: dict[str, str] = Field(default_factory=dict, description="file -> why it was skipped")
    seconds: float = 0.0

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented form
    @property
    def changed(self) -> int:
        return self.added + self.updated + self.removed


# -- documents and passages -----------------------------------------------------
_PARA = re.compile(r"\n[ \t]*\n+")
_MD_HEADING = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)


def split_passages(
    text: str, *, window: int = WINDOW_WORDS, max_words: int = MAX_WORDS, min_words: int = MIN_WORDS
) -> list[str]:
    """Paragraphs, with tiny ones merged forward and long ones cut into overlapping windows."""
    passages: list[str] = []
    pending: list[str] = []
    for para in _PARA.split(text):
        words = para.split()
        if not words:
            continue
        pending.extend(words)
        if len(pending) < min_words:
            continue
        if len(pending) <= max_words:
            passages.append(" ".join(pending))
        else:
            step = max(1, window - OVERLAP_WORDS)
            for start in range(0, len(pending), step):
                chunk = pending[start : start + window]
                passages.append(" ".join(chunk))
                if start + window >= len(pending):
                    break
        pending = []
    if pending:
        if (
            passages
            and len(pending) < min_words
            and len(passages[-1].split()) + len(pending) <= max_words
        ):
            passages[-1] = f"{passages[-1]} {' '.join(pending)}"
        else:
            passages.append(" ".join(pending))
    return passages


class _Doc(NamedTuple):
    id: str
    title: str
    text: str
    url: str | None = None


def _read_docs(path: Path, rel: str) -> Iterator[_Doc]:
    suffix = path.suffix.lower()
    url = path.resolve().as_uri()
    if suffix == ".jsonl":
        with path.open(encoding="utf-8", errors="replace") as fh:
            for lineno, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    rec = json.loads(line)
                except ValueError:
                    log.warning("%s:%d: not JSON, skipped", rel, lineno)
                    continue
                if not isinstance(rec, dict) or not str(rec.get("text") or "").strip():
                    continue
                doc_id = str(rec.get("id") or rec.get("url") or f"{rel}#L{lineno}")
                yield _Doc(
                    id=doc_id,
                    title=str(rec.get("title") or ""),
                    text=str(rec["text"]),
                    url=rec.get("url") or None,
                )
        return
    raw = path.read_bytes()
    if suffix in (".html", ".htm"):
        from kgfc.web.html import decode_html, html_to_text

        page = html_to_text(decode_html(raw), url=url)
        title = page.title or path.stem
        first, _, rest = page.text.partition("\n\n")
        text = (
            rest if first.strip() == title.strip() and rest.strip() else page.text
        )  # the <h1> again
        yield _Doc(id=rel, title=title, text=text, url=url)
        return
    text = raw.decode("utf-8", errors="replace")
    title = ""
    # A leading heading (markdown) or short first line (text) is the title, not body text.
    if suffix in (".md", ".markdown"):
        m = _MD_HEADING.search(text)
        if m and not text[: m.start()].strip():
            title, text = m.group(1), text[m.end() :]
        text = _MD_HEADING.sub(r"\1", text)  # keep later headings' words, drop the markup
    else:
        first, _, rest = text.strip().partition("\n")
        if rest.strip() and len(first.split()) <= 15 and re.match(r"[ \t]*\n", rest):
            title, text = first.strip(), rest
    yield _Doc(id=rel, title=title or path.stem.replace("_", " "), text=text, url=url)


# -- the provider -----------------------------------------------------------------
class LocalCorpusProvider:
    """Search a directory of documents with tantivy; ``calls`` counts searches run."""

    name = "local"

    def __init__(
        self,
        directory: str | Path,
        index_dir: str | Path | None = None,
        *,
        settings: Any = None,
        auto_index: bool = True,
    ) -> None:
        _tantivy()  # say which extra is missing before anything else
        self.directory = Path(directory).expanduser()
        if not self.directory.is_dir():
            raise ConfigError(
                f"The local corpus {self.directory} is not a directory.",
                hint="Point local:DIR (or KGFC_CORPUS_DIR) at a folder of .txt/.md/.html/.jsonl files.",
            )
        self.index_dir = (
            Path(index_dir).expanduser() if index_dir else self.directory / INDEX_DIRNAME
        )
        self.auto_index = auto_index
        self.calls = 0
        self._index: Any = None
        self._indexed = False
        self._lock = threading.Lock()

    # -- indexing ---------------------------------------------------------
    def _manifest_path(self) -> Path:
        return self.index_dir / "manifest.json"

    def _load_manifest(self) -> dict[str, dict[str, int]] | None:
        try:
            data = json.loads(self._manifest_path().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("version") != SCHEMA_VERSION:
            return None
        return data.get("files") or {}

    def _scan(self) -> dict[str, tuple[Path, int, int]]:
        """rel path -> (path, mtime_ns, size) for every indexable file."""
        found: dict[str, tuple[Path, int, int]] = {}
        index_dir = self.index_dir.resolve()
        for path in sorted(self.directory.rglob("*")):
            rel_parts = path.relative_to(self.directory).parts
            if any(p.startswith(".") for p in rel_parts) or path.suffix.lower() not in SUFFIXES:
                continue
            if index_dir in path.resolve().parents or not path.is_file():
                continue
            st = path.stat()
            found["/".join(rel_parts)] = (path, st.st_mtime_ns, st.st_size)
        return found

    @staticmethod
    def _schema() -> Any:
        tantivy = _tantivy()

        sb = tantivy.SchemaBuilder()
        sb.add_text_field("id", stored=True, tokenizer_name="raw")
        sb.add_text_field("doc", stored=True, tokenizer_name="raw")
        sb.add_text_field("path", stored=True, tokenizer_name="raw")
        sb.add_text_field("url", stored=True, tokenizer_name="raw")
        sb.add_text_field("title", stored=True, tokenizer_name="en_stem")
        sb.add_text_field("body", stored=True, tokenizer_name="en_stem")
        sb.add_integer_field("passage", stored=True)
        sb.add_float_field("mtime", stored=True)
        return sb.build()

    def _open(self, *, fresh: bool) -> Any:
        tantivy = _tantivy()

        if fresh and self.index_dir.exists():
            shutil.rmtree(self.index_dir)
        self.index_dir.mkdir(parents=True, exist_ok=True)
        try:
            return tantivy.Index(self._schema(), path=str(self.index_dir), reuse=True)
        except ValueError as exc:  # an index from another schema or tantivy version
            if fresh:
                raise
            log.warning("rebuilding the search index at %s (%s)", self.index_dir, exc)
            return self._open(fresh=True)

    def index(self) -> IndexReport:
        """Bring the index up to date with the directory: new and changed files in, deleted out."""
        tantivy = _tantivy()

        started = time.perf_counter()
        report = IndexReport(directory=str(self.directory), index_dir=str(self.index_dir))
        with self._lock:
            manifest = self._load_manifest()
            index = self._open(fresh=manifest is None)
            manifest = manifest or {}
            files = self._scan()
            report.files = len(files)
            todo = {
                rel: entry
                for rel, entry in files.items()
                if (old := manifest.get(rel)) is None or (old["mtime_ns"], old["size"]) != entry[1:]
            }
            gone = [rel for rel in manifest if rel not in files]
            report.unchanged = len(files) - len(todo)
            if todo or gone:
                try:
                    writer = index.writer(heap_size=128_000_000)
                except ValueError as exc:
                    raise StoreLockedError(
                        f"Another process is updating the search index at {self.index_dir}.",
                        hint="Wait for it to finish, then run 'kgfc kg index' again.",
                    ) from exc
                for rel in gone:
                    writer.delete_documents_by_term("path", rel)
                    del manifest[rel]
                    report.removed += 1
                for rel, (path, mtime_ns, size) in todo.items():
                    writer.delete_documents_by_term("path", rel)
                    was_known = rel in manifest
                    manifest.pop(rel, None)
                    try:
                        written = self._add_file(writer, tantivy, path, rel, mtime_ns, size)
                    except (OSError, UnicodeError, ValueError) as exc:
                        report.errors[rel] = str(exc)
                        continue
                    manifest[rel] = {"mtime_ns": mtime_ns, "size": size, "passages": written}
                    report.passages_written += written
                    if was_known:
                        report.updated += 1
                    else:
                        report.added += 1
                writer.commit()
                writer.wait_merging_threads()
                write_atomic(
                    self._manifest_path(),
                    json.dumps(
                        {
                            "version": SCHEMA_VERSION,
                            "updated": utcnow().isoformat(),
                            "files": manifest,
                        }
                    ),
                )
            elif not self._manifest_path().exists():
                write_atomic(
                    self._manifest_path(), json.dumps({"version": SCHEMA_VERSION, "files": {}})
                )
            index.reload()
            self._index = index
            self._indexed = True
            report.passages = index.searcher().num_docs
        report.seconds = round(time.perf_counter() - started, 3)
        return report

    def _add_file(
        self, writer: Any, tantivy: Any, path: Path, rel: str, mtime_ns: int, size: int
    ) -> int:
        if size > MAX_FILE_BYTES:
            raise ValueError(f"larger than {MAX_FILE_BYTES // 1_000_000} MB")
        written = 0
        for doc in _read_docs(path, rel):
            passages = split_passages(doc.text)
            for n, passage in enumerate(passages):
                if doc.id == rel:
                    pid = f"{rel}#{n}"
                else:  # a JSONL document keeps its own id
                    pid = doc.id if len(passages) == 1 else f"{doc.id}#{n}"
                writer.add_document(
                    tantivy.Document(
                        id=pid,
                        doc=doc.id,
                        path=rel,
                        url=doc.url or "",
                        title=doc.title,
                        body=passage,
                        passage=n,
                        mtime=mtime_ns / 1e9,
                    )
                )
                written += 1
        return written

    # -- search -----------------------------------------------------------
    def _ready(self) -> Any:
        if self.auto_index and not self._indexed:
            try:
                self.index()
            except StoreLockedError:
                log.warning(
                    "the index at %s is being updated elsewhere; searching it as it is",
                    self.index_dir,
                )
        if self._index is None:
            tantivy = _tantivy()

            if not self.index_dir.is_dir() or not tantivy.Index.exists(str(self.index_dir)):
                raise ConfigError(
                    f"The local corpus {self.directory} has no search index yet.",
                    hint=f"Run 'kgfc kg index {self.directory}' first.",
                )
            self._index = tantivy.Index.open(str(self.index_dir))
        return self._index

    def search(self, query: str, limit: int = 5) -> list[SearchHit]:
        """The ``limit`` best passages for ``query`` (plain words; no query syntax is obeyed)."""
        # Claims and keywords are data, not tantivy query syntax: keep only words.
        words = re.findall(r"\w+", query.lower())[:MAX_QUERY_WORDS]
        if not words:
            return []
        index = self._ready()
        parsed = index.parse_query(
            " ".join(words), ["title", "body"], field_boosts={"title": TITLE_BOOST}
        )
        searcher = index.searcher()
        self.calls += 1
        hits: list[SearchHit] = []
        for score, address in searcher.search(parsed, max(1, int(limit))).hits:
            stored = searcher.doc(address).to_dict()

            def one(name: str, default: Any = None, stored: dict[str, list[Any]] = stored) -> Any:
                values = stored.get(name) or [default]
                return values[0]

            hits.append(
                SearchHit(
                    id=one("id"),
                    title=one("title", ""),
                    text=one("body", ""),
                    url=one("url") or None,
                    provider=self.name,
                    query=query,
                    rank=len(hits) + 1,
                    score=round(float(score), 4),
                    metadata={
                        "doc_id": one("doc"),
                        "path": str(self.directory / one("path")),
                        "passage": one("passage", 0),
                        "mtime": one("mtime"),
                    },
                )
            )
        return hits
