"""Approval, rejection and reimbursement mails go to the report's owner through the wired email
service (a fake inbox here; tests/services/test_notifications.py uses the real one)."""

from __future__ import annotations

import pytest

from tests.helpers import ApiClient, expect
from tests.service_fixtures import mail_fixtures

pytestmark = pytest.mark.process  # a real server mails a stand-in inbox on a port


globals().update(mail_fixtures("expense"))


def test_review_and_payment_mail_the_owner(inbox: tuple[ApiClient, list]) -> None:
    service, received = inbox
    bob, carol = service.as_user("bob", "bob-pass"), service.as_user("carol", "carol-pass")
    expect(bob.post("/api/reports/9/approve", json={}), 200)
    expect(bob.post("/api/reports/17/reject", json={"reason": "Chair is not covered"}), 200)
    expect(carol.post("/api/reports/9/reimburse", json={"reference": "ACH-42"}), 200)
    expect(bob.post("/api/reports/6/approve", json={}), 409)  # refused: nothing is mailed
    assert [(m["to"], m["subject"]) for m in received] == [
        (["alice@example.test"], "Expense report EXP-1009 approved: Team offsite Boston"),
        (["alice@example.test"], "Expense report EXP-1017 rejected: Home office setup"),
        (["alice@example.test"], "Expense report EXP-1009 reimbursed: Team offsite Boston"),
    ]
    rejected, paid = received[1], received[2]
    assert "Note: Chair is not covered" in rejected["body"]
    assert "Payment reference: ACH-42" in paid["body"] and "(863.02 USD)" in paid["body"]
    assert paid["sender"] == "expenses@example.com" and paid["labels"] == ["expenses"]
    assert expect(service.admin("GET", "/admin/undelivered"), 200) == []
