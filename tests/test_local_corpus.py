"""The local corpus provider: a small corpus made here, indexed with tantivy, searched by passage."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from kgfc.errors import ConfigError
from kgfc.settings import Settings
from kgfc.web.base import make_provider
from kgfc.web.local import INDEX_DIRNAME, LocalCorpusProvider, split_passages

CURIE_TXT = """Marie Curie

Marie Curie was born in Warsaw in 1867, in what was then the Russian Empire.

She shared the 1903 Nobel Prize in Physics with Pierre Curie and Henri Becquerel
for their research on radiation phenomena.

In 1911 she received the Nobel Prize in Chemistry for the discovery of polonium and radium.
"""

EINSTEIN_MD = """# Albert Einstein

Albert Einstein was born in Ulm, in the Kingdom of Württemberg, on 14 March 1879.

## Later life

Einstein emigrated to the United States in 1933 and worked at the Institute for
Advanced Study in Princeton until his death in 1955.
"""

DANUBE_HTML = """<!doctype html>
<html><head><title>The Danube river</title>
<style>body { font-family: sans-serif } .hidden { display: none }</style>
<script>var tracking = "SCRIPTWORD zebra"; console.log(tracking);</script>
</head><body>
<nav><a href="/">Home</a> <a href="/rivers">Rivers</a></nav>
<article>
<h1>The Danube</h1>
<p>The Danube is the second-longest river in Europe, after the Volga. It flows through
ten countries, more than any other river in the world, including Austria and Hungary.</p>
<p>The river rises in the Black Forest in Germany and empties into the Black Sea
through the Danube Delta in Romania and Ukraine.</p>
</article>
<footer>Copyright 2024 Rivers of Europe</footer>
</body></html>
"""

DRUGS_JSONL = [
    {"id": "drug:aspirin", "title": "Aspirin", "url": "https://example.org/aspirin",
     "text": "Aspirin, also known as acetylsalicylic acid, is used to reduce pain, fever and inflammation."},
    {"id": "drug:metformin", "title": "Metformin",
     "text": "Metformin is the first-line medication for the treatment of type 2 diabetes."},
]  # fmt: skip


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def touch_later(path: Path) -> None:
    """Move the mtime on, so a change is seen even on coarse-grained file systems."""
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    write(root / "people" / "curie.txt", CURIE_TXT)
    write(root / "people" / "einstein.md", EINSTEIN_MD)
    write(root / "danube.html", DANUBE_HTML)
    write(root / "drugs.jsonl", "\n".join(json.dumps(d) for d in DRUGS_JSONL) + "\n")
    write(root / "notes.pdf", "not indexed")  # other suffixes are ignored
    write(root / ".hidden" / "secret.txt", "hidden files are not indexed: platypus")
    return root


@pytest.fixture
def provider(corpus: Path) -> LocalCorpusProvider:
    return LocalCorpusProvider(corpus)


def top(provider: LocalCorpusProvider, query: str) -> str:
    hits = provider.search(query, limit=3)
    assert hits, f"no hit for {query!r}"
    return hits[0].id


def test_index_reports_what_it_did(provider, corpus):
    report = provider.index()
    assert (report.files, report.added, report.updated, report.removed) == (4, 4, 0, 0)
    assert report.changed == 4 and report.errors == {}
    assert report.passages == report.passages_written >= 8
    assert (corpus / INDEX_DIRNAME / "manifest.json").is_file()
    assert json.loads(report.model_dump_json())["changed"] == 4


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Where was Marie Curie born?", "people/curie.txt#0"),
        ("Nobel Prize in Chemistry polonium radium", "people/curie.txt#2"),
        ("Einstein born in Ulm", "people/einstein.md#0"),
        ("Einstein emigrated to the United States", "people/einstein.md#1"),
        ("Which countries does the Danube flow through?", "danube.html#0"),
        ("Where does the Danube river rise? Black Forest", "danube.html#1"),
        ("first-line medication for type 2 diabetes", "drug:metformin"),
        ("acetylsalicylic acid", "drug:aspirin"),
    ],
)
def test_search_ranks_the_right_passage_first(provider, query, expected):
    assert top(provider, query) == expected


def test_hits_carry_passage_text_title_and_location(provider, corpus):
    provider.index()
    (hit,) = provider.search("Ulm Württemberg", limit=1)
    assert hit.provider == "local" and hit.rank == 1 and hit.score > 0
    assert hit.title == "Albert Einstein"
    assert (
        hit.text
        == "Albert Einstein was born in Ulm, in the Kingdom of Württemberg, on 14 March 1879."
    )
    assert hit.metadata["path"] == str(corpus / "people" / "einstein.md")
    assert hit.metadata["doc_id"] == "people/einstein.md" and hit.metadata["passage"] == 0
    assert hit.url == (corpus / "people" / "einstein.md").resolve().as_uri()
    aspirin = provider.search("acetylsalicylic", limit=1)[0]
    assert aspirin.url == "https://example.org/aspirin" and aspirin.title == "Aspirin"
    assert provider.calls == 2


def test_html_is_indexed_as_clean_text(provider):
    provider.index()
    assert provider.search("SCRIPTWORD zebra") == []  # script text is not content
    assert provider.search("sans-serif font family") == []  # nor is style
    danube = sorted(provider.search("Danube", limit=5), key=lambda h: h.id)
    assert [h.id for h in danube] == ["danube.html#0", "danube.html#1"]
    assert danube[0].title == "The Danube"
    assert danube[0].text.startswith(
        "The Danube is the second-longest river in Europe"
    )  # <h1> not repeated
    assert all("<" not in h.text and "Copyright" not in h.text for h in danube)


def test_hidden_and_unsupported_files_are_skipped(provider):
    provider.index()
    assert provider.search("platypus") == []
    assert provider.search("not indexed") == [] or all(
        "notes.pdf" not in h.id for h in provider.search("not indexed")
    )


def test_reindex_without_changes_changes_nothing(provider):
    provider.index()
    again = LocalCorpusProvider(provider.directory).index()
    assert again.changed == 0 and again.unchanged == 4 and again.passages_written == 0


def test_modified_file_is_reindexed(provider, corpus):
    provider.index()
    path = corpus / "people" / "curie.txt"
    write(path, CURIE_TXT.replace("Warsaw", "Kraków"))
    touch_later(path)
    report = provider.index()
    assert (report.updated, report.added, report.removed, report.unchanged) == (1, 0, 0, 3)
    assert top(provider, "Marie Curie born Kraków") == "people/curie.txt#0"
    assert provider.search("Warsaw") == []  # the old passage is gone, not duplicated
    assert report.passages == provider.index().passages


def test_same_size_change_is_seen_through_mtime(provider, corpus):
    provider.index()
    path = corpus / "people" / "einstein.md"
    write(path, EINSTEIN_MD.replace("Ulm", "Xyz"))  # same size
    touch_later(path)
    assert provider.index().updated == 1
    assert top(provider, "born in Xyz") == "people/einstein.md#0"


def test_deleted_and_new_files(provider, corpus):
    first = provider.index()
    (corpus / "danube.html").unlink()
    write(
        corpus / "rivers" / "rhine.txt",
        "The Rhine rises in the Swiss Alps and flows into the North Sea.\n",
    )
    report = provider.index()
    assert (report.removed, report.added, report.updated) == (1, 1, 0)
    assert not [
        h for h in provider.search("Danube Black Sea Volga", limit=10) if h.id.startswith("danube")
    ]
    assert top(provider, "Rhine Swiss Alps") == "rivers/rhine.txt#0"
    assert report.passages == first.passages - 2 + 1


def test_search_indexes_on_first_use_and_persists(corpus, tmp_path):
    fresh = LocalCorpusProvider(corpus)
    assert top(fresh, "Einstein Ulm") == "people/einstein.md#0"  # indexed on the fly
    reader = LocalCorpusProvider(corpus, auto_index=False)
    assert top(reader, "Einstein Ulm") == "people/einstein.md#0"  # read back from disk


def test_search_without_index_and_without_auto_index_says_what_to_run(corpus):
    with pytest.raises(ConfigError, match="kgfc kg index"):
        LocalCorpusProvider(corpus, auto_index=False).search("Einstein")


def test_index_dir_can_live_elsewhere(corpus, tmp_path):
    elsewhere = tmp_path / "idx"
    provider = LocalCorpusProvider(corpus, index_dir=elsewhere)
    assert provider.index().added == 4
    assert (elsewhere / "manifest.json").is_file() and not (corpus / INDEX_DIRNAME).exists()


def test_damaged_manifest_rebuilds_from_scratch(provider, corpus):
    provider.index()
    (corpus / INDEX_DIRNAME / "manifest.json").write_text("{not json", encoding="utf-8")
    report = LocalCorpusProvider(corpus).index()
    assert report.added == 4
    assert len(LocalCorpusProvider(corpus).search("Einstein Ulm born", limit=50)) == len(
        provider.search("Einstein Ulm born", limit=50)
    )


def test_queries_are_words_not_syntax(provider):
    provider.index()
    assert top(provider, 'title:"Einstein" AND (Ulm OR') == "people/einstein.md#0"
    assert provider.search("?!*:()") == [] and provider.search("   ") == []


def test_bad_jsonl_lines_are_skipped(corpus):
    write(
        corpus / "bad.jsonl",
        '{"id": "ok", "text": "The okapi lives in the Congo rainforest."}\nnot json\n[1, 2]\n{"id": "empty", "text": ""}\n',
    )
    provider = LocalCorpusProvider(corpus)
    assert provider.index().added == 5
    assert [h.id for h in provider.search("okapi")] == ["ok"]


def test_make_provider_local(corpus):
    provider = make_provider(f"local:{corpus}", Settings())
    assert top(provider, "Einstein Ulm") == "people/einstein.md#0"


# -- passages -------------------------------------------------------------------------
def test_split_passages_merges_headings_and_windows_long_paragraphs():
    words = [f"w{i}" for i in range(330)]
    text = "Heading\n\n" + " ".join(words) + "\n\nA short closing line."
    passages = split_passages(text)
    assert passages[0].startswith("Heading w0 w1")  # a heading joins the paragraph it introduces
    lengths = [len(p.split()) for p in passages]
    assert max(lengths) <= 100 and len(passages) == 4
    # consecutive windows overlap, so no sentence is lost at a cut
    assert passages[1].split()[0] in passages[0].split()
    assert passages[-1].endswith("A short closing line.")  # a short tail joins the last passage
    assert split_passages("") == [] and split_passages("one two") == ["one two"]


def test_missing_tantivy_is_one_message_naming_the_extra_exit_2(tmp_path, monkeypatch):
    """The README's web example on an install without the web extra: the error, then its hint."""
    from click.testing import CliRunner

    from kgfc.cli import cli

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.txt").write_text("Tony Blair was born in Edinburgh.\n")
    monkeypatch.setitem(sys.modules, "tantivy", None)  # as if the extra were not installed
    res = CliRunner().invoke(
        cli,
        ["verify", "Tony Blair was born in London.", "--web", "--search", f"local:{docs}"]
        + ["--no-record", "--store", str(tmp_path / "store")],
    )
    assert res.exit_code == 2
    assert "Traceback" not in res.output
    lines = [x for x in res.stderr.splitlines() if x.strip()]
    assert len(lines) == 2 and lines[0].startswith("Error: ") and "tantivy" in lines[0]
    assert lines[1] == "Install the web extra: pip install 'kgfc[web]'."
