"""``invoke remove-task NAME`` and ``invoke rename-task OLD NEW``: a task's folder and every
place that names it (the three registries, the Dockerfile's ``FROM``, ``[task].name``, the
verifier, the README), so copying or dropping a task is not a hunt for names."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from taskkit import registries
from taskkit.images.binary_map import load_binary_map
from taskkit.task_model import KEBAB_CASE

TEXT_SUFFIXES = frozenset({".toml", ".md", ".py", ".sh", ".json", ".txt", ""})


class LifecycleError(ValueError):
    """A remove or rename that cannot be done; nothing was changed."""


def _task_dir(root: Path, name: str) -> Path:
    path = root / "tasks" / name
    if not (path / "task.toml").is_file():
        raise LifecycleError(f"no such task: tasks/{name} (no task.toml)")
    return path


def remove_task(root: Path, name: str) -> list[str]:
    """Delete ``tasks/<name>`` and its entries in the registries; the files changed."""
    task = _task_dir(root, name)
    changed = _rename_in_registries(root, name, None)
    shutil.rmtree(task)
    return [f"tasks/{name}/ (removed)", *changed]


def rename_task(root: Path, old: str, new: str) -> list[str]:
    """Move ``tasks/<old>`` to ``tasks/<new>`` and rewrite every whole-word ``old`` in its
    text files (``[task].name``, ``FROM liveclawbench-<old>-base``, ``Verifier("<old>")``,
    the README) and in the registries; the files changed."""
    task = _task_dir(root, old)
    if not KEBAB_CASE.match(new):
        raise LifecycleError(f"new name {new!r}: expected kebab-case (lowercase words and '-')")
    target = root / "tasks" / new
    if target.exists():
        raise LifecycleError(f"tasks/{new} already exists")
    changed = _rename_in_registries(root, old, new)
    task.rename(target)
    # whole names only; "-" may lead in the image names (liveclawbench-<old>-base)
    word = re.compile(rf"(?:(?<=liveclawbench-)|(?<![\w-])){re.escape(old)}(?!\w)(?!-(?!base\b))")
    for path in sorted(target.rglob("*")):
        if not path.is_file() or path.suffix not in TEXT_SUFFIXES:
            continue
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue  # not a text file
        renamed = word.sub(new, text)
        if renamed != text:
            path.write_text(renamed)
            changed.append(path.relative_to(root).as_posix())
    return [f"tasks/{old}/ -> tasks/{new}/", *changed]


def _rename_in_registries(root: Path, old: str, new: str | None) -> list[str]:
    """Rename (``new``) or drop (``new`` None) a task's entries; the registry files changed.
    All three are read (and so checked) before any is written."""
    datasets = registries.read_registry_json(root)
    rows = registries.read_cases(root)
    map_path = root / registries.BINARY_MAP
    binary_map = load_binary_map(map_path) if map_path.exists() else None
    changed = []
    for dataset in datasets:
        listed = dataset.get("tasks", [])
        if dataset.get("name") != registries.DATASET_NAME or old not in _names(listed):
            continue
        tasks = [t for t in listed if t.get("name") != old]
        tasks += [] if new is None else [{"name": new, "path": f"tasks/{new}"}]
        dataset["tasks"] = sorted(tasks, key=lambda t: t["name"])
        text = json.dumps(datasets, indent=2, ensure_ascii=False) + "\n"
        (root / registries.REGISTRY_JSON).write_text(text)
        changed.append(registries.REGISTRY_JSON)
    if any(r.get("task_name") == old for r in rows):
        if new is None:
            rows = [r for r in rows if r.get("task_name") != old]
        else:
            rows = [{**r, "task_name": new} if r.get("task_name") == old else r for r in rows]
        (root / registries.CASES_CSV).write_text(registries.csv_text(rows))
        changed.append(registries.CASES_CSV)
    if binary_map is not None and old in binary_map.tasks:
        entry = binary_map.tasks.pop(old)
        if new is not None:
            binary_map.tasks[new] = entry
        registries.save_binary_map(root, binary_map)
        changed.append(registries.BINARY_MAP)
    return changed


def _names(tasks: list[dict[str, str]]) -> set[str]:
    return {t.get("name", "") for t in tasks}
