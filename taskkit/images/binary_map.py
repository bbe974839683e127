"""``metadata/task-binary-map.json``: which mock services, seed, assets and startup fragment each
task's per-task base image gets. This pydantic model is the single source of truth of the format.

```json
{
  "version": 1,
  "tasks": {
    "watch-shop": {
      "services": ["shop", "email"],
      "seed": "environment/seed.json",
      "assets": [{"source": "environment/catalog", "target": "/workspace/environment/catalog"}],
      "startup": "environment/startup.extra.sh"
    },
    "skill-creation": {}
  }
}
```

- ``services``: shipped service names (``shop``, ``airline``, ``email``, ``calendar`` ...) or a
  ``package.module:ATTRIBUTE`` reference to a ``ServiceSpec`` importable in the image (for example
  from a module installed as an asset under ``/opt/mock/lib``). Ports come from the service.
- ``seed``: the task's ``seed.json`` (service name -> seed document, plus ``now``/``timezone``),
  copied to ``$MOCK_DATA_DIR/seed.json`` with the default data of each shipped service it has
  no section for added, so every service is seeded under the task's clock (as the oracle runner
  does). A section for a service the task does not run is an error. Without ``seed``, every
  service gets its default data and clock.
- ``assets``: files or folders copied into the image; ``owner`` is ``node`` (the agent may
  change them) or ``root`` (read-only for the agent). Targets under ``/opt/mock/lib`` are always
  root-owned (Python modules the services import).
- ``startup``: a bash fragment run as root after every service is healthy, before readiness.

Every path on the left of the image (``seed``, ``startup``, ``source``) is relative to the task's
folder ``tasks/<task>/`` and must stay inside it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path, PurePosixPath
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

from mock_services.registry import SERVICE_MODULES

TASK_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
SERVICE_REF = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")
# Image paths an asset may not land in: the platform's own files and the system.
FORBIDDEN_TARGETS = (
    "/opt/mock/entrypoint.sh",
    "/opt/mock/startup.d",
    "/opt/mock/bin",
    "/opt/mock/supervise.py",
    "/var/lib/mock-data",
    "/var/log/mock",
    "/run",
    "/etc",
    "/usr",
    "/bin",
    "/sbin",
    "/lib",
    "/lib64",
    "/boot",
    "/proc",
    "/sys",
    "/dev",
    "/root",
    "/logs",
    "/tests",
)
PYTHON_LIB = "/opt/mock/lib"
# Folders the agent owns: a root-owned asset there could be moved (e.g. into /logs/verifier).
AGENT_FOLDERS = ("/workspace", "/home/node", "/tmp", "/var/tmp")


class BinaryMapError(ValueError):
    """The map is invalid; the message names the file, the task and the problem."""


def _relative_path(value: str) -> str:
    path = PurePosixPath(value)
    if not value or path.is_absolute() or ".." in path.parts or "\\" in value:
        raise ValueError(
            f"{value!r} must be a relative path inside the task's folder (no '..', not absolute)"
        )
    return path.as_posix()


def _image_path(value: str) -> str:
    path = PurePosixPath(value)
    if not path.is_absolute() or ".." in path.parts or path == PurePosixPath("/"):
        raise ValueError(f"{value!r} must be an absolute path in the image, without '..'")
    text = path.as_posix()
    for forbidden in FORBIDDEN_TARGETS:
        if text == forbidden or text.startswith(forbidden + "/"):
            raise ValueError(f"{value!r} is inside {forbidden}, which belongs to the platform")
    return text


def _service(value: str) -> str:
    if value in SERVICE_MODULES or SERVICE_REF.match(value):
        return value
    raise ValueError(
        f"unknown service {value!r}; expected one of: {', '.join(SERVICE_MODULES)} "
        "(or a 'package.module:ATTRIBUTE' reference to a ServiceSpec)"
    )


RelativePath = Annotated[str, AfterValidator(_relative_path)]
ImagePath = Annotated[str, AfterValidator(_image_path)]
ServiceName = Annotated[str, AfterValidator(_service)]


class Asset(BaseModel):
    model_config = ConfigDict(extra="forbid")
    source: RelativePath
    target: ImagePath
    owner: Literal["node", "root"] = "node"

    @property
    def effective_owner(self) -> str:
        return "root" if self.target.startswith(PYTHON_LIB) else self.owner

    @model_validator(mode="after")
    def _root_assets_in_root_folders(self) -> Asset:
        for folder in AGENT_FOLDERS:
            if self.owner == "root" and (self.target + "/").startswith(folder + "/"):
                raise ValueError(
                    f"target {self.target!r}: a root-owned asset may not be inside {folder}, "
                    "which the agent owns (it could move the file, e.g. into /logs/verifier); "
                    "put it in a root-owned folder such as /opt/data"
                )
        return self


class TaskImageSpec(BaseModel):
    """What one task's per-task base image contains."""

    model_config = ConfigDict(extra="forbid")
    services: list[ServiceName] = Field(default_factory=list)
    seed: RelativePath | None = None
    assets: list[Asset] = Field(default_factory=list)
    startup: RelativePath | None = None

    @model_validator(mode="after")
    def _consistent(self) -> TaskImageSpec:
        duplicates = sorted({s for s in self.services if self.services.count(s) > 1})
        if duplicates:
            raise ValueError(f"services listed twice: {', '.join(duplicates)}")
        if self.seed is not None and not self.services:
            raise ValueError("'seed' is given but the task has no services")
        targets = [a.target for a in self.assets]
        clashes = sorted({t for t in targets if targets.count(t) > 1})
        if clashes:
            raise ValueError(f"two assets target {', '.join(clashes)}")
        return self


class TaskBinaryMap(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: Literal[1] = 1
    tasks: dict[str, TaskImageSpec] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _task_names(self) -> TaskBinaryMap:
        bad = [name for name in self.tasks if not TASK_NAME.match(name)]
        if bad:
            raise ValueError(f"task names must be kebab-case: {', '.join(bad)}")
        return self


def _reject_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise BinaryMapError(f"{key!r} appears twice")
        seen[key] = value
    return seen


def parse_binary_map(text: str, source: str) -> TaskBinaryMap:
    """Parse and validate the map's JSON; errors name ``source`` and the JSON path."""
    try:
        data = json.loads(text, object_pairs_hook=_reject_duplicate_keys)
    except BinaryMapError as exc:
        raise BinaryMapError(f"{source}: duplicate key: {exc}") from None
    except json.JSONDecodeError as exc:
        raise BinaryMapError(f"{source}: not valid JSON: {exc}") from None
    try:
        return TaskBinaryMap.model_validate(data)
    except ValidationError as exc:
        lines = []
        for err in exc.errors(include_url=False):
            where = ".".join(str(part) for part in err["loc"]) or "(top level)"
            lines.append(f"{source}: {where}: {err['msg'].removeprefix('Value error, ')}")
        raise BinaryMapError("\n".join(lines)) from None


def load_binary_map(path: Path) -> TaskBinaryMap:
    if not path.exists():
        raise BinaryMapError(f"{path}: no such file; it maps each task to its services")
    return parse_binary_map(path.read_text(), str(path))


def check_against_tasks(binary_map: TaskBinaryMap, tasks_dir: Path, source: str) -> None:
    """Every task folder has an entry, every entry a folder, and every named file exists."""
    problems = []
    folders = {p.name for p in tasks_dir.iterdir() if p.is_dir()} if tasks_dir.is_dir() else set()
    for name in sorted(folders - set(binary_map.tasks)):
        problems.append(f"task {name!r} ({tasks_dir / name}) has no entry; add one (even {{}})")
    for name, spec in sorted(binary_map.tasks.items()):
        task_dir = tasks_dir / name
        if name not in folders:
            problems.append(f"tasks.{name}: no task folder {task_dir}")
            continue
        named = [("seed", spec.seed), ("startup", spec.startup)]
        named += [(f"assets[{i}].source", a.source) for i, a in enumerate(spec.assets)]
        for field, rel in named:
            if rel is None:
                continue
            path = task_dir / rel
            if not path.exists():
                problems.append(f"tasks.{name}.{field}: {path} does not exist")
            elif not path.resolve().is_relative_to(task_dir.resolve()):
                problems.append(f"tasks.{name}.{field}: {path} leads outside {task_dir}")
        if spec.startup and (task_dir / spec.startup).is_dir():
            problems.append(f"tasks.{name}.startup: {task_dir / spec.startup} is a folder")
    if problems:
        raise BinaryMapError("\n".join(f"{source}: {p}" for p in problems))


def example_binary_map() -> dict[str, Any]:
    """What a new ``metadata/task-binary-map.json`` starts with: no tasks yet."""
    return TaskBinaryMap().model_dump(mode="json")
