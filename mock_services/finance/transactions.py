"""The transactions area (``/api/transactions``, ``/api/categories``, ``/api/merchants``):
finding, recording, changing and re-categorising transactions, and the shared categories and
merchants they are filed under."""

from __future__ import annotations

from datetime import date

from sqlalchemy import Select, func, or_, select

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, invalid_field
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import Page, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.finance import budgets
from mock_services.finance.access import mine, require_writer, writable
from mock_services.finance.books import (
    account_of,
    category_named,
    merchant_named,
    merchant_or_new,
    owner_of,
    transaction_of,
)
from mock_services.finance.models import Account, Category, Merchant, Payment, Transaction
from mock_services.finance.money import to_cents
from mock_services.finance.schemas import (
    CategorizeRequest,
    CategoryCreate,
    TransactionCreate,
    TransactionQuery,
    TransactionUpdate,
)


def find_transactions(ctx: Ctx, query: TransactionQuery) -> Page[int]:
    """The ids of one page of the transactions the caller may read, newest first (answered by
    ``present.transactions_out``)."""
    return page_of_select(ctx.session, _filtered(ctx, query), query)


def _filtered(ctx: Ctx, query: TransactionQuery) -> Select[int]:
    stmt = (
        select(Transaction.id)
        .join(Account, Account.id == Transaction.account_id)
        .where(mine(ctx, Account.owner_id))
        .order_by(Transaction.date.desc(), Transaction.id.desc())
    )
    if query.account_id is not None:
        stmt = stmt.where(Transaction.account_id == account_of(ctx, query.account_id).id)
    if query.category == "none":
        stmt = stmt.where(Transaction.category_id.is_(None))
    elif query.category is not None:
        stmt = stmt.where(Transaction.category_id == category_named(ctx, query.category).id)
    if query.merchant is not None:
        merchant = merchant_named(ctx, query.merchant)
        stmt = stmt.where(Transaction.merchant_id == (merchant.id if merchant else -1))
    if query.status is not None:
        stmt = stmt.where(Transaction.status == query.status)
    if query.start is not None:
        stmt = stmt.where(Transaction.date >= query.start)
    if query.end is not None:
        stmt = stmt.where(Transaction.date <= query.end)
    if query.q is not None:
        named = select(Merchant.id).where(contains_text(Merchant.name, query.q))
        stmt = stmt.where(
            or_(contains_text(Transaction.memo, query.q), Transaction.merchant_id.in_(named))
        )
    if query.unmatched is not None:
        paid = Transaction.id.in_(select(Payment.transaction_id))
        stmt = stmt.where(~paid if query.unmatched else paid)
    return stmt


def _owned_account(ctx: Ctx, account_id: int, action: str) -> Account:
    require_writer(ctx, action)
    account = account_of(ctx, account_id, "account_id")
    return writable(ctx, account, "account", account_id, action)


def _not_after_today(ctx: Ctx, day: date, field: str) -> date:
    if day > ctx.today:
        raise invalid_field(field, f"{day.isoformat()} is after today ({ctx.today.isoformat()})")
    return day


def create_transaction(ctx: Ctx, body: TransactionCreate) -> Transaction:
    """Record a transaction on one of the caller's accounts; its merchant is added when new,
    its category defaults to the merchant's."""
    account = _owned_account(ctx, body.account_id, "record transactions")
    merchant = merchant_or_new(ctx, body.merchant) if body.merchant else None
    category = category_named(ctx, body.category) if body.category else None
    day = _not_after_today(ctx, body.date or ctx.today, "date")
    found = Transaction(
        account_id=account.id,
        date=day,
        amount_cents=to_cents(body.amount),
        currency=account.currency,
        merchant_id=merchant.id if merchant else None,
        category_id=category.id if category else (merchant.category_id if merchant else None),
        memo=body.memo,
        status=body.status,
        created_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(found)
    ctx.session.flush()
    budgets.check_spending(ctx, account.owner_id, [(found.category_id, found.date)])
    return found


def _own_transaction(ctx: Ctx, transaction_id: int, action: str) -> Transaction:
    """A transaction of the caller's own (``transaction_of`` refuses another owner's)."""
    found = transaction_of(ctx, transaction_id)
    require_writer(ctx, action)
    return found


def update_transaction(ctx: Ctx, transaction_id: int, body: TransactionUpdate) -> Transaction:
    """Change a transaction's merchant or memo; a pending one's date and amount too, and post it."""
    found = _own_transaction(ctx, transaction_id, "change transactions")
    before = (found.category_id, found.date)
    if found.status == "posted":
        fixed = [f for f in ("date", "amount") if getattr(body, f) is not None]
        if fixed:
            raise Conflict(
                f"transaction {found.id} is posted: its {' and '.join(fixed)} are the bank's; "
                "only a pending transaction's change"
            )
    if body.date is not None:
        found.date = _not_after_today(ctx, body.date, "date")
    if body.amount is not None:
        if body.amount == 0:
            raise invalid_field("amount", "expected an amount other than 0")
        if _paid_invoice(ctx, found) is not None:
            raise Conflict(f"transaction {found.id} pays an invoice; its amount stays")
        found.amount_cents = to_cents(body.amount)
    if body.merchant is not None:
        found.merchant_id = merchant_or_new(ctx, body.merchant).id if body.merchant else None
    if body.memo is not None:
        found.memo = body.memo
    if body.status is not None:
        found.status = body.status
    owner = owner_of(ctx, found)
    budgets.check_spending(ctx, owner, [before, (found.category_id, found.date)])
    return found


def _paid_invoice(ctx: Ctx, found: Transaction) -> int | None:
    return ctx.session.scalar(select(Payment.invoice_id).where(Payment.transaction_id == found.id))


def categorize(ctx: Ctx, transaction_id: int, body: CategorizeRequest) -> tuple[Transaction, int]:
    """File a transaction under a category; with ``apply_to_merchant``, make it the merchant's
    category and file all the caller's transactions with that merchant under it. Answers the
    transaction and how many transactions changed category."""
    found = _own_transaction(ctx, transaction_id, "re-categorise transactions")
    category = category_named(ctx, body.category)
    targets = [found]
    if body.apply_to_merchant:
        if found.merchant_id is None:
            raise invalid_field(
                "apply_to_merchant", f"transaction {found.id} has no merchant to apply it to"
            )
        merchant = ctx.session.get(Merchant, found.merchant_id)
        assert merchant is not None  # a foreign key
        merchant.category_id = category.id
        targets = list(
            ctx.session.scalars(
                select(Transaction)
                .join(Account, Account.id == Transaction.account_id)
                .where(Account.owner_id == ctx.user_id, Transaction.merchant_id == merchant.id)
                .order_by(Transaction.id)
            )
        )
    touched, changed = [], 0
    for t in targets:
        if t.category_id != category.id:
            touched += [(t.category_id, t.date), (category.id, t.date)]
            t.category_id = category.id
            changed += 1
    budgets.check_spending(ctx, ctx.user_id, touched)
    return found, changed


def categories(ctx: Ctx) -> list[Category]:
    return list(ctx.session.scalars(select(Category).order_by(Category.kind, Category.name)))


def create_category(ctx: Ctx, body: CategoryCreate) -> Category:
    require_writer(ctx, "add categories")
    taken = ctx.session.scalar(
        select(Category).where(func.lower(Category.name) == body.name.strip().lower())
    )
    if taken is not None:
        raise Conflict(f"there is already a category {taken.name!r} ({taken.kind})")
    category = Category(name=body.name.strip(), kind=body.kind)
    ctx.session.add(category)
    ctx.session.flush()
    return category


def merchants(ctx: Ctx, q: str | None) -> list[Merchant]:
    stmt = select(Merchant).order_by(Merchant.name)
    if q is not None:
        stmt = stmt.where(contains_text(Merchant.name, q))
    return list(ctx.session.scalars(stmt))
