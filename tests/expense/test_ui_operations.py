"""Each expense web form makes the change its API route makes: the same operation in the audit
log and the same rows, each way from the same state (the seed, reset, then the case's setup)."""

from __future__ import annotations

import base64

import pytest

from mock_services.expense.api import api
from tests.expense.conftest import DINNER_EUR, PASSWORDS, TAXI, new_draft
from tests.form_assertions import FormCase, Given, assert_form_does_what_the_api_does
from tests.helpers import ApiClient, expect

RECEIPT = b"Yellow Cab 18.40 USD"
RECEIPT_JSON = {
    "filename": "cab.txt",
    "content_type": "text/plain",
    "content_base64": base64.b64encode(RECEIPT).decode(),
}


def _draft(client: ApiClient) -> Given:
    """A draft of alice with one taxi ride."""
    report = new_draft(client.as_user("alice", PASSWORDS["alice"]), TAXI)
    return {"report": report["id"], "item": report["items"][0]["id"]}


def _submitted(client: ApiClient) -> Given:
    made = _draft(client)
    alice = client.as_user("alice", PASSWORDS["alice"])
    expect(alice.post(f"/api/reports/{made['report']}/submit"), 200)
    return made


def _approved(client: ApiClient) -> Given:
    made = _submitted(client)
    bob = client.as_user("bob", PASSWORDS["bob"])
    expect(bob.post(f"/api/reports/{made['report']}/approve", json={}), 200)
    return made


def _with_receipt(client: ApiClient) -> Given:
    """A draft of alice with one taxi ride and its receipt."""
    made = _draft(client)
    alice = client.as_user("alice", PASSWORDS["alice"])
    receipt = expect(
        alice.post(
            f"/api/reports/{made['report']}/items/{made['item']}/receipts", json=RECEIPT_JSON
        ),
        201,
    )
    return {**made, "receipt": receipt["id"]}


def _report(g: Given) -> str:
    """The page of the report the setup made."""
    return f"/reports/{g['report']}"


def _item(g: Given) -> str:
    """The path of the setup's taxi ride in its report."""
    return f"/reports/{g['report']}/items/{g['item']}"


CASES = [
    FormCase(
        "new-report",
        "create_report",
        api=lambda g: ("POST", "/api/reports", {"title": "Client trip", "purpose": "Meet ACME"}),
        form=lambda g: ("/reports", {"title": "Client trip", "purpose": "Meet ACME"}),
    ),
    FormCase(
        "add-item",
        "add_item",
        api=lambda g: ("POST", f"/api{_report(g)}/items", DINNER_EUR),
        form=lambda g: (
            f"{_report(g)}/items",
            {**DINNER_EUR, "amount": "92.50", "description": ""},
        ),
        setup=_draft,
    ),
    FormCase(
        "remove-item",
        "delete_item",
        api=lambda g: ("DELETE", f"/api{_item(g)}", None),
        form=lambda g: (f"{_item(g)}/delete", {}),
        setup=_draft,
    ),
    FormCase(
        "attach-receipt",
        "add_receipt",
        api=lambda g: ("POST", f"/api{_item(g)}/receipts", RECEIPT_JSON),
        form=lambda g: (f"{_item(g)}/receipts", {}),
        files={"receipt": ("cab.txt", RECEIPT, "text/plain")},
        setup=_draft,
    ),
    FormCase(
        "submit",
        "submit_report",
        api=lambda g: ("POST", f"/api{_report(g)}/submit", None),
        form=lambda g: (f"{_report(g)}/submit", {}),
        setup=_draft,
    ),
    FormCase(
        "recall",
        "recall_report",
        api=lambda g: ("POST", f"/api{_report(g)}/recall", None),
        form=lambda g: (f"{_report(g)}/recall", {}),
        setup=_submitted,
    ),
    FormCase(
        "approve",
        "approve_report",
        api=lambda g: ("POST", f"/api{_report(g)}/approve", {"note": "Fine by me"}),
        form=lambda g: (f"{_report(g)}/approve", {"note": "Fine by me"}),
        setup=_submitted,
        user="bob",
    ),
    FormCase(
        "reject",
        "reject_report",
        api=lambda g: ("POST", f"/api{_report(g)}/reject", {"reason": "Which client?"}),
        form=lambda g: (f"{_report(g)}/reject", {"reason": "Which client?"}),
        setup=_submitted,
        user="bob",
    ),
    FormCase(
        "reimburse",
        "reimburse_report",
        api=lambda g: ("POST", f"/api{_report(g)}/reimburse", {"reference": "PAY-77"}),
        form=lambda g: (f"{_report(g)}/reimburse", {"reference": "PAY-77"}),
        setup=_approved,
        user="carol",
    ),
    FormCase(
        "edit-report",
        "update_report",
        api=lambda g: ("PATCH", f"/api{_report(g)}", {"title": "ACME visit", "purpose": ""}),
        form=lambda g: (f"{_report(g)}/edit", {"title": "ACME visit", "purpose": ""}),
        setup=_draft,
    ),
    FormCase(
        "edit-item",
        "update_item",
        api=lambda g: (
            "PATCH",
            f"/api{_item(g)}",
            {"amount": 21.15, "currency": "EUR", "description": "Airport run"},
        ),
        form=lambda g: (
            f"{_item(g)}/edit",
            {**TAXI, "amount": "21.15", "currency": "EUR", "description": "Airport run"},
        ),
        setup=_draft,
    ),
    FormCase(
        "remove-receipt",
        "delete_receipt",
        api=lambda g: ("DELETE", f"/api{_item(g)}/receipts/{g['receipt']}", None),
        form=lambda g: (f"{_item(g)}/receipts/{g['receipt']}/delete", {}),
        setup=_with_receipt,
    ),
    FormCase(
        "delete-draft",
        "delete_report",
        api=lambda g: ("DELETE", f"/api{_report(g)}", None),
        form=lambda g: (f"{_report(g)}/delete", {}),
        setup=_draft,
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_each_form_makes_the_change_its_api_route_makes(expense: ApiClient, case: FormCase) -> None:
    assert_form_does_what_the_api_does(expense, case, PASSWORDS)


def test_every_write_route_has_a_form_case() -> None:
    writes = {e.handler.__name__ for e in api.endpoints if e.mutating}
    assert writes == {case.operation for case in CASES}
