"""Cross-check with the real Harbor: its ``Task`` loader and ``harbor lint`` must accept our
tasks. Harbor needs Python >= 3.12, so it lives in its own venv (``.venv-harbor``), made from
pyenv's 3.12 when missing; our code talks to it through subprocesses only.
"""

from __future__ import annotations

import glob
import json
import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from taskkit.file_lock import held

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv-harbor"
PROBE = Path(__file__).with_name("harbor_probe.py")
HARBOR_REQUIREMENT = "harbor"
# LiteLLM, which Harbor imports, fetches its model price map from GitHub on every run and, on a
# machine without that network, retries for about 10 s after the job is done: read its bundled copy
OFFLINE_DEFAULTS = {"LITELLM_LOCAL_MODEL_COST_MAP": "True"}


class HarborUnavailable(RuntimeError):
    """No Python >= 3.12 to build the venv with, or the install failed (message says which)."""


def find_python312() -> str:
    candidates = [os.environ.get("HARBOR_PYTHON", "")]
    candidates += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.1[2-9]*/bin/python")))
    for candidate in filter(None, candidates):
        if Path(candidate).exists():
            return candidate
    raise HarborUnavailable(
        "no Python >= 3.12 found (looked in $HARBOR_PYTHON and ~/.pyenv/versions/3.12*); "
        "Harbor needs one"
    )


def ensure_harbor_venv(venv: Path = VENV) -> Path:
    """The venv's python, creating the venv and installing Harbor when missing; one process at a
    time (test workers, parallel trials, CI's early start of it), the others waiting for it."""
    python = venv / "bin" / "python"
    harbor = venv / "bin" / "harbor"
    if python.exists() and harbor.exists():
        return python
    with held(str(venv.resolve())):
        if python.exists() and harbor.exists():  # made while this process waited
            return python
        subprocess.run([find_python312(), "-m", "venv", str(venv)], check=True)
        done = subprocess.run(
            [str(python), "-m", "pip", "install", "-q", HARBOR_REQUIREMENT],
            capture_output=True,
            text=True,
            check=False,
        )
    if done.returncode != 0 or not harbor.exists():
        raise HarborUnavailable(f"pip install {HARBOR_REQUIREMENT} failed:\n{done.stderr[-2000:]}")
    return python


def harbor_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of a Harbor subprocess: ours, ``extra``, and ``OFFLINE_DEFAULTS`` where
    neither sets them (a user who wants LiteLLM's fetched price map exports the variable)."""
    return {**OFFLINE_DEFAULTS, **os.environ, **(extra or {})}


@dataclass
class HarborResult:
    task: str
    problems: list[str] = field(default_factory=list)
    lint: list[dict] = field(default_factory=list)
    mcp_servers: list[dict] = field(default_factory=list)  # as Harbor's TaskConfig read them

    @property
    def ok(self) -> bool:
        return not self.problems


def check_tasks(python: Path, tasks: list[Path]) -> list[HarborResult]:
    """Load every task with Harbor's ``Task`` and run ``harbor lint --json`` on them."""
    if not tasks:
        return []
    dirs = [str(Path(t).resolve()) for t in tasks]
    loaded = subprocess.run(
        [str(python), str(PROBE), *dirs],
        capture_output=True,
        text=True,
        check=False,
        env=harbor_env(),
    )
    if loaded.returncode != 0:
        raise HarborUnavailable(f"harbor probe failed:\n{loaded.stderr[-2000:]}")
    results = {}
    for line in loaded.stdout.splitlines():
        row = json.loads(line)
        results[row["task"]] = HarborResult(
            row["task"], list(row["problems"]), mcp_servers=row.get("mcp_servers", [])
        )
    harbor = python.parent / "harbor"
    linted = subprocess.run(
        [str(harbor), "lint", "--json", *dirs],
        capture_output=True,
        text=True,
        check=False,
        env=harbor_env(),
    )
    if linted.returncode not in (0, 1):
        raise HarborUnavailable(f"harbor lint exited {linted.returncode}:\n{linted.stderr}")
    for item in json.loads(linted.stdout or "[]"):
        owner = next(
            (d for d in dirs if item["path"].startswith(d + os.sep) or item["path"] == d), None
        )
        if owner is None:
            continue
        where = os.path.relpath(item["path"], owner)
        line = f":{item['line']}" if item.get("line") else ""
        results[owner].lint.append(item)
        results[owner].problems.append(
            f"harbor lint [{item['rule']}] {where}{line}: {item['message']}"
        )
    return [results[d] for d in dirs]
