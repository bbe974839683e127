"""The contacts area (``/api/contacts``): people, each at an account or none; one primary
contact per account."""

from __future__ import annotations

from sqlalchemy import select

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import invalid_field
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import Page, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.crm.accounts import account_in_body
from mock_services.crm.fields import apply_changes, by_id, full_name
from mock_services.crm.links import relink
from mock_services.crm.models import Account, Activity, Contact, Deal, Lead, Task
from mock_services.crm.people import check_may_change, owner_change, owner_id_or_me, owner_named
from mock_services.crm.schemas import ContactCreate, ContactQuery, ContactUpdate

CLEARABLE = ("email", "account_id")


def find_contacts(ctx: Ctx, query: ContactQuery) -> Page[Contact]:
    """One page of contacts by last and first name, narrowed by the query's filters."""
    stmt = select(Contact).order_by(Contact.last_name, Contact.first_name, Contact.id)
    if query.q:
        stmt = stmt.where(
            contains_text(Contact.first_name, query.q)
            | contains_text(Contact.last_name, query.q)
            | contains_text(Contact.email, query.q)
        )
    if query.account:
        stmt = stmt.where(Contact.account_id == account_in_body(ctx.session, query.account).id)
    if query.owner:
        stmt = stmt.where(Contact.owner_id == owner_named(ctx.session, query.owner).id)
    return page_of_select(ctx.session, stmt, query)


def contact(ctx: Ctx, contact_id: int) -> Contact:
    return by_id(ctx.session, Contact, contact_id, "contact")


def contact_in_body(ctx: Ctx, contact_id: int, field: str = "contact_id") -> Contact:
    """The contact a body names, else a 422 naming ``field``."""
    return by_id(ctx.session, Contact, contact_id, "contact", field=field)


def create_contact(ctx: Ctx, body: ContactCreate) -> Contact:
    row = Contact(
        first_name=body.first_name,
        last_name=body.last_name,
        email=body.email,
        phone=body.phone,
        job_title=body.job_title,
        account_id=account_in_body(ctx.session, body.account).id if body.account else None,
        primary=False,
        owner_id=owner_id_or_me(ctx, body.owner),
        notes=body.notes,
        created_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(row)
    ctx.session.flush()
    if body.primary:
        make_primary(ctx, row)
    return row


def update_contact(ctx: Ctx, contact_id: int, body: ContactUpdate) -> Contact:
    row = contact(ctx, contact_id)
    check_may_change(ctx, row.owner_id, full_name(row.first_name, row.last_name))
    changes = body.model_dump(exclude_unset=True)
    if "account" in changes:
        code = changes.pop("account")
        changes["account_id"] = account_in_body(ctx.session, code).id if code else None
        if changes["account_id"] != row.account_id:
            row.primary = False
    owner_change(ctx.session, changes)
    primary = changes.pop("primary", None)
    apply_changes(row, changes, CLEARABLE)
    if primary:
        make_primary(ctx, row)
    elif primary is False:
        row.primary = False
    ctx.session.flush()
    return row


def make_primary(ctx: Ctx, row: Contact) -> None:
    """``row`` becomes its account's one primary contact: a change of the account (its contact
    person), so only the account's owner or a manager makes it."""
    if row.account_id is None:
        raise invalid_field("primary", "only a contact at an account can be its primary contact")
    account = ctx.session.get(Account, row.account_id)
    assert account is not None  # account_id is a foreign key
    check_may_change(ctx, account.owner_id, account.name)
    others = select(Contact).where(
        Contact.account_id == row.account_id, Contact.primary, Contact.id != row.id
    )
    for other in ctx.session.scalars(others):
        other.primary = False
    row.primary = True


def delete_contact(ctx: Ctx, contact_id: int) -> None:
    """Delete a contact; the deals, activities and tasks naming it keep their account."""
    row = owned_or_managed(ctx, contact_id)
    detach_contact(ctx, row.id, None)
    ctx.session.delete(row)


def owned_or_managed(ctx: Ctx, contact_id: int) -> Contact:
    row = contact(ctx, contact_id)
    check_may_change(ctx, row.owner_id, full_name(row.first_name, row.last_name))
    return row


def detach_contact(ctx: Ctx, contact_id: int, replacement: int | None) -> None:
    """Point every deal, activity, task and lead naming the contact at ``replacement``."""
    relink(ctx.session, (Deal, Activity, Task, Lead), "contact_id", contact_id, replacement)
