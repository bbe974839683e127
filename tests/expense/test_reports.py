"""Reports, items and receipts through the API: drafting, conversion at the seed's fixed rates,
policy flags, visibility, paging and search."""

from __future__ import annotations

import base64
from typing import Any

from tests.expense.conftest import DINNER_EUR, TAXI, new_draft
from tests.helpers import ApiClient, expect, expect_error
from tests.service_fixtures import OVER_HTTP_TOO


@OVER_HTTP_TOO
def test_reference_data_is_public(expense: ApiClient) -> None:
    policy = expect(expense.get("/api/policy"), 200)
    assert policy == {
        "name": "Northwind Traders",
        "base_currency": "USD",
        "receipt_required_above": 25.0,
    }
    rates = {c["code"]: c["rate"] for c in expect(expense.get("/api/currencies"), 200)["items"]}
    assert rates == {"CAD": 0.74, "CHF": 1.13, "EUR": 1.08, "GBP": 1.27, "JPY": 0.0067, "USD": 1.0}
    meals = next(
        c for c in expect(expense.get("/api/categories"), 200)["items"] if c["slug"] == "meals"
    )
    assert meals == {"slug": "meals", "name": "Meals", "limit": 75.0}


def test_me_shows_the_role(bob: ApiClient) -> None:
    me = expect(bob.get("/api/me"), 200)
    assert (me["username"], me["role"], me["department"]) == ("bob", "approver", "Sales")


def test_items_convert_at_fixed_rates_in_integer_cents(alice: ApiClient) -> None:
    report = new_draft(alice, TAXI, DINNER_EUR)
    dinner, taxi = report["items"]  # by date
    assert (taxi["amount"], taxi["currency"], taxi["base_amount"]) == (18.4, "USD", 18.4)
    # 92.50 EUR at 1.08 = 99.90 USD exactly; the meals limit is 75.00, so it is flagged
    assert (dinner["amount"], dinner["currency"], dinner["base_amount"]) == (92.5, "EUR", 99.9)
    assert dinner["over_limit"] and not taxi["over_limit"]
    assert report["total"] == 118.3 and report["flagged_items"] == 1
    # 33.33 CHF at 1.13 = 37.6629 USD, rounded to the cent: 37.66
    odd = {**TAXI, "amount": 33.33, "currency": "CHF"}
    item = expect(alice.post(f"/api/reports/{report['id']}/items", json=odd), 201)
    assert item["base_amount"] == 37.66
    assert expect(alice.get(f"/api/reports/{report['id']}"), 200)["total"] == 155.96


def test_changing_an_item_recomputes_amount_flag_and_total(alice: ApiClient) -> None:
    report = new_draft(alice, DINNER_EUR)
    item_id = report["items"][0]["id"]
    changed = expect(
        alice.patch(f"/api/reports/{report['id']}/items/{item_id}", json={"amount": 60}), 200
    )
    assert (changed["base_amount"], changed["over_limit"]) == (64.8, False)
    changed = expect(
        alice.patch(f"/api/reports/{report['id']}/items/{item_id}", json={"currency": "GBP"}),
        200,
    )
    assert (changed["base_amount"], changed["over_limit"]) == (76.2, True)
    expect(alice.delete(f"/api/reports/{report['id']}/items/{item_id}"), 204)
    assert expect(alice.get(f"/api/reports/{report['id']}"), 200)["total"] == 0


@OVER_HTTP_TOO
def test_bad_items_are_refused_naming_the_field(alice: ApiClient) -> None:
    report = new_draft(alice)
    url = f"/api/reports/{report['id']}/items"
    error = expect_error(alice.post(url, json={**TAXI, "currency": "XYZ"}), 422)
    assert "unknown currency 'XYZ'" in error["message"]
    assert "EUR" in error["message"]
    error = expect_error(alice.post(url, json={**TAXI, "category": "spa"}), 422)
    assert "unknown category 'spa'" in error["message"]
    error = expect_error(alice.post(url, json={**TAXI, "spent_on": "2026-03-09"}), 422)
    assert "spent_on 2026-03-09 is in the future" in error["message"]
    error = expect_error(alice.post(url, json={**TAXI, "amount": 10.005}), 422)
    assert "amount" in error["message"]
    expect_error(alice.post(url, json={**TAXI, "amount": 0}), 422)
    expect_error(alice.post(url, json={**TAXI, "tip": 2}), 422)
    assert expect(alice.get(f"/api/reports/{report['id']}"), 200)["items"] == []


@OVER_HTTP_TOO
def test_receipts_upload_download_and_clear_the_missing_flag(alice: ApiClient) -> None:
    report = new_draft(alice, DINNER_EUR)
    item = report["items"][0]
    assert item["receipt_missing"]
    url = f"/api/reports/{report['id']}/items/{item['id']}/receipts"
    pdf = b"%PDF-1.4 receipt"
    receipt = expect(
        alice.post(
            url,
            json={
                "filename": "lipp.pdf",
                "content_type": "application/pdf",
                "content_base64": base64.b64encode(pdf).decode(),
            },
        ),
        201,
    )
    assert (receipt["filename"], receipt["size"]) == ("lipp.pdf", len(pdf))
    download = alice.get(f"{url}/{receipt['id']}")
    assert download.status_code == 200 and download.content == pdf
    assert download.headers["Content-Type"] == "application/pdf"
    got = expect(alice.get(f"/api/reports/{report['id']}"), 200)["items"][0]
    assert not got["receipt_missing"] and got["receipts"][0]["id"] == receipt["id"]
    bad = {"filename": "x.pdf", "content_base64": "not base64!"}
    assert "not valid base64" in expect_error(alice.post(url, json=bad), 422)["message"]
    expect(alice.delete(f"{url}/{receipt['id']}"), 204)
    assert expect(alice.get(f"/api/reports/{report['id']}"), 200)["items"][0]["receipt_missing"]


def test_an_item_with_a_receipt_can_be_deleted(alice: ApiClient) -> None:
    """The receipt goes with it (its key to the item once failed the delete with a 500)."""
    report = new_draft(alice, DINNER_EUR)
    item = report["items"][0]
    url = f"/api/reports/{report['id']}/items/{item['id']}"
    body = {"filename": "r.pdf", "content_base64": base64.b64encode(b"%PDF").decode()}
    expect(alice.post(f"{url}/receipts", json=body), 201)
    expect(alice.delete(url), 204)
    assert expect(alice.get(f"/api/reports/{report['id']}"), 200)["items"] == []


def test_a_draft_with_items_and_receipts_can_be_deleted(alice: ApiClient) -> None:
    """Its receipts, then its items, then the report go (each key once failed it with a 500)."""
    report = new_draft(alice, DINNER_EUR, TAXI)
    item = report["items"][0]
    body = {"filename": "r.pdf", "content_base64": base64.b64encode(b"%PDF").decode()}
    url = f"/api/reports/{report['id']}/items/{item['id']}/receipts"
    expect(alice.post(url, json=body), 201)
    expect(alice.delete(f"/api/reports/{report['id']}"), 204)
    expect_error(alice.get(f"/api/reports/{report['id']}"), 404)
    listed = expect(alice.get("/api/reports"), 200)["items"]
    assert report["id"] not in [r["id"] for r in listed]


def test_items_keep_their_own_receipts_in_order(alice: ApiClient) -> None:
    """Items and receipts are read in one query: each item gets its receipts, oldest first,
    items by day spent (not by id), an item without receipts stays empty."""
    report = new_draft(alice, TAXI, DINNER_EUR, TAXI | {"spent_on": "2026-02-25"})
    taxi, dinner, early_taxi = sorted(item["id"] for item in report["items"])
    base = f"/api/reports/{report['id']}/items"
    names = {taxi: ["a.txt", "b.txt"], dinner: ["c.txt"]}
    for item_id, files in names.items():
        for name in files:
            body = {"filename": name, "content_base64": base64.b64encode(b"paid").decode()}
            expect(alice.post(f"{base}/{item_id}/receipts", json=body), 201)
    got = expect(alice.get(f"/api/reports/{report['id']}"), 200)["items"]
    assert [item["id"] for item in got] == [early_taxi, dinner, taxi]
    assert [[r["filename"] for r in item["receipts"]] for item in got] == [
        [],
        ["c.txt"],
        ["a.txt", "b.txt"],
    ]
    assert [item["receipt_missing"] for item in got] == [False, False, False]
    changed = expect(alice.patch(f"{base}/{taxi}", json={"merchant": "Green Cab"}), 200)
    assert changed == got[2] | {"merchant": "Green Cab"}


def test_drafts_are_private_and_submitted_reports_visible_to_reviewers(
    alice: ApiClient, bob: ApiClient, carol: ApiClient, expense: ApiClient
) -> None:
    draft = new_draft(alice, TAXI)
    assert expect(alice.get(f"/api/reports/{draft['id']}"), 200)["status"] == "draft"
    expect_error(bob.get(f"/api/reports/{draft['id']}"), 403)  # an approver
    expect_error(carol.get(f"/api/reports/{draft['id']}"), 403)  # finance
    expect_error(carol.get(f"/api/reports/code/{draft['code']}"), 403)
    dave = expense.as_user("dave", "dave-pass")
    expect_error(dave.get("/api/reports/9"), 403)  # alice's submitted report
    expect_error(dave.get("/api/reports/code/EXP-1009"), 403)
    assert expect(bob.get("/api/reports/9"), 200)["owner"]["username"] == "alice"
    assert expect(carol.get("/api/reports/9"), 200) == expect(alice.get("/api/reports/9"), 200)
    expect_error(dave.get("/api/reports", params={"scope": "team"}), 403)
    expect_error(alice.get("/api/reports/9999"), 404)


def test_listing_pages_filters_and_searches(alice: ApiClient, bob: ApiClient) -> None:
    mine = expect(alice.get("/api/reports"), 200)
    assert [r["code"] for r in mine["items"]] == ["EXP-1033", "EXP-1025", "EXP-1017", "EXP-1009"]
    team = expect(bob.get("/api/reports", params={"scope": "team", "per_page": 5}), 200)
    assert team["total"] == 30 and len(team["items"]) == 5
    assert all(r["owner"]["username"] != "bob" for r in team["items"])
    page2 = expect(bob.get("/api/reports", params={"scope": "team", "per_page": 5, "page": 2}), 200)
    assert not {r["id"] for r in page2["items"]} & {r["id"] for r in team["items"]}
    waiting = expect(bob.get("/api/reports", params={"scope": "team", "status": "submitted"}), 200)
    assert waiting["total"] == 7 and {r["status"] for r in waiting["items"]} == {"submitted"}
    found = expect(
        bob.get("/api/reports", params={"scope": "team", "q": "ZURICH", "owner": "lena"}), 200
    )
    assert [r["code"] for r in found["items"]] == ["EXP-1032"]
    by_code = expect(alice.get("/api/reports/code/EXP-1025"), 200)
    assert by_code["status"] == "approved" and by_code["reviewer"]["username"] == "bob"
    expect_error(alice.get("/api/reports", params={"sort": "total"}), 422)


def test_csv_export_has_one_line_per_item(alice: ApiClient, bob: ApiClient) -> None:
    report = new_draft(alice, TAXI, DINNER_EUR)
    response = alice.get("/api/export.csv", params={"report": report["code"]})
    assert response.status_code == 200 and response.headers["Content-Type"].startswith("text/csv")
    lines = response.text.splitlines()
    assert lines[0].startswith("report,owner,status,title,item_id,spent_on,merchant,category")
    assert lines[1].endswith("Brasserie Lipp,meals,,92.50,EUR,99.90,USD,yes,0")
    assert len(lines) == 3
    everything = alice.get("/api/export.csv").text.splitlines()
    assert len(everything) == 1 + 3 + 3 + 3 + 3 + 2
    team = bob.get("/api/export.csv", params={"scope": "team", "status": "reimbursed"}).text
    assert ",reimbursed," in team and ",submitted," not in team


PICTURES = {
    "till.png": (b"\x89PNG\r\n\x1a\n" + bytes(24), "image/png"),
    "till.jpg": (b"\xff\xd8\xff\xe0" + bytes(16), "image/jpeg"),
    "till.gif": (b"GIF89a" + bytes(16), "image/gif"),
    "till.webp": (b"RIFF\x10\x00\x00\x00WEBPVP8 " + bytes(8), "image/webp"),
    "till.pdf": (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "application/pdf"),
    "till.txt": ("Café Lipp\n92,50 €\n".encode(), "text/plain"),
}


@OVER_HTTP_TOO
def test_a_receipt_is_judged_by_its_content(alice: ApiClient) -> None:
    """Pictures, PDFs and text are attached with the type their first bytes show, whatever the
    uploader called them; any other file is refused, naming it and the kinds accepted, and
    nothing is attached."""
    report = new_draft(alice, DINNER_EUR)
    url = f"/api/reports/{report['id']}/items/{report['items'][0]['id']}/receipts"

    def upload(name: str, raw: bytes, declared: str = "application/octet-stream") -> Any:
        body = {"filename": name, "content_type": declared, "content_base64": _b64(raw)}
        return alice.post(url, json=body)

    for name, (raw, shown) in PICTURES.items():
        assert expect(upload(name, raw), 201)["content_type"] == shown, name
    assert (
        expect(upload("scan.png", PICTURES["till.pdf"][0], "image/png"), 201)["content_type"]
        == "application/pdf"
    )
    for name, raw in {
        "notes.docx": b"PK\x03\x04\x14\x00\x06\x00" + bytes(20),
        "setup.exe": b"MZ\x90\x00\x03\x00\x00\x00",
        "fake.png": b"\x00\x01\x02 not a picture",
    }.items():
        error = expect_error(upload(name, raw, "image/png"), 422)
        assert error["message"] == (
            f"content_base64: {name!r} is not a receipt picture or PDF: its content is none of "
            "a PNG, JPEG, GIF or WebP picture, a PDF or plain text (UTF-8)"
        )
        assert error["details"][0]["loc"] == ["body", "content_base64"]
    receipts = expect(alice.get(f"/api/reports/{report['id']}"), 200)["items"][0]["receipts"]
    assert sorted(r["filename"] for r in receipts) == sorted([*PICTURES, "scan.png"])


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode()
