"""The list pages' table rows, functions where they were template loops: a list draws fifty
rows, each with its links, owner and words, and the loop's escapes and template calls made the
lists cost twice their JSON (the markup is the one each page's loop wrote, byte for byte)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from flask import current_app
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from mock_services.core.web.ui import (
    day,
    icon,
    money,
    option_tags,
    person,
    picture,
    preview,
    status_words,
    when,
)
from mock_services.core.web.ui import text_escaped as e

Row = TypeVar("Row")

KIND_ICON = {"call": "phone", "meeting": "calendar", "email": "mail", "note": "note"}


def _rows(items: Iterable[Row], row: Callable[[Row], str], empty: str, indent: str) -> Markup:
    """``{% for x in items %}<indent><row>...{% else %}<empty>{% endfor %}``: each row on its
    own line as the loop wrote it, ``empty`` for none."""
    drawn = "".join(f"\n{indent}  {row(item)}\n{indent}" for item in items)
    return Markup(drawn or empty)


def _owners(page: Context, size: int = 24) -> Callable[[str], str]:
    """``m.owner(username, size)``: an owner as a row shows them, each drawn once a list."""
    names: Mapping[str, str] = page["owner_names"]
    drawn: dict[str, str] = {}

    def owner(username: str) -> str:
        found = drawn.get(username)
        if found is None:
            found = drawn[username] = person(names.get(username, username), size)
        return found

    return owner


@pass_context
def crm_account_rows(page: Context, items: Iterable[Any]) -> Markup:
    """The accounts table's rows: code, logo and name, industry, tier, status, owner, primary
    contact and last contact."""
    url, owner = current_app.url_for, _owners(page)

    def row(a: Any) -> str:
        return (
            f'<tr><td>{e(a.code)}</td><td><span class="person">{picture("logo", a.name, 24)}'
            f'<a href="{e(url("crm_ui.account_page", code=a.code))}">{e(a.name)}</a></span></td>'
            f"<td>{e(a.industry)}</td><td>{e(status_words(a.tier))}</td>"
            f'<td><span class="badge">{e(status_words(a.status))}</span></td>'
            f"<td>{owner(a.owner)}</td><td>{e(a.contact_person or '-')}</td>"
            f"<td>{e(day(page, a.last_contact))}</td></tr>"
        )

    return _rows(items, row, '<tr><td colspan="8">No accounts.</td></tr>', "  ")


@pass_context
def crm_contact_rows(page: Context, items: Iterable[Any]) -> Markup:
    """The contacts table's rows: picture and name, title, account, e-mail, phone, owner."""
    url, owner = current_app.url_for, _owners(page)

    def row(c: Any) -> str:
        primary = ' <span class="badge info">primary</span>' if c.primary else ""
        account = (
            f'<a href="{e(url("crm_ui.account_page", code=c.account))}">{e(c.account_name)}</a>'
            if c.account
            else "-"
        )
        return (
            f'<tr><td><span class="person">{picture("person", c.name, 28)}'
            f'<a href="{e(url("crm_ui.contact_page", contact_id=c.id))}">{e(c.name)}</a>'
            f"{primary}</span></td><td>{e(c.job_title)}</td><td>{account}</td>"
            f'<td>{e(c.email or "-")}</td><td class="nowrap">{e(c.phone or "-")}</td>'
            f"<td>{owner(c.owner)}</td></tr>"
        )

    return _rows(items, row, '<tr><td colspan="6">No contacts.</td></tr>', "  ")


@pass_context
def crm_lead_rows(page: Context, items: Iterable[Any]) -> Markup:
    """The leads table's rows: picture and name, company, e-mail, source, status, owner and
    when it came."""
    url, owner = current_app.url_for, _owners(page)

    def row(x: Any) -> str:
        return (
            f'<tr><td><span class="person">{picture("person", x.name, 28)}'
            f'<a href="{e(url("crm_ui.lead_page", lead_id=x.id))}">{e(x.name)}</a></span></td>'
            f"<td>{e(x.company or '-')}</td><td>{e(x.email or '-')}</td>"
            f"<td>{e(status_words(x.source))}</td>"
            f'<td><span class="badge">{e(status_words(x.status))}</span></td>'
            f"<td>{owner(x.owner)}</td><td>{e(when(page, x.created_at))}</td></tr>"
        )

    return _rows(items, row, '<tr><td colspan="7">No leads.</td></tr>', "  ")


@pass_context
def crm_deal_rows(page: Context, items: Iterable[Any]) -> Markup:
    """The deals table's rows: name, account, stage, probability, amount, close date, owner."""
    url, owner = current_app.url_for, _owners(page)

    def row(d: Any) -> str:
        return (
            f'<tr><td><a href="{e(url("crm_ui.deal_page", deal_id=d.id))}">{e(d.name)}</a></td>'
            f'<td><a href="{e(url("crm_ui.account_page", code=d.account))}">'
            f"{e(d.account_name)}</a></td><td>{stage_badge(d.stage)}</td>"
            f"<td>{e(d.probability)}%</td><td>{e(money(d.amount, d.currency))}</td>"
            f"<td>{e(day(page, d.close_date))}</td><td>{owner(d.owner)}</td></tr>"
        )

    return _rows(items, row, '<tr><td colspan="7">No deals.</td></tr>', "  ")


@pass_context
def crm_task_rows(page: Context, items: Iterable[Any], account_names: Mapping[str, str]) -> Markup:
    """The tasks table's rows: subject, due day, priority, status, owner and the account by
    its name (``account_names``, as the pickers name it, not its code)."""
    url, owner = current_app.url_for, _owners(page)

    def row(t: Any) -> str:
        account = (
            f'<a href="{e(url("crm_ui.account_page", code=t.account))}">'
            f"{e(account_names.get(t.account, t.account))}</a>"
            if t.account
            else "-"
        )
        overdue = " <strong>overdue</strong>" if t.overdue else ""
        return (
            f'<tr><td><a href="{e(url("crm_ui.task_page", task_id=t.id))}">{e(t.subject)}</a>'
            f"</td><td>{e(day(page, t.due_date))}{overdue}</td>"
            f"<td>{e(status_words(t.priority))}</td>"
            f'<td><span class="badge">{e(status_words(t.status))}</span></td>'
            f"<td>{owner(t.owner)}</td><td>{account}</td></tr>"
        )

    return _rows(items, row, '<tr><td colspan="6">No tasks.</td></tr>', "  ")


@pass_context
def crm_activity_table(page: Context, items: Iterable[Any]) -> Markup:
    """``m.activity_rows(items)``: the activities table, a row each: when, the kind with its
    icon, subject (and whether it was sent) and by whom."""
    url, owner = current_app.url_for, _owners(page)

    def row(a: Any) -> str:
        sent = ' <span class="badge info">sent</span>' if a.mailed else ""
        return (
            f"<tr><td>{e(when(page, a.occurred_at))}</td>"
            f'<td class="nowrap">{icon(KIND_ICON.get(a.kind, "note"))} '
            f"{e(status_words(a.kind))}</td>"
            f'<td><a href="{e(url("crm_ui.activity_page", activity_id=a.id))}">'
            f"{e(a.subject)}</a>{sent}</td><td>{owner(a.owner)}</td></tr>"
        )

    rows = _rows(items, row, '<tr><td colspan="4">No activities.</td></tr>', "    ")
    return Markup(
        '<table aria-label="Activities">\n    <thead><tr><th>When</th><th>Kind</th>'
        f"<th>Subject</th><th>By</th></tr></thead>\n    <tbody>{rows}</tbody>\n  </table>"
    )


@pass_context
def crm_timeline(page: Context, items: Iterable[Any]) -> Markup:
    """``m.timeline(items)``: a record's activities, newest first, each with its kind's icon,
    HubSpot's timeline."""
    url, names = current_app.url_for, page["owner_names"]

    def entry(a: Any) -> str:
        sent = ' <span class="badge">sent</span>' if a.mailed else ""
        lasted = f" · {e(a.duration_minutes)} min" if a.duration_minutes else ""
        body = f"<p>{e(preview(a.body, 220))}</p>" if a.body else ""
        return (
            f'<li>\n      <span class="kind-icon kind-{e(a.kind)}">'
            f"{icon(KIND_ICON.get(a.kind, 'note'), 16)}</span>\n      <div>\n        <p><strong>"
            f'{e(a.kind.capitalize())}</strong>: <a href="'
            f'{e(url("crm_ui.activity_page", activity_id=a.id))}">{e(a.subject)}</a>{sent}</p>\n'
            f'        <p class="meta">{e(when(page, a.occurred_at))}{lasted} · by '
            f"{e(names.get(a.owner, a.owner))}</p>\n        {body}\n      </div>\n    </li>"
        )

    empty = (
        "<li><span></span><p>No activities yet. Log a call, meeting, e-mail or note above.</p></li>"
    )
    drawn = _rows(items, entry, empty, "  ")
    return Markup(f'\n  <ol class="timeline" aria-label="Activity timeline">\n  {drawn}\n  </ol>')


@pass_context
def crm_board_cards(page: Context, cards: Iterable[Any], stage: str, movable: Any) -> Markup:
    """A board column's cards (``stage``'s deals): name, amount, close date, account and owner,
    and a form moving the deal to another stage where the caller may (``movable``), else who
    may."""
    url, owner = current_app.url_for, _owners(page, 22)
    stages, who_may_change = page["stages"], page["who_may_change"]
    words = e(status_words(stage))

    def card(d: Any) -> str:
        name = e(d.name)
        if d.id in movable:
            move = (
                f'<form method="post" action="{e(url("crm_ui.deal_move", deal_id=d.id))}">\n'
                f'          <label for="move-{d.id}" class="sr-only">Move {name} to stage</label>\n'
                f'          <select id="move-{d.id}" name="stage">\n'
                f"            {option_tags(stages, stage)}\n          </select>\n"
                f'          <button type="submit" aria-label="Move {name}">Move</button>\n'
                "        </form>"
            )
        else:
            move = (
                f'<p class="stage">Stage: {words}</p>\n        <p class="not-yours">Only '
                f"{e(who_may_change(d.owner))} may move this deal.</p>"
            )
        return (
            f'<li class="deal-card" data-deal="{d.id}">\n'
            f'        <h3><a href="{e(url("crm_ui.deal_page", deal_id=d.id))}">{name}</a></h3>\n'
            f"        <p>{icon('dollar', 14)} Amount: {e(money(d.amount, d.currency))}</p>\n"
            f"        <p>{icon('calendar', 14)} Close date: {e(day(page, d.close_date))}</p>\n"
            f'        <p>{icon("building", 14)} <a href="'
            f'{e(url("crm_ui.account_page", code=d.account))}">{e(d.account_name)}</a></p>\n'
            f'        <p class="owner">{owner(d.owner)}</p>\n        \n        {move}\n        \n'
            "      </li>"
        )

    empty = '\n      <li class="deal-card empty">No deals in this stage.</li>\n    '
    return _rows(cards, card, empty, "    ")


def stage_badge(stage: str) -> Markup:
    """``m.stage_badge(stage)``: a deal's stage in words, green when won, red when lost."""
    kind = "ok" if stage == "closed_won" else "bad" if stage == "closed_lost" else "info"
    return Markup(f'<span class="badge {kind}">{e(status_words(stage))}</span>')


ROWS = (
    crm_account_rows,
    crm_contact_rows,
    crm_lead_rows,
    crm_deal_rows,
    crm_task_rows,
    crm_activity_table,
    crm_timeline,
    crm_board_cards,
)
"""The template globals this module gives the pages."""
