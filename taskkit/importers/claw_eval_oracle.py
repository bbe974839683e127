"""claw-eval's ``expected_actions`` as the oracle's calls on our services: the per-record calls
of ``claw_eval_actions.yaml`` (upstream tool vocabulary) resolved onto our API, and the near
misses made from them."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import yaml
from pydantic import BaseModel, ConfigDict, TypeAdapter

from mock_services.core.mcp.tools import ServiceTool, service_tools
from mock_services.registry import get_spec
from taskkit.importers.base import RecordContext
from taskkit.importers.model import Oracle, OracleCall, ToolDecl

ACTIONS_FILE = Path(__file__).with_name("claw_eval_actions.yaml")
# upstream tool -> the expected action (service, action_key) its call records upstream
ACTION_KEYS = {
    "calendar_create_event": ("calendar", "created_events"),
    "gmail_save_draft": ("gmail", "drafts"),
    "gmail_send_message": ("gmail", "sent"),
    "todo_update_task": ("todo", "updated_tasks"),
    "todo_create_task": ("todo", "created_tasks"),
    "notes_share": ("notes", "shared"),
    "helpdesk_update_ticket": ("helpdesk", "updated_tickets"),
    "crm_export_report": ("crm", "exported_reports"),
    "kb_update_article": ("kb", "updates"),
    "finance_submit_report": ("finance", "submitted_reports"),
    "finance_report_submit": ("finance", "submitted_reports"),
    "inventory_create_order": ("inventory", "orders"),
}
# upstream id argument -> the fixture kind whose ids were renumbered
ID_FIELDS = {
    "message_id": "gmail",
    "reply_to_message_id": "gmail",
    "event_id": "calendar",
    "contact_id": "contacts",
    "task_id": "todo",
    "note_id": "notes",
    "transaction_id": "finance",
    "article_id": "kb",
}
# our services whose items keep upstream's ids (TK-1001, CUS-001, ITEM-1101): the fixture kind
KEPT_IDS = {"helpdesk": "helpdesk", "crm": "crm", "inventory": "inventory"}
# (upstream tool, argument, value) -> our tool that performs it on the same id
STATUS_CALLS = {("todo_update_task", "status", "completed"): "complete_task"}


class ActionCall(BaseModel):
    """One upstream tool call of a record's reference solution."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    tool: str
    arguments: dict[str, Any] = {}


class Solution(BaseModel):
    """A record's reference calls, and its answer when its reference_solution is a plan."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    calls: list[ActionCall]
    answer: str | None = None


@cache
def solutions() -> dict[str, Solution]:
    """The reference solutions written for claw-eval records, by upstream task id."""
    data = yaml.safe_load(ACTIONS_FILE.read_text(encoding="utf-8"))
    return TypeAdapter(dict[str, Solution]).validate_python(data)


def performed_actions(record_id: str) -> set[tuple[str, str]]:
    """The expected actions (service, action_key) the record's oracle calls perform."""
    calls = solutions()[record_id].calls if record_id in solutions() else []
    return {ACTION_KEYS[a.tool] for a in calls if a.tool in ACTION_KEYS}


@cache
def our_tools(service: str) -> dict[str, ServiceTool]:
    return {tool.name: tool for tool in service_tools(get_spec(service))}


def oracle(
    record_id: str,
    answer: str,
    tools: list[ToolDecl],
    ids: dict[str, dict[str, int | str]],
    ctx: RecordContext,
) -> Oracle:
    """The reference solution: the reads of a careful agent (``_reads``), the record's action
    calls on our API, then its answer (the written one, else ``answer``: upstream's
    reference_solution)."""
    written = solutions().get(record_id, Solution(calls=[]))
    answer = written.answer or answer
    calls = _reads(tools, ids)
    for index, action in enumerate(written.calls):
        tool = next((t for t in tools if t.name == action.tool and t.backed_by), None)
        if tool is None:
            ctx.warn(
                f"expected_actions (call {index}: {action.tool})",
                "the tool is not offered here; the oracle skips it",
                lossy=True,
            )
            continue
        calls += _calls(action, tool, ids)
    return Oracle(calls=calls, answer=answer.strip() + "\n" if answer.strip() else "")


def _reads(tools: list[ToolDecl], ids: dict[str, dict[str, int | str]]) -> list[OracleCall]:
    """Each declared read tool called as a careful agent does before acting (upstream's graders
    score reading: "listed the inbox", "opened every message"): a listing once, a tool on one
    item once per fixture item; a read that needs an argument the record does not give (a
    search's query) is left to the agent."""
    reads: list[OracleCall] = []
    for tool in tools:
        if tool.service is None or tool.backed_by is None:
            continue
        ours = our_tools(tool.service)[tool.backed_by]
        hints = ours.tool.annotations
        if not (hints and hints.read_only_hint) or tool.backed_by in ("login", "me"):
            continue
        params = list(ours.route.path_params)
        required = set(ours.tool.input_schema.get("required", [])) - set(params)
        if required or len(params) > 1:
            continue
        if not params:
            reads.append(OracleCall(service=tool.service, method="GET", path=ours.route.path))
            continue
        upstream = next((u for u, o in tool.arguments.items() if o == params[0]), params[0])
        items = ids.get(ID_FIELDS.get(upstream) or KEPT_IDS.get(tool.service, ""), {})
        reads += [
            OracleCall(
                service=tool.service,
                method="GET",
                path=ours.route.path.replace(f"{{{params[0]}}}", str(item)),
            )
            for item in items.values()
        ]
    return list({(r.service, r.path): r for r in reads}.values())  # two tools, one route: once


def _calls(
    action: ActionCall, tool: ToolDecl, ids: dict[str, dict[str, int | str]]
) -> list[OracleCall]:
    """One upstream call as our requests (a status change becomes its own request)."""
    service, backed_by = tool.service, tool.backed_by
    assert service is not None and backed_by is not None  # only tools of ours are called
    arguments: dict[str, Any] = {}
    extra: list[OracleCall] = []
    description: list[str] = []
    for upstream, value in action.arguments.items():
        if upstream in ID_FIELDS and str(value) in ids.get(ID_FIELDS[upstream], {}):
            value = ids[ID_FIELDS[upstream]][str(value)]
        status_tool = STATUS_CALLS.get((action.tool, upstream, str(value)))
        if status_tool:
            extra.append(_request(service, status_tool, {}, action.arguments, ids))
            continue
        if upstream == "attendees" and backed_by == "create_event":
            names = [str(v) for v in value if "@" not in str(v)]
            description += [f"Attendees: {', '.join(names)}"] if names else []
            value = [{"email": v} for v in value if "@" in str(v)]
        arguments[tool.arguments.get(upstream, upstream)] = value
    if description:
        arguments["description"] = "\n".join(
            [arguments.get("description", ""), *description]
        ).strip()
    path_params = our_tools(service)[backed_by].route.path_params
    needed = not extra or set(arguments) - set(path_params)
    main = [_request(service, backed_by, arguments, {}, ids)] if needed else []
    return [*main, *extra]


def _request(
    service: str,
    name: str,
    arguments: dict[str, Any],
    upstream: dict[str, Any],
    ids: dict[str, dict[str, int | str]],
) -> OracleCall:
    """Our tool's request: path parameters filled (from ``upstream`` ids when absent), query
    parameters in the query string, the rest as the body; a string where ours takes a list
    becomes a one-item list."""
    ours = our_tools(service)[name]
    properties = ours.tool.input_schema["properties"]
    values = dict(arguments)
    for param in ours.route.path_params:
        if param not in values and param in upstream:
            raw = str(upstream[param])
            values[param] = ids.get(ID_FIELDS.get(param, ""), {}).get(raw, raw)
    for key, value in values.items():
        if properties.get(key, {}).get("type") == "array" and isinstance(value, str):
            values[key] = [value]
    path = ours.route.path
    for param in ours.route.path_params:
        path = path.replace(f"{{{param}}}", str(values.pop(param, "")))
    body = {k: v for k, v in values.items() if k in (ours.route.body_params or ())}
    query = {k: v for k, v in values.items() if k in ours.route.query_params}
    path += f"?{urlencode(query, doseq=True)}" if query else ""
    return OracleCall(service=service, method=ours.route.method, path=path, body=body or None)


def wrong_solutions(solution: Oracle) -> dict[str, Oracle]:
    """Near misses an agent makes: the answer without the actions, the actions without the
    answer, the last of two or more actions forgotten, an answer stopped halfway."""
    wrong: dict[str, Oracle] = {}
    if solution.calls:
        wrong["answer-without-actions"] = solution.model_copy(update={"calls": []})
    if solution.answer:
        wrong["actions-without-answer"] = solution.model_copy(update={"answer": ""})
    if len(solution.calls) > 1:
        wrong["last-action-missing"] = solution.model_copy(update={"calls": solution.calls[:-1]})
    lines = solution.answer.splitlines()
    if len(lines) > 1:
        half = "\n".join(lines[: len(lines) // 2]) + "\n"
        wrong["answer-cut-short"] = solution.model_copy(update={"answer": half})
    return wrong
