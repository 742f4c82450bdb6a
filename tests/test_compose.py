"""docker-compose.yml: services, pinned images, loopback-only ports, declared volumes, healthchecks.

There is no Docker engine here, so the file is checked as data; the Oxigraph
healthcheck command is also run for real against the ``oxigraph`` server
binary from PyPI, the same program the image ships.
"""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pyoxigraph
import pytest

yaml = pytest.importorskip("yaml")

COMPOSE = Path(__file__).resolve().parents[1] / "docker-compose.yml"
EXPECTED_PORTS = {"kgfc": {8080}, "oxigraph": {7878}, "neo4j": {7474, 7687}}


@pytest.fixture(scope="module")
def compose() -> dict:
    return yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))


def split_image(image: str) -> tuple[str, str | None]:
    name = image.partition("@")[0]
    if ":" in name.rsplit("/", 1)[-1]:
        repo, tag = name.rsplit(":", 1)
        return repo, tag
    return name, None


def published(port) -> tuple[str | None, int, int]:
    """(host_ip, host_port, container_port) from short or long port syntax."""
    if isinstance(port, dict):
        return port.get("host_ip"), int(port["published"]), int(port["target"])
    text = str(port).split("/", 1)[0]
    parts = text.rsplit(":", 2)
    if len(parts) == 3:
        return parts[0].strip("[]"), int(parts[1]), int(parts[2])
    if len(parts) == 2:
        return None, int(parts[0]), int(parts[1])
    return None, int(parts[0]), int(parts[0])


def named_volume(mount) -> str | None:
    """The named volume a service mounts, or None for bind mounts and tmpfs."""
    if isinstance(mount, dict):
        return mount["source"] if mount.get("type", "volume") == "volume" else None
    source, sep, _ = str(mount).partition(":")
    if not sep or source.startswith((".", "/", "~", "$")):
        return None
    return source


def test_services(compose):
    assert set(compose["services"]) == {"kgfc", "oxigraph", "neo4j"}


def test_images_are_pinned(compose):
    for name, svc in compose["services"].items():
        repo, tag = split_image(svc["image"])
        assert tag, f"{name}: image {svc['image']!r} has no tag"
        assert tag != "latest" and not tag.startswith("latest"), f"{name}: do not use :latest"
        assert re.search(r"\d+\.\d+\.\d+", tag), f"{name}: pin a full x.y.z version, not {tag!r}"


def test_oxigraph_image_matches_the_pyoxigraph_line(compose):
    repo, tag = split_image(compose["services"]["oxigraph"]["image"])
    assert repo == "ghcr.io/oxigraph/oxigraph"
    assert re.fullmatch(r"\d+\.\d+\.\d+", tag), (
        "oxigraph tags its release images with the bare version"
    )
    # Same storage format as the embedded store, so one store directory works with both.
    assert tag.split(".")[:2] == pyoxigraph.__version__.split(".")[:2]


def test_neo4j_image_is_community_5(compose):
    repo, tag = split_image(compose["services"]["neo4j"]["image"])
    assert repo == "neo4j"
    assert re.fullmatch(r"5\.\d+\.\d+-community", tag)


def test_every_published_port_binds_loopback(compose):
    for name, svc in compose["services"].items():
        assert svc.get("network_mode") != "host", f"{name}: host networking bypasses port bindings"
        ports = svc.get("ports", [])
        assert ports, f"{name} publishes nothing"
        seen = set()
        for port in ports:
            host_ip, host_port, container_port = published(port)
            assert host_ip == "127.0.0.1", f"{name}: {port!r} is not bound to 127.0.0.1"
            assert host_port == container_port
            seen.add(container_port)
        assert seen == EXPECTED_PORTS[name]


def test_mounted_volumes_are_declared_and_used(compose):
    declared = set(compose.get("volumes") or {})
    used = set()
    for name, svc in compose["services"].items():
        mounts = {named_volume(m) for m in svc.get("volumes", [])} - {None}
        assert mounts, f"{name} keeps its data in the container: mount a named volume"
        assert mounts <= declared, f"{name} mounts undeclared volumes {mounts - declared}"
        used |= mounts
    assert declared == used, f"declared but unused volumes: {declared - used}"


def test_data_directories_are_on_volumes(compose):
    def targets(svc: dict) -> set[str]:
        return {str(m).split(":")[1] if isinstance(m, str) else m["target"] for m in svc["volumes"]}

    ox, neo = compose["services"]["oxigraph"], compose["services"]["neo4j"]
    assert {"/data"} <= targets(ox)
    command = ox["command"]
    assert command[0] == "serve"
    assert command[command.index("--location") + 1] == "/data"
    # Inside the container it must listen on all interfaces; the host side is loopback-only.
    assert command[command.index("--bind") + 1] == "0.0.0.0:7878"
    assert {"/data", "/logs"} <= targets(neo)


def test_neo4j_auth_comes_from_a_variable_with_a_default(compose):
    env = compose["services"]["neo4j"]["environment"]
    m = re.fullmatch(r"\$\{NEO4J_AUTH:-(?P<user>[^/]+)/(?P<password>[^}]+)\}", env["NEO4J_AUTH"])
    assert m, env["NEO4J_AUTH"]
    assert len(m["password"]) >= 8, "Neo4j 5 refuses passwords shorter than 8 characters"


def test_only_the_secrets_are_interpolated_on_the_host():
    # `${VAR}` is filled in by compose on the host; shell expansions meant for
    # the container must be written `$${VAR}`.
    text = COMPOSE.read_text(encoding="utf-8")
    host_vars = set(re.findall(r"(?<!\$)\$\{(\w+)", text))
    assert host_vars == {"NEO4J_AUTH", "KGFC_SERVER_TOKEN"}


def test_kgfc_service_is_built_here_and_needs_a_token(compose):
    svc = compose["services"]["kgfc"]
    assert svc["build"] == "."
    dockerfile = (COMPOSE.parent / "Dockerfile").read_text(encoding="utf-8")
    assert 'kgfc", "serve", "--host", "0.0.0.0"' in dockerfile
    assert "KGFC_HOME=/data" in dockerfile
    assert {str(m).split(":")[1] for m in svc["volumes"]} == {"/data"}
    # no default token: compose stops with a message when it is unset
    assert re.fullmatch(r"\$\{KGFC_SERVER_TOKEN:\?.+\}", svc["environment"]["KGFC_SERVER_TOKEN"])


def test_every_service_has_a_healthcheck(compose):
    for name, svc in compose["services"].items():
        hc = svc.get("healthcheck")
        assert hc and not hc.get("disable"), f"{name} has no healthcheck"
        test = hc["test"]
        assert isinstance(test, list) and test[0] in ("CMD", "CMD-SHELL") and len(test) > 1
        for key in ("interval", "timeout", "start_period"):
            assert re.fullmatch(r"\d+(ms|s|m)", str(hc[key])), (name, key)
        assert int(hc["retries"]) >= 1


def test_neo4j_healthcheck_splits_the_credentials(compose, tmp_path):
    cmd = compose["services"]["neo4j"]["healthcheck"]["test"][1].replace("$$", "$")
    sh = shutil.which("sh")
    if sh is None:
        pytest.skip("no POSIX shell")
    # A stub cypher-shell on PATH that records its arguments.
    record = tmp_path / "args"
    stub = tmp_path / "cypher-shell"
    stub.write_text(f'#!{sh}\nprintf "%s\\n" "$@" > {record}\n', encoding="utf-8")
    stub.chmod(0o755)
    env = {"NEO4J_AUTH": "neo4j/s3cret pass", "PATH": f"{tmp_path}:/usr/bin:/bin"}
    out = subprocess.run([sh, "-c", cmd], env=env, capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    args = record.read_text(encoding="utf-8").splitlines()
    assert args[args.index("-u") + 1] == "neo4j"
    assert args[args.index("-p") + 1] == "s3cret pass"
    assert args[args.index("-a") + 1] == "bolt://127.0.0.1:7687"
    assert args[-1] == "RETURN 1"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_oxigraph_healthcheck_passes_when_the_server_is_up_and_fails_when_down(compose, tmp_path):
    binary = shutil.which("oxigraph")
    if binary is None:
        pytest.skip("the `oxigraph` server binary is not installed (pip install oxigraph)")
    port = _free_port()
    data = tmp_path / "data"
    data.mkdir()
    test = compose["services"]["oxigraph"]["healthcheck"]["test"]
    assert test[0] == "CMD" and test[1] == "/usr/local/bin/oxigraph"
    argv = [binary] + [a.replace("/data", str(data)).replace(":7878", f":{port}") for a in test[2:]]

    server = subprocess.Popen(
        [binary, "serve", "--location", str(data), "--bind", f"127.0.0.1:{port}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    pytest.fail("oxigraph server did not start")
                time.sleep(0.1)
        up = subprocess.run(argv, capture_output=True, text=True, timeout=60)
        assert up.returncode == 0, up.stderr
        assert '"boolean":true' in up.stdout
    finally:
        server.terminate()
        server.wait(timeout=30)
    down = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    assert down.returncode != 0
