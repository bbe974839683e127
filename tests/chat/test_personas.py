"""Personas in the team chat: a direct message reaches every other member, a channel message
the members it mentions; the persona answers where it was spoken to, through any channel."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mock_services.core.base.keys import admin_token_path
from mock_services.core.base.settings import Settings
from mock_services.core.seeding.seed import TaskSeed
from mock_services.core.serve.app import create_app
from mock_services.core.serve.seeding import TASK_SEED_CHECKS
from mock_services.registry import get_spec
from mock_services.verify import all_calls_as, never_called, persona_answered
from tests.helpers import ApiClient, expect
from tests.mcp_session import McpSession

SPEC = get_spec("chat")
BOB = {
    "id": "bob",
    "service": "chat",
    "user": "bob",
    "rules": [{"id": "budget", "heard": ["budget"], "reply": "The budget is 40k, not more."}],
    "otherwise": None,
}


def live_chat(data_dir: Path, *personas: dict[str, Any]) -> tuple[Settings, ApiClient]:
    settings = Settings(data_dir=data_dir)
    document = {"personas": list(personas), "chat": SPEC.default_seed()}
    task_seed = TaskSeed.parse(document, ["chat"], "seed.json")
    task_seed.seed({"chat": SPEC}, settings, TASK_SEED_CHECKS)
    app = create_app(SPEC, settings)
    client = ApiClient("http://chat.test", admin_token_path(settings).read_text().strip(), app)
    client.login("alice", "alice-pass")
    expect(client.admin("POST", "/admin/world/start"), 200)
    return settings, client


def items(answer: Any) -> list[dict[str, Any]]:
    return answer["items"] if isinstance(answer, dict) else answer


def conversation_named(client: ApiClient, name: str) -> int:
    listing = items(expect(client.get("/api/conversations"), 200))
    return next(c["id"] for c in listing if c.get("name") == name)


def said_by_bob(client: ApiClient, path: str) -> list[str]:
    return [m["text"] for m in items(expect(client.get(path), 200)) if m["author"] == "bob"]


def test_a_direct_message_is_answered_in_the_direct_message(tmp_path: Path) -> None:
    settings, client = live_chat(tmp_path, BOB)
    dm = expect(client.post("/api/dms", json={"usernames": ["bob"]}), 200)["id"]
    before = said_by_bob(client, f"/api/conversations/{dm}/messages")
    post = {"text": "What is the budget for Atlas?"}
    expect(client.post(f"/api/conversations/{dm}/messages", json=post), 201)
    after = said_by_bob(client, f"/api/conversations/{dm}/messages")
    assert [text for text in after if text not in before] == ["The budget is 40k, not more."]
    answered = persona_answered("chat", "bob", "budget", directory=settings.data_dir)
    assert answered is not None and answered.operation == "post_message"


def test_a_channel_message_is_heard_only_by_those_it_mentions(tmp_path: Path) -> None:
    _settings, client = live_chat(tmp_path, BOB)
    general = conversation_named(client, "general")
    unmentioned = {"text": "Anyone knows the budget?"}
    expect(client.post(f"/api/conversations/{general}/messages", json=unmentioned), 201)
    assert [e for e in client.audit() if e["via"] == "world"] == []
    mentioned = {"text": "@bob what is the budget?"}
    asked = expect(client.post(f"/api/conversations/{general}/messages", json=mentioned), 201)
    replies = said_by_bob(client, f"/api/messages/{asked['id']}/replies")
    assert replies == ["The budget is 40k, not more."], "answered in the thread under it"


def test_a_tool_call_is_heard_as_the_api(tmp_path: Path) -> None:
    _settings, client = live_chat(tmp_path, BOB)
    dm = expect(client.post("/api/dms", json={"usernames": ["bob"]}), 200)["id"]
    McpSession(client).call("post_message", {"conversation_id": dm, "text": "budget?"})
    assert [e["event"] for e in client.audit() if e["via"] == "world"] == ["bob/budget"]


def test_a_thread_reply_is_heard_by_the_people_of_the_thread(tmp_path: Path) -> None:
    """A reply in a channel thread reaches its first message's author (and its repliers), as
    Slack notifies them, without a mention; one that mentions someone is theirs alone."""
    _settings, client = live_chat(tmp_path, BOB)
    general = conversation_named(client, "general")
    bob = ApiClient("http://chat.test", client.admin_token, client.app)
    bob.login("bob", "bob-pass")
    started = {"text": "Numbers for the Atlas deck are coming."}
    asked = expect(bob.post(f"/api/conversations/{general}/messages", json=started), 201)
    to_carol = {"text": "@carol what is the budget there, do you know?"}
    expect(client.post(f"/api/messages/{asked['id']}/replies", json=to_carol), 201)
    assert said_by_bob(client, f"/api/messages/{asked['id']}/replies") == [], (
        "bob answered a question put to carol in his thread (red team, stop 51)"
    )
    reply = {"text": "What is the budget there?"}
    expect(client.post(f"/api/messages/{asked['id']}/replies", json=reply), 201)
    answers = said_by_bob(client, f"/api/messages/{asked['id']}/replies")
    assert answers == ["The budget is 40k, not more."], "bob hears his own thread"


def test_process_rules_see_the_agents_calls_not_the_personas(tmp_path: Path) -> None:
    """A persona's answer is a call of the world as bob: ``all_calls_as`` and ``never_called``
    speak of the agent's calls only, as ``performed`` does."""
    settings, client = live_chat(tmp_path, BOB)
    dm = expect(client.post("/api/dms", json={"usernames": ["bob"]}), 200)["id"]
    post = {"text": "What is the budget for Atlas?"}
    expect(client.post(f"/api/conversations/{dm}/messages", json=post), 201)
    assert [e["username"] for e in client.audit() if e["via"] == "world"] == ["bob"]
    assert all_calls_as("chat", "alice", directory=settings.data_dir).ok
    route = "POST /api/conversations/*/messages"
    assert len(never_called("chat", route, directory=settings.data_dir).problems) == 1
