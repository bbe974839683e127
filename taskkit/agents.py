"""Who acts in a trial: the oracle, the null agent, one of the task's wrong solutions or any
script given by path. Every runner resolves an agent here, so an unknown one is an error,
never a silent null agent.

An agent is named by a string (it travels in JSON to the trial process):

- ``"oracle"``: the task's ``solution/solve.sh`` (per step: ``steps/<s>/solution/``);
- ``"null"``: nothing;
- ``"wrong:<name>"``: the task's wrong solution ``wrong/<name>.sh``, or for a multi-step task
  the folder ``wrong/<name>/`` with ``<step>.sh`` for the steps it gets wrong;
- an absolute path: a script run as the agent (single-step), or a folder of ``<step>.sh``.

In a folder agent, a step without its script runs the reference solution, so a wrong solution
names only the step it gets wrong. Python modules in ``wrong/`` (``wrong/<module>.py``: the
steps the wrong solutions share) are uploaded beside each wrong solution's ``solve.sh``, which
imports them with ``PYTHONPATH="$(dirname "$0")"``; a script given by path gets the modules
beside it, so ``--agent tasks/<task>/wrong/<name>.sh`` gets the same. Wrong solutions live in
``wrong/`` at the task's root: Harbor uploads ``solution/`` (oracle) and ``tests/`` (verifier)
into the container and publishes ``environment/``, ``solution/``, ``tests/`` and ``steps/``; a
root ``wrong/`` is none of these, so no agent, verifier or package ever sees it.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from taskkit.task_load import load_task_config

ORACLE, NULL, WRONG_PREFIX = "oracle", "null", "wrong:"
EVERY_WRONG = "wrong"  # in a runner's agent list: each wrong solution of each task
WRONG_DIR = "wrong"
WRONG_HELPERS = "*.py"  # in wrong/: shared by the task's wrong solutions, uploaded beside each


class UnknownAgent(ValueError):
    """An agent name that is neither oracle, null, a wrong solution nor an existing path."""


def wrong_solutions(task_dir: Path) -> list[str]:
    """Names of the task's wrong solutions (``wrong/<name>.sh`` or ``wrong/<name>/``)."""
    folder = task_dir / WRONG_DIR
    if not folder.is_dir():
        return []
    names = [p.stem for p in folder.glob("*.sh")] + [p.name for p in folder.iterdir() if p.is_dir()]
    return sorted(names)


def expand_agents(task_dir: Path, agents: list[str]) -> list[str]:
    """``agents`` with ``"wrong"`` replaced by every wrong solution of the task."""
    expanded: list[str] = []
    for agent in agents:
        if agent == EVERY_WRONG:
            expanded += [WRONG_PREFIX + name for name in wrong_solutions(task_dir)]
        else:
            expanded.append(agent)
    return expanded


def agent_source(task_dir: Path, agent: str, multi_step: bool) -> Path | None:
    """The host file or folder an agent runs from (None for oracle and null); raises
    ``UnknownAgent`` naming what was expected."""
    if agent in (ORACLE, NULL):
        return None
    if agent.startswith(WRONG_PREFIX):
        name = agent.removeprefix(WRONG_PREFIX)
        candidates = [task_dir / WRONG_DIR / name] if multi_step else []
        candidates.append(task_dir / WRONG_DIR / f"{name}.sh")
        source = next((c for c in candidates if c.exists()), None)
        if source is None:
            known = ", ".join(wrong_solutions(task_dir)) or "none"
            raise UnknownAgent(
                f"{task_dir.name}: no wrong solution {name!r} in {task_dir / WRONG_DIR}; "
                f"known: {known}"
            )
    else:
        source = Path(agent)
        if not source.is_absolute() or not source.exists():
            raise UnknownAgent(
                f"agent {agent!r}: expected 'oracle', 'null', 'wrong:<name>' or the absolute "
                "path of an existing script (a folder of <step>.sh for a multi-step task)"
            )
    if multi_step and not source.is_dir():
        raise UnknownAgent(f"{task_dir.name} is multi-step: {source} must be a folder of <step>.sh")
    if not multi_step and not source.is_file():
        raise UnknownAgent(f"{task_dir.name} is single-step: {source} must be a script")
    return source


def parse_agent(value: str) -> str:
    """A command line's agent: oracle and null by name; anything else an existing path, made
    absolute (``argparse.ArgumentTypeError`` otherwise)."""
    if value in (ORACLE, NULL):
        return value
    path = Path(value).resolve()
    if not path.exists():
        raise argparse.ArgumentTypeError(f"{value}: expected oracle, null or an existing path")
    return str(path)


def check_agent(task_dir: Path, agent: str) -> None:
    """Raise ``UnknownAgent`` before a trial starts unless ``agent`` can act in this task."""
    config = load_task_config(task_dir / "task.toml")
    agent_source(task_dir, agent, multi_step=bool(config.steps))


def solution_folder(task_dir: Path, agent: str, step: str | None, staging: Path) -> Path | None:
    """The folder uploaded to ``/solution`` for one step (its ``solve.sh`` runs), or None
    when the agent does nothing there."""
    base = task_dir / "steps" / step if step else task_dir
    source = agent_source(task_dir, agent, multi_step=step is not None)
    if agent == NULL:
        return None
    script = None
    if source is not None:
        script = source / f"{step}.sh" if step else source
    if script is None or not script.exists():
        oracle = base / "solution"
        return oracle if (oracle / "solve.sh").exists() else None
    folder = staging / (step or "main")
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy2(script, folder / "solve.sh")
    for helper in helper_modules(task_dir, agent, script):
        shutil.copy2(helper, folder / helper.name)
    return folder


def helper_modules(task_dir: Path, agent: str, script: Path) -> list[Path]:
    """The Python modules uploaded beside an agent's ``solve.sh``: those of the task's
    ``wrong/`` for a wrong solution, those beside the script for one given by path (so
    ``--agent tasks/<task>/wrong/<name>.sh`` runs as ``wrong:<name>`` does)."""
    folder = task_dir / WRONG_DIR if agent.startswith(WRONG_PREFIX) else script.parent
    return sorted(folder.glob(WRONG_HELPERS))
