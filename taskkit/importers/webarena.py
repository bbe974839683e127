"""WebArena (``config_files/*.json``: a list of task configs, or one config per file): browser
tasks on WebArena's self-hosted sites, scored from the agent's declared answer and final URL.

| webarena field | ours | notes |
|---|---|---|
| ``task_id`` | ``source_id``; task dir ``webarena-<id>`` | a file holding one config: the file's name |
| ``intent`` | instruction.md | ``intent_template`` / ``instantiation_dict``: already applied |
| ``start_url`` | start URL | a site placeholder (``__SHOPPING__``) is kept: warning naming the site to host |
| (none) | time limit | 300 s, warning |
| ``sites`` | category ``sites[0]``; domain by site; keywords | |
| ``eval.eval_types`` ``string_match`` | ``reference_answers``: ``exact_match`` -> ``answer_exact``; ``must_include`` -> ``answer_contains`` (all); ``fuzzy_match`` -> ``judge`` with the reference | a list (older schema): ``answer_contains``, warning |
| ``... url_match`` | ``url_match`` on ``/workspace/output/final_url.txt``, path and query only (the host is wherever the site is served); ``|OR|`` alternatives kept | |
| ``... program_html`` | ``not_scored``: it reads the live site's pages | warning naming the site |
| other eval types | refused | |
| every check | a goal (WebArena multiplies its evaluators: one miss scores 0) | |
| ``require_login`` / ``storage_state`` | dropped | warning: log in yourself |
| ``geolocation`` | dropped | warning when set |
| ``reference_action_sequence`` | dropped (a step trace) | warning |
| ``string_note``, ``reference_answer_raw_annotation`` | the oracle's answer when no reference answer fits | |

Scoring layers: submission_intercept (answer, final URL), llm_judge_only (fuzzy_match).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from mock_services.verify.imported import ImportedCheck, url_path
from taskkit.importers.base import (
    SOURCE_FOLDER,
    ImportLog,
    RecordContext,
    RecordError,
    parsed,
    pins,
)
from taskkit.importers.model import ImportedTask, Oracle, ScoringLayer, task_id

NAME = "webarena"
LAYERS = (ScoringLayer.SUBMISSION_INTERCEPT, ScoringLayer.LLM_JUDGE_ONLY)
DEFAULT_TIME_LIMIT = 300.0
EVAL_TYPES = ("string_match", "url_match", "program_html")
SITE_DOMAINS = {
    "shopping": "E-commerce & Daily Svcs",
    "shopping_admin": "E-commerce & Daily Svcs",
    "gitlab": "Coding & Software Dev",
    "reddit": "Social Media",
    "map": "Deep Research & Report",
    "wikipedia": "Deep Research & Report",
}
OR = " |OR| "


class Eval(BaseModel):
    model_config = ConfigDict(extra="allow")
    eval_types: list[str] = Field(min_length=1)
    reference_answers: dict[str, Any] | list[str] | None = None
    reference_url: str | None = None
    program_html: list[dict[str, Any]] | None = None
    string_note: str = ""
    reference_answer_raw_annotation: str = ""


class Record(BaseModel):
    model_config = ConfigDict(extra="allow")
    task_id: int
    sites: list[str] = Field(min_length=1)
    start_url: str = ""
    intent: str = Field(min_length=1)
    require_login: bool = False
    geolocation: Any = None
    eval: Eval


def load(path: Path, log: ImportLog | None = None) -> list[ImportedTask]:
    """Every config in the ``*.json`` files of ``path`` (a file, or a folder), each file
    resolving inside it."""
    log = log if log is not None else ImportLog()
    folder = path.parent if path.is_file() else path
    files = [path] if path.is_file() else sorted(path.glob("*.json"))
    tasks = []
    for file in files:
        base = RecordContext(NAME, pins()[NAME], log, file.name, "(file)")
        try:
            data = base.parse_json(base.read(folder, file.name, "(file)", SOURCE_FOLDER))
        except RecordError as error:
            log.refuse(error)
            continue
        records = data if isinstance(data, list) else [data]
        for index, entry in enumerate(records):
            single = not isinstance(data, list)
            ctx = RecordContext(
                NAME, pins()[NAME], log, file.name, file.stem if single else str(index)
            )
            try:
                tasks.append(_task(entry, ctx, file.stem if single else None))
            except RecordError as error:
                log.refuse(error)
    return tasks


def _task(entry: Any, ctx: RecordContext, name: str | None) -> ImportedTask:
    if not isinstance(entry, dict):
        raise ctx.refuse("(record)", f"expected an object, got {type(entry).__name__}")
    record: Record = parsed(Record, entry, ctx)
    source_id = name or str(record.task_id)
    ctx.record = source_id
    ctx.task = task_id(NAME, source_id)
    provenance = ctx.provenance(source_id, None if name else str(record.task_id))
    if record.start_url.startswith("__"):
        ctx.warn(
            "start_url", f"{record.start_url}: placeholder kept; host the {record.sites[0]} site"
        )
    ctx.warn("time_limit", f"not in the record; {DEFAULT_TIME_LIMIT:g} s")
    if record.require_login:
        ctx.warn("storage_state", "a logged-in session is not reproduced; the agent logs in")
    if record.geolocation:
        ctx.warn("geolocation", f"{record.geolocation!r}: dropped")
    if "reference_action_sequence" in entry:
        ctx.warn("reference_action_sequence", "a step trace: dropped")
    checks, answer, final_url = _checks(record, ctx)
    task = ImportedTask(
        id=ctx.task,
        title=record.intent[:120],
        instruction=record.intent,
        start_url=record.start_url or None,
        time_limit_sec=DEFAULT_TIME_LIMIT,
        category=record.sites[0],
        domain=SITE_DOMAINS.get(record.sites[0], "Deep Research & Report"),
        keywords=["web", *(s.replace("_", "-") for s in record.sites)],
        checks=checks,
        layers=list(LAYERS),
        oracle=Oracle(answer=answer, final_url=final_url),
        provenance=provenance,
    )
    ctx.check_time("mapping the record")
    return task


def _checks(record: Record, ctx: RecordContext) -> tuple[list[ImportedCheck], str, str]:
    """The checks, the oracle's answer and its final URL."""
    checks: list[ImportedCheck] = []
    answer, final_url = "", ""
    evaluation = record.eval
    for kind in evaluation.eval_types:
        if kind not in EVAL_TYPES:
            raise ctx.refuse(
                "eval.eval_types",
                f"unknown eval type {kind!r}; expected one of {', '.join(EVAL_TYPES)}",
            )
        if kind == "string_match":
            found, answer = _string_checks(evaluation, ctx)
            checks += found
        elif kind == "url_match":
            if not evaluation.reference_url:
                raise ctx.refuse("eval.reference_url", "url_match needs a reference_url")
            paths = [url_path(u) for u in evaluation.reference_url.split(OR)]
            checks.append(
                ImportedCheck(
                    name="url_match",
                    kind="url_match",
                    weight=1.0,
                    goal=True,
                    match="path",
                    values=paths,
                    rationale="the agent ends on the reference page",
                )
            )
            final_url = f"http://localhost{paths[0]}"
        else:
            ctx.warn(
                "eval.program_html",
                f"reads the live {', '.join(record.sites)} site: not scored here",
            )
            checks.append(
                ImportedCheck(
                    name="program_html",
                    kind="not_scored",
                    weight=1.0,
                    goal=True,
                    rationale="the page contents the upstream program checks",
                    reason=f"program_html needs the live {', '.join(record.sites)} site",
                )
            )
    return checks, answer, final_url


def _string_checks(evaluation: Eval, ctx: RecordContext) -> tuple[list[ImportedCheck], str]:
    answers = evaluation.reference_answers
    if answers is None:
        raise ctx.refuse("eval.reference_answers", "string_match needs reference_answers")
    if isinstance(answers, list):
        ctx.warn("eval.reference_answers", "a list (older schema): must_include")
        answers = {"must_include": answers}
    checks = []
    answer = evaluation.reference_answer_raw_annotation
    for kind, value in answers.items():
        values = [str(v) for v in value] if isinstance(value, list) else [str(value)]
        base = {"weight": 1.0, "goal": True}
        if kind == "exact_match":
            checks.append(
                ImportedCheck(
                    name="exact_match",
                    kind="answer_exact",
                    values=values,
                    rationale="the answer is exactly the reference",
                    **base,
                )
            )
            answer = values[0]
        elif kind == "must_include":
            checks.append(
                ImportedCheck(
                    name="must_include",
                    kind="answer_contains",
                    values=values,
                    rationale="the answer includes every reference item",
                    **base,
                )
            )
            answer = (
                answer if all(v.lower() in answer.lower() for v in values) else ", ".join(values)
            )
        elif kind == "fuzzy_match":
            reference = "; ".join(values)
            checks.append(
                ImportedCheck(
                    name="fuzzy_match",
                    kind="judge",
                    question="Does the answer state the same facts as the reference?",
                    reference=reference,
                    rationale="the answer matches the reference in meaning (judge)",
                    **base,
                )
            )
            answer = answer or reference
        else:
            raise ctx.refuse(
                f"eval.reference_answers.{kind}",
                "expected exact_match, must_include or fuzzy_match",
            )
    return checks, answer
