"""Labelled form controls and a refused field's message, functions where they were macros
(``controls.html``, ``forms.html``): a crm page draws a dozen to thirty, and each macro call
cost its dozens of template calls (the markup is the one the macros wrote, byte for byte).
Each input's id is the form's prefix and the field's name, its label is its accessible name,
its refused message follows it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from markupsafe import Markup

from mock_services.core.web.forms import FormView
from mock_services.core.web.ui import field_note, form_for, option_tags, text_escaped

e = text_escaped


def field_error(form: FormView, name: str, label: str = "") -> Markup:
    """A refused form's message for one field, shown next to it: a note of its own beside the
    field ("Must be more than 0": ``field_note``), led by ``label`` where no field is beside
    it (a refusal shown without its form); nothing when the field was not refused."""
    message = form.error(name)
    if not message:
        return Markup("")
    note = f"{e(label)}: {e(message)}" if label else e(field_note(message))
    return Markup(f'<span class="field-error" id="error-{e(name)}">{note}</span>')


def _attributes(attrs: Mapping[str, Any]) -> str:
    """Jinja's ``xmlattr``: each attribute that is not None as ``name="value"``, led by a
    space."""
    written = " ".join(f'{e(k)}="{e(v)}"' for k, v in attrs.items() if v is not None)
    return f" {written}" if written else ""


def _label(prefix: str, name: str, label: str) -> str:
    return f'<label for="{e(prefix)}-{e(name)}">{e(label)}</label>\n  '


def text(
    f: FormView,
    prefix: str,
    name: str,
    label: str,
    value: Any = "",
    type: str = "text",
    required: bool = False,
    attrs: Mapping[str, Any] | None = None,
) -> Markup:
    """A labelled ``<input>`` (of ``type``) holding ``value``, or what a refused form sent."""
    shown = f.value(name, value if value is not None else "")
    return Markup(
        f'{_label(prefix, name, label)}<input id="{e(prefix)}-{e(name)}" name="{e(name)}" '
        f'type="{e(type)}" value="{e(shown)}" {"required" if required else ""}'
        f"{_attributes(attrs or {})}>{field_error(f, name)}"
    )


def area(
    f: FormView,
    prefix: str,
    name: str,
    label: str,
    value: Any = "",
    rows: int = 3,
    cols: int | None = None,
) -> Markup:
    """A labelled ``<textarea>``; ``cols`` a width in characters, else the page's style sets
    it."""
    width = f' cols="{e(cols)}"' if cols else ""
    return Markup(
        f'{_label(prefix, name, label)}<textarea id="{e(prefix)}-{e(name)}" name="{e(name)}" '
        f'rows="{e(rows)}"{width}>{e(f.value(name, value or ""))}</textarea>'
        f"{field_error(f, name)}"
    )


def choice(
    f: FormView,
    prefix: str,
    name: str,
    label: str,
    options: Iterable[Any],
    current: Any = "",
    blank: str | None = None,
) -> Markup:
    """A labelled ``<select>`` of ``options``: (value, shown) pairs, or values shown in their
    words (``option_tags``); ``blank`` an empty first option's words."""
    empty = f'<option value="">{e(blank)}</option>' if blank is not None else ""
    chosen = f.value(name, current if current is not None else "")
    tags = option_tags(options, chosen, "\n      \n      ", "\n    ")
    return Markup(
        f'{_label(prefix, name, label)}<select id="{e(prefix)}-{e(name)}" name="{e(name)}">\n'
        f"    {empty}\n    \n    {tags}\n  </select>{field_error(f, name)}"
    )


def check(f: FormView, prefix: str, name: str, label: str, checked: bool = False) -> Markup:
    """A labelled checkbox, ticked when ``checked`` (or as a refused form sent it)."""
    ticked = "checked" if f.value(name, "on" if checked else "") else ""
    return Markup(
        f'<label><input id="{e(prefix)}-{e(name)}" name="{e(name)}" type="checkbox" {ticked}>'
        f" {e(label)}</label>{field_error(f, name)}"
    )


def confirmed(
    action: str,
    label: str,
    question: str,
    name: str,
    button_id: str = "",
    submit_label: str = "",
    opened: bool = False,
    caller: Callable[[], str] | None = None,
) -> Markup:
    """An action that cannot be undone, behind a confirmation (``forms.html``'s
    ``{% call confirmed(...) %}``: the caller's block holds the form's hidden fields): "label…"
    opens a modal dialog that asks ``question`` and posts to ``action`` only on its own button
    (``button_id``), which says ``submit_label`` (else "Yes, " and the label); "Don't ..."
    closes it. It is shown open where ``opened`` or its form was refused."""
    said = submit_label or Markup("Yes, ") + label[:1].lower() + label[1:]  # a label in
    # markup stays markup
    shown_open = " open" if opened or form_for(action).refused else ""
    button = f' id="{e(button_id)}"' if button_id else ""
    return Markup(
        f'<button type="button" class="opens-dialog danger" commandfor="confirm-{e(name)}" '
        f'command="show-modal" aria-haspopup="dialog">{e(label)}…</button><dialog '
        f'id="confirm-{e(name)}" class="confirm" aria-labelledby="confirm-{e(name)}-question"'
        f'{shown_open}>\n  <form method="post" action="{e(action)}">'
        f'{caller() if caller else ""}\n    <p id="confirm-{e(name)}-question">{e(question)}</p>'
        f'\n    <button type="submit" class="danger"{button}>{e(said)}</button>\n    '
        f'<button type="button" class="secondary" commandfor="confirm-{e(name)}" '
        f'command="close">Don\'t {e(label[:1].lower())}{e(label[1:])}</button>\n  </form>\n'
        "</dialog>"
    )


CONTROLS: dict[str, Callable[..., Markup]] = {
    "form_text": text,
    "form_area": area,
    "form_choice": choice,
    "form_check": check,
    "form_field_error": field_error,
    "form_confirmed": confirmed,
}
"""The template globals ``controls.html`` and ``forms.html`` name the functions by."""
