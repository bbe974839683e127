"""``invoke publish``'s dataset folder (``taskkit/published_dataset.py``), without Docker: tasks
pinned by digest through ``[environment].docker_image``, build inputs left out, Harbor's
``registry.json`` form, refusals that name what is wrong. The push itself is
``tests/images/test_publish_docker.py``."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from pydantic import ValidationError

from taskkit.images.publish import PinnedImage
from taskkit.publish import check_registry_ref
from taskkit.published_dataset import (
    MANIFEST,
    PublishError,
    RegistryDataset,
    pin_task_toml,
    write_published_dataset,
)
from taskkit.task_load import load_task_config
from tests.toolkit.conftest import Scaffold

REGISTRY = "127.0.0.1:5000/liveclaw"
DIGEST = "sha256:" + "ab" * 32


def pin(task: str, digest: str = DIGEST) -> PinnedImage:
    return PinnedImage(
        local_tag=f"liveclawbench-{task}:latest",
        repository=f"{REGISTRY}/liveclawbench-{task}",
        digest=digest,
        pushed=True,
    )


def tree_bytes(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.fixture
def two_tasks(scaffold: Scaffold, repo: Path) -> dict[str, PinnedImage]:
    scaffold("watch-shop", "service", services=["shop"])
    scaffold("plan-trip", "fullstack", services=["airline", "email"], steps=["book", "mail"])
    (repo / "tasks" / "watch-shop" / "wrong").mkdir()
    (repo / "tasks" / "watch-shop" / "wrong" / "decoy.sh").write_text("exit 0\n")
    return {"watch-shop": pin("watch-shop"), "plan-trip": pin("plan-trip", "sha256:" + "cd" * 32)}


def test_each_task_is_pinned_by_digest_and_ships_without_its_build_inputs(
    repo: Path, two_tasks: dict[str, PinnedImage], tmp_path: Path
) -> None:
    out = write_published_dataset(repo / "tasks", two_tasks, REGISTRY, tmp_path / "out")
    for task, pinned in two_tasks.items():
        published, source = out / task, repo / "tasks" / task
        config = load_task_config(published / "task.toml")
        assert config.environment.docker_image == pinned.reference
        assert "@sha256:" in pinned.reference
        assert not (published / "environment").exists(), "Harbor would build or upload it"
        assert not (published / "wrong").exists()
        kept = set(tree_bytes(source)) - {"task.toml"}
        kept = {p for p in kept if not p.startswith(("environment/", "wrong/"))}
        assert kept and kept <= set(tree_bytes(published))
        original = (source / "task.toml").read_text().splitlines()
        pinned_lines = (published / "task.toml").read_text().splitlines()
        assert [line for line in pinned_lines if not line.startswith("docker_image")] == original
    assert (out / "plan-trip" / "steps" / "book" / "instruction.md").is_file()
    manifest = json.loads((out / MANIFEST).read_text())
    assert manifest["registry"] == REGISTRY
    assert manifest["images"]["plan-trip"]["image"].endswith("@sha256:" + "cd" * 32)


def test_registry_json_lists_the_published_set_in_harbors_form(
    repo: Path, two_tasks: dict[str, PinnedImage], tmp_path: Path
) -> None:
    out = write_published_dataset(repo / "tasks", two_tasks, REGISTRY, tmp_path / "out")
    (dataset,) = [
        RegistryDataset.model_validate(d) for d in json.loads((out / "registry.json").read_text())
    ]
    assert dataset.name == "liveclawbench" and dataset.version
    assert [t.name for t in dataset.tasks] == ["plan-trip", "watch-shop"]
    for entry in dataset.tasks:
        assert (out / entry.path / "task.toml").is_file(), "paths are relative to the folder"


def test_republishing_the_same_pins_writes_the_same_bytes(
    repo: Path, two_tasks: dict[str, PinnedImage], tmp_path: Path
) -> None:
    out = tmp_path / "out"
    first = tree_bytes(write_published_dataset(repo / "tasks", two_tasks, REGISTRY, out))
    second = tree_bytes(write_published_dataset(repo / "tasks", two_tasks, REGISTRY, out))
    assert first == second
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "repo"], "no staging left"


def test_a_folder_that_is_not_an_earlier_publish_is_refused_and_left_alone(
    repo: Path, two_tasks: dict[str, PinnedImage], tmp_path: Path
) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    with pytest.raises(PublishError, match=r"--out .*mine: a non-empty folder without publish"):
        write_published_dataset(repo / "tasks", two_tasks, REGISTRY, out)
    assert tree_bytes(out) == {"notes.txt": b"keep me"}


def test_a_task_that_already_names_an_image_is_refused_by_file() -> None:
    text = '[task]\nname = "x/y"\n\n[environment]\ndocker_image = "ubuntu:24.04"\n'
    with pytest.raises(PublishError, match=r"tasks/y/task.toml: \[environment\].docker_image"):
        pin_task_toml(text, f"{REGISTRY}/y@{DIGEST}", Path("tasks/y/task.toml"))


def test_a_task_toml_without_an_environment_section_gets_one() -> None:
    text = '[task]\nname = "x/y"\n\n[environment.healthcheck]\ncommand = "true"\n'
    pinned = pin_task_toml(text, f"{REGISTRY}/y@{DIGEST}", Path("task.toml"))
    environment = tomllib.loads(pinned)["environment"]
    assert environment["docker_image"] == f"{REGISTRY}/y@{DIGEST}"
    assert environment["healthcheck"] == {"command": "true"}


def test_a_pin_must_be_a_sha256_digest() -> None:
    with pytest.raises(ValidationError, match="digest"):
        PinnedImage(local_tag="a:latest", repository="r/a", digest="latest", pushed=False)


@pytest.mark.parametrize("ref", ["https://ghcr.io/org", "ghcr.io/Org", "r.io/x:latest", ""])
def test_a_registry_reference_docker_cannot_use_is_refused(ref: str) -> None:
    with pytest.raises(PublishError, match=f"--registry {ref!r}: expected a registry host"):
        check_registry_ref(ref)


@pytest.mark.parametrize("ref", ["127.0.0.1:5000", "localhost:5000/a/b", "ghcr.io/my-org/"])
def test_registry_references_docker_accepts_pass(ref: str) -> None:
    assert check_registry_ref(ref) == ref.rstrip("/")
