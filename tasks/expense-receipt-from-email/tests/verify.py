#!/usr/bin/env python3
"""Verifier of expense-receipt-from-email: the hand-entered hotel item of Alice's open ITB
report now carries the March invoice's total, currency, date and category (goal), the invoice
file from the mail is its receipt, uploaded through the service (goal), and the report is
submitted (goal); nothing else changed in expense, field by field, no other report was acted
on, and in the mail app at most messages were marked read."""

import base64
from functools import cache

from mock_services.verify import (
    ANY,
    Added,
    Changed,
    Verifier,
    all_calls_as,
    calls,
    expect_changes,
    never_called,
    query,
    route_matches,
    satisfies,
)

verifier = Verifier("expense-receipt-from-email")

TRIP_REPORT = "EXP-4101"  # Alice's open draft for the ITB trip
EXPECTED_AMOUNT_CENTS = 60953  # the invoice's TOTAL, EUR 609.53
EXPECTED_CURRENCY = "EUR"
EXPECTED_BASE_CENTS = 65829  # 609.53 EUR at the seed's 1.08
EXPECTED_SPENT_ON = "2026-03-05"  # the invoice date
EXPECTED_CATEGORY = "lodging"
INVOICE_FILENAME = "Invoice_ADL-2026-58213.pdf"  # the attachment of the hotel's March mail
FORBIDDEN_MAIL = ("POST /api/*", "DELETE /api/*", "PUT /api/*", "POST /compose*")


@cache
def trip() -> dict:
    (report,) = query("expense", "SELECT * FROM reports WHERE code = ?", (TRIP_REPORT,))
    return report


@cache
def seeded_hotel_item() -> dict:
    """The item Alice entered by hand from the booking confirmation."""
    (item,) = query(
        "expense",
        "SELECT * FROM items WHERE report_id = ? AND merchant LIKE '%Adlon%'",
        (trip()["id"],),
        seed=True,
    )
    return item


@cache
def invoice_bytes() -> bytes:
    (row,) = query(
        "email",
        "SELECT content_base64 FROM attachments WHERE filename = ? LIMIT 1",
        (INVOICE_FILENAME,),
        seed=True,
    )
    return base64.b64decode(row["content_base64"])


def is_the_invoice(content_base64: object) -> bool:
    try:
        return base64.b64decode(str(content_base64)) == invoice_bytes()
    except ValueError:
        return False


def api_and_ui(method: str, path: str) -> tuple[str, str]:
    """A route of the expense app as the API (under /api) and the web UI spell it."""
    return f"{method} /api{path}", f"{method} {path}"


def succeeded(method: str, path: str) -> bool:
    """A call to the route (API or web UI) that the service carried out."""
    return any(
        route_matches(entry, route) and entry.status in (200, 201, 303)
        for entry in calls("expense")
        for route in api_and_ui(method, path)
    )


def hotel_item() -> dict:
    """The one hotel item of the trip's report now (whether the seeded one or not)."""
    items = query(
        "expense",
        "SELECT items.*, categories.slug AS category FROM items "
        "JOIN categories ON categories.id = items.category_id "
        "WHERE report_id = ? AND merchant LIKE '%Adlon%'",
        (trip()["id"],),
    )
    assert len(items) == 1, f"{len(items)} hotel items in {TRIP_REPORT}, expected one"
    return items[0]


@verifier.checkpoint(
    weight=3,
    goal=True,
    rationale="the trip's one hotel item has the invoice's total, currency, date and category",
)
def invoice_filed() -> bool:
    item = hotel_item()
    found = (item["amount_cents"], item["currency"], str(item["spent_on"]), item["category"])
    expected = (EXPECTED_AMOUNT_CENTS, EXPECTED_CURRENCY, EXPECTED_SPENT_ON, EXPECTED_CATEGORY)
    assert found == expected, f"hotel item is {found}"
    return True


@verifier.checkpoint(
    weight=2,
    goal=True,
    rationale="the invoice file from the mail is the hotel item's receipt, uploaded in the app",
)
def receipt_attached() -> bool:
    item_id = hotel_item()["id"]
    receipts = query("expense", "SELECT * FROM receipts WHERE item_id = ?", (item_id,))
    assert [is_the_invoice(r["content_base64"]) for r in receipts] == [True], (
        f"receipts of the hotel item: {[r['filename'] for r in receipts]}"
    )
    path = f"/reports/{trip()['id']}/items/{item_id}/receipts"
    assert succeeded("POST", path), "no receipt upload through the expense app"
    return True


@verifier.checkpoint(weight=2, goal=True, rationale="the trip's report is submitted for approval")
def report_submitted() -> bool:
    assert trip()["status"] == "submitted", f"{TRIP_REPORT} is {trip()['status']}"
    assert succeeded("POST", f"/reports/{trip()['id']}/submit"), "no submit call succeeded"
    return True


def expected_total() -> int:
    """The trip's seeded total with the hotel item at the invoice's amount."""
    (seeded,) = query("expense", "SELECT * FROM reports WHERE code = ?", (TRIP_REPORT,), seed=True)
    return seeded["total_cents"] - seeded_hotel_item()["base_cents"] + EXPECTED_BASE_CENTS


def other_report_routes() -> list[str]:
    others = query("expense", "SELECT id FROM reports WHERE code != ?", (TRIP_REPORT,), seed=True)
    return [
        route
        for r in others
        for path in (f"/reports/{r['id']}", f"/reports/{r['id']}/*")
        for route in api_and_ui("*", path)
    ]


@verifier.checkpoint(
    weight=3,
    rationale="only the hotel item, its receipt and the submission changed; no other report used",
)
def expense_nothing_else() -> bool:
    item_id = seeded_hotel_item()["id"]
    expect_changes(
        "expense",
        [
            Changed(
                "items",
                match={"id": item_id},
                fields={
                    "amount_cents": EXPECTED_AMOUNT_CENTS,
                    "base_cents": EXPECTED_BASE_CENTS,
                    "currency": EXPECTED_CURRENCY,
                    "spent_on": EXPECTED_SPENT_ON,
                    "merchant": ANY,
                    "description": ANY,
                },
            ),
            Added(
                "receipts",
                fields={
                    "item_id": item_id,
                    "content_base64": satisfies("the invoice's bytes", is_the_invoice),
                },
                others=ANY,
            ),
            Changed(
                "reports",
                match={"code": TRIP_REPORT},
                fields={
                    "status": "submitted",
                    "submitted_at": ANY,
                    "total_cents": expected_total(),
                },
            ),
        ],
    ).check()
    never_called("expense", *api_and_ui("POST", "/reports"), *other_report_routes()).check()
    all_calls_as("expense", "alice").check()
    return True


@verifier.checkpoint(weight=3, rationale="in the mail app, at most messages were marked read")
def mail_untouched() -> bool:
    expect_changes("email", [Changed("messages", count=None, fields={"is_read": True})]).check()
    never_called("email", *FORBIDDEN_MAIL).check()
    return True


if __name__ == "__main__":
    verifier.main()
