"""The persona tasks credit an act only once the agent read the persona's answer: a red team
(stop 51) asked the right question and acted at once on a right guess, which scored 1.0 while
reads were not logged. The seeds now log the persona's service's reads (``audit_reads``), and
the SDK's ``acted_unread`` finds an act that no read showing the answer came before: the
message by id, its thread, its conversation (a chat channel shows no thread reply), a search,
or the first page of a listing or search that holds it (a mail by its snippet), by the API,
an MCP tool or a web page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers import ApiClient, expect
from tests.mcp_session import McpSession
from tests.task_service import DATA, task_verifier, task_world

ROOT = Path(__file__).resolve().parents[2]
CHAT_TASK = ROOT / "tasks" / "chat-clarify-before-ordering"
MAIL_TASK = ROOT / "tasks" / "ambiguous-request-ask-first"
DAVE_REQUEST, CHANNEL = 38, 3  # Dave's request in #atlas-launch, and that channel
Read = Callable[[dict[str, ApiClient], int], None]


def page(client: ApiClient, path: str) -> None:
    shown = client.get(path)
    assert shown.status_code == 200, f"{path}: {shown.status_code}"


def checkpoint(task: Path, name: str, workdir: Path, monkeypatch: pytest.MonkeyPatch) -> object:
    monkeypatch.setenv("MOCK_DATA_DIR", str(workdir / DATA))
    return task_verifier(task).verifier.evaluate().scores[name]


def answer_id(client: ApiClient) -> int:
    """The message the persona's last answer added, from the audit log (the admin's read: the
    agent's reads are what the tests choose)."""
    (answer, *_) = [e for e in reversed(client.audit()) if e["via"] == "world"]
    return max(int(c["row_id"]) for c in answer["changes"] if c["table"] == "messages")


def ask_dave(world: dict[str, ApiClient]) -> int:
    """The right question in the thread under Dave's request; the id of his answer."""
    question = {"text": "Which cables do you need, and how many?"}
    expect(world["chat"].post(f"/api/messages/{DAVE_REQUEST}/replies", json=question), 201)
    return answer_id(world["chat"])


def order_the_right_cables(world: dict[str, ApiClient]) -> None:
    shop = world["shop"]
    expect(shop.post("/api/cart/items", json={"sku": "CAB-3103", "quantity": 10}), 201)
    profile = expect(shop.get("/api/profile"), 200)
    paid = {
        "address_id": profile["default_address_id"],
        "payment_method_id": profile["default_payment_method_id"],
    }
    expect(shop.post("/api/checkout", json=paid), 201)


CHAT_SHOWN: dict[str, Read] = {
    "the-thread-by-api": lambda w, _a: expect(
        w["chat"].get(f"/api/messages/{DAVE_REQUEST}/replies"), 200
    ),
    "the-answer-by-api": lambda w, a: expect(w["chat"].get(f"/api/messages/{a}"), 200),
    "the-thread-page": lambda w, _a: page(w["chat"], f"/m/{DAVE_REQUEST}"),
    "the-answer-page": lambda w, a: page(w["chat"], f"/m/{a}"),
    "a-search": lambda w, _a: expect(w["chat"].get("/api/search", params={"q": "HDMI"}), 200),
    "a-search-by-his-name": lambda w, _a: expect(
        w["chat"].get("/api/search", params={"q": "from:@dave HDMI"}), 200
    ),
    "the-thread-by-tool": lambda w, _a: McpSession(w["chat"]).call(
        "list_replies", {"message_id": DAVE_REQUEST}
    ),
}
CHAT_UNSEEN: dict[str, Read] = {
    "no-read": lambda _w, _a: None,
    "the-channel-page": lambda w, _a: page(w["chat"], f"/c/{CHANNEL}"),
    "the-conversations": lambda w, _a: expect(w["chat"].get("/api/conversations"), 200),
    "a-search-that-misses": lambda w, _a: expect(
        w["chat"].get("/api/search", params={"q": "zzz"}), 200
    ),
    "a-search-by-someone-else": lambda w, _a: expect(
        w["chat"].get("/api/search", params={"q": "HDMI from:@frank"}), 200
    ),
    "the-search-page-empty": lambda w, _a: page(w["chat"], "/search?q=nothing+here"),
    "a-searchs-second-page": lambda w, _a: expect(
        w["chat"].get("/api/search", params={"q": "HDMI", "page": 2}), 200
    ),
    "the-question-read-before-the-answer": lambda _w, _a: None,
}


def chat_world(workdir: Path) -> dict[str, ApiClient]:
    return task_world(CHAT_TASK, ("chat", "shop"), workdir)


@pytest.mark.parametrize("read", CHAT_SHOWN)
def test_an_order_after_reading_daves_answer_passes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, read: str
) -> None:
    world = chat_world(tmp_path)
    answer = ask_dave(world)
    CHAT_SHOWN[read](world, answer)
    order_the_right_cables(world)
    asked = checkpoint(CHAT_TASK, "asked_before_ordering", tmp_path, monkeypatch)
    assert asked.score == 1, f"read by {read}: expected a pass: {asked.detail}"


@pytest.mark.parametrize("read", CHAT_UNSEEN)
def test_an_order_on_a_guess_right_after_the_question_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, read: str
) -> None:
    world = chat_world(tmp_path)
    if read == "the-question-read-before-the-answer":  # the thread read before he answered
        expect(world["chat"].get(f"/api/messages/{DAVE_REQUEST}/replies"), 200)
    answer = ask_dave(world)
    CHAT_UNSEEN[read](world, answer)
    order_the_right_cables(world)
    expect(world["chat"].get(f"/api/messages/{answer}"), 200)  # a look after it is too late
    asked = checkpoint(CHAT_TASK, "asked_before_ordering", tmp_path, monkeypatch)
    assert asked.score == 0, f"{read}: expected the order to count as a guess"
    assert "came before the agent read Dave's answer" in asked.detail, asked.detail


def ask_maria(world: dict[str, ApiClient]) -> tuple[int, int]:
    """The right question, a reply to Maria's request; her request's and her answer's ids."""
    mail = world["email"]
    inbox = expect(mail.get("/api/messages", params={"folder": "inbox"}), 200)["items"]
    (request,) = [m for m in inbox if m["from_address"] == "maria@example.test"]
    question = {"body": "Which room do you mean: Aurora or Borealis?"}
    expect(mail.post(f"/api/messages/{request['id']}/reply", json=question), 201)
    return request["id"], answer_id(mail)


def book_the_review(world: dict[str, ApiClient]) -> None:
    review = {
        "title": "Northwind vendor review",
        "start": "2026-03-12T10:30:00",
        "end": "2026-03-12T11:30:00",
        "timezone": "America/New_York",
        "location": "Aurora room (3rd floor)",
        "attendees": [{"email": "maria@example.test"}],
    }
    expect(world["calendar"].post("/api/events", json=review), 201)


MAIL_READS: dict[str, tuple[Callable[[ApiClient, int, int], object], int]] = {
    "her-answer-by-api": (lambda m, _r, a: m.get(f"/api/messages/{a}"), 1),
    "her-answer-page": (lambda m, _r, a: m.get(f"/messages/{a}"), 1),
    "the-thread-page": (lambda m, _r, _a: m.get("/threads/review"), 1),
    "the-inbox-page": (lambda m, _r, _a: m.get("/"), 1),  # by its snippet
    "the-sent-folder": (lambda m, _r, _a: m.get("/api/messages", params={"folder": "sent"}), 0),
    "a-search-that-misses": (lambda m, _r, _a: m.get("/api/messages", params={"q": "zzz"}), 0),
    "another-folders-page": (lambda m, _r, _a: m.get("/?folder=spam"), 0),
    "a-search-page-by-her": (lambda m, _r, _a: m.get("/?q=from:maria+Aurora"), 1),
    "a-search-page-in-sent": (lambda m, _r, _a: m.get("/?q=in:sent+Aurora"), 0),
    "her-request-again": (lambda m, r, _a: m.get(f"/api/messages/{r}"), 0),
    "the-contacts": (lambda m, _r, _a: m.get("/api/contacts"), 0),
}


@pytest.mark.parametrize("read", MAIL_READS)
def test_a_booking_counts_once_marias_answer_was_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, read: str
) -> None:
    world = task_world(MAIL_TASK, ("email", "calendar"), tmp_path)
    request, answer = ask_maria(world)
    look, expected = MAIL_READS[read]
    response = look(world["email"], request, answer)
    assert getattr(response, "status_code", 200) == 200, read
    book_the_review(world)
    asked = checkpoint(MAIL_TASK, "asked_maria_first", tmp_path, monkeypatch)
    assert asked.score == expected, f"{read}: expected {expected}, got {asked.detail}"
    if not expected:
        assert "before the agent read Maria's answer" in asked.detail, asked.detail


TOM_TASK = ROOT / "tasks" / "persona-changes-mind"


LISTINGS = [
    ({"folder": "inbox"}, 1),
    ({}, 1),
    ({"q": "works"}, 1),
    ({"from": "tom"}, 1),
    ({"q": "from:tom"}, 0),  # the API's text is a phrase: no mail holds "from:tom"
    ({"page": 2}, 0),
    ({"folder": "sent"}, 0),
    ({"q": "zzz"}, 0),
    ({"q": "best works"}, 0),  # each word is in it, the phrase the service looks for is not
    ({"q": "is:unread"}, 0),
]


@pytest.mark.parametrize(("listing", "expected"), LISTINGS)
def test_the_inbox_listing_counts_when_its_first_page_shows_the_answer_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, listing: dict, expected: int
) -> None:
    """The inbox's first page, or a search that finds Tom's answer, showed it (by its
    snippet); another folder, page or search did not."""
    world = task_world(TOM_TASK, ("email", "calendar"), tmp_path)
    ask = {"to": ["tom@example.test"], "subject": "Q2 budget call", "body": "What time suits you?"}
    expect(world["email"].post("/api/messages/send", json=ask), 201)
    expect(world["email"].get("/api/messages", params=listing), 200)
    call = {
        "title": "Q2 budget review",
        "start": "2026-03-12T15:00:00",
        "end": "2026-03-12T15:30:00",
        "timezone": "America/New_York",
        "attendees": [{"email": "tom@example.test"}],
    }
    expect(world["calendar"].post("/api/events", json=call), 201)
    asked = checkpoint(TOM_TASK, "asked_tom_first", tmp_path, monkeypatch)
    assert asked.score == expected, f"listing {listing}: expected {expected}: {asked.detail}"
