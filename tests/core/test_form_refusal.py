"""How a refused form names its fields to a person (the summary above the form)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, Field, ValidationError

from mock_services.core.web.forms import plain_message
from mock_services.core.web.ui import field_words
from mock_services.registry import get_spec
from tests.form_assertions import as_browser
from tests.service_fixtures import serve


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("display_name", "display name"),
        ("date_of_birth_0", "date of birth (1)"),
        ("first_name_11", "first name (12)"),
        ("card_last4", "card last4"),
        ("step_", "step "),
        ("_3", " 3"),
    ],
)
def test_a_field_name_reads_as_words_numbered_from_one(name: str, words: str) -> None:
    assert field_words(name) == words


class _Typed(BaseModel):
    email: str = Field(pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
    code: str = Field(pattern=r"^[A-Z][A-Z0-9]{1,5}-[0-9]{1,8}$")
    amount: float = Field(le=10)
    lines: list[int] = Field(min_length=1)


def test_a_refused_value_is_said_in_words_never_as_its_pattern_or_limit() -> None:
    """A pattern is said as the form it asks for (or as "not in the form", where the label
    gives it), NaN as no number rather than over a limit, an empty list as "add one"."""
    with pytest.raises(ValidationError) as refused:
        _Typed(email="zed-at-x", code="bad code!", amount=float("nan"), lines=[])
    said = {str(e["loc"][0]): plain_message(e) for e in refused.value.errors(include_url=False)}
    assert said == {
        "email": "expected an email address such as name@example.com",
        "code": "is not in the form this field takes",
        "amount": "expected a number",
        "lines": "add at least one",
    }


def test_a_moment_in_a_refusal_is_said_in_the_tasks_zone(tmp_path: Path) -> None:
    """A refusal giving ISO 8601 moments ("2020-01-01T09:00:00-05:00 is not in the future (now
    is 2026-03-02T09:00:00+00:00)") reads on the page as the page says times, in its zone."""
    with serve("todolist", tmp_path, get_spec("todolist").default_seed()) as todolist:
        alice = as_browser(todolist.client().as_user("alice", "alice-pass"))
        refused = alice.post(
            "/tasks/1/reminders",
            data={"remind_at": "2020-01-01T09:00"},
            headers={"Referer": todolist.client().base_url + "/tasks/1"},
        )
    shown = re.search(r'id="error-remind_at">([^<]*)<', refused.text)
    assert refused.status_code == 422 and shown is not None, refused.text[:300]
    # 09:00 in alice's New York is 14:00 in the zone of the default world's "Today", UTC
    said = "Wed 1 Jan 2020 14:00 UTC is not in the future (now is Mon 2 Mar 09:00 UTC)"
    assert said in shown[1], shown[1]
    assert not re.search(r"\d{4}-\d{2}-\d{2}T", shown[1]), f"an ISO moment is left: {shown[1]}"


@pytest.mark.browser
def test_the_summary_names_the_refused_forms_field_not_a_filters(tmp_path: Path, page: Any) -> None:
    """A page with a filter form and a create form that share a field name: the summary of the
    refused create form names the create form's field by its label."""
    with serve("inventory", tmp_path, get_spec("inventory").default_seed(), "http") as served:
        base = served.client().base_url
        page.goto(base + "/login")
        page.fill("#username", "alice")
        page.fill("#password", "alice-pass")
        with page.expect_navigation():
            page.click("button[type=submit]")
        page.goto(base + "/sales-orders")
        form = page.locator("form[method=post]").filter(has=page.locator("[name=warehouse]"))
        form.first.evaluate("f => { f.noValidate = true; f.requestSubmit(); }")
        page.wait_for_selector("#form-errors")
        page.wait_for_load_state()
        names = page.locator("#form-errors a").all_inner_texts()
    assert names and not any(name.startswith("Filter") for name in names), names
