"""``invoke publish`` against a real registry on loopback, on a fixture task: the image is
pushed and pinned by the digest the registry serves, and publishing it again unchanged sends
the registry nothing (its access log shows only reads)."""

from __future__ import annotations

import shutil
import urllib.request
from pathlib import Path

import pytest
from rich.console import Console

from taskkit.images.layout import Layout
from taskkit.publish import PublishOptions, publish
from taskkit.task_load import load_task_config
from tests.images.conftest import FixtureImages
from tests.local_registry import LocalRegistry

pytestmark = [pytest.mark.docker, pytest.mark.slow, pytest.mark.timeout(900)]
TASK = "notes-fixture"
TASK_TOML = """[task]
name = "fixtures/notes-fixture"

[environment]
cpus = 1
"""
WRITES = {"PUT", "POST", "PATCH", "DELETE"}


@pytest.fixture
def task_layout(fixture_images: FixtureImages, tmp_path: Path) -> Layout:
    """The fixture repository with task files beside notes-fixture's environment/ (outside
    the image's inputs, so its image is the one already built)."""
    tasks = tmp_path / "tasks"
    shutil.copytree(fixture_images.layout.tasks_dir, tasks, symlinks=True)
    (tasks / TASK / "task.toml").write_text(TASK_TOML)
    (tasks / TASK / "instruction.md").write_text("Read the notes.\n")
    layout = fixture_images.layout
    return Layout(**{**vars(layout), "tasks_dir": tasks, "per_task_dir": tmp_path / "per_task"})


def served_digest(address: str, repository: str, digest: str) -> int:
    accept = "application/vnd.docker.distribution.manifest.v2+json"
    request = urllib.request.Request(
        f"http://{address}/v2/{repository}/manifests/{digest}",
        method="HEAD",
        headers={"Accept": accept},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status


def test_publish_pins_the_pushed_digest_and_republishing_pushes_nothing(
    task_layout: Layout, local_registry: LocalRegistry, tmp_path: Path
) -> None:
    console = Console(stderr=True, width=200)
    registry = f"{local_registry.address}/bench"
    options = PublishOptions(registry=registry, out=tmp_path / "out", tasks=[TASK], slim=True)
    (pin,) = publish(options, task_layout, console).values()
    assert pin.pushed
    config = load_task_config(tmp_path / "out" / TASK / "task.toml")
    assert config.environment.docker_image == f"{registry}/liveclawbench-{TASK}@{pin.digest}"
    repository = f"bench/liveclawbench-{TASK}"
    assert served_digest(local_registry.address, repository, pin.digest) == 200
    assert any(method == "PUT" for method, _ in local_registry.requests()), "the push wrote"

    before = len(local_registry.requests())
    (again,) = publish(options, task_layout, console).values()
    assert not again.pushed and again.digest == pin.digest
    second = local_registry.requests()[before:]
    assert second, "the second publish asked the registry what it serves"
    assert not [r for r in second if r[0] in WRITES], f"republishing wrote: {second}"
