"""Flight operations (admin token): delays, gates, cancellations, announcements and the mails
sent to the owners of affected bookings."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from mock_services.core.base.keys import delivery_token
from tests.airline.conftest import assert_export_round_trips, flight_id, test_seed
from tests.helpers import ApiClient, expect, expect_error

pytestmark = pytest.mark.process  # a stand-in mail server listens on a port


class _Mailbox(BaseHTTPRequestHandler):
    received: list[dict[str, Any]] = []

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length", 0))
        payload = json.loads(self.rfile.read(length))
        self.received.append(
            {
                "path": self.path,
                "admin_token": self.headers.get("X-Admin-Token"),
                "token": self.headers.get("X-Delivery-Token"),
                **payload,
            }
        )
        self.send_response(201)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *_args: Any) -> None:
        pass


class Mailbox:
    """A stand-in for the email service's POST /admin/deliver."""

    def __init__(self, server: ThreadingHTTPServer) -> None:
        self.mail_url = f"http://127.0.0.1:{server.server_address[1]}"
        self.received = _Mailbox.received


@pytest.fixture(scope="module")
def mailbox() -> Iterator[Mailbox]:
    _Mailbox.received = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Mailbox)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield Mailbox(server)
    server.shutdown()


@pytest.fixture(scope="module")
def airline(start_airline, mailbox) -> ApiClient:  # type: ignore[no-untyped-def]
    return start_airline(test_seed(notifications={"email_url": mailbox.mail_url}))


def _update(client: ApiClient, fid: int, **body: Any) -> Any:
    return client.admin("PATCH", f"/api/admin/flights/{fid}", json=body)


def test_operations_need_the_admin_token(airline: ApiClient, alice: ApiClient) -> None:
    fid = flight_id(airline, "TS104", "2026-03-03")
    refused = alice.patch(f"/api/admin/flights/{fid}", json={"gate": "A1"})
    assert "X-Admin-Token" in expect_error(refused, 401)["message"]
    posted = alice.post("/api/admin/announcements", json={"flight_id": fid, "message": "hi"})
    expect_error(posted, 401)


def test_delay_announces_and_mails_passengers(
    airline: ApiClient, alice: ApiClient, mailbox: Any
) -> None:
    fid = flight_id(airline, "TS100", "2026-03-03")
    before = len(airline.audit())
    result = expect(_update(airline, fid, delay_minutes=90, reason="crew rest"), 200)
    f = result["flight"]
    assert (f["status"], f["delay_minutes"], f["status_reason"]) == ("delayed", 90, "crew rest")
    assert f["estimated_departure"] == "2026-03-03T21:30:00Z"
    assert f["estimated_departure_local"] == "2026-03-03T16:30:00-05:00"
    assert f["estimated_arrival"] == "2026-03-03T22:45:00Z"
    assert f["estimated_arrival_local"] == "2026-03-03T17:45:00-05:00"
    assert f["scheduled_departure"] == "2026-03-03T20:00:00Z"
    assert expect(airline.get(f"/api/flights/{fid}"), 200) == f  # the read by id: one query
    [note] = result["announcements"]
    assert note["kind"] == "delay" and note["flight_number"] == "TS100"
    assert "delayed by 90 minutes" in note["message"] and "16:30 local time" in note["message"]
    assert "crew rest" in note["message"]
    assert result["notified_bookings"] == ["ALICE1", "ALICE4"]
    mails = [m for m in mailbox.received if "delayed" in m["subject"]]
    assert [m["subject"] for m in mails] == [
        "Flight TS100 on 2026-03-03 is delayed (booking ALICE1)",
        "Flight TS100 on 2026-03-03 is delayed (booking ALICE4)",
    ]
    assert all(m["to"] == ["alice@example.test"] for m in mails)
    assert mails[0]["path"] == "/admin/deliver" and mails[0]["token"] == delivery_token()
    assert mails[0]["admin_token"] is None, "the admin token left the service"
    assert "16:30 local time" in mails[0]["body"]
    assert "http://localhost:5000/bookings/ALICE1" in mails[0]["body"]

    entry = airline.audit()[before:][-1]
    assert entry["method"] == "PATCH" and entry["status"] == 200
    changed = {(c["table"], c["action"]) for c in entry["changes"]}
    assert {("flights", "update"), ("announcements", "insert")} <= changed
    flight_change = next(c for c in entry["changes"] if c["table"] == "flights")
    assert flight_change["before"]["status"] == "scheduled"
    assert flight_change["after"]["status"] == "delayed"

    # the check-in window follows the new departure time
    early = expect_error(alice.post("/api/bookings/ALICE1/check-in", json={}), 409)
    assert "opens at 2026-03-02T21:30:00Z" in early["message"]

    back = expect(_update(airline, fid, delay_minutes=0), 200)
    assert back["flight"]["status"] == "scheduled" and back["flight"]["estimated_departure"] is None
    assert "back on schedule" in back["announcements"][0]["message"]


def test_gate_change_is_announced_without_mail(airline: ApiClient, mailbox: Any) -> None:
    fid = flight_id(airline, "TS100", "2026-03-02")
    sent = len(mailbox.received)
    result = expect(_update(airline, fid, gate="c12"), 200)
    assert result["flight"]["gate"] == "C12"
    assert result["announcements"][0]["message"].endswith("now departing from gate C12 (was B7).")
    assert result["notified_bookings"] == [] and len(mailbox.received) == sent


def test_cancellation_offers_free_change_or_full_refund(
    airline: ApiClient, bob: ApiClient, mailbox: Any
) -> None:
    fid = flight_id(airline, "TS100", "2026-03-02")
    result = expect(_update(airline, fid, status="cancelled", reason="storm"), 200)
    assert result["flight"]["status"] == "cancelled"
    assert result["announcements"][0]["kind"] == "cancellation"
    assert result["notified_bookings"] == ["BOBBY1"]
    mail = mailbox.received[-1]
    assert mail["to"] == ["bob@example.test"]
    assert mail["subject"] == "Flight TS100 on 2026-03-02 is cancelled (booking BOBBY1)"
    assert "storm" in mail["body"] and "full refund" in mail["body"]

    refused = expect_error(bob.post("/api/bookings/BOBBY1/check-in", json={}), 409)
    assert "is cancelled" in refused["message"]
    quote = expect(bob.get("/api/bookings/BOBBY1/cancellation"), 200)
    assert quote["flight_cancelled_by_airline"] is True
    assert quote["refund_to_original_payment"] == quote["total_paid"] == 435.0
    assert quote["cancellation_fee"] == 0.0
    again = expect_error(_update(airline, fid, status="scheduled"), 409)
    assert "is cancelled; its status can no longer change" in again["message"]


def test_status_transitions(airline: ApiClient, alice: ApiClient) -> None:
    fid = flight_id(airline, "TS200", "2026-03-02")
    wrong = expect_error(_update(airline, fid, status="landed"), 409)
    assert (
        "it cannot become landed (allowed: boarding, cancelled, delayed, departed)"
        in wrong["message"]
    )
    bad = expect_error(_update(airline, fid, status="cancelled", delay_minutes=30), 422)
    assert "cannot also be delayed" in bad["message"]
    needs = expect_error(_update(airline, fid, status="delayed"), 422)
    assert "needs 'delay_minutes'" in needs["message"]
    expect_error(_update(airline, fid), 422)
    expect_error(_update(airline, 9999, gate="A1"), 404)
    boarding = expect(_update(airline, fid, status="boarding", gate="A9"), 200)
    kinds = [a["kind"] for a in boarding["announcements"]]
    assert kinds == ["status", "gate_change"]
    departed = expect(_update(airline, fid, status="departed"), 200)
    assert departed["flight"]["status"] == "departed"
    late = expect_error(alice.post("/api/bookings/ALICE2/cancel", json={}), 409)
    assert "has already departed" in late["message"]
    no_delay = expect_error(_update(airline, fid, delay_minutes=20), 409)
    assert "has departed" in no_delay["message"]
    landed = expect(_update(airline, fid, status="landed"), 200)
    assert "has landed in London" in landed["announcements"][0]["message"]


def test_announcement_board(airline: ApiClient) -> None:
    fid = flight_id(airline, "TS304", "2026-03-04")
    created = airline.admin(
        "POST", "/api/admin/announcements", json={"flight_id": fid, "message": "Extra snacks."}
    )
    note = expect(created, 201)
    assert note["kind"] == "info" and note["flight_number"] == "TS304"
    expect_error(
        airline.admin("POST", "/api/admin/announcements", json={"flight_id": 999, "message": "x"}),
        404,
    )
    everything = expect(airline.get("/api/announcements"), 200)
    assert everything["items"][0]["id"] == note["id"]  # newest first
    assert everything["total"] >= 8
    by_flight = expect(airline.get("/api/announcements", params={"flight_number": "ts302"}), 200)
    assert [a["message"] for a in by_flight["items"]] == ["TS302 is cancelled (strike)."]
    delays = expect(airline.get("/api/announcements", params={"kind": "delay"}), 200)
    assert delays["total"] == 2 and all(a["kind"] == "delay" for a in delays["items"])
    dated = expect(
        airline.get("/api/announcements", params={"date": "2026-03-04", "flight_id": fid}), 200
    )
    assert [a["id"] for a in dated["items"]] == [note["id"]]
    paged = expect(airline.get("/api/announcements", params={"per_page": 2, "page": 2}), 200)
    assert len(paged["items"]) == 2 and paged["total"] == everything["total"]


def test_booking_confirmation_is_mailed(airline: ApiClient, bob: ApiClient, mailbox: Any) -> None:
    fid = flight_id(airline, "TS101", "2026-03-05")
    body = {
        "flight_id": fid,
        "passengers": [
            {"first_name": "Bob", "last_name": "Chen", "date_of_birth": "1979-01-22", "seat": "12F"}
        ],
        "payment_method_id": 3,
        "use_travel_credit": True,
    }
    booking = expect(bob.post("/api/bookings", json=body), 201)
    mail = mailbox.received[-1]
    assert mail["subject"] == f"Booking confirmed: {booking['reference']}"
    assert mail["to"] == ["bob@example.test"] and mail["sender_name"] == "LightCloud Airways"
    assert "TS101 BOS-JFK on 2026-03-05" in mail["body"]
    assert "Total paid: $215.00 (VISA ****1111, $20.00 of it with travel credit)" in mail["body"]


def test_booking_cancellation_is_mailed(airline: ApiClient, bob: ApiClient, mailbox: Any) -> None:
    fid = flight_id(airline, "TS101", "2026-03-05")
    body = {
        "flight_id": fid,
        "passengers": [{"first_name": "Bob", "last_name": "Chen", "date_of_birth": "1979-01-22"}],
        "payment_method_id": 3,
        "use_travel_credit": False,
    }
    reference = expect(bob.post("/api/bookings", json=body), 201)["reference"]
    cancelled = bob.post(f"/api/bookings/{reference}/cancel", json={})
    assert expect(cancelled, 200)["status"] == "cancelled"
    mail = mailbox.received[-1]
    assert mail["subject"] == f"Booking cancelled: {reference}"
    assert mail["to"] == ["bob@example.test"] and mail["sender_name"] == "LightCloud Airways"
    said = mail["body"]
    assert said.startswith("Dear Bob Chen,") and "TS101 BOS-JFK on 2026-03-05" in said
    assert "Refund: $100.00 to VISA ****1111\n" in said  # the $200 fare less the fee
    assert "Cancellation fee: $100.00" in said
    assert f"/bookings/{reference}" in said


def test_export_after_activity_reseeds_identically(airline: ApiClient, tmp_path: Path) -> None:
    assert_export_round_trips(airline, tmp_path)
