"""``kgfc verify``: one claim, a JSONL file of claims or triples, or stdin."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import sys
import threading
from collections import deque
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING, Any, NamedTuple

import click
from pydantic import ValidationError

from kgfc.cli.common import Progress, info, open_cli_store, settings_from
from kgfc.cli.options import store_option
from kgfc.errors import InputError
from kgfc.models import UNKNOWN_ENTITY, VerifyResult
from kgfc.pipeline.record import DEFAULT_CHUNK
from kgfc.pipeline.request import (
    OPTION_NAMES,
    CheckOptions,
    ClaimLine,
    ClaimRequest,
    iter_claims,
    validation_message,
)

if TYPE_CHECKING:  # the pipeline loads when a claim is checked here, not sent to a server
    from types import FrameType

    from kgfc.pipeline.api import FactChecker
    from kgfc.settings import Settings

# the exit code of --fail-on: neither a runtime failure (1) nor bad input (2)
FAIL_ON_EXIT = 3
FORMATS = ("text", "json", "jsonl", "csv", "tsv", "table")
# the columns of --format csv/tsv/table: one row per claim
COLUMNS = ("id", "verdict", "confidence", "reasoner", "claim", "error")


def check_options(params: Mapping[str, Any]) -> CheckOptions:
    """The per-claim options from the command's parameters (``ctx.params``).

    Each :class:`CheckOptions` field is the flag of its name, but ``record``
    (``--no-record``); a field without its flag is a KeyError.
    """
    flags = {name: params[name] for name in OPTION_NAMES if name != "record"}
    return CheckOptions.model_validate({**flags, "record": not params["no_record"]})


def single_line(
    claim: str | None, triple: tuple[str, ...] | None, claim_id: str | None, opts: CheckOptions
) -> ClaimLine:
    """The command line's one claim as a request; bad input is an input error (exit 2)."""
    try:
        request = ClaimRequest.model_validate(
            {
                **opts.model_dump(),
                "id": claim_id,
                **({"triple": list(triple)} if triple else {"claim": claim}),
            }
        )
    except ValidationError as exc:
        raise InputError(f"Not a claim: {validation_message(exc)}") from None
    # named by its text (not a line): the same claim gets the same id from every shell
    return ClaimLine(line=0, request=request.model_copy(update={"id": request.claim_id()}))


def render_text(r: VerifyResult) -> str:
    lines = [
        f"[{r.id}] {r.claim}",
        f"  verdict: {r.verdict.value}  (confidence {r.confidence:.2f}, reasoner {r.reasoner})",
    ]
    lines.append(f"  why: {r.justification}")
    if r.topic_entities:
        lines.append(
            "  entities: "
            + ", ".join(
                f"{e.label or e.entity} ({e.entity.rsplit('/', 1)[-1]})" for e in r.topic_entities
            )
        )
    if r.cited:
        lines.append("  evidence:")
        for e in r.cited:
            lines.append(f"    {e.id}: {e.text}  [source {e.source}]")
    c = r.counters
    lines.append(
        f"  cost: {c.llm_calls} LLM calls, {c.prompt_tokens}+{c.completion_tokens} tokens, "
        f"{c.sparql_queries} SPARQL queries, {c.search_calls} searches, {c.seconds:.3f}s"
    )
    return "\n".join(lines)


@click.command("verify")
@click.argument("claim", required=False)
@click.option(
    "--file",
    "claim_file",
    type=click.File("rb"),
    help="Claims: JSON lines (a claim, or an object with 'claim' or 'triple' and options, "
    "a line), plain text lines or a JSON list ('-' = stdin).",
)
@click.option(
    "--triple", nargs=3, metavar="S P O", help="Verify a structured triple, e.g. Q76 P19 Q18094."
)
@click.option(
    "--id",
    "claim_id",
    default=None,
    help="Id for a single claim (default: c- and a hash of its text).",
)
@click.option(
    "--reasoner",
    type=click.Choice(["local", "llm"]),
    default=None,
    help="Default: llm when configured, else local.",
)
@click.option(
    "--strict/--no-strict",
    default=None,
    help="Local reasoner: SUPPORTED only from stated or entailed facts, no prediction by mined rules (KGFC_STRICT).",
)
@click.option("--beam", type=click.IntRange(1, 50), default=None, help="Beam width k (default 4).")
@click.option(
    "--hops", type=click.IntRange(1, 10), default=None, help="Search depth N (default 4)."
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(FORMATS),
    default=None,
    help="Output: text (default), json (an array for batches), jsonl (one object per line), "
    "csv, tsv, or table (one line per claim).",
)
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option("--nl", "as_nl", is_flag=True, help="Same as --format jsonl.")
@click.option("--no-record", is_flag=True, help="Do not store the claim and verdict in the KG.")
@click.option(
    "--record-chunk",
    type=click.IntRange(1),
    default=DEFAULT_CHUNK,
    show_default=True,
    metavar="N",
    help="Batch: record N claims per transaction; a crash loses at most one chunk, and a "
    "result is printed once it is recorded.",
)
@click.option(
    "--resume",
    is_flag=True,
    help="Batch: skip the claims already recorded (same id and text), e.g. after an interrupted run.",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 256),
    default=None,
    metavar="N",
    help="Batch: check on N worker processes, this one recording (default: one per core, "
    "fewer for a short batch; 1 with --web/--pubmed or an in-memory store).",
)
@click.option(
    "--unordered",
    is_flag=True,
    help="Batch: print results as they finish rather than in input order.",
)
@click.option(
    "--ray",
    "ray_address",
    is_flag=False,
    flag_value="",
    default=None,
    metavar="[ADDRESS]",
    help="Batch: check on a Ray cluster (ADDRESS, e.g. ray://head:10001; alone: the one "
    "RAY_ADDRESS names, else a new one on this machine) against a sparql: store; "
    "--file may be JSONL, CSV or Parquet (needs kgfc[ray]).",
)
@click.option(
    "--ray-output",
    default=None,
    metavar="PATH",
    help="With --ray: the nodes write the results to PATH (a .jsonl or .parquet folder) "
    "instead of sending them here.",
)
@click.option(
    "--fail-on",
    type=click.Choice(["refuted", "nei", "not-supported"]),
    default=None,
    help=f"Exit {FAIL_ON_EXIT} if any verdict is REFUTED / NOT ENOUGH INFO / not SUPPORTED "
    "(1 stays a runtime failure, 2 bad input).",
)
@click.option(
    "--web/--no-web", default=None, help="Search the web when the KG is not enough (KGFC_WEB)."
)
@click.option(
    "--search",
    "search_spec",
    default=None,
    metavar="PROVIDER",
    help="Search provider: serper, searxng[:URL], local:DIR (KGFC_SEARCH_PROVIDER).",
)
@click.option(
    "--pubmed/--no-pubmed", default=None, help="Search PubMed for biomedical claims (KGFC_PUBMED)."
)
@click.option(
    "--max-steps", type=click.IntRange(2, 20), default=5, show_default=True, help="Agent step cap."
)
@click.option(
    "--max-llm-calls", type=click.IntRange(1), default=None, help="Budget: LLM calls per claim."
)
@click.option(
    "--max-tokens", type=click.IntRange(1), default=None, help="Budget: LLM tokens per claim."
)
@click.option(
    "--max-searches", type=click.IntRange(0), default=None, help="Budget: search calls per claim."
)
@click.option(
    "--max-seconds", type=click.FloatRange(0.1), default=None, help="Budget: seconds per claim."
)
@click.option(
    "--report",
    "report_fmt",
    type=click.Choice(["md", "json", "html"]),
    default=None,
    help="Print a structured report (supporting/refuting evidence, summary, citation check).",
)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, allow_dash=True),
    default="-",
    help="Where to write the report (default stdout).",
)
@click.option(
    "--recheck-stale",
    is_flag=True,
    help="Re-verify the recorded claims whose cited sources were retracted (see `kg evidence`).",
)
@store_option
@click.pass_context
def verify(
    # long: over 80 lines only by its signature, one parameter per click option; the body is
    # short and hands each part to a named step (_check_what_to_check, _verify_local, ...)
    ctx: click.Context,
    claim: str | None,
    claim_file: IO[bytes] | None,
    triple: tuple[str, ...] | None,
    claim_id: str | None,
    reasoner: str | None,
    strict: bool | None,
    beam: int | None,
    hops: int | None,
    as_json: bool,
    as_nl: bool,
    no_record: bool,
    fail_on: str | None,
    web: bool | None,
    search_spec: str | None,
    pubmed: bool | None,
    max_steps: int,
    max_llm_calls: int | None,
    max_tokens: int | None,
    max_searches: int | None,
    max_seconds: float | None,
    report_fmt: str | None,
    output: str,
    store_spec: str | None,
    read_only: bool,
    recheck_stale: bool = False,
    record_chunk: int = DEFAULT_CHUNK,
    resume: bool = False,
    output_format: str | None = None,
    workers: int | None = None,
    unordered: bool = False,
    ray_address: str | None = None,
    ray_output: str | None = None,
) -> None:
    """Check a claim against the knowledge graph: verdict, justification, cited evidence.

    Every claim is one episode (kgfc.pipeline): KG retrieval first, one more hop
    while the evidence does not decide, the web (--web) or PubMed (--pubmed)
    when the KG is not enough, then a verdict.
    """
    fmt = _output_format(output_format, as_json, as_nl)
    as_json, as_nl = fmt == "json", fmt == "jsonl"
    if recheck_stale:
        if claim is not None or claim_file is not None or triple:
            raise click.UsageError("--recheck-stale takes no CLAIM, --file or --triple.")
        claim_file = _stale_claims_file(ctx, store_spec)
        if claim_file is None:
            info("No stale claims in this store.")
            return
    _check_what_to_check(claim, claim_file, triple, resume, no_record, report_fmt)
    settings = settings_from(
        ctx,
        store=store_spec,
        reasoner=reasoner,
        strict=strict,
        beam=beam,
        hops=hops,
        web=web,
        pubmed=pubmed,
        search_provider=search_spec,
    )
    opts = check_options(ctx.params)
    batch = BatchFlags(record_chunk, resume, workers, unordered)
    # one claim from the command line (None: a batch from --file)
    single = single_line(claim, triple, claim_id, opts) if claim_file is None else None
    if ray_address is not None:
        results = _verify_on_ray(settings, opts, batch, claim_file, ray_address, ray_output)
        return _write_ray_results(results, report_fmt, output, fmt, claim_file, settings)
    server = _server_for(ctx, settings, search_spec, resume, read_only)
    if server:
        results, bad_lines = _verify_on_server(
            server, search_spec, resume, single, claim_file, opts, as_nl
        )
    else:
        results, bad_lines, stopped = _verify_local(
            settings, read_only, opts, batch, single, claim_file, as_nl
        )
        if stopped:
            _write_results(results, report_fmt, output, fmt, claim_file, settings)
            info(
                f"Stopped by {stopped} after {len(results)} claim(s)"
                + ("." if no_record else ", every one recorded; re-run with --resume for the rest.")
            )
            ctx.exit(128 + int(getattr(signal, stopped)))
    _write_results(results, report_fmt, output, fmt, claim_file, settings)
    _note_unknown(results)
    if bad_lines:
        _note_bad_lines(results, bad_lines)
        ctx.exit(2)
    if fail_on and _fails(results, fail_on):
        ctx.exit(FAIL_ON_EXIT)


def _verify_on_server(
    server: str,
    search_spec: str | None,
    resume: bool,
    single: ClaimLine | None,
    claim_file: IO[bytes] | None,
    opts: CheckOptions,
    as_nl: bool,
) -> tuple[list[VerifyResult], int]:
    """The claim, or the --file batch, checked by a `kgfc serve`: the results and bad lines."""
    if search_spec:
        raise click.UsageError("--search is the server's setting; drop it with --server.")
    from kgfc.cli.remote import verify_remote

    if resume:
        raise click.UsageError("--resume runs against a local store, not --server.")
    if single is not None:
        return verify_remote(server, [single], single=True)
    assert claim_file is not None  # no single claim: a --file batch
    lines = _read_lines(claim_file, opts)
    return verify_remote(server, lines, as_nl=as_nl)


def _note_bad_lines(results: list[VerifyResult], bad_lines: int) -> None:
    failed = [r.id for r in results if r.error]
    info(
        f"{bad_lines} input line(s) could not be checked"
        + (f" ({', '.join(failed[:10])}{', ...' if len(failed) > 10 else ''})." if failed else ".")
    )


def _check_what_to_check(
    claim: str | None,
    claim_file: IO[bytes] | None,
    triple: tuple[str, ...] | None,
    resume: bool,
    no_record: bool,
    report_fmt: str | None,
) -> None:
    """Usage errors: exactly one of CLAIM, --file, --triple, and the options that go with it."""
    given = sum(x is not None and x != () for x in (claim, claim_file, triple))
    if given != 1:
        raise click.UsageError("Give exactly one of: a CLAIM, --file FILE, --triple S P O.")
    if resume and (claim_file is None or no_record):
        raise click.UsageError("--resume is for a recorded batch (--file, without --no-record).")
    if report_fmt == "html" and claim_file is not None:
        raise click.UsageError("--report html is for one claim; use --report json for a batch.")
    if claim is not None:
        try:
            claim.encode("utf-8")
        except UnicodeEncodeError:
            raise InputError("The claim is not valid UTF-8 text.") from None


def _server_for(
    ctx: click.Context, settings: Settings, search_spec: str | None, resume: bool, read_only: bool
) -> str | None:
    """The `kgfc serve` to send the claims to: --server, else a running one holding the store."""
    server: str | None = ctx.find_root().params.get("server")
    if not (
        server or search_spec or resume or read_only or ctx.find_root().params.get("no_server")
    ):
        from kgfc.cli.remote import running_server  # a `kgfc serve` holding the store

        server = running_server(settings)
    return server


def _note_unknown(results: list[VerifyResult]) -> None:
    """Unknown ids: said in the result, and to the person at the terminal."""
    for r in results:
        if r.justification.startswith(UNKNOWN_ENTITY):
            info(f"note [{r.id}]: {r.justification.split(' (', 1)[0]}")
        elif (qid := _barely_known(r)) is not None:
            info(
                f"note [{r.id}]: the KG knows little about {qid}; "
                f"`kgfc kg enrich --entity {qid}` fetches its facts from Wikidata (online)."
            )


# NOT ENOUGH INFO with fewer facts than this about the claim's subject: suggest enriching it
BARELY_KNOWN = 5


def _barely_known(r: VerifyResult) -> str | None:
    """The Wikidata id of a NOT ENOUGH INFO claim's subject the evidence barely covers, else None."""
    if r.error or r.verdict.value != "NOT ENOUGH INFO" or not r.triples:
        return None
    subject = r.triples[0].subject_id
    if not subject:
        return None
    facts = sum(1 for e in r.evidence if subject in (e.subject, e.object))
    return subject.rsplit("/", 1)[-1] if facts < BARELY_KNOWN else None


def _output_format(output_format: str | None, as_json: bool, as_nl: bool) -> str:
    """The --format, from it or its aliases --json / --nl; two different ones are a usage error."""
    given = {f for f, on in (("json", as_json), ("jsonl", as_nl)) if on}
    if output_format:
        given.add(output_format)
    if len(given) > 1:
        raise click.UsageError(f"Give one output format, not {' and '.join(sorted(given))}.")
    return given.pop() if given else "text"


def _row(r: VerifyResult) -> list[str]:
    if r.error:  # an unreadable line or a failed claim: no verdict, only its error
        return [r.id, "", "", "", r.claim, r.error]
    return [r.id, r.verdict.value, f"{r.confidence:.2f}", r.reasoner, r.claim, ""]


def _write_rows(results: list[VerifyResult], fmt: str) -> None:
    if fmt in ("csv", "tsv"):
        out = io.StringIO()
        writer = csv.writer(out, delimiter="," if fmt == "csv" else "\t", lineterminator="\n")
        writer.writerow(COLUMNS)
        writer.writerows(_row(r) for r in results)
        click.echo(out.getvalue(), nl=False)
        return
    # table: id, verdict and confidence in fixed columns, then the claim (or the error)
    width = max([len("id"), *(len(r.id) for r in results)])
    click.echo(f"{'id':<{width}}  {'verdict':<15}  {'conf':>4}  claim")
    for r in results:
        if r.error:
            click.echo(f"{r.id:<{width}}  {'ERROR':<15}  {'':>4}  {r.error}")
        else:
            click.echo(f"{r.id:<{width}}  {r.verdict.value:<15}  {r.confidence:4.2f}  {r.claim}")


def _write_results(
    results: list[VerifyResult],
    report_fmt: str | None,
    output: str,
    fmt: str,
    claim_file: IO[bytes] | None,
    settings: Settings,
) -> None:
    as_nl, as_json = fmt == "jsonl", fmt == "json"
    if report_fmt:
        _write_report(results, report_fmt, output, settings.trust_order)
    elif fmt in ("csv", "tsv", "table"):
        _write_rows(results, fmt)
    elif as_nl:
        if claim_file is None:
            click.echo(results[0].json_line())
    elif as_json:
        data = [r.model_dump(mode="json") for r in results]
        click.echo(
            json.dumps(data[0] if claim_file is None else data, indent=2, ensure_ascii=False)
        )
    elif claim_file is None:
        click.echo(render_text(results[0]))
    else:
        for r in results:
            click.echo(render_text(r) if not r.error else f"[{r.id}] error: {r.error}")


class BatchFlags(NamedTuple):
    """The flags of a batch checked here (not per claim): chunks, resume, workers, order."""

    record_chunk: int = DEFAULT_CHUNK
    resume: bool = False
    workers: int | None = None
    unordered: bool = False


def _verify_local(
    settings: Settings,
    read_only: bool,
    opts: CheckOptions,
    batch: BatchFlags,
    single: ClaimLine | None,
    claim_file: IO[bytes] | None,
    as_nl: bool,
) -> tuple[list[VerifyResult], int, str | None]:
    """Check on the local store: ``single``, or the batch in ``claim_file``.

    ``settings`` already carry the options the store and pipeline read from
    settings (beam, hops, web, pubmed); the rest come with each request.
    """
    from kgfc.pipeline.api import FactChecker

    store = open_cli_store(settings, read_only=read_only)
    stopped = None
    try:
        checker = FactChecker.from_settings(
            settings,
            store=store,
            reasoner=opts.reasoner,
            record=opts.record,
            trajectory_log=settings.home / "trajectories",
            max_steps=opts.max_steps,
            budget=opts.budget(),
        )
        if single is not None:
            results = [checker.verify(single)]
            bad_lines = 0
        else:
            assert claim_file is not None  # no single claim: a --file batch
            lines = _read_lines(claim_file, opts)
            results, bad_lines, stopped = _run_batch(checker, lines, as_nl, batch)
    finally:
        store.close()
    return results, bad_lines, stopped


def _read_lines(claim_file: IO[bytes], opts: CheckOptions) -> list[ClaimLine]:
    """A claims file's lines; fields kgfc does not read (a data set's ``label``) are left out, said once."""
    lines = list(iter_claims(claim_file, options=opts.model_dump(), lenient=True))
    ignored = sorted({name for line in lines for name in line.ignored})
    if ignored:
        info(f"Fields not read from the claims file: {', '.join(ignored)}.")
    return lines


def _verify_on_ray(
    settings: Settings,
    opts: CheckOptions,
    batch: BatchFlags,
    claim_file: IO[bytes] | None,
    address: str,
    output: str | None,
) -> list[VerifyResult]:
    """The batch on a Ray cluster (kgfc.pipeline.cluster); its results, unless written by the nodes."""
    from pathlib import Path

    from kgfc.models import VerifyResult
    from kgfc.pipeline.cluster import ClusterJob, verify_on_ray

    name = getattr(claim_file, "name", None)
    if claim_file is None or not name or name == "-" or not Path(name).exists():
        raise click.UsageError(
            "--ray reads the claims from a file every node can read: --file PATH."
        )
    job = ClusterJob(
        claims=str(Path(name).resolve()),
        store=settings.store or "",
        settings=settings,
        reasoner=opts.reasoner,
        max_steps=opts.max_steps,
        record=opts.record,
        resume=batch.resume,
        chunk=batch.record_chunk,
        actors=batch.workers or 2,
    )
    # Ray's own messages (a lost node, say) go to the driver's stdout: stdout is for data
    with _stdout_to_stderr():
        results = [
            VerifyResult.model_validate(r)
            for r in verify_on_ray(job, address=address or None, output=output)
        ]
    if output:
        info(f"Wrote the results under {output}")
    return results


@contextmanager
def _stdout_to_stderr() -> Iterator[None]:
    """File descriptor 1 on stderr for the block (what Ray's threads print, too)."""
    sys.stdout.flush()
    saved = os.dup(1)
    os.dup2(2, 1)
    try:
        yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)


def _write_ray_results(
    results: list[VerifyResult],
    report_fmt: str | None,
    output: str,
    fmt: str,
    claim_file: IO[bytes] | None,
    settings: Settings,
) -> None:
    if fmt == "jsonl" and not report_fmt:  # a local batch prints these lines as it goes
        for r in results:
            click.echo(r.json_line())
    else:
        _write_results(results, report_fmt, output, fmt, claim_file, settings)


def _stale_claims_file(ctx: click.Context, store_spec: str | None) -> io.BytesIO | None:
    """The stale recorded claims as a JSONL batch (id and text or triple), or None when there are none."""
    from kgfc.kg.verdicts import stale_claim_texts
    from kgfc.registry import open_store

    settings = settings_from(ctx, store=store_spec)
    store = open_store(settings.store or str(settings.store_path()), read_only=True)
    try:
        items = stale_claim_texts(store)
    finally:
        store.close()
    if not items:
        return None
    lines = "".join(
        json.dumps({"id": cid, "triple": list(ids)} if ids else {"id": cid, "claim": text}) + "\n"
        for cid, text, ids in items
    )
    return io.BytesIO(lines.encode("utf-8"))


def _write_report(results: list[VerifyResult], fmt: str, output: str, trust_order: str) -> None:
    from pathlib import Path

    from kgfc.report import build_report, retrieved_sources, to_html, to_json, to_markdown

    for r in results:
        if r.error:  # a report has no place for a claim that was never checked
            info(f"Error: {r.error}")
    reports = [
        build_report(
            r,
            web_passages=r.web_passages,
            retrieved=retrieved_sources(r, r.web_passages),
            trust_order=trust_order,  # the order the verdicts followed
        )
        for r in results
        if not r.error
    ]
    if fmt == "json":
        text = (
            to_json(reports[0])
            if len(reports) == 1
            else "[" + ",\n".join(to_json(r) for r in reports) + "]"
        )
    elif fmt == "md":
        text = "\n\n---\n\n".join(to_markdown(r) for r in reports)
    else:
        text = to_html(reports[0])
    if output == "-":
        click.echo(text)
        return
    path = Path(output)
    tmp = path.with_name(path.name + ".part")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)  # never a half-written report under the real name
    info(f"Wrote {path}")


@contextmanager
def _stop_on_signals() -> Iterator[dict[str, str]]:
    """SIGTERM or Ctrl-C asks the batch to stop after the claim in hand (``flag["signal"]`` set).

    The batch then records and prints what it checked and exits 128 + the
    signal: nothing checked is lost, no output line is cut. (Python's default
    is to die on SIGTERM, losing the pending chunk, and to raise Ctrl-C
    wherever the program is, even half-way through printing a line.) A
    second signal does the default.
    """
    flag: dict[str, str] = {}
    if threading.current_thread() is not threading.main_thread():
        yield flag
        return
    previous = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGINT)}

    def stop(signum: int, _frame: FrameType | None) -> None:
        if flag:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            signal.raise_signal(signum)
            return
        flag["signal"] = signal.Signals(signum).name

    for sig, handler in previous.items():
        if handler is not signal.SIG_IGN:  # a shell that ignores Ctrl-C for a background job
            signal.signal(sig, stop)
    try:
        yield flag
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _run_batch(
    checker: FactChecker, lines: list[ClaimLine], as_nl: bool, batch: BatchFlags
) -> tuple[list[VerifyResult], int, str | None]:
    """Print the batch as :meth:`FactChecker.verify_many` checks it: nothing is checked here.

    With --nl a result is printed once its claim is recorded (with recording
    on), so what the output shows is what the store holds: after a crash, a
    re-run with --resume prints exactly the claims that were not.
    """
    bar = Progress(lines[-1].line if lines else 0, "verify")
    results: list[VerifyResult] = []
    unprinted: deque[VerifyResult] = deque()
    skipped: list[int] = []

    def emit() -> None:
        # each taken off once its line is made, the lines written together: should an
        # exception stop the loop, the final emit prints the rest, none twice
        out: list[str] = []
        try:
            while unprinted:
                if as_nl:
                    out.append(unprinted[0].json_line() + "\n")
                unprinted.popleft()
        finally:
            if out:
                click.echo("".join(out), nl=False)
                sys.stdout.flush()

    def on_result(i: int, res: VerifyResult) -> None:
        if res.error is not None and as_nl:  # the stream carries it as data; say it once for people
            click.echo(f"Error: {res.error}", err=True)
        results.append(res)
        bar.update(lines[i].line)

    def on_skipped(i: int) -> None:  # already recorded (--resume)
        skipped.append(i)
        bar.update(lines[i].line)

    written: set[str] = set()  # a chunk's claims whose results have not come yet

    def on_recorded(ids: list[str]) -> None:  # every result so far is in the store
        emit()
        written.update(ids)

    with _stop_on_signals() as stop:
        done = checker.verify_many(
            lines,
            errors="keep",
            chunk=batch.record_chunk,
            resume=batch.resume,
            workers=batch.workers,
            ordered=not batch.unordered,
            on_result=on_result,
            on_skipped=on_skipped,
            on_note=lambda note: info(f"Note: {note}."),
            on_recorded=on_recorded,
        )
        try:
            for res in done:
                unprinted.append(res)
                if res.claim_iri is None or res.id in written:  # not recorded, or written
                    written.discard(res.id)
                    if len(unprinted) == 1:  # none before it waits for its chunk
                        emit()
                if stop:
                    break
        finally:
            done.close()  # writes the last chunk
            emit()
            bar.close()
    if skipped:
        info(f"Resumed: {len(skipped)} claim(s) already recorded were skipped.")
    return results, sum(r.error is not None for r in results), stop.get("signal")


def _fails(results: list[VerifyResult], mode: str) -> bool:
    for r in results:
        if r.error:
            continue
        v = r.verdict.value
        if (
            (mode == "refuted" and v == "REFUTED")
            or (mode == "nei" and v == "NOT ENOUGH INFO")
            or (mode == "not-supported" and v != "SUPPORTED")
        ):
            return True
    return False
