"""The venv a bridge runs upstream's evaluator in: ``WORK/venv``, made once with the packages
upstream's code imports (from PyPI)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from taskkit.parity import ParityUnavailable


def venv_python(work: Path) -> Path:
    return work / "venv" / "bin" / "python"


def ensure_venv(source: str, work: Path, packages: Sequence[str], probe: str = "") -> Path:
    """``WORK/venv``'s python, the venv made with ``packages`` when it is missing (or when
    ``probe``, Python code, fails in it); ``ParityUnavailable`` naming what failed."""
    python = venv_python(work)
    check = [str(python), "-c", probe or "pass"]
    if python.exists() and subprocess.run(check, capture_output=True).returncode == 0:
        return python
    for command in (
        [sys.executable, "-m", "venv", str(work / "venv")],
        [str(python), "-m", "pip", "install", "-q", *packages],
    ):
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            raise ParityUnavailable(
                f"{source}: making the evaluator's venv in {work} ({' '.join(command[:4])}...) "
                f"failed: {done.stderr.strip()[-300:]}"
            )
    return python
