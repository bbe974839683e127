"""The deals area (``/api/deals``): opportunities on an account moving through the pipeline's
stages; entering a closed stage stamps ``closed_at``, leaving one clears it."""

from __future__ import annotations

from sqlalchemy import select

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import invalid_field
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import Page, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.crm.accounts import account_in_body
from mock_services.crm.contacts import contact_in_body
from mock_services.crm.fields import apply_changes, by_id
from mock_services.crm.links import relink
from mock_services.crm.models import CLOSED, Activity, Deal, Lead, Task
from mock_services.crm.people import check_may_change, owner_change, owner_id_or_me, owner_named
from mock_services.crm.schemas import DealCreate, DealQuery, DealUpdate

CLEARABLE = ("contact_id",)


def find_deal_ids(ctx: Ctx, query: DealQuery) -> Page[int]:
    """The ids of one page of deals by close date, narrowed by the query's filters (the
    presenter reads the deals themselves as plain rows)."""
    stmt = select(Deal.id).order_by(Deal.close_date, Deal.id)
    if query.q:
        stmt = stmt.where(contains_text(Deal.name, query.q))
    if query.stage is not None:
        stmt = stmt.where(Deal.stage == query.stage)
    if query.open is not None:
        stmt = stmt.where(Deal.stage.not_in(CLOSED) if query.open else Deal.stage.in_(CLOSED))
    if query.owner:
        stmt = stmt.where(Deal.owner_id == owner_named(ctx.session, query.owner).id)
    if query.account:
        stmt = stmt.where(Deal.account_id == account_in_body(ctx.session, query.account).id)
    if query.closing_before is not None:
        stmt = stmt.where(Deal.close_date <= query.closing_before)
    return page_of_select(ctx.session, stmt, query)


def deal(ctx: Ctx, deal_id: int) -> Deal:
    return by_id(ctx.session, Deal, deal_id, "deal")


def deal_in_body(ctx: Ctx, deal_id: int, field: str = "deal_id") -> Deal:
    """The deal a body names, else a 422 naming ``field``."""
    return by_id(ctx.session, Deal, deal_id, "deal", field=field)


def create_deal(ctx: Ctx, body: DealCreate) -> Deal:
    account = account_in_body(ctx.session, body.account)
    row = Deal(
        name=body.name,
        account_id=account.id,
        contact_id=_contact_at(ctx, body.contact_id, account.id),
        owner_id=owner_id_or_me(ctx, body.owner),
        stage=body.stage,
        amount=round(body.amount, 2),
        currency=body.currency,
        close_date=body.close_date,
        closed_at=to_naive_utc(ctx.now) if body.stage in CLOSED else None,
        lost_reason=body.lost_reason,
        notes=body.notes,
        created_at=to_naive_utc(ctx.now),
    )
    check_lost_has_reason(row.stage, row.lost_reason, row.name)
    ctx.session.add(row)
    ctx.session.flush()
    return row


LOST = "closed_lost"
LOST_NEEDS_A_REASON = "a deal in Closed lost needs its lost reason: say why it was lost"


def check_lost_has_reason(stage: str, lost_reason: str | None, name: str) -> None:
    """A deal lost says why (HubSpot's required "Closed lost reason"): refused at
    ``lost_reason`` when a deal is in, or moved into, Closed lost without one."""
    if stage == LOST and not (lost_reason or "").strip():
        raise invalid_field("lost_reason", f"{LOST_NEEDS_A_REASON} ({name!r})")


def update_deal(ctx: Ctx, deal_id: int, body: DealUpdate) -> Deal:
    """Change a deal; a stage change into closed won or lost stamps when it closed."""
    row = deal(ctx, deal_id)
    check_may_change(ctx, row.owner_id, row.name)
    changes = body.model_dump(exclude_unset=True)
    owner_change(ctx.session, changes)
    if changes.get("contact_id") is not None:
        changes["contact_id"] = _contact_at(ctx, changes["contact_id"], row.account_id)
    if changes.get("amount") is not None:
        changes["amount"] = round(changes["amount"], 2)
    stage = changes.get("stage")
    if stage is not None and (stage in CLOSED) != (row.stage in CLOSED):
        row.closed_at = to_naive_utc(ctx.now) if stage in CLOSED else None
    apply_changes(row, changes, CLEARABLE)
    check_lost_has_reason(row.stage, row.lost_reason, row.name)
    ctx.session.flush()
    return row


def _contact_at(ctx: Ctx, contact_id: int | None, account_id: int) -> int | None:
    """The deal's contact: one at the deal's account."""
    if contact_id is None:
        return None
    contact = contact_in_body(ctx, contact_id)
    if contact.account_id != account_id:
        raise invalid_field("contact_id", f"contact {contact_id} is not at the deal's account")
    return contact.id


def delete_deal(ctx: Ctx, deal_id: int) -> None:
    """Delete a deal; the activities, tasks and leads naming it stay, without it."""
    row = deal(ctx, deal_id)
    check_may_change(ctx, row.owner_id, row.name)
    relink(ctx.session, (Activity, Task, Lead), "deal_id", row.id, None)
    ctx.session.delete(row)
