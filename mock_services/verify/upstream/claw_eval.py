"""claw-eval's own graders (``tasks/<id>/grader.py``) run at verify time through a
compatibility layer: the adapter writes upstream's grader code under ``tests/claw_eval/``
(``src/claw_eval/`` models and grader bases, ``tasks/<id>/grader.py`` and its peers,
``task.json``), and the kind ``claw_eval_grader`` turns our recording of the run into the
trace upstream's ``grade(messages, dispatches, task, audit_data, judge)`` reads:

- messages: the instruction (user), then, for a record whose simulated user a model persona
  plays on the email service, the conversation with it (each mail the agent sent as an
  assistant turn, each answer of the persona as a user turn marked ``[user_agent]``, as
  upstream's loop marks its simulated user's), and ``/workspace/output/answer.md`` (the final
  assistant text);
- dispatches: the services' audit logs, each request on a route of a declared tool as that
  tool (upstream name, arguments, fixture ids, attendee addresses) with its status; no
  response body;
- ``audit_data[svc]``: ``calls`` (the same requests, on the tool's upstream endpoint) and the
  listing of each mutating tool's successful calls (``sent_messages``, ``created_events``...).

The grader runs in a subprocess (``python3 -I -m`` this module): ``yaml`` and ``openai`` are
shims (the task is given as JSON; the judge client speaks the OpenAI chat protocol over
urllib to ``JUDGE_BASE_URL``), ``time.sleep`` is a no-op (judge retries cost no wall time).
Score: upstream's ``safety * completion`` (robustness, 0.2 of upstream's task score, is not
scored: a run with no tool call gets full robustness).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import types
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field

from mock_services.verify.audit import audit_log
from mock_services.verify.checkpoints import Result
from mock_services.verify.conversation import PersonaNotPlayed, require_persona_endpoint
from mock_services.verify.outputs import answer_text

if TYPE_CHECKING:
    from mock_services.core.base.schemas import AuditEntry
    from mock_services.verify.imported import ImportedCheck

KIND = "claw_eval_grader"
GRADER_TIMEOUT_SEC = 600
ROOT = "claw_eval"  # tests-relative folder of upstream's code


class ToolRoute(BaseModel):
    """A declared upstream tool and the route of ours that backs it."""

    model_config = ConfigDict(extra="forbid")
    tool: str
    upstream_service: str
    service: str
    method: str
    path: str  # with {placeholders}
    endpoint: str = ""  # upstream's endpoint path (audit ``calls``)
    arguments: dict[str, str] = {}  # our argument -> upstream's
    strings: list[str] = []  # upstream's arguments typed as one string (gmail's ``to``)


class Action(BaseModel):
    """A mutating tool whose successful calls upstream's service lists under ``key``."""

    model_config = ConfigDict(extra="forbid")
    tool: str
    upstream_service: str
    key: str


class GraderParams(BaseModel):
    """``ImportedCheck.params`` of a ``claw_eval_grader`` check."""

    model_config = ConfigDict(extra="forbid")
    task_id: str
    prompt: str
    services: list[str]  # upstream services of the task (audit_data keys)
    tools: list[ToolRoute] = []
    actions: list[Action] = []
    ids: dict[str, dict[str, str]] = {}  # id field -> our id -> upstream's
    judge: bool = False  # the grader asks the judge
    persona: str | None = None  # the email persona that plays upstream's simulated user


class Trace(BaseModel):
    """What upstream's ``grade`` reads, as JSON (upstream's own field names)."""

    messages: list[dict[str, Any]]
    dispatches: list[dict[str, Any]]
    audit_data: dict[str, dict[str, Any]]


class Scores(BaseModel):
    model_config = ConfigDict(extra="ignore")
    completion: float = Field(ge=0, le=1)
    safety: float = Field(ge=0, le=1)
    robustness: float = 0.0


def _pattern(path: str) -> re.Pattern[str]:
    return re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(path)))


def _upstream_id(field: str, value: Any, ids: dict[str, dict[str, str]]) -> Any:
    return ids.get(field, {}).get(str(value), value)


def _upstream_value(value: Any, string: bool) -> Any:
    """Our attendee objects (``{"email": ...}``) as upstream's plain addresses; a list of ours
    where upstream takes one string (our ``to`` is a list of addresses, gmail's a string)
    joined with ", "."""
    if (
        isinstance(value, list)
        and value
        and all(isinstance(v, dict) and "email" in v for v in value)
    ):
        value = [v["email"] for v in value]
    if string and isinstance(value, list) and all(isinstance(v, str) for v in value):
        return ", ".join(value)
    return value


def _request(route: ToolRoute, entry: AuditEntry, ids: dict[str, dict[str, str]]) -> dict[str, Any]:
    found = _pattern(route.path).fullmatch(entry.path)
    values = {
        k: int(v) if v.isdigit() else v for k, v in (found.groupdict() if found else {}).items()
    }
    if isinstance(entry.body, dict):
        values |= entry.body
    renamed = {route.arguments.get(k, k): v for k, v in values.items()}
    return {
        k: _upstream_value(_upstream_id(k, v, ids), k in route.strings) for k, v in renamed.items()
    }


SENDING = frozenset({"send_message", "reply", "reply_all", "forward", "send_draft"})
USER_AGENT_MARK = "[user_agent]"  # upstream's loop marks its simulated user's turns so


def _text(role: str, text: str) -> dict[str, Any]:
    return {"role": role, "content": [{"type": "text", "text": text}]}


def conversation(persona: str, entries: list[AuditEntry]) -> list[dict[str, Any]]:
    """The run's conversation with ``persona`` as upstream's messages, oldest first: each mail
    the agent sent (its body) as the assistant's turn, each answer of the persona as the user's
    turn marked ``[user_agent]``."""
    turns = []
    for entry in sorted(entries, key=lambda e: e.id):
        body = entry.body if isinstance(entry.body, dict) else {}
        if entry.via == "world":
            if entry.event and entry.event.startswith(f"{persona}/"):
                turns.append(_text("user", f"{USER_AGENT_MARK}\n{body.get('body', '')}"))
        elif entry.operation in SENDING and (entry.status or 200) < 400 and body.get("body"):
            turns.append(_text("assistant", str(body["body"])))
    return turns


def trace_of(
    params: GraderParams,
    answer: str | None,
    audit: dict[str, list[AuditEntry]],
    talk: list[dict[str, Any]] | None = None,
) -> Trace:
    """The upstream trace of a run: the conversation with the persona (``talk``), the answer
    file's text and the audited requests."""
    messages = [_text("user", params.prompt), *(talk or [])]
    if answer is not None:
        messages.append({"role": "assistant", "content": [{"type": "text", "text": answer}]})
    entries = sorted(
        ((service, e) for service, found in audit.items() for e in found), key=lambda s: s[1].at
    )
    data: dict[str, dict[str, Any]] = {s: {"calls": []} for s in params.services}
    for action in params.actions:
        data.setdefault(action.upstream_service, {"calls": []})[action.key] = []
    dispatches = []
    for service, entry in entries:
        route = next(
            (
                r
                for r in params.tools
                if r.service == service
                and r.method == entry.method
                and _pattern(r.path).fullmatch(entry.path)
            ),
            None,
        )
        if route is None:
            continue
        body = _request(route, entry, params.ids)
        status = entry.status or 200
        dispatches.append(
            {
                "tool_use_id": f"call_{entry.id}",
                "tool_name": route.tool,
                "endpoint_url": route.endpoint,
                "request_body": body,
                "response_status": status,
            }
        )
        calls = data.setdefault(route.upstream_service, {"calls": []})["calls"]
        calls.append({"endpoint": route.endpoint, "request_body": body, "response_body": None})
        for action in params.actions:
            if action.tool == route.tool and status < 400:
                data[action.upstream_service][action.key].append(body)
    return Trace(messages=messages, dispatches=dispatches, audit_data=data)


def _tests_dir() -> Path:
    return Path(sys.argv[0]).resolve().parent


def _grader(check: ImportedCheck) -> Result:
    params = GraderParams.model_validate(check.params)
    if params.judge and not (os.environ.get("JUDGE_BASE_URL") and os.environ.get("JUDGE_API_KEY")):
        return Result(0.0, "the grader asks the judge; no judge configured", scored=False)
    talk = None
    if params.persona is not None:
        try:
            require_persona_endpoint("email")
        except PersonaNotPlayed as exc:
            return Result(0.0, str(exc), scored=False)
        talk = conversation(params.persona, audit_log("email"))
    audit = {r.service: audit_log(r.service) for r in params.tools}
    trace = trace_of(params, answer_text(), audit, talk)
    scores, why = run_grader(_tests_dir() / ROOT, trace)
    if scores is None:
        return Result(0.0, why, scored=False)
    return Result(round(scores.safety * scores.completion, 4), why)


def run_grader(root: Path, trace: Trace) -> tuple[Scores | None, str]:
    """Upstream's grader under ``root`` on ``trace``, in a subprocess; (None, why) when it
    fails or times out."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
        file.write(trace.model_dump_json())
    try:
        done = subprocess.run(
            [sys.executable, "-I", "-m", __name__, str(root), file.name],
            capture_output=True,
            text=True,
            timeout=GRADER_TIMEOUT_SEC,
        )
    except subprocess.TimeoutExpired:
        return None, f"upstream's grader ran over {GRADER_TIMEOUT_SEC} s"
    finally:
        os.unlink(file.name)
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        return None, f"upstream's grader failed: {done.stderr.strip()[-400:]}"
    scores = Scores.model_validate_json(lines[-1])
    return scores, (
        f"upstream: completion {scores.completion:.2f}, safety {scores.safety:.1f}, "
        f"robustness {scores.robustness:.2f} left out of the reward"
    )


KINDS = {KIND: _grader}


# --- the subprocess: upstream's grader with shims for what the container lacks --------------


class _Reply(types.SimpleNamespace):
    """An OpenAI SDK object: attributes over the JSON answer."""


def _reply(value: Any) -> Any:
    if isinstance(value, dict):
        return _Reply(**{k: _reply(v) for k, v in value.items()})
    if isinstance(value, list):
        return [_reply(v) for v in value]
    return value


class _Completions:
    def __init__(self, base_url: str, api_key: str) -> None:
        self.base_url, self.api_key = base_url.rstrip("/"), api_key

    def create(self, **request: Any) -> Any:
        from urllib.request import Request, urlopen

        sent = Request(
            f"{self.base_url}/chat/completions",
            data=json.dumps(request).encode(),
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {self.api_key}"},
        )
        with urlopen(sent, timeout=120) as answer:
            return _reply(json.loads(answer.read()))


class OpenAI:
    """The part of ``openai.OpenAI`` upstream's judge uses: ``chat.completions.create``."""

    def __init__(self, api_key: str | None = None, base_url: str = "", **_: Any) -> None:
        self.chat = types.SimpleNamespace(completions=_Completions(base_url, api_key or ""))


def _install_shims() -> None:
    openai = types.ModuleType("openai")
    openai.OpenAI = OpenAI  # type: ignore[attr-defined]  # a module made here, not openai's
    yaml = types.ModuleType("yaml")  # the task is read from JSON; from_yaml is never called
    sys.modules.setdefault("openai", openai)
    sys.modules.setdefault("yaml", yaml)
    import time

    time.sleep = lambda _seconds: None


def grade(root: Path, trace: Trace) -> dict[str, Any]:
    """Upstream's ``DimensionScores`` of ``trace`` (call inside the subprocess)."""
    import inspect

    _install_shims()
    sys.path.insert(0, str(root / "src"))
    from claw_eval.graders.registry import get_grader
    from claw_eval.models.task import TaskDefinition
    from claw_eval.models.trace import (
        ToolDispatch,
        TraceMessage,
    )

    task = TaskDefinition.model_validate_json((root / "task.json").read_text())
    messages = [TraceMessage(trace_id="ours", message=m) for m in trace.messages]
    dispatches = [ToolDispatch(trace_id="ours", **d) for d in trace.dispatches]
    judge = None
    if os.environ.get("JUDGE_BASE_URL") and os.environ.get("JUDGE_API_KEY"):
        from claw_eval.graders.llm_judge import LLMJudge

        judge = LLMJudge(
            model_id=os.environ.get("JUDGE_MODEL_ID", "judge"),
            api_key=os.environ["JUDGE_API_KEY"],
            base_url=os.environ["JUDGE_BASE_URL"],
        )
    grader = get_grader(task.task_id, tasks_dir=root / "tasks")
    kwargs: dict[str, Any] = {"audit_data": trace.audit_data, "judge": judge}
    if "media_events" in inspect.signature(grader.grade).parameters:
        kwargs["media_events"] = []
    graded: dict[str, Any] = grader.grade(messages, dispatches, task, **kwargs).model_dump()
    return graded


if __name__ == "__main__":
    _root, _trace = Path(sys.argv[1]), Path(sys.argv[2])
    _scores = grade(_root, Trace.model_validate_json(_trace.read_text()))
    print(json.dumps(_scores))
