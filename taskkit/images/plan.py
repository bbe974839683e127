"""The build plan: every image to build, its context, its inputs hash and what it depends on."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path

from taskkit.images.binary_map import BinaryMapError, check_against_tasks, load_binary_map
from taskkit.images.contexts import generate_task_context, task_inputs_hash
from taskkit.images.hashing import InputHash
from taskkit.images.layout import (
    DEFAULT_TAG,
    Layout,
    base_image,
    image_tag,
    namespaced_dockerfile,
    task_base_image,
    task_image,
)
from taskkit.images.wheelhouse import package_hash
from taskkit.names import closest_hint


@dataclass
class ImageNode:
    """One image to build. ``context`` is a folder, or a callable that returns a tar stream."""

    tag: str
    layer: str  # base | task-base | task
    inputs_hash: str
    context: Path | Callable[[], BytesIO]
    depends_on: list[str] = field(default_factory=list)
    buildargs: dict[str, str] = field(default_factory=dict)
    dockerfile: str = "Dockerfile"

    @property
    def short_hash(self) -> str:
        return self.inputs_hash[:12]

    @property
    def log_name(self) -> str:
        return self.tag.split(":")[0] + ".log"


@dataclass
class BuildPlan:
    nodes: list[ImageNode]

    def by_tag(self) -> dict[str, ImageNode]:
        return {node.tag: node for node in self.nodes}


def base_inputs_hash(layout: Layout, os_image_id: str, slim: bool) -> str:
    digest = InputHash("base image").add_text("os", os_image_id)
    digest.add_text("chromium", "0" if slim else "1")
    digest.add_text("package", package_hash(layout))
    return digest.add_tree("images/base", layout.base_dir).hexdigest()


def select_tasks(available: Sequence[str], wanted: Sequence[str], source: str) -> list[str]:
    if not wanted:
        return sorted(available)
    missing = [t for t in wanted if t not in available]
    if missing:
        raise BinaryMapError(
            "\n".join(
                f"no such task {t!r} (no entry in {source}); {closest_hint(t, available)}"
                for t in missing
            )
        )
    return list(dict.fromkeys(wanted))


def make_plan(
    layout: Layout,
    *,
    os_image_id: str,
    tasks: Sequence[str] = (),
    slim: bool = False,
    base_context: Callable[[], BytesIO],
) -> BuildPlan:
    """Validate the map, write the per-task contexts and return the images in build order."""
    binary_map = load_binary_map(layout.map_path)
    check_against_tasks(binary_map, layout.tasks_dir, str(layout.map_path))
    base_hash = base_inputs_hash(layout, os_image_id, slim)
    nodes = [
        ImageNode(
            tag=base_image(),
            layer="base",
            inputs_hash=base_hash,
            context=base_context,
            buildargs={"WITH_CHROMIUM": "0" if slim else "1"},
        )
    ]
    for task in select_tasks(list(binary_map.tasks), tasks, str(layout.map_path)):
        context = generate_task_context(layout, task, binary_map.tasks[task], base_hash)
        nodes.append(
            ImageNode(
                tag=task_base_image(task),
                layer="task-base",
                inputs_hash=context.inputs_hash,
                context=context.path,
                depends_on=[base_image()],
            )
        )
        environment = layout.tasks_dir / task / "environment"
        if not (environment / "Dockerfile").is_file():
            raise BinaryMapError(f"task {task}: {environment / 'Dockerfile'} does not exist")
        nodes.append(
            ImageNode(
                tag=task_image(task),
                layer="task",
                inputs_hash=task_inputs_hash(context.inputs_hash, environment),
                context=environment,
                depends_on=[task_base_image(task)],
                dockerfile=task_dockerfile(layout, task),
            )
        )
    return BuildPlan(nodes)


def task_dockerfile(layout: Layout, task: str) -> str:
    """The task's Dockerfile as the build reads it: its own, or under a namespace a copy (out of
    the task's folder) whose ``FROM`` names the namespace's per-task base."""
    own = layout.tasks_dir / task / "environment" / "Dockerfile"
    if image_tag() == DEFAULT_TAG:
        return "Dockerfile"
    copy = layout.per_task_dir / ".namespaced" / image_tag() / f"{task}.Dockerfile"
    copy.parent.mkdir(parents=True, exist_ok=True)
    copy.write_text(namespaced_dockerfile(own.read_text(), task))
    return str(copy)
