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


REMOVED = "removed"  # cases_registry.csv status of a removed task: its case_id stays taken


def _task_dir(root: Path, name: str) -> Path:
    try:
        path = registries.find_task(root / "tasks", name)
    except registries.UnknownTask as exc:
        raise LifecycleError(str(exc)) from None
    if not (path / "task.toml").is_file():
        raise LifecycleError(f"no such task: tasks/{name} (no task.toml)")
    return path


def remove_task(root: Path, name: str, *, dry_run: bool = False) -> list[str]:
    """Delete ``tasks/<name>`` and its entries in registry.json and the binary map, and mark its
    row of cases_registry.csv removed (its case_id is never given again); the files changed,
    or with ``dry_run`` those that would be, changing nothing."""
    task = _task_dir(root, name)
    edits = _registry_edits(root, name, None)
    files = sum(1 for p in task.rglob("*") if p.is_file())
    if dry_run:
        return [f"would delete tasks/{name}/ ({files} files)"] + [
            f"would change {relative}" for relative in edits
        ]
    _write(root, edits)
    shutil.rmtree(task)
    return [f"tasks/{name}/ (removed)", *edits]


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
    edits = _registry_edits(root, old, new)
    _write(root, edits)
    changed = list(edits)
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


def _registry_edits(root: Path, old: str, new: str | None) -> dict[str, str]:
    """The registry files a rename (``new``) or removal (``new`` None) of a task changes, with
    their new text. All three are read (and so checked) before any is written."""
    datasets = registries.read_registry_json(root)
    rows = registries.read_cases(root)
    map_path = root / registries.BINARY_MAP
    binary_map = load_binary_map(map_path) if map_path.exists() else None
    edits = {}
    for dataset in datasets:
        listed = dataset.get("tasks", [])
        if dataset.get("name") != registries.DATASET_NAME or old not in _names(listed):
            continue
        tasks = [t for t in listed if t.get("name") != old]
        tasks += [] if new is None else [{"name": new, "path": f"tasks/{new}"}]
        dataset["tasks"] = sorted(tasks, key=lambda t: t["name"])
        edits[registries.REGISTRY_JSON] = json.dumps(datasets, indent=2, ensure_ascii=False) + "\n"
    if any(_is_active_row(r, old) for r in rows):
        changed = {"status": REMOVED} if new is None else {"task_name": new}
        rows = [{**r, **changed} if _is_active_row(r, old) else r for r in rows]
        edits[registries.CASES_CSV] = registries.csv_text(rows)
    if binary_map is not None and old in binary_map.tasks:
        entry = binary_map.tasks.pop(old)
        if new is not None:
            binary_map.tasks[new] = entry
        edits[registries.BINARY_MAP] = registries.binary_map_text(binary_map)
    return edits


def _is_active_row(row: dict[str, str], name: str) -> bool:
    return row.get("task_name") == name and row.get("status") != REMOVED


def _write(root: Path, edits: dict[str, str]) -> None:
    for relative, text in edits.items():
        (root / relative).write_text(text)


def _names(tasks: list[dict[str, str]]) -> set[str]:
    return {t.get("name", "") for t in tasks}
