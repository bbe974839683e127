"""WildClawBench (``tasks/*.md``: YAML front matter, then ``## Prompt``, ``## Expected
Behavior``, ``## Grading Criteria``, ``## Automated Checks`` with a Python ``grade()``,
``## Workspace Path``, ``## Skills``, ``## Env``, ``## Warmup``): workspace tasks.

| wild-claw-bench field | ours | notes |
|---|---|---|
| ``id`` | ``source_id``; task dir ``wild-claw-bench-<id>`` | |
| ``name`` | title | |
| ``## Prompt`` | instruction.md, ``/tmp_workspace`` read as ``/workspace`` | warning when rewritten |
| ``timeout_seconds`` | ``[agent].timeout_sec`` | missing: 300 s, warning |
| ``category`` | category; domain by its topic | |
| ``modality`` | keyword | |
| ``## Expected Behavior`` | reference of the judge checkpoints (never shown to the agent) | |
| ``## Grading Criteria`` (``- [ ]`` items) | one ``judge`` checkpoint each, weight 1 | not scored without a judge |
| ``## Automated Checks`` (``grade()``) | ``upstream_grade``: ``not_scored`` | not run: it is upstream code that reads the task's input files from the Hugging Face dataset (not in git, not fetched) under ``/tmp_workspace`` and calls its own judge through OpenRouter; running it would need that dataset and a second judge, and would execute unreviewed code in our verifier. Warning |
| ``## Workspace Path`` | workspace (listed in the instruction) | warning: the inputs are not fetched |
| ``## Skills`` / ``## Warmup`` | dropped | warning when not empty |
| ``## Env`` | dropped: our judge is ``JUDGE_*`` | warning when not empty |
| a missing ``## Prompt`` or front matter | refused | |
| ``task0_template.md``, upper-case names (``README.md``) | skipped | upstream's template and docs, not tasks |

Scoring layers: llm_judge_only (criteria), goal_predicate (``grade()``, not run here).
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from mock_services.verify.imported import ImportedCheck
from taskkit.importers.base import (
    SOURCE_FOLDER,
    ImportLog,
    RecordContext,
    RecordError,
    parsed,
    pins,
)
from taskkit.importers.model import ImportedTask, Oracle, ScoringLayer, task_id

NAME = "wild-claw-bench"
LAYERS = (ScoringLayer.LLM_JUDGE_ONLY, ScoringLayer.GOAL_PREDICATE)
DEFAULT_TIME_LIMIT = 300.0
TOPIC_DOMAINS = {
    "productivity": "Documents & Knowledge",
    "search": "Deep Research & Report",
    "safety": "DevOps & Env Repair",
    "coding": "Coding & Software Dev",
    "social": "Social Media",
}
SKIPPED = ("task0_template.md",)  # upstream's task template; upper-case names are docs
SECTION = re.compile(r"^## (.+?)\s*$", re.MULTILINE)
FENCE = re.compile(r"```[a-z]*\n(.*?)```", re.DOTALL)


class FrontMatter(BaseModel):
    model_config = ConfigDict(extra="allow")
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    category: str = "general"
    timeout_seconds: float | None = Field(None, gt=0)
    modality: str = ""


def load(path: Path, log: ImportLog | None = None) -> list[ImportedTask]:
    """Every ``*.md`` task file of ``path`` (a folder, or one file), each resolving inside it."""
    log = log if log is not None else ImportLog()
    folder = path.parent if path.is_file() else path
    files = [path] if path.is_file() else sorted(path.glob("*.md"))
    tasks = []
    for file in files:
        if file.name in SKIPPED or file.stem.isupper():
            continue
        ctx = RecordContext(NAME, pins()[NAME], log, file.name, file.stem)
        try:
            tasks.append(_task(ctx.read(folder, file.name, "(file)", SOURCE_FOLDER), ctx))
        except RecordError as error:
            log.refuse(error)
    return tasks


def sections(text: str) -> dict[str, str]:
    """The ``## Heading`` sections of a task file's body, by heading."""
    parts = SECTION.split(text)
    return {parts[i].strip(): parts[i + 1].strip() for i in range(1, len(parts) - 1, 2)}


def _fenced(text: str) -> str:
    match = FENCE.search(text)
    return (match[1] if match else text).strip()


def _task(text: str, ctx: RecordContext) -> ImportedTask:
    match = re.match(r"---\n(.*?)\n---\n(.*)", text, re.DOTALL)
    if not match:
        raise ctx.refuse("front matter", "expected the file to start with '---' YAML '---'")
    front = ctx.parse_yaml(match[1], "front matter")
    if not isinstance(front, dict):
        raise ctx.refuse("front matter", f"expected a mapping, got {type(front).__name__}")
    meta: FrontMatter = parsed(FrontMatter, front, ctx)
    ctx.record = meta.id
    ctx.task = task_id(NAME, meta.id)
    provenance = ctx.provenance(meta.id)
    body = sections(match[2])
    prompt = body.get("Prompt", "")
    if not prompt:
        raise ctx.refuse("## Prompt", "missing or empty")
    if "/tmp_workspace" in prompt:
        ctx.warn("## Prompt", "/tmp_workspace read as /workspace")
        prompt = prompt.replace("/tmp_workspace", "/workspace")
    if meta.timeout_seconds is None:
        ctx.warn("timeout_seconds", f"missing; {DEFAULT_TIME_LIMIT:g} s")
    expected = body.get("Expected Behavior", "")
    checks = [
        ImportedCheck(
            name=f"criterion_{index}",
            kind="judge",
            weight=1.0,
            rationale=criterion,
            question=criterion,
            reference=expected,
        )
        for index, criterion in enumerate(_criteria(body.get("Grading Criteria", "")), start=1)
    ]
    if "grade(" in body.get("Automated Checks", ""):
        ctx.warn(
            "## Automated Checks",
            "grade() is upstream code needing the HF workspace: not run, not scored",
        )
        checks.append(
            ImportedCheck(
                name="upstream_grade",
                kind="not_scored",
                weight=1.0,
                rationale="the upstream grade() function",
                reason="grade() needs the task's Hugging Face workspace files and its own judge; not run here",
            )
        )
    if not checks:
        raise ctx.refuse("## Grading Criteria", "no criteria and no grade(): nothing to score")
    workspace = [_fenced(body["Workspace Path"])] if _fenced(body.get("Workspace Path", "")) else []
    if workspace:
        ctx.warn("## Workspace Path", f"{workspace[0]}: inputs are in the HF dataset, not fetched")
    for name in ("Skills", "Env", "Warmup"):
        if _fenced(body.get(name, "")):
            ctx.warn(
                f"## {name}", "dropped" + ("; our judge reads JUDGE_*" if name == "Env" else "")
            )
    topic = meta.category.split("_", 1)[-1].split("_")[0].lower()
    task = ImportedTask(
        id=ctx.task,
        title=meta.name,
        instruction=prompt,
        workspace=workspace,
        time_limit_sec=meta.timeout_seconds or DEFAULT_TIME_LIMIT,
        category=meta.category,
        domain=TOPIC_DOMAINS.get(topic, "Documents & Knowledge"),
        keywords=[k for k in ("workspace", topic, meta.modality.lower()) if k],
        checks=checks,
        layers=list(LAYERS),
        oracle=Oracle(answer=expected + "\n" if expected else ""),
        provenance=provenance,
    )
    ctx.check_time("mapping the record")
    return task


def _criteria(text: str) -> list[str]:
    return [m.strip() for m in re.findall(r"^- \[[ xX]\] (.+)$", text, re.MULTILINE) if m.strip()]
