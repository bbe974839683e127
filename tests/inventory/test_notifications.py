"""What the Inventory tells other services, over a real server whose deliveries go to a stand-in
for the email service and the calendar: a sent purchase order is mailed to its supplier (a copy
to the sender) and its delivery put on the calendar, its cancellation mailed and the delivery
taken off; a low-stock crossing is mailed to the managers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mock_services.inventory.service import default_seed
from tests.conftest import running_service
from tests.helpers import ApiClient, expect, fake_inbox

pytestmark = pytest.mark.process  # a real server delivers to a stand-in on a port


@pytest.fixture(scope="module")
def wired(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ApiClient, list]]:
    with fake_inbox() as (url, received):
        seed = {
            **default_seed(),
            "notifications": {"email_url": url, "services": {"calendar": url}},
        }
        with running_service("inventory", tmp_path_factory.mktemp("inventory"), seed) as process:
            yield ApiClient(process.url, process.admin_token), received


@pytest.fixture
def delivered(wired: tuple[ApiClient, list]) -> tuple[ApiClient, list]:
    client, received = wired
    expect(client.admin("POST", "/admin/reset"), 200)
    received.clear()
    return client, received


def test_a_sent_purchase_order_is_mailed_and_put_on_the_calendar(
    delivered: tuple[ApiClient, list],
) -> None:
    service, received = delivered
    alice = service.as_user("alice", "alice-pass")
    expect(alice.post("/api/purchase-orders/PO-1006/send"), 200)
    mail, invitation = sorted(received, key=lambda d: d["path"])
    assert mail["path"] == "/admin/deliver"
    assert (mail["sender"], mail["to"], mail["subject"]) == (
        "alice@example.test",
        ["sales@pacifictextile.example", "alice@example.test"],
        "Purchase order PO-1006",
    )
    assert mail["body"].startswith("Dear Marco Bellini,\n\nPlease supply:\n\n- JKT-RN-M")
    assert "Deliver to: East Coast DC, 400 Port St, Newark, NJ 07114" in mail["body"]
    assert invitation["path"] == "/admin/invitations"
    assert (invitation["method"], invitation["uid"], invitation["attendees"]) == (
        "request",
        "po-1006@inventory",
        ["alice@example.test"],
    )
    assert (invitation["title"], invitation["start"], invitation["end"]) == (
        "Delivery PO-1006 from Pacific Textile Co.",
        "2026-03-22T09:00:00Z",
        "2026-03-22T10:00:00Z",
    )
    received.clear()
    expect(alice.post("/api/purchase-orders/PO-1006/cancel", json={"reason": "Overstock"}), 200)
    cancelled = {d["path"]: d for d in received}
    assert cancelled["/admin/deliver"]["subject"] == "Cancelled: purchase order PO-1006"
    assert "Reason: Overstock" in cancelled["/admin/deliver"]["body"]
    assert cancelled["/admin/invitations"]["method"] == "cancel"


def test_a_low_stock_crossing_is_mailed_to_the_managers_once(
    delivered: tuple[ApiClient, list],
) -> None:
    service, received = delivered
    bob = service.as_user("bob", "bob-pass")
    body = {"sku": "LMP-HD", "bin": "WEST-B-01", "reason": "damage", "change": -1}
    expect(bob.post("/api/stock/adjustments", json=body), 201)
    expect(bob.post("/api/stock/adjustments", json=body), 201)  # already low: no second mail
    [mail] = received
    assert (mail["to"], mail["subject"], mail["sender"]) == (
        ["alice@example.test"],
        "Low stock: LMP-HD Headlamp 350 lm",
        "inventory@example.test",
    )
    assert mail["body"].startswith(
        "LMP-HD (Headlamp 350 lm) is down to 15 each available, at or below its reorder point of 15"
    )
    assert "Supplier: Northstar Electronics <b2b@northstar-elec.example>" in mail["body"]
