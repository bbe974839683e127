"""Reconciliation (``/api/reconciliation``): the caller's posted transactions that pay no
invoice yet and look like payments (money in, or money out to a vendor), the unpaid invoices,
and suggested matches between them by amount and party."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from mock_services.core.spec.api import Ctx
from mock_services.finance.invoices import unfit_payment
from mock_services.finance.models import Account, Contact, Invoice, Merchant, Payment, Transaction
from mock_services.finance.present import UNPAID


@dataclass(frozen=True)
class Match:
    transaction: Transaction
    invoice: Invoice
    cents: int
    reasons: tuple[str, ...]


def books_owner(ctx: Ctx, account_id: int | None) -> int:
    """Whose books: the account's owner when one is named (read access checked by the
    caller), else the caller's."""
    if account_id is None:
        return ctx.user_id
    account = ctx.session.get(Account, account_id)
    assert account is not None  # checked by the caller
    return account.owner_id


def unmatched(ctx: Ctx, owner_id: int, account_id: int | None) -> list[Transaction]:
    """Posted transactions paying no invoice: money in, or money out to one of the owner's
    vendors; newest first."""
    vendors = {
        name.lower()
        for name in ctx.session.scalars(
            select(Contact.name).where(Contact.owner_id == owner_id, Contact.kind == "vendor")
        )
    }
    merchants = dict(ctx.session.execute(select(Merchant.id, Merchant.name)).all())
    stmt = (
        select(Transaction)
        .join(Account, Account.id == Transaction.account_id)
        .where(
            Account.owner_id == owner_id,
            Transaction.status == "posted",
            Transaction.id.not_in(select(Payment.transaction_id)),
        )
        .order_by(Transaction.date.desc(), Transaction.id.desc())
    )
    if account_id is not None:
        stmt = stmt.where(Transaction.account_id == account_id)
    return [
        t
        for t in ctx.session.scalars(stmt)
        if t.amount_cents > 0
        or (t.merchant_id is not None and merchants[t.merchant_id].lower() in vendors)
    ]


def unpaid(ctx: Ctx, owner_id: int) -> list[Invoice]:
    return list(
        ctx.session.scalars(
            select(Invoice)
            .where(Invoice.owner_id == owner_id, Invoice.status.in_(UNPAID))
            .order_by(Invoice.due_on, Invoice.id)
        )
    )


def suggestions(ctx: Ctx, transactions: list[Transaction], invoices: list[Invoice]) -> list[Match]:
    """Pairs whose amount equals what is due, or whose merchant is the invoice's customer or
    vendor, among those a payment may be (``invoices.unfit_payment``); both reasons first."""
    merchants = dict(ctx.session.execute(select(Merchant.id, Merchant.name)).all())
    contacts = dict(ctx.session.execute(select(Contact.id, Contact.name)).all())
    found = []
    for invoice in invoices:
        due = invoice.total_cents - invoice.paid_cents
        party = contacts[invoice.contact_id].lower()
        for t in transactions:
            if unfit_payment(ctx, invoice, t) is not None:
                continue
            reasons = []
            if abs(t.amount_cents) == due:
                reasons.append("amount")
            if t.merchant_id is not None and merchants[t.merchant_id].lower() == party:
                reasons.append("party")
            if reasons:
                found.append(Match(t, invoice, min(abs(t.amount_cents), due), tuple(reasons)))
    return sorted(found, key=lambda m: (-len(m.reasons), m.invoice.id, m.transaction.id))
