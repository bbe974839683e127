"""Finding the rows requests name: accounts and transactions by id, invoices by code,
categories, merchants and contacts by name. A path's key that names nothing is a 404; a body
field's is a 422 naming the field."""

from __future__ import annotations

from sqlalchemy import bindparam, func, select

from mock_services.core.base.addressing import Addressed
from mock_services.core.base.errors import ApiError, NotFound, invalid_field
from mock_services.core.spec.api import Ctx
from mock_services.finance.access import readable, readable_owner
from mock_services.finance.codes import invoice_code
from mock_services.finance.models import (
    Account,
    Category,
    Contact,
    Invoice,
    Merchant,
    RecurringPayment,
    Transaction,
)

INVOICES = Addressed(
    kind="invoice",
    by="code",
    shape=r"INV-\d{1,9}",
    sample=invoice_code(1),
    table="invoices",
    owner_column="owner_id",
    hint="list them with GET /api/invoices",
)


def _missing(error: ApiError, field: str | None) -> ApiError:
    return invalid_field(field, error.message) if field else error


def account_of(ctx: Ctx, account_id: int, field: str | None = None) -> Account:
    """The account ``account_id``, if the caller may read it."""
    account = ctx.session.get(Account, account_id)
    if account is None:
        raise _missing(
            NotFound(f"no account {account_id}; list yours with GET /api/accounts"), field
        )
    return readable(ctx, account, "account", account_id)


_WITH_ACCOUNT = (
    select(Transaction, Account)
    .join(Account, Account.id == Transaction.account_id)
    .where(Transaction.id == bindparam("transaction_id"))
)
"""A transaction with its account (built once: building it costs more than running it)."""


def _no_transaction(transaction_id: int, field: str | None) -> ApiError:
    hint = "list them with GET /api/transactions"
    return _missing(NotFound(f"no transaction {transaction_id}; {hint}"), field)


def transaction_of(ctx: Ctx, transaction_id: int, field: str | None = None) -> Transaction:
    """The transaction ``transaction_id`` (mapped, for a write), if the caller may read its
    account."""
    row = ctx.session.execute(_WITH_ACCOUNT, {"transaction_id": transaction_id}).first()
    if row is None:
        raise _no_transaction(transaction_id, field)
    found, account = row
    readable(ctx, account, "transaction", transaction_id)
    return found


_TRANSACTION_OWNER = (
    "SELECT a.owner_id, (SELECT role FROM users WHERE id = ?) AS caller_role "
    "FROM transactions t JOIN accounts a ON a.id = t.account_id WHERE t.id = ?"
)
"""Whose books a transaction is in, and the caller's role, as one plain row."""


def readable_transaction_id(ctx: Ctx, transaction_id: int) -> int:
    """``transaction_id`` if the caller may read it: ``transaction_of``'s 404 and 403 in one
    plain query, for a read that answers the transaction (``present.transaction_out``)."""
    row = ctx.db.one(_TRANSACTION_OWNER, (ctx.user_id, transaction_id))
    if row is None:
        raise _no_transaction(transaction_id, None)
    readable_owner(ctx, row["owner_id"], row["caller_role"], "transaction", transaction_id)
    return transaction_id


def owner_of(ctx: Ctx, transaction: Transaction) -> int:
    account = ctx.session.get(Account, transaction.account_id)
    assert account is not None  # a foreign key
    return account.owner_id


def invoice_by_code(ctx: Ctx, code: str) -> Invoice:
    """The invoice ``code`` names ('INV-0001'), if the caller may read it."""
    found = ctx.session.scalar(select(Invoice).where(Invoice.code == code.strip().upper()))
    if found is None:
        raise INVOICES.not_found(ctx, code)
    return readable(ctx, found, "invoice", found.code)


def recurring_of(ctx: Ctx, recurring_id: int) -> RecurringPayment:
    found = ctx.session.get(RecurringPayment, recurring_id)
    if found is None:
        raise NotFound(f"no recurring payment {recurring_id}; list them with GET /api/recurring")
    return readable(ctx, found, "recurring payment", recurring_id)


def category_named(ctx: Ctx, name: str, field: str = "category") -> Category:
    """The category called ``name`` (case ignored), else a 422 naming ``field``."""
    found = ctx.session.scalar(
        select(Category).where(func.lower(Category.name) == name.strip().lower())
    )
    if found is None:
        known = ", ".join(ctx.session.scalars(select(Category.name).order_by(Category.name)))
        raise invalid_field(field, f"no category {name!r}; known: {known}")
    return found


def merchant_named(ctx: Ctx, name: str) -> Merchant | None:
    return ctx.session.scalar(
        select(Merchant).where(func.lower(Merchant.name) == name.strip().lower())
    )


def merchant_or_new(ctx: Ctx, name: str) -> Merchant:
    """The merchant called ``name`` (case ignored), added when there is none."""
    found = merchant_named(ctx, name)
    if found is None:
        found = Merchant(name=name.strip())
        ctx.session.add(found)
        ctx.session.flush()
    return found


def contact_named(ctx: Ctx, owner_id: int, name: str, field: str = "contact") -> Contact:
    """The owner's customer or vendor called ``name`` (case ignored), else a 422."""
    found = ctx.session.scalar(
        select(Contact).where(
            Contact.owner_id == owner_id, func.lower(Contact.name) == name.strip().lower()
        )
    )
    if found is None:
        raise invalid_field(
            field, f"no customer or vendor {name!r}; list them with GET /api/contacts"
        )
    return found
