"""Where the builder reads its inputs and writes contexts, wheels and logs; how images are named."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
OS_IMAGE = "liveclawbench-os:bookworm"
BASE_IMAGE = "liveclawbench-base:latest"
LABEL_PREFIX = "org.liveclawbench"
INPUTS_LABEL = f"{LABEL_PREFIX}.inputs"
LAYER_LABEL = f"{LABEL_PREFIX}.layer"


def task_base_image(task: str) -> str:
    return f"liveclawbench-{task}-base:latest"


def task_image(task: str) -> str:
    return f"liveclawbench-{task}:latest"


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
