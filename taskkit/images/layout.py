"""Where the builder reads its inputs and writes contexts, wheels and logs; how images are named."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
OS_IMAGE = "liveclawbench-os:bookworm"
BASE_IMAGE = "liveclawbench-base:latest"  # its name without a namespace, as datasets name it
LABEL_PREFIX = "org.liveclawbench"
INPUTS_LABEL = f"{LABEL_PREFIX}.inputs"
LAYER_LABEL = f"{LABEL_PREFIX}.layer"
# A namespace gives this checkout's images a tag of their own (liveclawbench-base:NAME), so two
# checkouts (or a test run) on one Docker daemon never replace each other's :latest images.
NAMESPACE_VARIABLE = "LIVECLAW_IMAGE_NAMESPACE"
DEFAULT_TAG = "latest"
DOCKER_TAG = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$")


class NamespaceError(ValueError):
    """An image namespace that is no Docker tag."""


def image_tag() -> str:
    """The tag of the images built here: ``$LIVECLAW_IMAGE_NAMESPACE``, else ``latest``."""
    namespace = os.environ.get(NAMESPACE_VARIABLE, "")
    if not namespace:
        return DEFAULT_TAG
    if not DOCKER_TAG.match(namespace):
        raise NamespaceError(
            f"{NAMESPACE_VARIABLE}={namespace!r}: expected a Docker tag (letters, digits, '_', "
            "'.', '-'; up to 128, not starting with '.' or '-')"
        )
    return namespace


def base_image() -> str:
    return f"liveclawbench-base:{image_tag()}"


def task_base_image(task: str) -> str:
    return f"liveclawbench-{task}-base:{image_tag()}"


def task_image(task: str) -> str:
    return f"liveclawbench-{task}:{image_tag()}"


def namespaced_dockerfile(text: str, task: str) -> str:
    """A task's Dockerfile naming its per-task base (``FROM`` or an ``ARG`` default) with this
    namespace's tag instead of ``latest``."""
    return text.replace(f"liveclawbench-{task}-base:{DEFAULT_TAG}", task_base_image(task))


def remote_repository(registry: str, local_tag: str) -> str:
    """The repository of ``local_tag`` in ``registry``: ``127.0.0.1:5000/team`` and
    ``liveclawbench-x:latest`` give ``127.0.0.1:5000/team/liveclawbench-x``."""
    return f"{registry.rstrip('/')}/{local_tag.partition(':')[0]}"


@dataclass(frozen=True)
class Layout:
    root: Path
    tasks_dir: Path
    map_path: Path
    base_dir: Path
    per_task_dir: Path
    wheelhouse_dir: Path
    logs_dir: Path

    @classmethod
    def for_repo(
        cls,
        root: Path = REPO_ROOT,
        *,
        tasks_dir: Path | None = None,
        map_path: Path | None = None,
        per_task_dir: Path | None = None,
        logs_dir: Path | None = None,
        wheelhouse_dir: Path | None = None,
    ) -> Layout:
        return cls(
            root=root,
            tasks_dir=tasks_dir or root / "tasks",
            map_path=map_path or root / "metadata" / "task-binary-map.json",
            base_dir=root / "images" / "base",
            per_task_dir=per_task_dir or root / "images" / "per_task",
            wheelhouse_dir=wheelhouse_dir or root / ".wheelhouse",
            logs_dir=logs_dir or root / "images" / "logs",
        )

    @property
    def package_sources(self) -> list[Path]:
        """What the mock_services wheel is built from."""
        return [self.root / "pyproject.toml", self.root / "mock_services"]
