"""The leads area (``/api/leads``): prospects not yet qualified, and their conversion into a
contact at an account (new or existing) and optionally a deal; a lead converts once."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, invalid_field
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import Page, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.crm.accounts import account_in_body, create_account
from mock_services.crm.contacts import create_contact
from mock_services.crm.deals import create_deal
from mock_services.crm.fields import apply_changes, by_id, full_name
from mock_services.crm.models import Lead
from mock_services.crm.people import (
    check_may_change,
    owner_change,
    owner_id_or_me,
    owner_named,
    username,
)
from mock_services.crm.schemas import (
    AccountCreate,
    ContactCreate,
    DealCreate,
    LeadConvert,
    LeadCreate,
    LeadQuery,
    LeadUpdate,
)

CLEARABLE = ("email",)


def find_leads(ctx: Ctx, query: LeadQuery) -> Page[Lead]:
    """One page of leads, newest first, narrowed by the query's filters."""
    stmt = select(Lead).order_by(Lead.created_at.desc(), Lead.id.desc())
    if query.q:
        stmt = stmt.where(
            contains_text(Lead.first_name, query.q)
            | contains_text(Lead.last_name, query.q)
            | contains_text(Lead.email, query.q)
            | contains_text(Lead.company, query.q)
        )
    if query.status is not None:
        stmt = stmt.where(Lead.status == query.status)
    if query.source is not None:
        stmt = stmt.where(Lead.source == query.source)
    if query.owner:
        stmt = stmt.where(Lead.owner_id == owner_named(ctx.session, query.owner).id)
    return page_of_select(ctx.session, stmt, query)


def lead(ctx: Ctx, lead_id: int) -> Lead:
    return by_id(ctx.session, Lead, lead_id, "lead")


def create_lead(ctx: Ctx, body: LeadCreate) -> Lead:
    row = Lead(
        **body.model_dump(exclude={"owner"}),
        owner_id=owner_id_or_me(ctx, body.owner),
        status="new",
        created_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(row)
    ctx.session.flush()
    return row


def update_lead(ctx: Ctx, lead_id: int, body: LeadUpdate) -> Lead:
    row = open_lead(ctx, lead_id)
    changes = body.model_dump(exclude_unset=True)
    owner_change(ctx.session, changes)
    apply_changes(row, changes, CLEARABLE)
    ctx.session.flush()
    return row


def convert_lead(ctx: Ctx, lead_id: int, body: LeadConvert) -> Lead:
    """Turn the lead into a contact at ``body.account`` (or a new account named after its
    company) and, when asked, a deal there; the lead keeps links to what it became."""
    row = open_lead(ctx, lead_id)
    if row.status == "unqualified":
        raise Conflict(f"lead {row.id} is unqualified; set its status first to convert it")
    owner = username(ctx.session, row.owner_id)
    if body.account:
        account = account_in_body(ctx.session, body.account)
    elif row.company:
        account = create_account(ctx, AccountCreate(name=row.company, owner=owner, status="active"))
    else:
        raise invalid_field(
            "account", f"lead {row.id} names no company; give an existing account's code"
        )
    contact = create_contact(
        ctx,
        ContactCreate(
            first_name=row.first_name,
            last_name=row.last_name,
            email=row.email,
            phone=row.phone,
            job_title=row.job_title,
            account=account.code,
            owner=owner,
            notes=row.notes,
        ),
    )
    if body.create_deal:
        deal = create_deal(
            ctx,
            DealCreate(
                name=body.deal_name
                or f"{account.name}: {full_name(row.first_name, row.last_name)}",
                account=account.code,
                contact_id=contact.id,
                amount=body.amount or 0,
                currency=body.currency,
                close_date=body.close_date or (ctx.now + timedelta(days=30)).date(),
                owner=owner,
            ),
        )
        row.deal_id = deal.id
    elif body.deal_name or body.amount is not None or body.close_date is not None:
        raise invalid_field(
            "create_deal", "deal_name, amount and close_date need create_deal: true"
        )
    row.status, row.converted_at = "converted", to_naive_utc(ctx.now)
    row.contact_id, row.account_id = contact.id, account.id
    ctx.session.flush()
    return row


def open_lead(ctx: Ctx, lead_id: int) -> Lead:
    """A lead the caller may change and that is not converted yet."""
    row = lead(ctx, lead_id)
    check_may_change(ctx, row.owner_id, full_name(row.first_name, row.last_name))
    if row.status == "converted":
        raise Conflict(
            f"lead {row.id} was already converted into contact {row.contact_id}; "
            "change that contact instead"
        )
    return row
