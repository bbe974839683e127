"""Invoke front door: ``invoke --list``. Thin wrappers only; the logic lives in the packages."""

from __future__ import annotations

import shlex
import sys
from typing import Any

from invoke import Context, Exit
from invoke import task as invoke_task

from taskkit.commands import COMMANDS
from taskkit.invoke_help import install as install_task_help
from taskkit.invoke_tasks import toolkit_task
from taskkit.service_commands import SERVICE_COMMANDS

PY = sys.executable
install_task_help()  # `invoke TASK --help` prints the help even for tasks with positionals


def task(*args: Any, **kwargs: Any) -> Any:
    """Invoke's ``@task`` with long options only: no auto short flag shadows ``-h`` (help) or
    means one thing here and another there (``-s`` for --slim, --source, --service...)."""
    return invoke_task(*args, auto_shortflags=False, **kwargs)


FAST_TIER = "not process and not docker and not browser and not harbor"
"""The tests that start nothing (no subprocess, server, container, browser or Harbor)."""


@task(
    help={
        "marker": "pytest -m expression, e.g. 'not docker'",
        "args": "extra pytest args",
        "fast": f"only the tier that starts nothing (-m '{FAST_TIER}'), for the edit loop",
        "sweep": "every case of the sampled sweeps (tests marked sweep), not their sample",
    }
)
def test(
    c: Context, marker: str = "", args: str = "", fast: bool = False, sweep: bool = False
) -> None:
    """Run the test suite (the same command CI runs); ``--fast``: the tests that start nothing;
    ``--sweep``: the sampled sweeps whole (fuzzing and accessibility on every service's pages)."""
    chosen = " and ".join(f"({m})" for m in (FAST_TIER if fast else "", marker) if m)
    selection = f'-m "{chosen}"' if chosen else ""
    c.run(f"{PY} -m pytest -n auto {selection} {'--sweep' if sweep else ''} {args}", pty=False)


BENCHMARKS = (
    "services",
    "images",
    "validate",
    "reliability",
    "dataset",
    "trials",
    "import",
    "instructions",
    "ui_pages",
    "viewer",
    "world",
)


@task(
    positional=["name"],
    iterable=["real"],
    help={
        "name": f"{' | '.join(BENCHMARKS)} | all (positional, or --name)",
        "quick": "fewer runs, for a smoke test",
        "real": "import only: a snapshot of an upstream repository at its pin (NAME:PATH, or a "
        "folder named after the source); repeatable",
    },
)
def bench(c: Context, name: str, quick: bool = False, real: list[str] | None = None) -> None:
    """Run a benchmark; results are printed and written as JSON under bench/results/."""
    if name != "all" and name not in BENCHMARKS:
        raise Exit(f"bench: no benchmark {name!r}; expected one of {', '.join(BENCHMARKS)}, all", 2)
    if real and name != "import":
        raise Exit("bench: --real is an option of `invoke bench import` only", 2)
    extra = "".join(f" --real {shlex.quote(path)}" for path in real or [])
    for each in BENCHMARKS if name == "all" else [name]:
        c.run(f"{PY} -m bench.{each}{' --quick' if quick else ''}{extra}", pty=False)


for _command in [*COMMANDS.values(), *SERVICE_COMMANDS]:  # see taskkit/commands.py
    globals()[_command.task_name] = toolkit_task(_command)
