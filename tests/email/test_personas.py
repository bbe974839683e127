"""Personas answering the agent's mail: scripted rules in order, facts asked for, a change of
mind, one answer per message whatever the channel, and what the verifier SDK reads of it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.settings import Settings
from mock_services.core.seeding.personas import Persona, scripted_answer
from mock_services.core.seeding.seed import SeedError, TaskSeed, export_task
from mock_services.core.serve.seeding import TASK_SEED_CHECKS
from mock_services.registry import get_spec
from mock_services.verify import (
    PersonaNotPlayed,
    all_calls_as,
    model_personas,
    never_performed,
    persona_answered,
    persona_answers,
    require_persona_endpoint,
    said_to,
)
from mock_services.verify.checkpoints import NOT_SCORED_EXIT, run_scored
from mock_services.verify.reward import NOT_SCORED_KEY
from mock_services.verify.unknown import UnknownName
from taskkit.stand_in_judge import host_judge
from tests.email.live import SPEC, live_mail
from tests.form_assertions import as_browser
from tests.helpers import ApiClient, expect, fake_llm
from tests.mcp_session import McpSession

BOB = {
    "id": "bob",
    "service": "email",
    "user": "bob",
    "rules": [
        {
            "id": "availability",
            "heard": ["free", "available"],
            "needs": ["30 minutes"],
            "ask": "How long do you need?",
            "reply": "Thursday 10:00 works for me.",
        },
        {
            "id": "changes-mind",
            "from_turn": 3,
            "question": False,
            "reply": "Actually, make it Friday 15:00.",
        },
    ],
}


def send(client: ApiClient, body: str, to: str = "bob@example.test") -> None:
    expect(
        client.post("/api/messages/send", json={"to": [to], "subject": "Sync", "body": body}), 201
    )


def answers(client: ApiClient) -> list[tuple[str, str]]:
    """(event, text) of each persona answer, oldest first."""
    return [(e["event"], e["body"]["body"]) for e in client.audit() if e["via"] == "world"]


def test_a_persona_answers_by_its_rules_in_order(tmp_path: Path) -> None:
    settings, client = live_mail(tmp_path, personas=[BOB])
    send(client, "When are you free?")
    send(client, "When are you free for 30 minutes?")
    send(client, "Thanks!")
    send(client, "Is that final?")
    assert answers(client) == [
        ("bob/availability:ask", "How long do you need?"),
        ("bob/availability", "Thursday 10:00 works for me."),
        ("bob/changes-mind", "Actually, make it Friday 15:00."),
        ("bob/otherwise", "Sorry, I'm not sure what you need from me. Could you say it again?"),
    ]
    inbox = expect(client.get("/api/messages?folder=inbox"), 200)["items"]
    assert inbox[0]["from_address"] == "bob@example.test", "the answer lands in alice's inbox"
    assert inbox[0]["subject"] == "Re: Sync", "as a reply in the thread"
    asked = persona_answered("email", "bob", "availability", directory=settings.data_dir)
    assert asked is not None and asked.username == "bob"
    rules = [a.rule for a in persona_answers("email", "bob", directory=settings.data_dir)]
    assert rules == ["availability:ask", "availability", "changes-mind", "otherwise"]
    said = said_to("email", "bob", directory=settings.data_dir)
    assert [(s.text.split("\n\n")[1], s.rule) for s in said] == [
        ("When are you free?", "availability:ask"),
        ("When are you free for 30 minutes?", "availability"),
        ("Thanks!", "changes-mind"),
        ("Is that final?", "otherwise"),
    ], "what the agent said to the persona, with the rule it answered by"


def test_a_personas_answer_is_no_call_of_the_agents(tmp_path: Path) -> None:
    """The process rules read the agent's calls: the persona's reply, made as its user, breaks
    neither "every call as alice" nor "never replied"."""
    settings, client = live_mail(tmp_path, personas=[BOB])
    send(client, "When are you free for 30 minutes?")
    assert answers(client) == [("bob/availability", "Thursday 10:00 works for me.")]
    assert all_calls_as("email", "alice", directory=settings.data_dir).ok
    assert never_performed("email", "reply", directory=settings.data_dir).ok


def test_only_mail_to_a_persona_is_answered(tmp_path: Path) -> None:
    _settings, client = live_mail(tmp_path, personas=[BOB])
    send(client, "When are you free for 30 minutes?", to="carol@example.test")
    assert answers(client) == []


def test_a_silent_persona_answers_nothing_it_has_no_rule_for(tmp_path: Path) -> None:
    settings, client = live_mail(tmp_path, personas=[{**BOB, "otherwise": None}])
    send(client, "Lunch?")
    assert answers(client) == []
    said = said_to("email", "bob", directory=settings.data_dir)
    assert [(s.text, s.rule) for s in said] == [("Sync\n\nLunch?", None)], "still heard"


def test_the_web_form_and_the_mcp_tool_are_heard_as_the_api(tmp_path: Path) -> None:
    _settings, client = live_mail(tmp_path, personas=[BOB])
    McpSession(client).call(
        "send_message",
        {"to": ["bob@example.test"], "subject": "Sync", "body": "Are you available?"},
    )
    form = {"to": "bob@example.test", "cc": "", "bcc": "", "subject": "Sync"}
    sent = as_browser(client).post("/compose", data={**form, "body": "Free for 30 minutes?"})
    assert sent.status_code in (200, 303), sent.text[:300]
    assert [event for event, _text in answers(client)] == [
        "bob/availability:ask",
        "bob/availability",
    ]


def test_personas_round_trip_through_export(tmp_path: Path) -> None:
    settings, _client = live_mail(tmp_path, personas=[BOB])
    assert export_task([SPEC], settings)["personas"] == [BOB]


def test_an_unknown_persona_or_rule_in_a_verifier_is_a_loud_error(tmp_path: Path) -> None:
    settings, _client = live_mail(tmp_path, personas=[BOB])
    with pytest.raises(UnknownName, match="no persona 'bobb'"):
        persona_answers("email", "bobb", directory=settings.data_dir)
    with pytest.raises(UnknownName, match="persona 'bob' has no rule 'availabilty'"):
        persona_answered("email", "bob", "availabilty", directory=settings.data_dir)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"user": "bobby"},
            "seed.personas[0].user: 'bobby' is no user of email; did you mean 'bob'",
        ),
        ({"service": "mail"}, "seed.personas[0].service: unknown service 'mail'"),
        (
            {"rules": [{"id": "x", "needs": ["a"], "reply": "r"}]},
            "a rule that needs facts says what the persona asks without them",
        ),
        ({"llm": {"prompt": "Bob"}}, "a persona is scripted ('rules') or played by a model"),
        ({"id": "Bob!"}, "seed.personas[0].id: String should match pattern"),
    ],
)
def test_a_bad_persona_is_a_seed_error(
    tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    with pytest.raises(SeedError) as caught:
        live_mail(tmp_path, personas=[{**BOB, **change}])
    assert message in str(caught.value), f"expected {message!r} in:\n{caught.value}"


def test_a_persona_on_a_service_where_no_one_talks_is_refused(tmp_path: Path) -> None:
    shop = get_spec("shop")
    document = {
        "personas": [{**BOB, "service": "shop", "user": "alice"}],
        "shop": shop.default_seed(),
    }
    with pytest.raises(SeedError, match=r"seed.personas\[0\].service: no one talks on shop"):
        TaskSeed.parse(document, ["shop"], "seed.json").seed(
            {"shop": shop}, Settings(data_dir=tmp_path), TASK_SEED_CHECKS
        )


def test_scripted_answers_are_a_function_of_text_turn_and_spent_rules() -> None:
    persona = Persona.model_validate(BOB)
    first = scripted_answer(persona, "free for 30 minutes?", 1, set())
    assert first is not None and first.rule == "availability"
    spent = scripted_answer(persona, "free for 30 minutes?", 2, {"availability"})
    assert spent is not None and spent.rule == "otherwise", "a once rule answers one time"
    assert scripted_answer(persona, "Freedom!", 1, set()) == scripted_answer(persona, "?", 1, set())
    assert json.dumps(BOB)  # the fixture itself is plain JSON, as a seed is


BOB_MODEL = {
    "id": "bob",
    "service": "email",
    "user": "bob",
    "llm": {
        "prompt": "You are Bob, the team's analyst.",
        "facts": ["The report is the Q3 one", "The deadline is Friday"],
    },
}


@pytest.mark.process  # the stand-in judge runs as a subprocess
def test_a_model_persona_answers_from_its_facts_through_the_judge(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with host_judge("127.0.0.1") as env:
        for name, value in env.items():
            monkeypatch.setenv(name, value)
        settings, client = live_mail(tmp_path, personas=[BOB_MODEL])
        send(client, "Which report do you need?")
        send(client, "Hello there")
        require_persona_endpoint("email", directory=settings.data_dir)  # configured: no raise
        told = persona_answers("email", "bob", directory=settings.data_dir)
    assert answers(client) == [
        ("bob/llm", "The report is the Q3 one"),
        ("bob/llm", "Could you tell me more about what you need?"),
    ]
    assert [a.rule for a in told] == ["llm", "llm"]


@pytest.mark.process  # a model endpoint served on a port
def test_a_model_persona_remembers_what_it_heard_and_said(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with fake_llm("I said Thursday.") as llm:
        llm.script = [("ok", "Thursday suits me."), ("status", 503)]
        monkeypatch.setenv("JUDGE_BASE_URL", llm.url)
        monkeypatch.setenv("JUDGE_API_KEY", "k-1")
        _settings, client = live_mail(tmp_path, personas=[BOB_MODEL])
        send(client, "When are you free?")
        send(client, "Anything else?")  # the model fails: Bob stays silent
        send(client, "Which day again?", to="carol@example.test")  # not to Bob: unheard
        send(client, "Which day again?")
    first, _failed, third = (r["body"]["messages"] for r in llm.requests)
    system = first[0]
    assert first == [system, {"role": "user", "content": "Sync\n\nWhen are you free?"}], (
        "a mail is heard as its subject and body"
    )
    assert third == [
        system,
        {"role": "user", "content": "Sync\n\nWhen are you free?"},
        {"role": "assistant", "content": "Thursday suits me."},
        {"role": "user", "content": "Sync\n\nAnything else?"},  # heard, unanswered
        {"role": "user", "content": "Sync\n\nWhich day again?"},
    ], "the model sees Bob's whole conversation, his own words as the assistant's"
    assert answers(client) == [("bob/llm", "Thursday suits me."), ("bob/llm", "I said Thursday.")]


def test_without_an_endpoint_a_model_persona_is_silent_and_the_run_not_scored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("JUDGE_BASE_URL", "JUDGE_API_KEY", "JUDGE_MODEL_ID"):
        monkeypatch.delenv(name, raising=False)
    settings, client = live_mail(tmp_path, personas=[BOB_MODEL])
    send(client, "Which report do you need?")
    assert answers(client) == []
    assert model_personas("email", directory=settings.data_dir) == ["bob"]
    with pytest.raises(PersonaNotPlayed, match="played by a model"):
        persona_answers("email", "bob", directory=settings.data_dir)

    def score() -> float:
        require_persona_endpoint("email", directory=settings.data_dir)
        return 1.0

    verifier_dir = tmp_path / "verifier"
    assert run_scored(score, "t", verifier_dir) == NOT_SCORED_EXIT
    meta = json.loads((verifier_dir / "reward_meta.json").read_text())
    assert "no judge endpoint" in meta[NOT_SCORED_KEY]


def test_a_rule_answers_a_message_that_asks_not_one_that_only_has_its_words() -> None:
    persona = Persona.model_validate(BOB)
    told = scripted_answer(persona, "All sorted: I'm free, no need to reply.", 1, set())
    assert told is not None and told.rule == "otherwise", "a statement with the words asks nothing"
    hello = scripted_answer(persona, "hi", 1, set())
    assert hello is not None and hello.rule == "otherwise"
    asked = scripted_answer(persona, "Could you tell me when you are free", 1, set())
    assert asked is not None and asked.rule == "availability:ask", "a question word opens it"
    mind = scripted_answer(persona, "Thanks, booked.", 3, set())
    assert mind is not None and mind.rule == "changes-mind", "question: false hears statements"


def test_a_change_of_mind_waits_for_what_it_changes() -> None:
    tom = Persona.model_validate(
        {
            **BOB,
            "rules": [
                {"id": "time", "heard": ["time", "free"], "reply": "Thursday 15:00."},
                {"id": "moved", "from_turn": 2, "question": False, "after_rule": "time",
                 "reply": "Change of plan: Friday 11:00."},
            ],
        }
    )  # fmt: skip
    second = scripted_answer(tom, "hi", 2, set())
    assert second is not None and second.rule == "otherwise", "no change before a first word"
    moved = scripted_answer(tom, "hi", 2, {"time"})
    assert moved is not None and moved.rule == "moved"


def test_after_rule_must_name_a_rule_of_the_persona() -> None:
    rules = [{"id": "moved", "after_rule": "tim", "question": False, "reply": "Friday."}]
    with pytest.raises(ValueError, match="after_rule 'tim' is no rule of this persona"):
        Persona.model_validate({**BOB, "rules": rules})


@pytest.mark.parametrize(
    "statement",
    [
        # red team (stop 50): a report with a stray "?" in an aside got Maria's which-room answer
        "All sorted: Borealis, 10:00-11:00, as last time. No need to reply (unless something "
        "is wrong?)",
        "On it, I'll sort it out today or tomorrow (ok?)",  # and Dave's which-cables answer
        "All sorted: Borealis as usual. Anything wrong with that room?",  # a decision announced
        "I've booked the usual room. Which is fine, right?",
        "Will do, booked Borealis.",
        "?",
    ],
)
def test_a_message_that_announces_or_asks_only_in_an_aside_is_no_question(statement: str) -> None:
    persona = Persona.model_validate(
        {**BOB, "rules": [{"id": "room", "heard": ["room", "which", "borealis", "usual", "wrong",
                                                  "sort"], "reply": "Aurora."}]}
    )  # fmt: skip
    answer = scripted_answer(persona, statement, 1, set())
    assert answer is not None and answer.rule == "otherwise", (
        f"expected no question in {statement!r}, answered by {answer}"
    )


@pytest.mark.parametrize(
    "question",
    [
        "Which room do you mean: Aurora or Borealis?",
        "We booked Aurora last time and Borealis the time before. Which one is the usual?",
        "Quick question before I book anything: which room did you mean.",
        "Sorry, to be precise: which cables, and how many of them?",
        "I haven't booked anything yet. Is the usual room Aurora or Borealis?",
        "I've booked nothing yet: which room is the usual one?",
        "Could you tell me which room you meant",
    ],
)
def test_a_real_question_is_answered_with_or_without_its_question_mark(question: str) -> None:
    persona = Persona.model_validate(
        {**BOB, "rules": [{"id": "room", "heard": ["room", "which"], "reply": "Aurora."}]}
    )
    answer = scripted_answer(persona, question, 1, set())
    assert answer is not None and answer.rule == "room", f"{question!r} answered by {answer}"


def test_a_statement_rule_answers_only_what_asks_nothing_and_is_not_negated() -> None:
    tom = Persona.model_validate(
        {
            **BOB,
            "rules": [
                {"id": "moved", "question": False, "statement": True, "heard": ["booked"],
                 "reply": "Change of plan: Friday 11:00."},
                {"id": "settled", "question": False, "statement": True, "after_rule": "moved",
                 "reply": "Perfect, thanks! Talk then."},
            ],
        }
    )  # fmt: skip
    for text in ("Thanks!", "Nothing booked yet, thanks.", "I haven't booked it yet."):
        answer = scripted_answer(tom, text, 2, set())
        assert answer is not None and answer.rule == "otherwise", f"{text!r}: {answer}"
    moved = scripted_answer(tom, "Booked: Thursday 15:00. Does that work?", 2, set())
    assert moved is not None and moved.rule == "moved", "a confirmation with a tag is a statement"
    asked = scripted_answer(tom, "What time suits you?", 3, {"moved"})
    assert asked is not None and asked.rule == "otherwise", "a question gets no closing answer"
    closed = scripted_answer(tom, "Moved to Friday 11:00.", 3, {"moved"})
    assert closed is not None and closed.rule == "settled"


def test_a_statement_rule_that_answers_questions_is_a_seed_error(tmp_path: Path) -> None:
    rules = [{"id": "settled", "statement": True, "reply": "Talk then."}]
    with pytest.raises(SeedError) as caught:
        live_mail(tmp_path, personas=[{**BOB, "rules": rules}])
    assert "seed.personas[0].rules[0]" in str(caught.value), str(caught.value)
    assert "rule 'settled': a statement rule answers only messages that ask nothing" in str(
        caught.value
    )
