"""How a claw-eval task is scored here: upstream's own ``tasks/<id>/grader.py`` (an
``AbstractGrader``) run at verify time through a compatibility layer
(``mock_services.verify.upstream.claw_eval``), never the record's ``scoring_components``.

| grader family (how it is recognised) | scored here | why |
|---|---|---|
| service trace (``AbstractGrader`` over dispatches / ``audit_data``, peers by ``load_peer_grader``), read and mutating calls | upstream's grader, compatibility layer (``claw_eval_grader``) | the audit log has every request to a tool's route: the task's seed asks for reads too (``audit_reads``) |
| same, with ``judge.`` calls | upstream's grader with upstream's ``LLMJudge`` on ``JUDGE_BASE_URL`` | not scored when no judge is configured |
| user-agent clarification (``UserAgentClarifyGraderBase``) | upstream's grader with upstream's ``LLMJudge``, on the conversation with the task's model persona (the agent's mails to it as the assistant's turns, its answers as ``[user_agent]`` turns, then the answer file) | needs the judge (the persona answers through it too): not scored without one; a record with no persona to play its user: not scored |
| multimodal / visual / webpage / image QA (``MultimodalGraderMixin``, ``VisualGraderMixin``, ``webpage_grader``, ``ImageQAOracleMixin``, ``media_events``) | not scored | media loads and visual judging are not recorded here |
| sandbox environment (``env_snapshot``) | not scored | the container snapshot upstream collects is not recorded |
| a checkout without ``src/claw_eval/`` (a partial copy of the records) | not scored | upstream's grader cannot run without its package |
| pinbench (``PinbenchAdaptedGrader``), officeqa (``officeqa_reward``) | as the service-trace rows | pure functions of the final text and calls |

Score: upstream's ``safety * completion``; upstream's robustness (0.2 of its task score, 1.0 for
a run with no tool call) is not scored, so the null agent gets no credit from it. The grader
code is copied from the researcher's checkout into ``tests/claw_eval/`` at import time.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from mock_services.verify.imported import ImportedCheck
from mock_services.verify.upstream.claw_eval import (
    KIND,
    ROOT,
    Action,
    GraderParams,
    ToolRoute,
)
from taskkit.importers.base import SOURCE_FOLDER, RecordContext
from taskkit.importers.claw_eval_oracle import ID_FIELDS, our_tools, wrong_solutions
from taskkit.importers.claw_eval_tools import TOOLS, Service, fixture_name
from taskkit.importers.model import Oracle

PACKAGE = ("src/claw_eval/__init__.py", "src/claw_eval/models")
GRADERS = "src/claw_eval/graders"
GRADER_MODULE = re.compile(r"claw_eval\.graders\.(\w+)|^from \.(\w+) import", re.M)
PEER = re.compile(r"load_peer_grader\(\s*[\"']([\w.-]+)[\"']")
USER_AGENT = "UserAgentClarifyGraderBase"  # scored on a persona's conversation, when it has one
FAMILIES = (  # (pattern in the grader's code, why it is not scored here)
    (USER_AGENT, "needs upstream's simulated user in the loop"),
    ("MultimodalGraderMixin", "media loads and visual judging are not recorded here"),
    ("VisualGraderMixin", "visual judging of rendered output is not available here"),
    ("ImageQAOracleMixin", "image QA over media loads is not recorded here"),
    ("webpage_grader", "rendered webpages are not recorded here"),
    (r"env_snapshot\s*[.\[]", "the sandbox snapshot upstream collects is not recorded here"),
    (r"\bin media_events\b", "media loads are not recorded here"),
)
# upstream tool -> (upstream service, key of its audit listing the successful calls)
ACTIONS = {
    "gmail_send_message": ("gmail", "sent_messages"),
    "gmail_save_draft": ("gmail", "drafts"),
    "calendar_create_event": ("calendar", "created_events"),
    "calendar_delete_event": ("calendar", "deleted"),
    "todo_update_task": ("todo", "updated_tasks"),
    "todo_delete_task": ("todo", "deleted"),
    "notes_share": ("notes", "shared"),
    "contacts_send_message": ("contacts", "sent_messages"),
    "helpdesk_update_ticket": ("helpdesk", "updated_tickets"),
    "helpdesk_close_ticket": ("helpdesk", "closed"),
    "crm_export_report": ("crm", "exported_reports"),
    "kb_update_article": ("kb", "updates"),
}
FIXTURE_IDS = {  # upstream service -> the id field of its fixture rows
    "gmail": "message_id",
    "calendar": "event_id",
    "contacts": "contact_id",
    "todo": "task_id",
    "notes": "note_id",
    "finance": "transaction_id",
    "kb": "article_id",
}


@dataclass(frozen=True)
class Grading:
    """A task's checks, the files they read under ``tests/``, and its wrong solutions."""

    checks: list[ImportedCheck]
    test_files: dict[str, str]
    wrong: Callable[[Oracle], dict[str, Oracle]]


def grading(
    record_dir: Path,
    checkout: Path,
    task_yaml: dict,
    ctx: RecordContext,
    persona: str | None = None,
) -> Grading:
    """Upstream's grader of the record as one check (or ``not_scored`` with the reason);
    ``persona``: the email persona that plays the record's simulated user, whose conversation
    a user-agent grader reads."""
    sources = grader_sources(record_dir, ctx)
    code = "\n".join(sources.values())
    task_id = str(task_yaml.get("task_id", record_dir.name))
    talks = persona is not None and USER_AGENT in code
    reason = _unscorable(code, skip=(USER_AGENT,) if talks else ()) or _package_missing(checkout)
    base = {"name": "claw_eval_grader", "weight": 1.0, "rationale": f"claw-eval {task_id} grader"}
    if reason:
        ctx.warn("grader.py", f"{reason}: not scored", lossy=True)
        return Grading(
            [ImportedCheck(**base, kind="not_scored", reason=reason)], {}, wrong_solutions
        )
    ctx.warn("grader.py robustness", "upstream's robustness (0.2) not scored", lossy=True)
    params = GraderParams(
        task_id=task_id,
        prompt=str((task_yaml.get("prompt") or {}).get("text", "")),
        services=[str(s.get("name")) for s in task_yaml.get("services", [])],
        tools=_routes(task_yaml),
        actions=[
            Action(tool=t, upstream_service=ACTIONS[t][0], key=ACTIONS[t][1])
            for t in _declared(task_yaml)
            if t in ACTIONS
        ],
        ids=_ids(record_dir, task_yaml, ctx),
        judge="judge." in code or talks,  # the user-agent base asks the judge
        persona=persona if talks else None,
    )
    files = {f"{ROOT}/tasks/{name}/grader.py": text for name, text in sources.items()}
    files |= _package(checkout, list(sources.values()), ctx)
    files[f"{ROOT}/task.json"] = json.dumps(task_yaml, default=str, ensure_ascii=False)
    check = ImportedCheck(**base, kind=KIND, params=params.model_dump())
    return Grading([check], files, wrong_solutions)


def grader_sources(record_dir: Path, ctx: RecordContext) -> dict[str, str]:
    """The record's ``grader.py`` and every peer it loads, by task folder name."""
    sources: dict[str, str] = {}
    pending = [record_dir.name]
    while pending:
        name = pending.pop()
        if name in sources:
            continue
        folder = record_dir.parent / name
        sources[name] = ctx.read(folder, "grader.py", f"grader.py ({name})", SOURCE_FOLDER)
        pending += PEER.findall(sources[name])
    return sources


def _unscorable(code: str, skip: tuple[str, ...] = ()) -> str:
    """Why upstream's grader cannot score here ("" when it can); ``skip``: families that can."""
    for pattern, why in FAMILIES:
        found = None if pattern in skip else re.search(pattern, code)
        if found:
            return f"{found[0]}: {why}"
    return ""


def _package_missing(checkout: Path) -> str:
    """Why the checkout cannot score ("" when it has upstream's ``claw_eval`` package)."""
    if (checkout / PACKAGE[0]).is_file():
        return ""
    return f"upstream's grader package ({PACKAGE[0]}) is not in the checkout"


def _declared(task_yaml: dict) -> list[str]:
    return [str(t.get("name")) for t in task_yaml.get("tools", []) if isinstance(t, dict)]


def _routes(task_yaml: dict) -> list[ToolRoute]:
    """Each declared tool we back, with the route of ours and upstream's endpoint."""
    endpoints = {
        str(e.get("tool_name")): urlsplit(str(e.get("url", ""))).path
        for e in task_yaml.get("tool_endpoints", [])
        if isinstance(e, dict)
    }
    schemas = {
        str(t.get("name")): (t.get("input_schema") or {}).get("properties") or {}
        for t in task_yaml.get("tools", [])
        if isinstance(t, dict)
    }
    routes = []
    for tool in _declared(task_yaml):
        if tool not in TOOLS:
            continue
        mapped = TOOLS[tool]
        route = our_tools(mapped.service)[mapped.tool].route
        endpoint = endpoints.get(tool, "")
        declared = schemas.get(tool, {})
        # ours -> upstream's, the record's own argument first where two of upstream's are one
        # of ours (calendar_list_events: date, start_date -> start)
        renamed = sorted(mapped.arguments.items(), key=lambda pair: pair[0] in declared)
        routes.append(
            ToolRoute(
                tool=tool,
                upstream_service=endpoint.split("/")[1] if endpoint else tool.split("_")[0],
                service=mapped.service,
                method=route.method,
                path=route.path,
                endpoint=endpoint,
                arguments={o: u for u, o in renamed},
                strings=sorted(
                    name
                    for name, schema in declared.items()
                    if isinstance(schema, dict) and schema.get("type") == "string"
                ),
            )
        )
    return routes


def _ids(record_dir: Path, task_yaml: dict, ctx: RecordContext) -> dict[str, dict[str, str]]:
    """Our id -> upstream's, per request field (``message_id``, ``reply_to_message_id``...):
    the fixtures' rows are numbered 1..N in file order, as the mapping does."""
    kinds: dict[str, dict[str, str]] = {}
    for index, raw in enumerate(task_yaml.get("services", [])):
        service = Service.model_validate(raw)
        key = FIXTURE_IDS.get(service.name)
        where, name = fixture_name(service, record_dir, index)
        if key is None or not (record_dir / name).is_file():
            continue
        rows = ctx.parse_json(ctx.read(record_dir, name, where), where)
        seen = dict.fromkeys(str(r[key]) for r in rows if isinstance(r, dict) and key in r)
        kinds[service.name] = {str(n): upstream for n, upstream in enumerate(seen, 1)}
    return {field: kinds[kind] for field, kind in ID_FIELDS.items() if kind in kinds}


def _package(checkout: Path, graders: list[str], ctx: RecordContext) -> dict[str, str]:
    """Upstream's ``claw_eval`` models, its judge client and the grader modules the task's
    graders import (their closure; never the visual or webpage graders that read agent folders), as
    ``tests/claw_eval/src/...``."""
    files = {}
    for part in PACKAGE:
        found = (
            [checkout / part] if part.endswith(".py") else sorted((checkout / part).glob("*.py"))
        )
        for path in found:
            relative = path.relative_to(checkout).as_posix()
            files[f"{ROOT}/{relative}"] = ctx.read(checkout, relative, relative, SOURCE_FOLDER)
    pending, seen = ["__init__", "base", "registry", "llm_judge"], set()  # the judge, if set
    for code in graders:
        pending += [a or b for a, b in GRADER_MODULE.findall(code)]
    while pending:
        module = pending.pop()
        if module in seen:
            continue
        seen.add(module)
        relative = f"{GRADERS}/{module}.py"
        code = ctx.read(checkout, relative, relative, SOURCE_FOLDER)
        files[f"{ROOT}/{relative}"] = code
        pending += [a or b for a, b in GRADER_MODULE.findall(code)]
    return files
