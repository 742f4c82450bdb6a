"""MkDocs hooks: reference pages generated from the code at build time, so they cannot drift.

* ``reference/settings.md`` from the ``kgfc.settings.Settings`` model;
* ``reference/http-api.md`` (and ``reference/openapi.json``) from the app of
  ``kgfc.service.app.create_app``, rendered as Markdown here (no JavaScript viewer, no CDN);
* ``guides/queries.md``, the SPARQL and Cypher cookbook, from the files under ``queries/``.

The CLI reference is rendered by the ``mkdocs-click`` extension from the click commands.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parent.parent  # scripts/ -> the repository root


def _fence(text: str, lang: str = "") -> str:
    return f"```{lang}\n{text.rstrip()}\n```\n"


def settings_page() -> str:
    from pydantic_core import PydanticUndefined

    from kgfc.settings import ENV_PREFIX as prefix
    from kgfc.settings import Settings

    out = [
        "# Settings",
        "",
        "Precedence: command-line flags, then `KGFC_*` environment variables, then a TOML file "
        "(`$KGFC_CONFIG`, else `$KGFC_HOME/config.toml`, else `./kgfc.toml`; keys flat or under "
        "`[kgfc]`, named as in the first column without the prefix, in lower case), then the defaults.",
        "",
        "This table is generated from the settings model, so it lists exactly what can be set.",
        "",
        "| variable | TOML key | type | default | meaning |",
        "|---|---|---|---|---|",
    ]
    for name, field in Settings.model_fields.items():
        if field.default_factory is not None:
            default = "computed"
        elif field.default is PydanticUndefined or field.default is None:
            default = "—"
        else:
            default = f"`{field.default}`"
        kind = getattr(field.annotation, "__name__", None) or str(field.annotation)
        kind = kind.replace("pathlib.", "").replace("typing.", "").replace("|", "\\|")
        desc = (field.description or "").replace("|", "\\|").replace("\n", " ")
        out.append(f"| `{prefix}{name.upper()}` | `{name}` | {kind} | {default} | {desc} |")
    return "\n".join(out) + "\n"


def openapi_schema() -> dict:
    # The app opens no store until it starts; a throwaway home keeps the build off the user's.
    with tempfile.TemporaryDirectory() as home:
        old = os.environ.get("KGFC_HOME")
        os.environ["KGFC_HOME"] = home
        try:
            from kgfc.service.app import create_app

            return create_app().openapi()
        finally:
            if old is None:
                os.environ.pop("KGFC_HOME", None)
            else:
                os.environ["KGFC_HOME"] = old


def _schema_name(schema: dict) -> str:
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[-1]
        return f"[`{name}`](#{name.lower()})"
    if "anyOf" in schema:
        return " or ".join(_schema_name(s) for s in schema["anyOf"])
    if schema.get("type") == "array":
        return f"array of {_schema_name(schema.get('items', {}))}"
    return f"`{schema.get('type', 'any')}`"


def http_api_page(spec: dict) -> str:
    info = spec.get("info", {})
    out = [
        "# HTTP API",
        "",
        info.get("description", ""),
        "",
        f"Generated from the OpenAPI schema of `kgfc serve` (version {info.get('version', '')}). "
        "The schema itself: [openapi.json](openapi.json); a running server also serves it at "
        "`/openapi.json` with interactive docs at `/docs`.",
        "",
    ]
    for path, ops in spec.get("paths", {}).items():
        for method, op in ops.items():
            out += [f"## `{method.upper()} {path}`", ""]
            if op.get("summary"):
                out += [f"**{op['summary']}**", ""]
            if op.get("description"):
                out += [op["description"].strip(), ""]
            params = op.get("parameters", [])
            if params:
                out += ["| parameter | in | type | required | meaning |", "|---|---|---|---|---|"]
                for p in params:
                    desc = (p.get("description") or "").replace("\n", " ").replace("|", "\\|")
                    typ = _schema_name(p.get("schema", {})).replace("|", "\\|")
                    req = "yes" if p.get("required") else "no"
                    out.append(f"| `{p['name']}` | {p['in']} | {typ} | {req} | {desc} |")
                out.append("")
            body = op.get("requestBody", {}).get("content", {})
            for ctype, media in body.items():
                out += [f"Request body (`{ctype}`): {_schema_name(media.get('schema', {}))}", ""]
            responses = op.get("responses", {})
            if responses:
                out += ["| status | meaning |", "|---|---|"]
                for status, resp in responses.items():
                    desc = (resp.get("description") or "").replace("\n", " ").replace("|", "\\|")
                    out.append(f"| {status} | {desc} |")
                out.append("")
    schemas = spec.get("components", {}).get("schemas", {})
    if schemas:
        out += ["## Schemas", ""]
        for name, schema in schemas.items():
            out += [f"### {name}", ""]
            if schema.get("description"):
                out += [schema["description"].strip(), ""]
            props = schema.get("properties", {})
            if props:
                required = set(schema.get("required", []))
                out += ["| field | type | required | meaning |", "|---|---|---|---|"]
                for field, fs in props.items():
                    desc = (fs.get("description") or "").replace("\n", " ").replace("|", "\\|")
                    typ = _schema_name(fs).replace("|", "\\|")
                    req = "yes" if field in required else "no"
                    out.append(f"| `{field}` | {typ} | {req} | {desc} |")
                out.append("")
            elif "enum" in schema:
                out += ["One of: " + ", ".join(f"`{v}`" for v in schema["enum"]), ""]
    return "\n".join(out) + "\n"


def _query_doc(text: str, comment: str) -> tuple[str, str]:
    lines = text.splitlines()
    doc = []
    while lines and lines[0].startswith(comment):
        doc.append(lines.pop(0)[len(comment) :].strip())
    return " ".join(doc), "\n".join(lines)


def queries_page() -> str:
    out = [
        "# SPARQL and Cypher cookbook",
        "",
        "The named queries kgfc itself runs, included here from the `queries/` folder of the "
        "source tree. A SPARQL one runs by name: `kgfc kg query --name NAME --bind VAR=VALUE`; "
        "the Cypher ones run on the Cypher mirror (Neo4j or FalkorDB, see "
        "[Inspect evidence with Cypher](../cypher.md)) with `kgfc kg cypher --name NAME`.",
        "",
    ]
    for kind, ext, comment, lang in (
        ("SPARQL", "rq", "#", "sparql"),
        ("Cypher", "cypher", "//", "cypher"),
    ):
        out += [f"## {kind}", ""]
        for path in sorted((ROOT / "queries" / kind.lower()).glob(f"*.{ext}")):
            doc, body = _query_doc(path.read_text(encoding="utf-8"), comment)
            out += [f"### `{path.stem}`", ""]
            if doc:
                out += [doc, ""]
            out += [_fence(body, lang)]
    return "\n".join(out) + "\n"


def on_files(files, config):
    spec = openapi_schema()
    pages = {
        "reference/settings.md": settings_page(),
        "reference/http-api.md": http_api_page(spec),
        "reference/openapi.json": json.dumps(spec, indent=2),
        "guides/queries.md": queries_page(),
    }
    for path, content in pages.items():
        files.append(File.generated(config, path, content=content))
    return files
