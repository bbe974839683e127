"""Bad input, field by field: a 422 naming the field and what was expected, and nothing
written (the refused call's audit entry changed no row)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.form_assertions import row_changes
from tests.helpers import ApiClient, expect_error

CASES: list[tuple[str, str, dict[str, Any], str, str]] = [
    ("POST", "/api/pages", {"space": "ENG", "title": ""}, "title", "at least 1 character"),
    ("POST", "/api/pages", {"space": "ENG", "title": "x", "colour": "red"}, "colour", "unknown"),
    ("POST", "/api/pages", {"space": "OPS", "title": "x"}, "space", "no space 'OPS'"),
    (
        "POST",
        "/api/pages",
        {"space": "ENG", "title": "x", "parent_id": 99},
        "parent_id",
        "no page 99",
    ),
    (
        "POST",
        "/api/pages",
        {"space": "ENG", "title": "x", "labels": ["a b"]},
        "labels",
        "not a tag name",
    ),
    (
        "POST",
        "/api/pages",
        {"space": "ENG", "title": "x", "status": "archived"},
        "status",
        "'draft' or 'published'",
    ),
    ("PATCH", "/api/pages/4", {"title": "x" * 201}, "title", "at most 200 characters"),
    ("PATCH", "/api/pages/4", {"labels": "deploy"}, "labels", "valid array"),
    ("POST", "/api/pages/4/move", {}, "parent_id", "Field required"),
    ("POST", "/api/pages/4/restore", {"version": 0}, "version", "greater than or equal to 1"),
    ("POST", "/api/pages/4/restore", {"version": 9}, "version", "page 4 has no version 9"),
    ("POST", "/api/pages/4/comments", {"body": ""}, "body", "at least 1 character"),
    ("POST", "/api/spaces", {"key": "E", "name": "x"}, "key", "at least 2 characters"),
    ("POST", "/api/spaces", {"key": "ENG!", "name": "x"}, "key", "match pattern"),
    (
        "POST",
        "/api/spaces",
        {"key": "OPS", "name": "x", "default_access": "all"},
        "default_access",
        "'none', 'view' or 'edit'",
    ),
    (
        "PATCH",
        "/api/spaces/ENG",
        {"default_access": "admin"},
        "default_access",
        "'none', 'view' or 'edit'",
    ),
    (
        "PUT",
        "/api/spaces/ENG/permissions/ivan",
        {"level": "owner"},
        "level",
        "'view', 'edit' or 'admin'",
    ),
]


@pytest.mark.parametrize(
    ("method", "path", "body", "field", "expected"),
    CASES,
    ids=[f"{m} {p} {f}" for m, p, _, f, _ in CASES],
)
def test_bad_input_names_the_field_and_writes_nothing(
    alice: ApiClient, method: str, path: str, body: dict[str, Any], field: str, expected: str
) -> None:
    error = expect_error(alice.request(method, path, json=body), 422)
    assert field in error["message"] and expected in error["message"], error["message"]
    entry = alice.audit()[-1]
    assert (entry["path"], entry["status"], row_changes(entry)) == (path, 422, [])


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"q": ""}, "q"),
        ({"q": "x", "per_page": 0}, "per_page"),
        ({"q": "x", "colour": "red"}, "colour"),
        ({"q": "x", "label": "y" * 51}, "label"),
    ],
)
def test_a_bad_search_names_the_parameter(alice: ApiClient, query: dict, field: str) -> None:
    error = expect_error(alice.get("/api/search", params=query), 422)
    assert field in error["message"], error["message"]


def test_a_blank_filter_is_no_filter(alice: ApiClient) -> None:
    found = alice.get("/api/pages", params={"space": "", "label": " ", "per_page": 1})
    assert found.status_code == 200 and found.json()["total"] == 31
