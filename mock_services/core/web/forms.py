"""HTML forms read through the API's own input models: the form's strings are handed to the
route's pydantic model (which coerces numbers, dates and booleans), and a refusal keeps one
plain message per field and what the user typed, for the page to show the form again.

A value is read by ``read_form`` (the route's body), ``form_value`` (what the route takes
outside its body: a path's id in a hidden field) or ``day_and_time`` (a day and a time control
as one moment), never parsed by hand. Reading which button was pressed (``action``, ``next``,
``back``, a ``type`` that picks the model to read) is no value: a page reads it as sent."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any, TypeVar, get_origin
from urllib.parse import urlsplit

from flask import redirect
from pydantic import BaseModel, TypeAdapter, ValidationError
from werkzeug.datastructures import MultiDict

from mock_services.core.base.clock import with_zone
from mock_services.core.base.current import current_request
from mock_services.core.base.errors import ApiError, ValidationFailed
from mock_services.core.data.audit import CALL_INPUTS_KEY
from mock_services.core.spec.api import query_fields
from mock_services.core.web.runtime import request_runtime
from mock_services.core.web.wording import for_people, number_words

ModelT = TypeVar("ModelT", bound=BaseModel)
ValueT = TypeVar("ValueT")
FORM_STATE_KEY = "mock_services.form_state"
"""The WSGI environ key of a refused form's state, read by the page that shows it again."""
FORM_FIELDS_KEY = "mock_services.form_fields"
"""The WSGI environ key of the form fields ``read_form`` was told show a model field's error."""
WHOLE_FORM = "form"
"""Where a refusal of the whole form is kept: a rule over several fields, or the service's."""

_PLAIN_MESSAGES = {
    "missing": "is required",
    "int_parsing": "expected a whole number",
    "int_from_float": "expected a whole number",
    "float_parsing": "expected a number",
    "date_parsing": "expected a date such as 2026-03-05",
    "date_from_datetime_parsing": "expected a date such as 2026-03-05",
    "datetime_parsing": "expected a date and time such as 2026-03-05T09:30",
    "datetime_from_date_parsing": "expected a date and time such as 2026-03-05T09:30",
    "time_parsing": "expected a time such as 09:30",
    "bool_parsing": "expected yes or no",
}


class FormInvalid(ValidationFailed):
    """A form the model refused: ``errors`` maps each form field to a message in plain words,
    ``values`` is what was submitted (shown again in the fields)."""

    def __init__(self, errors: Mapping[str, str], values: MultiDict[str, str]) -> None:
        req = current_request()
        listed = "; ".join(f"{name}: {message}" for name, message in errors.items())
        super().__init__(
            f"the form is not valid: {listed}",
            details=[{"loc": ["form", name], "message": m} for name, m in errors.items()],
        )
        self.errors = dict(errors)
        self.values = values
        self.action = req.script_root + req.path

    @classmethod
    def field(cls, name: str, message: str) -> FormInvalid:
        """One field refused by a check outside the model (a day and a time read as one)."""
        return cls({name: message}, current_request().form.copy())

    @classmethod
    def whole(cls, refusal: ApiError) -> FormInvalid:
        """A service's refusal of the whole form (a business rule: the order has shipped, the
        seat is taken) with its status, the values typed kept and the message at ``form``."""
        refused = cls({WHOLE_FORM: for_people(_said(refusal))}, current_request().form.copy())
        refused.status = refusal.status
        return refused


def _said(refusal: ApiError) -> str:
    """What a refusal says to a person: a field's refusal its detail's own words, without the
    field's internal name that the API's message leads with ("lost_reason: ...")."""
    details = refusal.details if isinstance(refusal, ValidationFailed) else None
    words = [d.get("message") for d in details or [] if isinstance(d, dict)]
    if words and all(isinstance(w, str) and w for w in words):
        return "; ".join(dict.fromkeys(words))  # type: ignore[arg-type]  # all str, checked
    return refusal.message


@dataclass(frozen=True)
class FormView:
    """One form of a page as its template fills it: when this form was the one refused, the
    values typed and the message of each field; else the defaults the template gives."""

    refused: FormInvalid | None = None

    def value(self, name: str, default: Any = "") -> Any:
        return default if self.refused is None else self.refused.values.get(name, "")

    def checked(self, name: str, default: bool = False) -> bool:
        return default if self.refused is None else switched_on(self.refused.values, name)

    def error(self, name: str) -> str:
        return "" if self.refused is None else self.refused.errors.get(name, "")


def form_view(refused: FormInvalid | None, action: str, /, **identity: Any) -> FormView:
    """The view of the form posting to ``action`` (a URL; its query is ignored); of several
    forms posting there, the one whose hidden ``identity`` fields were sent (``food_id=3``)."""
    if refused is None or refused.action != urlsplit(action).path:
        return UNREFUSED
    if any(refused.values.get(name) != str(value) for name, value in identity.items()):
        return UNREFUSED
    return FormView(refused)


UNREFUSED = FormView()
"""Every form of a page that was not refused (a list draws one a row): its defaults."""


@dataclass(frozen=True)
class FieldGroup:
    """A model field read from several form fields: ``fields`` maps each key of its value to
    the form field holding it (``{"url": "media_url"}``). A list field is read from a group
    per row number in ``rows``, at the names' ``{}`` (``"line{}_quantity"``); a name with no
    ``{}`` is the one group. A group is given when its ``needed`` field is filled (any of its
    fields, when none is named), or always with ``every_row`` (a form that asks for so many
    passengers: a blank one is refused field by field). None given is a blank field. A group
    ``chosen_by`` a form field's values (``("payment_method_id", ("new", ""))``: another card
    than the saved ones, or none chosen) is read only when that field (trimmed, blank when not
    sent) says one of them, and that field is then no value."""

    fields: Mapping[str, str]
    rows: range = range(1)
    needed: str | None = None
    every_row: bool = False
    chosen_by: tuple[str, Collection[str]] | None = None
    blank: Mapping[str, str] | None = None
    """What a blank field of a group given stands for (a repeat's count left out is 5)."""

    def chosen(self, form: MultiDict[str, str]) -> bool:
        if self.chosen_by is None:
            return True
        field, values = self.chosen_by
        return form.get(field, "").strip() in values

    def read(
        self, form: MultiDict[str, str], key: str, is_list: bool
    ) -> tuple[list[dict[str, str]], dict[str, str], bool]:
        """The groups given, where each of their values is shown (``lines.0.sku``, or the
        list or object itself at its first group's needed field) and whether the form has
        the group's fields at all (a form without them leaves the value as it is)."""
        items: list[dict[str, str]] = []
        shown_at: dict[str, str] = {}
        sent = [
            row for row in self.rows if any(n.format(row) in form for n in self.fields.values())
        ]
        given: list[int] = []
        for row in self.rows if self.every_row else sent:
            names = {name: field.format(row) for name, field in self.fields.items()}
            values = {name: form.get(at, "").strip() for name, at in names.items()}
            if self.every_row or (values[self.needed] if self.needed else any(values.values())):
                at = f"{key}.{len(items)}" if is_list else key
                shown_at |= {f"{at}.{name}": names[name] for name in names}
                items.append({**(self.blank or {}), **{k: v for k, v in values.items() if v}})
                given.append(row)
        lead = self.fields[self.needed] if self.needed else next(iter(self.fields.values()))
        shown_at[key] = lead.format((given or sent or self.rows)[0])
        return items, shown_at, bool(sent)


_PATTERN_WORDS = {
    r"^[^@\s]+@[^@\s]+\.[^@\s]+$": "expected an email address such as name@example.com",
    r"^([^@\s]+@[^@\s]+\.[^@\s]+)?$": "expected an email address such as name@example.com",
    r"^[A-Z]{3}$": "expected a three-letter code in capitals, such as USD",
    r"^[A-Z]{2}$": "expected a two-letter code in capitals, such as US",
    r"^[A-Za-z]{2}$": "expected a two-letter code, such as US",
    r"^[A-Za-z]{3}$": "expected a three-letter code, such as JFK",
    r"^#[0-9a-fA-F]{6}$": "expected a colour such as #1a73e8",
    r"^https?://": "expected a web address starting with https:// or http://",
    r"^\d{4}$": "expected 4 digits",
    r"^(\d{4})?$": "expected 4 digits",
    r"^([01]\d|2[0-3]):[0-5]\d$": "expected a time such as 09:30",
    r"^\d{4}-(0[1-9]|1[0-2])$": "expected a month such as 2026-03",
    r"^(0[1-9]|1[0-2])/\d{2}$": "expected a month and year such as 04/29",
    r"\S": "is blank",
}
"""The field patterns of the services' models said in words; any other is "not in the form
this field takes" (its label gives the form: "Code (e.g. CUS-001)")."""


def plain_message(error: Mapping[str, Any]) -> str:
    """pydantic's message for one error, in the words a person filling a form reads (never a
    regular expression, nor a limit a value that is no number broke)."""
    if error["type"] in _PLAIN_MESSAGES:
        return _PLAIN_MESSAGES[error["type"]]
    if error["type"] == "string_pattern_mismatch":
        pattern = str(error.get("ctx", {}).get("pattern", ""))
        return _PATTERN_WORDS.get(pattern, "is not in the form this field takes")
    if isinstance(error.get("input"), float) and not math.isfinite(error["input"]):
        return "expected a number"
    if error["type"] == "string_too_short" and error.get("ctx", {}).get("min_length") == 1:
        return "is required"  # a field cleared, or only spaces
    if error["type"] == "too_short" and isinstance(error.get("input"), list | tuple):
        least = error.get("ctx", {}).get("min_length", 1)
        return f"add at least {least}" if least != 1 else "add at least one"
    limits = error.get("ctx", {})
    if error["type"] in _BOUND_WORDS and _BOUND_WORDS[error["type"]][0] in limits:
        key, said = _BOUND_WORDS[error["type"]]
        return f"must be {said} {number_words(limits[key])}"
    if error["type"] == "string_too_long" and "max_length" in limits:
        return f"must be at most {limits['max_length']} characters"
    if error["type"] == "string_too_short" and "min_length" in limits:
        return f"must be at least {limits['min_length']} characters"
    message = str(error["msg"]).removeprefix("Value error, ")
    if message.startswith("Input should be "):  # pydantic's words for a choice or a kind
        message = "must be " + message.removeprefix("Input should be ")
    return message[:1].lower() + message[1:]


_BOUND_WORDS = {
    "greater_than_equal": ("ge", "at least"),
    "greater_than": ("gt", "more than"),
    "less_than_equal": ("le", "at most"),
    "less_than": ("lt", "less than"),
}
"""A number's bound as a person filling a form says it ("must be at most 99"), not as
pydantic words it ("input should be less than or equal to 99")."""


def field_errors(exc: ValidationError, fields: Mapping[str, str]) -> dict[str, str]:
    """The first message of each form field. A model location (``passengers.0.first_name``)
    is shown at the form field ``fields`` gives it, else at the form field of its top-level
    model field, the rest of the location leading the message; a rule over several fields
    (no location) at ``form``."""
    errors: dict[str, str] = {}
    for error in exc.errors(include_url=False):
        loc = [str(part) for part in error["loc"]]
        where, message = ".".join(loc), plain_message(error)
        if not loc:
            where = WHOLE_FORM
        elif where not in fields and len(loc) > 1:
            where, message = loc[0], f"{'.'.join(loc[1:])}: {message}"
        errors.setdefault(fields.get(where, where), message)
    return errors


def list_items(values: list[str]) -> list[str]:
    """A list field's items: repeated keys as they are, one text as its parts between commas
    or semicolons; trimmed, blanks left out."""
    parts = values[0].replace(";", ",").split(",") if len(values) == 1 else values
    return [part.strip() for part in parts if part.strip()]


def field_of(path: str) -> str:
    """The form field that shows the model path ``path`` of the form read last (``read_form``'s
    ``names``, ``fields`` and ``groups``: a line's ``lines.0.sku`` at ``line-2-sku``), else the
    path itself."""
    shown_at: Mapping[str, str] = current_request().environ.get(FORM_FIELDS_KEY, {})
    return shown_at.get(path, path)


def refused_by_service(exc: ValidationFailed) -> FormInvalid | None:
    """A service's refusal of a submitted form's field (``invalid_field("due_on", ...)``, after
    the model accepted the form) as the form's own refusal, shown next to that field (the one
    ``read_form(fields=...)`` named for its path) with the input kept (the whole message where
    the detail has none of its own); None when it names no field of the form."""
    req = current_request()
    shown_at: Mapping[str, str] = req.environ.get(FORM_FIELDS_KEY, {})
    errors: dict[str, str] = {}
    for detail in exc.details or []:
        loc: list[Any] = list(detail.get("loc", ())) if isinstance(detail, dict) else []
        if len(loc) < 2 or loc[0] != "body":
            continue
        path = ".".join(str(part) for part in loc[1:])  # passengers.1.date_of_birth
        field = shown_at.get(path, str(loc[1]))  # a list field's item at the list ("cc", 0)
        if field in req.form:
            errors.setdefault(field, for_people(str(detail.get("message") or exc.message)))
    return FormInvalid(errors, req.form.copy()) if errors else None


def _in_task_zone(value: str) -> str:
    """``value`` with the task's zone when it names none (left as typed when it is not a
    date and time: the model refuses it in its own words)."""
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return value
    if moment.tzinfo is not None:
        return value
    return with_zone(moment, request_runtime(current_request()).clock.tz).isoformat()


def switched_on(form: MultiDict[str, str], field: str) -> bool:
    """Whether a checkbox (or an on/off switch's) ``field`` was sent on: sent, and not as
    ``off`` or blank (a pair of radio buttons says ``on`` or ``off``)."""
    return form.get(field, "off") not in ("", "off")


def form_value(field: str, kind: type[ValueT], *, blank: ValueT | None = None) -> ValueT:
    """The form field ``field`` read as ``kind`` by pydantic, as a model reads a field: for
    what the route takes outside its body (its path's ``passenger_id``, which the form sends
    in a hidden field); refused next to that field in a model's words (``plain_message``).
    A blank or missing field is ``blank`` when one is given (a day left out is today); a list
    ``kind`` is read as ``read_form`` reads a list field (``list_items``)."""
    form = current_request().form
    raw: Any = form.get(field, "").strip()
    if get_origin(kind) is list:
        raw = list_items(form.getlist(field)) if field in form else []
    if not raw and blank is not None:
        return blank
    try:
        return TypeAdapter(kind).validate_python(raw)
    except ValidationError as exc:
        raise FormInvalid.field(field, plain_message(exc.errors(include_url=False)[0])) from None


def day_and_time(day_field: str, time_field: str) -> datetime:
    """The form's day and time controls as one local date and time (no zone: the caller says
    whose), each refused next to its own field in a model's words."""
    form = current_request().form
    day = _read_part(form, day_field, date.fromisoformat, "date_parsing")
    at = _read_part(form, time_field, time.fromisoformat, "time_parsing")
    return datetime.combine(day, at)


def _read_part(
    form: MultiDict[str, str], field: str, parse: Callable[[str], Any], error_type: str
) -> Any:
    try:
        return parse(form.get(field, "").strip())
    except ValueError:
        raise FormInvalid.field(field, _PLAIN_MESSAGES[error_type]) from None


def local_target(field: str = "back") -> str | None:
    """The page of this site the form names in ``field`` (where to go once it is done): a
    path, never another host (``//host``, ``/\\host``) nor a header (a line break); None
    otherwise."""
    target = current_request().form.get(field, "")
    local = target.startswith("/") and target[1:2] not in ("/", "\\")
    return target if local and not any(c in target for c in "\r\n") else None


def back_to(default: str, field: str = "back") -> Any:
    """A 303 to the page the form names in ``field`` (``local_target``), else to ``default``."""
    return redirect(local_target(field) or default, 303)


def read_form(
    model: type[ModelT],
    *,
    checkboxes: Collection[str] = (),
    cleared: Collection[str] = (),
    keep_blank: Collection[str] = (),
    verbatim: Collection[str] = (),
    given: Mapping[str, Any] | None = None,
    names: Mapping[str, str] | None = None,
    fields: Mapping[str, str] | None = None,
    local_times: Collection[str] = (),
    groups: Mapping[str, FieldGroup] | None = None,
) -> ModelT:
    """The submitted form validated by ``model``, the route's own input model.

    Values are trimmed (``verbatim`` ones, such as a mail's body, are taken as typed); a blank
    field is left out (``cleared`` ones are sent as null, ``keep_blank`` ones as ``""``, or ``[]``
    for a list); a
    list field is read by ``list_items``; a ``checkboxes`` field is true when sent on
    (``switched_on``). ``given`` adds values the handler worked out (a path id, a day and a time
    read as one moment). A model field is read from the form field of its name, or the one
    ``names`` gives it (``{"name": "label"}``), where its error is shown too; ``fields`` names
    the form field where an error is shown for a model path no form field is read as (a list's
    item, ``lines.0.sku``, or a value in ``given``). A ``groups`` field is read from several
    form fields (``FieldGroup``: an attachment's, each line's of an invoice), each shown where
    its error is; none given is a blank field (``cleared`` only when the form has the group's
    fields, ``keep_blank`` always: a form with no line left is a list of none). A ``local_times``
    field (a ``datetime-local`` control: no offset) is a time in the task's zone, the zone of
    the page's "Today" line. Raises ``FormInvalid`` naming every refused field."""
    form = current_request().form
    read_at = dict(names or {})
    raw: dict[str, Any] = {}
    grouped: dict[str, str] = {}
    chosen = {k: g for k, g in (groups or {}).items() if g.chosen(form)}
    choices = {g.chosen_by[0] for g in chosen.values() if g.chosen_by}
    for param in query_fields(model):
        key = param.key
        field = read_at.get(key, key)
        if field in choices:
            continue
        if key in chosen:
            items, shown, sent = chosen[key].read(form, key, param.is_list)
            grouped |= shown
            if items:
                raw[key] = items if param.is_list else items[0]
            elif sent and key in cleared:
                raw[key] = None
            elif key in keep_blank:
                raw[key] = []
        elif param.is_list:
            if field in form:
                raw[key] = list_items(form.getlist(field))
        elif key in checkboxes:
            raw[key] = switched_on(form, field)
        elif field in form:
            value = form[field].strip()
            if value:
                raw[key] = form[field] if key in verbatim else value
            elif key in cleared:
                raw[key] = None
            elif key in keep_blank:
                raw[key] = ""
    for key in local_times:
        if isinstance(raw.get(key), str):
            raw[key] = _in_task_zone(raw[key])
    raw.update(given or {})
    shown_at = {**read_at, **grouped, **(fields or {})}
    environ = current_request().environ
    environ[FORM_FIELDS_KEY] = shown_at
    try:
        read = model.model_validate(raw)
    except ValidationError as exc:
        raise FormInvalid(field_errors(exc, shown_at), form.copy()) from None
    environ[CALL_INPUTS_KEY] = (*environ.get(CALL_INPUTS_KEY, ()), read)  # for a world's where
    return read
