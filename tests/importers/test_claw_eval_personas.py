"""claw-eval's multi-turn records (``user_agent``) on a model persona: the simulated user is a
user of the email service whom the agent mails, played through the judge's endpoint from the
record's persona text (its ``- `` lines the facts); upstream's grader reads the conversation
as upstream's loop writes it (the persona's turns marked ``[user_agent]``)."""

# ruff: noqa: RUF001  (the record's Chinese text has full-width punctuation)

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from mock_services.core.base.keys import admin_token_path
from mock_services.core.base.schemas import AuditEntry
from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import TaskSeed
from mock_services.core.serve.app import create_app
from mock_services.core.serve.seeding import TASK_SEED_CHECKS
from mock_services.registry import get_spec
from mock_services.verify.upstream.claw_eval import (
    USER_AGENT_MARK,
    GraderParams,
    conversation,
    trace_of,
)
from taskkit.importers.claw_eval import PERSONA, PERSONA_ADDRESS
from taskkit.importers.writer import LOGIN_PASSWORD, LOGIN_USER
from taskkit.stand_in_judge import host_judge
from tests.helpers import ApiClient, expect

RECORD = "C01zh_mortgage_prepay"


def _task(imported) -> tuple[Path, object]:
    out, result = imported["claw-eval"]
    task = next(t for t in result.tasks if t.provenance.source_id == RECORD)
    return out / "tasks" / task.id, task


def test_the_simulated_user_becomes_a_model_persona_on_email(imported) -> None:
    folder, task = _task(imported)
    assert task.not_runnable is None
    seed = json.loads((folder / "environment" / "seed.json").read_text())
    (persona,) = seed["personas"]
    assert persona["id"] == persona["user"] == PERSONA and persona["service"] == "email"
    facts = persona["llm"]["facts"]
    assert "贷款总额：150万元" in facts and "手头攒了大概15万闲钱" in facts, facts
    prompt = persona["llm"]["prompt"]
    assert prompt.startswith("你是一个32岁的北京上班族"), "the persona text, its facts aside"
    assert "贷款总额" not in prompt.split("You asked")[0], "a fact is not in the prompt twice"
    assert "在考虑提前还房贷" in prompt, "the persona knows what it asked"
    addresses = {u["username"]: u["email"] for u in seed["email"]["users"]}
    assert addresses[PERSONA] == PERSONA_ADDRESS and LOGIN_USER in addresses
    assert {"send_message", "reply", "list_messages"} <= set(seed["email"]["mcp"]["tools"])
    instruction = (folder / "instruction.md").read_text()
    assert PERSONA_ADDRESS in instruction and "主动询问缺失的关键信息" in instruction
    config = tomllib.loads((folder / "task.toml").read_text())
    judge = {"JUDGE_BASE_URL", "JUDGE_API_KEY", "JUDGE_MODEL_ID"}
    assert set(config["environment"]["env"]) == judge, "the services reach the judge"
    first = task.oracle.calls[0]
    assert first.path == "/api/messages/send" and first.body["to"] == [PERSONA_ADDRESS]


def test_a_persona_warning_says_what_is_lost(imported) -> None:
    _out, result = imported["claw-eval"]
    (warning,) = [w for w in result.log.warnings if w.field == "user_agent"]
    assert warning.lossy and "no thread history" in warning.default
    assert "max_rounds 8 not enforced" in warning.default


@pytest.mark.process  # the stand-in judge runs as a subprocess
def test_the_imported_persona_answers_the_agents_mail_from_its_facts(
    imported, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder, _ = _task(imported)
    spec = get_spec("email")
    settings = Settings(data_dir=tmp_path)
    document = json.loads((folder / "environment" / "seed.json").read_text())
    TaskSeed.parse(document, ["email"], "seed.json").seed(
        {"email": spec}, settings, TASK_SEED_CHECKS
    )
    with host_judge("127.0.0.1") as env:
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        app = create_app(spec, settings)
        client = ApiClient("http://mail.test", admin_token_path(settings).read_text().strip(), app)
        client.login(LOGIN_USER, LOGIN_PASSWORD)
        expect(client.admin("POST", "/admin/world/start"), 200)
        mail = {"to": [PERSONA_ADDRESS], "subject": "房贷", "body": "请问您的贷款总额是多少？"}
        expect(client.post("/api/messages/send", json=mail), 201)
        entries = [AuditEntry.model_validate(e) for e in client.audit()]
    turns = conversation(PERSONA, entries)
    assert [t["role"] for t in turns] == ["assistant", "user"]
    told = "贷款总额：150万元\n贷款期限：30年（360期）"  # the facts that say 贷款 (the loan)
    assert turns[1]["content"][0]["text"] == f"{USER_AGENT_MARK}\n{told}"


def _entry(
    entry_id: int, body: dict, *, operation: str | None = "send_message", via: str = "mcp"
) -> AuditEntry:
    return AuditEntry(
        id=entry_id,
        at="2026-03-02T09:00:01Z",
        method="POST",
        path="/api/messages/send",
        operation=operation,
        username="user",
        status=201,
        body=body,
        via=via,
        event=f"{PERSONA}/llm" if via == "world" else None,
        changes=[],
    )


def test_the_trace_carries_the_conversation_before_the_answer() -> None:
    entries = [
        _entry(3, {"body": "Thanks, here is the plan."}, operation="reply"),
        _entry(1, {"to": [PERSONA_ADDRESS], "body": "How much is the loan?"}),
        _entry(2, {"body": "1.5 million"}, operation="reply", via="world"),
        _entry(4, {"name": "x"}, operation="create_label"),
    ]
    params = GraderParams(task_id=RECORD, prompt="Help me", services=[], persona=PERSONA)
    trace = trace_of(params, "Final advice", {}, conversation(PERSONA, entries))
    assert [(m["role"], m["content"][0]["text"]) for m in trace.messages] == [
        ("user", "Help me"),
        ("assistant", "How much is the loan?"),
        ("user", f"{USER_AGENT_MARK}\n1.5 million"),
        ("assistant", "Thanks, here is the plan."),
        ("assistant", "Final advice"),
    ]
