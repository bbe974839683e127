"""Each Chat web form and a sample of MCP tools make the change their API route makes: the same
operation in the audit log, the same params and the same rows, each way from the seed (see
conftest: message 1 is erin's in #general with alice's thumbsup; 4 is alice's pinned all-hands
note there, 10 her recording note; 46 her message in the dm with bob)."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from mock_services.chat.api import api
from tests.chat.conftest import PASSWORDS
from tests.form_assertions import (
    FormCase,
    assert_form_does_what_the_api_does,
    performed_once,
    row_changes,
)
from tests.helpers import ApiClient, expect
from tests.mcp_session import McpSession

_TEXT = "  Checklist updated,\n@dave please look\n"
"""A composer's text as typed (indented, a newline inside and at the end): kept as typed."""
_FILE = b"role,team\nengineer,platform\n"
CASES = [
    FormCase(
        "post",
        "post_message",
        api=lambda g: (
            "POST",
            "/api/conversations/3/messages",
            {
                "text": _TEXT,
                "files": [
                    {
                        "filename": "plan.csv",
                        "content_type": "text/csv",
                        "content_base64": base64.b64encode(_FILE).decode(),
                    }
                ],
            },
        ),
        form=lambda g: ("/c/3/messages", {"text": _TEXT}),
        files={"attachment": ("plan.csv", _FILE, "text/csv")},
    ),
    FormCase(
        "reply",
        "reply_to_message",
        api=lambda g: ("POST", "/api/messages/21/replies", {"text": "Good news, @frank"}),
        form=lambda g: ("/m/21/replies", {"text": "Good news, @frank"}),
    ),
    FormCase(
        "edit",
        "edit_message",
        api=lambda g: ("PATCH", "/api/messages/10", {"text": "Recording is up."}),
        form=lambda g: ("/m/10/edit", {"text": "Recording is up."}),
    ),
    FormCase(
        "delete",
        "delete_message",
        api=lambda g: ("DELETE", "/api/messages/4", None),
        form=lambda g: ("/m/4/delete", {}),
    ),
    FormCase(
        "react",
        "add_reaction",
        api=lambda g: ("POST", "/api/messages/3/reactions", {"emoji": "rocket"}),
        form=lambda g: ("/m/3/reactions", {"emoji": "rocket", "next": "/c/1"}),
    ),
    FormCase(
        "unreact",
        "remove_reaction",
        api=lambda g: ("DELETE", "/api/messages/1/reactions/thumbsup", None),
        form=lambda g: ("/m/1/reactions/thumbsup/remove", {"next": "/c/1#message-1"}),
    ),
    FormCase(
        "pin",
        "pin_message",
        api=lambda g: ("POST", "/api/messages/10/pin", None),
        form=lambda g: ("/m/10/pin", {}),
    ),
    FormCase(
        "unpin",
        "unpin_message",
        api=lambda g: ("DELETE", "/api/messages/4/pin", None),
        form=lambda g: ("/m/4/unpin", {}),
    ),
    FormCase(
        "mark-read",
        "mark_read",
        api=lambda g: ("POST", "/api/conversations/3/read", {}),
        form=lambda g: ("/c/3/read", {"next": "/c/3"}),
    ),
    FormCase(
        "join",
        "join_channel",
        api=lambda g: ("POST", "/api/conversations/3/join", None),
        form=lambda g: ("/c/3/join", {}),
        user="erin",
    ),
    FormCase(
        "leave",
        "leave_channel",
        api=lambda g: ("POST", "/api/conversations/2/leave", None),
        form=lambda g: ("/c/2/leave", {}),
    ),
    FormCase(
        "update",
        "update_channel",
        api=lambda g: ("PATCH", "/api/channels/3", {"topic": "Launch moved", "purpose": ""}),
        form=lambda g: ("/c/3/edit", {"topic": "Launch moved", "purpose": ""}),
    ),
    FormCase(
        "invite",
        "invite_to_channel",
        api=lambda g: ("POST", "/api/channels/3/members", {"usernames": ["erin"]}),
        form=lambda g: ("/c/3/invite", {"usernames": "erin"}),
    ),
    FormCase(
        "archive",
        "archive_channel",
        api=lambda g: ("POST", "/api/channels/2/archive", None),
        form=lambda g: ("/c/2/archive", {}),
    ),
    FormCase(
        "unarchive",
        "unarchive_channel",
        api=lambda g: ("POST", "/api/channels/5/unarchive", None),
        form=lambda g: ("/c/5/unarchive", {}),
    ),
    FormCase(
        "create-channel",
        "create_channel",
        api=lambda g: (
            "POST",
            "/api/channels",
            {"name": "pricing", "topic": "Tiers", "purpose": "", "private": True},
        ),
        form=lambda g: ("/channels", {"name": "pricing", "topic": "Tiers", "private": "1"}),
    ),
    FormCase(
        "open-dm",
        "open_dm",
        api=lambda g: ("POST", "/api/dms", {"usernames": ["grace", "erin"]}),
        form=lambda g: ("/dms", {"usernames": ["grace", "erin"]}),  # type: ignore[dict-item]
    ),
]
"""Each form of the UI and the API call that makes the same change (keep one per operation)."""


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_each_form_makes_the_change_its_api_route_makes(service: ApiClient, case: FormCase) -> None:
    assert_form_does_what_the_api_does(service, case, PASSWORDS)


def test_every_write_route_has_a_form_case() -> None:
    writes = {e.handler.__name__ for e in api.endpoints if e.mutating}
    assert writes == {case.operation for case in CASES}


def _arguments(path: str) -> dict[str, Any]:
    """The path parameters of one of ``CASES``' API paths, by the names the routes give them."""
    parts = path.split("/")[2:]
    if parts[0] == "messages":
        named: dict[str, Any] = {"message_id": int(parts[1])}
        return {**named, "emoji": parts[3]} if len(parts) > 3 else named
    return {"conversation_id": int(parts[1])} if len(parts) > 1 else {}


def _by_tool(service: ApiClient, case: FormCase) -> dict[str, Any]:
    expect(service.admin("POST", "/admin/reset"), 200)
    client = service.as_user(case.user, PASSWORDS[case.user])
    since = max((entry["id"] for entry in client.audit()), default=0)
    _method, path, body = case.api({})
    McpSession(client).call(case.operation, {**_arguments(path), **(body or {})})
    entries = client.audit(since)
    assert len(entries) == 1, f"expected one audit entry, got {[e['path'] for e in entries]}"
    return entries[0]


TOOL_CASES = [c for c in CASES if c.name in ("post", "reply", "react", "unreact", "open-dm")]
"""The tools the brief's personas and agents lean on: each is the route itself."""


@pytest.mark.parametrize("case", TOOL_CASES, ids=[case.name for case in TOOL_CASES])
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
