"""Assemble the image tests' fixture tasks into a throwaway folder (never under ``tasks/``)."""

from __future__ import annotations

import shutil
from pathlib import Path

from taskkit.images.layout import REPO_ROOT, Layout

FIXTURES = Path(__file__).parent / "fixtures"
NOTES_SERVICE = REPO_ROOT / "tests" / "core" / "notes_service.py"
FIXTURE_TASKS = ("notes-fixture", "trio-fixture", "broken-fixture")


def snapshot_sources(dest: Path) -> Path:
    """A frozen copy of the base image's sources (the package is edited while tests run)."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "wheelhouse")
    shutil.copytree(REPO_ROOT / "mock_services", dest / "mock_services", ignore=ignore)
    shutil.copytree(REPO_ROOT / "images" / "base", dest / "images" / "base", ignore=ignore)
    shutil.copy2(REPO_ROOT / "pyproject.toml", dest / "pyproject.toml")
    return dest


def make_fixture_repo(dest: Path, sources: Path = REPO_ROOT) -> Layout:
    """``dest/tasks/<fixture>/`` with the fixture service library, and ``dest/metadata/``.

    ``sources`` is where the package and ``images/base`` are read (a snapshot, in tests).
    """
    tasks_dir = dest / "tasks"
    shutil.copytree(FIXTURES / "tasks", tasks_dir, dirs_exist_ok=True)
    for task in FIXTURE_TASKS:
        lib = tasks_dir / task / "lib" / "fixture_notes"
        shutil.copytree(FIXTURES / "lib" / "fixture_notes", lib, dirs_exist_ok=True)
        shutil.copy2(NOTES_SERVICE, lib / "notes_service.py")
    map_path = dest / "metadata" / "task-binary-map.json"
    map_path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(FIXTURES / "binary-map.json", map_path)
    return Layout.for_repo(
        sources,
        tasks_dir=tasks_dir,
        map_path=map_path,
        per_task_dir=dest / "per_task",
        logs_dir=dest / "logs",
        wheelhouse_dir=REPO_ROOT / ".wheelhouse",
    )
