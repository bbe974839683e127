"""Approval, rejection and reimbursement mails go to the report's owner through the wired email
service (a fake inbox here; tests/services/test_notifications.py uses the real one)."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from mock_services.expense.service import default_seed
from tests.conftest import running_service
from tests.helpers import ApiClient, expect


class _Inbox(BaseHTTPRequestHandler):
    received: list[dict[str, Any]] = []

    def do_POST(self) -> None:
        self.received.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(b'{"delivered": 1}')

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def wired(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ApiClient]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Inbox)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    seed = {**default_seed(), "notifications": {"email_url": url}}
    with running_service("expense", tmp_path_factory.mktemp("expense-mail"), seed) as process:
        yield ApiClient(process.url, process.admin_token)
    server.shutdown()


def test_review_and_payment_mail_the_owner(wired: ApiClient) -> None:
    expect(wired.admin("POST", "/admin/reset"), 200)
    _Inbox.received.clear()
    bob, carol = wired.as_user("bob", "bob-pass"), wired.as_user("carol", "carol-pass")
    expect(bob.post("/api/reports/9/approve", json={}), 200)
    expect(bob.post("/api/reports/17/reject", json={"reason": "Chair is not covered"}), 200)
    expect(carol.post("/api/reports/9/reimburse", json={"reference": "ACH-42"}), 200)
    expect(bob.post("/api/reports/6/approve", json={}), 409)  # refused: nothing is mailed
    assert [(m["to"], m["subject"]) for m in _Inbox.received] == [
        (["alice@example.test"], "Expense report EXP-1009 approved: Team offsite Boston"),
        (["alice@example.test"], "Expense report EXP-1017 rejected: Home office setup"),
        (["alice@example.test"], "Expense report EXP-1009 reimbursed: Team offsite Boston"),
    ]
    rejected, paid = _Inbox.received[1], _Inbox.received[2]
    assert "Note: Chair is not covered" in rejected["body"]
    assert "Payment reference: ACH-42" in paid["body"] and "(863.02 USD)" in paid["body"]
    assert paid["sender"] == "expenses@example.com" and paid["labels"] == ["expenses"]
    assert expect(wired.admin("GET", "/admin/undelivered"), 200) == []
