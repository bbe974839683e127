"""What the tests that need Docker share: the daemon's client (or a skip that says how to start
one; in CI a failure, as CI must run them) and a trial's result in one line for an assertion."""

from __future__ import annotations

import os
from typing import Any

import pytest

from taskkit.trial import TrialResult


def docker_missing(what: str) -> None:
    """Skip (fail in CI, where these tests must run) because ``what`` is missing."""
    if os.environ.get("CI"):
        pytest.fail(f"docker tests must run in CI: {what}")
    pytest.skip(what)


def docker_client() -> Any:
    import docker  # lazy: the Docker SDK only for the tests that use it
    from docker.errors import DockerException  # lazy: as above

    try:
        client = docker.from_env(timeout=300)
        client.ping()
    except DockerException as exc:
        docker_missing(f"no Docker daemon ({exc}); start one with `dockerd &`")
    return client


def trial_detail(result: TrialResult) -> str:
    steps = "; ".join(f"{s.name}: {s.rewards} {s.error or ''}" for s in result.steps)
    return f"{result.agent}: reward {result.reward}, error {result.error}; {steps}"
