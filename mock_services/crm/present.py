"""How the API and the UI show each record: ORM rows to answer models, with owners by
username and accounts by code."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.core.base.clock import iso
from mock_services.crm.fields import full_name
from mock_services.crm.models import (
    CLOSED,
    PROBABILITY,
    Account,
    Activity,
    Contact,
    Deal,
    Lead,
    ReportExport,
    Task,
    Territory,
    User,
)
from mock_services.crm.people import username
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


def account_code(session: Session, account_id: int | None) -> str | None:
    account = session.get(Account, account_id) if account_id is not None else None
    return account.code if account is not None else None


def primary_contact(session: Session, account_id: int) -> Contact | None:
    """The account's primary contact, else its first one."""
    stmt = (
        select(Contact)
        .where(Contact.account_id == account_id)
        .order_by(Contact.primary.desc(), Contact.id)
    )
    return session.scalars(stmt.limit(1)).first()


def owner_out(session: Session, user: User) -> OwnerOut:
    territory = session.get(Territory, user.territory_id) if user.territory_id else None
    return OwnerOut(
        id=user.id,
        username=user.username,
        display_name=user.display_name,
        email=user.email,
        role=user.role,
        job_title=user.job_title,
        territory=territory.name if territory else None,
    )


def account_out(session: Session, account: Account) -> AccountOut:
    territory = session.get(Territory, account.territory_id) if account.territory_id else None
    contact = primary_contact(session, account.id)
    return AccountOut(
        id=account.id,
        code=account.code,
        name=account.name,
        domain=account.domain,
        industry=account.industry,
        size=account.size,
        tier=account.tier,
        status=account.status,
        account_type=account.account_type,
        owner=username(session, account.owner_id),
        territory=territory.name if territory else None,
        annual_revenue=account.annual_revenue,
        location=account.location,
        sla=account.sla,
        contract_end=account.contract_end,
        churn_date=account.churn_date,
        churn_reason=account.churn_reason,
        satisfaction=account.satisfaction,
        last_contact=account.last_contact,
        notes=account.notes,
        contact_person=full_name(contact.first_name, contact.last_name) if contact else None,
        email=contact.email if contact else None,
        phone=(contact.phone or None) if contact else None,
        created_at=iso(account.created_at) or "",
    )


def contact_out(session: Session, contact: Contact) -> ContactOut:
    account = session.get(Account, contact.account_id) if contact.account_id else None
    return ContactOut(
        id=contact.id,
        first_name=contact.first_name,
        last_name=contact.last_name,
        name=full_name(contact.first_name, contact.last_name),
        email=contact.email,
        phone=contact.phone,
        job_title=contact.job_title,
        account=account.code if account else None,
        account_name=account.name if account else None,
        primary=contact.primary,
        owner=username(session, contact.owner_id),
        notes=contact.notes,
        created_at=iso(contact.created_at) or "",
    )


def lead_out(session: Session, lead: Lead) -> LeadOut:
    return LeadOut(
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
        owner=username(session, lead.owner_id),
        notes=lead.notes,
        created_at=iso(lead.created_at) or "",
        converted_at=iso(lead.converted_at),
        contact_id=lead.contact_id,
        account=account_code(session, lead.account_id),
        deal_id=lead.deal_id,
    )


def deal_out(session: Session, deal: Deal) -> DealOut:
    account = session.get(Account, deal.account_id)
    assert account is not None  # a foreign key holds it
    return DealOut(
        id=deal.id,
        name=deal.name,
        account=account.code,
        account_name=account.name,
        contact_id=deal.contact_id,
        owner=username(session, deal.owner_id),
        stage=deal.stage,
        probability=PROBABILITY[deal.stage],
        amount=deal.amount,
        currency=deal.currency,
        close_date=deal.close_date,
        closed_at=iso(deal.closed_at),
        lost_reason=deal.lost_reason,
        notes=deal.notes,
        created_at=iso(deal.created_at) or "",
    )


def is_open(deal: Deal) -> bool:
    return deal.stage not in CLOSED


def activity_out(session: Session, activity: Activity) -> ActivityOut:
    return ActivityOut(
        id=activity.id,
        kind=activity.kind,
        subject=activity.subject,
        body=activity.body,
        owner=username(session, activity.owner_id),
        contact_id=activity.contact_id,
        account=account_code(session, activity.account_id),
        deal_id=activity.deal_id,
        occurred_at=iso(activity.occurred_at) or "",
        duration_minutes=activity.duration_minutes,
        mailed=activity.mailed,
        created_at=iso(activity.created_at) or "",
    )


def task_out(session: Session, task: Task, today: date) -> TaskOut:
    return TaskOut(
        id=task.id,
        subject=task.subject,
        notes=task.notes,
        owner=username(session, task.owner_id),
        due_date=task.due_date,
        overdue=task.status == "open" and task.due_date is not None and task.due_date < today,
        priority=task.priority,
        status=task.status,
        contact_id=task.contact_id,
        account=account_code(session, task.account_id),
        deal_id=task.deal_id,
        completed_at=iso(task.completed_at),
        created_at=iso(task.created_at) or "",
    )


def export_out(session: Session, export: ReportExport) -> ExportOut:
    return ExportOut(
        id=export.id,
        title=export.title,
        summary=export.summary,
        account_codes=list(export.account_codes),
        created_by=username(session, export.created_by),
        created_at=iso(export.created_at) or "",
    )
