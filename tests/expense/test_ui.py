"""The web UI: my reports, a report page with its forms, the review queue, refused actions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.expense.conftest import DINNER_EUR, TAXI, new_draft
from tests.form_assertions import as_browser, assert_action_refused, assert_form_refused
from tests.helpers import ApiClient, expect, log_in


def test_pages_need_a_login(expense: ApiClient) -> None:
    response = expense.get("/", allow_redirects=False)
    assert response.status_code == 302 and "/login" in response.headers["Location"]


def test_reports_page_lists_and_filters_my_reports(alice: ApiClient) -> None:
    alice = as_browser(alice)
    html = alice.get("/").text
    assert "My reports (4)" in html and 'data-code="EXP-1033"' in html
    html = alice.get("/", params={"status": "approved", "utm": "x"}).text
    assert "My reports (1)" in html and 'data-code="EXP-1025"' in html
    assert 'id="nav-review"' not in html  # employees have no review queue


def test_review_queue_shows_what_each_role_acts_on(bob: ApiClient, carol: ApiClient) -> None:
    html = as_browser(bob).get("/review").text
    assert "Team reports (7)" in html and 'data-code="EXP-1009"' in html
    assert 'data-code="EXP-1010"' not in html  # bob's own report
    html = as_browser(carol).get("/review").text
    assert "Team reports (4)" in html and 'data-code="EXP-1025"' in html


def test_the_review_queue_approves_and_rejects_by_row(bob: ApiClient) -> None:
    """Each waiting card has its own Approve and Reject (with a reason), named by its report;
    acting on one goes back to the queue."""
    bob = as_browser(bob)
    html = bob.get("/review").text
    assert 'aria-label="Approve EXP-1009 of' in html and 'for="reason-9"' in html
    done = bob.post("/reports/9/approve", data={"back": "/review?status=submitted"})
    assert done.status_code == 200 and "Report EXP-1009 is approved." in done.text
    assert 'data-code="EXP-1009"' not in done.text  # no longer waiting
    assert expect(bob.get("/api/reports/9"), 200)["status"] == "approved"
    refused = bob.post("/reports/17/reject", data={"back": "/review", "reason": "Too much"})
    assert "Report EXP-1017 is rejected." in refused.text
    assert expect(bob.get("/api/reports/17"), 200)["review_note"] == "Too much"


def test_the_review_queue_lists_every_status_when_any_is_chosen(bob: ApiClient) -> None:
    """ "any" is a value of its own: a blank one is dropped from the address, and the page's
    default ("submitted") would come back instead."""
    bob = as_browser(bob)
    waiting = bob.get("/review").text
    everything = bob.get("/review", params={"status": "any"}).text
    assert "Team reports (7)" in waiting
    assert '<option value="any" selected>any</option>' in everything
    count = int(everything.split("Team reports (")[1].split(")")[0])
    assert count > 7, f"expected more than the 7 waiting reports with any status, got {count}"


def test_a_refused_rejection_in_the_review_queue_keeps_its_reason(
    expense: ApiClient, bob: ApiClient
) -> None:
    """The queue holds a reject form per report: the refused one comes back with the reason
    typed and its message by that report's field, not by another's."""
    browser = as_browser(bob)
    queue = browser.get("/review").text
    assert 'id="reason-32"' in queue, "expected EXP-1032 waiting in bob's review queue"
    too_long = "x" * 1001
    refused = browser.post(
        "/reports/32/reject",
        data={"reason": too_long, "back": "/review"},
        headers={"Referer": expense.base_url + "/review"},
    )
    assert_form_refused(
        refused, errors={"reason": "at most 1000 characters"}, kept={"reason": too_long}
    )
    assert refused.text.count('class="field-error"') == 1, "only the refused report's form"
    assert expect(bob.get("/api/reports/32"), 200)["status"] == "submitted"


def test_refused_form_action_shows_the_reason(expense: ApiClient, bob: ApiClient) -> None:
    bob = as_browser(bob)
    response = bob.post(
        "/reports/10/approve", headers={"Referer": expense.base_url + "/reports/10"}
    )
    assert_action_refused(response, 403, "cannot approve your own report EXP-1010")
    assert expect(bob.get("/api/reports/10"), 200)["status"] == "submitted"


@pytest.mark.browser
def test_draft_submit_approve_and_reimburse_through_the_browser(
    expense: ApiClient, page: Any, tmp_path: Path
) -> None:
    base = expense.base_url

    def log_in_as(username: str) -> None:
        page.context.clear_cookies()
        log_in(page, base, username, f"{username}-pass", "/")

    log_in_as("alice")
    page.fill("#title", "Paris client visit")
    page.click("#create")
    assert "Draft EXP-1037 created." in page.inner_text("[role=alert]")
    page.fill("#spent_on", "2026-02-27")
    page.fill("#merchant", "Brasserie Lipp")
    page.select_option("#category", "meals")
    page.fill("#amount", "92.50")
    page.select_option("#currency", "EUR")
    page.click("#add")
    assert "Over the policy limit!" in page.inner_text("[role=alert]")
    assert page.inner_text("#total") == "USD 99.90"
    page.click("#submit")
    assert "missing for Brasserie Lipp, Fri 27 Feb, EUR 92.50" in page.inner_text("[role=alert]")
    receipt = tmp_path / "lipp.txt"
    receipt.write_text("Brasserie Lipp 92.50 EUR")
    item_row = page.locator("#items tr[data-item]")
    item_row.locator("input[type=file]").set_input_files(str(receipt))
    item_row.locator("button.upload").click()
    assert "Attached lipp.txt to Brasserie Lipp, Fri 27 Feb, in EXP-1037." in page.inner_text(
        "[role=alert]"
    )
    page.click("#submit")
    assert page.inner_text("#status") == "Submitted"

    log_in_as("bob")
    page.click("#nav-review")
    page.click("[data-code=EXP-1037] .code a")  # its card in the review queue
    assert "over limit" in page.inner_text("#items")
    page.fill("#note", "OK for a client dinner")
    page.click("#approve")
    assert page.inner_text("#status") == "Approved"

    log_in_as("carol")
    page.goto(f"{base}/reports/37")
    page.fill("#reference", "ACH-900")
    page.click("#reimburse")
    assert page.inner_text("#status") == "Reimbursed"
    assert "ACH-900" in page.inner_text("#reimbursement")

    alice = expense.as_user("alice", "alice-pass")
    report = expect(alice.get("/api/reports/37"), 200)
    assert (report["status"], report["total"]) == ("reimbursed", 99.9)
    assert report["items"][0]["receipts"][0]["filename"] == "lipp.txt"
    assert (
        report["reviewer"]["username"] == "bob"
        and report["review_note"] == "OK for a client dinner"
    )


@pytest.mark.browser
def test_removing_an_expense_asks_first(live_service: Any, page: Any) -> None:
    """Removing an expense opens a dialog: "Don't ..." keeps it, confirming removes it."""
    alice = live_service("expense").as_user("alice", "alice-pass")
    draft = new_draft(alice, TAXI, DINNER_EUR)
    log_in(page, alice.base_url, "alice", "alice-pass", f"/reports/{draft['id']}")
    page.wait_for_url(f"{alice.base_url}/reports/{draft['id']}")
    label = "Remove Yellow Cab, Fri 27 Feb, USD 18.40"
    dialog = page.get_by_role("dialog")
    assert not dialog.is_visible()

    page.get_by_role("button", name=f"{label}…", exact=True).click()
    assert "Remove the expense Yellow Cab, Fri 27 Feb" in dialog.inner_text()
    dialog.get_by_role("button", name=f"Don't r{label[1:]}", exact=True).click()
    assert not dialog.is_visible()
    items = expect(alice.get(f"/api/reports/{draft['id']}"), 200)["items"]
    assert sorted(i["merchant"] for i in items) == ["Brasserie Lipp", "Yellow Cab"]

    page.get_by_role("button", name=f"{label}…", exact=True).click()
    dialog.get_by_role("button", name=f"Yes, r{label[1:]}", exact=True).click()
    assert "Yellow Cab" not in page.inner_text("#items")
    items = expect(alice.get(f"/api/reports/{draft['id']}"), 200)["items"]
    assert [i["merchant"] for i in items] == ["Brasserie Lipp"]


def test_a_text_receipt_is_drawn_as_a_paper_slip(alice: ApiClient) -> None:
    """The report page shows a thumbnail of each text receipt: its text drawn as a slip (SVG),
    the same picture for the same text."""
    found = None
    for summary in expect(alice.get("/api/reports"), 200)["items"]:
        report = expect(alice.get(f"/api/reports/{summary['id']}"), 200)
        for item in report["items"]:
            for receipt in item["receipts"]:
                if receipt["content_type"].startswith("text/"):
                    found = (report["id"], item["id"], receipt["id"], item["merchant"])
    assert found, "alice has a text receipt in the seed"
    report_id, item_id, receipt_id, merchant = found
    address = f"/reports/{report_id}/items/{item_id}/receipts/{receipt_id}/picture.svg"
    browser = as_browser(alice)
    assert address in browser.get(f"/reports/{report_id}").text
    picture = browser.get(address)
    assert picture.headers["Content-Type"].startswith("image/svg+xml")
    assert picture.text.startswith("<svg") and 'role="img"' in picture.text
    assert picture.text == browser.get(address).text
    assert "Receipt " in picture.text and merchant.split()[0] in picture.text


def test_a_file_that_is_no_receipt_is_refused_by_the_upload_field(alice: ApiClient) -> None:
    """The upload form refuses what the API refuses (a ZIP named like a PDF), the message by
    its file field, naming the file and the kinds accepted; nothing is attached."""
    report = new_draft(alice, DINNER_EUR)
    item = report["items"][0]
    zipped = b"PK\x03\x04\x14\x00\x06\x00" + bytes(20)
    page = as_browser(alice).post(
        f"/reports/{report['id']}/items/{item['id']}/receipts",
        files={"receipt": ("invoice.pdf", zipped, "application/pdf")},
        headers={"Referer": f"{alice.base_url}/reports/{report['id']}"},
    )
    assert page.status_code == 422
    field = page.text[page.text.index(f'id="receipt-{item["id"]}"') :][:600]
    assert "&#39;invoice.pdf&#39; is not a receipt picture or PDF" in field
    assert "PNG, JPEG, GIF or WebP picture, a PDF or plain text" in field
    assert expect(alice.get(f"/api/reports/{report['id']}"), 200)["items"][0]["receipts"] == []


def test_item_dates_read_as_the_site_says_days(alice: ApiClient) -> None:
    """An expense's day in the list, its page and its controls' names as the rest of the page
    says days ("Fri 27 Feb"), never ISO."""
    draft = new_draft(alice, TAXI, DINNER_EUR)
    browser = as_browser(alice)
    page = browser.get(f"/reports/{draft['id']}").text
    items = page.split('id="items"', 1)[1].split("</table>", 1)[0]
    assert "<td>Fri 27 Feb</td>" in items and "<td>Thu 26 Feb</td>" in items
    assert 'aria-label="Edit Yellow Cab, Fri 27 Feb, USD 18.40"' in items
    assert "2026-02-2" not in items
    taxi = next(i for i in draft["items"] if i["merchant"] == "Yellow Cab")
    item = browser.get(f"/reports/{draft['id']}/items/{taxi['id']}").text
    assert '<h1 id="item-title">Yellow Cab, Fri 27 Feb</h1>' in item
