"""claw-eval (``tasks/<id>/task.yaml`` + ``fixtures/`` + ``grader.py``): 300 records in three
splits (general ``T``, multimodal ``M``, multi-turn ``C``); the tool-calling ones run on **our**
services. Every record is counted and ends imported (runnable, or "not runnable here: <reason>")
or refused by field.

| claw-eval field | ours | notes |
|---|---|---|
| ``task_id`` | ``source_id``; task dir ``claw-eval-<id>`` | |
| ``task_name`` | title, ``[task].description`` | |
| ``prompt.text`` | instruction.md | ``prompt.language`` other than en: informational warning |
| (none) | start URL | claw-eval tasks have none: the services' URLs are in the instruction |
| ``environment.timeout_seconds`` | ``[agent].timeout_sec`` | missing: 300 s (informational) |
| ``environment.max_turns`` | dropped | lossy: no turn limit here |
| ``category`` / ``difficulty`` / ``tags`` | ``[metadata]`` category, difficulty; keywords | unknown difficulty: medium |
| ``services[].name`` gmail / contacts | the ``email`` service (mailbox; the account's contacts) | |
| ``services[].name`` calendar | the ``calendar`` service | |
| ``services[].name`` todo / notes | the ``todolist`` service (one list; notes) | |
| ``services[].name`` helpdesk | the ``helpdesk`` service | tickets keep their number (``TK-1001``); reporter: a requester (made-up address), customer_id: an organisation, assignee: an agent; ``medium``/``""``: normal, ``critical``: urgent, ``resolved``/``done``: solved; requires_onsite, sla_deadline, internal, product: lines of the description (lossy) |
| ``services[].name`` crm | the ``crm`` service | a customer is an account (code: customer_id; tier lower-cased), contact_person its primary contact, sales_rep a user who owns it, recent_interactions activities; recent_orders, contract_amount, payment_cycle, expected_monthly: lines of its notes (lossy) |
| ``services[].name`` finance | the ``finance`` service | transactions renumbered 1..N on one checking account of the login per currency; merchant (else supplier, else customer_name): a merchant, category (else type): a category; amounts as upstream signs them (lossy: spending is positive there); completed/cancelled: posted, pending: pending; type, customer, reference, approver, notes, cancel reason, receipt: lines of the memo (lossy) |
| ``services[].name`` kb | the ``kb`` service | articles renumbered 1..N as pages by the login; each category a space (key: its capitals, else ``KB<n>``); tags: labels (others, author, views: lines of the body, lossy); last_updated: the page's time |
| ``services[].name`` inventory | the ``inventory`` service | products keep their id as SKU (``ITEM-1101``); quantity/current_stock: stock in a bin of one warehouse (``MAIN``) named by the location; unit_cost: cost, unit_price/selling_price: price, reorder_level/min_stock_threshold: reorder point; supplier: a supplier (made-up address); status, notes, restock, sync and sales figures: dropped (lossy) |
| other ``services[]`` (web_real, rss, scheduler, config, ...) | none | not runnable here: "needs <service>: no such service here" |
| ``user_agent`` (multi-turn) | a model-played persona on the ``email`` service (``requester@example.test``), answering the agent's mail through the judge's endpoint; the instruction names the address; ``persona``: its prompt (the lines that are not ``- `` facts, upstream's rules, the question it asked) and facts (the ``- `` lines); ``system_prompt_suffix``: appended to the instruction | lossy: each mail is answered alone (no thread history), ``max_rounds`` not enforced, no ``[DONE]``; runnable with a judge (without one: not scored); a record without persona text stays "needs a simulated user" |
| ``sandbox_files`` other than service fixtures | input files: ``environment/workspace/`` copied to ``/workspace/`` (listed in the instruction) | a file absent from the checkout: not runnable here, lossy |
| a prompt with web URLs (or a paper it names) and no service or input | none | not runnable here: "needs the internet" |
| ``services[].env.*_FIXTURES`` (else ``fixtures/<service>/*.json``) | ``environment/seed.json`` sections | upstream ids renumbered 1..N in file order (informational) |
| (none) ``now`` | ``[metadata].now`` and the task's time zone | from the prompt's relative dates over the fixtures: "tomorrow" = the day before the first event, "last week" = the Monday after the last event, "this week" = the first event's day, "overdue" = the day after the middle open due date; else the day after the newest email/note/creation date (upstream's gmail shifts the newest mail to yesterday), else the day before the first event; 09:00 in the fixtures' UTC offset |
| gmail ``labels`` | INBOX/SPAM/SENT/TRASH: folder; IMPORTANT: starred; others: labels | |
| calendar ``attendees`` | addresses: attendees; all: a line of the description (what ``calendar_get_user_events`` searches) | names without addresses: lossy |
| contacts ``department`` / ``title`` / ``responsibilities`` | ``company`` / ``notes`` | |
| todo ``status`` pending/in_progress/blocked | open + a ``status-<value>`` tag | tags that are not tag names go to the notes |
| notes ``participants`` / ``attendees`` | appended to the body | |
| ``tools[]`` | MCP aliases (``mcp.aliases``) under the upstream names, ``login`` added | ``TOOLS`` below; an argument with no counterpart: lossy; a tool with no counterpart (``UNMAPPED``: ``notes_share``, ``finance_submit_report``, ``inventory_create_order``; every tool of an unhosted service): lossy, not offered; ``Bash``: the agent's own shell |
| ``tool_endpoints`` / ``services[].command/port`` | replaced by our services' MCP endpoints; each service seeded with ``"audit_reads": true``, so the trace the grader reads has the read calls too | |
| ``grader.py`` (``scoring_components``, ``safety_checks``, ``judge_rubric``) | the checks and tests/ files of ``claw_eval_grading.grading`` | its own table; wrong solutions: its builder over the oracle (``claw_eval_oracle.wrong_solutions``) |
| ``expected_actions[]`` ``{service, action_key, required}`` | the oracle's calls, after its reads (each declared listing once, each fixture item opened) | the calls that perform each action, per record, in ``claw_eval_actions.yaml`` (upstream tool vocabulary, mapped through ``TOOLS``); a required action nothing here performs: not runnable |
| ``reference_solution`` | the oracle's answer | missing: informational |
| ``primary_dimensions``, ``version``, ``env_snapshot_*``, ``sandbox_grader_files`` | dropped | |
| licence | ``license = "unverified"`` | README says MIT, no LICENSE file: informational warning on every task |

Scoring layers: submission_intercept (the answer file), end_state_match (audit log), llm_judge_only
(the free-text rubric).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import Field

from mock_services.core.seeding.seed import SeedContext, SeedError, validate_service_seed
from mock_services.registry import get_spec
from taskkit.importers.base import (
    SOURCE_FOLDER,
    ImportLog,
    RecordContext,
    RecordError,
    parsed,
    pins,
)
from taskkit.importers.claw_eval_grading import grading
from taskkit.importers.claw_eval_oracle import (
    oracle,
    our_tools,
    performed_actions,
)
from taskkit.importers.claw_eval_tools import TOOLS, Service, Upstream, fixture_name
from taskkit.importers.model import ImportedTask, OracleCall, ScoringLayer, ToolDecl, task_id
from taskkit.importers.writer import LOGIN_PASSWORD, LOGIN_USER

NAME = "claw-eval"
LAYERS = (
    ScoringLayer.SUBMISSION_INTERCEPT,
    ScoringLayer.END_STATE_MATCH,
    ScoringLayer.LLM_JUDGE_ONLY,
)
DEFAULT_TIME_LIMIT = 300.0
DEFAULT_DAY = date(2026, 3, 2)
# upstream service -> ours
SERVICES = {
    "gmail": "email",
    "contacts": "email",
    "calendar": "calendar",
    "todo": "todolist",
    "notes": "todolist",
    "helpdesk": "helpdesk",
    "crm": "crm",
    "finance": "finance",
    "kb": "kb",
    "inventory": "inventory",
}
SHELL_TOOLS = ("Bash",)  # the agent's own shell here


UNMAPPED = {
    "notes_share": "notes cannot be shared here",
    "finance_submit_report": "there are no expense reports to submit here",
    "finance_report_submit": "there are no expense reports to submit here",
    "inventory_create_order": "a purchase order here takes a warehouse and a list of lines "
    "(sku, quantity, unit cost), which an alias cannot build from product_id and quantity",
}
# a tool offered alongside a mapped one whose argument it carries
COMPANIONS = {("todo_update_task", "status"): "complete_task"}
# claw-eval category -> our domain (default: the first hosted service's)
DOMAINS = {  # upstream's category -> ours; other categories: by service, else documents
    "communication": "Communication & Email",
    "calendar": "Calendar & Task Mgmt",
    "workflow": "Calendar & Task Mgmt",
    "productivity": "Calendar & Task Mgmt",
    "organization": "Calendar & Task Mgmt",
    "research": "Deep Research & Report",
    "synthesis": "Deep Research & Report",
    "doc_search": "Deep Research & Report",
    "ops": "DevOps & Env Repair",
    "operations": "DevOps & Env Repair",
    "terminal": "DevOps & Env Repair",
    "security": "DevOps & Env Repair",
    "file_ops": "DevOps & Env Repair",
    "coding": "Coding & Software Dev",
    "web_dev": "Coding & Software Dev",
    "webpage_generation": "Coding & Software Dev",
    "multimodal_webpage": "Coding & Software Dev",
    "video_webpage": "Coding & Software Dev",
    "finance": "Finance & Data Analytics",
    "office_qa": "Finance & Data Analytics",
    "data_analysis": "Finance & Data Analytics",
    "procurement": "E-commerce & Daily Svcs",
    "memory": "Documents & Knowledge",  # recalling what notes hold, not managing tasks
}
# upstream's helpdesk priorities and statuses -> ours (others: normal, open, with a warning)
TICKET_PRIORITIES = {
    "urgent": "urgent",
    "critical": "urgent",
    "high": "high",
    "medium": "normal",
    "normal": "normal",
    "": "normal",
    "low": "low",
}
TICKET_STATUSES = {
    "new": "new",
    "open": "open",
    "investigating": "open",
    "in_progress": "open",
    "pending": "pending",
    "on-hold": "on-hold",
    "resolved": "solved",
    "done": "solved",
    "solved": "solved",
    "closed": "closed",
}
TICKET_CODE = re.compile(r"^TK-([1-9][0-9]{0,8})$")
FOLDER_LABELS = {"INBOX": "inbox", "SPAM": "spam", "SENT": "sent", "TRASH": "trash"}
TAG = re.compile(r"^[a-z0-9][a-z0-9_-]{0,49}$")
URL = re.compile(r"https?://(?!localhost|127\.0\.0\.1)[^\s)\"'>\]]+")
PAPER = re.compile(r"paper\s+\"([^\"]+)\"|\"([^\"]+)\"\s+paper", re.I)  # a document not provided
ANCHORS = (
    ("tomorrow", re.compile(r"\btomorrow\b|明天", re.I)),
    ("last week", re.compile(r"\blast week\b|上周", re.I)),
    ("this week", re.compile(r"\bthis week\b|本周", re.I)),
    ("overdue", re.compile(r"\boverdue\b|过期|逾期", re.I)),
)


USER = {"username": LOGIN_USER, "password": LOGIN_PASSWORD, "display_name": "User"}


# --- the upstream record -----------------------------------------------------------------


class Prompt(Upstream):
    text: str = Field(min_length=1)
    language: str = "en"


class Tool(Upstream):
    name: str
    description: str = ""
    input_schema: dict[str, Any] = {}


class Environment(Upstream):
    timeout_seconds: float | None = Field(None, gt=0)
    max_turns: int | None = None


class ExpectedAction(Upstream):
    service: str
    action_key: str
    required: bool = True


class UserAgent(Upstream):
    enabled: bool = True
    max_rounds: int | None = None
    persona: str | None = None
    system_prompt_suffix: str | None = None


PERSONA = "requester"
"""The persona that plays a record's simulated user: a user of the email service, the person
who asked; the agent reaches them by mail."""
PERSONA_ADDRESS = f"{PERSONA}@example.test"
PERSONA_TOOLS = ("list_messages", "get_message", "get_thread", "send_message", "reply")
"""The email tools offered besides the record's own when a persona plays the user."""
PERSONA_RULES = (
    "Stay in this role and answer in natural, spoken words, in the language the assistant "
    "writes in; answer the assistant's questions truthfully from what you know; when asked "
    "something you do not know, say you are not sure of the exact figure."
)


class Record(Upstream):
    task_id: str = Field(min_length=1)
    task_name: str = Field(min_length=1)
    category: str = "general"
    difficulty: str | None = None
    tags: list[str] = []
    services: list[Service] | None = None
    prompt: Prompt
    tools: list[Tool] | None = None
    environment: Environment | None = None
    scoring_components: list[Any] | None = None
    safety_checks: list[Any] | None = None
    judge_rubric: str | None = None
    reference_solution: str | None = None
    expected_actions: list[ExpectedAction] | None = None
    sandbox_files: list[str] | None = None
    user_agent: UserAgent | None = None


# --- loading -------------------------------------------------------------------------------


def load(path: Path, log: ImportLog | None = None) -> list[ImportedTask]:
    """Every ``*/task.yaml`` under ``path`` (a claw-eval ``tasks/`` folder, or one task's),
    each counted in ``log.records``; a bad record is refused into ``log`` and the others still
    load. A record reads only files inside its own folder, and its ``task.yaml`` must resolve
    inside ``path``."""
    log = log if log is not None else ImportLog()
    single = (path / "task.yaml").is_file()
    files = [path / "task.yaml"] if single else sorted(path.glob("*/task.yaml"))
    checkout = path.parent if path.name == "tasks" else path
    tasks = []
    for file in files:
        log.records += 1
        relative = f"{file.parent.name}/task.yaml"
        ctx = RecordContext(NAME, pins()[NAME], log, relative, file.parent.name)
        try:
            text = ctx.read(path, file.relative_to(path), "(file)", SOURCE_FOLDER)
            tasks.append(_task(text, file.parent, checkout, ctx))
        except RecordError as error:
            log.refuse(error)
    return tasks


def _task(text: str, task_dir: Path, checkout: Path, ctx: RecordContext) -> ImportedTask:
    data = ctx.parse_yaml(text)
    if not isinstance(data, dict):
        raise ctx.refuse("(record)", f"expected a mapping, got {type(data).__name__}")
    record: Record = parsed(Record, data, ctx)
    ctx.record = record.task_id
    ctx.task = task_id(NAME, record.task_id)
    provenance = ctx.provenance(record.task_id)
    world = _world(record, task_dir, ctx)
    tools = _tools(record, ctx, world.services)
    if world.services:
        _offer_tools(world.services, tools)
    persona = world.personas[0]["id"] if world.personas else None
    if persona is not None:
        offered = world.services["email"].setdefault("mcp", {"tools": ["login"]})["tools"]
        offered += [t for t in PERSONA_TOOLS if t not in offered]
    scoring = grading(task_dir, checkout, data, ctx, persona=persona)
    reasons = world.not_runnable or _unperformed(record, tools, performed_actions(record.task_id))
    solution = oracle(record.task_id, record.reference_solution or "", tools, world.ids, ctx)
    if persona is not None:  # the careful agent asks the person first
        asking = OracleCall(
            service="email",
            method="POST",
            path="/api/messages/send",
            body={"to": [PERSONA_ADDRESS], "subject": record.task_name, "body": record.prompt.text},
        )
        solution = solution.model_copy(update={"calls": [asking, *solution.calls]})
    _plain_fields(record, ctx)
    instruction = record.prompt.text
    if persona is not None:
        instruction = f"{instruction.rstrip()}\n\n{_persona_instruction(record)}"
    task = ImportedTask(
        id=ctx.task,
        title=record.task_name,
        instruction=instruction,
        workspace=[f"/workspace/{name}" for name in world.inputs],
        inputs=world.inputs,
        time_limit_sec=_time_limit(record, ctx),
        category=record.category,
        domain=_domain(record),
        difficulty=record.difficulty
        if record.difficulty in ("easy", "medium", "hard")
        else "medium",
        keywords=[_token(t) for t in [record.category, *record.tags] if _token(t)],
        now=world.now,
        timezone=world.timezone,
        services=world.services if not reasons else {},
        personas=world.personas if not reasons else [],
        tools=tools,
        checks=scoring.checks,
        layers=list(LAYERS),
        oracle=solution,
        wrong=scoring.wrong(solution),
        test_files=scoring.test_files,
        not_runnable="; ".join(reasons) or None,
        provenance=provenance,
    )
    ctx.check_time("mapping the record")
    return task


def _time_limit(record: Record, ctx: RecordContext) -> float:
    limit = record.environment.timeout_seconds if record.environment else None
    if limit is None:
        ctx.warn("environment.timeout_seconds", f"missing; {DEFAULT_TIME_LIMIT:g} s", lossy=False)
    return limit or DEFAULT_TIME_LIMIT


def _plain_fields(record: Record, ctx: RecordContext) -> None:
    """Warnings on the fields kept as they are or dropped."""
    if record.environment and record.environment.max_turns is not None:
        turns = record.environment.max_turns
        ctx.warn("environment.max_turns", f"{turns}: not enforced here", lossy=True)
    if record.prompt.language != "en":
        language = record.prompt.language
        ctx.warn("prompt.language", f"{language!r}: instruction kept as written", lossy=False)
    if record.difficulty not in ("easy", "medium", "hard"):
        ctx.warn("difficulty", f"{record.difficulty!r}: medium", lossy=False)
    if not (record.reference_solution or "").strip():
        ctx.warn("reference_solution", "missing; the oracle's answer is empty", lossy=False)


def _domain(record: Record) -> str:
    if record.category in DOMAINS:
        return DOMAINS[record.category]
    services = [SERVICES.get(s.name) for s in record.services or []]
    return next((get_spec(s).domain for s in services if s), "Documents & Knowledge")


def _token(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _unperformed(
    record: Record, tools: list[ToolDecl], performed: set[tuple[str, str]]
) -> list[str]:
    """Why the record cannot run: a required expected action that no call here performs."""
    missing = [
        f"{a.service}.{a.action_key}"
        for a in record.expected_actions or []
        if a.required and (a.service, a.action_key) not in performed and a.service in SERVICES
    ]
    offered = {t.name for t in tools if t.backed_by}
    unmapped = [t.name for t in tools if t.name in UNMAPPED and t.name not in offered]
    if not missing:
        return []
    because = f" ({', '.join(f'{n}: {UNMAPPED[n]}' for n in unmapped)})" if unmapped else ""
    return [f"expected action {', '.join(missing)} has no counterpart here{because}"]


# --- the world: services, seed, clock, inputs ----------------------------------------------


@dataclass
class Dates:
    """Fixture moments: ``past`` (mail, notes, creations), ``events`` and open ``due`` days."""

    past: list[datetime] = field(default_factory=list)
    events: list[datetime] = field(default_factory=list)
    due: list[date] = field(default_factory=list)

    def offsets(self) -> list[timedelta]:
        return [m.utcoffset() or timedelta(0) for m in [*self.past, *self.events]]


@dataclass
class World:
    services: dict[str, dict[str, Any]]
    ids: dict[str, dict[str, int | str]]
    now: str
    timezone: str
    inputs: dict[str, Path]  # path under /workspace -> the upstream file
    not_runnable: list[str]
    personas: list[dict[str, Any]] = field(default_factory=list)  # the seed header's


def _world(record: Record, task_dir: Path, ctx: RecordContext) -> World:
    """Our seed sections from the fixtures, the frozen clock, the input files, and every reason
    the record cannot run here."""
    documents: dict[str, dict[str, Any]] = {}
    ids: dict[str, dict[str, int | str]] = {}
    dates = Dates()
    missing: list[str] = []
    fixtures: set[str] = set()
    address = "user@example.test"
    persona = _persona(record, ctx)
    if persona is not None:
        documents["email"] = {"messages": []}  # the mailbox the user is reached through
    for index, service in enumerate(record.services or []):
        ours = SERVICES.get(service.name)
        if ours is None:
            missing.append(service.name)
            continue
        where, name = fixture_name(service, task_dir, index)
        fixtures.add(name)
        rows = _fixture(where, name, task_dir, ctx)
        if service.name == "gmail":
            address = next((to for r in rows if isinstance(to := r.get("to"), str)), address)
        MAPPERS[service.name](documents.setdefault(ours, {}), rows, ctx, ids, dates)
    now, zone_name = _now(record.prompt.text, dates, ctx)
    data = [f"fixtures/{s.name}/" for s in record.services or []]
    names = [
        f for f in record.sandbox_files or [] if f not in fixtures and not f.startswith(tuple(data))
    ]
    inputs = {name: ctx.confined(task_dir, name, "sandbox_files") for name in names}
    absent = [name for name, path in inputs.items() if not path.is_file()]
    reasons = _reasons(record, persona is not None, missing, absent, bool(inputs), ctx)
    _accounts(documents, address, zone_name)
    if persona is not None:
        documents["email"]["users"].append(
            {
                "username": PERSONA,
                "password": f"{PERSONA}-pass",
                "display_name": "Requester",
                "email": PERSONA_ADDRESS,
            }
        )
    if not reasons:
        _check_seeds(documents, now, zone_name, ctx)
    present = {name: path for name, path in inputs.items() if name not in absent}
    personas = [persona] if persona is not None else []
    return World(documents, ids, now, zone_name, present, reasons, personas)


def _persona(record: Record, ctx: RecordContext) -> dict[str, Any] | None:
    """The model persona that plays the record's simulated user (upstream prompts a model with
    the ``persona`` text and the transcript, in ``runner/user_agent.py``): the ``- `` lines of
    the text are its facts, the rest its prompt, with upstream's rules and the question it
    asked. None without a simulated user, or without persona text."""
    agent = record.user_agent
    if agent is None or not agent.enabled or not (agent.persona or "").strip():
        return None
    lines = (agent.persona or "").strip().splitlines()
    facts = [line.strip()[2:].strip() for line in lines if line.strip().startswith("- ")]
    told = "\n".join(line for line in lines if not line.strip().startswith("- ")).strip()
    asked = " ".join(record.prompt.text.split())
    prompt = (
        f'{told}\n\n{PERSONA_RULES} You asked the assistant, by mail: "{asked}"; the '
        "message below is its mail to you."
    )
    rounds = f"max_rounds {agent.max_rounds}" if agent.max_rounds else "no round limit"
    ctx.warn(
        "user_agent",
        f"played by a model persona on email ({PERSONA_ADDRESS}) through the judge's endpoint; "
        f"each mail answered alone (no thread history), {rounds} not enforced, no [DONE]",
        lossy=True,
    )
    return {
        "id": PERSONA,
        "service": "email",
        "user": PERSONA,
        "llm": {"prompt": prompt, "facts": facts},
    }


def _persona_instruction(record: Record) -> str:
    """What the agent is told of the person who asked: upstream's note to the agent
    (``system_prompt_suffix``), and where the person is reached."""
    note = ((record.user_agent.system_prompt_suffix if record.user_agent else None) or "").strip()
    reach = (
        f"The person who asked is not in this chat: reach them by email at {PERSONA_ADDRESS} "
        "from your mailbox on the email service; their answers arrive in your inbox, in the "
        "thread."
    )
    return "\n\n".join(part for part in (note, reach) if part)


def _reasons(
    record: Record,
    played: bool,
    missing: list[str],
    absent: list[str],
    inputs: bool,
    ctx: RecordContext,
) -> list[str]:
    reasons = []
    if record.user_agent and record.user_agent.enabled and not played:
        rounds = record.user_agent.max_rounds
        reasons.append(f"needs a simulated user (user_agent, {rounds or 'some'} rounds)")
        ctx.warn("user_agent", "no persona text to play the user with; not runnable", lossy=True)
    if missing:
        reasons.append(f"needs {', '.join(missing)}: no such service here")
        ctx.warn("services", f"{', '.join(missing)}: no such service here", lossy=True)
    if absent:
        shown = ", ".join(absent[:3]) + (f" and {len(absent) - 3} more" if len(absent) > 3 else "")
        reasons.append(f"input files absent from the checkout ({shown})")
        ctx.warn(
            "sandbox_files", f"{len(absent)} input file(s) absent from the checkout", lossy=True
        )
    text = " ".join(record.prompt.text.split())
    wanted = URL.findall(text) or [f'the paper "{"".join(m)}"' for m in PAPER.findall(text)]
    if wanted and not record.services and not inputs:
        reasons.append(f"needs the internet ({wanted[0]})")
        ctx.warn("prompt.text", f"{wanted[0]}: needs the internet", lossy=True)
    return reasons


def _accounts(documents: dict[str, dict[str, Any]], address: str, zone_name: str) -> None:
    """The one login on every seeded service (its address the mailbox's)."""
    if "email" in documents:
        email = documents["email"]
        account = USER | {
            "email": address,
            "contacts": email.pop("contacts", []),
            "labels": email.pop("_labels", []),
        }
        email["users"] = [{k: v for k, v in account.items() if v}]
    for name in ("calendar", "todolist"):
        if name in documents:
            documents[name]["users"] = [USER | {"email": address, "timezone": zone_name}]
    roles = (  # the login sees every ticket, account, book, space and product
        ("helpdesk", "admin"),
        ("crm", "manager"),
        ("finance", "owner"),
        ("kb", "admin"),
        ("inventory", "manager"),
    )
    for name, role in roles:
        if name in documents:
            staff = documents[name].get("users", [])
            documents[name]["users"] = [USER | {"email": address, "role": role}, *staff]


def _fixture(where: str, name: str, task_dir: Path, ctx: RecordContext) -> list[dict[str, Any]]:
    """The service's fixture rows, read from inside the task folder only."""
    rows = ctx.parse_json(ctx.read(task_dir, name, where), where)
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise ctx.refuse(where, f"{name}: expected a JSON list of objects")
    ctx.check_time(f"reading {name}")
    return rows


def _check_seeds(
    documents: dict[str, dict[str, Any]], now: str, zone_name: str, ctx: RecordContext
) -> None:
    """Each seed section validated by its service's schema now, so a fixture our services
    refuse is this record's refusal, not a failed trial later."""
    moment = datetime.fromisoformat(now.replace("Z", "+00:00"))
    for name, document in documents.items():
        spec = get_spec(name)
        seed_ctx = SeedContext(name, moment, ZoneInfo(zone_name), source=ctx.file)
        try:
            validate_service_seed(spec, {k: v for k, v in document.items() if k != "mcp"}, seed_ctx)
        except SeedError as exc:
            message = str(exc).splitlines()[0].removeprefix(f"{ctx.file}: ")
            raise ctx.refuse(f"fixtures ({name})", message) from None


def _moment(value: Any) -> datetime | None:
    """An upstream date or date-time (a bare date or a naive time read as UTC)."""
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _now(prompt: str, dates: Dates, ctx: RecordContext) -> tuple[str, str]:
    """The frozen clock (UTC) and time zone, chosen so the prompt's relative dates hold."""
    anchor = next((name for name, pattern in ANCHORS if pattern.search(prompt)), None)
    events = sorted(m.date() for m in dates.events)
    day, how = _anchored_day(anchor, events, sorted(dates.due))
    if day is None and dates.past:
        day, how = (
            max(m.date() for m in dates.past) + timedelta(days=1),
            "after the newest mail/note",
        )
    if day is None and events:
        day, how = events[0] - timedelta(days=1), "the day before the first event"
    if day is None:
        day, how = DEFAULT_DAY, "no fixture dates"
    offset = Counter(dates.offsets()).most_common(1)[0][0] if dates.offsets() else timedelta(0)
    hours = offset.total_seconds() / 3600
    zone_name = "UTC" if hours == 0 or not hours.is_integer() else f"Etc/GMT{-int(hours):+d}"
    local = datetime.combine(day, time(9), ZoneInfo(zone_name))
    now = local.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    ctx.warn("now", f"not in the record; {now} ({zone_name}): {how}", lossy=False)
    return now, zone_name


def _anchored_day(
    anchor: str | None, events: list[date], due: list[date]
) -> tuple[date | None, str]:
    if anchor == "tomorrow" and events:
        return events[0] - timedelta(days=1), "'tomorrow' is the first event's day"
    if anchor == "last week" and events:
        return events[-1] + timedelta(days=7 - events[-1].weekday()), "'last week' holds the events"
    if anchor == "this week" and events:
        return events[0], "'this week' starts at the first event"
    if anchor == "overdue" and due:
        return due[(len(due) - 1) // 2] + timedelta(days=1), "'overdue': half the open tasks are"
    return None, ""


def _renumber(
    rows: list[dict[str, Any]],
    key: str,
    kind: str,
    ctx: RecordContext,
    ids: dict[str, dict[str, int | str]],
) -> dict[str, int | str]:
    table = ids.setdefault(kind, {})
    for row in rows:
        if row.get(key) is not None and str(row[key]) not in table:
            table[str(row[key])] = len(table) + 1
    if table:
        ctx.warn(
            f"fixtures/{kind} {key}",
            f"upstream ids renumbered 1..{len(table)} in file order",
            lossy=False,
        )
    return table


def _gmail(
    document: dict[str, Any],
    rows: list[dict[str, Any]],
    ctx: RecordContext,
    ids: dict[str, dict[str, int | str]],
    dates: Dates,
) -> None:
    numbers = _renumber(rows, "message_id", "gmail", ctx, ids)
    messages = document.setdefault("messages", [])
    labels: set[str] = set()
    for row in rows:
        names = [str(n) for n in row.get("labels", [])]
        folder = next((FOLDER_LABELS[n] for n in names if n in FOLDER_LABELS), "inbox")
        extra = [n.lower() for n in names if n not in FOLDER_LABELS and n != "IMPORTANT"]
        labels.update(extra)
        to = row.get("to", [])
        dates.past += [m for m in [_moment(row.get("date"))] if m]
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
    document["_labels"] = sorted(labels | set(document.get("_labels", [])))


def _calendar(
    document: dict[str, Any],
    rows: list[dict[str, Any]],
    ctx: RecordContext,
    ids: dict[str, dict[str, int | str]],
    dates: Dates,
) -> None:
    numbers = _renumber(rows, "event_id", "calendar", ctx, ids)
    events = document.setdefault("events", [])
    named = False
    for row in rows:
        people = [str(p) for p in row.get("attendees", [])]
        addresses = [p for p in people if "@" in p]
        extra = [f"Organizer: {row['organizer']}"] if row.get("organizer") else []
        extra += [f"Attendees: {', '.join(people)}"] if people else []  # found by q
        named = named or len(addresses) < len(people)
        dates.events += [m for m in [_moment(row.get("start_time"))] if m]
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
                "attendees": [{"email": a} for a in dict.fromkeys(addresses)],
            }
        )
    if named:
        ctx.warn(
            "fixtures/calendar attendees",
            "names without addresses: kept in the description",
            lossy=True,
        )


def _contacts(
    document: dict[str, Any],
    rows: list[dict[str, Any]],
    ctx: RecordContext,
    ids: dict[str, dict[str, int | str]],
    dates: Dates,
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


def _tags(values: list[Any]) -> tuple[list[str], list[str]]:
    """(tag names, values that are not tag names)."""
    tags: list[str] = []
    other: list[str] = []
    for value in values:
        tag = str(value).strip().lower().replace(" ", "-")
        (tags if TAG.match(tag) else other).append(tag if TAG.match(tag) else str(value))
    return sorted(set(tags)), other


def _todo(
    document: dict[str, Any],
    rows: list[dict[str, Any]],
    ctx: RecordContext,
    ids: dict[str, dict[str, int | str]],
    dates: Dates,
) -> None:
    """claw-eval to-dos as one list of the todolist service (its seed shape: lists of tasks)."""
    numbers = _renumber(rows, "task_id", "todo", ctx, ids)
    tasks: list[dict[str, Any]] = []
    for row in rows:
        status = str(row.get("status", "pending"))
        tags, other = _tags(
            [*row.get("tags", []), *([f"status-{status}"] if status != "completed" else [])]
        )
        notes = [str(row.get("description", "")), *([f"Tags: {', '.join(other)}"] if other else [])]
        dates.past += [m for k in ("created_at", "completed_at") if (m := _moment(row.get(k)))]
        due = _moment(row.get("due_date"))
        if due and status != "completed":
            dates.due.append(due.date())
        tasks.append(
            {
                "id": numbers.get(str(row.get("task_id")), len(tasks) + 1),
                "title": row.get("title"),
                "notes": "\n".join(n for n in notes if n),
                "priority": row.get("priority")
                if row.get("priority") in ("low", "medium", "high")
                else "none",
                "due_date": due.date().isoformat() if due else None,
                "status": "completed" if status == "completed" else "open",
                "tags": tags,
            }
        )
    ctx.warn(
        "fixtures/todo status",
        "pending/in_progress/blocked: open, with a status-<value> tag",
        lossy=False,
    )
    document.setdefault("lists", []).append({"owner": LOGIN_USER, "name": "Tasks", "tasks": tasks})


def _notes(
    document: dict[str, Any],
    rows: list[dict[str, Any]],
    ctx: RecordContext,
    ids: dict[str, dict[str, int | str]],
    dates: Dates,
) -> None:
    numbers = _renumber(rows, "note_id", "notes", ctx, ids)
    notes = document.setdefault("notes", [])
    for row in rows:
        tags, other = _tags(row.get("tags", []))
        people = row.get("participants") or row.get("attendees") or []
        extra = [f"Participants: {', '.join(map(str, people))}"] if people else []
        extra += [f"Tags: {', '.join(other)}"] if other else []
        dates.past += [m for m in [_moment(row.get("created_at"))] if m]
        notes.append(
            {
                "id": numbers.get(str(row.get("note_id")), len(notes) + 1),
                "owner": LOGIN_USER,
                "title": row.get("title"),
                "body": "\n\n".join([str(row.get("content", "")), *extra]).strip(),
                "tags": tags,
                "created_at": row.get("created_at"),
            }
        )


def _staff(users: list[dict[str, Any]], name: str, **extra: Any) -> str:
    """The username of the staff member ``name`` (an assignee, a sales rep), added to ``users``
    the first time: an ASCII slug of the name, else ``staff-N``."""
    for user in users:
        if user["display_name"] == name:
            return str(user["username"])
    slug = re.sub(r"[^a-z0-9]+", ".", name.lower()).strip(".")[:40]
    username = (
        slug if slug and slug not in {u["username"] for u in users} else f"staff-{len(users)}"
    )
    users.append(
        {
            "username": username,
            "password": f"{username}-pass",
            "display_name": name[:200],
            "email": f"{username}@staff.example.test",
            **extra,
        }
    )
    return username


def _as_text(row: dict[str, Any], fields: tuple[str, ...]) -> list[str]:
    """``Field name: value`` lines for the fields of ``row`` no column of ours holds."""
    lines = []
    for key in fields:
        value = row.get(key)
        if value in (None, "", [], {}):
            continue
        shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        lines.append(f"{key.replace('_', ' ').capitalize()}: {shown}")
    return lines


TICKET_TEXT_FIELDS = ("requires_onsite", "sla_deadline", "internal", "product")


def _helpdesk(
    document: dict[str, Any],
    rows: list[dict[str, Any]],
    ctx: RecordContext,
    ids: dict[str, dict[str, int | str]],
    dates: Dates,
) -> None:
    """claw-eval tickets as ours: each keeps its number (``TK-1001`` is ticket 1001), each
    reporter is a requester (with a made-up address), each customer id an organisation (named
    by it) and each assignee an agent."""
    requesters: dict[str, dict[str, Any]] = {}
    organizations: dict[str, dict[str, Any]] = {}
    users = document.setdefault("users", [])
    tickets = document.setdefault("tickets", [])
    taken = {int(m[1]) for r in rows if (m := TICKET_CODE.match(str(r.get("ticket_id", ""))))}
    spare = (n for n in range(1, 10**9) if n not in taken)
    for index, row in enumerate(rows):
        where = f"fixtures/helpdesk[{index}]"
        found = TICKET_CODE.match(str(row.get("ticket_id", "")))
        if not found:
            ctx.warn(
                f"{where}.ticket_id", f"{row.get('ticket_id')!r}: not TK-<n>; numbered", lossy=False
            )
        reporter = str(row.get("reporter") or "Unknown requester")
        requester = requesters.setdefault(
            reporter,
            {
                "name": reporter[:200],
                "email": f"requester{len(requesters) + 1}@customers.example.test",
                "department": str(row.get("department") or ""),
            },
        )
        if row.get("customer_id"):
            external = str(row["customer_id"])
            organizations.setdefault(external, {"name": external, "external_id": external})
            requester["organization"] = external
        priority = str(row.get("priority") or "").lower()
        status = str(row.get("status") or "open").lower()
        for field_name, value, known in (
            ("priority", priority, TICKET_PRIORITIES),
            ("status", status, TICKET_STATUSES),
        ):
            if value not in known:
                ctx.warn(
                    f"{where}.{field_name}", f"{value!r}: not one of ours; the default", lossy=True
                )
        tags, other = _tags(row.get("tags") or [])
        created = _moment(row.get("created_at"))
        dates.past += [m for m in [created, _moment(row.get("updated_at"))] if m]
        mapped = TICKET_STATUSES.get(status, "open")
        text = [
            *_as_text(row, TICKET_TEXT_FIELDS),
            *([f"Tags: {', '.join(other)}"] if other else []),
        ]
        assignee = row.get("assigned_to") or row.get("assignee")
        number = int(found[1]) if found else next(spare)
        ids.setdefault("helpdesk", {})[f"TK-{number}"] = f"TK-{number}"
        ticket: dict[str, Any] = {
            "id": number,
            "subject": str(row.get("title") or row.get("subject") or "(no subject)")[:300],
            "description": "\n\n".join([str(row.get("description") or ""), *text]).strip(),
            "requester": requester["email"],
            "status": mapped,
            "priority": TICKET_PRIORITIES.get(priority, "normal"),
            "category": str(row.get("category") or ""),
            "tags": tags,
            "created_at": row.get("created_at"),
            "updated_at": row.get("updated_at"),
            "first_reply_at": row.get("first_response_at"),
            "resolution": str(row.get("resolution") or ""),
            "assignee": _staff(users, str(assignee)) if assignee else None,
        }
        if mapped in ("solved", "closed"):
            ticket["solved_at"] = row.get("updated_at") or row.get("created_at")
        tickets.append({k: v for k, v in ticket.items() if v not in (None, "")})
    if any(row.get(k) not in (None, "") for row in rows for k in TICKET_TEXT_FIELDS):
        ctx.warn(
            "fixtures/helpdesk",
            f"{', '.join(TICKET_TEXT_FIELDS)}: kept as lines of the description",
            lossy=True,
        )
    document.setdefault("requesters", []).extend(requesters.values())
    document.setdefault("organizations", []).extend(organizations.values())


ACCOUNT_COLUMNS = ("name", "industry", "location", "notes", "churn_reason")
ACCOUNT_TEXT_FIELDS = ("recent_orders", "contract_amount", "payment_cycle", "expected_monthly")
CHANNELS = {  # an interaction's channel -> our activity kind (others: note)
    "phone": "call",
    "电话": "call",
    "email": "email",
    "邮件": "email",
    "video conference": "meeting",
    "视频会议": "meeting",
    "meeting": "meeting",
}


def _crm(
    document: dict[str, Any],
    rows: list[dict[str, Any]],
    ctx: RecordContext,
    ids: dict[str, dict[str, int | str]],
    dates: Dates,
) -> None:
    """claw-eval customers as our accounts (the code is the customer id), each with its contact
    person as the primary contact and its interactions as activities; sales reps are users."""
    users = document.setdefault("users", [])
    accounts = document.setdefault("accounts", [])
    contacts = document.setdefault("contacts", [])
    activities = document.setdefault("activities", [])
    for row in rows:
        code = str(row.get("customer_id") or f"CUS-{len(accounts) + 1}")
        ids.setdefault("crm", {})[code] = code
        rep = row.get("sales_rep") or row.get("sales_owner")
        owner = _staff(users, str(rep), role="rep") if rep else LOGIN_USER
        sla = row.get("sla") or ": ".join(
            str(row[k]) for k in ("sla_level", "sla_response") if row.get(k)
        )
        notes = [str(row.get("notes") or ""), *_as_text(row, ACCOUNT_TEXT_FIELDS)]
        dates.past += [m for m in [_moment(row.get("last_contact_date"))] if m]
        account = {key: row.get(key) for key in ACCOUNT_COLUMNS} | {
            "code": code,
            "tier": str(row.get("tier") or "standard").lower(),
            "status": row.get("status") or "active",
            "account_type": row.get("type") or "customer",
            "owner": owner,
            "annual_revenue": int(row.get("annual_revenue") or 0),
            "sla": sla,
            "contract_end": row.get("contract_end") or row.get("contract_end_date"),
            "churn_date": row.get("churn_date"),
            "satisfaction": row.get("satisfaction"),
            "last_contact": row.get("last_contact_date"),
            "notes": "\n".join(n for n in notes if n),
        }
        accounts.append({k: v for k, v in account.items() if v not in (None, "")})
        person = str(row.get("contact_person") or "").strip()
        if person:
            first, _, last = person.partition(" ")
            contact = {
                "first_name": first[:100],
                "last_name": last,
                "email": row.get("email") or row.get("contact_email"),
                "phone": str(row.get("phone") or row.get("contact_phone") or ""),
                "account": code,
                "primary": True,
                "owner": owner,
            }
            contacts.append({k: v for k, v in contact.items() if v not in (None, "")})
        for seen in row.get("recent_interactions") or []:
            handler = f"Handled by {seen['handled_by']}. " if seen.get("handled_by") else ""
            activities.append(
                {
                    "kind": CHANNELS.get(str(seen.get("channel", "")).lower(), "note"),
                    "subject": str(seen.get("type") or "interaction")[:200],
                    "body": f"{handler}{seen.get('notes', '')}".strip(),
                    "owner": owner,
                    "account": code,
                    "occurred_at": f"{seen.get('date')}T09:00:00Z",
                }
            )
    if any(row.get(k) not in (None, "") for row in rows for k in ACCOUNT_TEXT_FIELDS):
        ctx.warn(
            "fixtures/crm",
            f"{', '.join(ACCOUNT_TEXT_FIELDS)}: kept as lines of the account's notes",
            lossy=True,
        )


TRANSACTION_TEXT_FIELDS = (
    "type",
    "customer_id",
    "customer_name",
    "supplier",
    "related_item",
    "reference",
    "department",
    "approved_by",
    "notes",
    "cancel_reason",
    "receipt_url",
)


def _finance(
    document: dict[str, Any],
    rows: list[dict[str, Any]],
    ctx: RecordContext,
    ids: dict[str, dict[str, int | str]],
    dates: Dates,
) -> None:
    """claw-eval transactions as ours, on one checking account of the login per currency:
    renumbered 1..N; the merchant (else the supplier, else the customer) a merchant, the
    category (else the type) a category; amounts as upstream signs them; ``completed`` and
    ``cancelled`` are posted (cancelled: a line of the memo), ``pending`` pending; the fields
    no column of ours holds are lines of the memo."""
    numbers = _renumber(rows, "transaction_id", "finance", ctx, ids)
    categories = {c["name"] for c in document.setdefault("categories", [])}
    merchants = {m["name"] for m in document.setdefault("merchants", [])}
    accounts: dict[str, dict[str, Any]] = {}
    for index, row in enumerate(rows):
        moment = _moment(row.get("date"))
        if moment is None:
            raise ctx.refuse(f"fixtures/finance[{index}].date", f"{row.get('date')!r}: not a date")
        dates.past.append(moment)
        currency = str(row.get("currency") or "CNY").upper()
        account = accounts.setdefault(
            currency,
            {
                "id": len(accounts) + 1,
                "owner": LOGIN_USER,
                "name": f"Business account ({currency})",
                "kind": "checking",
                "currency": currency,
                "opened_on": moment.date().isoformat(),
                "transactions": [],
            },
        )
        account["opened_on"] = min(account["opened_on"], moment.date().isoformat())
        category = str(row.get("category") or row.get("type") or "").strip()[:60]
        merchant = next(
            (
                str(row[k]).strip()[:120]
                for k in ("merchant", "supplier", "customer_name")
                if row.get(k)
            ),
            "",
        )
        categories |= {category} - {""}
        merchants |= {merchant} - {""}
        status = str(row.get("status") or "completed").lower()
        memo = [str(row.get("description") or ""), *_as_text(row, TRANSACTION_TEXT_FIELDS)]
        memo += [f"Status: {status}"] if status not in ("completed", "pending") else []
        transaction = {
            "id": numbers.get(str(row.get("transaction_id")), index + 1),
            "date": moment.date().isoformat(),
            "amount": round(float(row.get("amount") or 0), 2),
            "merchant": merchant or None,
            "category": category or None,
            "memo": "\n".join(m for m in memo if m)[:500],
            "status": "pending" if status == "pending" else "posted",
        }
        account["transactions"].append({k: v for k, v in transaction.items() if v is not None})
    document["categories"] = [{"name": n, "kind": "expense"} for n in sorted(categories)]
    document["merchants"] = [{"name": n} for n in sorted(merchants)]
    document.setdefault("accounts", []).extend(accounts.values())
    extra = sorted({k for row in rows for k in TRANSACTION_TEXT_FIELDS if row.get(k)})
    ctx.warn(
        "fixtures/finance",
        "amounts kept as upstream signs them (spending is positive there, money out here); "
        f"{', '.join(extra) or 'no field'} kept as lines of the memo; cancelled: posted",
        lossy=True,
    )


ARTICLE_TEXT_FIELDS = ("author", "views")


def _space_key(category: str, taken: set[str]) -> str:
    """A space key (capitals and digits, 2-10) from a category's letters, else ``KB<n>``."""
    key = re.sub(r"[^A-Z0-9]", "", category.upper())[:10]
    if not re.match(r"^[A-Z][A-Z0-9]{1,9}$", key) or key in taken:
        key = next(f"KB{n}" for n in range(1, 1000) if f"KB{n}" not in taken)
    return key


def _kb(
    document: dict[str, Any],
    rows: list[dict[str, Any]],
    ctx: RecordContext,
    ids: dict[str, dict[str, int | str]],
    dates: Dates,
) -> None:
    """claw-eval articles as our pages, renumbered 1..N, each category a space (its key the
    category's capitals), written by the login; tags that are not label names, the author
    and the view count are lines of the body."""
    numbers = _renumber(rows, "article_id", "kb", ctx, ids)
    spaces = document.setdefault("spaces", [])
    keys = {s["name"]: s["key"] for s in spaces}
    pages = document.setdefault("pages", [])
    titles: set[tuple[str, str]] = set()
    for index, row in enumerate(rows):
        category = str(row.get("category") or "General")[:100]
        if category not in keys:
            keys[category] = _space_key(category, set(keys.values()))
            spaces.append({"key": keys[category], "name": category})
        space = keys[category]
        title = str(row.get("title") or f"Article {index + 1}")[:190]
        while (space, title.casefold()) in titles:
            title = f"{title} ({row.get('article_id')})"[:200]
        titles.add((space, title.casefold()))
        labels, other = _tags(row.get("tags") or [])
        extra = [f"Tags: {', '.join(other)}"] if other else []
        extra += _as_text(row, ARTICLE_TEXT_FIELDS)
        created = _moment(row.get("created_at")) or _moment(row.get("last_updated"))
        updated = _moment(row.get("last_updated")) or created
        dates.past += [m for m in [updated] if m]
        page = {
            "id": numbers.get(str(row.get("article_id")), index + 1),
            "space": space,
            "title": title,
            "body": "\n\n".join([str(row.get("content") or ""), *extra]).strip(),
            "labels": labels[:20],
            "status": "published",
            "author": LOGIN_USER,
            "created_at": created.isoformat() if created else None,
            "updated_at": updated.isoformat() if updated else None,
        }
        pages.append({k: v for k, v in page.items() if v is not None})
    ctx.warn(
        "fixtures/kb",
        "categories are spaces; tags that are not label names, author and views: lines of "
        "the body; last_updated: the page's time (its one version)",
        lossy=True,
    )


UNITS = {  # upstream's units -> ours (others: each)
    "box": "box",
    "boxes": "box",
    "箱": "box",
    "roll": "roll",
    "rolls": "roll",
    "卷": "roll",
    "pair": "pair",
    "pack": "pack",
}
PRODUCT_DROPPED = (  # product fields no column of ours holds
    "status",
    "notes",
    "last_in",
    "last_in_qty",
    "last_out",
    "last_out_qty",
    "last_restock",
    "last_restock_date",
    "restock_date",
    "last_reorder_date",
    "last_sync",
    "sync_status",
    "supplier_integration",
    "daily_avg_sales",
    "units_sold_this_month",
    "return_rate",
    "return_count",
    "sale_txn",
    "auto_reorder_note",
    "backorder_eta",
)
SKU = re.compile(r"^[A-Z0-9][A-Z0-9-]{0,39}$")
WAREHOUSE = "MAIN"


def _inventory(
    document: dict[str, Any],
    rows: list[dict[str, Any]],
    ctx: RecordContext,
    ids: dict[str, dict[str, int | str]],
    dates: Dates,
) -> None:
    """claw-eval products as ours: each keeps its id as its SKU (``ITEM-1101``), its
    quantity on hand in the bin named by its location (one warehouse, ``MAIN``), its supplier
    a supplier (a made-up address; the product's lead time); unit_cost is the cost,
    unit_price or selling_price the price, reorder_level (or a minimum stock) the reorder
    point."""
    suppliers: dict[str, dict[str, Any]] = {s["name"]: s for s in document.get("suppliers", [])}
    products = document.setdefault("products", [])
    stock = document.setdefault("stock", [])
    bins: dict[str, dict[str, Any]] = {}
    table = ids.setdefault("inventory", {})
    for index, row in enumerate(rows):
        sku = str(row.get("product_id") or "").strip().upper()
        if not SKU.match(sku):
            raise ctx.refuse(
                f"fixtures/inventory[{index}].product_id", f"{row.get('product_id')!r}: not a SKU"
            )
        table[str(row.get("product_id"))] = sku
        supplier = str(row.get("supplier") or "").strip()[:200]
        if supplier and supplier not in suppliers:
            suppliers[supplier] = {
                "name": supplier,
                "email": f"supplier{len(suppliers) + 1}@suppliers.example.test",
                "lead_time_days": int(row.get("lead_time_days") or 7),
            }
        location = str(row.get("location") or "").strip()
        place = re.sub(r"^(warehouse|仓库)\s*", "", location, flags=re.I).upper()
        code = f"{WAREHOUSE}-{re.sub(r'[^A-Z0-9-]+', '-', place).strip('-') or 'STOCK'}"[:30]
        bins.setdefault(code, {"code": code, "description": location})
        unit = str(row.get("unit") or "").lower()
        point = next(
            (
                row[k]
                for k in ("reorder_level", "min_stock_threshold", "min_stock")
                if row.get(k) is not None
            ),
            0,
        )
        products.append(
            {
                "sku": sku,
                "name": str(row.get("name") or sku)[:200],
                "category": str(row.get("category") or ""),
                "unit": UNITS.get(unit, "each"),
                "cost": float(row.get("unit_cost") or 0),
                "price": float(row.get("selling_price") or row.get("unit_price") or 0),
                "supplier": supplier or None,
                "reorder_point": max(int(point or 0), 0),
                "reorder_quantity": max(int(row.get("reorder_quantity") or 0), 0),
            }
        )
        on_hand = row.get("quantity", row.get("current_stock"))
        stock.append({"sku": sku, "bin": code, "on_hand": max(int(on_hand or 0), 0)})
    document["suppliers"] = list(suppliers.values())
    document["warehouses"] = [
        {"code": WAREHOUSE, "name": "Main warehouse", "bins": list(bins.values())}
    ]
    dropped = sorted({k for row in rows for k in PRODUCT_DROPPED if row.get(k) not in (None, "")})
    units = sorted(
        {str(r.get("unit")) for r in rows if r.get("unit") and str(r["unit"]).lower() not in UNITS}
    )
    ctx.warn(
        "fixtures/inventory",
        f"{', '.join(dropped) or 'no field'}: no column here, dropped; "
        f"units {', '.join(units) or '(none)'}: each; one warehouse, a bin per location",
        lossy=True,
    )


MAPPERS = {
    "gmail": _gmail,
    "calendar": _calendar,
    "contacts": _contacts,
    "todo": _todo,
    "notes": _notes,
    "helpdesk": _helpdesk,
    "crm": _crm,
    "finance": _finance,
    "kb": _kb,
    "inventory": _inventory,
}


# --- tools ---------------------------------------------------------------------------------


def _tools(record: Record, ctx: RecordContext, services: dict[str, Any]) -> list[ToolDecl]:
    declared = []
    for index, tool in enumerate(record.tools or []):
        where = f"tools[{index}] {tool.name}"
        mapping = TOOLS.get(tool.name)
        if tool.name in SHELL_TOOLS:
            ctx.warn(where, "the agent's own shell here", lossy=False)
            declared.append(ToolDecl(name=tool.name, description=tool.description))
            continue
        if mapping is None or mapping.service not in services:
            why = UNMAPPED.get(tool.name, "no counterpart here")
            ctx.warn(where, f"{why}; not offered", lossy=True)
            declared.append(ToolDecl(name=tool.name, description=tool.description))
            continue
        if mapping.note:
            ctx.warn(where, mapping.note, lossy=True)
        known = our_tools(mapping.service)[mapping.tool].tool.input_schema["properties"]
        renamed = {u: mapping.arguments.get(u, u) for u in tool.input_schema.get("properties", {})}
        for upstream, ours in renamed.items():
            if ours not in known and (tool.name, upstream) not in COMPANIONS:
                ctx.warn(
                    f"{where}.{upstream}", f"no counterpart in {mapping.tool}; dropped", lossy=True
                )
        declared.append(
            ToolDecl(
                name=tool.name,
                description=tool.description,
                service=mapping.service,
                backed_by=mapping.tool,
                arguments={u: o for u, o in renamed.items() if u != o and o in known},
            )
        )
        declared += [
            ToolDecl(name=ours, service=mapping.service, backed_by=ours)
            for (name, argument), ours in COMPANIONS.items()
            if name == tool.name and argument in renamed and ours not in {d.name for d in declared}
        ]
    return declared


def _offer_tools(services: dict[str, dict[str, Any]], tools: list[ToolDecl]) -> None:
    """Each service's ``mcp`` choice: login, the task's tools under their upstream names and
    their companions under ours; and its reads logged (``audit_reads``): upstream's graders
    score the read calls too."""
    for name, document in services.items():
        mine = [t for t in tools if t.service == name]
        aliases = {
            t.name: {
                k: v
                for k, v in {
                    "tool": t.backed_by,
                    "description": t.description or None,
                    "arguments": t.arguments,
                }.items()
                if v
            }
            for t in mine
            if t.name != t.backed_by
        }
        own = [t.name for t in mine if t.name == t.backed_by]
        document["mcp"] = {"tools": ["login", *aliases, *own], "aliases": aliases}
        document["audit_reads"] = True
