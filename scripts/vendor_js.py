"""Vendor the web app's JavaScript library from npm into the package's static folder.

    python scripts/vendor_js.py            # fetch the pinned versions, copy dist file + licence
    python scripts/vendor_js.py --check    # verify the committed files match the pins

The files are committed (kgfc/service/web/static/vendor/), so a clean checkout,
a wheel and an offline install serve the web app without npm or a network;
this script is how they got there and how to update them. ``npm pack`` fetches
the package tarball from the registry npm is configured with; nothing is
installed globally and nothing runs from the package (no install scripts).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENDOR = ROOT / "kgfc" / "service" / "web" / "static" / "vendor"

# name -> (version, file inside the package, file name here, licence file inside the package)
PACKAGES = {
    "cytoscape": ("3.35.0", "dist/cytoscape.min.js", "cytoscape.min.js", "LICENSE"),
}
MANIFEST = VENDOR / "vendor.json"


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch(name: str, version: str, workdir: Path) -> Path:
    """``npm pack name@version`` into workdir; the unpacked ``package/`` folder."""
    out = subprocess.run(
        ["npm", "pack", f"{name}@{version}", "--json", "--ignore-scripts", "--silent"],
        cwd=workdir,
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    tarball = workdir / json.loads(out.stdout)[0]["filename"]
    unpack = workdir / name
    with tarfile.open(tarball) as tar:
        tar.extractall(unpack, filter="data")
    return unpack / "package"


def vendor() -> dict:
    VENDOR.mkdir(parents=True, exist_ok=True)
    manifest = {}
    with tempfile.TemporaryDirectory(prefix="kgfc-vendor-") as tmp:
        for name, (version, dist, target, licence) in PACKAGES.items():
            pkg = fetch(name, version, Path(tmp))
            declared = json.loads((pkg / "package.json").read_text(encoding="utf-8"))
            if declared["version"] != version:
                sys.exit(f"npm gave {name} {declared['version']}, not the pinned {version}")
            shutil.copyfile(pkg / dist, VENDOR / target)
            shutil.copyfile(pkg / licence, VENDOR / f"{target.split('.')[0]}.LICENSE")
            manifest[name] = {
                "version": version,
                "license": declared.get("license"),
                "file": target,
                "sha256": sha256(VENDOR / target),
            }
    MANIFEST.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return manifest


def check() -> int:
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    bad = []
    for name, (version, _, target, _) in PACKAGES.items():
        entry = manifest.get(name) or {}
        path = VENDOR / target
        if entry.get("version") != version or not path.exists() or sha256(path) != entry["sha256"]:
            bad.append(name)
        if not (VENDOR / f"{target.split('.')[0]}.LICENSE").exists():
            bad.append(f"{name} (licence)")
    if bad:
        print("out of date: " + ", ".join(bad) + "; run python scripts/vendor_js.py", file=sys.stderr)
        return 1
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="verify, do not fetch")
    args = parser.parse_args()
    if args.check:
        return check()
    for name, entry in vendor().items():
        print(f"{name} {entry['version']} ({entry['license']}) -> {VENDOR / entry['file']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
