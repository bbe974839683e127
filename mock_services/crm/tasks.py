"""The tasks area (``/api/tasks``): follow-ups with a due date and an owner, about a contact,
an account or a deal; completed once."""

from __future__ import annotations

from sqlalchemy import select

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict
from mock_services.core.data.paging import Page, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.crm.accounts import account_in_body
from mock_services.crm.contacts import contact_in_body
from mock_services.crm.deals import deal_in_body
from mock_services.crm.fields import apply_changes, by_id
from mock_services.crm.models import Task
from mock_services.crm.people import check_may_change, owner_change, owner_id_or_me, owner_named
from mock_services.crm.schemas import TaskCreate, TaskQuery, TaskUpdate

CLEARABLE = ("due_date",)


def find_tasks(ctx: Ctx, query: TaskQuery) -> Page[Task]:
    """One page of tasks by due date (undated last), narrowed by the query's filters."""
    stmt = select(Task).order_by(Task.due_date.is_(None), Task.due_date, Task.id)
    if query.status is not None:
        stmt = stmt.where(Task.status == query.status)
    if query.owner:
        stmt = stmt.where(Task.owner_id == owner_named(ctx.session, query.owner).id)
    if query.due_before is not None:
        stmt = stmt.where(Task.due_date <= query.due_before)
    if query.account:
        stmt = stmt.where(Task.account_id == account_in_body(ctx.session, query.account).id)
    return page_of_select(ctx.session, stmt, query)


def task(ctx: Ctx, task_id: int) -> Task:
    return by_id(ctx.session, Task, task_id, "task")


def create_task(ctx: Ctx, body: TaskCreate) -> Task:
    contact = contact_in_body(ctx, body.contact_id) if body.contact_id else None
    deal = deal_in_body(ctx, body.deal_id) if body.deal_id else None
    account = account_in_body(ctx.session, body.account) if body.account else None
    row = Task(
        subject=body.subject,
        notes=body.notes,
        owner_id=owner_id_or_me(ctx, body.owner),
        due_date=body.due_date,
        priority=body.priority,
        status="open",
        contact_id=contact.id if contact else None,
        deal_id=deal.id if deal else None,
        account_id=account.id if account else (deal.account_id if deal else None),
        created_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(row)
    ctx.session.flush()
    return row


def update_task(ctx: Ctx, task_id: int, body: TaskUpdate) -> Task:
    row = _changeable(ctx, task_id)
    changes = body.model_dump(exclude_unset=True)
    owner_change(ctx.session, changes)
    apply_changes(row, changes, CLEARABLE)
    ctx.session.flush()
    return row


def complete_task(ctx: Ctx, task_id: int) -> Task:
    row = _changeable(ctx, task_id)
    if row.status == "done":
        raise Conflict(f"task {row.id} is done already")
    row.status, row.completed_at = "done", to_naive_utc(ctx.now)
    ctx.session.flush()
    return row


def delete_task(ctx: Ctx, task_id: int) -> None:
    ctx.session.delete(_changeable(ctx, task_id))


def _changeable(ctx: Ctx, task_id: int) -> Task:
    row = task(ctx, task_id)
    check_may_change(ctx, row.owner_id, row.subject)
    return row
