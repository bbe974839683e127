"""How ``read_form`` and its two companions read a submitted form: a model field from a form
field of another name, a switch's "off", a value the route takes outside its body (a blank day
as today), a day and a time sent as two controls, and a list or an object from groups of
fields; each refusal kept next to the field it names."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime

import pytest
from flask import Flask
from pydantic import BaseModel, Field

from mock_services.core.web.forms import (
    FieldGroup,
    FormInvalid,
    day_and_time,
    form_value,
    read_form,
)

_APP = Flask(__name__)


@contextmanager
def _posted(data: dict[str, str]) -> Iterator[None]:
    with _APP.test_request_context("/things/1/labels", method="POST", data=data):
        yield


class _Label(BaseModel):
    name: str = Field(min_length=1, max_length=10)


class _Comment(BaseModel):
    body: str
    public: bool = True


def test_a_model_field_is_read_from_the_form_field_names_gives_it() -> None:
    with _posted({"label": " Work ", "name": "ignored"}):
        assert read_form(_Label, names={"name": "label"}).name == "Work"


def test_a_refusal_of_a_renamed_field_is_shown_at_the_form_field_with_what_was_typed() -> None:
    with _posted({"label": "far too long a label"}), pytest.raises(FormInvalid) as refused:
        read_form(_Label, names={"name": "label"})
    assert refused.value.errors == {"label": "must be at most 10 characters"}
    assert refused.value.values["label"] == "far too long a label"
    with _posted({"label": "  "}), pytest.raises(FormInvalid) as blank:
        read_form(_Label, names={"name": "label"})
    assert blank.value.errors == {"label": "is required"}


@pytest.mark.parametrize(
    ("sent", "public"), [({"public": "on"}, True), ({"public": "off"}, False), ({}, False)]
)
def test_a_switch_sent_off_or_not_at_all_is_off(sent: dict[str, str], public: bool) -> None:
    """A checkbox sends nothing when unticked; a pair of radio buttons sends ``off``."""
    with _posted({"body": "Thanks", **sent}):
        assert read_form(_Comment, checkboxes=("public",)).public is public


def test_a_value_outside_the_body_is_read_as_its_type_or_refused_at_its_field() -> None:
    with _posted({"passenger_id": " 12 "}):
        assert form_value("passenger_id", int) == 12
    for sent in ({"passenger_id": "twelve"}, {}):
        with _posted(sent), pytest.raises(FormInvalid) as refused:
            form_value("passenger_id", int)
        assert refused.value.errors == {"passenger_id": "expected a whole number"}


def test_a_blank_value_outside_the_body_is_the_one_given_for_blank() -> None:
    today = date(2026, 3, 2)
    for sent in ({"day": " "}, {}):
        with _posted(sent):
            assert form_value("day", date, blank=today) == today
    with _posted({"day": "2026-03-01"}):
        assert form_value("day", date, blank=today) == date(2026, 3, 1)
    with _posted({"day": "March-1"}), pytest.raises(FormInvalid) as refused:
        form_value("day", date, blank=today)
    assert refused.value.errors == {"day": "expected a date such as 2026-03-05"}


def test_a_day_and_a_time_are_read_as_one_local_moment() -> None:
    with _posted({"day": "2026-03-05", "time": "09:30"}):
        assert day_and_time("day", "time") == datetime(2026, 3, 5, 9, 30)


@pytest.mark.parametrize(
    ("sent", "errors"),
    [
        ({"day": "someday", "time": "09:30"}, {"day": "expected a date such as 2026-03-05"}),
        ({"day": "2026-03-05", "time": "25:00"}, {"time": "expected a time such as 09:30"}),
        ({"day": "2026-03-05"}, {"time": "expected a time such as 09:30"}),
    ],
)
def test_a_day_or_a_time_refused_is_named_at_its_own_field(
    sent: dict[str, str], errors: dict[str, str]
) -> None:
    with _posted(sent), pytest.raises(FormInvalid) as refused:
        day_and_time("day", "time")
    assert refused.value.errors == errors
    assert refused.value.values.to_dict() == sent, "what was typed is kept"


class _Line(BaseModel):
    sku: str
    quantity: int = Field(1, ge=1)


class _Order(BaseModel):
    lines: list[_Line] = Field(min_length=1)
    gift: _Line | None = None


_LINES = FieldGroup({"sku": "line-{}-sku", "quantity": "line-{}-qty"}, rows=range(5), needed="sku")


def test_a_list_of_groups_is_read_from_the_rows_filled_and_refused_at_the_row() -> None:
    sent = {"line-0-sku": "", "line-0-qty": "4", "line-1-sku": "A1", "line-2-sku": "B2"}
    with _posted({**sent, "line-2-qty": "2"}):
        order = read_form(_Order, groups={"lines": _LINES})
    assert order.lines == [_Line(sku="A1"), _Line(sku="B2", quantity=2)]
    with _posted({**sent, "line-2-qty": "0"}), pytest.raises(FormInvalid) as refused:
        read_form(_Order, groups={"lines": _LINES})
    assert refused.value.errors == {"line-2-qty": "must be at least 1"}
    with _posted({"line-0-sku": " ", "line-1-sku": ""}), pytest.raises(FormInvalid) as none:
        read_form(_Order, groups={"lines": _LINES}, keep_blank=("lines",))
    assert none.value.errors == {"line-0-sku": "add at least one"}


def test_every_row_asked_for_is_read_even_blank_and_an_object_from_its_group() -> None:
    rows = FieldGroup({"sku": "sku_{}"}, rows=range(2), every_row=True)
    gift = FieldGroup({"sku": "gift", "quantity": "gift_qty"}, needed="sku")
    with (
        _posted({"sku_0": "A1", "gift": "", "gift_qty": "3"}),
        pytest.raises(FormInvalid) as refused,
    ):
        read_form(_Order, groups={"lines": rows, "gift": gift}, cleared=("gift",))
    assert refused.value.errors == {"sku_1": "is required"}
    with _posted({"sku_0": "A1", "sku_1": "B2", "gift": "C3", "gift_qty": "3"}):
        order = read_form(_Order, groups={"lines": rows, "gift": gift})
    assert order.gift == _Line(sku="C3", quantity=3) and len(order.lines) == 2
    with _posted({"sku_0": "A1", "sku_1": "B2", "gift": " "}):
        cleared = read_form(_Order, groups={"lines": rows, "gift": gift}, cleared=("gift",))
    assert "gift" in cleared.model_fields_set and cleared.gift is None


class _Payment(BaseModel):
    card_id: int | None = None
    card: _Line | None = None


def test_a_group_chosen_by_another_field_is_read_only_when_that_field_says_so() -> None:
    card = FieldGroup({"sku": "card_sku"}, chosen_by=("card_id", ("new", "")))
    with _posted({"card_id": "new", "card_sku": "A1"}):
        assert read_form(_Payment, groups={"card": card}) == _Payment(card=_Line(sku="A1"))
    with _posted({"card_id": "7", "card_sku": "A1"}):
        assert read_form(_Payment, groups={"card": card}) == _Payment(card_id=7)


def test_a_list_value_outside_the_body_is_read_as_a_list_field_is() -> None:
    with _posted({"guests": "bob, carol@x.test ;"}):
        assert form_value("guests", list[str]) == ["bob", "carol@x.test"]
    with _posted({}):
        assert form_value("guests", list[str]) == []


def test_a_blank_field_of_a_group_given_stands_for_its_blank_value() -> None:
    card = FieldGroup(
        {"sku": "card", "quantity": "card_qty"}, needed="sku", blank={"quantity": "5"}
    )
    with _posted({"card": "C3", "card_qty": ""}):
        assert read_form(_Payment, groups={"card": card}).card == _Line(sku="C3", quantity=5)
