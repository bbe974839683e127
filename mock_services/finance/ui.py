"""The Finance web UI: accounts and their statements (export, import), transactions (filter,
record, edit, re-categorise), categories, customers and vendors, invoices (create, finalize,
void, record a payment), reconciliation, budgets and recurring payments. Every form validates
through the API's own model and calls the same area functions."""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

from flask import Blueprint, flash, redirect, request, url_for

from mock_services.core.data.paging import Page
from mock_services.core.spec.api import Ctx, parse_query
from mock_services.core.web.forms import FieldGroup, FormInvalid, read_form, switched_on
from mock_services.core.web.ui import page, refused_fields, render
from mock_services.core.web.wording import counted, day_words, ended, money_words, possessive
from mock_services.finance import (
    accounts,
    budgets,
    contacts,
    invoices,
    reconciliation,
    recurring,
    reports,
    statements,
    transactions,
)
from mock_services.finance.books import (
    account_of,
    invoice_by_code,
    readable_transaction_id,
    recurring_of,
)
from mock_services.finance.days import month_start
from mock_services.finance.models import Category, Contact
from mock_services.finance.money import amount
from mock_services.finance.present import (
    UNPAID,
    account_out,
    accounts_out,
    invoice_out,
    invoices_out,
    recurring_out,
    transaction_out,
    transactions_out,
)
from mock_services.finance.schemas import (
    AccountCreate,
    BudgetCreate,
    BudgetQuery,
    BudgetUpdate,
    CategorizeRequest,
    CategoryCreate,
    ContactCreate,
    ContactQuery,
    ContactUpdate,
    InvoiceCreate,
    InvoiceQuery,
    InvoiceUpdate,
    MerchantQuery,
    PaymentCreate,
    ReconciliationQuery,
    RecurringCreate,
    RecurringUpdate,
    StatementImport,
    StatementQuery,
    TransactionCreate,
    TransactionQuery,
    TransactionUpdate,
)

ui = Blueprint("finance_ui", __name__, template_folder="templates")

STATUS_WORDS = {
    "draft": "Draft",
    "open": "Awaiting payment",
    "partly_paid": "Partly paid",
    "overdue": "Overdue",
    "paid": "Paid",
    "void": "Void",
    "unpaid": "Unpaid",
}
"""An invoice's status as every page says it, Xero's words (an open invoice is "Awaiting
payment"), the one name the table, the filters, the tabs and the dashboard share; ``unpaid`` is
the filter for all three that are still owed."""


@ui.app_template_filter("invoice_status")
def invoice_status(status: str) -> str:
    return STATUS_WORDS[status]


LINES = 3
"""How many invoice lines an invoice's form offers (a draft's form: one more than it has)."""
LINE_ROWS = FieldGroup(
    {key: f"line{{}}_{key}" for key in ("description", "quantity", "unit_price")},
    rows=range(1, 1000),
)
"""An invoice form's lines, numbered from 1: a line is given when any of its fields is filled."""


def _choices(ctx: Ctx) -> dict[str, Any]:
    return {
        "accounts": accounts_out(ctx, accounts.my_accounts(ctx)),
        "categories": transactions.categories(ctx),
    }


# --- accounts --------------------------------------------------------------------------------


@page(ui, "/", shows=("list_accounts", "reconcile", "list_invoices"))
def dashboard_page(ctx: Ctx) -> Any:
    """Xero's dashboard: a card per bank account (its balances and how many of its
    transactions are left to reconcile), the invoices owed to the user and the bills to pay."""
    mine = accounts.my_accounts(ctx)
    to_reconcile = {a.id: len(reconciliation.unmatched(ctx, a.owner_id, a.id)) for a in mine}
    due = invoices_out(ctx, reconciliation.unpaid(ctx, ctx.user_id))
    return render(
        "finance/dashboard.html",
        ctx,
        accounts=accounts_out(ctx, mine),
        to_reconcile=to_reconcile,
        owed=reports.outstanding(due, "issued"),
        bills=reports.outstanding(due, "received"),
        soonest=[i for i in due if i.balance_due > 0][:6],
    )


@page(ui, "/accounts", shows=("list_accounts",))
def accounts_page(ctx: Ctx) -> Any:
    return render("finance/accounts.html", ctx, **_choices(ctx))


@page(ui, "/reports", shows=("list_invoices", "list_transactions"))
def reports_page(ctx: Ctx) -> Any:
    """Aged Receivables and Aged Payables from the unpaid invoices, and a Profit and Loss of the
    posted transactions by category over a period (by default last month and this one)."""
    query = parse_query(StatementQuery)
    day = ctx.today
    last_month = month_start(month_start(day) - timedelta(days=1))
    start, end = query.start or last_month, query.end or day
    due = invoices_out(ctx, reconciliation.unpaid(ctx, ctx.user_id))
    receivable, payable = reports.aged(due, "issued"), reports.aged(due, "received")
    mine = [a.id for a in accounts.my_accounts(ctx) if a.owner_id == ctx.user_id]
    return render(
        "finance/reports.html",
        ctx,
        buckets=reports.BUCKETS,
        receivable=receivable,
        receivable_totals=reports.aged_totals(receivable),
        payable=payable,
        payable_totals=reports.aged_totals(payable),
        start=start,
        end=end,
        pnl=reports.profit_and_loss(reports.category_sums(ctx, mine, start, end)),
    )


@page(ui, "/accounts", methods=("POST",), operation="open_account")
def account_create(ctx: Ctx) -> Any:
    account = accounts.open_account(ctx, read_form(AccountCreate))
    flash(ended(f"Opened {account.name}"), "ok")
    return redirect(url_for("finance_ui.account_page", account_id=account.id), 303)


@page(
    ui,
    "/accounts/<int:account_id>",
    shows=("get_account", "get_statement", "export_statement"),
)
def account_page(ctx: Ctx, account_id: int) -> Any:
    """An account with its statement for a period (the balances at its start and end, money in
    and out, its transactions) and the link to export that statement as CSV."""
    account = account_of(ctx, account_id)
    query = parse_query(StatementQuery)
    start, end = accounts.period(ctx, query)
    rows = accounts.in_period(ctx, account, start, end)
    opening, closing, money_in, money_out = accounts.statement_totals(ctx, account, start, rows)
    return render(
        "finance/account.html",
        ctx,
        account=account_out(ctx, account),
        start=start,
        end=end,
        totals={
            "opening": amount(opening),
            "closing": amount(closing),
            "money_in": amount(money_in),
            "money_out": amount(money_out),
        },
        rows=transactions_out(ctx, [t.id for t in rows]),
        **_choices(ctx),
    )


@page(ui, "/accounts/<int:account_id>/statement", methods=("POST",), operation="import_statement")
def statement_import(ctx: Ctx, account_id: int) -> Any:
    added = statements.import_csv(
        ctx, account_id, read_form(StatementImport, verbatim=("csv",)).csv
    )
    flash(f"Imported {len(added)} transactions.", "ok")
    return redirect(url_for("finance_ui.account_page", account_id=account_id), 303)


# --- transactions, categories ----------------------------------------------------------------


@page(ui, "/transactions", shows=("list_transactions",))
def transactions_page(ctx: Ctx) -> Any:
    query = parse_query(TransactionQuery)
    found = transactions.find_transactions(ctx, query)
    return render(
        "finance/transactions.html",
        ctx,
        found=Page(transactions_out(ctx, found.items), found.total),
        query=query,
        paying=_back_to_invoice(ctx),
        **_choices(ctx),
    )


@page(ui, "/transactions", methods=("POST",), operation="add_transaction")
def transaction_create(ctx: Ctx) -> Any:
    added = transactions.create_transaction(ctx, read_form(TransactionCreate, verbatim=("memo",)))
    said = f"Recorded {money_words(amount(added.amount_cents), added.currency)}"
    paying = _back_to_invoice(ctx)
    if paying:  # opened from an invoice with no payment to choose: back to choose this one
        flash(f"{said}: choose it to record the payment on {paying}.", "ok")
        return redirect(url_for("finance_ui.invoice_page", code=paying), 303)
    flash(f"{said}.", "ok")
    return redirect(url_for("finance_ui.transaction_page", transaction_id=added.id), 303)


@page(ui, "/transactions/<int:transaction_id>", shows=("get_transaction",))
def transaction_page(ctx: Ctx, transaction_id: int) -> Any:
    found = transaction_out(ctx, readable_transaction_id(ctx, transaction_id))
    return render("finance/transaction.html", ctx, t=found, **_choices(ctx))


@page(
    ui, "/transactions/<int:transaction_id>/edit", methods=("POST",), operation="update_transaction"
)
def transaction_edit(ctx: Ctx, transaction_id: int) -> Any:
    body = read_form(TransactionUpdate, keep_blank=("memo",), verbatim=("memo",))
    before = transaction_out(ctx, readable_transaction_id(ctx, transaction_id))
    transactions.update_transaction(ctx, transaction_id, body)
    said = _transaction_words(ctx, transaction_id)
    if transaction_out(ctx, readable_transaction_id(ctx, transaction_id)) == before:
        flash(f"The transaction {said} already read so; nothing changed.", "ok")
    else:
        flash(f"Saved the transaction {said}.", "ok")
    return redirect(url_for("finance_ui.transaction_page", transaction_id=transaction_id), 303)


@page(
    ui,
    "/transactions/<int:transaction_id>/category",
    methods=("POST",),
    operation="categorize_transaction",
)
def transaction_categorize(ctx: Ctx, transaction_id: int) -> Any:
    body = read_form(CategorizeRequest, checkboxes=("apply_to_merchant",))
    _found, changed = transactions.categorize(ctx, transaction_id, body)
    said = _transaction_words(ctx, transaction_id)
    if not changed:
        flash(f"{said} was already under {body.category}; nothing changed.", "ok")
    else:
        also = (
            f", with {counted(changed - 1, 'other transaction')} of the same merchant"
            if changed > 1
            else ""
        )
        flash(f"Filed {said} under {body.category}{also}.", "ok")
    return redirect(url_for("finance_ui.transaction_page", transaction_id=transaction_id), 303)


@page(ui, "/categories", shows=("list_categories", "list_merchants"))
def categories_page(ctx: Ctx) -> Any:
    found = transactions.categories(ctx)
    query = parse_query(MerchantQuery)
    return render(
        "finance/categories.html",
        ctx,
        categories=found,
        names={c.id: c.name for c in found},
        merchants=transactions.merchants(ctx, query.q or None),
        merchant_q=query.q or "",
    )


@page(ui, "/categories", methods=("POST",), operation="add_category")
def category_create(ctx: Ctx) -> Any:
    added = transactions.create_category(ctx, read_form(CategoryCreate))
    flash(ended(f"Added the category {added.name}"), "ok")
    return redirect(url_for("finance_ui.categories_page"), 303)


# --- contacts, invoices, reconciliation ------------------------------------------------------


@page(ui, "/contacts", shows=("list_contacts",))
def contacts_page(ctx: Ctx) -> Any:
    query = parse_query(ContactQuery)
    return render(
        "finance/contacts.html",
        ctx,
        contacts=contacts.my_contacts(ctx, query.kind),
        kind=query.kind or "",
    )


@page(ui, "/contacts", methods=("POST",), operation="add_contact")
def contact_create(ctx: Ctx) -> Any:
    added = contacts.create_contact(ctx, read_form(ContactCreate))
    flash(ended(f"Added {added.name}"), "ok")
    return redirect(url_for("finance_ui.contacts_page"), 303)


@page(ui, "/contacts/<int:contact_id>", shows=("list_contacts",))
def contact_page(ctx: Ctx, contact_id: int) -> Any:
    return render(
        "finance/contact.html",
        ctx,
        contact=contacts.contact_of(ctx, contact_id),
        back=_back_to_invoice(ctx),
    )


def _back_to_invoice(ctx: Ctx) -> str:
    """The invoice code a page was opened from (a contact's, to go back and send it; the
    transactions', to record its payment), or ""."""
    code = (request.values.get("invoice") or "").strip().upper()
    return code if re.fullmatch(r"INV-\d+", code) else ""


@page(ui, "/contacts/<int:contact_id>/edit", methods=("POST",), operation="update_contact")
def contact_edit(ctx: Ctx, contact_id: int) -> Any:
    body = read_form(ContactUpdate, keep_blank=("email",))
    back = _back_to_invoice(ctx)
    if back and not body.email.strip():
        # sent to have an invoice mailed: a blank box is an address forgotten, not one removed
        raise FormInvalid.field("email", f"Type the address {back} is to be mailed to")
    changed = contacts.update_contact(ctx, contact_id, body)
    if changed.email:
        flash(f"Saved {possessive(changed.name)} email address: {changed.email}.", "ok")
    else:
        flash(
            f"Removed {possessive(changed.name)} email address: invoices cannot be mailed to them.",
            "ok",
        )
    if back:
        return redirect(url_for("finance_ui.invoice_page", code=back), 303)
    return redirect(url_for("finance_ui.contact_page", contact_id=changed.id), 303)


PAYMENT_TERMS = (
    (0, "Due on receipt"),
    (15, "Net 15"),
    (30, "Net 30"),
    (45, "Net 45"),
    (60, "Net 60"),
)
"""The invoice form's payment terms: days from the issue date to the due date."""


def _terms_of(issued: date, due: date) -> str:
    """The terms an invoice's dates follow ("15" for Net 15), as its edit form shows them
    chosen again; "" (custom) when the due date is none of them."""
    days = (due - issued).days
    return str(days) if days in {d for d, _name in PAYMENT_TERMS} else ""


def _due_by_terms(issued: date) -> dict[str, Any]:
    """The due date the form's chosen terms give from its issue date (``issued`` when it is
    blank): the page's script fills it in as they are chosen, a browser without it posts the
    terms alone. Nothing when no terms are chosen or the issue date is not a date (the API's
    validation then speaks)."""
    days = request.form.get("terms", "")
    if days not in {str(d) for d, _name in PAYMENT_TERMS}:
        return {}
    typed = request.form.get("issued_on", "").strip()
    try:
        start = date.fromisoformat(typed) if typed else issued
    except ValueError:
        return {}
    return {"due_on": start + timedelta(days=int(days))}


@page(ui, "/invoices", shows=("list_invoices",))
def invoices_page(ctx: Ctx) -> Any:
    query = parse_query(InvoiceQuery)
    found = invoices.find_invoices(ctx, query)
    return render(
        "finance/invoices.html",
        ctx,
        found=Page(invoices_out(ctx, found.items), found.total),
        query=query,
        contacts=contacts.my_contacts(ctx, None),
        line_count=LINES,
        payment_terms=PAYMENT_TERMS,
        today=ctx.today.isoformat(),
    )


def _transaction_words(ctx: Ctx, transaction_id: int) -> str:
    """A transaction as a notice names it, by payee, day and amount, as its page heads it."""
    t = transaction_out(ctx, readable_transaction_id(ctx, transaction_id))
    payee = t.merchant or "no merchant"
    return f"{payee}, {day_words(t.date, ctx.today)}, {money_words(t.amount, t.currency)}"


def _invoice_words(ctx: Ctx, invoice: Any) -> str:
    """An invoice as a notice names it: its code with its customer, or a bill with its vendor
    and the vendor's own number ("INV-0024, the bill NP-2318 from Northside Print Co.")."""
    contact = ctx.session.get(Contact, invoice.contact_id)
    name = contact.name if contact is not None else "the contact"
    if invoice.direction == "issued":
        return f"{invoice.code} to {name}"
    number = f" {invoice.number}" if invoice.number else ""
    return f"{invoice.code}, the bill{number} from {name}"


@page(ui, "/invoices", methods=("POST",), operation="create_invoice")
def invoice_create(ctx: Ctx) -> Any:
    body = read_form(
        InvoiceCreate,
        verbatim=("memo",),
        keep_blank=("lines",),
        groups={"lines": LINE_ROWS},
        given=_due_by_terms(ctx.today),
    )
    added = invoices.create_invoice(ctx, body)
    flash(f"Created {_invoice_words(ctx, added)}.", "ok")
    return redirect(url_for("finance_ui.invoice_page", code=added.code), 303)


@page(ui, "/invoices/<code>", shows=("get_invoice",))
def invoice_page(ctx: Ctx, code: str) -> Any:
    found = invoice_by_code(ctx, code)
    owner = reconciliation.books_owner(ctx, None) if found.owner_id == ctx.user_id else None
    payable = found.status in UNPAID and owner is not None
    # the picker's "Show every payment", or a payment it asks about shown again with it chosen
    every = request.args.get("every") == "1" or "transaction_id" in refused_fields()
    choices = invoices.payment_choices(ctx, found, every=every) if payable else []
    shown = invoice_out(ctx, found)
    return render(
        "finance/invoice.html",
        ctx,
        invoice=shown,
        candidates=transactions_out(ctx, [t.id for t in choices]),
        every=every,
        paid_by={
            t.id: t for t in transactions_out(ctx, [p.transaction_id for p in shown.payments])
        },
        contact_id=found.contact_id,
        contacts=contacts.my_contacts(ctx, None) if owner is not None else [],
        line_count=max(LINES, len(shown.lines) + 1),
        payment_terms=PAYMENT_TERMS,
        chosen_terms=_terms_of(found.issued_on, found.due_on),
    )


@page(ui, "/invoices/<code>/edit", methods=("POST",), operation="update_invoice")
def invoice_edit(ctx: Ctx, code: str) -> Any:
    body = read_form(
        InvoiceUpdate,
        verbatim=("memo",),
        keep_blank=("number", "memo", "lines"),
        groups={"lines": LINE_ROWS},
        given=_due_by_terms(invoice_by_code(ctx, code).issued_on),
    )
    # its lines are written anew on each save: they are compared by what they say, not id
    as_read = {"lines": {"__all__": {"id"}}}
    before = invoice_out(ctx, invoice_by_code(ctx, code)).model_dump(exclude=as_read)
    found = invoices.update_invoice(ctx, code, body)
    if invoice_out(ctx, found).model_dump(exclude=as_read) == before:
        flash(f"The draft {found.code} already read so; nothing changed.", "ok")
    else:
        flash(f"Saved the draft {found.code}.", "ok")
    return redirect(url_for("finance_ui.invoice_page", code=found.code), 303)


@page(ui, "/invoices/<code>/finalize", methods=("POST",), operation="finalize_invoice")
def invoice_finalize(ctx: Ctx, code: str) -> Any:
    found = invoices.finalize_invoice(ctx, code)
    if found.direction == "issued":
        to = contacts.contact_of(ctx, found.contact_id)
        flash(f"Sent {found.code} to {to.name} ({to.email}): {STATUS_WORDS[found.status]}.", "ok")
    else:
        flash(f"{found.code} is approved: {STATUS_WORDS[found.status]}.", "ok")
    return redirect(url_for("finance_ui.invoice_page", code=found.code), 303)


@page(ui, "/invoices/<code>/void", methods=("POST",), operation="void_invoice")
def invoice_void(ctx: Ctx, code: str) -> Any:
    found = invoices.void_invoice(ctx, code)
    flash(f"{found.code} is void.", "ok")
    return redirect(url_for("finance_ui.invoice_page", code=found.code), 303)


@page(ui, "/invoices/<code>/payments", methods=("POST",), operation="record_payment")
def invoice_payment(ctx: Ctx, code: str) -> Any:
    body = read_form(PaymentCreate)
    # another party's transaction, or one larger than is due, is recorded once the user says so
    doubt = None if switched_on(request.form, "anyway") else invoices.payment_doubt(ctx, code, body)
    if doubt is not None:
        raise FormInvalid.field("transaction_id", f"{doubt}: record it anyway?")
    found = invoices.record_payment(ctx, code, body)
    flash(f"Payment recorded on {_invoice_words(ctx, found)}.", "ok")
    back = request.form.get("back") == "reconciliation"
    if back:
        return redirect(url_for("finance_ui.reconciliation_page"), 303)
    return redirect(url_for("finance_ui.invoice_page", code=found.code), 303)


@page(ui, "/reconciliation", shows=("reconcile",))
def reconciliation_page(ctx: Ctx) -> Any:
    """What is left to reconcile, in the caller's books or, for one account, in its owner's
    (as the API's ``reconcile``)."""
    query = parse_query(ReconciliationQuery)
    account_id = account_of(ctx, query.account_id).id if query.account_id is not None else None
    owner = reconciliation.books_owner(ctx, account_id)
    loose = reconciliation.unmatched(ctx, owner, account_id)
    due = reconciliation.unpaid(ctx, owner)
    shown_due = invoices_out(ctx, due)
    return render(
        "finance/reconciliation.html",
        ctx,
        loose=transactions_out(ctx, [t.id for t in loose]),
        due=shown_due,
        matches=_match_rows(ctx, reconciliation.suggestions(ctx, loose, due), shown_due),
        accounts=accounts_out(ctx, accounts.my_accounts(ctx)),
        account_id=account_id,
    )


MATCH_REASONS = {"amount": "same amount", "party": "same contact"}
"""Why a bank line is suggested for an invoice, as the reconciliation page says it."""


def _match_rows(
    ctx: Ctx, matches: list[reconciliation.Match], due: list[Any]
) -> list[dict[str, Any]]:
    """Each suggested match as Xero's reconcile screen shows it: the bank line by its day,
    payee (or memo) and amount, the invoice by its code and contact; ``alike`` ("2 of 2 alike")
    tells apart lines that read the same for one invoice, so every Match button has its own
    name."""
    lines = {t.id: t for t in transactions_out(ctx, [m.transaction.id for m in matches])}
    invoices_shown = {i.code: i for i in due}
    rows = [
        {
            "transaction": lines[m.transaction.id],
            "payee": lines[m.transaction.id].merchant or lines[m.transaction.id].memo,
            "invoice": invoices_shown[m.invoice.code],
            "cents": m.cents,
            "why": ", ".join(MATCH_REASONS[r] for r in m.reasons),
        }
        for m in matches
    ]

    def key(row: dict[str, Any]) -> tuple[Any, ...]:
        t = row["transaction"]
        return (t.date, row["payee"], t.amount, row["invoice"].code)

    counts: dict[tuple[Any, ...], int] = {}
    for row in rows:
        counts[key(row)] = counts.get(key(row), 0) + 1
    seen: dict[tuple[Any, ...], int] = {}
    for row in rows:
        seen[key(row)] = seen.get(key(row), 0) + 1
        alike = counts[key(row)]
        row["alike"] = f" ({seen[key(row)]} of {alike} alike)" if alike > 1 else ""
    return rows


# --- budgets, recurring payments -------------------------------------------------------------


@page(ui, "/budgets", shows=("list_budgets",))
def budgets_page(ctx: Ctx) -> Any:
    query = parse_query(BudgetQuery)
    first, found = budgets.month_budgets(ctx, query.month)
    return render(
        "finance/budgets.html",
        ctx,
        month=first.strftime("%Y-%m"),
        month_words=first.strftime("%B %Y"),
        found=budgets.budgets_out(ctx, found),
        categories=[c for c in transactions.categories(ctx) if c.kind == "expense"],
    )


@page(ui, "/budgets", methods=("POST",), operation="set_budget")
def budget_create(ctx: Ctx) -> Any:
    added = budgets.create_budget(ctx, read_form(BudgetCreate))
    month = added.month.strftime("%Y-%m")
    flash(f"Budget set for {added.month:%B %Y}.", "ok")
    return redirect(url_for("finance_ui.budgets_page", month=month), 303)


@page(ui, "/budgets/<int:budget_id>/edit", methods=("POST",), operation="update_budget")
def budget_edit(ctx: Ctx, budget_id: int) -> Any:
    changed = budgets.update_budget(ctx, budget_id, read_form(BudgetUpdate))
    month = changed.month.strftime("%Y-%m")
    category = ctx.session.get(Category, changed.category_id)
    named = f"the {category.name if category else 'uncategorised'} budget"
    flash(f"Saved {named} for {changed.month:%B %Y}.", "ok")
    return redirect(url_for("finance_ui.budgets_page", month=month), 303)


@page(ui, "/recurring", shows=("list_recurring",))
def recurring_page(ctx: Ctx) -> Any:
    found = recurring_out(ctx, recurring.my_recurring(ctx))
    return render("finance/recurring.html", ctx, found=found, **_choices(ctx))


@page(ui, "/recurring", methods=("POST",), operation="add_recurring")
def recurring_create(ctx: Ctx) -> Any:
    added = recurring.create_recurring(ctx, read_form(RecurringCreate, verbatim=("memo",)))
    flash(ended(f"Scheduled {added.payee}"), "ok")
    return redirect(url_for("finance_ui.recurring_one_page", recurring_id=added.id), 303)


@page(ui, "/recurring/<int:recurring_id>", shows=("get_recurring",))
def recurring_one_page(ctx: Ctx, recurring_id: int) -> Any:
    found = recurring_out(ctx, [recurring_of(ctx, recurring_id)])[0]
    return render("finance/recurring_one.html", ctx, r=found, **_choices(ctx))


@page(ui, "/recurring/<int:recurring_id>/edit", methods=("POST",), operation="update_recurring")
def recurring_edit(ctx: Ctx, recurring_id: int) -> Any:
    body = read_form(RecurringUpdate, cleared=("end_date",), keep_blank=("memo",))
    saved = recurring.update_recurring(ctx, recurring_id, body)
    flash(ended(f"Saved the recurring payment to {saved.payee}"), "ok")
    return redirect(url_for("finance_ui.recurring_one_page", recurring_id=recurring_id), 303)


def _recurring_step(operation: str, done: str) -> None:
    step = getattr(recurring, operation)

    def view(ctx: Ctx, recurring_id: int) -> Any:
        step(ctx, recurring_id)
        payee = recurring_of(ctx, recurring_id).payee
        flash(ended(f"{done} the recurring payment to {payee}"), "ok")
        return redirect(url_for("finance_ui.recurring_one_page", recurring_id=recurring_id), 303)

    view.__name__ = f"recurring_{operation.split('_')[0]}"
    path = f"/recurring/<int:recurring_id>/{operation.split('_')[0]}"
    page(ui, path, methods=("POST",), operation=operation)(view)


_recurring_step("pause_recurring", "Paused")
_recurring_step("resume_recurring", "Resumed")
_recurring_step("cancel_recurring", "Cancelled")
