"""Who acts in a trial: the oracle, the null agent, one of the task's wrong solutions or any
script given by path. Every runner resolves an agent here, so an unknown one is an error,
never a silent null agent.

An agent is named by a string (it travels in JSON to the trial process):

- ``"oracle"``: the task's ``solution/solve.sh`` (per step: ``steps/<s>/solution/``);
- ``"null"``: nothing;
- ``"ui"``: the task's UI solution ``solution/ui.py`` (per step: ``steps/<s>/solution/ui.py``),
  which does the task through the services' web UIs in a headless Chromium, as a browsing agent
  does: Python driving Playwright (``mock_services.browser``), no API call, no cookie crafted.
  It runs where solve.sh runs, as the agent user, with the Chromium and Playwright of the
  environment (a task image built with Chromium, i.e. not ``--slim``). A task without services
  has no web UI: its UI trial is not scored;
- ``"wrong:<name>"``: the task's wrong solution ``wrong/<name>.sh``, or for a multi-step task
  the folder ``wrong/<name>/`` with ``<step>.sh`` for the steps it gets wrong;
- ``"alternative:<name>"``: a correct alternative ``alternatives/<name>.sh`` (or folder): the
  task done another way (through the web UI's forms, the MCP tools, in another order), which
  must score 1.0 as the oracle does;
- an absolute path: a script run as the agent (single-step), or a folder of ``<step>.sh``.

In a folder agent, a step without its script runs the reference solution, so a wrong solution
names only the step it gets wrong. Python modules in ``wrong/`` (``wrong/<module>.py``: the
steps the wrong solutions share) are uploaded beside each wrong solution's ``solve.sh``, which
imports them with ``PYTHONPATH="$(dirname "$0")"``; a script given by path gets the modules
beside it, so ``--agent tasks/<task>/wrong/<name>.sh`` gets the same. Wrong solutions live in
``wrong/`` at the task's root: Harbor uploads ``solution/`` (oracle) and ``tests/`` (verifier)
into the container and publishes ``environment/``, ``solution/``, ``tests/`` and ``steps/``; a
root ``wrong/`` is none of these, so no agent, verifier or package ever sees it; nor
``alternatives/``, which works the same way (its modules go with its scripts).
"""

from __future__ import annotations

import argparse
import re
import shutil
from collections.abc import Collection
from pathlib import Path

from taskkit.task_load import load_task_config
from taskkit.task_model import TaskConfig

ORACLE, NULL, UI, WRONG_PREFIX, ALTERNATIVE_PREFIX = (
    "oracle",
    "null",
    "ui",
    "wrong:",
    "alternative:",
)
UI_SCRIPT = "ui.py"
UI_RUNNER = 'exec python3 "$(dirname "$0")/ui.py"\n'
"""The ``solve.sh`` a UI solution runs as: its ``ui.py`` beside it."""
EVERY_WRONG = "wrong"  # in a runner's agent list: each wrong solution and alternative of each task
BROWSER_ALTERNATIVES = "browser-alternatives"
"""In a runner's agent list: each correct alternative of each task that drives Chromium
(``drives_a_browser``: its script imports ``mock_services.browser``), as ``--ui`` runs the UI
solutions; a task without one runs no trial."""
WRONG_DIR, ALTERNATIVES_DIR = "wrong", "alternatives"
SCRIPT_FOLDERS = {WRONG_PREFIX: WRONG_DIR, ALTERNATIVE_PREFIX: ALTERNATIVES_DIR}
"""The prefix of a task's own agents -> the folder of the task holding their scripts."""
WRONG_HELPERS = "*.py"  # in wrong/ (alternatives/): shared by its scripts, uploaded beside each


class UnknownAgent(ValueError):
    """An agent name that is neither oracle, null, a wrong solution nor an existing path."""


def _scripts(folder: Path) -> list[str]:
    """Names of the agents in a task's ``folder`` (``<name>.sh`` or ``<name>/``)."""
    if not folder.is_dir():
        return []
    names = [p.stem for p in folder.glob("*.sh")] + [p.name for p in folder.iterdir() if p.is_dir()]
    return sorted(n for n in names if n != "__pycache__")


def wrong_solutions(task_dir: Path) -> list[str]:
    """Names of the task's wrong solutions (``wrong/<name>.sh`` or ``wrong/<name>/``)."""
    return _scripts(task_dir / WRONG_DIR)


def alternatives(task_dir: Path) -> list[str]:
    """Names of the task's correct alternatives (``alternatives/<name>.sh`` or a folder)."""
    return _scripts(task_dir / ALTERNATIVES_DIR)


def browser_alternatives(task_dir: Path) -> list[str]:
    """Names of the task's correct alternatives that drive Chromium (``drives_a_browser``)."""
    return [
        name
        for name in alternatives(task_dir)
        if drives_a_browser(task_dir, ALTERNATIVE_PREFIX + name)
    ]


def expand_agents(task_dir: Path, agents: list[str]) -> list[str]:
    """``agents`` with ``"wrong"`` replaced by every wrong solution and every correct
    alternative of the task, and ``"browser-alternatives"`` by each alternative of it that
    drives Chromium."""
    expanded: list[str] = []
    for agent in agents:
        if agent == EVERY_WRONG:
            expanded += [WRONG_PREFIX + name for name in wrong_solutions(task_dir)]
            expanded += [ALTERNATIVE_PREFIX + name for name in alternatives(task_dir)]
        elif agent == BROWSER_ALTERNATIVES:
            expanded += [ALTERNATIVE_PREFIX + name for name in browser_alternatives(task_dir)]
        else:
            expanded.append(agent)
    return expanded


def planned_trials(
    tasks: list[Path], agents: list[str], done: Collection[tuple[str, str]] = ()
) -> list[tuple[Path, str]]:
    """Every (task, agent) trial of a run: ``agents`` expanded per task (``expand_agents``), but
    those ``done`` names already (by task name and agent: a resumed run's)."""
    return [(t, a) for t in tasks for a in expand_agents(t, agents) if (t.name, a) not in done]


def own_folder(agent: str) -> str | None:
    """The task folder an agent of the task's own comes from (``wrong``, ``alternatives``)."""
    return next((f for prefix, f in SCRIPT_FOLDERS.items() if agent.startswith(prefix)), None)


def agent_source(task_dir: Path, agent: str, multi_step: bool) -> Path | None:
    """The host file or folder an agent runs from (None for oracle and null); raises
    ``UnknownAgent`` naming what was expected."""
    if agent in (ORACLE, NULL, UI):
        return None
    if (folder := own_folder(agent)) is not None:
        name = agent.split(":", 1)[1]
        candidates = [task_dir / folder / name] if multi_step else []
        candidates.append(task_dir / folder / f"{name}.sh")
        source = next((c for c in candidates if c.exists()), None)
        if source is None:
            known = ", ".join(_scripts(task_dir / folder)) or "none"
            kind = "wrong solution" if folder == WRONG_DIR else "alternative"
            raise UnknownAgent(
                f"{task_dir.name}: no {kind} {name!r} in {task_dir / folder}; known: {known}"
            )
    else:
        source = Path(agent)
        if not source.is_absolute() or not source.exists():
            raise UnknownAgent(
                f"agent {agent!r}: expected 'oracle', 'null', 'wrong:<name>', "
                "'alternative:<name>' or the absolute path of an existing script (a folder of "
                "<step>.sh for a multi-step task)"
            )
    if multi_step and not source.is_dir():
        raise UnknownAgent(f"{task_dir.name} is multi-step: {source} must be a folder of <step>.sh")
    if not multi_step and not source.is_file():
        raise UnknownAgent(f"{task_dir.name} is single-step: {source} must be a script")
    return source


BROWSER_MODULE = "mock_services.browser"


def drives_a_browser(task_dir: Path, agent: str) -> bool:
    """Whether ``agent`` drives Chromium: the UI solution, or a script (with the modules beside
    it) that imports the browser helpers: its image needs Chromium."""
    if agent == UI:
        return True
    if agent in (ORACLE, NULL):
        return False
    folder = own_folder(agent)
    source = task_dir / folder / agent.split(":", 1)[1] if folder else Path(agent)
    if folder and not source.is_dir():  # a script, not a multi-step task's folder of them
        source = source.with_name(source.name + ".sh")
    files = [source] if source.is_file() else sorted(source.glob("*.sh")) if source.is_dir() else []
    scripts = "\n".join(f.read_text(errors="replace") for f in files)
    if files:
        files += [m for m in helper_modules(task_dir, agent, files[0]) if imports(scripts, m.stem)]
    return any(BROWSER_MODULE in f.read_text(errors="replace") for f in files)


def imports(code: str, module: str) -> bool:
    """Whether ``code`` (a script, with its embedded Python) imports ``module``."""
    return re.search(rf"^\s*(from|import)\s+{re.escape(module)}\b", code, re.MULTILINE) is not None


def parse_agent(value: str) -> str:
    """A command line's agent: oracle, null, ui and browser-alternatives by name; anything else
    an existing path, made absolute (``argparse.ArgumentTypeError`` otherwise)."""
    if value in (ORACLE, NULL, UI, BROWSER_ALTERNATIVES):
        return value
    path = Path(value).resolve()
    if not path.exists():
        raise argparse.ArgumentTypeError(
            f"{value}: expected oracle, null, ui, browser-alternatives or an existing path"
        )
    return str(path)


def check_agent(task_dir: Path, agent: str) -> None:
    """Raise ``UnknownAgent`` before a trial starts unless ``agent`` can act in this task."""
    config = load_task_config(task_dir / "task.toml")
    agent_source(task_dir, agent, multi_step=bool(config.steps))
    if ui_not_scored(task_dir, agent) is None and agent == UI:
        steps = [task_dir / "steps" / s.name for s in config.steps or []] or [task_dir]
        missing = [b / "solution" / UI_SCRIPT for b in steps if not ui_script(b).is_file()]
        if missing:
            raise UnknownAgent(
                f"{task_dir.name}: no UI solution {', '.join(map(str, missing))} (a Python "
                "script driving the web UIs in Chromium: see taskkit/README.md)"
            )


def has_web_ui(task_dir: Path) -> bool:
    """Whether the task's environment runs services (``environment/seed.json``), all of which
    have web UIs."""
    return (task_dir / "environment" / "seed.json").is_file()


def ui_not_scored(task_dir: Path, agent: str) -> str | None:
    """Why ``agent`` cannot be scored in this task: the UI agent in a task with no web UI, or
    in one whose instruction asks for another channel only (``[metadata] only_channel``)."""
    if agent != UI:
        return None
    if not has_web_ui(task_dir):
        return NO_WEB_UI
    return other_channel_only(load_task_config(task_dir / "task.toml"))


NO_WEB_UI = "no web UI: the task runs no service (no environment/seed.json)"


def other_channel_only(config: TaskConfig) -> str | None:
    """Why a task with web UIs is not done through them: its instruction asks for another
    channel only (``[metadata] only_channel``); None when any channel will do."""
    channel = config.metadata.only_channel
    if channel not in (None, UI):
        return f"the task asks for one channel only ([metadata] only_channel = {channel!r})"
    return None


def ui_script(base: Path) -> Path:
    """The UI solution of a task (or of one step's folder)."""
    return base / "solution" / UI_SCRIPT


def solution_folder(task_dir: Path, agent: str, step: str | None, staging: Path) -> Path | None:
    """The folder uploaded to ``/solution`` for one step (its ``solve.sh`` runs), or None
    when the agent does nothing there."""
    base = task_dir / "steps" / step if step else task_dir
    source = agent_source(task_dir, agent, multi_step=step is not None)
    if agent == NULL:
        return None
    if agent == UI:
        folder = staging / (step or "main")
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ui_script(base), folder / UI_SCRIPT)
        (folder / "solve.sh").write_text(UI_RUNNER)
        return folder
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
    ``wrong/`` (``alternatives/``) for its own agents, those beside the script for one given by
    path (so ``--agent tasks/<task>/wrong/<name>.sh`` runs as ``wrong:<name>`` does); then
    those of the task's other script folder that the first has no module of that name for
    (an alternative may share ``wrong/``'s steps)."""
    own = own_folder(agent)
    folder = task_dir / own if own is not None else script.parent
    modules = {m.name: m for m in sorted(folder.glob(WRONG_HELPERS))}
    for shared in SCRIPT_FOLDERS.values():
        for module in sorted((task_dir / shared).glob(WRONG_HELPERS)):
            modules.setdefault(module.name, module)
    return sorted(modules.values(), key=lambda m: m.name)
