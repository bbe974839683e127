"""The wheelhouse: the mock_services wheel and its dependencies for the image's CPython 3.11.

Built on the host (where the package index is reachable and trusted) and installed offline in
the image. It is rebuilt only when the package's sources change.
"""

from __future__ import annotations

import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from taskkit.file_lock import held
from taskkit.images.hashing import InputHash
from taskkit.images.layout import Layout

IMAGE_PYTHON = "3.11"
AGENT_EXTRAS = "agent,browser"
"""The package's extras the image installs for the agent's Python (``images/base/Dockerfile``:
``browser`` only in an image with Chromium)."""
STAMP = "SOURCES.sha256"


class WheelhouseError(RuntimeError):
    pass


def package_hash(layout: Layout) -> str:
    digest = InputHash("mock_services package")
    for source in layout.package_sources:
        digest.add_tree(source.name, source)
    return digest.hexdigest()


def is_current(layout: Layout, source_hash: str) -> bool:
    stamp = layout.wheelhouse_dir / STAMP
    return stamp.exists() and stamp.read_text().strip() == source_hash


def _platform_tag() -> str:
    machine = platform.machine().lower()
    arch = {"amd64": "x86_64", "arm64": "aarch64"}.get(machine, machine)
    return f"manylinux2014_{arch}"


def _pip(args: list[str], log: Path) -> None:
    command = [sys.executable, "-m", "pip", "--disable-pip-version-check", *args]
    with log.open("a") as out:
        out.write(f"$ {' '.join(command)}\n")
        out.flush()
        result = subprocess.run(command, stdout=out, stderr=subprocess.STDOUT, check=False)
    if result.returncode != 0:
        raise WheelhouseError(f"building the wheelhouse failed: {' '.join(args[:2])}; see {log}")


def ensure_wheelhouse(layout: Layout, log: Path) -> Path:
    """Build ``.wheelhouse/`` unless it matches the current sources; returns its path. One
    build at a time per checkout: a parallel build waits and then finds it current."""
    source_hash = package_hash(layout)
    target = layout.wheelhouse_dir
    if is_current(layout, source_hash):
        return target
    with held(str(target.resolve())):
        if not is_current(layout, source_hash):
            _build(layout, source_hash, log)
    return target


def _build(layout: Layout, source_hash: str, log: Path) -> None:
    """The checkout's own wheel and its dependencies' wheels, staged, then moved into place."""
    target = layout.wheelhouse_dir
    staging = Path(tempfile.mkdtemp(prefix="wheelhouse-"))
    log.parent.mkdir(parents=True, exist_ok=True)
    _pip(["wheel", "--no-deps", "--wheel-dir", str(staging), str(layout.root)], log)
    (own_wheel,) = staging.glob("*.whl")
    # Dependencies as binary wheels for the image's interpreter, whatever the host runs.
    _pip(
        [
            "download",
            "--only-binary=:all:",
            "--python-version",
            IMAGE_PYTHON,
            "--implementation",
            "cp",
            "--platform",
            _platform_tag(),
            "--dest",
            str(staging),
            f"{own_wheel}[{AGENT_EXTRAS}]",
        ],
        log,
    )
    (staging / STAMP).write_text(source_hash + "\n")
    shutil.rmtree(target, ignore_errors=True)
    shutil.move(staging, target)
