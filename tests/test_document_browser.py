"""The annotated document in a real browser: Debian's headless Chromium renders it offline.

Checks what only a browser can: the page's script runs under its
Content-Security-Policy, the highlights are drawn in their verdict's colour,
the side panel opens on a claim, and untrusted text from the document stays text.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from kgfc.document.render import to_html
from tests.test_report_browser import CHROMIUM, chromium, decode_png

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="needs Debian's headless Chromium: apt-get install chromium chromium-driver",
    ),
]

TEXT = (
    "Nino Rota was born in Milan. He died in Naples. "
    'He wrote <script>alert(1)</script> "songs" <img src=x onerror=alert(2)> & more. '
    "His music is beautiful."
)
REFUTED_FILL = (0xFB, 0xE3, 0xE0)  # mark.fc.v-refuted
SUPPORTED_FILL = (0xE3, 0xF4, 0xE8)  # mark.fc.v-supported


@pytest.fixture(scope="module")
def page(report, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("document-html") / "document.html"
    path.write_text(to_html(report), encoding="utf-8")
    return path


def _claim_id(report, text: str) -> str:
    return next(c.id for c in report.claims if c.text == text)


def test_script_runs_under_the_csp_and_untrusted_text_stays_text(page, tmp_path):
    dom = chromium(tmp_path, "--dump-dom", url=page.as_uri()).stdout.decode("utf-8")
    assert 'data-ready="1"' in dom  # set by the page's script as its last step
    assert len(re.findall(r"<script\b", dom)) == 2  # the data block and the page's own script
    assert "<img" not in dom
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in dom
    assert len(re.findall(r'<mark class="fc v-refuted"', dom)) == 1
    assert len(re.findall(r'<mark class="fc v-supported"', dom)) == 1
    assert 'id="panel-empty">' in dom and 'id="panel-body"></div>' in dom  # nothing chosen yet


def test_highlights_are_drawn_in_their_verdicts_colours(page, tmp_path):
    shot = tmp_path / "document.png"
    chromium(tmp_path, f"--screenshot={shot}", "--window-size=1200,800", url=page.as_uri())
    width, height, rows = decode_png(shot.read_bytes())
    assert (width, height) == (1200, 800)
    colours = Counter(tuple(r[i : i + 3]) for r in rows for i in range(0, len(r), 3))
    assert colours[REFUTED_FILL] > 200, "the refuted span was not highlighted"
    assert colours[SUPPORTED_FILL] > 200, "the supported span was not highlighted"


def test_the_side_panel_opens_on_a_claim(report, page, tmp_path):
    died = _claim_id(report, "Nino Rota died in Naples.")
    # document.html#CLAIM-ID opens with that claim chosen, as a click on its span would
    dom = chromium(tmp_path, "--dump-dom", url=f"{page.as_uri()}#{died}").stdout.decode("utf-8")
    panel = dom.split('id="panel-body"', 1)[1].split("</section>", 1)[0]
    assert f'data-claim="{died}"' in panel
    assert '<span class="verdict refuted">REFUTED</span>' in panel
    assert "“He died in Naples.”" in panel
    assert '<span class="checked-as">Nino Rota died in Naples.</span>' in panel
    claim = report.claim(died)
    assert claim.evidence and all(
        f'<span class="eid">{e.id}</span>' in panel for e in claim.evidence
    )
    assert re.search(r'<mark class="fc v-refuted selected"', dom)
    assert re.search(r'id="panel-empty" hidden', dom)
