"""The Finance REST API, under ``/api`` (every route is an MCP tool too): accounts and their
statements, transactions, categories and merchants, customers and vendors, invoices and their
payments, reconciliation, budgets and recurring payments."""

from __future__ import annotations

from mock_services.core.data.paging import page_answer
from mock_services.core.spec.api import Api, Ctx, FileDownload
from mock_services.finance import (
    accounts,
    budgets,
    contacts,
    invoices,
    reconciliation,
    recurring,
    statements,
    transactions,
)
from mock_services.finance.books import (
    account_of,
    invoice_by_code,
    readable_transaction_id,
    recurring_of,
)
from mock_services.finance.models import Contact, RecurringPayment
from mock_services.finance.money import amount
from mock_services.finance.present import (
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
    AccountList,
    AccountOut,
    BudgetCreate,
    BudgetList,
    BudgetOut,
    BudgetQuery,
    BudgetUpdate,
    CategorizeRequest,
    CategorizeResult,
    CategoryCreate,
    CategoryList,
    CategoryOut,
    ContactCreate,
    ContactList,
    ContactOut,
    ContactQuery,
    ContactUpdate,
    InvoiceCreate,
    InvoiceOut,
    InvoicePage,
    InvoiceQuery,
    InvoiceUpdate,
    MerchantList,
    MerchantOut,
    MerchantQuery,
    PaymentCreate,
    ReconciliationOut,
    ReconciliationQuery,
    RecurringCreate,
    RecurringList,
    RecurringOut,
    RecurringUpdate,
    StatementImport,
    StatementImported,
    StatementOut,
    StatementQuery,
    Suggestion,
    TransactionCreate,
    TransactionOut,
    TransactionPage,
    TransactionQuery,
    TransactionUpdate,
)

api = Api("finance", url_prefix="/api")
_WRITE = (403, 404, 409, 422)


# --- accounts and statements -----------------------------------------------------------------


@api.get("/accounts", response=AccountList)
def list_accounts(ctx: Ctx) -> AccountList:
    """Your accounts (an auditor: everyone's) with their balances, derived from the
    transactions: ``balance`` counts posted ones, ``available`` pending ones too."""
    return AccountList(items=accounts_out(ctx, accounts.my_accounts(ctx)))


@api.get("/accounts/<int:account_id>", response=AccountOut, errors=(403, 404))
def get_account(ctx: Ctx, account_id: int) -> AccountOut:
    """One account with its balances."""
    return account_out(ctx, account_of(ctx, account_id))


@api.post("/accounts", response=AccountOut, status=201, errors=(403, 422))
def open_account(ctx: Ctx, body: AccountCreate) -> AccountOut:
    """Open an account (checking, savings or credit card) with an opening balance."""
    return account_out(ctx, accounts.open_account(ctx, body))


@api.get("/accounts/<int:account_id>/statement", response=StatementOut, errors=(403, 404, 422))
def get_statement(ctx: Ctx, account_id: int, query: StatementQuery) -> StatementOut:
    """An account's statement for a period (this month so far by default): the balance at its
    start and end (posted transactions), money in and out, and its transactions, oldest first."""
    account = account_of(ctx, account_id)
    start, end = accounts.period(ctx, query)
    rows = accounts.in_period(ctx, account, start, end)
    opening, closing, money_in, money_out = accounts.statement_totals(ctx, account, start, rows)
    return StatementOut(
        account_id=account.id,
        account=account.name,
        currency=account.currency,
        start=start.isoformat(),
        end=end.isoformat(),
        opening_balance=amount(opening),
        closing_balance=amount(closing),
        money_in=amount(money_in),
        money_out=amount(money_out),
        transactions=transactions_out(ctx, [t.id for t in rows]),
    )


@api.get(
    "/accounts/<int:account_id>/statement.csv",
    response=FileDownload,
    errors=(403, 404, 422),
)
def export_statement(ctx: Ctx, account_id: int, query: StatementQuery) -> FileDownload:
    """An account's statement for a period as CSV: date, amount, currency, merchant, category,
    memo, status; one line per transaction, oldest first."""
    account = account_of(ctx, account_id)
    start, end = accounts.period(ctx, query)
    text = statements.export_csv(
        ctx, account, start, end, accounts.in_period(ctx, account, start, end)
    )
    name = f"statement-{account.id}-{start.isoformat()}-{end.isoformat()}.csv"
    return FileDownload(text.encode(), "text/csv", name)


@api.post(
    "/accounts/<int:account_id>/statement",
    response=StatementImported,
    status=201,
    errors=(403, 404, 422),
)
def import_statement(ctx: Ctx, account_id: int, body: StatementImport) -> StatementImported:
    """Import a CSV statement into an account: every line is checked first, and a refusal
    names each wrong line and column (nothing is imported then)."""
    added = statements.import_csv(ctx, account_id, body.csv)
    account = account_out(ctx, account_of(ctx, account_id))
    return StatementImported(
        **account.model_dump(), imported=len(added), transaction_ids=[t.id for t in added]
    )


# --- transactions, categories, merchants -----------------------------------------------------


@api.get("/transactions", response=TransactionPage, errors=(403, 404, 422))
def list_transactions(ctx: Ctx, query: TransactionQuery) -> TransactionPage:
    """Transactions, newest first, filtered by account, category ('none': uncategorised),
    merchant, status, dates, words (``q``) in the merchant or memo, or matched to no invoice."""
    found = transactions.find_transactions(ctx, query)
    return page_answer(TransactionPage, transactions_out(ctx, found.items), found.total, query)


@api.get("/transactions/<int:transaction_id>", response=TransactionOut, errors=(403, 404))
def get_transaction(ctx: Ctx, transaction_id: int) -> TransactionOut:
    """One transaction, with the invoice it pays if it is matched."""
    return transaction_out(ctx, readable_transaction_id(ctx, transaction_id))


@api.post("/transactions", response=TransactionOut, status=201, errors=(403, 422))
def add_transaction(ctx: Ctx, body: TransactionCreate) -> TransactionOut:
    """Record a transaction on one of your accounts (negative: money out); a new merchant is
    added, and the category defaults to the merchant's. May mail a budget alert."""
    return transaction_out(ctx, transactions.create_transaction(ctx, body).id)


@api.patch("/transactions/<int:transaction_id>", response=TransactionOut, errors=_WRITE)
def update_transaction(ctx: Ctx, transaction_id: int, body: TransactionUpdate) -> TransactionOut:
    """Change a transaction's merchant or memo; a pending one's date and amount, or post it."""
    return transaction_out(ctx, transactions.update_transaction(ctx, transaction_id, body).id)


@api.post("/transactions/<int:transaction_id>/category", response=CategorizeResult, errors=_WRITE)
def categorize_transaction(
    ctx: Ctx, transaction_id: int, body: CategorizeRequest
) -> CategorizeResult:
    """Re-categorise a transaction; with ``apply_to_merchant``, every one of yours from its
    merchant too, and the merchant's default. May mail a budget alert."""
    found, changed = transactions.categorize(ctx, transaction_id, body)
    return CategorizeResult(**transaction_out(ctx, found.id).model_dump(), recategorized=changed)


@api.get("/categories", response=CategoryList)
def list_categories(ctx: Ctx) -> CategoryList:
    """The categories (income, expense, transfer), shared by every user."""
    return CategoryList(
        items=[CategoryOut(id=c.id, name=c.name, kind=c.kind) for c in transactions.categories(ctx)]
    )


@api.post("/categories", response=CategoryOut, status=201, errors=(403, 409, 422))
def add_category(ctx: Ctx, body: CategoryCreate) -> CategoryOut:
    """Add a category."""
    added = transactions.create_category(ctx, body)
    return CategoryOut(id=added.id, name=added.name, kind=added.kind)


@api.get("/merchants", response=MerchantList)
def list_merchants(ctx: Ctx, query: MerchantQuery) -> MerchantList:
    """The merchants transactions name, with their default category, optionally matching ``q``."""
    names = {c.id: c.name for c in transactions.categories(ctx)}
    return MerchantList(
        items=[
            MerchantOut(id=m.id, name=m.name, category=names.get(m.category_id or 0))
            for m in transactions.merchants(ctx, query.q)
        ]
    )


# --- contacts and invoices -------------------------------------------------------------------


def _contact_out(c: Contact) -> ContactOut:
    return ContactOut(id=c.id, name=c.name, kind=c.kind, email=c.email)


@api.get("/contacts", response=ContactList)
def list_contacts(ctx: Ctx, query: ContactQuery) -> ContactList:
    """Your customers and vendors, by name (``kind`` narrows them)."""
    return ContactList(items=[_contact_out(c) for c in contacts.my_contacts(ctx, query.kind)])


@api.post("/contacts", response=ContactOut, status=201, errors=(403, 409, 422))
def add_contact(ctx: Ctx, body: ContactCreate) -> ContactOut:
    """Add a customer (to issue invoices to) or a vendor (whose invoices you receive)."""
    return _contact_out(contacts.create_contact(ctx, body))


@api.patch("/contacts/<int:contact_id>", response=ContactOut, errors=(403, 404, 422))
def update_contact(ctx: Ctx, contact_id: int, body: ContactUpdate) -> ContactOut:
    """Change the email address a contact's invoices are mailed to ('' for none)."""
    return _contact_out(contacts.update_contact(ctx, contact_id, body))


@api.get("/invoices", response=InvoicePage, errors=(422,))
def list_invoices(ctx: Ctx, query: InvoiceQuery) -> InvoicePage:
    """Invoices by due date, filtered by direction (issued, received), status (draft, open,
    partly_paid, paid, overdue, void, or unpaid) or customer/vendor name."""
    found = invoices.find_invoices(ctx, query)
    return page_answer(InvoicePage, invoices_out(ctx, found.items), found.total, query)


@api.get("/invoices/<code>", response=InvoiceOut, errors=(403, 404))
def get_invoice(ctx: Ctx, code: str) -> InvoiceOut:
    """One invoice by code ('INV-0001'), with its lines and payments."""
    return invoice_out(ctx, invoice_by_code(ctx, code))


@api.post("/invoices", response=InvoiceOut, status=201, errors=(403, 409, 422))
def create_invoice(ctx: Ctx, body: InvoiceCreate) -> InvoiceOut:
    """Create an invoice issued to a customer or received from a vendor, with its lines; a
    draft unless ``status`` is open (an issued one is then mailed to the customer)."""
    return invoice_out(ctx, invoices.create_invoice(ctx, body))


@api.patch("/invoices/<code>", response=InvoiceOut, errors=_WRITE)
def update_invoice(ctx: Ctx, code: str, body: InvoiceUpdate) -> InvoiceOut:
    """Change a draft invoice: customer or vendor, number, dates, currency, memo, or its lines
    (all replaced); an open one is voided and created again instead."""
    return invoice_out(ctx, invoices.update_invoice(ctx, code, body))


@api.post("/invoices/<code>/finalize", response=InvoiceOut, errors=_WRITE, destructive=True)
def finalize_invoice(ctx: Ctx, code: str) -> InvoiceOut:
    """Open a draft invoice: an issued one is mailed to its customer, a received one is
    approved for payment."""
    return invoice_out(ctx, invoices.finalize_invoice(ctx, code))


@api.post("/invoices/<code>/void", response=InvoiceOut, errors=_WRITE, destructive=True)
def void_invoice(ctx: Ctx, code: str) -> InvoiceOut:
    """Void an invoice nothing was paid on: nothing is due on it any more."""
    return invoice_out(ctx, invoices.void_invoice(ctx, code))


@api.post(
    "/invoices/<code>/payments", response=InvoiceOut, status=201, errors=_WRITE, destructive=True
)
def record_payment(ctx: Ctx, code: str, body: PaymentCreate) -> InvoiceOut:
    """Record a payment: match a posted bank transaction (money in for an issued invoice, out
    for a received one) to an open invoice, for its amount or less; paid in full, it is paid."""
    return invoice_out(ctx, invoices.record_payment(ctx, code, body))


@api.get("/reconciliation", response=ReconciliationOut, errors=(403, 404))
def reconcile(ctx: Ctx, query: ReconciliationQuery) -> ReconciliationOut:
    """What is left to reconcile: posted transactions paying no invoice (money in, or out to a
    vendor), unpaid invoices, and suggested matches by amount and party."""
    account_id = account_of(ctx, query.account_id).id if query.account_id is not None else None
    owner = reconciliation.books_owner(ctx, account_id)
    loose = reconciliation.unmatched(ctx, owner, account_id)
    due = reconciliation.unpaid(ctx, owner)
    matches = reconciliation.suggestions(ctx, loose, due)
    return ReconciliationOut(
        unmatched_transactions=transactions_out(ctx, [t.id for t in loose]),
        unpaid_invoices=invoices_out(ctx, due),
        suggestions=[
            Suggestion(
                transaction_id=m.transaction.id,
                invoice=m.invoice.code,
                amount=amount(m.cents),
                reasons=list(m.reasons),
            )
            for m in matches
        ],
    )


# --- budgets ---------------------------------------------------------------------------------


@api.get("/budgets", response=BudgetList, errors=(422,))
def list_budgets(ctx: Ctx, query: BudgetQuery) -> BudgetList:
    """Budgets of a month (this month by default) with spent, remaining, and whether each has
    passed its alert percentage or its limit."""
    first, found = budgets.month_budgets(ctx, query.month)
    return BudgetList(month=first.strftime("%Y-%m"), items=budgets.budgets_out(ctx, found))


@api.post("/budgets", response=BudgetOut, status=201, errors=(403, 409, 422))
def set_budget(ctx: Ctx, body: BudgetCreate) -> BudgetOut:
    """Set a monthly budget for an expense category; spending past its alert percentage is
    mailed to you once."""
    return budgets.budget_out(ctx, budgets.create_budget(ctx, body))


@api.patch("/budgets/<int:budget_id>", response=BudgetOut, errors=(403, 404, 422))
def update_budget(ctx: Ctx, budget_id: int, body: BudgetUpdate) -> BudgetOut:
    """Change a budget's limit or alert percentage (its alert is armed again)."""
    return budgets.budget_out(ctx, budgets.update_budget(ctx, budget_id, body))


# --- recurring payments ----------------------------------------------------------------------


def _recurring(ctx: Ctx, found: RecurringPayment) -> RecurringOut:
    return recurring_out(ctx, [found])[0]


@api.get("/recurring", response=RecurringList)
def list_recurring(ctx: Ctx) -> RecurringList:
    """Recurring payments, the next one first (cancelled ones last)."""
    return RecurringList(items=recurring_out(ctx, recurring.my_recurring(ctx)))


@api.get("/recurring/<int:recurring_id>", response=RecurringOut, errors=(403, 404))
def get_recurring(ctx: Ctx, recurring_id: int) -> RecurringOut:
    """One recurring payment."""
    return _recurring(ctx, recurring_of(ctx, recurring_id))


@api.post("/recurring", response=RecurringOut, status=201, errors=(403, 422))
def add_recurring(ctx: Ctx, body: RecurringCreate) -> RecurringOut:
    """Schedule a recurring payment from one of your accounts; its next date goes on your
    calendar."""
    return _recurring(ctx, recurring.create_recurring(ctx, body))


@api.patch("/recurring/<int:recurring_id>", response=RecurringOut, errors=_WRITE)
def update_recurring(ctx: Ctx, recurring_id: int, body: RecurringUpdate) -> RecurringOut:
    """Change a recurring payment's payee, category, amount, frequency, next or end date, memo."""
    return _recurring(ctx, recurring.update_recurring(ctx, recurring_id, body))


@api.post("/recurring/<int:recurring_id>/pause", response=RecurringOut, errors=_WRITE)
def pause_recurring(ctx: Ctx, recurring_id: int) -> RecurringOut:
    """Pause an active recurring payment (off your calendar until resumed)."""
    return _recurring(ctx, recurring.pause_recurring(ctx, recurring_id))


@api.post("/recurring/<int:recurring_id>/resume", response=RecurringOut, errors=_WRITE)
def resume_recurring(ctx: Ctx, recurring_id: int) -> RecurringOut:
    """Resume a paused recurring payment; its next date moves on to today or later."""
    return _recurring(ctx, recurring.resume_recurring(ctx, recurring_id))


@api.post(
    "/recurring/<int:recurring_id>/cancel", response=RecurringOut, errors=_WRITE, destructive=True
)
def cancel_recurring(ctx: Ctx, recurring_id: int) -> RecurringOut:
    """Cancel a recurring payment for good."""
    return _recurring(ctx, recurring.cancel_recurring(ctx, recurring_id))
