"""The trial runners by name (``invoke oracle --runner NAME``): one protocol, one registry.

A runner module offers ``run_many`` (every (task, agent) trial), ``table`` (its stage columns)
and ``main`` (the command line's run). Modules are imported when chosen, so naming a runner
costs nothing until it runs (the Docker and Harbor runners pull in the image builder)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, cast

from taskkit.trial import TrialResult


class RunMany(Protocol):
    """Every (task, agent) trial, ``jobs`` at a time; ``"wrong"`` among ``agents`` stands for
    each wrong solution of each task; ``env`` adds to each trial's variables; ``keep``: the
    trial folders stay (``TrialResult.trial_dir``)."""

    def __call__(
        self,
        tasks: list[Path],
        *,
        agents: list[str],
        jobs: int,
        root: Path,
        env: dict[str, str] | None = None,
        keep: bool = False,
    ) -> list[TrialResult]: ...


class RunnerModule(Protocol):
    """What a runner's module offers."""

    run_many: RunMany

    def table(self, results: list[TrialResult]) -> str: ...

    def main(self, args: Any) -> int: ...


@dataclass(frozen=True)
class Runner:
    """A registered runner: its name, the module that implements it, what it needs."""

    name: str
    module: str
    summary: str
    in_containers: bool  # its trials cannot reach the host's loopback (a judge runs on the host)
    needs_binary_map: bool  # its task images come from the tree's metadata/task-binary-map.json

    def load(self) -> RunnerModule:
        return cast(RunnerModule, importlib.import_module(self.module))


class UnknownRunner(ValueError):
    """A runner name that is not registered; the message lists the known ones."""


RUNNERS: dict[str, Runner] = {
    runner.name: runner
    for runner in (
        Runner(
            "local",
            "taskkit.oracle",
            "trials on this host, each in private mount and network namespaces (needs root)",
            in_containers=False,
            needs_binary_map=False,
        ),
        Runner(
            "docker",
            "taskkit.oracle_docker",
            "trials in real containers of the task images (built or reused first)",
            in_containers=True,
            needs_binary_map=True,
        ),
        Runner(
            "harbor",
            "taskkit.oracle_harbor",
            "the real `harbor run -a oracle|nop -e docker` per task",
            in_containers=True,
            needs_binary_map=False,
        ),
    )
}
DEFAULT_RUNNER = "local"


def get_runner(name: str) -> Runner:
    """The runner registered as ``name``; ``UnknownRunner`` naming the known ones otherwise."""
    try:
        return RUNNERS[name]
    except KeyError:
        raise UnknownRunner(f"no runner {name!r}; known runners: {', '.join(RUNNERS)}") from None
