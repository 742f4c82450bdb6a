"""The README and the documentation site speak to users, and the generated references match the code."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

# Development-process talk: issue references, commit hashes, workspace paths, load averages.
DEV_TALK = re.compile(r"issue #|\(#[0-9]+\)|[0-9a-f]{7}\b|\.\./shared|load average")
# False positives of DEV_TALK, removed from a line before it is searched:
# * claim ids: kgfc names a checked claim ``c-`` + 10 hex digits (the quick start prints one,
#   and ``kgfc kg evidence`` takes it), which the commit-hash pattern would match;
# * a placeholder claim id written with digits only (``c-0123456789``) in a SPARQL example.
ALLOWED = re.compile(r"\bc-[0-9a-f]{10}\b")


def _user_pages() -> list[Path]:
    # Every text file under docs/, as the acceptance grep reads it, plus the README. The web
    # app's screenshots (docs/assets/web/*.png) are left out: their compressed bytes match the
    # hash pattern by chance ("Binary file matches"); the pages they show are read here instead.
    pages = sorted(p for p in DOCS.rglob("*") if p.is_file() and p.suffix != ".png")
    return [ROOT / "README.md", *pages]


def test_readme_is_short():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 250, f"README.md has {len(lines)} lines; keep it to 250"


def test_readme_states_the_test_command():
    assert "python -m pytest -n auto" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_no_development_talk_in_user_pages():
    hits = []
    for page in _user_pages():
        for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            if DEV_TALK.search(ALLOWED.sub("", line)):
                hits.append(f"{page.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not hits, "development-process talk in user-facing pages:\n" + "\n".join(hits)


def test_dev_talk_pattern_catches_what_it_should():
    # The check above must be able to fail: each of these is what it exists to keep out.
    for line in (
        "fixed in issue #14",
        "see (#12)",
        "measured at 4e9abf7",
        "`../shared/data/fever`",
        "load average 7.7",
    ):
        assert DEV_TALK.search(ALLOWED.sub("", line)), line
    assert not DEV_TALK.search(ALLOWED.sub("", "kgfc kg evidence c-8eb47e6e3d"))


def test_web_app_page_shows_every_screenshot_the_browser_tests_take():
    taken = set(
        re.findall(r'shot\(browser, "([\w-]+)"', (ROOT / "tests" / "test_web_app.py").read_text())
    )
    page = (DOCS / "guides" / "web-app.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"\]\(\.\./assets/web/([\w-]+)\.png\)", page))
    on_disk = {p.stem for p in (DOCS / "assets" / "web").glob("*.png")}
    assert len(taken) >= 8 and taken == shown == on_disk, (taken, shown, on_disk)


def _click_tree(cmd: click.Command, path: tuple[str, ...]):
    """(command path, option declarations) for every command under ``cmd``."""
    yield path, cmd
    if isinstance(cmd, click.Group):
        ctx = click.Context(cmd, info_name=path[-1])
        for name in cmd.list_commands(ctx):
            sub = cmd.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                yield from _click_tree(sub, (*path, name))


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The documentation site, built as CI builds it (``mkdocs build --strict``)."""
    pytest.importorskip("mkdocs", reason="pip install -e '.[docs]'")
    pytest.importorskip("material", reason="pip install -e '.[docs]'")
    pytest.importorskip("mkdocs_click", reason="pip install -e '.[docs]'")
    out = tmp_path_factory.mktemp("site")
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    return out


def _rendered_cli_reference(site: Path) -> str:
    return (site / "reference" / "cli" / "index.html").read_text(encoding="utf-8")


def _missing_from(page: str) -> list[str]:
    """Commands and options of the click tree that the rendered CLI reference page lacks."""
    from kgfc.cli import cli

    page = html.unescape(page)
    missing = []
    for path, cmd in _click_tree(cli, ("kgfc",)):
        anchor = "-".join(path)
        if f'id="{anchor}"' not in page:
            missing.append(f"command {' '.join(path)}")
            continue
        # The section of this command: from its heading to the next heading of any command.
        start = page.index(f'id="{anchor}"')
        nxt = re.search(r'<h[1-6] id="kgfc-', page[start + 1 :])
        section = page[start : start + 1 + nxt.start()] if nxt else page[start:]
        for param in cmd.params:
            if not isinstance(param, click.Option) or param.hidden:
                continue
            for decl in param.opts + param.secondary_opts:
                if not re.search(rf"(?<![\w-]){re.escape(decl)}(?![\w-])", section):
                    missing.append(f"{' '.join(path)} {decl}")
    return missing


def test_cli_reference_lists_every_command_and_option(site):
    missing = _missing_from(_rendered_cli_reference(site))
    assert not missing, "CLI reference page lacks:\n" + "\n".join(missing)


def test_cli_reference_comparison_can_fail(site):
    # The comparison must notice a command, or one option, that the page does not show.
    page = _rendered_cli_reference(site)
    assert "command kgfc kg query" in _missing_from(page.replace('id="kgfc-kg-query"', 'id="x"'))
    verify = page.index('id="kgfc-verify"')
    cut = page[:verify] + page[verify:].replace("--triple", "--tri-ple")
    assert "kgfc verify --triple" in _missing_from(cut)


def test_generated_pages_follow_the_code(site):
    out = site
    api = (out / "reference" / "http-api" / "index.html").read_text(encoding="utf-8")
    assert "/v1/verify" in api and "/sparql" in api
    settings = (out / "reference" / "settings" / "index.html").read_text(encoding="utf-8")
    from kgfc.settings import Settings

    for name in Settings.model_fields:
        assert f"KGFC_{name.upper()}" in settings, name
    cookbook = (out / "guides" / "queries" / "index.html").read_text(encoding="utf-8")
    for q in (ROOT / "queries").rglob("*"):
        if q.is_file():
            assert q.stem in cookbook, q.name
    # No page asks a CDN for anything: the site works offline.
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "fonts.googleapis.com" not in text and "cdn.jsdelivr.net" not in text, page
