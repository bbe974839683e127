"""How ``pytest -n`` shares the suite among its workers: a test module (or class) at a time,
as ``--dist loadscope`` does, except that every Docker test shares one worker, one test after
another (they use the images tagged ``pytest`` and count the containers labelled as the
runners', so two at once would see each other's), and that the tests of ``SPREAD`` go one by
one to whichever worker is free.

A Docker test lives in a file whose name says ``docker`` (``check_docker_file`` fails it
otherwise): the scheduler sees node ids only, never markers."""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

import pytest
from xdist.scheduler import LoadScopeScheduling

DOCKER_SCOPE = "docker"
SPREAD = frozenset({"tests/tasks/test_tasks.py"})
"""Modules of independent trials (each seeds its own folder): each test its own unit, so the
longest module of the suite does not hold one worker to the end."""


def is_docker_file(path: str) -> bool:
    return "docker" in PurePosixPath(path).name


class TierScopeScheduling(LoadScopeScheduling):
    """``LoadScopeScheduling`` with the Docker tests in one scope and ``SPREAD`` per test."""

    def _split_scope(self, nodeid: str) -> str:
        path = nodeid.split("::", 1)[0]
        if is_docker_file(path):
            return DOCKER_SCOPE
        if path in SPREAD:
            return nodeid
        return super()._split_scope(nodeid)


def check_docker_file(item: pytest.Item) -> None:
    """Fail a Docker-marked test in a file whose name lacks ``docker``."""
    path = item.nodeid.split("::", 1)[0]
    if item.get_closest_marker("docker") and not is_docker_file(path):
        pytest.fail(
            f"{path}: a Docker test; expected it in a file named *docker* "
            "(tests/worker_scopes.py runs those on one worker, one at a time)",
            pytrace=False,
        )


def make_scheduler(config: pytest.Config, log: Any) -> TierScopeScheduling:
    return TierScopeScheduling(config, log)
