"""Cross-service notifications over real HTTP: shop, airline, calendar, expense, social,
todolist and helpdesk mail the email service."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.serve.process import ServiceProcess, free_port
from mock_services.registry import get_spec
from tests.conftest import seed_dir
from tests.helpers import ApiClient, expect

pytestmark = pytest.mark.process  # real servers mailing each other


def _inbox_subjects(mail: ApiClient, contains: str, timeout: float = 10) -> list[str]:
    """Subjects in the inbox containing ``contains`` (waits: delivery runs after commit)."""
    deadline = time.monotonic() + timeout
    while True:
        page = expect(mail.get("/api/messages", params={"folder": "inbox", "q": contains}), 200)
        subjects = [m["subject"] for m in page["items"]]
        if subjects or time.monotonic() > deadline:
            return subjects
        time.sleep(0.1)


@pytest.fixture(scope="module")
def platform(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, ServiceProcess]]:
    """Every mailing service in one data directory, wired to the email service."""
    data_dir: Path = tmp_path_factory.mktemp("platform")
    email_port = free_port()
    wiring = {"email_url": f"http://127.0.0.1:{email_port}"}
    processes = {"email": ServiceProcess("email", email_port, data_dir)}
    seed_dir(data_dir, "email")
    for service in ("shop", "airline", "calendar", "expense", "social", "todolist", "helpdesk"):
        document: dict[str, Any] = {**get_spec(service).default_seed(), "notifications": wiring}
        seed_dir(data_dir, service, document)
        processes[service] = ServiceProcess(service, free_port(), data_dir)
    for process in processes.values():
        process.start()
    yield processes
    for process in processes.values():
        process.stop()


def _client(process: ServiceProcess, username: str) -> ApiClient:
    return ApiClient(process.url, process.admin_token).login(username, f"{username}-pass")


def test_shop_order_confirmation_reaches_the_inbox(platform: dict[str, ServiceProcess]) -> None:
    shop = _client(platform["shop"], "alice")
    profile = expect(shop.get("/api/profile"), 200)
    product = expect(shop.get("/api/products", params={"in_stock": "true"}), 200)["items"][0]
    expect(shop.post("/api/cart/items", json={"product_id": product["id"], "quantity": 1}), 201)
    order = expect(
        shop.post(
            "/api/checkout",
            json={
                "address_id": profile["default_address_id"],
                "payment_method_id": profile["default_payment_method_id"],
            },
        ),
        201,
    )
    mail = _client(platform["email"], "alice")
    subjects = _inbox_subjects(mail, order["code"])
    assert subjects and order["code"] in subjects[0], subjects


def test_airline_delay_notice_reaches_the_booking_owner(
    platform: dict[str, ServiceProcess],
) -> None:
    airline = _client(platform["airline"], "alice")
    bookings = expect(airline.get("/api/bookings"), 200)["items"]
    upcoming = next(b for b in bookings if b["status"] == "confirmed")
    flight = upcoming["flights"][0]["flight"]
    flight_id = flight["id"]
    update = airline.admin(
        "PATCH",
        f"/api/admin/flights/{flight_id}",
        json={"status": "delayed", "delay_minutes": 95, "reason": "weather"},
    )
    expect(update, 200)
    mail = _client(platform["email"], "alice")
    subjects = _inbox_subjects(mail, flight["number"])
    assert any("delay" in s.lower() for s in subjects), subjects


def test_calendar_invitation_reaches_the_attendee(platform: dict[str, ServiceProcess]) -> None:
    calendar = _client(platform["calendar"], "alice")
    event = {
        "title": "Budget sync 7431",
        "start": "2026-03-10T14:00:00Z",
        "end": "2026-03-10T14:30:00Z",
        "attendees": [{"email": "bob@example.test"}],
    }
    expect(calendar.post("/api/events", json=event), 201)
    mail = _client(platform["email"], "bob")
    subjects = _inbox_subjects(mail, "Budget sync 7431")
    assert subjects and "Budget sync 7431" in subjects[0], subjects


def test_expense_approval_and_reimbursement_reach_the_owner(
    platform: dict[str, ServiceProcess],
) -> None:
    approver, finance = _client(platform["expense"], "bob"), _client(platform["expense"], "carol")
    expect(approver.post("/api/reports/9/approve", json={"note": "Thanks"}), 200)
    expect(finance.post("/api/reports/9/reimburse", json={"reference": "ACH-1"}), 200)
    mail = _client(platform["email"], "alice")
    subjects = _inbox_subjects(mail, "EXP-1009 reimbursed")
    assert subjects == ["Expense report EXP-1009 reimbursed: Team offsite Boston"], subjects
    assert _inbox_subjects(mail, "EXP-1009 approved")


def test_social_direct_message_reaches_the_recipient(platform: dict[str, ServiceProcess]) -> None:
    social = _client(platform["social"], "alice")
    expect(social.post("/api/conversations/bob/messages", json={"text": "Code 5521"}), 201)
    mail = _client(platform["email"], "bob")
    subjects = _inbox_subjects(mail, "New message from Alice")
    assert subjects == ["New message from Alice Martin (@alice)"], subjects


def test_todolist_reminder_and_assignment_reach_the_inbox(
    platform: dict[str, ServiceProcess],
) -> None:
    todolist = _client(platform["todolist"], "alice")
    task = {"title": "Quarterly audit 5521", "due_date": "2026-03-12", "assignee": "bob"}
    expect(todolist.post("/api/tasks", json=task), 201)
    sent = expect(todolist.post("/api/reminders/dispatch"), 200)["sent"]
    assert [r["task_id"] for r in sent] == [9]
    bob_mail = _client(platform["email"], "bob")
    assert _inbox_subjects(bob_mail, "Quarterly audit 5521") == [
        "Task assigned to you: Quarterly audit 5521"
    ]
    alice_mail = _client(platform["email"], "alice")
    subjects = _inbox_subjects(alice_mail, "Prepare 1:1 agenda")
    assert subjects and subjects[0].startswith("Reminder: Prepare 1:1 agenda for Dave"), subjects


def test_helpdesk_public_reply_reaches_the_requester(platform: dict[str, ServiceProcess]) -> None:
    helpdesk = _client(platform["helpdesk"], "alice")
    bob = {"name": "Bob Chen", "email": "bob@example.test"}
    requester = expect(helpdesk.post("/api/requesters", json=bob), 201)
    ticket = {"subject": "Expense portal 4471 rejects receipts", "requester_id": requester["id"]}
    code = expect(helpdesk.post("/api/tickets", json=ticket), 201)["code"]
    reply = {"body": "Fixed: receipts up to 10 MB are accepted again."}
    expect(helpdesk.post(f"/api/tickets/{code}/comments", json=reply), 201)
    note = {"body": "Raised the upload limit.", "public": False}
    expect(helpdesk.post(f"/api/tickets/{code}/comments", json=note), 201)
    bob_mail = _client(platform["email"], "bob")
    assert _inbox_subjects(bob_mail, "portal 4471") == [
        f"[{code}] Re: Expense portal 4471 rejects receipts"
    ]
    found = expect(
        bob_mail.get("/api/messages", params={"folder": "inbox", "q": "portal 4471"}), 200
    )
    body = expect(bob_mail.get(f"/api/messages/{found['items'][0]['id']}"), 200)["body"]
    assert reply["body"] in body and code in body and "Raised the upload limit" not in body
