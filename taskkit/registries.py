"""The three registries next to ``tasks/``: ``registry.json`` (Harbor's dataset list),
``metadata/cases_registry.csv`` (one row per case) and ``metadata/task-binary-map.json``
(task -> services and seed, owned by the image builder's model).

``check`` says where they disagree with ``tasks/``; ``write`` rewrites them from ``tasks/``.
"""

from __future__ import annotations

import csv
import io
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mock_services.core.seeding.seed import seeded_services
from taskkit.images.binary_map import (
    BinaryMapError,
    TaskBinaryMap,
    TaskImageSpec,
    check_against_tasks,
    load_binary_map,
)
from taskkit.names import closest_hint
from taskkit.task_load import load_task_config
from taskkit.task_model import KEBAB_CASE, TaskConfig

REGISTRY_JSON = "registry.json"
CASES_CSV = "metadata/cases_registry.csv"
BINARY_MAP = "metadata/task-binary-map.json"
DATASET_NAME = "liveclawbench"
DATASET_VERSION = "1.0"
DATASET_DESCRIPTION = "LiveClawBench-compatible tasks on the local mock services."
ORG = "liveclawbench"
CASE_COLUMNS = (
    "case_id",
    "task_name",
    "description",
    "difficulty",
    "domain",
    "domains_multi",
    "factor_a1",
    "factor_a2",
    "factor_b1",
    "factor_b2",
    "factor_c1",
    "factor_c2",
    "status",
)
# the columns of cases_registry.csv a task must fill, by their task.toml section
REQUIRED_CASE_FIELDS = (
    ("[metadata]", "case_id"),
    ("[task]", "description"),
    ("[metadata]", "difficulty"),
    ("[metadata]", "domain"),
)
FACTORS = ("factor_a1", "factor_a2", "factor_b1", "factor_b2", "factor_c1", "factor_c2")


@dataclass
class TaskFacts:
    """What the registries record about one task, read from its directory."""

    name: str
    case_id: int | None
    config: TaskConfig | None
    path: str
    load_error: str | None = None

    def problems(self) -> list[str]:
        """Why the registries cannot be written from this task: each would be a wrong name or
        a blank field."""
        if not KEBAB_CASE.match(self.name):
            return [f"directory name {self.name!r} is not kebab-case"]
        if self.config is None:
            reasons = (self.load_error or "unknown error").strip().splitlines()
            return [f"task.toml does not load: {reason}" for reason in reasons]
        row = self.case_row()
        return [
            f"{section}.{column} is missing or empty in task.toml"
            for section, column in REQUIRED_CASE_FIELDS
            if not row[column].strip()
        ]

    def case_row(self) -> dict[str, str]:
        meta = self.config.metadata if self.config else None
        info = self.config.task if self.config else None
        row = {column: "" for column in CASE_COLUMNS}
        row.update(
            case_id="" if self.case_id is None else str(self.case_id),
            task_name=self.name,
            description=info.description if info else "",
            status="active",
        )
        if meta:
            row.update(
                difficulty=meta.difficulty or "",
                domain=meta.domain or "",
                domains_multi="; ".join(meta.domains_multi),
                **{factor: str(getattr(meta, factor)) for factor in FACTORS},
            )
        return row


def task_dirs(root: Path) -> list[Path]:
    tasks = root / "tasks"
    if not tasks.is_dir():
        return []
    return sorted(p for p in tasks.iterdir() if p.is_dir() and not p.name.startswith("."))


class UnknownTask(LookupError):
    """A task name with no folder; the message names the closest task names."""


def find_task(tasks_dir: Path, name: str) -> Path:
    """The folder of task ``name`` in ``tasks_dir``; ``UnknownTask`` (with the closest names)
    when there is none."""
    path = tasks_dir / name
    if path.is_dir():
        return path
    known = [p.name for p in tasks_dir.iterdir() if p.is_dir()] if tasks_dir.is_dir() else []
    raise UnknownTask(f"no such task {name!r} in {_shown(tasks_dir)}/; {closest_hint(name, known)}")


def _shown(path: Path) -> str:
    """``path`` relative to the working directory when it is under it, else as it is."""
    relative = os.path.relpath(path)
    return path.as_posix() if relative.startswith("..") else Path(relative).as_posix()


def read_facts(task_dir: Path, root: Path) -> TaskFacts:
    config, error = None, None
    try:
        config = load_task_config(task_dir / "task.toml")
    except (OSError, ValueError) as exc:  # the validator reports broken task.toml files
        error = str(exc)
    case_id = config.metadata.case_id if config else None
    relative = task_dir.relative_to(root).as_posix()
    return TaskFacts(task_dir.name, case_id, config, relative, error)


# --- registry.json (Harbor's Registry format: a list of datasets) ------------------------


def read_registry_json(root: Path) -> list[dict[str, Any]]:
    path = root / REGISTRY_JSON
    if not path.exists():
        return []
    data = json.loads(path.read_text())
    if not isinstance(data, list):
        raise ValueError(f"{path}: expected a JSON list of datasets, got {type(data).__name__}")
    return data


def registry_tasks(root: Path) -> dict[str, str]:
    """Task name -> path in our dataset of ``registry.json``."""
    for dataset in read_registry_json(root):
        if dataset.get("name") == DATASET_NAME:
            return {t["name"]: str(t.get("path", "")) for t in dataset.get("tasks", [])}
    return {}


def render_registry_json(root: Path, facts: list[TaskFacts]) -> str:
    datasets = [d for d in read_registry_json(root) if d.get("name") != DATASET_NAME]
    ours = {
        "name": DATASET_NAME,
        "version": DATASET_VERSION,
        "description": DATASET_DESCRIPTION,
        "tasks": [{"name": f.name, "path": f.path} for f in facts],
    }
    return json.dumps([ours, *datasets], indent=2, ensure_ascii=False) + "\n"


def add_registry_entry(root: Path, fact: TaskFacts) -> None:
    """List one task in our dataset of registry.json, keeping every other entry."""
    datasets = read_registry_json(root)
    ours = next((d for d in datasets if d.get("name") == DATASET_NAME), None)
    if ours is None:
        ours = {
            "name": DATASET_NAME,
            "version": DATASET_VERSION,
            "description": DATASET_DESCRIPTION,
            "tasks": [],
        }
        datasets.insert(0, ours)
    ours["tasks"] = [t for t in ours.get("tasks", []) if t.get("name") != fact.name]
    ours["tasks"].append({"name": fact.name, "path": fact.path})
    ours["tasks"].sort(key=lambda t: t["name"])
    (root / REGISTRY_JSON).write_text(json.dumps(datasets, indent=2, ensure_ascii=False) + "\n")


# --- metadata/cases_registry.csv ----------------------------------------------------------


def read_cases(root: Path) -> list[dict[str, str]]:
    path = root / CASES_CSV
    if not path.exists():
        return []
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


def render_cases(facts: list[TaskFacts], existing: list[dict[str, str]]) -> str:
    """Rows for every task (ordered by case_id); rows of other statuses without a task kept."""
    ours = {f.name for f in facts}
    rows = [f.case_row() for f in facts]
    rows += [r for r in existing if r.get("task_name") not in ours and r.get("status") != "active"]
    rows.sort(key=lambda r: int(r["case_id"]) if r.get("case_id", "").isdigit() else 10**9)
    return csv_text(rows)


def add_case_row(root: Path, fact: TaskFacts) -> None:
    """Add (or replace) one task's row of cases_registry.csv, keeping every other row."""
    rows = [r for r in read_cases(root) if r.get("task_name") != fact.name]
    rows.append(fact.case_row())
    rows.sort(key=lambda r: int(r["case_id"]) if r.get("case_id", "").isdigit() else 10**9)
    path = root / CASES_CSV
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(csv_text(rows))


def csv_text(rows: list[dict[str, str]]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(
        buffer, fieldnames=CASE_COLUMNS, extrasaction="ignore", lineterminator="\n"
    )
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()


# --- metadata/task-binary-map.json (the image builder's model) ------------------------------


def read_binary_map(root: Path) -> dict[str, TaskImageSpec]:
    """Task name -> its per-task image spec; {} when the map does not exist yet.

    Raises ``BinaryMapError`` (naming the file and JSON path) when the map is invalid.
    """
    path = root / BINARY_MAP
    return load_binary_map(path).tasks if path.exists() else {}


def add_binary_map_entry(root: Path, task: str, services: list[str], seed: str | None) -> None:
    """Add (or replace) a task's entry; ``seed`` is relative to the task folder."""
    path = root / BINARY_MAP
    binary_map = load_binary_map(path) if path.exists() else TaskBinaryMap()
    binary_map.tasks[task] = TaskImageSpec(services=services, seed=seed)
    save_binary_map(root, binary_map)


def save_binary_map(root: Path, binary_map: TaskBinaryMap) -> None:
    path = root / BINARY_MAP
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(binary_map_text(binary_map))


def binary_map_text(binary_map: TaskBinaryMap) -> str:
    """The map as ``task-binary-map.json`` holds it (tasks sorted, defaults left out)."""
    tasks = {
        name: spec.model_dump(mode="json", exclude_defaults=True)
        for name, spec in sorted(binary_map.tasks.items())
    }
    return json.dumps({"version": binary_map.version, "tasks": tasks}, indent=2) + "\n"


# --- check and write ------------------------------------------------------------------------


@dataclass
class Mismatch:
    file: str
    task: str
    message: str


def check(root: Path, facts: list[TaskFacts] | None = None) -> list[Mismatch]:
    """Every way the registries disagree with ``tasks/``."""
    facts = facts if facts is not None else [read_facts(d, root) for d in task_dirs(root)]
    problems: list[Mismatch] = []
    by_name = {f.name: f for f in facts}

    listed = registry_tasks(root)
    for fact in facts:
        if fact.name not in listed:
            problems.append(Mismatch(REGISTRY_JSON, fact.name, "task missing from registry.json"))
        elif listed[fact.name] != fact.path:
            problems.append(
                Mismatch(
                    REGISTRY_JSON,
                    fact.name,
                    f"path is {listed[fact.name]!r}, expected {fact.path!r}",
                )
            )
    for name in listed.keys() - by_name.keys():
        problems.append(Mismatch(REGISTRY_JSON, name, "listed but tasks/ has no such directory"))

    rows = {r.get("task_name", ""): r for r in read_cases(root) if r.get("status") == "active"}
    for fact in facts:
        row = rows.get(fact.name)
        if row is None:
            problems.append(Mismatch(CASES_CSV, fact.name, "no row for this task"))
            continue
        if fact.config is None:
            continue  # a broken task.toml is the validator's finding, not a registry drift
        expected = fact.case_row()
        for column in ("case_id", "difficulty", "domain", *FACTORS):
            if (row.get(column) or "") != expected[column]:
                problems.append(
                    Mismatch(
                        CASES_CSV,
                        fact.name,
                        f"{column} is {row.get(column)!r}, task.toml says {expected[column]!r}",
                    )
                )
    for name in rows.keys() - by_name.keys():
        problems.append(Mismatch(CASES_CSV, name, "active row but tasks/ has no such directory"))

    problems += duplicates(root, facts)
    try:
        binary_map = load_binary_map(root / BINARY_MAP)
        check_against_tasks(binary_map, root / "tasks", BINARY_MAP)
    except BinaryMapError as exc:
        problems += [Mismatch(BINARY_MAP, "-", line) for line in str(exc).splitlines()]
    return problems


def _repeated(values: list[tuple[str, str]]) -> dict[str, list[str]]:
    """``(key, task)`` pairs -> the keys held by more than one task, with those tasks."""
    holders: dict[str, list[str]] = {}
    for key, task in values:
        holders.setdefault(key, []).append(task)
    return {key: tasks for key, tasks in holders.items() if len(tasks) > 1}


def duplicates(root: Path, facts: list[TaskFacts]) -> list[Mismatch]:
    """Names that must be unique and are not: a ``[task].name``, a case id, an imported
    task's upstream record (``source``/``source_id``), a registry.json entry or an active
    cases_registry.csv row."""
    loaded = [(f, f.config) for f in facts if f.config is not None]
    checks = {
        "[task].name": [(c.task.name, f.name) for f, c in loaded if c.task],
        "case_id": [(str(f.case_id), f.name) for f in facts if f.case_id is not None],
        "imported source_id": [
            (f"{i.source}/{i.source_id}", f.name)
            for f, c in loaded
            if (i := c.metadata.imported) is not None
        ],
    }
    problems = [
        Mismatch("tasks/", tasks[0], f"{what} {key!r} also held by {', '.join(tasks[1:])}")
        for what, pairs in checks.items()
        for key, tasks in _repeated(pairs).items()
    ]
    for dataset in read_registry_json(root):
        if dataset.get("name") == DATASET_NAME:
            names = [(str(t.get("name")), "") for t in dataset.get("tasks", [])]
            problems += [
                Mismatch(REGISTRY_JSON, name, f"listed {len(tasks)} times")
                for name, tasks in _repeated(names).items()
            ]
    rows = [(r.get("task_name", ""), "") for r in read_cases(root) if r.get("status") == "active"]
    problems += [
        Mismatch(CASES_CSV, name, f"{len(tasks)} active rows")
        for name, tasks in _repeated(rows).items()
    ]
    return problems


class RegistryWriteError(ValueError):
    """The registries were not written: a task cannot give its entries (names each one)."""


def write(root: Path) -> list[str]:
    """Rewrite registry.json and cases_registry.csv from ``tasks/``; returns changed files.

    A task missing from the binary map gets an entry with the services its seed.json names;
    entries of removed tasks are dropped. Refuses, writing nothing, while any task is invalid
    (a name that is not kebab-case, a task.toml that does not load, a required field empty).
    """
    facts = [read_facts(d, root) for d in task_dirs(root)]
    problems = [f"{fact.path}: {problem}" for fact in facts for problem in fact.problems()]
    if problems:
        raise RegistryWriteError(
            "not writing the registries from invalid tasks (fix them, `invoke validate` "
            "shows more):\n" + "\n".join(f"  {p}" for p in problems)
        )
    changed = []
    for relative, text in (
        (REGISTRY_JSON, render_registry_json(root, facts)),
        (CASES_CSV, render_cases(facts, read_cases(root))),
    ):
        path = root / relative
        if not path.exists() or path.read_text() != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            changed.append(relative)
    mapped = read_binary_map(root)
    stale = mapped.keys() - {f.name for f in facts}
    if stale:
        binary_map = load_binary_map(root / BINARY_MAP)
        for name in stale:
            del binary_map.tasks[name]
        save_binary_map(root, binary_map)
        changed.append(BINARY_MAP)
    for fact in facts:
        if fact.name not in mapped:
            seed = root / fact.path / "environment" / "seed.json"
            services = seed_services(seed)
            add_binary_map_entry(
                root, fact.name, services, "environment/seed.json" if services else None
            )
            if BINARY_MAP not in changed:
                changed.append(BINARY_MAP)
    return changed


def seed_services(seed: Path) -> list[str]:
    """The services a task's seed.json seeds (its keys other than the clock header)."""
    if not seed.exists():
        return []
    try:
        data = json.loads(seed.read_text())
    except ValueError:
        return []
    return seeded_services(data) if isinstance(data, dict) else []


def next_case_id(root: Path) -> int:
    """One more than the largest case_id in tasks/ or the CSV (the seed's ids start at 1); the
    CSV keeps the rows of removed tasks (status ``removed``), so no case_id is given twice."""
    used = [f.case_id for f in (read_facts(d, root) for d in task_dirs(root)) if f.case_id]
    used += [int(r["case_id"]) for r in read_cases(root) if r.get("case_id", "").isdigit()]
    return max(used, default=0) + 1
