"""Finance tells other services through the core's delivery (a stand-in for the email and
calendar services here, with the app in process): a budget alert and a sent invoice are
mailed, a recurring payment goes on its owner's calendar and off again when paused."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from mock_services.registry import get_spec
from tests.helpers import ApiClient, expect, fake_inbox
from tests.service_fixtures import serve

pytestmark = pytest.mark.process  # the stand-in listens on a port (in a thread)


@pytest.fixture(scope="module")
def wired(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ApiClient, list]]:
    with fake_inbox() as (url, received):
        seed = {**get_spec("finance").default_seed()}
        seed["notifications"] = {"email_url": url, "services": {"calendar": url}}
        data_dir: Path = tmp_path_factory.mktemp("finance-wired")
        with serve("finance", data_dir, seed) as served:
            yield served.client(), received


@pytest.fixture
def delivered(wired: tuple[ApiClient, list]) -> tuple[ApiClient, list]:
    client, received = wired
    expect(client.admin("POST", "/admin/reset"), 200)
    received.clear()
    return client.as_user("alice", "alice-pass"), received


def test_a_budget_passing_its_alert_is_mailed_once(delivered: tuple[ApiClient, list]) -> None:
    alice, received = delivered
    body = {"account_id": 3, "amount": -500, "merchant": "Whole Foods Market"}
    expect(alice.post("/api/transactions", json=body), 201)
    expect(alice.post("/api/transactions", json=body), 201)
    assert [(m["path"], m["to"], m["subject"]) for m in received] == [
        ("/admin/deliver", ["alice@example.test"], "Budget alert: Groceries at 83% for March 2026")
    ]
    assert "USD 587.35 on Groceries" in received[0]["body"]


def test_an_issued_invoice_is_mailed_to_the_customer(delivered: tuple[ApiClient, list]) -> None:
    alice, received = delivered
    expect(alice.post("/api/invoices/INV-0008/finalize"), 200)
    [mail] = received
    assert mail["to"] == ["accounts@initech.example", "alice@example.test"]
    assert mail["subject"] == "Invoice INV-0008 from Alice Martin"
    assert "Amount due: USD 350.00" in mail["body"]
    invoice = expect(alice.get("/api/invoices/INV-0008"), 200)
    assert invoice["issued_on"] not in mail["body"] and invoice["due_on"] not in mail["body"]
    assert re.search(r"issued on \w{3} \d{1,2} \w{3} \d{4}\.", mail["body"]), mail["body"]
    assert re.search(r", due by \w{3} \d{1,2} \w{3} \d{4}\.", mail["body"]), mail["body"]


def test_a_recurring_payment_goes_on_the_calendar_and_off_when_paused(
    delivered: tuple[ApiClient, list],
) -> None:
    alice, received = delivered
    body = {"account_id": 1, "payee": "Dropbox", "amount": 19.99, "next_date": "2026-03-20"}
    added = expect(alice.post("/api/recurring", json=body), 201)
    expect(alice.post(f"/api/recurring/{added['id']}/pause"), 200)
    assert [(m["path"], m["method"], m["uid"], m["start"]) for m in received] == [
        ("/admin/invitations", "request", "recurring-8@finance", "2026-03-20T09:00:00Z"),
        ("/admin/invitations", "cancel", "recurring-8@finance", "2026-03-20T09:00:00Z"),
    ]
    assert received[0]["title"] == "Payment: Dropbox USD 19.99"
