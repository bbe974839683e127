"""The invoices area (``/api/invoices``): invoices issued to customers and received from
vendors, with lines and a due date; draft, open (issued: mailed to the customer), partly paid,
paid or void, and overdue when unpaid past the due date on the task's clock. Recording a
payment matches a bank transaction to an invoice (reconciliation)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from typing import TypeVar

from sqlalchemy import Select, delete, func, select

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, invalid_field
from mock_services.core.data.paging import Page, page_of, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.core.web.wording import day_words, possessive
from mock_services.finance import notices
from mock_services.finance.access import mine, require_writer, writable
from mock_services.finance.books import contact_named, invoice_by_code, transaction_of
from mock_services.finance.codes import invoice_code
from mock_services.finance.models import (
    Account,
    Category,
    Contact,
    Invoice,
    InvoiceLine,
    Merchant,
    Payment,
    Transaction,
)
from mock_services.finance.money import fmt, to_cents
from mock_services.finance.present import UNPAID, shown_status
from mock_services.finance.schemas import (
    InvoiceCreate,
    InvoiceQuery,
    InvoiceUpdate,
    LineIn,
    PaymentCreate,
)

PARTY = {"issued": "customer", "received": "vendor"}
PAYMENT_TERMS = timedelta(days=30)


def find_invoices(ctx: Ctx, query: InvoiceQuery) -> Page[Invoice]:
    """One page of the invoices the caller may read, by due date."""
    stmt = _filtered(ctx, query)
    if query.status in ("open", "partly_paid", "overdue", "unpaid"):
        day = ctx.today
        wanted = query.status
        found = [
            i
            for i in ctx.session.scalars(stmt.where(Invoice.status.in_(UNPAID)))
            if wanted == "unpaid" or shown_status(i, day) == wanted
        ]
        return page_of(found, query)
    if query.status is not None:
        stmt = stmt.where(Invoice.status == query.status)
    return page_of_select(ctx.session, stmt, query)


def _filtered(ctx: Ctx, query: InvoiceQuery) -> Select[Invoice]:
    stmt = select(Invoice).where(mine(ctx, Invoice.owner_id)).order_by(Invoice.due_on, Invoice.id)
    if query.direction is not None:
        stmt = stmt.where(Invoice.direction == query.direction)
    if query.contact is not None:
        named = select(Contact.id).where(func.lower(Contact.name) == query.contact.strip().lower())
        stmt = stmt.where(Invoice.contact_id.in_(named))
    return stmt


def create_invoice(ctx: Ctx, body: InvoiceCreate) -> Invoice:
    """A new invoice, a draft unless ``status`` is open (then issued at once)."""
    require_writer(ctx, "create invoices")
    contact = _party(ctx, body.direction, body.contact)
    _check_number(body.direction, body.number)
    issued = body.issued_on or ctx.today
    due = _due(issued, body.due_on or issued + PAYMENT_TERMS)
    invoice_id = (ctx.session.scalar(select(func.max(Invoice.id))) or 0) + 1
    lines = _lines_of(body.lines)
    if body.status == "open" and body.direction == "issued":
        # refused before the invoice is numbered: nothing is saved, so no code is named
        _check_mailable(None, contact)
    invoice = Invoice(
        id=invoice_id,
        code=invoice_code(invoice_id),
        owner_id=ctx.user_id,
        direction=body.direction,
        contact_id=contact.id,
        number=body.number,
        currency=body.currency,
        issued_on=issued,
        due_on=due,
        status="draft",
        total_cents=sum(line.amount_cents for line in lines),
        paid_cents=0,
        memo=body.memo,
        created_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(invoice)
    ctx.session.flush()
    _attach(ctx, invoice, lines)
    if body.status == "open":
        _open(ctx, invoice)
    return invoice


def update_invoice(ctx: Ctx, code: str, body: InvoiceUpdate) -> Invoice:
    """Change a draft: its customer or vendor, number, dates, currency, memo, or its lines
    (all replaced). An open invoice is not edited: void it and create another."""
    invoice = _own(ctx, code, "edit invoices")
    if invoice.status != "draft":
        state = shown_status(invoice, ctx.today)
        raise Conflict(
            f"{invoice.code} is {state}; only a draft is edited (void it and create another)"
        )
    if body.contact is not None:
        invoice.contact_id = _party(ctx, invoice.direction, body.contact).id
    if body.number is not None:
        _check_number(invoice.direction, body.number)
    if body.issued_on is not None or body.due_on is not None:
        issued = body.issued_on or invoice.issued_on
        invoice.issued_on, invoice.due_on = issued, _due(issued, body.due_on or invoice.due_on)
    for name in ("number", "currency", "memo"):
        if (value := getattr(body, name)) is not None:
            setattr(invoice, name, value)
    if body.lines is not None:
        ctx.session.execute(delete(InvoiceLine).where(InvoiceLine.invoice_id == invoice.id))
        lines = _lines_of(body.lines)
        invoice.total_cents = sum(line.amount_cents for line in lines)
        _attach(ctx, invoice, lines)
    return invoice


def _party(ctx: Ctx, direction: str, name: str) -> Contact:
    """The caller's customer (issued) or vendor (received) named ``name``."""
    contact = contact_named(ctx, ctx.user_id, name)
    party = PARTY[direction]
    if contact.kind != party:
        raise invalid_field(
            "contact",
            f"{contact.name} is a {contact.kind}; {direction} invoices are "
            f"{'to' if party == 'customer' else 'from'} a {party}",
        )
    return contact


def _check_number(direction: str, number: str) -> None:
    """Only a received invoice has a number of its own, the vendor's: an issued one is known
    by its code, which the books give it."""
    if direction == "issued" and number:
        raise invalid_field(
            "number",
            "an issued invoice is numbered by the books (its code, such as INV-0001); "
            "leave this blank: it is the vendor's number on a received invoice",
        )


def _due(issued: date, due: date) -> date:
    if due < issued:
        raise invalid_field(
            "due_on",
            f"{due.isoformat()} is before the issue date, {issued.isoformat()}",
        )
    return due


def _lines_of(given: Sequence[LineIn]) -> list[InvoiceLine]:
    return [
        InvoiceLine(
            description=line.description,
            quantity=line.quantity,
            unit_price_cents=to_cents(line.unit_price),
            amount_cents=line.quantity * to_cents(line.unit_price),
        )
        for line in given
    ]


def _attach(ctx: Ctx, invoice: Invoice, lines: list[InvoiceLine]) -> None:
    for line in lines:
        line.invoice_id = invoice.id
    ctx.session.add_all(lines)
    ctx.session.flush()


def _own(ctx: Ctx, code: str, action: str) -> Invoice:
    invoice = invoice_by_code(ctx, code)
    return writable(ctx, invoice, "invoice", invoice.code, action)


def finalize_invoice(ctx: Ctx, code: str) -> Invoice:
    """Open a draft: an issued invoice is sent (mailed to its customer), a received one
    approved for payment."""
    invoice = _own(ctx, code, "finalize invoices")
    if invoice.status != "draft":
        raise Conflict(
            f"{invoice.code} is {shown_status(invoice, ctx.today)}; only a draft is finalized"
        )
    _open(ctx, invoice)
    return invoice


def _open(ctx: Ctx, invoice: Invoice) -> None:
    if invoice.direction != "issued":
        invoice.status = "open"
        return
    contact = ctx.session.get(Contact, invoice.contact_id)
    assert contact is not None  # a foreign key
    _check_mailable(invoice, contact)
    invoice.status = "open"
    notices.invoice_sent(ctx, invoice, contact)


def _check_mailable(invoice: Invoice | None, contact: Contact) -> None:
    """Refuse to issue an invoice to a customer with no email address: issuing mails it, and
    it would reach nobody but its owner (QuickBooks asks for the address before it sends). A
    new invoice (None) is not saved: the refusal says it may be kept as a draft."""
    if contact.email:
        return
    where = f"add the address on {possessive(contact.name)} contact page"
    if invoice is None:
        raise Conflict(
            f"{contact.name} has no email address, so the invoice cannot be sent and was not "
            f"saved; {where} and approve it again, or save it as a draft"
        )
    raise Conflict(
        f"{contact.name} has no email address, so {invoice.code} cannot be sent; {where}, "
        "then send it again"
    )


def void_invoice(ctx: Ctx, code: str) -> Invoice:
    """Void a draft or an unpaid open invoice: nothing is due on it any more."""
    invoice = _own(ctx, code, "void invoices")
    if invoice.status == "void":
        raise Conflict(f"{invoice.code} is already void")
    if invoice.paid_cents:
        paid = fmt(invoice.paid_cents, invoice.currency)
        raise Conflict(
            f"{invoice.code} has payments of {paid}; an invoice paid in part or whole is not voided"
        )
    invoice.status = "void"
    return invoice


def record_payment(ctx: Ctx, code: str, body: PaymentCreate) -> Invoice:
    """Match a posted bank transaction to an open invoice as (part of) its payment."""
    invoice = _own(ctx, code, "record payments")
    if invoice.status not in UNPAID:
        state = shown_status(invoice, ctx.today)
        hint = "; finalize it first" if state == "draft" else ""
        raise Conflict(f"{invoice.code} is {state}: nothing is due on it{hint}")
    paying = transaction_of(ctx, body.transaction_id, "transaction_id")
    _check_payer(ctx, invoice, paying)
    due = invoice.total_cents - invoice.paid_cents
    cents = to_cents(body.amount) if body.amount is not None else min(abs(paying.amount_cents), due)
    if cents > abs(paying.amount_cents):
        raise invalid_field(
            "amount",
            f"more than transaction {paying.id}'s {fmt(abs(paying.amount_cents), paying.currency)}",
        )
    if cents > due:
        raise invalid_field(
            "amount", f"more than the {fmt(due, invoice.currency)} still due on {invoice.code}"
        )
    ctx.session.add(
        Payment(
            invoice_id=invoice.id,
            transaction_id=paying.id,
            amount_cents=cents,
            paid_on=paying.date,
            created_at=to_naive_utc(ctx.now),
        )
    )
    invoice.paid_cents += cents
    invoice.status = "paid" if invoice.paid_cents >= invoice.total_cents else "partly_paid"
    ctx.session.flush()
    return invoice


def _check_payer(ctx: Ctx, invoice: Invoice, paying: Transaction) -> None:
    taken = ctx.session.scalar(
        select(Invoice.code)
        .join(Payment, Payment.invoice_id == Invoice.id)
        .where(Payment.transaction_id == paying.id)
    )
    if taken is not None:
        raise Conflict(
            f"transaction {paying.id} already pays {taken}; a transaction pays one invoice"
        )
    if paying.status != "posted":
        raise Conflict(f"transaction {paying.id} is pending; match it once it is posted")
    if (why := unfit_payment(ctx, invoice, paying)) is not None:
        raise invalid_field("transaction_id", why)


PAYING_ACCOUNTS = {
    "issued": ("checking", "savings"),
    "received": ("checking", "savings", "credit_card"),
}
"""Where an invoice's payment is: a customer pays into a bank account (QuickBooks' "Receive
payment" deposits to one); a bill is paid from a bank account or a credit card (its "Pay
bills" offers both)."""


RowT = TypeVar("RowT", Account, Category)


def _rows(ctx: Ctx, model: type[RowT]) -> dict[int, RowT]:
    """Every row of ``model`` (the categories, the accounts) by id, read once per request:
    matching checks each bank line against each invoice, and a row looked up alone is let go
    once checked, so the session would read it again for the next pair."""
    return ctx.once(
        f"finance.{model.__name__}", lambda: {r.id: r for r in ctx.session.scalars(select(model))}
    )


def unfit_payment(
    ctx: Ctx, invoice: Invoice, paying: Transaction, *, doubts: bool = False
) -> str | None:
    """Why ``paying`` cannot be ``invoice``'s payment, or None: money the right way (in for an
    issued invoice, out for a bill), in the invoice's currency, on an account payments go
    through, and not a move between the owner's own accounts (a transfer or a card repayment,
    filed under a category of kind ``transfer``). With ``doubts``, also why it wants the user's
    word first: another party's (a payee other than the customer or vendor) or more than is
    still due. The one rule the API, its MCP tool, the page's list of choices and its question
    share: the API and the tool record what their caller names (as QuickBooks' API links the
    payment it is given); the page's list leaves the doubtful out until every payment is asked
    for, and the page asks before it records one."""
    money_in = invoice.direction == "issued"
    if (paying.amount_cents > 0) != money_in:
        return (
            f"{invoice.code} is {invoice.direction}: its payment is money "
            f"{'in' if money_in else 'out'}, and transaction {paying.id} is money "
            f"{'out' if money_in else 'in'} ({fmt(paying.amount_cents, paying.currency)})"
        )
    if paying.currency != invoice.currency:
        return (
            f"transaction {paying.id} is in {paying.currency}, {invoice.code} in {invoice.currency}"
        )
    category = _rows(ctx, Category).get(paying.category_id) if paying.category_id else None
    if category is not None and category.kind == "transfer":
        return (
            f"transaction {paying.id} is filed under {category.name}, money moved between your "
            f"own accounts, not a payment {'from a customer' if money_in else 'to a vendor'}"
        )
    account = _rows(ctx, Account)[paying.account_id]  # a foreign key
    if account.kind not in PAYING_ACCOUNTS[invoice.direction]:
        return (
            f"transaction {paying.id} is on {account.name}, a credit card: a customer's payment "
            "is money into a bank account (checking or savings)"
        )
    if doubts:
        return _other_party(ctx, invoice, paying) or _more_than_due(ctx, invoice, paying)
    return None


def payment_doubt(ctx: Ctx, code: str, body: PaymentCreate) -> str | None:
    """What a page asks before recording ``body`` on invoice ``code`` (``unfit_payment``'s
    doubts), or None: nothing to ask, or a refusal ``record_payment`` will give itself."""
    invoice = _own(ctx, code, "record payments")
    paying = transaction_of(ctx, body.transaction_id, "transaction_id")
    if unfit_payment(ctx, invoice, paying) is not None:
        return None
    return unfit_payment(ctx, invoice, paying, doubts=True)


def _other_party(ctx: Ctx, invoice: Invoice, paying: Transaction) -> str | None:
    """Why a transaction naming a payee other than the invoice's customer or vendor is not its
    payment (one with no payee, a bank line read only by its memo, may be)."""
    merchant = ctx.session.get(Merchant, paying.merchant_id) if paying.merchant_id else None
    contact = ctx.session.get(Contact, invoice.contact_id)
    if merchant is None or contact is None or merchant.name.casefold() == contact.name.casefold():
        return None
    if invoice.direction == "issued":
        return (
            f"the deposit {_as_listed(ctx, paying)} came from {merchant.name}, and "
            f"{invoice.code} is {possessive(contact.name)} to pay"
        )
    return (
        f"the payment {_as_listed(ctx, paying)} went to {merchant.name}, and {invoice.code} "
        f"is a bill from {contact.name}"
    )


def _more_than_due(ctx: Ctx, invoice: Invoice, paying: Transaction) -> str | None:
    """Why a transaction larger than what is still due is not the invoice's payment: the rest
    of it would pay nothing (a transaction pays one invoice)."""
    due = invoice.total_cents - invoice.paid_cents
    if abs(paying.amount_cents) <= due:
        return None
    kind = "deposit" if paying.amount_cents > 0 else "payment"
    return (
        f"the {kind} {_as_listed(ctx, paying)} is more than the {fmt(due, invoice.currency)} "
        f"still due on {invoice.code}"
    )


def _as_listed(ctx: Ctx, paying: Transaction) -> str:
    """A transaction as the page's payment picker names it, its day, party and amount ("Tue 3
    Mar · Harbor Bank · USD -1,200.00"), never its id: the doubts are said on that page."""
    merchant = ctx.session.get(Merchant, paying.merchant_id) if paying.merchant_id else None
    party = merchant.name if merchant is not None else paying.memo
    amount = fmt(paying.amount_cents, paying.currency)
    return " · ".join(filter(None, (day_words(paying.date, ctx.today), party, amount)))


def payment_choices(ctx: Ctx, invoice: Invoice, *, every: bool = False) -> list[Transaction]:
    """The transactions that can pay ``invoice`` (posted, paying no invoice yet, fit by
    ``unfit_payment``, without its doubts unless ``every``) in its owner's books, the likeliest
    first as QuickBooks' matching offers them: the amount due and the customer or vendor by
    name, then either, then the rest; newest first within each."""
    due = invoice.total_cents - invoice.paid_cents
    contact = ctx.session.get(Contact, invoice.contact_id)
    party = contact.name.lower() if contact is not None else ""
    merchants = dict(ctx.session.execute(select(Merchant.id, Merchant.name)).all())
    posted = ctx.session.scalars(
        select(Transaction)
        .join(Account, Account.id == Transaction.account_id)
        .where(
            Account.owner_id == invoice.owner_id,
            Transaction.status == "posted",
            Transaction.id.not_in(select(Payment.transaction_id)),
        )
        .order_by(Transaction.date.desc(), Transaction.id.desc())
    )
    fit = [t for t in posted if unfit_payment(ctx, invoice, t, doubts=not every) is None]

    def likeness(t: Transaction) -> int:
        named = t.merchant_id is not None and merchants[t.merchant_id].lower() == party
        return -((abs(t.amount_cents) == due) + named)

    return sorted(fit, key=likeness)  # stable: newest first among equals
