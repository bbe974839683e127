"""Every ``invoke`` task prints its help with ``--help`` (tasks with positional arguments
too), and no task's option takes ``-h``, the help flag."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from invoke import Collection

import tasks

ROOT = Path(__file__).resolve().parents[2]
COLLECTION = Collection.from_module(tasks)


def _listed_tasks() -> list[str]:
    listed = subprocess.run(
        [sys.executable, "-m", "invoke", "--list", "--list-format", "json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    return [entry["name"] for entry in json.loads(listed)["tasks"]]


@pytest.mark.process  # runs a subprocess
@pytest.mark.parametrize("name", _listed_tasks())
def test_every_task_prints_its_help(name: str) -> None:
    for flag in ("--help", "-h"):
        done = subprocess.run(
            [sys.executable, "-m", "invoke", name, flag],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        usage = f"Usage: inv[oke] [--core-opts] {name} "
        assert done.returncode == 0 and done.stdout.startswith(usage), (
            f"`invoke {name} {flag}`: expected its help (exit 0), got exit {done.returncode}:\n"
            f"{done.stdout[-800:]}{done.stderr[-800:]}"
        )
        first_line = (COLLECTION[name].__doc__ or "").strip().splitlines()[0]
        assert first_line in done.stdout, f"`invoke {name} {flag}` does not show its docstring"


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
    done = subprocess.run(
        [sys.executable, "-m", "invoke", "bench", "servces"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "no benchmark 'servces'" in done.stderr, done.stderr
