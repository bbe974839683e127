"""Parity without a trial, for tasks that use no service (WebArena's, the GAIA ones): what each
solution would leave (its files, answer and final URL, as ``solve.sh`` writes them) is laid out
in a scratch trial folder and scored by the task's checks in this process, as its verifier
would score them in the container. Thousands of tasks then take minutes, not hours."""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

from mock_services.verify.imported import build_verifier, load_checks
from mock_services.verify.outputs import (
    AGENT_USER_VARIABLE,
    ANSWER_FILE,
    FINAL_URL_FILE,
    workspace_at,
)
from taskkit.agents import NULL, ORACLE, WRONG_PREFIX, wrong_solutions
from taskkit.parity import ParityUnavailable

EMBEDDED = re.compile(r"<<'JSON'\n(.*?)\nJSON\n", re.DOTALL)


def solution(task_dir: Path, agent: str) -> dict | None:
    """The solution JSON an agent runs (None: the null agent), as the writer wrote it."""
    if agent == NULL:
        return None
    if agent == ORACLE:
        return json.loads((task_dir / "solution" / "oracle.json").read_text())
    script = (task_dir / "wrong" / f"{agent.removeprefix(WRONG_PREFIX)}.sh").read_text()
    found = EMBEDDED.search(script)
    if found is None:
        raise ParityUnavailable(f"{task_dir.name}: {agent} is not an imported wrong solution")
    return json.loads(found[1])


def agents(task_dir: Path) -> list[str]:
    return [ORACLE, NULL, *(WRONG_PREFIX + name for name in wrong_solutions(task_dir))]


def lay_out(trial: Path, chosen: dict | None) -> None:
    """The files ``solve.sh`` would write, under the trial's ``workspace/`` (what the bridges
    and our verifier read, standing for ``/workspace``)."""
    if chosen and chosen["calls"]:
        raise ParityUnavailable(f"{trial.name}: a solution that calls a service needs a trial")
    files = dict(chosen["files"]) if chosen else {}
    if chosen and chosen["answer"]:
        files[ANSWER_FILE] = chosen["answer"]
    if chosen and chosen["final_url"]:
        files[FINAL_URL_FILE] = chosen["final_url"] + "\n"
    root = trial / "workspace"
    (root / "output").mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


@contextlib.contextmanager
def _environment(changes: dict[str, str]) -> Iterator[None]:
    saved = {key: os.environ.get(key) for key in changes}
    os.environ.update(changes)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def our_score(task_dir: Path, trial: Path, judge_env: dict[str, str]) -> tuple[float | None, str]:
    """The task's checks on the laid-out trial (None: not scored), with their details."""
    variables = {"HOME": str(trial / "home"), AGENT_USER_VARIABLE: _user(), **judge_env}
    with _environment(variables), workspace_at(trial / "workspace"):
        outcome = build_verifier(load_checks(task_dir / "tests" / "checks.json")).evaluate()
    details = "; ".join(f"{n}: {r.detail}" for n, r in outcome.scores.items() if r.detail)
    return outcome.reward, details


def _user() -> str:
    import pwd

    return pwd.getpwuid(os.getuid()).pw_name
