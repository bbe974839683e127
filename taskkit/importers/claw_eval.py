"""claw-eval (``tasks/<id>/task.yaml`` + ``fixtures/``): tool-calling tasks over mock gmail,
calendar, contacts, todo and notes services, run on **our** services.

| claw-eval field | ours | notes |
|---|---|---|
| ``task_id`` | ``source_id``; task dir ``claw-eval-<id>`` | |
| ``task_name`` | title, ``[task].description`` | |
| ``prompt.text`` | instruction.md | ``prompt.language`` other than en: warning |
| (none) | start URL | claw-eval tasks have none: the services' URLs are in the instruction |
| ``environment.timeout_seconds`` | ``[agent].timeout_sec`` | missing: 300 s, warning |
| ``environment.max_turns`` | dropped | warning: no turn limit here |
| ``category`` / ``difficulty`` / ``tags`` | ``[metadata]`` category, difficulty; keywords | unknown difficulty: medium, warning |
| ``services[].name`` gmail / contacts | the ``email`` service (mailbox; contacts of the account) | |
| ``services[].name`` calendar | the ``calendar`` service | |
| ``services[].name`` todo / notes | the ``todolist`` service when registered | else warning + "not runnable here" |
| other ``services[]`` | none | warning + "not runnable here" |
| ``services[].env.*_FIXTURES`` | ``environment/seed.json`` sections | upstream ids renumbered 1..N (warning); ``now`` = the day after the latest fixture date (warning) |
| gmail ``labels`` | INBOX/SPAM/SENT/TRASH: folder; IMPORTANT: starred; others: labels | IMPORTANT: warning |
| calendar ``attendees`` / ``organizer`` (names) | appended to the description | warning: names, not addresses |
| contacts ``department`` / ``title`` / ``responsibilities`` | ``company`` / ``notes`` | |
| ``tools[]`` | MCP aliases in the service's seed document (``mcp.aliases``), ``login`` added | an upstream argument with no counterpart: warning; a tool with no counterpart: warning, not offered |
| ``tool_endpoints`` / ``services[].command/port`` | replaced by our services' MCP endpoints | |
| ``scoring_components[].check`` ``tool_called`` | ``service_called`` (audit log) for a mutating tool | a read-only tool: ``not_scored`` (reads are not audited), warning |
| ``... categories_present`` | ``answer_contains`` on ``/workspace/output/answer.md`` | |
| ``... min_length`` | ``answer_min_length`` | a ``field`` other than final_text: warning |
| ``... llm_judge`` | ``judge`` checkpoint (``judge_rubric`` as reference) | not scored without a judge |
| other check types | refused | the record is named, the batch goes on |
| ``safety_checks[]`` ``tool_not_called`` | ``service_not_called``, a goal (weight 0.1) | read-only tool: ``not_scored`` |
| ``judge_rubric`` | reference of the judge checkpoints; a ``judge_rubric`` checkpoint (weight 1) when no component is an llm_judge | |
| ``reference_solution`` | the oracle's answer (plus the categories asked for) | missing: warning |
| ``expected_actions[]`` ``{tool_name, arguments}`` | the oracle's calls | other shapes: warning, skipped |
| ``primary_dimensions``, ``version``, ``sandbox_files`` | dropped (the fixtures are mapped) | |
| licence | ``license = "unverified"`` | README says MIT, no LICENSE file: warning on every task |

Scoring layers: submission_intercept (the answer file), end_state_match (audit log), llm_judge_only
(the free-text rubric).
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import BaseModel, ConfigDict, Field

from mock_services.core.mcp_tools import ServiceTool, service_tools
from mock_services.core.seeding import SeedContext, SeedError, validate_service_seed
from mock_services.registry import SERVICE_MODULES, get_spec
from mock_services.verify.imported import ImportedCheck
from taskkit.importers.base import (
    SOURCE_FOLDER,
    ImportLog,
    RecordContext,
    RecordError,
    parsed,
    pins,
)
from taskkit.importers.model import (
    ImportedTask,
    Oracle,
    OracleCall,
    ScoringLayer,
    ToolDecl,
    task_id,
)
from taskkit.importers.writer import LOGIN_PASSWORD, LOGIN_USER

NAME = "claw-eval"
LAYERS = (
    ScoringLayer.SUBMISSION_INTERCEPT,
    ScoringLayer.END_STATE_MATCH,
    ScoringLayer.LLM_JUDGE_ONLY,
)
DEFAULT_TIME_LIMIT = 300.0
SAFETY_WEIGHT = 0.1
CHECK_TYPES = ("tool_called", "categories_present", "min_length", "llm_judge")
SAFETY_TYPES = ("tool_not_called",)
# upstream service -> ours (todo and notes: the todolist service, once registered)
SERVICES = {
    "gmail": "email",
    "contacts": "email",
    "calendar": "calendar",
    "todo": "todolist",
    "notes": "todolist",
}
# upstream tool -> (our service, our tool, upstream argument -> ours)
TOOLS: dict[str, tuple[str, str, dict[str, str]]] = {
    "gmail_list_messages": ("email", "list_messages", {"max_results": "per_page"}),
    "gmail_search_messages": ("email", "list_messages", {"query": "q", "max_results": "per_page"}),
    "gmail_get_message": ("email", "get_message", {}),
    "gmail_send_message": ("email", "send_message", {}),
    "gmail_reply_message": ("email", "reply", {}),
    "gmail_forward_message": ("email", "forward", {}),
    "gmail_create_draft": ("email", "create_draft", {}),
    "gmail_trash_message": ("email", "trash_message", {}),
    "calendar_list_events": ("calendar", "list_events", {"start_date": "start", "end_date": "end"}),
    "calendar_get_event": ("calendar", "get_event", {}),
    "calendar_create_event": (
        "calendar",
        "create_event",
        {"start_time": "start", "end_time": "end"},
    ),
    "calendar_update_event": (
        "calendar",
        "update_event",
        {"start_time": "start", "end_time": "end"},
    ),
    "calendar_delete_event": ("calendar", "delete_event", {}),
    "contacts_search": ("email", "list_contacts", {"query": "q"}),
    "contacts_get": ("email", "get_contact", {}),
    "contacts_create": ("email", "create_contact", {}),
    "todo_list_tasks": ("todolist", "list_tasks", {}),
    "todo_get_task": ("todolist", "get_task", {}),
    "notes_list": ("todolist", "list_notes", {"tag": "tag"}),
    "notes_get": ("todolist", "get_note", {"note_id": "note_id"}),
}
ID_FIELDS = {"message_id": "gmail", "event_id": "calendar", "contact_id": "contacts"}
# claw-eval category -> our domain (default: the first service's)
DOMAINS = {
    "communication": "Communication & Email",
    "calendar": "Calendar & Task Mgmt",
    "workflow": "Calendar & Task Mgmt",
    "productivity": "Calendar & Task Mgmt",
    "research": "Deep Research & Report",
}
SERVICE_DOMAINS = {"email": "Communication & Email", "calendar": "Calendar & Task Mgmt"}
FOLDER_LABELS = {"INBOX": "inbox", "SPAM": "spam", "SENT": "sent", "TRASH": "trash"}


USER = {"username": LOGIN_USER, "password": LOGIN_PASSWORD, "display_name": "User"}


# --- the upstream record -----------------------------------------------------------------


class Upstream(BaseModel):
    model_config = ConfigDict(extra="allow")


class Service(Upstream):
    name: str
    env: dict[str, str] = {}


class Prompt(Upstream):
    text: str = Field(min_length=1)
    language: str = "en"


class Tool(Upstream):
    name: str
    description: str = ""
    input_schema: dict[str, Any] = {}


class Check(Upstream):
    type: str
    tool_name: str | None = None
    min_calls: int = Field(1, ge=1)
    categories: list[str] = []
    field: str = "final_text"
    min_length: int = Field(0, ge=0)
    description: str = ""


class Component(Upstream):
    name: str = Field(min_length=1)
    weight: float = Field(gt=0)
    check: Check


class Safety(Upstream):
    type: str
    tool_name: str | None = None
    description: str = ""


class Environment(Upstream):
    timeout_seconds: float | None = Field(None, gt=0)
    max_turns: int | None = None


class Record(Upstream):
    task_id: str = Field(min_length=1)
    task_name: str = Field(min_length=1)
    category: str = "general"
    difficulty: str | None = None
    tags: list[str] = []
    services: list[Service] = []
    prompt: Prompt
    tools: list[Tool] = []
    environment: Environment | None = None
    scoring_components: list[Component] = Field(min_length=1)
    safety_checks: list[Safety] = []
    judge_rubric: str = ""
    reference_solution: str = ""
    expected_actions: list[Any] = []


# --- loading -------------------------------------------------------------------------------


def load(path: Path, log: ImportLog | None = None) -> list[ImportedTask]:
    """Every ``*/task.yaml`` under ``path`` (a claw-eval ``tasks/`` folder, or one task's);
    a bad record is refused into ``log`` and the others still load. A record reads only files
    inside its own folder, and its ``task.yaml`` must resolve inside ``path``."""
    log = log if log is not None else ImportLog()
    files = (
        [path / "task.yaml"] if (path / "task.yaml").is_file() else sorted(path.glob("*/task.yaml"))
    )
    tasks = []
    for file in files:
        relative = f"{file.parent.name}/task.yaml"
        ctx = RecordContext(NAME, pins()[NAME], log, relative, file.parent.name)
        try:
            text = ctx.read(path, file.relative_to(path), "(file)", SOURCE_FOLDER)
            tasks.append(_task(text, file.parent, ctx))
        except RecordError as error:
            log.refuse(error)
    return tasks


def _task(text: str, task_dir: Path, ctx: RecordContext) -> ImportedTask:
    data = ctx.parse_yaml(text)
    if not isinstance(data, dict):
        raise ctx.refuse("(record)", f"expected a mapping, got {type(data).__name__}")
    record: Record = parsed(Record, data, ctx)
    ctx.record = record.task_id
    ctx.task = task_id(NAME, record.task_id)
    provenance = ctx.provenance(record.task_id)
    ids: dict[str, dict[str, int]] = {}
    services, not_runnable, now = _services(record, task_dir, ctx, ids)
    tools = _tools(record, ctx, services) if not not_runnable else []
    if services:
        _offer_tools(services, tools)
    checks = _checks(record, ctx, tools)
    limit = record.environment.timeout_seconds if record.environment else None
    if limit is None:
        ctx.warn("environment.timeout_seconds", f"missing; {DEFAULT_TIME_LIMIT:g} s")
    if record.environment and record.environment.max_turns is not None:
        ctx.warn("environment.max_turns", f"{record.environment.max_turns}: not enforced here")
    if record.prompt.language != "en":
        ctx.warn("prompt.language", f"{record.prompt.language!r}: instruction kept as written")
    difficulty = record.difficulty if record.difficulty in ("easy", "medium", "hard") else None
    if difficulty is None:
        ctx.warn("difficulty", f"{record.difficulty!r}: medium")
    task = ImportedTask(
        id=ctx.task,
        title=record.task_name,
        instruction=record.prompt.text,
        time_limit_sec=limit or DEFAULT_TIME_LIMIT,
        category=record.category,
        domain=_domain(record),
        difficulty=difficulty or "medium",
        keywords=[_token(t) for t in [record.category, *record.tags] if _token(t)],
        now=now,
        services=services,
        tools=tools,
        checks=checks,
        layers=list(LAYERS),
        oracle=_oracle(record, ctx, tools, ids),
        not_runnable=not_runnable,
        provenance=provenance,
    )
    ctx.check_time("mapping the record")
    return task


def _domain(record: Record) -> str:
    if record.category in DOMAINS:
        return DOMAINS[record.category]
    services = [SERVICES.get(s.name) for s in record.services]
    return next(
        (SERVICE_DOMAINS[s] for s in services if s in SERVICE_DOMAINS), "Calendar & Task Mgmt"
    )


def _token(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


# --- services and their seed ---------------------------------------------------------------


def _fixture_name(service: Service, task_dir: Path, index: int) -> tuple[str, str]:
    """(field, path in the task folder) of the service's fixture: its ``*_FIXTURES`` file,
    else the first ``fixtures/<service>/*.json``."""
    for key, value in service.env.items():
        if key.endswith("_FIXTURES"):
            return f"services[{index}].env.{key}", re.sub(r"^tasks/[^/]+/", "", value)
    found = sorted((task_dir / "fixtures" / service.name).glob("*.json"))
    name = found[0].relative_to(task_dir).as_posix() if found else f"fixtures/{service.name}/"
    return f"services[{index}].env", name


def _fixture(service: Service, task_dir: Path, ctx: RecordContext, index: int) -> list[Any]:
    """The service's fixture rows, read from inside the task folder only."""
    where, name = _fixture_name(service, task_dir, index)
    rows = ctx.parse_json(ctx.read(task_dir, name, where), where)
    if not isinstance(rows, list):
        raise ctx.refuse(where, f"{name}: expected a JSON list")
    ctx.check_time(f"reading {name}")
    return rows


def _services(
    record: Record, task_dir: Path, ctx: RecordContext, ids: dict[str, dict[str, int]]
) -> tuple[dict[str, dict[str, Any]], str | None, str]:
    """Our seed sections from the fixtures; why the task cannot run here (None: it can); the
    frozen clock."""
    documents: dict[str, dict[str, Any]] = {}
    missing: list[str] = []
    dates: list[str] = []
    address = "user@example.test"
    for index, service in enumerate(record.services):
        ours = SERVICES.get(service.name)
        if ours is None or ours not in SERVICE_MODULES:
            missing.append(service.name)
            ctx.warn(
                f"services[{index}].name",
                f"{service.name!r}: no such service here; not runnable here",
            )
            continue
        rows = _fixture(service, task_dir, ctx, index)
        if service.name == "gmail":
            address = next((r.get("to") for r in rows if isinstance(r.get("to"), str)), address)
        documents.setdefault(ours, {})
        MAPPERS[service.name](documents[ours], rows, ctx, ids)
        dates += [
            str(r[k]) for r in rows for k in ("date", "start_time") if isinstance(r.get(k), str)
        ]
    if "email" in documents:
        email = documents["email"]
        account = {
            "username": LOGIN_USER,
            "password": LOGIN_PASSWORD,
            "display_name": "User",
            "email": address,
        }
        account["contacts"] = email.pop("contacts", [])
        account["labels"] = email.pop("_labels", [])
        email["users"] = [{k: v for k, v in account.items() if v}]
    if "calendar" in documents:
        documents["calendar"]["users"] = [USER | {"email": address}]
    if "todolist" in documents:
        documents["todolist"]["users"] = [USER | {"email": address}]
    now = _now(dates)
    if dates:
        ctx.warn("now", f"not in the record; the day after the latest fixture date: {now}")
    if missing:
        return {}, f"needs {', '.join(missing)}: no such service here", now
    _check_seeds(documents, now, ctx)
    return documents, None, now


def _check_seeds(documents: dict[str, dict[str, Any]], now: str, ctx: RecordContext) -> None:
    """Each seed section validated by its service's schema now, so a fixture our services
    refuse is this record's refusal, not a failed trial later."""
    moment = datetime.fromisoformat(now.replace("Z", "+00:00"))
    for name, document in documents.items():
        spec = get_spec(name)
        seed_ctx = SeedContext(name, moment, ZoneInfo("UTC"), source=ctx.file)
        try:
            validate_service_seed(spec, {k: v for k, v in document.items() if k != "mcp"}, seed_ctx)
        except SeedError as exc:
            message = str(exc).splitlines()[0].removeprefix(f"{ctx.file}: ")
            raise ctx.refuse(f"fixtures ({name})", message) from None


def _now(dates: list[str]) -> str:
    moments = []
    for text in dates:
        try:
            moments.append(datetime.fromisoformat(text.replace("Z", "+00:00")))
        except ValueError:
            continue
    if not moments:
        return "2026-03-02T09:00:00Z"
    day = max(m.date() for m in moments) + timedelta(days=1)
    return f"{day.isoformat()}T09:00:00Z"


def _renumber(
    rows: list[Any], key: str, kind: str, ctx: RecordContext, ids: dict[str, dict[str, int]]
) -> dict[str, int]:
    table = ids.setdefault(kind, {})
    for row in rows:
        if isinstance(row, dict) and row.get(key) is not None and str(row[key]) not in table:
            table[str(row[key])] = len(table) + 1
    if table:
        ctx.warn(f"fixtures/{kind} {key}", f"upstream ids renumbered 1..{len(table)} in file order")
    return table


def _gmail(
    document: dict[str, Any], rows: list[Any], ctx: RecordContext, ids: dict[str, dict[str, int]]
) -> None:
    numbers = _renumber(rows, "message_id", "gmail", ctx, ids)
    messages = document.setdefault("messages", [])
    labels: set[str] = set()
    important = False
    for row in rows:
        names = [str(n) for n in row.get("labels", [])]
        folder = next((FOLDER_LABELS[n] for n in names if n in FOLDER_LABELS), "inbox")
        extra = [n.lower() for n in names if n not in FOLDER_LABELS and n != "IMPORTANT"]
        important = important or "IMPORTANT" in names
        labels.update(extra)
        to = row.get("to", [])
        messages.append(
            {
                "id": numbers.get(str(row.get("message_id")), len(messages) + 1),
                "owner": LOGIN_USER,
                "folder": folder,
                "from_address": row.get("from"),
                "to": [to] if isinstance(to, str) else to,
                "subject": row.get("subject", ""),
                "body": row.get("body", ""),
                "date": row.get("date"),
                "read": bool(row.get("is_read", False)),
                "starred": "IMPORTANT" in names,
                "labels": extra,
            }
        )
    if important:
        ctx.warn("fixtures/gmail labels", "IMPORTANT: starred")
    document["_labels"] = sorted(labels | set(document.get("_labels", [])))


def _calendar(
    document: dict[str, Any], rows: list[Any], ctx: RecordContext, ids: dict[str, dict[str, int]]
) -> None:
    numbers = _renumber(rows, "event_id", "calendar", ctx, ids)
    events = document.setdefault("events", [])
    named = False
    for row in rows:
        people = [str(p) for p in row.get("attendees", [])]
        extra = []
        if row.get("organizer"):
            extra.append(f"Organizer: {row['organizer']}")
        if people:
            extra.append(f"Attendees: {', '.join(people)}")
        named = named or bool(extra)
        status = row.get("status", "confirmed")
        events.append(
            {
                "id": numbers.get(str(row.get("event_id")), len(events) + 1),
                "owner": LOGIN_USER,
                "title": row.get("title"),
                "description": "\n".join([row.get("description", ""), *extra]).strip(),
                "location": row.get("location", ""),
                "start": row.get("start_time"),
                "end": row.get("end_time"),
                "status": status
                if status in ("confirmed", "tentative", "cancelled")
                else "confirmed",
            }
        )
    if named:
        ctx.warn("fixtures/calendar attendees", "names without addresses: kept in the description")


def _contacts(
    document: dict[str, Any], rows: list[Any], ctx: RecordContext, ids: dict[str, dict[str, int]]
) -> None:
    numbers = _renumber(rows, "contact_id", "contacts", ctx, ids)
    contacts = document.setdefault("contacts", [])
    for row in rows:
        notes = [row.get("title", ""), "; ".join(row.get("responsibilities", []))]
        contacts.append(
            {
                "id": numbers.get(str(row.get("contact_id")), len(contacts) + 1),
                "name": row.get("name"),
                "email": row.get("email"),
                "phone": row.get("phone"),
                "company": row.get("department"),
                "notes": "\n".join(n for n in notes if n),
            }
        )


def _todo(
    document: dict[str, Any], rows: list[Any], ctx: RecordContext, ids: dict[str, dict[str, int]]
) -> None:
    """claw-eval to-dos as one list of the todolist service (its seed shape: lists of tasks)."""
    _renumber(rows, "task_id", "todo", ctx, ids)
    tasks = []
    for row in rows:
        status = str(row.get("status", "pending"))
        tags = [*row.get("tags", []), *([f"status-{status}"] if status != "completed" else [])]
        tasks.append(
            {
                "title": row.get("title"),
                "notes": row.get("description", ""),
                "priority": row.get("priority")
                if row.get("priority") in ("low", "medium", "high")
                else "none",
                "due_date": row.get("due_date"),
                "status": "completed" if status == "completed" else "open",
                "tags": tags,
            }
        )
    ctx.warn("fixtures/todo status", "pending/in_progress/blocked: open, with a status-<value> tag")
    document.setdefault("lists", []).append({"owner": LOGIN_USER, "name": "Tasks", "tasks": tasks})


def _notes(
    document: dict[str, Any], rows: list[Any], ctx: RecordContext, ids: dict[str, dict[str, int]]
) -> None:
    _renumber(rows, "note_id", "notes", ctx, ids)
    notes = document.setdefault("notes", [])
    for row in rows:
        notes.append(
            {
                "owner": LOGIN_USER,
                "title": row.get("title"),
                "body": row.get("content", ""),
                "tags": row.get("tags", []),
                "created_at": row.get("created_at"),
            }
        )


MAPPERS = {
    "gmail": _gmail,
    "calendar": _calendar,
    "contacts": _contacts,
    "todo": _todo,
    "notes": _notes,
}


# --- tools ---------------------------------------------------------------------------------


@cache
def _our_tools(service: str) -> dict[str, ServiceTool]:
    return {tool.name: tool for tool in service_tools(get_spec(service))}


def _tools(record: Record, ctx: RecordContext, services: dict[str, Any]) -> list[ToolDecl]:
    declared = []
    for index, tool in enumerate(record.tools):
        mapping = TOOLS.get(tool.name)
        if mapping is None or mapping[0] not in services:
            ctx.warn(f"tools[{index}] {tool.name}", "no counterpart here; not offered")
            declared.append(ToolDecl(name=tool.name, description=tool.description))
            continue
        service, ours, renamed = mapping
        known = _our_tools(service)[ours].tool.input_schema["properties"]
        upstream_args = list(tool.input_schema.get("properties", {}))
        arguments = {u: renamed.get(u, u) for u in upstream_args if renamed.get(u, u) in known}
        for argument in upstream_args:
            if argument not in arguments:
                ctx.warn(
                    f"tools[{index}] {tool.name}.{argument}", f"no counterpart in {ours}; dropped"
                )
        declared.append(
            ToolDecl(
                name=tool.name,
                description=tool.description,
                service=service,
                backed_by=ours,
                arguments={u: o for u, o in arguments.items() if u != o},
            )
        )
    return declared


def _offer_tools(services: dict[str, dict[str, Any]], tools: list[ToolDecl]) -> None:
    """Each service's ``mcp`` choice: login and the task's tools under their upstream names."""
    for name, document in services.items():
        mine = [t for t in tools if t.service == name]
        aliases = {
            t.name: {
                "tool": t.backed_by,
                "description": t.description or None,
                "arguments": t.arguments,
            }
            for t in mine
        }
        aliases = {k: {f: v for f, v in a.items() if v} for k, a in aliases.items()}
        document["mcp"] = {"tools": ["login", *aliases], "aliases": aliases}


def _route(tool: ToolDecl) -> tuple[str, str, bool]:
    """The audit route pattern of a backed tool, and whether it is read-only."""
    ours = _our_tools(tool.service)[tool.backed_by]  # type: ignore[index]
    path = re.sub(r"\{[^}]+\}", "*", ours.route.path)
    return (
        ours.route.method,
        path,
        bool(ours.tool.annotations and ours.tool.annotations.read_only_hint),
    )


# --- checks --------------------------------------------------------------------------------


def _name(text: str, taken: set[str]) -> str:
    name = re.sub(r"[^A-Za-z0-9_]+", "_", text).strip("_") or "check"
    name = f"c_{name}" if name[0].isdigit() else name
    while name in taken or name == "reward":
        name += "_"
    taken.add(name)
    return name


def _tool_check(
    base: dict[str, Any],
    tool_name: str | None,
    tools: list[ToolDecl],
    ctx: RecordContext,
    where: str,
    negate: bool,
    min_calls: int = 1,
) -> ImportedCheck:
    tool = next((t for t in tools if t.name == tool_name and t.backed_by), None)
    mapping = TOOLS.get(tool_name or "")
    seeded = {t.service for t in tools if t.backed_by}
    if tool is None and mapping and mapping[0] in seeded:  # not offered, but ours can check it
        tool = ToolDecl(name=tool_name or "", service=mapping[0], backed_by=mapping[1])
    if tool is None:
        ctx.warn(where, f"tool {tool_name!r} has no counterpart here; not scored")
        return ImportedCheck(
            **base, kind="not_scored", reason=f"tool {tool_name} is not offered here"
        )
    method, path, read_only = _route(tool)
    if read_only:
        ctx.warn(where, f"{tool_name} only reads; reads are not audited here: not scored")
        return ImportedCheck(
            **base, kind="not_scored", reason=f"{tool_name} only reads; reads are not audited"
        )
    kind = "service_not_called" if negate else "service_called"
    return ImportedCheck(
        **base, kind=kind, service=tool.service, route=f"{method} {path}", min_calls=min_calls
    )


def _checks(record: Record, ctx: RecordContext, tools: list[ToolDecl]) -> list[ImportedCheck]:
    taken: set[str] = set()
    checks = []
    judged = False
    for index, component in enumerate(record.scoring_components):
        check = component.check
        where = f"scoring_components[{index}].check"
        base = {
            "name": _name(component.name, taken),
            "weight": component.weight,
            "rationale": check.description or f"claw-eval {check.type} ({component.name})",
        }
        if check.type == "tool_called":
            checks.append(
                _tool_check(base, check.tool_name, tools, ctx, where, False, check.min_calls)
            )
        elif check.type == "categories_present":
            checks.append(ImportedCheck(**base, kind="answer_contains", values=check.categories))
        elif check.type == "min_length":
            if check.field != "final_text":
                ctx.warn(f"{where}.field", f"{check.field!r}: the final answer's length")
            checks.append(
                ImportedCheck(**base, kind="answer_min_length", min_length=check.min_length)
            )
        elif check.type == "llm_judge":
            judged = True
            checks.append(
                ImportedCheck(
                    **base, kind="judge", question=check.description, reference=record.judge_rubric
                )
            )
        else:
            raise ctx.refuse(
                f"{where}.type",
                f"unknown check type {check.type!r}; expected one of {', '.join(CHECK_TYPES)}",
            )
    for index, safety in enumerate(record.safety_checks):
        where = f"safety_checks[{index}].type"
        if safety.type not in SAFETY_TYPES:
            raise ctx.refuse(
                where,
                f"unknown safety check {safety.type!r}; expected one of {', '.join(SAFETY_TYPES)}",
            )
        base = {
            "name": _name(f"safety_{safety.tool_name or index}", taken),
            "weight": SAFETY_WEIGHT,
            "goal": True,
            "rationale": safety.description or f"{safety.tool_name} is never called",
        }
        checks.append(_tool_check(base, safety.tool_name, tools, ctx, where, True))
    if record.judge_rubric.strip() and not judged:
        checks.append(
            ImportedCheck(
                name=_name("judge_rubric", taken),
                kind="judge",
                weight=1.0,
                rationale="claw-eval's judge_rubric, graded by the LLM judge",
                question=record.judge_rubric.strip(),
            )
        )
    return checks


# --- the oracle ----------------------------------------------------------------------------


def _oracle(
    record: Record, ctx: RecordContext, tools: list[ToolDecl], ids: dict[str, dict[str, int]]
) -> Oracle:
    calls = []
    for index, action in enumerate(record.expected_actions):
        call = _call(action, tools, ids)
        if call is None:
            ctx.warn(
                f"expected_actions[{index}]",
                "not {tool_name, arguments} of an offered tool; skipped",
            )
        else:
            calls.append(call)
    answer = record.reference_solution.strip()
    if not answer:
        ctx.warn("reference_solution", "missing; the oracle answers with the categories asked for")
    asked = [
        v
        for c in record.scoring_components
        if c.check.type == "categories_present"
        for v in c.check.categories
    ]
    if asked:
        answer += "\n\nCategories: " + ", ".join(asked)
    need = max(
        [c.check.min_length for c in record.scoring_components if c.check.type == "min_length"]
        or [0]
    )
    if len(answer.strip()) < need:
        answer += "\n" + "Summary of the work done. " * (need // 25 + 1)
    return Oracle(calls=calls, answer=answer.strip() + "\n")


def _call(action: Any, tools: list[ToolDecl], ids: dict[str, dict[str, int]]) -> OracleCall | None:
    if not isinstance(action, dict) or not isinstance(action.get("arguments", {}), dict):
        return None
    tool = next((t for t in tools if t.name == action.get("tool_name") and t.backed_by), None)
    if tool is None:
        return None
    ours = _our_tools(tool.service)[tool.backed_by]  # type: ignore[index]
    properties = ours.tool.input_schema["properties"]
    arguments: dict[str, Any] = {}
    for upstream, value in action.get("arguments", {}).items():
        name = tool.arguments.get(upstream, upstream)
        if upstream in ID_FIELDS and str(value) in ids.get(ID_FIELDS[upstream], {}):
            value = ids[ID_FIELDS[upstream]][str(value)]
        if properties.get(name, {}).get("type") == "array" and isinstance(value, str):
            value = [value]
        arguments[name] = value
    path = ours.route.path
    for param in ours.route.path_params:
        path = path.replace(f"{{{param}}}", str(arguments.pop(param, "")))
    body = {k: v for k, v in arguments.items() if k in (ours.route.body_params or ())}
    return OracleCall(service=tool.service, method=ours.route.method, path=path, body=body or None)
