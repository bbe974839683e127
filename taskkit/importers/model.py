"""The one target model of every adapter (seed 002's shared task type): what an imported task
is, whatever benchmark it came from."""

from __future__ import annotations

import hashlib
import re
from enum import StrEnum
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from mock_services.verify.imported import ImportedCheck
from mock_services.verify.outputs import ANSWER_FILE
from taskkit.task_model import DOMAINS

TASK_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class ScoringLayer(StrEnum):
    """Seed 002's scoring layers; an adapter declares which of them its tasks can use here."""

    SUBMISSION_INTERCEPT = "submission_intercept"  # the agent's declared answer / final write
    END_STATE_MATCH = "end_state_match"  # our services' end state and audit log
    STEP_TRACE_REPLAY = "step_trace_replay"  # per-step oracle over a recorded trajectory
    GOAL_PREDICATE = "goal_predicate"  # a boolean goal function over a live environment
    LLM_JUDGE_ONLY = "llm_judge_only"  # a free-form rubric for a judge model


def _require_inside(name: str, field: str, folder: str) -> None:
    """``name`` is a relative path that stays inside ``folder``, or a ValueError naming it."""
    parts = PurePosixPath(name).parts
    if not parts or PurePosixPath(name).is_absolute() or ".." in parts:
        raise ValueError(f"{field}: {name!r}: expected a path inside {folder}")


class Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Provenance(Frozen):
    """Where a task came from: written into its task.toml and the import manifest."""

    source: str
    source_id: str
    upstream_repo: str
    upstream_commit: str
    license: str  # an SPDX id, or "unverified"
    record: str  # the file (and record index) inside the source checkout


class ToolDecl(Frozen):
    """A tool the upstream task declares, and the tool of ours that backs it (None: none)."""

    name: str
    description: str = ""
    service: str | None = None
    backed_by: str | None = None
    arguments: dict[str, str] = Field(default_factory=dict)  # upstream name -> ours


class OracleCall(Frozen):
    """One request the reference solution makes to a service's API (a tool call resolved)."""

    service: str
    method: str
    path: str
    body: dict[str, Any] | None = None


class Oracle(Frozen):
    """What a solution script does: tool calls first, then the files it writes under
    ``/workspace``, the answer and the final URL. The reference solution and each wrong one."""

    calls: list[OracleCall] = Field(default_factory=list)
    files: dict[str, str] = Field(default_factory=dict)  # workspace-relative path -> text
    answer: str = ""
    final_url: str = ""

    @field_validator("files")
    @classmethod
    def _inside_workspace(cls, value: dict[str, str]) -> dict[str, str]:
        for name in value:
            _require_inside(name, "files", "/workspace")
        return value


class ImportedTask(Frozen):
    """An upstream task mapped onto our format, ready for the writer."""

    id: str = Field(description="the task directory's name (kebab-case)")
    title: str
    instruction: str = Field(min_length=1)
    start_url: str | None = None
    workspace: list[str] = Field(default_factory=list, description="upstream input paths")
    time_limit_sec: float = Field(gt=0)
    category: str
    domain: str = Field(description="one of taskkit.task_model.DOMAINS")
    difficulty: str = "medium"
    keywords: list[str] = Field(default_factory=list)
    now: str = "2026-03-02T09:00:00Z"
    timezone: str = "UTC"
    services: dict[str, dict[str, Any]] = Field(default_factory=dict)  # name -> seed document
    personas: list[dict[str, Any]] = Field(
        default_factory=list, description="the seed header's personas (people who answer)"
    )
    tools: list[ToolDecl] = Field(default_factory=list)
    checks: list[ImportedCheck] = Field(min_length=1)
    layers: list[ScoringLayer] = Field(min_length=1)
    oracle: Oracle = Oracle()
    wrong: dict[str, Oracle] = Field(
        default_factory=dict, description="wrong solutions by name: near misses an agent makes"
    )
    test_files: dict[str, str] = Field(
        default_factory=dict, description="extra files the checks read, under tests/"
    )
    answer_file: str = Field(
        ANSWER_FILE, description="where under /workspace the agent writes its answer"
    )
    inputs: dict[str, Path] = Field(
        default_factory=dict,
        description="input files the agent gets: path under /workspace -> the upstream file",
    )
    inputs_source: str = Field(
        "",
        description="where the input files come from when it is not the upstream repository "
        "at the pinned commit (empty: it is), said in the README and the manifest",
    )
    not_runnable: str | None = Field(None, description="why it cannot run here (None: it can)")
    provenance: Provenance

    @field_validator("domain")
    @classmethod
    def _known_domain(cls, value: str) -> str:
        if value not in DOMAINS:
            raise ValueError(f"domain {value!r}: expected one of {', '.join(DOMAINS)}")
        return value

    @field_validator("id")
    @classmethod
    def _kebab(cls, value: str) -> str:
        if not TASK_ID.match(value):
            raise ValueError(f"task id {value!r}: expected kebab-case (a-z, 0-9, '-')")
        return value

    @field_validator("wrong")
    @classmethod
    def _wrong_names(cls, value: dict[str, Oracle]) -> dict[str, Oracle]:
        for name in value:
            if not TASK_ID.match(name):
                raise ValueError(f"wrong solution {name!r}: expected kebab-case (a-z, 0-9, '-')")
        return value

    @field_validator("inputs")
    @classmethod
    def _inside_workspace(cls, value: dict[str, Path]) -> dict[str, Path]:
        for name, source in value.items():
            _require_inside(name, "inputs", "/workspace")
            if not source.is_file():
                raise ValueError(f"inputs: {name!r}: {source} is not a file")
        return value

    @field_validator("test_files")
    @classmethod
    def _inside_tests(cls, value: dict[str, str]) -> dict[str, str]:
        reserved = {"test.sh", "verify.py", "checks.json"}
        for name in value:
            _require_inside(name, "test_files", "tests/")
            if name in reserved:
                raise ValueError(f"test_files: {name!r} is the writer's own file")
        return value


class InputFile(Frozen):
    """One input file as the README and the import manifest record it: where the agent finds
    it under ``/workspace``, its size and its SHA-256 (to compare with upstream's copy)."""

    path: str
    bytes: int = Field(ge=0)
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")


def input_files(task: ImportedTask) -> list[InputFile]:
    """The task's input files, sorted by path, each with its size and digest (read in blocks:
    an input may be a video)."""
    found = []
    for name, source in sorted(task.inputs.items()):
        digest = hashlib.sha256()
        with source.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
        found.append(InputFile(path=name, bytes=source.stat().st_size, sha256=digest.hexdigest()))
    return found


def task_id(source: str, upstream_id: str) -> str:
    """A kebab-case directory name for an upstream id: ``claw-eval`` + ``T002_email`` ->
    ``claw-eval-t002-email``."""
    slug = re.sub(r"[^a-z0-9]+", "-", upstream_id.lower()).strip("-")
    return f"{source}-{slug}"[:80].rstrip("-")
