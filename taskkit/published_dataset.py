"""The dataset directory ``invoke publish`` writes: every task pinned to its pushed image by
digest (``[environment].docker_image``), without the build inputs Harbor would otherwise use,
and a ``registry.json`` listing the set in Harbor's format.

    OUT/registry.json   [{"name", "version", "description", "tasks": [{"name", "path"}]}]
    OUT/publish.json    the registry and, per task, the pinned image and its local tag
    OUT/<task>/         task.toml (+ docker_image), instruction.md, README.md, solution/,
                        tests/, steps/; no environment/ (baked into the image), no wrong/ or
                        alternatives/

The directory is written beside ``OUT`` and swapped in whole, so a failed publish leaves the
previous one as it was; its bytes depend only on the tasks and the digests.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
import tomllib
from pathlib import Path

from pydantic import BaseModel

from taskkit.images.publish import PinnedImage
from taskkit.registries import DATASET_NAME, DATASET_VERSION

MANIFEST = "publish.json"
REGISTRY_JSON = "registry.json"
LEFT_OUT = ("environment", "wrong", "alternatives")  # the image holds environment/; the rest
# are the task's own test agents, never published
ENVIRONMENT_HEADER = re.compile(r"^\[environment\][ \t]*(#.*)?$", re.MULTILINE)


class PublishError(ValueError):
    """A task or output folder that cannot be published; the message names it."""


class PublishedImage(BaseModel):
    image: str
    local_tag: str


class PublishManifest(BaseModel):
    registry: str
    images: dict[str, PublishedImage]


class RegistryTask(BaseModel):
    """A task of Harbor's ``registry.json`` (``harbor.models.registry.RegistryTaskId``)."""

    name: str
    path: str


class RegistryDataset(BaseModel):
    """A dataset of Harbor's ``registry.json`` (``harbor.models.registry.DatasetSpec``)."""

    name: str
    version: str
    description: str
    tasks: list[RegistryTask]


def pin_task_toml(text: str, reference: str, source: Path) -> str:
    """``task.toml`` with ``docker_image = reference`` first in its ``[environment]`` (the rest
    byte for byte); a task that already names an image is refused: it is not ours to pin."""
    current = tomllib.loads(text).get("environment", {})
    if current.get("docker_image"):
        raise PublishError(
            f"{source}: [environment].docker_image is already {current['docker_image']!r}; "
            "publish pins the image built from environment/, so remove it"
        )
    line = f"docker_image = {json.dumps(reference)}"
    header = ENVIRONMENT_HEADER.search(text)
    if header is None:
        pinned = f"{text.rstrip()}\n\n[environment]\n{line}\n"
    else:
        pinned = f"{text[: header.end()]}\n{line}{text[header.end() :]}"
    assert tomllib.loads(pinned)["environment"]["docker_image"] == reference
    return pinned


def copy_task(task_dir: Path, target: Path, reference: str) -> None:
    """The published copy of one task: everything but ``LEFT_OUT``, its task.toml pinned."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")

    def left_out(folder: str, names: list[str]) -> set[str]:
        top = Path(folder) == task_dir
        return set(ignore(folder, names)) | ({n for n in names if n in LEFT_OUT} if top else set())

    shutil.copytree(task_dir, target, ignore=left_out, symlinks=True)
    toml = task_dir / "task.toml"
    (target / "task.toml").write_text(pin_task_toml(toml.read_text(), reference, toml))


def registry_listing(tasks: list[str], registry: str) -> list[RegistryDataset]:
    description = f"LiveClawBench-compatible tasks, images pinned by digest in {registry}."
    entries = [RegistryTask(name=task, path=task) for task in sorted(tasks)]
    return [
        RegistryDataset(
            name=DATASET_NAME, version=DATASET_VERSION, description=description, tasks=entries
        )
    ]


def check_output_folder(out: Path) -> None:
    """``out`` must be absent, empty or an earlier publish (which it replaces)."""
    if out.exists() and not out.is_dir():
        raise PublishError(f"--out {out}: exists and is not a folder")
    if out.is_dir() and any(out.iterdir()) and not (out / MANIFEST).is_file():
        raise PublishError(
            f"--out {out}: a non-empty folder without {MANIFEST} (not an earlier publish); "
            "choose an empty or new folder"
        )


def write_published_dataset(
    tasks_dir: Path, pins: dict[str, PinnedImage], registry: str, out: Path
) -> Path:
    """Write the dataset for ``pins`` (task name -> pinned image) to ``out``; returns it."""
    check_output_folder(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    try:
        for task, pin in sorted(pins.items()):
            copy_task(tasks_dir / task, staging / task, pin.reference)
        manifest = PublishManifest(
            registry=registry,
            images={
                t: PublishedImage(image=p.reference, local_tag=p.local_tag)
                for t, p in sorted(pins.items())
            },
        )
        (staging / MANIFEST).write_text(manifest.model_dump_json(indent=2) + "\n")
        listing = [d.model_dump() for d in registry_listing(list(pins), registry)]
        (staging / REGISTRY_JSON).write_text(json.dumps(listing, indent=2) + "\n")
        staging.chmod(0o755)
        _swap_in(staging, out)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return out


def _swap_in(staging: Path, out: Path) -> None:
    """Replace ``out`` by ``staging`` with two renames (the old folder removed after)."""
    if not out.exists():
        staging.rename(out)
        return
    old = out.with_name(f".{out.name}-old-{staging.name}")
    out.rename(old)
    staging.rename(out)
    shutil.rmtree(old, ignore_errors=True)
