"""The CRM web UI: lists with filters and a page per account, contact, lead, deal, activity and
task, the duplicates and reports pages, search and the team. Every form validates through
the API's own model and calls the same area functions as the API."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from types import MappingProxyType
from typing import Any, TypeVar, get_args

from flask import Blueprint, flash, redirect, request, url_for
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape
from sqlalchemy import bindparam, func, select

from mock_services.core.base.errors import Conflict, ValidationFailed
from mock_services.core.base.schemas import PageQuery
from mock_services.core.spec.api import Ctx, parse_query
from mock_services.core.web.forms import local_target, read_form
from mock_services.core.web.ui import (
    Choices,
    choices,
    listed,
    money,
    page,
    people_names,
    person,
    render,
    status_words,
)
from mock_services.core.web.wording import alike_numbered, grouped_choices
from mock_services.crm import (
    accounts,
    activities,
    contacts,
    deals,
    duplicates,
    leads,
    people,
    reports,
    tasks,
)
from mock_services.crm import (
    search as searching,
)
from mock_services.crm.api import (
    find_duplicates,
    list_accounts,
    list_activities,
    list_contacts,
    list_deals,
    list_leads,
    list_tasks,
    pipeline_report,
    won_lost_report,
)
from mock_services.crm.fields import full_name
from mock_services.crm.models import (
    CLOSED,
    PROBABILITY,
    STAGES,
    Account,
    AccountStatus,
    AccountType,
    ActivityKind,
    Contact,
    Deal,
    Lead,
    LeadSource,
    LeadStatus,
    Priority,
    Size,
    Tier,
    User,
)
from mock_services.crm.present import (
    account_out,
    activity_out,
    contact_out,
    deal_out,
    deals_out,
    exports_out,
    lead_out,
    owners_out,
    task_out,
)
from mock_services.crm.rows import ROWS, stage_badge
from mock_services.crm.schemas import (
    AccountCreate,
    AccountQuery,
    AccountUpdate,
    ActivityCreate,
    ActivityQuery,
    ContactCreate,
    ContactQuery,
    ContactUpdate,
    DealCreate,
    DealQuery,
    DealUpdate,
    DuplicateQuery,
    ExportCreate,
    LeadConvert,
    LeadCreate,
    LeadQuery,
    LeadUpdate,
    MergeAccounts,
    MergeContacts,
    MergeLeads,
    PipelineQuery,
    PipelineReport,
    SearchQuery,
    TaskCreate,
    TaskQuery,
    TaskUpdate,
    WonLostQuery,
)

ui = Blueprint("crm_ui", __name__, template_folder="templates")
ui.add_app_template_global(stage_badge, "crm_stage_badge")
for rows in ROWS:
    ui.add_app_template_global(rows)
QueryT = TypeVar("QueryT", bound=PageQuery)

TEXTS = ("notes", "body", "summary")
"""Text areas, kept as typed (as the API keeps them)."""


def _worded(values: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Each value as the form sends it, shown as HubSpot's lists show it ("Cold call")."""
    return tuple((value, status_words(value)) for value in values)


CHOICES = {
    "statuses": _worded(get_args(AccountStatus)),
    "tiers": _worded(get_args(Tier)),
    "sizes": get_args(Size),
    "account_types": _worded(get_args(AccountType)),
    "lead_statuses": _worded(get_args(LeadStatus)),
    "lead_sources": _worded(get_args(LeadSource)),
    "kinds": _worded(get_args(ActivityKind)),
    "priorities": _worded(get_args(Priority)),
    "stages": tuple((stage, status_words(stage)) for stage in STAGES),
    "probability": PROBABILITY,
}


@ui.app_template_global()
@pass_context
def crm_owner(context: Context, username: str, size: int = 24) -> Markup:
    """``m.owner(username)``: a record's owner as a row shows them, by name (``owner_names``,
    which every page has), with their avatar."""
    names = context["owner_names"]
    return person(names.get(username, username), size)


@ui.app_template_global()
def crm_about(
    names: Mapping[str, str],
    contact_id: int | None = None,
    account: str | None = None,
    deal_id: int | None = None,
) -> Markup:
    """``m.about(names, ...)``: the contact, account and deal a record is about, each a link
    named as ``_names`` read it ("About: contact Maria Lopez · deal Renewal")."""
    parts = [
        (kind, href, names.get(kind, ""))
        for kind, href in (
            ("contact", contact_id and url_for("crm_ui.contact_page", contact_id=contact_id)),
            ("account", account and url_for("crm_ui.account_page", code=account)),
            ("deal", deal_id and url_for("crm_ui.deal_page", deal_id=deal_id)),
        )
        if href
    ]
    if not parts:
        return Markup("")
    links = " · ".join(
        f'{kind} <a href="{escape(href)}">{escape(name)}</a>' for kind, href, name in parts
    )
    return Markup(f"<p>About: {links}</p>")


@ui.app_template_global()
def crm_money(amount: float | None, currency: str) -> Markup:
    """``m.money(amount, currency)``: an amount as the ``money`` filter writes it."""
    return escape(money(amount, currency))


def _who_may_change(ctx: Ctx) -> Callable[[str], str]:
    """``people.who_may_change`` for a page: each owner's words read once while the DB is
    unchanged, the users read when it first names whom to ask anew (the deal board does under
    each deal the caller may not move)."""

    @cache
    def users() -> list[User]:
        return people.owners(ctx.session)

    @cache
    def who(owner: str) -> str:
        return ctx.until_changed(
            f"crm.who_may_change.{owner}", lambda: people.who_may_change_among(users(), owner)
        )

    return who


def _show(template: str, ctx: Ctx, **values: Any) -> str:
    """A page with the choices every form offers: owners and the fixed values (the account
    pages add the territories, which only their forms offer)."""
    names, owners = ctx.until_changed("crm.owners", lambda: _owners(ctx))
    return render(
        f"crm/{template}",
        ctx,
        owners=owners,
        owner_names=names,
        who_may_change=_who_may_change(ctx),
        **CHOICES,
        **values,
    )


def _owners(ctx: Ctx) -> tuple[dict[str, str], Choices]:
    """Each owner's name by username, and the owner choices every form offers."""
    names = people_names(people.owner_names(ctx.session))
    return names, choices(names.items())


def _listing(
    template: str,
    ctx: Ctx,
    query_model: type[QueryT],
    route: Callable[[Ctx, QueryT], Any],
    **values: Any,
) -> Any:
    """A list page: the filters read as the API route reads its query, its answer shown."""
    query = parse_query(query_model)
    answer = route(ctx, query)
    return _show(template, ctx, items=answer.items, total=answer.total, query=query, **values)


def _contact_name(row: Contact | Lead) -> str:
    """A contact's or lead's name as notices say it."""
    return full_name(row.first_name, row.last_name)


def _back(endpoint: str, **values: Any) -> Any:
    return redirect(url_for(f"crm_ui.{endpoint}", **values), 303)


def _names(
    ctx: Ctx,
    contact_id: int | None = None,
    account: str | None = None,
    deal_id: int | None = None,
) -> Mapping[str, str]:
    """The names of the contact, account (by code) and deal a record refers to, which its page
    shows (as links) where the record holds only their ids and codes; read once while the DB
    is unchanged (they depend on those rows alone)."""
    if contact_id is None and account is None and deal_id is None:
        return MappingProxyType({})
    return ctx.until_changed(
        f"crm.names.{contact_id}.{account}.{deal_id}",
        lambda: _read_names(ctx, contact_id, account, deal_id),
    )


def _read_names(
    ctx: Ctx, contact_id: int | None, account: str | None, deal_id: int | None
) -> Mapping[str, str]:
    params = {"contact": contact_id, "account": account, "deal": deal_id}
    first, last, account_name, deal_name = ctx.session.execute(_NAMES, params).one()
    names: dict[str, str] = {}
    if first is not None:  # a contact's first name is never null: the contact is there
        names["contact"] = full_name(first, last)
    if account is not None:
        names["account"] = account_name or account
    if deal_name is not None:
        names["deal"] = deal_name
    return MappingProxyType(names)


_CONTACT = Contact.id == bindparam("contact")
_NAMES = select(
    select(Contact.first_name).where(_CONTACT).scalar_subquery(),
    select(Contact.last_name).where(_CONTACT).scalar_subquery(),
    select(Account.name).where(Account.code == bindparam("account")).scalar_subquery(),
    select(Deal.name).where(Deal.id == bindparam("deal")).scalar_subquery(),
)
"""The names ``_names`` shows, in one statement (built once) of the columns alone, not three
rows read whole."""


# --- Accounts -----------------------------------------------------------------------------------


@page(ui, "/", shows=("list_accounts",))
def accounts_page(ctx: Ctx) -> Any:
    return _listing(
        "accounts.html",
        ctx,
        AccountQuery,
        list_accounts,
        territories=people.territory_names(ctx.session),
    )


@page(ui, "/accounts", methods=("POST",), operation="create_account")
def account_create(ctx: Ctx) -> Any:
    row = accounts.create_account(ctx, read_form(AccountCreate, verbatim=TEXTS))
    flash(f"Created account {row.code} {row.name}.", "ok")
    return _back("account_page", code=row.code)


@page(
    ui,
    "/accounts/<code>",
    shows=(
        "get_account",
        listed("list_contacts", account="<code>", per_page="100"),
        listed("list_deals", account="<code>", per_page="100"),
        listed("list_activities", account="<code>", per_page="100"),
        listed("list_tasks", account="<code>", per_page="100"),
    ),
)
def account_page(ctx: Ctx, code: str) -> Any:
    row = accounts.account(ctx, code)
    by_account = {"account": row.code, "per_page": 100}
    return _show(
        "account.html",
        ctx,
        account=account_out(ctx.session, row),
        contacts=list_contacts(ctx, ContactQuery.model_validate(by_account)).items,
        deals=list_deals(ctx, DealQuery.model_validate(by_account)).items,
        activities=list_activities(ctx, ActivityQuery.model_validate(by_account)).items,
        tasks=list_tasks(ctx, TaskQuery.model_validate(by_account)).items,
        may_change=people.may_change(ctx, row.owner_id),
        territories=people.territory_names(ctx.session),
    )


@page(ui, "/accounts/<code>/edit", methods=("POST",), operation="update_account")
def account_edit(ctx: Ctx, code: str) -> Any:
    body = read_form(
        AccountUpdate,
        cleared=(*accounts.CLEARABLE, "territory"),
        keep_blank=("industry", "location", "sla", "churn_reason", "notes"),
        verbatim=TEXTS,
    )
    row = accounts.update_account(ctx, code, body)
    flash(f"Saved account {row.code}.", "ok")
    return _back("account_page", code=row.code)


@page(ui, "/accounts/<code>/delete", methods=("POST",), operation="delete_account")
def account_delete(ctx: Ctx, code: str) -> Any:
    accounts.delete_account(ctx, code)
    flash(f"Deleted account {accounts.canonical_code(code)}.", "ok")
    return _back("accounts_page")


@page(ui, "/accounts/<code>/merge", methods=("POST",), operation="merge_accounts")
def account_merge(ctx: Ctx, code: str) -> Any:
    body = read_form(MergeAccounts)
    row = duplicates.merge_accounts(ctx, code, body.duplicate)
    flash(f"Merged {body.duplicate.upper()} into {row.code}.", "ok")
    return _back("account_page", code=row.code)


# --- Contacts -----------------------------------------------------------------------------------


@page(ui, "/contacts", shows=("list_contacts",))
def contacts_page(ctx: Ctx) -> Any:
    return _listing(
        "contacts.html", ctx, ContactQuery, list_contacts, account_choices=_account_choices(ctx)
    )


@page(ui, "/contacts", methods=("POST",), operation="create_contact")
def contact_create(ctx: Ctx) -> Any:
    row = contacts.create_contact(
        ctx, read_form(ContactCreate, checkboxes=("primary",), verbatim=TEXTS)
    )
    flash(f"Created contact {row.first_name} {row.last_name}.", "ok")
    return _back("contact_page", contact_id=row.id)


@page(
    ui,
    "/contacts/<int:contact_id>",
    shows=(
        "get_contact",
        listed("list_activities", contact_id="<contact_id>", per_page="100"),
    ),
)
def contact_page(ctx: Ctx, contact_id: int) -> Any:
    row = contacts.contact(ctx, contact_id)
    shown = contact_out(ctx.session, row)
    at_account = DealQuery(account=shown.account, per_page=100)
    company_deals = list_deals(ctx, at_account).items if shown.account else []
    return _show(
        "contact.html",
        ctx,
        contact=shown,
        deals=company_deals,
        deal_options=alike_numbered((str(d.id), d.name) for d in company_deals),
        activities=list_activities(ctx, ActivityQuery(contact_id=row.id, per_page=100)).items,
        account_codes=_account_codes(ctx),
        merge_choices=ctx.until_changed(
            f"crm.merge_choices.{row.id}", lambda: _merge_choices(ctx, row.id)
        ),
        may_change=people.may_change(ctx, row.owner_id),
    )


def _person_words(first: str, last: str, email: str | None, company: str | None) -> str:
    """A contact or lead as a list of people to merge names it, with what tells namesakes
    apart: "Dana Whitfield · dana@acme.example · Acme Corp" (its account, a lead's company)."""
    return " · ".join(filter(None, (full_name(first, last), email, company)))


def _duplicate_names(ctx: Ctx, kind: str, ids: list[int]) -> list[str]:
    """The records of a duplicates group named as the merge list names them, "(2 of 2 alike)"
    after those that still read the same (the core's ``alike_numbered``)."""
    if kind == "contacts":
        rows = {
            row_id: _person_words(first, last, email, account)
            for row_id, first, last, email, account in ctx.session.execute(
                select(
                    Contact.id, Contact.first_name, Contact.last_name, Contact.email, Account.name
                )
                .outerjoin(Account, Account.id == Contact.account_id)
                .where(Contact.id.in_(ids))
            )
        }
    else:
        rows = {
            row_id: _person_words(first, last, email, company)
            for row_id, first, last, email, company in ctx.session.execute(
                select(Lead.id, Lead.first_name, Lead.last_name, Lead.email, Lead.company).where(
                    Lead.id.in_(ids)
                )
            )
        }
    return [name for _id, name in alike_numbered((i, rows[i]) for i in ids if i in rows)]


def _merge_choices(ctx: Ctx, contact_id: int) -> Choices:
    """The contacts the merge form offers to merge into ``contact_id``, by name (with what tells
    namesakes apart): those the duplicates page finds with it first ("Likely duplicate (same
    email) · …"), then every other one ("Other contact · …"), plain choices named by their
    group (``grouped_choices``); kept while the DB is unchanged (the page reads every contact
    and looks for the duplicates)."""
    group = next((g for g in duplicates.duplicate_contacts(ctx) if contact_id in g.ids), None)
    rows = ctx.session.execute(
        select(Contact.id, Contact.first_name, Contact.last_name, Contact.email, Account.name)
        .outerjoin(Account, Account.id == Contact.account_id)
        .where(Contact.id != contact_id)
        .order_by(Contact.last_name, Contact.first_name, Contact.id)
    )
    likely: list[tuple[str, str]] = []
    others: list[tuple[str, str]] = []
    shown = [
        (row_id, _person_words(first, last, email, account))
        for row_id, first, last, email, account in rows
    ]
    for row_id, name in alike_numbered(shown):
        found = likely if group and row_id in group.ids else others
        found.append((str(row_id), name))
    groups = [(f"Likely duplicate (same {group.reason})", likely)] if group else []
    return choices(grouped_choices([*groups, ("Other contact", others)]))


@page(ui, "/contacts/<int:contact_id>/edit", methods=("POST",), operation="update_contact")
def contact_edit(ctx: Ctx, contact_id: int) -> Any:
    body = read_form(
        ContactUpdate,
        checkboxes=("primary",),
        cleared=("email", "account"),
        keep_blank=("last_name", "phone", "job_title", "notes"),
        verbatim=TEXTS,
    )
    row = contacts.update_contact(ctx, contact_id, body)
    flash(f"Saved contact {_contact_name(row)}.", "ok")
    return _back("contact_page", contact_id=contact_id)


@page(ui, "/contacts/<int:contact_id>/delete", methods=("POST",), operation="delete_contact")
def contact_delete(ctx: Ctx, contact_id: int) -> Any:
    name = _contact_name(contacts.contact(ctx, contact_id))
    contacts.delete_contact(ctx, contact_id)
    flash(f"Deleted contact {name}.", "ok")
    return _back("contacts_page")


@page(ui, "/contacts/<int:contact_id>/merge", methods=("POST",), operation="merge_contacts")
def contact_merge(ctx: Ctx, contact_id: int) -> Any:
    body = read_form(MergeContacts)
    merged = ctx.session.get(Contact, body.duplicate_id)  # named before it is gone
    merged_name = _contact_name(merged) if merged else ""
    kept = duplicates.merge_contacts(ctx, contact_id, body.duplicate_id)
    flash(f"Merged {merged_name} into {_contact_name(kept)}.", "ok")
    return _back("contact_page", contact_id=contact_id)


def _record_choices(ctx: Ctx) -> dict[str, Choices]:
    """What a task or an activity may be about, as HubSpot's association pickers offer it: each
    contact, deal and account by its name (a contact's and a deal's with their company),
    "(2 of 2 alike)" after names that read the same; the form sends their ids and codes. Read
    once while the DB is unchanged."""
    contact_choices, deal_choices = ctx.until_changed(
        "crm.record_choices", lambda: _contacts_and_deals(ctx)
    )
    return {
        "contact_choices": contact_choices,
        "deal_choices": deal_choices,
        "account_choices": _account_choices(ctx),
    }


def _contacts_and_deals(ctx: Ctx) -> tuple[Choices, Choices]:
    people = ctx.session.execute(
        select(Contact.id, Contact.first_name, Contact.last_name, Account.name)
        .outerjoin(Account, Account.id == Contact.account_id)
        .order_by(Contact.last_name, Contact.first_name, Contact.id)
    )
    deal_rows = ctx.session.execute(
        select(Deal.id, Deal.name, Account.name)
        .join(Account, Account.id == Deal.account_id)
        .order_by(Deal.name, Deal.id)
    )
    return (
        choices(
            alike_numbered(
                (str(row_id), " · ".join(filter(None, (full_name(first, last), company))))
                for row_id, first, last, company in people
            )
        ),
        choices(
            alike_numbered(
                (str(row_id), f"{name} · {company}") for row_id, name, company in deal_rows
            )
        ),
    )


def _account_codes(ctx: Ctx) -> Choices:
    """Every account's code and name, by name: read once while the DB is unchanged (the
    deals page offers them twice, a picker by code and a filter by name)."""

    def read() -> Choices:
        rows = ctx.session.execute(select(Account.code, Account.name).order_by(Account.name))
        return choices(rows)

    return ctx.until_changed("crm.account_codes", read)


def _account_choices(ctx: Ctx) -> Choices:
    """Every account by its name, "(2 of 2 alike)" after names that read the same, as
    HubSpot's company pickers offer them; a form or filter sends the account's code."""
    return ctx.until_changed(
        "crm.account_choices", lambda: choices(alike_numbered(_account_codes(ctx)))
    )


# --- Leads --------------------------------------------------------------------------------------


@page(ui, "/leads", shows=("list_leads",))
def leads_page(ctx: Ctx) -> Any:
    return _listing("leads.html", ctx, LeadQuery, list_leads)


@page(ui, "/leads", methods=("POST",), operation="create_lead")
def lead_create(ctx: Ctx) -> Any:
    row = leads.create_lead(ctx, read_form(LeadCreate, verbatim=TEXTS))
    flash(f"Created lead {row.first_name} {row.last_name}.", "ok")
    return _back("lead_page", lead_id=row.id)


@page(ui, "/leads/<int:lead_id>", shows=("get_lead",))
def lead_page(ctx: Ctx, lead_id: int) -> Any:
    row = leads.lead(ctx, lead_id)
    shown = lead_out(ctx.session, row)
    return _show(
        "lead.html",
        ctx,
        lead=shown,
        names=_names(ctx, shown.contact_id, shown.account, shown.deal_id),
        account_codes=_account_codes(ctx),
        may_change=people.may_change(ctx, row.owner_id),
    )


@page(ui, "/leads/<int:lead_id>/edit", methods=("POST",), operation="update_lead")
def lead_edit(ctx: Ctx, lead_id: int) -> Any:
    body = read_form(
        LeadUpdate,
        cleared=("email",),
        keep_blank=("last_name", "phone", "company", "job_title", "notes"),
        verbatim=TEXTS,
    )
    row = leads.update_lead(ctx, lead_id, body)
    flash(f"Saved lead {_contact_name(row)}.", "ok")
    return _back("lead_page", lead_id=lead_id)


@page(ui, "/leads/<int:lead_id>/convert", methods=("POST",), operation="convert_lead")
def lead_convert(ctx: Ctx, lead_id: int) -> Any:
    row = leads.convert_lead(ctx, lead_id, read_form(LeadConvert, checkboxes=("create_deal",)))
    account = ctx.session.get(Account, row.account_id) if row.account_id else None
    deal = ctx.session.get(Deal, row.deal_id) if row.deal_id else None
    made = f" at {account.name}" if account else ""
    made += f", with the deal '{deal.name}'" if deal else ""
    flash(f"Converted lead {_contact_name(row)} into a contact{made}.", "ok")
    return _back("lead_page", lead_id=lead_id)


@page(ui, "/leads/<int:lead_id>/merge", methods=("POST",), operation="merge_leads")
def lead_merge(ctx: Ctx, lead_id: int) -> Any:
    body = read_form(MergeLeads)
    merged = ctx.session.get(Lead, body.duplicate_id)  # named before it is gone
    merged_name = _contact_name(merged) if merged else ""
    kept = duplicates.merge_leads(ctx, lead_id, body.duplicate_id)
    flash(f"Merged lead {merged_name} into {_contact_name(kept)}.", "ok")
    return _back("lead_page", lead_id=lead_id)


# --- Deals --------------------------------------------------------------------------------------


@page(ui, "/deals", shows=("list_deals",))
def deals_page(ctx: Ctx) -> Any:
    return _listing(
        "deals.html",
        ctx,
        DealQuery,
        list_deals,
        account_codes=_account_codes(ctx),
        account_choices=_account_choices(ctx),
        contact_choices=_contacts_by_account(ctx),
    )


def _contacts_by_account(ctx: Ctx) -> Choices:
    """The contacts a new deal may name, by their account (a deal's contact is at its
    account), as the New deal form's choices: "Lindqvist Architects · Ingrid Lindqvist"
    (``grouped_choices``); read once while the DB is unchanged."""
    return ctx.until_changed("crm.contacts_by_account", lambda: _read_contacts_by_account(ctx))


def _read_contacts_by_account(ctx: Ctx) -> Choices:
    rows = ctx.session.execute(
        select(Contact.id, Contact.first_name, Contact.last_name, Account.name)
        .join(Account, Account.id == Contact.account_id)
        .order_by(Account.name, Contact.last_name, Contact.first_name, Contact.id)
    )
    groups: dict[str, list[tuple[str, str]]] = {}
    for row_id, first, last, account in rows:
        groups.setdefault(account, []).append((str(row_id), full_name(first, last)))
    return choices(grouped_choices(groups.items()))


_RANKED = select(
    Deal.id,
    Deal.stage,
    func.row_number().over(partition_by=Deal.stage, order_by=(Deal.close_date, Deal.id)).label("n"),
    func.count().over(partition_by=Deal.stage).label("total"),
).subquery()
_BOARD_CARDS = (
    select(_RANKED.c.id, _RANKED.c.stage, _RANKED.c.total)
    .where(_RANKED.c.n <= 100)
    .order_by(_RANKED.c.stage, _RANKED.c.n)
)
"""The board's cards in one read: each stage's first 100 deals by close date (as
``list_deals`` with the stage lists them) and how many it has."""


@page(ui, "/deals/board", shows=("list_deals", "pipeline_report"))
def deals_board(ctx: Ctx) -> Any:
    """The pipeline as a board, HubSpot's default deals view: a column per stage with its deals'
    count and total, a card per deal (the first 100 of a stage, by close date)."""
    totals: dict[str, dict[str, float]] = {stage: {} for stage in STAGES}
    report = pipeline_report(ctx, PipelineQuery(group_by="stage", include_closed=True))
    for row in report.rows:
        totals[row.key][row.currency] = totals[row.key].get(row.currency, 0) + row.amount
    ids: dict[str, list[int]] = {stage: [] for stage in STAGES}
    counts: dict[str, int] = {}
    for deal_id, stage, total in ctx.session.execute(_BOARD_CARDS):
        ids[stage].append(deal_id)
        counts[stage] = total
    cards = {d.id: d for d in deals_out(ctx.db, [i for stage in STAGES for i in ids[stage]])}
    columns = [
        (
            stage,
            [cards[i] for i in ids[stage] if i in cards],
            counts.get(stage, 0),
            sorted(totals[stage].items()),
        )
        for stage in STAGES
    ]
    # a card's move is offered to whom it would not refuse: the deal's owner or a manager
    me = ctx.shown_user()
    manager = me.role == "manager"
    movable = {
        d.id for _, cards, _, _ in columns for d in cards if manager or d.owner == me.username
    }
    return _show("board.html", ctx, columns=columns, movable=movable)


@page(ui, "/deals/<int:deal_id>/move", methods=("POST",), operation="update_deal")
def deal_move(ctx: Ctx, deal_id: int) -> Any:
    """A board card's move to another stage: the deal's edit with its stage only."""
    body = read_form(DealUpdate)
    try:
        row = deals.update_deal(ctx, deal_id, body)
    except ValidationFailed:
        if body.stage != deals.LOST:
            raise
        name = deals.deal(ctx, deal_id).name
        raise Conflict(  # the board's card has no reason field: say where to give one
            f"{name!r} needs a lost reason to be moved to Closed lost: open it, choose Closed "
            "lost and say why under Reason lost."
        ) from None
    flash(f"Moved deal {row.name!r} to {status_words(row.stage)}.", "ok")
    return _back("deals_board")


@page(ui, "/deals", methods=("POST",), operation="create_deal")
def deal_create(ctx: Ctx) -> Any:
    row = deals.create_deal(ctx, read_form(DealCreate, verbatim=TEXTS))
    flash(f"Created deal {row.name!r}.", "ok")
    return _back("deal_page", deal_id=row.id)


@page(
    ui,
    "/deals/<int:deal_id>",
    shows=("get_deal", listed("list_activities", deal_id="<deal_id>", per_page="100")),
)
def deal_page(ctx: Ctx, deal_id: int) -> Any:
    row = deals.deal(ctx, deal_id)
    by_deal = ActivityQuery(deal_id=row.id, per_page=100)
    names = _names(ctx, row.contact_id)
    at_account = (  # the first 100 of the account's contacts, as ``list_contacts`` lists them
        select(Contact.id, Contact.first_name, Contact.last_name)
        .where(Contact.account_id == row.account_id)
        .order_by(Contact.last_name, Contact.first_name, Contact.id)
        .limit(100)
    )
    options = [
        (str(i), full_name(first, last)) for i, first, last in ctx.session.execute(at_account)
    ]
    if row.contact_id and str(row.contact_id) not in dict(options):
        options.append((str(row.contact_id), names["contact"]))  # moved to another account since
    return _show(
        "deal.html",
        ctx,
        deal=deal_out(ctx.db, row.id),
        names=names,
        closed=CLOSED,
        activities=list_activities(ctx, by_deal).items,
        contact_options=options,
        may_change=people.may_change(ctx, row.owner_id),
    )


@page(ui, "/deals/<int:deal_id>/edit", methods=("POST",), operation="update_deal")
def deal_edit(ctx: Ctx, deal_id: int) -> Any:
    body = read_form(
        DealUpdate, cleared=("contact_id",), keep_blank=("lost_reason", "notes"), verbatim=TEXTS
    )
    row = deals.update_deal(ctx, deal_id, body)
    flash(f"Saved deal {row.name!r} ({status_words(row.stage)}).", "ok")
    return _back("deal_page", deal_id=deal_id)


@page(ui, "/deals/<int:deal_id>/delete", methods=("POST",), operation="delete_deal")
def deal_delete(ctx: Ctx, deal_id: int) -> Any:
    name = deals.deal(ctx, deal_id).name
    deals.delete_deal(ctx, deal_id)
    flash(f"Deleted deal {name!r}.", "ok")
    return _back("deals_page")


# --- Activities ---------------------------------------------------------------------------------


@page(ui, "/activities", shows=("list_activities",))
def activities_page(ctx: Ctx) -> Any:
    return _listing("activities.html", ctx, ActivityQuery, list_activities, **_record_choices(ctx))


@page(ui, "/activities", methods=("POST",), operation="log_activity")
def activity_log(ctx: Ctx) -> Any:
    row = activities.log_activity(
        ctx,
        read_form(
            ActivityCreate, checkboxes=("send",), verbatim=TEXTS, local_times=("occurred_at",)
        ),
    )
    flash(f"Logged the {row.kind} {row.subject!r}" + (" and sent it." if row.mailed else "."), "ok")
    return redirect(local_target() or url_for("crm_ui.activity_page", activity_id=row.id), 303)


@page(ui, "/activities/<int:activity_id>", shows=("get_activity",))
def activity_page(ctx: Ctx, activity_id: int) -> Any:
    row = activities.activity(ctx, activity_id)
    shown = activity_out(ctx.session, row)
    names = _names(ctx, shown.contact_id, shown.account, shown.deal_id)
    may_change = people.may_change(ctx, row.owner_id)
    return _show("activity.html", ctx, activity=shown, names=names, may_change=may_change)


@page(ui, "/activities/<int:activity_id>/delete", methods=("POST",), operation="delete_activity")
def activity_delete(ctx: Ctx, activity_id: int) -> Any:
    row = activities.activity(ctx, activity_id)
    kind, subject = row.kind, row.subject
    activities.delete_activity(ctx, activity_id)
    flash(f"Deleted the {kind} {subject!r}.", "ok")
    return _back("activities_page")


# --- Tasks --------------------------------------------------------------------------------------


@page(ui, "/tasks", shows=("list_tasks",))
def tasks_page(ctx: Ctx) -> Any:
    return _listing("tasks.html", ctx, TaskQuery, list_tasks, **_record_choices(ctx))


@page(ui, "/tasks", methods=("POST",), operation="create_task")
def task_create(ctx: Ctx) -> Any:
    row = tasks.create_task(ctx, read_form(TaskCreate, verbatim=TEXTS))
    flash(f"Created task {row.subject!r}.", "ok")
    return redirect(local_target() or url_for("crm_ui.task_page", task_id=row.id), 303)


@page(ui, "/tasks/<int:task_id>", shows=("get_task",))
def task_page(ctx: Ctx, task_id: int) -> Any:
    row = tasks.task(ctx, task_id)
    shown = task_out(ctx.session, row, ctx.now.date())
    names = _names(ctx, shown.contact_id, shown.account, shown.deal_id)
    may_change = people.may_change(ctx, row.owner_id)
    return _show("task.html", ctx, task=shown, names=names, may_change=may_change)


@page(ui, "/tasks/<int:task_id>/edit", methods=("POST",), operation="update_task")
def task_edit(ctx: Ctx, task_id: int) -> Any:
    body = read_form(TaskUpdate, cleared=("due_date",), keep_blank=("notes",), verbatim=TEXTS)
    row = tasks.update_task(ctx, task_id, body)
    flash(f"Saved task {row.subject!r}.", "ok")
    return _back("task_page", task_id=task_id)


@page(ui, "/tasks/<int:task_id>/complete", methods=("POST",), operation="complete_task")
def task_complete(ctx: Ctx, task_id: int) -> Any:
    row = tasks.complete_task(ctx, task_id)
    flash(f"Completed {row.subject!r}.", "ok")
    return _back("task_page", task_id=task_id)


@page(ui, "/tasks/<int:task_id>/delete", methods=("POST",), operation="delete_task")
def task_delete(ctx: Ctx, task_id: int) -> Any:
    subject = tasks.task(ctx, task_id).subject
    tasks.delete_task(ctx, task_id)
    flash(f"Deleted task {subject!r}.", "ok")
    return _back("tasks_page")


# --- Duplicates, reports, search and the team ---------------------------------------------------


@page(ui, "/duplicates", shows=("find_duplicates",))
def duplicates_page(ctx: Ctx) -> Any:
    query = parse_query(DuplicateQuery)
    found = find_duplicates(ctx, query)
    names = (
        [g.names for g in found.groups]
        if query.kind == "accounts"
        else [_duplicate_names(ctx, query.kind, g.ids) for g in found.groups]
    )
    return _show("duplicates.html", ctx, found=found, query=query, names=names)


@page(
    ui,
    "/reports",
    shows=(
        "pipeline_report",
        listed("won_lost_report", start="<start>", end="<end>"),
        "list_exports",
    ),
)
def reports_page(ctx: Ctx) -> Any:
    chosen = bool({"start", "end", "owner"} & set(request.args))
    if chosen:
        period: WonLostQuery = parse_query(WonLostQuery)
    else:
        start, end = reports.period_default(ctx.now.date())
        period = WonLostQuery(start=start, end=end)
    include_closed = parse_query(PipelineQuery).include_closed
    amounts = reports.deal_amounts(ctx, include_closed)  # the pipeline by stage and by owner
    return _show(
        "reports.html",
        ctx,
        include_closed=include_closed,
        period_chosen=chosen,
        won_lost_owner=period.owner or "",
        by_stage=PipelineReport(group_by="stage", rows=reports.grouped(amounts, "stage")),
        by_owner=PipelineReport(group_by="owner", rows=reports.grouped(amounts, "owner")),
        won_lost=won_lost_report(ctx, period),
        exports=exports_out(ctx.session, reports.exports(ctx)),
        account_codes=_account_codes(ctx),
    )


@page(ui, "/reports/exports", methods=("POST",), operation="export_report")
def report_export(ctx: Ctx) -> Any:
    row = reports.export_report(ctx, read_form(ExportCreate, verbatim=TEXTS))
    flash(f"Exported report {row.title!r} over {len(row.account_codes)} accounts.", "ok")
    return _back("reports_page")


@page(ui, "/search", shows=(listed("search", q="<q>"),))
def search_page(ctx: Ctx) -> Any:
    text = request.args.get("q", "").strip()
    hits = searching.search(ctx, SearchQuery(q=text).q) if len(text) >= 2 else []
    return _show("search.html", ctx, q=text, hits=hits)


@page(ui, "/team", shows=("list_owners", "list_territories"))
def team_page(ctx: Ctx) -> Any:
    team = owners_out(ctx.session, people.owners(ctx.session))
    return _show("team.html", ctx, team=team, territory_rows=people.territories(ctx.session))
