"""The pydantic model of a task's ``task.toml``: the seed's fields and Harbor's newer sections.

One model per TOML section, defaults in the models, legacy keys migrated in
``model_validator(mode="before")`` (as Harbor's own ``TaskConfig`` does). Unknown keys are kept
(``extra="allow"``) so that loading never fails on them; ``unknown_keys`` lists them, because
Harbor silently ignores a typo such as ``[agnt]``.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from enum import StrEnum
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

TASK_NAME_PATTERN = re.compile(r"^[a-zA-Z0-9][a-zA-Z0-9._-]*/[a-zA-Z0-9][a-zA-Z0-9._-]*$")
KEBAB_CASE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
ENV_REFERENCE = re.compile(r"^\$\{[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?\}$")

DOMAINS = (
    "Documents & Knowledge",
    "Communication & Email",
    "E-commerce & Daily Svcs",
    "Calendar & Task Mgmt",
    "Coding & Software Dev",
    "DevOps & Env Repair",
    "Deep Research & Report",
    "Health & Fitness",
    "Social Media",
    "Finance & Data Analytics",
    "Health & Wellness",
)


class Section(BaseModel):
    """Base of every section: unknown keys are kept for reporting, never fatal."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)


# --- [task] ------------------------------------------------------------------------------


class Author(Section):
    name: str = Field(min_length=1)
    email: str | None = None


class TaskInfo(Section):
    """Harbor's package section: ``org/name``, version, description, authors, keywords."""

    name: str = Field(description="'org/name', e.g. 'liveclawbench/flight-seat-selection'")
    version: str | None = Field(default=None, min_length=1)
    description: str = ""
    authors: list[Author] = Field(default_factory=list)
    keywords: list[str] = Field(default_factory=list)

    @field_validator("name")
    @classmethod
    def _org_slash_name(cls, value: str) -> str:
        if not TASK_NAME_PATTERN.match(value) or ".." in value:
            raise ValueError(f"expected 'org/name' (letters, digits, '.', '_', '-'), got {value!r}")
        return value

    @property
    def short_name(self) -> str:
        return self.name.split("/", 1)[1]


# --- [metadata] --------------------------------------------------------------------------

Factor = Literal[0, 1]


class HarborLint(Section):
    select: list[str] | None = None
    extend_select: list[str] = Field(default_factory=list, alias="extend-select")
    ignore: list[str] = Field(default_factory=list)


class HarborMetadata(Section):
    lint: HarborLint | None = None


class DatasetProvenance(Section):
    """``[metadata.dataset]`` of a task built from a canonical dataset (``build-dataset``)."""

    name: str
    version: str
    digest: str
    record_type: str
    questions: int = Field(ge=1)
    criteria: int = Field(ge=1)
    template_hash: str
    grader_source: Literal["image", "pypi", "editable"]
    grader_version: str
    verifier_base_image: str
    document_missing: bool = False


class ImportProvenance(Section):
    """``[metadata.imported]`` of a task imported from another benchmark (``invoke import``)."""

    source: str
    source_id: str
    upstream_repo: str
    upstream_commit: str = Field(pattern=r"^[0-9a-f]{40}$")
    license: str = Field(description="SPDX id, or 'unverified'")
    record: str
    scoring_layers: list[str] = Field(min_length=1)
    not_scored: list[str] = Field(default_factory=list, description="checks not scored here")
    not_runnable: str | None = Field(
        None, description="why an agent cannot run it here (a site or input we lack); None: it can"
    )


class Metadata(Section):
    """The seed's ``[metadata]``: classification, complexity and fault factors, case id."""

    difficulty: Literal["easy", "medium", "hard"] | None = None
    category: str | None = None
    tags: list[str] = Field(default_factory=list)
    domain: str | None = None
    domains_multi: list[str] = Field(default_factory=list)
    factor_a1: Factor = 0
    factor_a2: Factor = 0
    factor_b1: Factor = 0
    factor_b2: Factor = 0
    factor_c1: Factor = 0
    factor_c2: Factor = 0
    case_id: int | None = Field(default=None, ge=0)
    # The one channel the instruction tells the agent to use (the process is the point, as in
    # "through the shop's MCP tools"); None: any of API, MCP tools and web UI.
    only_channel: Literal["api", "mcp", "ui"] | None = None
    harbor: HarborMetadata | None = None
    dataset: DatasetProvenance | None = None
    imported: ImportProvenance | None = None

    @model_validator(mode="before")
    @classmethod
    def _migrate_legacy(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = dict(data)
        # Older tasks spell the factors A1..C2 (or a1..c2); the seed's names are factor_*.
        for key in list(data):
            if re.fullmatch(r"[AaBbCc][12]", key):
                data.setdefault(f"factor_{key.lower()}", data.pop(key))
        if isinstance(data.get("difficulty"), str):
            data["difficulty"] = data["difficulty"].strip().lower()
        if isinstance(data.get("case_id"), str) and data["case_id"].strip().isdigit():
            data["case_id"] = int(data["case_id"])
        return data

    @field_validator("domain")
    @classmethod
    def _known_domain(cls, value: str | None) -> str | None:
        if value is not None and value not in DOMAINS:
            raise ValueError(f"unknown domain {value!r}; expected one of: {', '.join(DOMAINS)}")
        return value

    @field_validator("domains_multi")
    @classmethod
    def _known_domains(cls, values: list[str]) -> list[str]:
        unknown = [v for v in values if v not in DOMAINS]
        if unknown:
            raise ValueError(f"unknown domain(s) {unknown}; expected any of: {', '.join(DOMAINS)}")
        return values


# --- network policy, [agent], [verifier], [environment] ---------------------------------

NetworkMode = Literal["public", "no-network", "allowlist"]


class PhaseNetwork(Section):
    """A phase override (``[agent]``/``[verifier]``): applied only during that phase."""

    network_mode: NetworkMode | None = None
    allowed_hosts: list[str] | None = None

    @model_validator(mode="after")
    def _hosts_need_allowlist(self) -> PhaseNetwork:
        if self.allowed_hosts and self.network_mode != "allowlist":
            raise ValueError("allowed_hosts needs network_mode = 'allowlist'")
        return self


class Healthcheck(Section):
    command: str
    interval_sec: float = 5.0
    timeout_sec: float = 30.0
    start_period_sec: float = 0.0
    start_interval_sec: float = 5.0
    retries: int = 3


class McpServer(Section):
    name: str
    transport: Literal["stdio", "sse", "streamable-http"] = "sse"
    url: str | None = None
    command: str | None = None
    args: list[str] = Field(default_factory=list)
    headers: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _http_alias(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("transport") == "http":
            data = {**data, "transport": "streamable-http"}
        return data

    @model_validator(mode="after")
    def _transport_fields(self) -> McpServer:
        if self.transport != "stdio" and not self.url:
            raise ValueError(f"transport {self.transport!r} needs a 'url'")
        if self.transport == "stdio" and not self.command:
            raise ValueError("transport 'stdio' needs a 'command'")
        return self


class Tpu(Section):
    type: str
    topology: str


class Environment(Section):
    """``[environment]``: build, resources, the network baseline and runtime extras."""

    build_timeout_sec: float = Field(600.0, gt=0)
    docker_image: str | None = None
    os: Literal["linux", "windows"] = "linux"
    cpus: float | None = Field(None, gt=0)
    memory_mb: int | None = Field(None, gt=0)
    storage_mb: int | None = Field(None, gt=0)
    gpus: int | None = Field(None, ge=0)
    gpu_types: list[str] | None = None
    tpu: Tpu | None = None
    allow_internet: bool | None = None
    network_mode: NetworkMode | None = None
    allowed_hosts: list[str] | None = None
    env: dict[str, str] = Field(default_factory=dict)
    workdir: str | None = None
    skills_dir: str | None = None
    healthcheck: Healthcheck | None = None
    mcp_servers: list[McpServer] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _migrate_legacy(cls, data: Any) -> Any:
        """``memory = "4G"`` / ``storage = "10G"`` (old Harbor) become ``*_mb`` integers."""
        if not isinstance(data, dict):
            return data
        data = dict(data)
        for old, new in (("memory", "memory_mb"), ("storage", "storage_mb")):
            if isinstance(data.get(old), str):
                megabytes = _size_to_mb(data.pop(old), old)
                if new in data and data[new] != megabytes:
                    raise ValueError(
                        f"{old} ({megabytes} MB) conflicts with {new} = {data[new]}; keep {new}"
                    )
                data[new] = megabytes
        if isinstance(data.get("os"), str):
            data["os"] = data["os"].lower()
        return data

    @model_validator(mode="after")
    def _network_consistent(self) -> Environment:
        if self.allowed_hosts and self.network_mode != "allowlist":
            raise ValueError("allowed_hosts needs network_mode = 'allowlist'")
        if self.allow_internet is not None and self.network_mode is not None:
            wanted = "public" if self.allow_internet else "no-network"
            if self.network_mode not in (wanted, "allowlist"):
                raise ValueError(
                    f"allow_internet = {str(self.allow_internet).lower()} contradicts "
                    f"network_mode = {self.network_mode!r} (Harbor keeps network_mode); "
                    "drop one of them"
                )
        return self

    @property
    def effective_network_mode(self) -> str:
        """What Harbor applies: network_mode, else the legacy allow_internet, else public."""
        if self.network_mode is not None:
            return self.network_mode
        if self.allow_internet is False:
            return "no-network"
        return "public"


def _size_to_mb(text: str, field: str) -> int:
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([GgMmKk])\s*", text)
    if not match:
        raise ValueError(f"{field}: expected a size such as '4G' or '512M', got {text!r}")
    number, unit = float(match[1]), match[2].upper()
    return int(number * {"G": 1024, "M": 1, "K": 1 / 1024}[unit])


class Agent(PhaseNetwork):
    timeout_sec: float | None = Field(None, gt=0)
    user: str | int | None = None


class VerifierCollect(Section):
    command: str
    service: str = "main"
    timeout_sec: float = 60.0
    user: str | int | None = None


class Verifier(PhaseNetwork):
    timeout_sec: float = Field(600.0, gt=0)
    env: dict[str, str] = Field(default_factory=dict)
    user: str | int | None = None
    environment_mode: Literal["shared", "separate"] | None = None
    environment: Environment | None = None
    collect: list[VerifierCollect] = Field(default_factory=list)

    @model_validator(mode="after")
    def _mode_matches_environment(self) -> Verifier:
        if self.environment_mode == "shared" and self.environment is not None:
            raise ValueError(
                "environment_mode = 'shared' conflicts with [verifier.environment]; "
                "omit the environment or set environment_mode = 'separate'"
            )
        return self

    @property
    def separate(self) -> bool:
        return self.environment_mode == "separate" or (
            self.environment_mode is None and self.environment is not None
        )


class Solution(Section):
    env: dict[str, str] = Field(default_factory=dict)


class Artifact(Section):
    source: str
    destination: str | None = None
    exclude: list[str] = Field(default_factory=list)
    service: str | None = None

    @field_validator("source")
    @classmethod
    def _no_parent(cls, value: str) -> str:
        if ".." in Path(value).parts:
            raise ValueError(f"artifact source must not contain '..', got {value!r}")
        return value


# --- multi-step ----------------------------------------------------------------------------

_STEP_NAME_BAD = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')


class Step(Section):
    """One ``[[steps]]`` entry; its name is the folder under ``steps/``."""

    name: str
    min_reward: float | dict[str, float] | None = None
    agent: Agent = Field(default_factory=Agent)
    verifier: Verifier = Field(default_factory=Verifier)
    healthcheck: Healthcheck | None = None
    artifacts: list[str | Artifact] = Field(default_factory=list)

    @field_validator("name")
    @classmethod
    def _portable(cls, value: str) -> str:
        if (
            not value.strip()
            or value in (".", "..")
            or value.endswith((".", " "))
            or _STEP_NAME_BAD.search(value)
            or len(value.encode()) > 255
        ):
            raise ValueError(
                f"step name {value!r} must be a portable directory name (no separators, "
                "control or reserved characters, no trailing dot or space, <= 255 bytes)"
            )
        return value


class MultiStepRewardStrategy(StrEnum):
    MEAN = "mean"
    FINAL = "final"


# --- the whole file --------------------------------------------------------------------------


class TaskConfig(Section):
    """A whole ``task.toml``."""

    schema_version: str = "1.4"
    source: str | None = None
    task: TaskInfo | None = None
    metadata: Metadata = Field(default_factory=Metadata)
    agent: Agent = Field(default_factory=Agent)
    verifier: Verifier = Field(default_factory=Verifier)
    environment: Environment = Field(default_factory=Environment)
    solution: Solution = Field(default_factory=Solution)
    multi_step_reward_strategy: MultiStepRewardStrategy | None = None
    steps: list[Step] | None = None
    artifacts: list[str | Artifact] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _migrate_legacy(cls, data: Any) -> Any:
        """The seed's root ``version = "1.0"`` is Harbor's ``schema_version``; seed-era tasks
        sometimes put the metadata fields at the root instead of under ``[metadata]``."""
        if not isinstance(data, dict):
            return data
        data = dict(data)
        if "version" in data:
            data.setdefault("schema_version", str(data.pop("version")))
        misplaced = [k for k in data if k in LEGACY_ROOT_METADATA]
        if misplaced:
            metadata = dict(data.get("metadata") or {})
            for key in misplaced:
                metadata.setdefault(key, data.pop(key))
            data["metadata"] = metadata
        return data

    @field_validator("steps")
    @classmethod
    def _unique_steps(cls, steps: list[Step] | None) -> list[Step] | None:
        seen: set[str] = set()
        for step in steps or []:
            key = step.name.casefold()
            if key in seen:
                raise ValueError(f"step name {step.name!r} is used twice (names are case-blind)")
            seen.add(key)
        return steps

    @property
    def is_multi_step(self) -> bool:
        return bool(self.steps)

    @classmethod
    def from_toml(cls, text: str) -> TaskConfig:
        return cls.model_validate(tomllib.loads(text))


LEGACY_ROOT_METADATA = frozenset(
    {"difficulty", "category", "tags", "domain", "domains_multi", "case_id"}
)


# --- unknown keys ---------------------------------------------------------------------------


def _known_names(model: BaseModel) -> list[str]:
    names = []
    for name, info in type(model).model_fields.items():
        names.append(info.alias or name)
    return names


def unknown_keys(model: BaseModel, prefix: str = "") -> list[tuple[str, str | None]]:
    """Every key a section does not define, as ``(dotted.path, suggestion or None)``."""
    found: list[tuple[str, str | None]] = []
    for key in model.model_extra or {}:
        close = difflib.get_close_matches(key, _known_names(model), n=1, cutoff=0.6)
        found.append((f"{prefix}{key}", close[0] if close else None))
    for name in type(model).model_fields:
        value = getattr(model, name)
        path = f"{prefix}{name}"
        if isinstance(value, BaseModel):
            found.extend(unknown_keys(value, path + "."))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                if isinstance(item, BaseModel):
                    found.extend(unknown_keys(item, f"{path}[{index}]."))
    return found
