"""Each Knowledge Base web form and each MCP tool makes the change its API route makes: the
same operation in the audit log, the same params and the same rows, each way from the seed
(see conftest)."""

from __future__ import annotations

from typing import Any

import pytest

from mock_services.kb.api import api
from tests.form_assertions import (
    FormCase,
    assert_form_does_what_the_api_does,
    performed_once,
    row_changes,
)
from tests.helpers import ApiClient, expect
from tests.kb.conftest import PASSWORDS
from tests.mcp_session import McpSession

_BODY = "  # Redis\n\n  Restart with care; see [[Database failover]].\n"
"""A text area's text, indented and ending in a newline: kept as typed, as the API keeps it."""
_NEW_PAGE = {"space": "ENG", "title": "Redis runbook", "body": _BODY, "message": "First cut"}
CASES = [
    FormCase(
        "create-space",
        "create_space",
        api=lambda g: (
            "POST",
            "/api/spaces",
            {
                "key": "MKT",
                "name": "Marketing",
                "description": "Campaigns",
                "default_access": "edit",
            },
        ),
        form=lambda g: (
            "/spaces",
            {
                "key": "mkt",
                "name": "Marketing",
                "description": "Campaigns",
                "default_access": "edit",
            },
        ),
    ),
    FormCase(
        "space-settings",
        "update_space",
        api=lambda g: (
            "PATCH",
            "/api/spaces/ENG",
            {"name": "Engineering", "description": "", "default_access": "view"},
        ),
        form=lambda g: (
            "/spaces/ENG/settings",
            {"name": "Engineering", "description": "", "default_access": "view"},
        ),
    ),
    FormCase(
        "grant",
        "set_space_permission",
        api=lambda g: ("PUT", "/api/spaces/ENG/permissions/ivan", {"level": "edit"}),
        form=lambda g: ("/spaces/ENG/permissions", {"username": "ivan", "level": "edit"}),
    ),
    FormCase(
        "remove-grant",
        "remove_space_permission",
        api=lambda g: ("DELETE", "/api/spaces/ENG/permissions/ivan", None),
        form=lambda g: ("/spaces/ENG/permissions/ivan/remove", {}),
    ),
    FormCase(
        "create-page",
        "create_page",
        api=lambda g: (
            "POST",
            "/api/pages",
            {**_NEW_PAGE, "parent_id": 6, "labels": ["redis", "runbook"], "status": "draft"},
        ),
        form=lambda g: (
            "/pages",
            {**_NEW_PAGE, "parent_id": "6", "labels": "Runbook, redis", "status": "draft"},
        ),
    ),
    FormCase(
        "edit-page",
        "update_page",
        api=lambda g: (
            "PATCH",
            "/api/pages/9",
            {"title": "Database failover", "body": _BODY, "labels": ["database", "runbook"]},
        ),
        form=lambda g: (
            "/pages/9/edit",
            {
                "title": "Database failover",
                "body": _BODY,
                "labels": "database, runbook",
                "message": "",
            },
        ),
    ),
    FormCase(
        "move",
        "move_page",
        api=lambda g: ("POST", "/api/pages/9/move", {"parent_id": 3}),
        form=lambda g: ("/pages/9/move", {"parent_id": "3"}),
    ),
    FormCase(
        "move-to-the-top",
        "move_page",
        api=lambda g: ("POST", "/api/pages/9/move", {"parent_id": None}),
        form=lambda g: ("/pages/9/move", {"parent_id": ""}),
    ),
    FormCase(
        "publish",
        "publish_page",
        api=lambda g: ("POST", "/api/pages/12/publish", {"message": "Ready"}),
        form=lambda g: ("/pages/12/publish", {"message": "Ready"}),
        user="frank",
    ),
    FormCase(
        "archive",
        "archive_page",
        api=lambda g: ("POST", "/api/pages/5/archive", None),
        form=lambda g: ("/pages/5/archive", {}),
    ),
    FormCase(
        "delete",
        "delete_page",
        api=lambda g: ("DELETE", "/api/pages/8", None),
        form=lambda g: ("/pages/8/delete", {}),
    ),
    FormCase(
        "restore",
        "restore_version",
        api=lambda g: ("POST", "/api/pages/4/restore", {"version": 2}),
        form=lambda g: ("/pages/4/restore", {"version": "2", "message": ""}),
    ),
    FormCase(
        "comment",
        "add_comment",
        api=lambda g: ("POST", "/api/pages/6/comments", {"body": _BODY}),
        form=lambda g: ("/pages/6/comments", {"body": _BODY}),
    ),
    FormCase(
        "resolve",
        "resolve_comment",
        api=lambda g: ("POST", "/api/comments/1/resolve", None),
        form=lambda g: ("/comments/1/resolve", {}),
    ),
    FormCase(
        "review",
        "schedule_review",
        api=lambda g: (
            "POST",
            "/api/pages/6/reviews",
            {"start": "2026-03-05T15:00:00Z", "attendees": ["frank", "ivan"], "note": _BODY},
        ),
        form=lambda g: (
            "/pages/6/reviews",
            {
                "start": "2026-03-05T15:00",
                "duration_minutes": "30",
                "attendees": "frank, ivan",
                "note": _BODY,
            },
        ),
    ),
    FormCase(
        "watch",
        "watch_page",
        api=lambda g: ("PUT", "/api/pages/3/watch", None),
        form=lambda g: ("/pages/3/watch", {}),
    ),
    FormCase(
        "unwatch",
        "unwatch_page",
        api=lambda g: ("DELETE", "/api/pages/4/watch", None),
        form=lambda g: ("/pages/4/unwatch", {}),
    ),
]
"""Each form of the UI and the API call that makes the same change (keep one per form)."""


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_each_form_makes_the_change_its_api_route_makes(service: ApiClient, case: FormCase) -> None:
    assert_form_does_what_the_api_does(service, case, PASSWORDS)


def _arguments(path: str) -> dict[str, Any]:
    """The path parameters of one of ``CASES``' API paths, by the names the routes give them."""
    parts = path.split("/")[2:]
    if parts[0] == "spaces":
        named = {"key": parts[1]} if len(parts) > 1 else {}
        return {**named, **({"username": parts[3]} if len(parts) > 3 else {})}
    if parts[0] == "comments":
        return {"comment_id": int(parts[1])}
    return {"page_id": int(parts[1])} if len(parts) > 1 else {}


def _by_tool(service: ApiClient, case: FormCase) -> dict[str, Any]:
    """The one audit entry of ``case``'s API call made as an MCP tool call on the reset
    service: the route's path parameters and body as the tool's arguments."""
    expect(service.admin("POST", "/admin/reset"), 200)
    client = service.as_user(case.user, PASSWORDS[case.user])
    since = max((entry["id"] for entry in client.audit()), default=0)
    _method, path, body = case.api({})
    McpSession(client).call(case.operation, {**_arguments(path), **(body or {})})
    entries = client.audit(since)
    assert len(entries) == 1, f"expected one audit entry, got {[e['path'] for e in entries]}"
    return entries[0]


TOOL_CASES = [c for c in CASES if c.name in ("create-page", "edit-page", "grant", "delete")]
"""A sample of the tools (one per kind of path parameter): each tool is the route itself."""


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


def test_every_write_route_has_a_form_case() -> None:
    writes = {e.handler.__name__ for e in api.endpoints if e.mutating}
    assert writes == {case.operation for case in CASES}
