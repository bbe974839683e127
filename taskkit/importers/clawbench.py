"""ClawBench's own tasks (``test-cases/<set>/<dir>/task.json`` for the sets v1, v1-lite and v2;
``test-cases/claw-eval/*.json``): live-site tasks scored in two stages (upstream
``eval/scoring.md``): the final request intercepted against ``eval_schema``, then a judge.

| clawbench field | ours | notes |
|---|---|---|
| the set folder + ``metadata.task_id`` | ``source_id`` ``<set>-<id>``; task dir ``clawbench-<set>-<id>`` | the sets reuse ids (v1-lite's records are links into v1; v2 re-issues v1 ids, some with other content) |
| ``instruction`` | instruction.md | |
| ``metadata.description`` | title | |
| ``metadata.sites_involved`` | not runnable: needs the live site(s); start URL ``https://<first site>/`` | informational warning: ClawBench gives no start URL |
| ``time_limit`` (minutes) | ``[agent].timeout_sec`` (x 60) | |
| ``metadata.metaclass`` / ``class`` | category ``metaclass/class``; keywords | |
| ``eval_schema`` (``url_pattern``, ``method``, ``body``, ``params``) + ``judge_context`` | one goal check ``submission``, kind ``clawbench_submission`` (mock_services.verify.upstream.clawbench) | stage 1 exact, stage 2 the judge (rubric, reference solution and source YAML as its reference) |
| ``eval_schema.url_pattern`` ``__PLACEHOLDER_WILL_NOT_MATCH__`` | ``submission``: ``not_scored`` | lossy warning: upstream's interceptor never fires on it |
| an answer task (the instruction names ClawBench's answer page) | the answer file stands for the page's ``POST {"answer": ...}`` | |
| ``extra_info[]`` | listed in the instruction as the agent's input files | lossy warning: the files are not copied |
| ``metadata.common_info`` | not provided: the dummy user's ``my-info/`` files | lossy warning |
| a record without ``instruction`` / ``metadata.task_id`` / a valid ``eval_schema``, a dangling link | refused | |

Oracle: the interception record of a request that passes stage 1 (a URL built from the pattern;
the body holds only the schema's constant fields, upstream gives no reference payload), or for an
answer task the rubric's key points as the answer. Wrong solutions (stage 1 fails, as upstream's
interceptor would let them through): ``wrong-method``, ``other-endpoint``, and ``wrong-body-field``
when the schema has constant body fields.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from mock_services.verify.imported import ImportedCheck
from mock_services.verify.upstream.clawbench import INTERCEPTION_FILE, Request, Schema, mismatch
from taskkit.importers.base import (
    SOURCE_FOLDER,
    ImportLog,
    RecordContext,
    RecordError,
    parsed,
    pins,
)
from taskkit.importers.clawbench_urls import example_url
from taskkit.importers.model import ImportedTask, Oracle, ScoringLayer, task_id

NAME = "clawbench"
LAYERS = (ScoringLayer.SUBMISSION_INTERCEPT, ScoringLayer.LLM_JUDGE_ONLY)
PLACEHOLDER = "__PLACEHOLDER_WILL_NOT_MATCH__"
ANSWER_PAGE = "http://127.0.0.1:7878/submit"
ANSWER_POST = "http://127.0.0.1:7878/api/task-submit"  # what the answer page's form posts
OTHER_ANSWER_POST = "http://127.0.0.1:7878/api/action"
MY_INFO = "alex_green_personal_info.json, email_credentials.json, alex_green_resume.pdf"


class Metadata(BaseModel):
    model_config = ConfigDict(extra="allow")
    task_id: int
    metaclass: str = "general"
    class_: str = Field("general", alias="class")
    description: str = ""
    sites_involved: list[str] = []


class EvalSchema(BaseModel):
    model_config = ConfigDict(extra="forbid")
    url_pattern: str = Field(min_length=1)
    method: str = Field(pattern=r"^(GET|POST|PUT|PATCH|DELETE)$")
    body: dict[str, Any] | None = None
    params: dict[str, Any] | None = None


class JudgeContext(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rubric: str = ""
    reference_solution: str = ""
    source_task_yaml: str = ""


class Record(BaseModel):
    model_config = ConfigDict(extra="allow")
    metadata: Metadata
    instruction: str = Field(min_length=1)
    eval_schema: EvalSchema
    time_limit: float = Field(30, gt=0)
    extra_info: list[dict[str, Any]] = []
    judge_context: JudgeContext = JudgeContext()


def _record_files(path: Path) -> list[Path]:
    """Every ``task.json``, and every other ``*.json`` outside ``extra_info/`` folders, links
    included (v1-lite's records are links into v1; a dangling one is refused, not skipped)."""
    found = []
    for folder, dirs, names in os.walk(path):
        dirs[:] = sorted(d for d in dirs if d != "extra_info")
        found += [
            Path(folder) / name
            for name in sorted(names)
            if name.endswith(".json") and name != "task.schema.json"
        ]
    return sorted(found, key=lambda p: (p.name != "task.json", p.as_posix()))


def load(path: Path, log: ImportLog | None = None) -> list[ImportedTask]:
    """Every record under ``path``; its set is its first folder (``v1``, ``v2``...), none for a
    record directly in ``path``."""
    log = log if log is not None else ImportLog()
    tasks = []
    for file in _record_files(path):
        log.records += 1
        relative = file.relative_to(path).as_posix()
        folder = relative.split("/")[0] if "/" in relative else ""
        ctx = RecordContext(NAME, pins()[NAME], log, relative, relative)
        try:
            text = ctx.read(path, relative, "(file)", SOURCE_FOLDER)
            tasks.append(_task(ctx.parse_json(text), folder, ctx))
        except RecordError as error:
            log.refuse(error)
    return tasks


def _task(data: Any, folder: str, ctx: RecordContext) -> ImportedTask:
    if isinstance(data, dict) and isinstance(data.get("metadata"), dict):
        ctx.record = _source_id(folder, data["metadata"].get("task_id", "?"))  # before parsing
    record: Record = parsed(Record, data, ctx)
    meta = record.metadata
    source_id = ctx.record = _source_id(folder, meta.task_id)
    ctx.task = task_id(NAME, source_id)
    provenance = ctx.provenance(source_id)
    sites = [s for s in meta.sites_involved if s.strip()]
    answer_task = ANSWER_PAGE in record.instruction
    start = f"https://{sites[0]}/" if sites and "." in sites[0] else None
    if start:
        ctx.warn("start_url", f"none upstream; {start} from sites_involved", lossy=False)
    checks, oracle, wrong = _scoring(record, sites, answer_task, ctx)
    paths = [str(item.get("path", "")) for item in record.extra_info if item.get("path")]
    if paths:
        ctx.warn("extra_info", f"{len(paths)} file(s) listed, not copied", lossy=True)
    if "common_info" in (record.metadata.model_extra or {}):
        ctx.warn("metadata.common_info", f"my-info/ ({MY_INFO}) not provided", lossy=True)
    task = ImportedTask(
        id=ctx.task,
        title=(meta.description or record.instruction)[:120],
        instruction=record.instruction,
        start_url=start,
        workspace=paths,
        time_limit_sec=record.time_limit * 60,
        category=f"{meta.metaclass}/{meta.class_}",
        domain="E-commerce & Daily Svcs",
        keywords=["web", "live-site", _slug(meta.metaclass)],
        checks=checks,
        layers=list(LAYERS),
        oracle=oracle,
        wrong=wrong,
        not_runnable=_not_runnable(sites, answer_task),
        provenance=provenance,
    )
    ctx.check_time("mapping the record")
    return task


def _slug(text: str) -> str:
    """A keyword: lowercase words joined by ``-`` (``general`` when nothing is left)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "general"


def _source_id(folder: str, upstream_id: object) -> str:
    """``<set>-<task_id>``: the sets reuse ids, so the set names the record too."""
    return f"{folder}-{upstream_id}" if folder else str(upstream_id)


def _not_runnable(sites: list[str], answer_task: bool) -> str:
    """Every ClawBench task acts on live websites; none of its hosts is a service of ours."""
    hosts = [s for s in sites if "." in s]
    if hosts:
        return f"needs the live site{'s' * (len(hosts) > 1)} {', '.join(hosts)}"
    if answer_task:
        return "needs the live web (the task researches real web pages)"
    return "needs a live website (sites_involved names none)"


def _judge_reference(context: JudgeContext) -> str:
    """The hidden judge context, as upstream hands it to its judge."""
    parts = [
        f"{key}:\n{value.strip()}" for key, value in context.model_dump().items() if value.strip()
    ]
    return "\n\n".join(parts)


def _scoring(
    record: Record, sites: list[str], answer_task: bool, ctx: RecordContext
) -> tuple[list[ImportedCheck], Oracle, dict[str, Oracle]]:
    """The submission check, the oracle and the wrong solutions."""
    schema = record.eval_schema
    rationale = (
        f"ClawBench's two stages: the final {schema.method} request matches "
        f"{schema.url_pattern!r}, and the judge finds it fulfils the instruction"
    )
    if schema.url_pattern == PLACEHOLDER:
        ctx.warn("eval_schema.url_pattern", f"{PLACEHOLDER}: not scored", lossy=True)
        reason = (
            f"upstream's eval_schema.url_pattern is {PLACEHOLDER}: its interceptor never fires, "
            "so its two-stage score cannot pass; the task was scored by comparison with human "
            "reference runs (eval/agentic_eval.md), which are not in the checkout"
        )
        check = ImportedCheck(
            name="submission",
            kind="not_scored",
            weight=1.0,
            goal=True,
            rationale=rationale,
            reason=reason,
        )
        return [check], Oracle(), {}
    params = Schema(
        url_pattern=schema.url_pattern,
        method=schema.method,
        body=schema.body,
        params=schema.params,
        submit_url=ANSWER_POST if answer_task else None,
    )
    check = ImportedCheck(
        name="submission",
        kind="clawbench_submission",
        weight=1.0,
        goal=True,
        rationale=rationale,
        question=record.instruction,
        reference=_judge_reference(record.judge_context),
        params=params.model_dump(exclude_none=True),
    )
    oracle, wrong = _solutions(params, record, sites, ctx)
    return [check], oracle, wrong


def _interception(params: Schema, url: str, method: str, body: Any, intercepted: bool) -> str:
    """An interception record in upstream's shape (``data/interception.json``)."""
    request = {"url": url, "method": method, "params": params.params or {}, "body": body}
    record: dict[str, Any] = {"intercepted": intercepted, "request": request}
    if not intercepted:
        record["stop_reason"] = "the final request did not match eval_schema"
    return json.dumps(record, indent=2, ensure_ascii=False) + "\n"


def _other_endpoint(params: Schema, url: str) -> str | None:
    """A URL the pattern does not match: on the same host if it can be."""
    if params.submit_url:
        return OTHER_ANSWER_POST
    host = url.split("/")[2] if url.count("/") >= 2 else ""
    for candidate in (f"https://{host}/", f"https://{host}/account", "https://example.com/"):
        if not re.search(params.url_pattern, candidate):
            return candidate
    return None


def _solutions(
    params: Schema, record: Record, sites: list[str], ctx: RecordContext
) -> tuple[Oracle, dict[str, Oracle]]:
    """The oracle (stage 1 passes) and near misses that fail stage 1."""
    url = params.submit_url or example_url(params.url_pattern, sites)
    if url is None or mismatch(
        params, Request(url=url, method=params.method, body=params.body or {}, params=params.params)
    ):
        ctx.warn(
            "eval_schema.url_pattern",
            f"no URL built from {params.url_pattern!r}: no oracle, no wrong solutions",
            lossy=False,
        )
        return Oracle(), {}
    body = params.body or {}
    if params.submit_url:
        oracle = Oracle(answer=_key_points(record.judge_context.rubric) or record.instruction)
    else:
        oracle = Oracle(
            files={INTERCEPTION_FILE: _interception(params, url, params.method, body, True)}
        )
    other_method = "GET" if params.method != "GET" else "POST"
    wrong = {
        "wrong-method": Oracle(
            files={INTERCEPTION_FILE: _interception(params, url, other_method, body, False)}
        )
    }
    other = _other_endpoint(params, url)
    if other:
        wrong["other-endpoint"] = Oracle(
            files={INTERCEPTION_FILE: _interception(params, other, params.method, body, False)}
        )
    if params.body:
        changed = {k: f"not-{v}" for k, v in params.body.items()}
        wrong["wrong-body-field"] = Oracle(
            files={INTERCEPTION_FILE: _interception(params, url, params.method, changed, False)}
        )
    return oracle, wrong


def _key_points(rubric: str) -> str:
    """The rubric's bullet points (``- ...``), one a line: what a full answer states."""
    return "\n".join(
        line.strip()[2:] for line in rubric.splitlines() if line.strip().startswith("- ")
    )
