"""Each Helpdesk web form and each MCP tool makes the change its API route makes: the same
operation in the audit log, the same params and the same rows, each way from the seed (see
conftest)."""

from __future__ import annotations

from typing import Any

import pytest

from mock_services.helpdesk.api import api
from tests.form_assertions import (
    FormCase,
    as_browser,
    assert_form_does_what_the_api_does,
    performed_once,
    row_changes,
)
from tests.helpdesk.conftest import PASSWORDS
from tests.helpdesk.ticket_form import ticket_form
from tests.helpers import ApiClient, expect
from tests.mcp_session import McpSession

_NEW_TICKET = {
    "subject": "Badge reader rejects my card",
    "description": "  Since Monday.\n  Door B only.\n",
    "priority": "high",
    "type": "incident",
}
_TICKET_FIELDS = {
    "subject": "Printer on floor 3 jams",
    "status": "open",
    "priority": "normal",
    "type": "incident",
    "assignee": "frank",
    "group": "Onsite IT",
    "category": "Hardware",
    "tags": "printer, floor-3",
}
"""TK-1003's edit form as its page fills it, with the priority and tags typed over."""
_REPLY = "  Could you send a photo of the error?\nThanks.\n"
"""A text area's text, indented and ending in a newline: kept as typed, as the API keeps it."""
_REQUESTER = {
    "name": "Ines Duarte",
    "email": "ines.duarte@globex.example",
    "organization": "Globex Corporation",
    "department": "Legal",
}
CASES = [
    FormCase(
        "create-ticket",
        "create_ticket",
        api=lambda g: (
            "POST",
            "/api/tickets",
            {**_NEW_TICKET, "requester_id": 14, "tags": ["badge", "door"]},
        ),
        form=lambda g: (
            "/tickets",
            {
                **_NEW_TICKET,
                "requester_id": "14",
                "assignee": "",
                "group": "",
                "category": "",
                "tags": "badge, door",
            },
        ),
    ),
    FormCase(
        "edit-ticket",
        "update_ticket",
        api=lambda g: (
            "PATCH",
            "/api/tickets/TK-1003",
            {"priority": "normal", "tags": ["floor-3", "printer"]},
        ),
        form=lambda g: ("/tickets/TK-1003/edit", _TICKET_FIELDS),
    ),
    FormCase(
        "edit-ticket-unassigning",
        "update_ticket",
        api=lambda g: ("PATCH", "/api/tickets/TK-1003", {"assignee": None, "status": "pending"}),
        form=lambda g: (
            "/tickets/TK-1003/edit",
            {
                **_TICKET_FIELDS,
                "priority": "low",
                "tags": "printer",
                "assignee": "",
                "status": "pending",
            },
        ),
    ),
    FormCase(
        "reply",
        "add_comment",
        api=lambda g: ("POST", "/api/tickets/TK-1001/comments", {"body": _REPLY, "public": True}),
        form=lambda g: (
            "/tickets/TK-1001/comments",
            {"body": _REPLY, "public": "on", "submit_as": ""},
        ),
    ),
    FormCase(
        "note-submitted-as-pending",
        "add_comment",
        api=lambda g: (
            "POST",
            "/api/tickets/TK-1006/comments",
            {"body": "Asked network team.", "public": False, "status": "pending"},
        ),
        form=lambda g: (
            "/tickets/TK-1006/comments",
            {"body": "Asked network team.", "status": "pending"},  # the composer alone
        ),
    ),
    FormCase(
        "solve",
        "solve_ticket",
        api=lambda g: ("POST", "/api/tickets/TK-1011/solve", {"resolution": "Installed."}),
        form=lambda g: ("/tickets/TK-1011/solve", {"resolution": "Installed."}),
    ),
    FormCase(
        "macro",
        "apply_macro",
        api=lambda g: ("POST", "/api/tickets/TK-1005/macro", {"macro_id": 2}),
        form=lambda g: ("/tickets/TK-1005/macro", {"macro_id": "2"}),
    ),
    FormCase(
        "merge",
        "merge_ticket",
        api=lambda g: ("POST", "/api/tickets/TK-1007/merge", {"merged_into": "TK-1006"}),
        form=lambda g: ("/tickets/TK-1007/merge", {"merged_into": "TK-1006"}),
    ),
    FormCase(
        "rate",
        "rate_ticket",
        api=lambda g: (
            "POST",
            "/api/tickets/TK-1028/satisfaction",
            {"score": "bad", "comment": "Printer broke again."},
        ),
        form=lambda g: (
            "/tickets/TK-1028/satisfaction",
            {"score": "bad", "comment": "Printer broke again."},
        ),
    ),
    FormCase(
        "add-requester",
        "create_requester",
        api=lambda g: ("POST", "/api/requesters", _REQUESTER),
        form=lambda g: ("/requesters", _REQUESTER),
    ),
]
"""Each form of the UI and the API call that makes the same change (keep one per form)."""


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_each_form_makes_the_change_its_api_route_makes(service: ApiClient, case: FormCase) -> None:
    assert_form_does_what_the_api_does(service, case, PASSWORDS)


def _by_tool(service: ApiClient, case: FormCase) -> dict[str, Any]:
    """The one audit entry of ``case``'s API call made as an MCP tool call on the reset
    service: the route's path parameters and body as the tool's arguments."""
    expect(service.admin("POST", "/admin/reset"), 200)
    client = service.as_user(case.user, PASSWORDS[case.user])
    since = max((entry["id"] for entry in client.audit()), default=0)
    _method, path, body = case.api({})
    arguments = {"code": path.split("/")[3]} if path.startswith("/api/tickets/") else {}
    McpSession(client).call(case.operation, {**arguments, **(body or {})})
    entries = client.audit(since)
    assert len(entries) == 1, f"expected one audit entry, got {[e['path'] for e in entries]}"
    return entries[0]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_each_tool_makes_the_change_its_api_route_makes(service: ApiClient, case: FormCase) -> None:
    by_api = performed_once(service, case, PASSWORDS, by_form=False)
    by_tool = _by_tool(service, case)
    assert (by_tool["operation"], by_tool["via"], by_tool["status"]) == (
        case.operation,
        "mcp",
        by_api["status"],
    )
    assert by_tool["params"] == by_api["params"]
    assert row_changes(by_tool) == row_changes(by_api) != []


def test_every_write_route_has_a_form_case() -> None:
    writes = {e.handler.__name__ for e in api.endpoints if e.mutating and e.auth == "user"}
    assert writes == {case.operation for case in CASES}


ONE_SUBMITS = [
    pytest.param(
        "TK-1001",
        "comments",
        {
            "assignee": "alice",
            "group": "Tier 1 Support",
            "public": "on",
            "body": _REPLY,
            "submit_as": "pending",
        },
        [
            ("PATCH", "/api/tickets/TK-1001", {"assignee": "alice", "group": "Tier 1 Support"}),
            (
                "POST",
                "/api/tickets/TK-1001/comments",
                {"body": _REPLY, "public": True, "status": "pending"},
            ),
        ],
        id="send-comment-with-the-panels-changes",
    ),
    pytest.param(
        "TK-1006",
        "edit",
        {"priority": "high", "public": "off", "body": "Raised after the call."},
        [
            ("PATCH", "/api/tickets/TK-1006", {"priority": "high"}),
            (
                "POST",
                "/api/tickets/TK-1006/comments",
                {"body": "Raised after the call.", "public": False},
            ),
        ],
        id="save-ticket-with-a-typed-note",
    ),
]


@pytest.mark.parametrize(("code", "route", "typed", "calls"), ONE_SUBMITS)
def test_one_submit_logs_each_operation_as_its_api_route_does(
    service: ApiClient,
    code: str,
    route: str,
    typed: dict[str, str],
    calls: list[tuple[str, str, dict[str, Any]]],
) -> None:
    """The ticket page's one form saves the properties and sends a comment in one request; the
    audit log holds an entry for each operation, each naming what it acts on and the rows it
    changed as the two API calls that do the same log them, so a verifier asking which
    operation inserted the comment finds it whatever the channel."""

    def performed(by_form: bool) -> dict[str, dict[str, Any]]:
        expect(service.admin("POST", "/admin/reset"), 200)
        alice = service.as_user("alice", PASSWORDS["alice"])
        since = max((entry["id"] for entry in alice.audit()), default=0)
        if by_form:
            browser = as_browser(alice)
            fields = ticket_form(browser.get(f"/tickets/{code}").text) | typed
            answer = browser.post(f"/tickets/{code}/{route}", data=fields, allow_redirects=False)
            assert answer.status_code == 303, f"{route}: {answer.status_code} {answer.text[:300]}"
        else:
            for method, path, body in calls:
                answer = alice.request(method, path, json=body)
                assert answer.ok, f"{method} {path}: {answer.status_code} {answer.text[:300]}"
        entries = sorted(alice.audit(since), key=lambda entry: entry["id"])
        operations = [entry["operation"] for entry in entries]
        assert operations == ["update_ticket", "add_comment"], (
            f"expected one entry per operation, in the order performed, got {operations}"
        )
        last = [c["after"] for e in entries for c in e["changes"] if c["table"] == "tickets"][-1]
        final = expect(alice.get(f"/api/tickets/{code}"), 200)
        assert last["status"] == final["status"], (
            f"the log's last write of {code} left it {last['status']!r}, it is "
            f"{final['status']!r}: a replay of the log would not give the ticket"
        )
        return {entry["operation"]: entry for entry in entries}

    by_api, by_form = performed(by_form=False), performed(by_form=True)
    moments = {entry["at"] for entry in by_form.values()}
    assert len(moments) == 1, f"expected one request's entries at one moment, got {moments}"
    for operation in ("update_ticket", "add_comment"):
        api, form = by_api[operation], by_form[operation]
        assert (form["via"], form["params"]) == ("ui", api["params"]), (
            f"{operation}: expected the form's entry by 'ui' naming {api['params']}, got {form}"
        )
        expected = row_changes(api)
        if operation == "add_comment":  # the same request's update_ticket stamped the ticket
            stamped = [
                (t, r, a, {k: v for k, v in kept.items() if k != "updated_at"})
                for t, r, a, kept in expected
            ]
            expected = [change for change in stamped if change[3]]
        assert row_changes(form) == expected, (
            f"{operation}: the form changed\n{row_changes(form)}\nwhere the API changed\n{expected}"
        )
