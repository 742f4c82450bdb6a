"""The HTML report in a real browser: Debian's headless Chromium renders it offline.

Checks what only a browser can: the inline script runs under the page's
Content-Security-Policy, the graph is drawn (one ``<g class="node">`` per
entity, node pixels on the screenshot), and untrusted text stays text.
"""

from __future__ import annotations

import re
import struct
import subprocess
import zlib
from collections import Counter
from pathlib import Path

import pytest

from kgfc.models import ClaimTriple, LinkedEntity, VerdictLabel, VerifyResult
from kgfc.report import build_report, retrieved_sources, to_html
from kgfc.web.filter import Passage

CHROMIUM = Path("/usr/bin/chromium")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="needs Debian's headless Chromium: apt-get install chromium chromium-driver",
    ),
]

WD, WDT = "http://www.wikidata.org/entity/", "http://www.wikidata.org/prop/direct/"
DEMO = "https://w3id.org/kgfc/source/demo/codex-m-train"
WIKIDATA = "https://w3id.org/kgfc/source/wikidata/5c1d"
WEBG = "https://w3id.org/kgfc/source/web/9e02"
NODE_FILL = (0x34, 0x49, 0x5E)  # entity circles, drawn only by the page's script
FACTS = [
    # id, subject, label, predicate, label, object, label, source, hop, cited
    ("E1", "Q7186", "Marie Curie", "P19", "place of birth", "Q270", "Warsaw", DEMO, 1, True),
    ("E2", "Q270", "Warsaw", "P17", "country", "Q36", "Poland", WIKIDATA, 2, False),
    ("E3", "Q7186", "Marie Curie", "P26", "spouse", "Q37463", "Pierre Curie", DEMO, 1, False),
    ("E4", "Q37463", "Pierre Curie", "P19", "place of birth", "Q90", "Paris", DEMO, 2, False),
    (
        "E5",
        "Q7186",
        "Marie Curie",
        "P166",
        "award received",
        "Q38104",
        "Nobel Prize in Physics",
        WEBG,
        1,
        False,
    ),
    (
        "E6",
        "Q37463",
        "Pierre Curie",
        "P166",
        "award received",
        "Q38104",
        "Nobel Prize in Physics",
        DEMO,
        2,
        False,
    ),
    ("E7", "Q90", "Paris", "P17", "country", "Q142", "France", WIKIDATA, 3, False),
]


def make_result() -> VerifyResult:
    evidence = [
        {
            "id": eid,
            "text": f"{sl} {pl} {ol}",
            "subject": WD + s,
            "predicate": WDT + p,
            "object": WD + o,
            "object_is_literal": False,
            "subject_label": sl,
            "predicate_label": pl,
            "object_label": ol,
            "source": src,
            "score": 0.9 - 0.1 * hop,
            "hop": hop,
            "cited": cited,
        }
        for eid, s, sl, p, pl, o, ol, src, hop, cited in FACTS
    ]
    evidence.append(
        {
            "id": "E8",
            "text": "Marie Curie date of birth 1867-11-07",
            "subject": WD + "Q7186",
            "predicate": WDT + "P569",
            "object": "1867-11-07",
            "object_is_literal": True,
            "subject_label": "Marie Curie",
            "predicate_label": "date of birth",
            "object_label": None,
            "source": WIKIDATA,
            "score": 0.4,
            "hop": 1,
            "cited": False,
        }
    )
    return VerifyResult(
        id="xss-1",
        claim="<script>alert(1)</script> Marie Curie was born in Warsaw.",
        verdict=VerdictLabel.SUPPORTED,
        confidence=0.9,
        justification='The KG states it: "Marie Curie place of birth Warsaw" (E1).',
        reasoner="local",
        evidence=evidence,
        topic_entities=[
            LinkedEntity(mention="Marie Curie", entity=WD + "Q7186", label="Marie Curie", score=1.0)
        ],
        triples=[
            ClaimTriple(
                subject="Marie Curie",
                relation="born in",
                object="Warsaw",
                subject_id=WD + "Q7186",
                relation_ids=[WDT + "P19"],
                object_id=WD + "Q270",
            )
        ],
    )


def expected_nodes(result: VerifyResult) -> int:
    ids = {e.entity for e in result.topic_entities}
    for f in result.evidence:
        ids.add(f.subject)
        ids.add(("literal", f.object) if f.object_is_literal else f.object)
    return len(ids)


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> Path:
    result = make_result()
    passages = [
        Passage(
            text="A viral post claims Marie Curie was born in Paris.</script><img src=x onerror=alert(2)>",
            source_id="https://blog.example/post",
            confidence=0.4,
            stance="refutes",
            sentence="A viral post claims Marie Curie was born in Paris.",
        ),
    ]
    report = build_report(
        result, web_passages=passages, retrieved=retrieved_sources(result, passages)
    )
    assert len(report.nodes) == expected_nodes(result) == 8
    path = tmp_path_factory.mktemp("html") / "report.html"
    path.write_text(to_html(report), encoding="utf-8")
    return path


def chromium(tmp_path: Path, *args: str, url: str) -> subprocess.CompletedProcess:
    cmd = [
        str(CHROMIUM),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        f"--user-data-dir={tmp_path / 'profile'}",
        *args,
        url,
    ]
    proc = subprocess.run(cmd, capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")[-2000:]
    return proc


def decode_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and RGB(A) rows of an 8-bit, non-interlaced PNG (what Chromium writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, bytearray(), None
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    assert header is not None
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    bpp = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(bytes(idat)), width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        ftype, line = (
            raw[y * (stride + 1)],
            bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]),
        )
        if ftype == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif ftype == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, prev, strict=True))
        elif ftype == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xFF
        elif ftype == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b, c = prev[i], prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append(bytes(line))
        prev = line
    if bpp == 4:
        rows = [bytes(b for i, b in enumerate(r) if i % 4 != 3) for r in rows]
    return width, height, rows


def test_screenshot_is_not_blank_and_shows_the_graph(page, tmp_path):
    shot = tmp_path / "report.png"
    chromium(tmp_path, f"--screenshot={shot}", "--window-size=1200,800", url=page.as_uri())
    width, height, rows = decode_png(shot.read_bytes())
    assert (width, height) == (1200, 800)
    colours = Counter(tuple(r[i : i + 3]) for r in rows[::2] for i in range(0, len(r), 6))
    assert len(colours) > 100, f"only {len(colours)} colours: the page looks blank"
    # Entity circles exist only if the inline script ran (CSP hash right, no JS error).
    node_pixels = sum(
        1 for r in rows for i in range(0, len(r), 3) if tuple(r[i : i + 3]) == NODE_FILL
    )
    # seven entity circles of radius >= 5 px on screen (the eighth node, a literal value, is grey)
    assert node_pixels > 7 * 50, f"{node_pixels} node-coloured pixels: the graph was not drawn"


def test_dom_after_scripts_has_one_node_per_entity(page, tmp_path):
    dom = chromium(tmp_path, "--dump-dom", url=page.as_uri()).stdout.decode("utf-8")
    n = expected_nodes(make_result())
    assert len(re.findall(r'<g class="node( cited)?"', dom)) == n
    assert re.search(r'<svg id="graph"[^>]*data-node-count="(\d+)"', dom).group(1) == str(n)
    assert len(re.findall(r'<g class="edge( cited)?"', dom)) == 8
    # Untrusted text stayed text: only the page's own two script elements, no injected image.
    assert len(re.findall(r"<script\b", dom)) == 2
    assert "<img" not in dom
    assert "&lt;script&gt;alert(1)&lt;/script&gt; Marie Curie was born in Warsaw." in dom


def test_fact_provenance_panel(page, tmp_path):
    # report.html#E2 opens with fact E2 selected, as a click on its edge would.
    dom = chromium(tmp_path, "--dump-dom", url=page.as_uri() + "#E2").stdout.decode("utf-8")
    panel = dom.split('id="prov-fields"', 1)[1].split("</dl>", 1)[0]
    assert (
        f'<dt>source IRI</dt><dd><a href="{WIKIDATA}" rel="noopener noreferrer">{WIKIDATA}</a></dd>'
        in panel
    )
    assert "<dt>fact</dt><dd>Warsaw country Poland</dd>" in panel
    assert "<dt>hop</dt><dd>2</dd>" in panel
    assert "<dt>source kind</dt><dd>Wikidata</dd>" in panel
    assert re.search(r'<g class="edge selected" data-evidence="E2"', dom)
