"""Every ``invoke`` task prints its help with ``--help`` (tasks with positional arguments
too), and no task's option takes ``-h``, the help flag."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from invoke import Collection
from invoke.main import program

import tasks

ROOT = Path(__file__).resolve().parents[2]
COLLECTION = Collection.from_module(tasks)


def _invoke(*words: str) -> subprocess.CompletedProcess[str]:
    """The real ``invoke`` command line, run in the checkout."""
    return subprocess.run(
        [sys.executable, "-m", "invoke", *words],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def _listed_tasks() -> list[str]:
    listed = _invoke("--list", "--list-format", "json")
    assert listed.returncode == 0, listed.stderr
    return [entry["name"] for entry in json.loads(listed.stdout)["tasks"]]


def _help(name: str, flag: str) -> tuple[int | str | None, str]:
    """``invoke NAME FLAG`` run by Invoke's own program in this process (the one ``python -m
    invoke`` runs, reading tasks.py from the folder it runs in): its exit status and output."""
    out, err = io.StringIO(), io.StringIO()
    status: int | str | None = None
    with contextlib.chdir(ROOT), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            program.run(["invoke", name, flag], exit=True)
        except SystemExit as exited:
            status = exited.code
    return status, out.getvalue() + err.getvalue()


@pytest.mark.parametrize("name", sorted(COLLECTION.task_names))
def test_every_task_prints_its_help(name: str) -> None:
    for flag in ("--help", "-h"):
        status, shown = _help(name, flag)
        usage = f"Usage: inv[oke] [--core-opts] {name} "
        assert status in (0, None) and shown.startswith(usage), (
            f"`invoke {name} {flag}`: expected its help (exit 0), got exit {status}:\n"
            f"{shown[-1600:]}"
        )
        first_line = (COLLECTION[name].__doc__ or "").strip().splitlines()[0]
        assert first_line in shown, f"`invoke {name} {flag}` does not show its docstring"


@pytest.mark.process  # runs a subprocess
def test_the_invoke_command_lists_every_task_and_prints_help_after_a_positional() -> None:
    """The real command line: ``invoke --list`` names every task of tasks.py, and a task with
    positional arguments takes ``--help`` after them as its help, not as their value."""
    assert sorted(_listed_tasks()) == sorted(COLLECTION.task_names)
    done = _invoke("rename-task", "--help")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("Usage: inv[oke] [--core-opts] rename-task "), done.stdout


def test_no_task_option_takes_the_help_flag() -> None:
    shadowing = {
        f"{name}: {argument.name}"
        for name in COLLECTION.task_names
        for argument in COLLECTION[name].get_arguments()
        if "h" in argument.names
    }
    assert shadowing == set(), f"these options take -h, the help flag: {sorted(shadowing)}"


@pytest.mark.process  # runs a subprocess
def test_positional_arguments_still_work() -> None:
    done = _invoke("bench", "servces")
    assert done.returncode == 2 and "no benchmark 'servces'" in done.stderr, done.stderr
