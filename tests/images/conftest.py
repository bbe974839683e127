"""Docker fixtures: the fixture tasks' images are built once per session (slim base, reused by
content hash) and containers started from them. Without a daemon these tests skip, except in
CI (``CI`` set), where they fail: they must not silently skip there."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from taskkit.images.layout import Layout, task_image
from taskkit.images.runner import BuildOptions, BuildReport, build
from tests.conftest import image_namespace_for_tests
from tests.images.fixture_repo import make_fixture_repo, snapshot_sources
from tests.local_registry import LocalRegistry, serve_local_registry, untag_registry_images


@pytest.fixture(scope="package", autouse=True)
def image_namespace() -> Iterator[str]:
    """The fixture images are tagged ``pytest``: a test run never replaces a maintainer's."""
    with image_namespace_for_tests() as namespace:
        yield namespace


def docker_client_or_skip():
    import docker
    from docker.errors import DockerException

    try:
        client = docker.from_env(timeout=300)
        client.ping()
    except DockerException as exc:
        message = f"no Docker daemon ({exc}); start one with `dockerd &`"
        if os.environ.get("CI"):
            pytest.fail(f"docker tests must run in CI: {message}")
        pytest.skip(message)
    return client


@dataclass
class FixtureImages:
    layout: Layout
    report: BuildReport
    client: object


@pytest.fixture(scope="package")  # after image_namespace: built under its tag
def fixture_images(tmp_path_factory: pytest.TempPathFactory) -> FixtureImages:
    from rich.console import Console

    client = docker_client_or_skip()
    root = tmp_path_factory.mktemp("images")
    layout = make_fixture_repo(root / "repo", snapshot_sources(root / "sources"))
    console = Console(stderr=True, width=200)
    report = build(BuildOptions(slim=True, jobs=2, quiet=True), layout, console)
    if not report.ok:
        failed = [o for o in report.outcomes if o.result != "built" and o.result != "reused"]
        logs = "\n".join(
            f"--- {o.tag}: {o.error}\n" + (o.log.read_text()[-3000:] if o.log else "")
            for o in failed
        )
        pytest.fail(f"building the fixture images failed:\n{logs}")
    return FixtureImages(layout, report, client)


def exec_in(container, command: str, user: str = "node", timeout: int = 60) -> tuple[int, str]:
    """Run ``bash -c command`` in the container; returns (exit code, stdout+stderr)."""
    result = container.exec_run(
        ["timeout", str(timeout), "bash", "-c", command], user=user, demux=False
    )
    return result.exit_code, (result.output or b"").decode(errors="replace")


def wait_ready(container, timeout: float = 30.0) -> float:
    """Seconds until the readiness file appears (fails with the container's log otherwise)."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        container.reload()
        if container.status == "exited":
            pytest.fail(f"the container exited:\n{container.logs().decode()}")
        if exec_in(container, "test -f /run/mock/ready", user="root")[0] == 0:
            return time.monotonic() - started
        time.sleep(0.05)
    pytest.fail(f"not ready after {timeout}s:\n{container.logs().decode()}")


@pytest.fixture(scope="package")  # after image_namespace: built under its tag
def start_container(fixture_images: FixtureImages) -> Iterator[Callable[..., object]]:
    """``start_container(image, **run_kwargs)``: a detached container, removed at the end."""
    started = []

    def start(image: str, **kwargs):
        container = fixture_images.client.containers.run(image, detach=True, **kwargs)
        started.append(container)
        return container

    yield start
    for container in started:
        container.remove(force=True)


@pytest.fixture(scope="module")
def notes_container(start_container):
    container = start_container(task_image("notes-fixture"))
    wait_ready(container)
    return container


@pytest.fixture
def local_registry(tmp_path: Path, fixture_images: FixtureImages) -> Iterator[LocalRegistry]:
    """A registry on loopback; the images tagged under its address are untagged at the end."""
    with serve_local_registry(tmp_path) as registry:
        yield registry
    untag_registry_images(fixture_images.client, registry.address)


@pytest.fixture
def registry(local_registry: LocalRegistry) -> str:
    return local_registry.address


@pytest.fixture
def fixtures_dir(fixture_images: FixtureImages) -> Path:
    return fixture_images.layout.tasks_dir
