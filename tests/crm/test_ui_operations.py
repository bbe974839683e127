"""Each CRM web form makes the change its API route makes: the same operation in the audit
log, the same ``params`` and the same rows, each way from the reset seed (see conftest)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.crm.conftest import PASSWORDS
from tests.form_assertions import FormCase, Given, assert_form_does_what_the_api_does
from tests.helpers import ApiClient, expect

_TYPED = "  - call back\n  - send the deck\n"
"""A text area's text, indented and ending in a newline: kept as typed, as the API keeps it."""


def _shown(path: str) -> Callable[[ApiClient], Given]:
    """What a record's page fills its edit form with (the API's answer for it)."""
    return lambda client: expect(client.get(path), 200)


def _blank(value: Any) -> str:
    return "" if value is None else str(value)


def _form(record: Given, fields: tuple[str, ...], **typed: str) -> dict[str, str]:
    """An edit form as its page fills it from ``record``, with ``typed`` fields typed over."""
    return {**{f: _blank(record[f]) for f in fields}, **typed}


def _temporary_account(client: ApiClient) -> Given:
    return expect(client.post("/api/accounts", json={"name": "Temp Co"}), 201)


ACCOUNT_FIELDS = (
    "name",
    "domain",
    "industry",
    "size",
    "tier",
    "status",
    "account_type",
    "owner",
    "territory",
    "annual_revenue",
    "location",
    "sla",
    "contract_end",
    "churn_date",
    "churn_reason",
    "satisfaction",
    "notes",
)
CONTACT_FIELDS = (
    "first_name",
    "last_name",
    "email",
    "phone",
    "job_title",
    "account",
    "owner",
    "notes",
)
LEAD_FIELDS = (
    "first_name",
    "last_name",
    "email",
    "phone",
    "company",
    "job_title",
    "source",
    "status",
    "owner",
    "notes",
)
DEAL_FIELDS = (
    "name",
    "stage",
    "amount",
    "currency",
    "close_date",
    "contact_id",
    "owner",
    "lost_reason",
    "notes",
)
TASK_FIELDS = ("subject", "due_date", "priority", "owner", "notes")

_ACCOUNT = {
    "name": "Quantum Leap Labs",
    "domain": "quantumleap.io",
    "tier": "core",
    "territory": "EMEA",
}
_CONTACT = {
    "first_name": "Wile",
    "last_name": "Coyote",
    "email": "wile@acme.com",
    "account": "CUS-001",
}
_LEAD = {"first_name": "Ann", "company": "Ann Co", "source": "event"}
_DEAL = {
    "name": "Acme: training",
    "account": "CUS-001",
    "stage": "proposal",
    "currency": "EUR",
    "close_date": "2026-05-01",
}
_MEETING = {"kind": "meeting", "subject": "QBR", "occurred_at": "2026-03-05T15:00"}
_TASK = {"subject": "Send NDA", "due_date": "2026-03-04", "priority": "high"}

CASES = [
    FormCase(
        "new-account",
        "create_account",
        api=lambda g: ("POST", "/api/accounts", {**_ACCOUNT, "notes": _TYPED}),
        form=lambda g: (
            "/accounts",
            {
                **_ACCOUNT,
                "code": "",
                "industry": "",
                "size": "",
                "status": "active",
                "account_type": "customer",
                "owner": "alice",
                "annual_revenue": "",
                "location": "",
                "notes": _TYPED,
            },
        ),
    ),
    FormCase(
        "edit-account",
        "update_account",
        api=lambda g: (
            "PATCH",
            "/api/accounts/CUS-001",
            {"tier": "core", "contract_end": None, "notes": _TYPED},
        ),
        form=lambda g: (
            "/accounts/CUS-001/edit",
            _form(g, ACCOUNT_FIELDS, tier="core", contract_end="", notes=_TYPED),
        ),
        setup=_shown("/api/accounts/CUS-001"),
    ),
    FormCase(
        "delete-account",
        "delete_account",
        api=lambda g: ("DELETE", f"/api/accounts/{g['code']}", None),
        form=lambda g: (f"/accounts/{g['code']}/delete", {}),
        setup=_temporary_account,
    ),
    FormCase(
        "merge-accounts",
        "merge_accounts",
        api=lambda g: ("POST", "/api/accounts/CUS-001/merge", {"duplicate": "CUS-021"}),
        form=lambda g: ("/accounts/CUS-001/merge", {"duplicate": "CUS-021"}),
        user="carol",
    ),
    FormCase(
        "new-contact",
        "create_contact",
        api=lambda g: ("POST", "/api/contacts", {**_CONTACT, "primary": True, "notes": _TYPED}),
        form=lambda g: (
            "/contacts",
            {
                **_CONTACT,
                "phone": "",
                "job_title": "",
                "primary": "on",
                "owner": "alice",
                "notes": _TYPED,
            },
        ),
    ),
    FormCase(
        "edit-contact",
        "update_contact",
        api=lambda g: (
            "PATCH",
            "/api/contacts/2",
            {"email": None, "job_title": "Buyer", "notes": _TYPED},
        ),
        form=lambda g: (
            "/contacts/2/edit",
            _form(g, CONTACT_FIELDS, email="", job_title="Buyer", notes=_TYPED),
        ),
        setup=_shown("/api/contacts/2"),
    ),
    FormCase(
        "delete-contact",
        "delete_contact",
        api=lambda g: ("DELETE", "/api/contacts/2", None),
        form=lambda g: ("/contacts/2/delete", {}),
    ),
    FormCase(
        "merge-contacts",
        "merge_contacts",
        api=lambda g: ("POST", "/api/contacts/1/merge", {"duplicate_id": 28}),
        form=lambda g: ("/contacts/1/merge", {"duplicate_id": "28"}),
        user="carol",
    ),
    FormCase(
        "merge-leads",
        "merge_leads",
        api=lambda g: ("POST", "/api/leads/1/merge", {"duplicate_id": 8}),
        form=lambda g: ("/leads/1/merge", {"duplicate_id": "8"}),
        user="carol",
    ),
    FormCase(
        "new-lead",
        "create_lead",
        api=lambda g: ("POST", "/api/leads", {**_LEAD, "notes": _TYPED}),
        form=lambda g: (
            "/leads",
            {
                **_LEAD,
                "last_name": "",
                "email": "",
                "phone": "",
                "job_title": "",
                "owner": "alice",
                "notes": _TYPED,
            },
        ),
    ),
    FormCase(
        "edit-lead",
        "update_lead",
        api=lambda g: ("PATCH", "/api/leads/1", {"status": "working", "phone": "+1 555 0100"}),
        form=lambda g: (
            "/leads/1/edit",
            _form(g, LEAD_FIELDS, status="working", phone="+1 555 0100"),
        ),
        setup=_shown("/api/leads/1"),
        user="erin",
    ),
    FormCase(
        "convert-lead",
        "convert_lead",
        api=lambda g: (
            "POST",
            "/api/leads/1/convert",
            {"create_deal": True, "amount": 25000, "close_date": "2026-04-30"},
        ),
        form=lambda g: (
            "/leads/1/convert",
            {
                "account": "",
                "create_deal": "on",
                "deal_name": "",
                "amount": "25000",
                "currency": "USD",
                "close_date": "2026-04-30",
            },
        ),
        user="erin",
    ),
    FormCase(
        "new-deal",
        "create_deal",
        api=lambda g: (
            "POST",
            "/api/deals",
            {**_DEAL, "contact_id": 2, "amount": 1500, "notes": _TYPED},
        ),
        form=lambda g: (
            "/deals",
            {**_DEAL, "contact_id": "2", "amount": "1500", "owner": "alice", "notes": _TYPED},
        ),
    ),
    FormCase(
        "edit-deal",
        "update_deal",
        api=lambda g: ("PATCH", "/api/deals/1", {"stage": "closed_won", "contact_id": None}),
        form=lambda g: ("/deals/1/edit", _form(g, DEAL_FIELDS, stage="closed_won", contact_id="")),
        setup=_shown("/api/deals/1"),
    ),
    FormCase(
        "delete-deal",
        "delete_deal",
        api=lambda g: ("DELETE", "/api/deals/2", None),
        form=lambda g: ("/deals/2/delete", {}),
    ),
    FormCase(
        "log-meeting",
        "log_activity",
        api=lambda g: (
            "POST",
            "/api/activities",
            {**_MEETING, "contact_id": 1, "duration_minutes": 45, "body": _TYPED},
        ),
        form=lambda g: (
            "/activities",
            {
                **_MEETING,
                "back": "/contacts/1",
                "contact_id": "1",
                "duration_minutes": "45",
                "body": _TYPED,
            },
        ),
    ),
    FormCase(
        "delete-activity",
        "delete_activity",
        api=lambda g: ("DELETE", "/api/activities/1", None),
        form=lambda g: ("/activities/1/delete", {}),
    ),
    FormCase(
        "new-task",
        "create_task",
        api=lambda g: ("POST", "/api/tasks", {**_TASK, "deal_id": 3}),
        form=lambda g: (
            "/tasks",
            {
                **_TASK,
                "owner": "alice",
                "account": "",
                "contact_id": "",
                "deal_id": "3",
                "notes": "",
            },
        ),
    ),
    FormCase(
        "edit-task",
        "update_task",
        api=lambda g: ("PATCH", "/api/tasks/1", {"due_date": None, "priority": "low"}),
        form=lambda g: ("/tasks/1/edit", _form(g, TASK_FIELDS, due_date="", priority="low")),
        setup=_shown("/api/tasks/1"),
    ),
    FormCase(
        "complete-task",
        "complete_task",
        api=lambda g: ("POST", "/api/tasks/1/complete", None),
        form=lambda g: ("/tasks/1/complete", {}),
    ),
    FormCase(
        "delete-task",
        "delete_task",
        api=lambda g: ("DELETE", "/api/tasks/1", None),
        form=lambda g: ("/tasks/1/delete", {}),
    ),
    FormCase(
        "export-report",
        "export_report",
        api=lambda g: (
            "POST",
            "/api/reports/exports",
            {"title": "VIP renewals", "account_codes": ["CUS-001", "CUS-017"], "summary": _TYPED},
        ),
        form=lambda g: (
            "/reports/exports",
            {"title": "VIP renewals", "account_codes": "CUS-001, CUS-017", "summary": _TYPED},
        ),
        user="carol",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_each_form_makes_the_change_its_api_route_makes(service: ApiClient, case: FormCase) -> None:
    assert_form_does_what_the_api_does(service, case, PASSWORDS)
