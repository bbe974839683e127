"""The accounts area (``/api/accounts``): companies, listed with filters, created, changed,
deleted when nothing hangs on them; addressed by code (``CUS-001``)."""

from __future__ import annotations

from datetime import date

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from mock_services.core.base.addressing import Addressed
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, invalid_field
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import Page, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.crm.fields import apply_changes
from mock_services.crm.links import relink
from mock_services.crm.models import Account, Activity, Contact, Deal, Lead, Task
from mock_services.crm.people import check_may_change, owner_id_or_me, owner_named, territory_named
from mock_services.crm.schemas import AccountCreate, AccountFields, AccountQuery, AccountUpdate

ACCOUNTS = Addressed(
    kind="account",
    by="code",
    shape=r"[A-Z][A-Z0-9]{1,5}-[0-9]{1,8}",
    sample="CUS-001",
    table="accounts",
    owner_column="owner_id",
    hint="list them with GET /api/accounts",
)
CLEARABLE = ("domain", "size", "territory_id", "contract_end", "churn_date", "satisfaction")


def canonical_code(code: str) -> str:
    """An account code's one spelling: ``cus-001 `` is ``CUS-001``."""
    return code.strip().upper()


def free_code(session: Session, account_id: int) -> str:
    """``CUS-<id>``, or the next number free when a seed gave that code to another account."""
    number = account_id
    while session.scalar(select(Account.id).where(Account.code == f"CUS-{number:03d}")):
        number += 1
    return f"CUS-{number:03d}"


def find_accounts(ctx: Ctx, query: AccountQuery) -> Page[Account]:
    """One page of accounts by name, narrowed by the query's filters."""
    stmt = select(Account).order_by(Account.name, Account.id)
    if query.q:
        stmt = stmt.where(
            contains_text(Account.name, query.q) | contains_text(Account.domain, query.q)
        )
    for column, value in (
        (Account.status, query.status),
        (Account.tier, query.tier),
        (Account.account_type, query.account_type),
    ):
        if value is not None:
            stmt = stmt.where(column == value)
    if query.industry:
        stmt = stmt.where(func.lower(Account.industry) == query.industry.lower())
    if query.owner:
        stmt = stmt.where(Account.owner_id == owner_named(ctx.session, query.owner).id)
    if query.territory:
        territory = territory_named(ctx.session, query.territory)
        stmt = stmt.where(Account.territory_id == territory.id)
    return page_of_select(ctx.session, stmt, query)


def account(ctx: Ctx, code: str) -> Account:
    """The account ``code``, else the kit's 404 telling how accounts are addressed."""
    found = ctx.session.scalar(select(Account).where(Account.code == canonical_code(code)))
    if found is None:
        raise ACCOUNTS.not_found(ctx, code)
    return found


def account_in_body(session: Session, code: str, field: str = "account") -> Account:
    """The account a body names, else a 422 naming ``field``."""
    found = session.scalar(select(Account).where(Account.code == canonical_code(code)))
    if found is None:
        raise invalid_field(field, f"no account {code!r}; GET /api/accounts lists them")
    return found


def create_account(ctx: Ctx, body: AccountCreate) -> Account:
    if body.code and ctx.session.scalar(select(Account.id).where(Account.code == body.code)):
        raise Conflict(f"account {body.code} exists already; choose another code or leave it out")
    row = Account(
        code=body.code or "",
        name=body.name,
        owner_id=owner_id_or_me(ctx, body.owner),
        created_at=to_naive_utc(ctx.now),
    )
    _set_fields(ctx, row, body, exclude={"name", "code", "owner"})
    ctx.session.add(row)
    ctx.session.flush()
    row.code = row.code or free_code(ctx.session, row.id)
    return row


def update_account(ctx: Ctx, code: str, body: AccountUpdate) -> Account:
    row = account(ctx, code)
    check_may_change(ctx, row.owner_id, row.name)
    if body.owner is not None:
        row.owner_id = owner_named(ctx.session, body.owner).id
    if body.name is not None:
        row.name = body.name
    _set_fields(ctx, row, body, exclude={"name", "owner"})
    return row


def _set_fields(ctx: Ctx, row: Account, body: AccountFields, exclude: set[str]) -> None:
    changes = body.model_dump(exclude_unset=True, exclude=exclude)
    if "territory" in changes:
        name = changes.pop("territory")
        changes["territory_id"] = territory_named(ctx.session, name).id if name else None
    apply_changes(row, changes, CLEARABLE)


def delete_account(ctx: Ctx, code: str) -> None:
    """Delete an account that no contact, deal, activity or task points at; a lead converted
    into it keeps its other links."""
    row = account(ctx, code)
    check_may_change(ctx, row.owner_id, row.name)
    for model, what in (
        (Contact, "contacts"),
        (Deal, "deals"),
        (Activity, "activities"),
        (Task, "tasks"),
    ):
        count = ctx.session.scalar(select(func.count()).where(model.account_id == row.id))
        if count:
            raise Conflict(
                f"account {row.code} still has {count} {what}; move or delete them first, "
                "or merge the account into another (POST /api/accounts/<code>/merge)"
            )
    relink(ctx.session, (Lead,), "account_id", row.id, None)
    ctx.session.delete(row)


def touch_last_contact(account_row: Account | None, day: date) -> None:
    """An account's last contact is the day of its latest call, meeting or mail."""
    if account_row is not None and (
        account_row.last_contact is None or day > account_row.last_contact
    ):
        account_row.last_contact = day
