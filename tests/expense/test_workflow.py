"""The report workflow and who may do what: submit, recall, approve, reject, resubmit,
reimburse; immutability once reviewed or paid."""

from __future__ import annotations

import base64

from tests.expense.conftest import DINNER_EUR, TAXI, new_draft
from tests.helpers import ApiClient, expect, expect_error

RECEIPT = {"filename": "r.txt", "content_type": "text/plain",
           "content_base64": base64.b64encode(b"paid").decode()}  # fmt: skip


def submitted(alice: ApiClient) -> dict:
    report = new_draft(alice, TAXI)
    return expect(alice.post(f"/api/reports/{report['id']}/submit"), 200)


def test_submit_needs_items_and_receipts_above_the_threshold(alice: ApiClient) -> None:
    empty = new_draft(alice)
    error = expect_error(alice.post(f"/api/reports/{empty['id']}/submit"), 409)
    assert "has no items" in error["message"]
    report = new_draft(alice, TAXI, DINNER_EUR)
    dinner = report["items"][0]
    error = expect_error(alice.post(f"/api/reports/{report['id']}/submit"), 409)
    assert "missing for Brasserie Lipp, Thu 26 Feb, EUR 92.50" in error["message"]
    assert "above USD 25.00" in error["message"]
    url = f"/api/reports/{report['id']}/items/{dinner['id']}/receipts"
    expect(alice.post(url, json=RECEIPT), 201)
    done = expect(alice.post(f"/api/reports/{report['id']}/submit"), 200)
    # six served writes so far: the two refused submits moved no clock
    assert done["status"] == "submitted" and done["submitted_at"] == "2026-03-02T09:00:06Z"
    assert done["flagged_items"] == 1  # over the limit is flagged for the approver, not refused


def test_a_submitted_report_is_frozen_until_recalled(alice: ApiClient) -> None:
    report = submitted(alice)
    error = expect_error(alice.post(f"/api/reports/{report['id']}/items", json=TAXI), 409)
    assert "is submitted; recall it" in error["message"]
    expect_error(alice.delete(f"/api/reports/{report['id']}"), 409)
    draft = expect(alice.post(f"/api/reports/{report['id']}/recall"), 200)
    assert (draft["status"], draft["submitted_at"]) == ("draft", None)
    expect(alice.post(f"/api/reports/{report['id']}/items", json=TAXI), 201)
    expect(alice.delete(f"/api/reports/{report['id']}"), 204)
    expect_error(alice.get(f"/api/reports/{report['id']}"), 404)


def test_only_approvers_approve_and_never_their_own(
    alice: ApiClient, bob: ApiClient, carol: ApiClient, expense: ApiClient
) -> None:
    report = submitted(alice)
    url = f"/api/reports/{report['id']}/approve"
    error = expect_error(alice.post(url, json={}), 403)
    assert "only approver users can approve reports; you are employee" in error["message"]
    expect_error(carol.post(url, json={}), 403)
    own = expect_error(bob.post("/api/reports/10/approve", json={}), 403)  # bob's own report
    assert "cannot approve your own report EXP-1010" in own["message"]
    grace = expense.as_user("grace", "grace-pass")
    assert expect(grace.post("/api/reports/10/approve", json={}), 200)["status"] == "approved"
    approved = expect(bob.post(url, json={"note": "Fine"}), 200)
    assert approved["status"] == "approved" and approved["reviewer"]["username"] == "bob"
    assert approved["review_note"] == "Fine"


def test_only_submitted_reports_are_approved_or_rejected(alice: ApiClient, bob: ApiClient) -> None:
    draft = new_draft(alice, TAXI)
    error = expect_error(bob.post(f"/api/reports/{draft['id']}/approve", json={}), 409)
    assert "is draft; you can approve a submitted report only" in error["message"]
    error = expect_error(bob.post("/api/reports/25/reject", json={"reason": "late"}), 409)
    assert "EXP-1025 is approved" in error["message"]
    expect_error(bob.post("/api/reports/6/approve", json={}), 409)  # reimbursed
    expect_error(bob.post("/api/reports/9/reject", json={}), 422)  # a reason is required


def test_rejected_reports_are_fixed_and_resubmitted(alice: ApiClient, bob: ApiClient) -> None:
    report = submitted(alice)
    rejected = expect(
        bob.post(f"/api/reports/{report['id']}/reject", json={"reason": "Add the fare"}), 200
    )
    assert (rejected["status"], rejected["review_note"]) == ("rejected", "Add the fare")
    expect(alice.post(f"/api/reports/{report['id']}/items", json=TAXI), 201)
    again = expect(alice.post(f"/api/reports/{report['id']}/submit"), 200)
    assert (again["status"], again["reviewer"], again["review_note"]) == ("submitted", None, None)
    expect_error(alice.delete(f"/api/reports/{report['id']}"), 409)  # it was submitted once


def test_finance_reimburses_approved_reports_only(
    alice: ApiClient, bob: ApiClient, carol: ApiClient
) -> None:
    report = submitted(alice)
    url = f"/api/reports/{report['id']}/reimburse"
    error = expect_error(carol.post(url, json={}), 409)
    assert "you can reimburse a approved report only" in error["message"]
    expect(bob.post(f"/api/reports/{report['id']}/approve", json={}), 200)
    error = expect_error(bob.post(url, json={}), 403)
    assert "only finance users can reimburse" in error["message"]
    paid = expect(carol.post(url, json={"reference": "ACH-777"}), 200)
    assert paid["status"] == "reimbursed" and paid["reimbursed_by"]["username"] == "carol"
    assert paid["reimbursement_reference"] == "ACH-777"
    expect_error(carol.post(url, json={}), 409)  # paid once


def test_finance_cannot_pay_their_own_report(expense: ApiClient, bob: ApiClient) -> None:
    carol = expense.as_user("carol", "carol-pass")
    report = submitted(carol)
    expect(bob.post(f"/api/reports/{report['id']}/approve", json={}), 200)
    error = expect_error(carol.post(f"/api/reports/{report['id']}/reimburse", json={}), 403)
    assert "cannot reimburse your own report" in error["message"]
    judy = expense.as_user("judy", "judy-pass")
    paid = expect(judy.post(f"/api/reports/{report['id']}/reimburse", json={}), 200)
    assert paid["reimbursement_reference"] == f"PAY-{report['code']}"


def test_reimbursed_reports_are_immutable(expense: ApiClient) -> None:
    ivan = expense.as_user("ivan", "ivan-pass")
    report = expect(ivan.get("/api/reports/6"), 200)
    assert report["status"] == "reimbursed"
    item = report["items"][0]
    base = f"/api/reports/6/items/{item['id']}"
    for response in (
        ivan.patch("/api/reports/6", json={"title": "Changed"}),
        ivan.post("/api/reports/6/items", json=TAXI),
        ivan.patch(base, json={"amount": 1}),
        ivan.delete(base),
        ivan.post(f"{base}/receipts", json=RECEIPT),
        ivan.delete(f"{base}/receipts/{item['receipts'][0]['id']}"),
        ivan.post("/api/reports/6/submit"),
        ivan.post("/api/reports/6/recall"),
        ivan.delete("/api/reports/6"),
    ):
        error = expect_error(response, 409)
        assert "reimbursed" in error["message"]
    assert expect(ivan.get("/api/reports/6"), 200) == report


def test_other_users_cannot_touch_a_report(alice: ApiClient, expense: ApiClient) -> None:
    draft = new_draft(alice, TAXI)
    dave = expense.as_user("dave", "dave-pass")
    expect_error(dave.post(f"/api/reports/{draft['id']}/items", json=TAXI), 403)
    expect_error(dave.post(f"/api/reports/{draft['id']}/submit"), 403)
    expect_error(dave.delete(f"/api/reports/{draft['id']}"), 403)
