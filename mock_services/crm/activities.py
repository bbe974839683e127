"""The activities area (``/api/activities``): calls, meetings, mails and notes logged against
a contact, an account or a deal. A meeting goes on its owner's calendar; a mail may be sent."""

from __future__ import annotations

from sqlalchemy import select

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import invalid_field
from mock_services.core.data.paging import Page, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.crm import notices
from mock_services.crm.accounts import account_in_body, touch_last_contact
from mock_services.crm.contacts import contact_in_body
from mock_services.crm.deals import deal_in_body
from mock_services.crm.fields import by_id
from mock_services.crm.models import Account, Activity, Contact, Deal
from mock_services.crm.people import check_may_change, owner_named
from mock_services.crm.schemas import ActivityCreate, ActivityQuery


def find_activities(ctx: Ctx, query: ActivityQuery) -> Page[Activity]:
    """One page of activities, latest first, narrowed by the query's filters."""
    stmt = select(Activity).order_by(Activity.occurred_at.desc(), Activity.id.desc())
    if query.kind is not None:
        stmt = stmt.where(Activity.kind == query.kind)
    if query.contact_id is not None:
        stmt = stmt.where(Activity.contact_id == query.contact_id)
    if query.account:
        stmt = stmt.where(Activity.account_id == account_in_body(ctx.session, query.account).id)
    if query.deal_id is not None:
        stmt = stmt.where(Activity.deal_id == query.deal_id)
    if query.owner:
        stmt = stmt.where(Activity.owner_id == owner_named(ctx.session, query.owner).id)
    return page_of_select(ctx.session, stmt, query)


def activity(ctx: Ctx, activity_id: int) -> Activity:
    return by_id(ctx.session, Activity, activity_id, "activity")


def log_activity(ctx: Ctx, body: ActivityCreate) -> Activity:
    """Log what the caller did; the account is the contact's or the deal's when not given, the
    contact the deal's (a call logged on a deal was with its contact)."""
    deal = deal_in_body(ctx, body.deal_id) if body.deal_id else None
    contact: Contact | None
    if body.contact_id:
        contact = contact_in_body(ctx, body.contact_id)
    else:
        contact = ctx.session.get(Contact, deal.contact_id) if deal and deal.contact_id else None
    account = _account_of(ctx, body, contact, deal)
    if contact is None and account is None:
        raise invalid_field("contact_id", "name a contact, an account or a deal it was about")
    if body.send and (body.kind != "email" or contact is None or not contact.email):
        raise invalid_field("send", "only an email to a contact with an e-mail address can be sent")
    row = Activity(
        kind=body.kind,
        subject=body.subject,
        body=body.body,
        owner_id=ctx.user_id,
        contact_id=contact.id if contact else None,
        account_id=account.id if account else None,
        deal_id=deal.id if deal else None,
        occurred_at=to_naive_utc(body.occurred_at or ctx.now),
        duration_minutes=body.duration_minutes,
        mailed=body.send,
        created_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(row)
    ctx.session.flush()
    if row.kind != "note" and row.occurred_at <= to_naive_utc(ctx.now):
        touch_last_contact(account, row.occurred_at.date())
    if row.kind == "meeting":
        notices.meeting_changed(ctx, row, contact, account, "request")
    if body.send and contact is not None:
        notices.mail_sent(ctx, row, contact)
    return row


def _account_of(
    ctx: Ctx, body: ActivityCreate, contact: Contact | None, deal: Deal | None
) -> Account | None:
    """The account an activity is about: the one named, else its contact's or its deal's."""
    implied = {a for a in (contact.account_id if contact else None, deal and deal.account_id) if a}
    if body.account:
        account = account_in_body(ctx.session, body.account)
        if implied - {account.id}:
            raise invalid_field(
                "account", f"the contact or deal named is not at account {account.code}"
            )
        return account
    if len(implied) > 1:
        raise invalid_field("deal_id", "the contact and the deal are at different accounts")
    return ctx.session.get(Account, implied.pop()) if implied else None


def delete_activity(ctx: Ctx, activity_id: int) -> None:
    """Delete an activity; a meeting is taken off its owner's calendar."""
    row = activity(ctx, activity_id)
    check_may_change(ctx, row.owner_id, row.subject)
    if row.kind == "meeting":
        contact = ctx.session.get(Contact, row.contact_id) if row.contact_id else None
        account = ctx.session.get(Account, row.account_id) if row.account_id else None
        notices.meeting_changed(ctx, row, contact, account, "cancel")
    ctx.session.delete(row)
