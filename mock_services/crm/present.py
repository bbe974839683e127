"""How the API and the UI show each record: ORM rows (a deal: a plain row, read by id) to
answer models, with owners by username and accounts by code."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from datetime import date
from typing import Any

from sqlalchemy import Executable, Select, bindparam, select
from sqlalchemy.orm import Session

from mock_services.core.base.clock import iso, iso_stored
from mock_services.core.data.transaction import Transaction
from mock_services.crm.fields import full_name, not_found
from mock_services.crm.models import (
    PROBABILITY,
    Account,
    Activity,
    Contact,
    Lead,
    ReportExport,
    Task,
    Territory,
    User,
)
from mock_services.crm.schemas import (
    AccountOut,
    ActivityOut,
    ContactOut,
    DealOut,
    ExportOut,
    LeadOut,
    OwnerOut,
    TaskOut,
)


def primary_contacts(session: Session, account_ids: Iterable[int]) -> dict[int, Contact]:
    """Each account's primary contact, else its first one, by account id (one query)."""
    found: dict[int, Contact] = {}
    for contact in session.scalars(
        select(Contact)
        .where(Contact.account_id.in_(set(account_ids)))
        .order_by(Contact.account_id, Contact.primary.desc(), Contact.id)
    ):
        found.setdefault(contact.account_id, contact)  # type: ignore[arg-type]
    return found


def _named(session: Session, statement: Executable, ids: Iterable[int]) -> dict[int, Any]:
    """``statement``'s rows (the id, then the names a record shows) for the records ``ids``,
    by id: one query for a whole list."""
    wanted = list(set(ids))
    return {row[0]: row for row in session.execute(statement, {"ids": wanted})} if wanted else {}


def _ids() -> Any:
    return bindparam("ids", expanding=True)


# The names each kind of record shows, joined in one statement built once (building one with
# its joins costs more than running it); the first column is the record's id.
_OWNER_NAMES = (
    select(User.id, Territory.name)
    .outerjoin(Territory, Territory.id == User.territory_id)
    .where(User.id.in_(_ids()))
)
_ACCOUNT_NAMES = (
    select(Account.id, User.username, Territory.name)
    .join(User, User.id == Account.owner_id)
    .outerjoin(Territory, Territory.id == Account.territory_id)
    .where(Account.id.in_(_ids()))
)


def _owned_names(model: Any, *account: Any) -> Select[Any]:
    """A record's owner and, when asked, its account's ``account`` columns (``Account.code``),
    of the records ``ids``."""
    found = select(model.id, User.username, *account).join(User, User.id == model.owner_id)
    if account:
        found = found.outerjoin(Account, Account.id == model.account_id)
    return found.where(model.id.in_(_ids()))


_CONTACT_NAMES = _owned_names(Contact, Account.code, Account.name)
_LEAD_NAMES = _owned_names(Lead, Account.code)
_ACTIVITY_NAMES = _owned_names(Activity, Account.code)
_TASK_NAMES = _owned_names(Task, Account.code)
_EXPORT_NAMES = (
    select(ReportExport.id, User.username)
    .join(User, User.id == ReportExport.created_by)
    .where(ReportExport.id.in_(_ids()))
)


def owners_out(session: Session, users: Sequence[User]) -> list[OwnerOut]:
    names = _named(session, _OWNER_NAMES, (u.id for u in users))
    return [
        OwnerOut(
            id=user.id,
            username=user.username,
            display_name=user.display_name,
            email=user.email,
            role=user.role,
            job_title=user.job_title,
            territory=names[user.id].name,
        )
        for user in users
    ]


def owner_out(session: Session, user: User) -> OwnerOut:
    return owners_out(session, [user])[0]


def accounts_out(session: Session, accounts: Sequence[Account]) -> list[AccountOut]:
    names = _named(session, _ACCOUNT_NAMES, (a.id for a in accounts))
    contacts = primary_contacts(session, (a.id for a in accounts))
    out = []
    for account in accounts:
        contact = contacts.get(account.id)
        out.append(
            AccountOut(
                id=account.id,
                code=account.code,
                name=account.name,
                domain=account.domain,
                industry=account.industry,
                size=account.size,
                tier=account.tier,
                status=account.status,
                account_type=account.account_type,
                owner=names[account.id].username,
                territory=names[account.id].name,
                annual_revenue=account.annual_revenue,
                location=account.location,
                sla=account.sla,
                contract_end=account.contract_end,
                churn_date=account.churn_date,
                churn_reason=account.churn_reason,
                satisfaction=account.satisfaction,
                last_contact=account.last_contact,
                notes=account.notes,
                contact_person=(
                    full_name(contact.first_name, contact.last_name) if contact else None
                ),
                email=contact.email if contact else None,
                phone=(contact.phone or None) if contact else None,
                created_at=iso(account.created_at) or "",
            )
        )
    return out


def account_out(session: Session, account: Account) -> AccountOut:
    return accounts_out(session, [account])[0]


def contacts_out(session: Session, contacts: Sequence[Contact]) -> list[ContactOut]:
    names = _named(session, _CONTACT_NAMES, (c.id for c in contacts))
    return [
        ContactOut(
            id=contact.id,
            first_name=contact.first_name,
            last_name=contact.last_name,
            name=full_name(contact.first_name, contact.last_name),
            email=contact.email,
            phone=contact.phone,
            job_title=contact.job_title,
            account=names[contact.id].code,
            account_name=names[contact.id].name,
            primary=contact.primary,
            owner=names[contact.id].username,
            notes=contact.notes,
            created_at=iso(contact.created_at) or "",
        )
        for contact in contacts
    ]


def contact_out(session: Session, contact: Contact) -> ContactOut:
    return contacts_out(session, [contact])[0]


def leads_out(session: Session, leads: Sequence[Lead]) -> list[LeadOut]:
    names = _named(session, _LEAD_NAMES, (x.id for x in leads))
    return [
        LeadOut(
            id=lead.id,
            first_name=lead.first_name,
            last_name=lead.last_name,
            name=full_name(lead.first_name, lead.last_name),
            email=lead.email,
            phone=lead.phone,
            company=lead.company,
            job_title=lead.job_title,
            source=lead.source,
            status=lead.status,
            owner=names[lead.id].username,
            notes=lead.notes,
            created_at=iso(lead.created_at) or "",
            converted_at=iso(lead.converted_at),
            contact_id=lead.contact_id,
            account=names[lead.id].code,
            deal_id=lead.deal_id,
        )
        for lead in leads
    ]


def lead_out(session: Session, lead: Lead) -> LeadOut:
    return leads_out(session, [lead])[0]


_DEAL_ROWS = (
    "SELECT d.id, d.name, a.code AS account, a.name AS account_name, d.contact_id, "
    "u.username AS owner, d.stage, d.amount, d.currency, d.close_date, d.closed_at, "
    "d.lost_reason, d.notes, d.created_at FROM json_each(?) ids "
    "CROSS JOIN deals d ON d.id = ids.value "
    "JOIN accounts a ON a.id = d.account_id JOIN users u ON u.id = d.owner_id"
)
"""Deals by id, each with its account's code and name and its owner's username; the ids are
a JSON array, so a page and a single deal run the same statement. ``CROSS JOIN`` keeps the
ids first: each deal is then found by its key (left to itself, SQLite scans the users and
reads every deal of each)."""


def deals_out(db: Transaction, deal_ids: Sequence[int]) -> list[DealOut]:
    """The deals ``deal_ids``, in that order, as answered: one plain query for a whole list.
    An id with no deal is left out."""
    if not deal_ids:
        return []
    found = db.all(_DEAL_ROWS, (json.dumps(list(deal_ids)),))
    rows = {row["id"]: row for row in found}
    return [_deal_out(rows[deal_id]) for deal_id in deal_ids if deal_id in rows]


def deal_out(db: Transaction, deal_id: int) -> DealOut:
    """The deal ``deal_id`` as answered (``deals_out`` on one); 404 if there is none."""
    found = deals_out(db, (deal_id,))
    if not found:
        raise not_found("deal", deal_id)
    return found[0]


def _deal_out(row: sqlite3.Row) -> DealOut:
    return DealOut(
        id=row["id"],
        name=row["name"],
        account=row["account"],
        account_name=row["account_name"],
        contact_id=row["contact_id"],
        owner=row["owner"],
        stage=row["stage"],
        probability=PROBABILITY[row["stage"]],
        amount=row["amount"],
        currency=row["currency"],
        close_date=row["close_date"],
        closed_at=iso_stored(row["closed_at"]),
        lost_reason=row["lost_reason"],
        notes=row["notes"],
        created_at=iso_stored(row["created_at"]) or "",
    )


def activities_out(session: Session, activities: Sequence[Activity]) -> list[ActivityOut]:
    names = _named(session, _ACTIVITY_NAMES, (a.id for a in activities))
    return [
        ActivityOut(
            id=activity.id,
            kind=activity.kind,
            subject=activity.subject,
            body=activity.body,
            owner=names[activity.id].username,
            contact_id=activity.contact_id,
            account=names[activity.id].code,
            deal_id=activity.deal_id,
            occurred_at=iso(activity.occurred_at) or "",
            duration_minutes=activity.duration_minutes,
            mailed=activity.mailed,
            created_at=iso(activity.created_at) or "",
        )
        for activity in activities
    ]


def activity_out(session: Session, activity: Activity) -> ActivityOut:
    return activities_out(session, [activity])[0]


def tasks_out(session: Session, tasks: Sequence[Task], today: date) -> list[TaskOut]:
    names = _named(session, _TASK_NAMES, (t.id for t in tasks))
    return [
        TaskOut(
            id=task.id,
            subject=task.subject,
            notes=task.notes,
            owner=names[task.id].username,
            due_date=task.due_date,
            overdue=task.status == "open" and task.due_date is not None and task.due_date < today,
            priority=task.priority,
            status=task.status,
            contact_id=task.contact_id,
            account=names[task.id].code,
            deal_id=task.deal_id,
            completed_at=iso(task.completed_at),
            created_at=iso(task.created_at) or "",
        )
        for task in tasks
    ]


def task_out(session: Session, task: Task, today: date) -> TaskOut:
    return tasks_out(session, [task], today)[0]


def exports_out(session: Session, exports: Sequence[ReportExport]) -> list[ExportOut]:
    names = _named(session, _EXPORT_NAMES, (e.id for e in exports))
    return [
        ExportOut(
            id=export.id,
            title=export.title,
            summary=export.summary,
            account_codes=list(export.account_codes),
            created_by=names[export.id].username,
            created_at=iso(export.created_at) or "",
        )
        for export in exports
    ]


def export_out(session: Session, export: ReportExport) -> ExportOut:
    return exports_out(session, [export])[0]
