"""Output files the agent wrote, looked up in both workspace locations (seed 000, Option A).

An instruction says ``output/result.json``; OpenClaw resolves bare paths against
``$HOME/.openclaw/workspace/``, a careful agent writes under ``$HOME/.openclaw/``, and service
tasks use ``/workspace/output``. The verifier accepts any of them, first match wins.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


def workspace_roots(home: Path | None = None) -> list[Path]:
    home = home or Path(os.environ.get("HOME") or "/home/node")
    profile = os.environ.get("OPENCLAW_PROFILE")
    roots = [home / ".openclaw", home / ".openclaw" / "workspace"]
    if profile:
        roots.append(home / ".openclaw" / f"workspace-{profile}")
    roots += [Path("/workspace"), Path("/workspace/environment")]
    return roots


def candidates(relative: str, *, home: Path | None = None) -> list[Path]:
    path = Path(relative)
    if path.is_absolute():
        return [path]
    return [root / path for root in workspace_roots(home)]


def find_output(relative: str, *, home: Path | None = None) -> Path | None:
    """The first existing candidate for ``relative`` (e.g. ``output/result.json``), or None."""
    return next((p for p in candidates(relative, home=home) if p.is_file()), None)


def require_output(relative: str, *, home: Path | None = None) -> Path:
    found = find_output(relative, home=home)
    if found is None:
        tried = ", ".join(str(p) for p in candidates(relative, home=home))
        raise FileNotFoundError(f"{relative}: not found; looked in {tried}")
    return found


def read_json_output(relative: str, *, home: Path | None = None) -> Any:
    path = require_output(relative, home=home)
    try:
        return json.loads(path.read_text())
    except ValueError as exc:
        raise ValueError(f"{path}: not valid JSON: {exc}") from None
