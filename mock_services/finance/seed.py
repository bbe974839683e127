"""The Finance seed document: users, categories, merchants, accounts with their transactions,
customers and vendors (contacts), invoices with their lines and payments, budgets and recurring
payments. Users are named by username, categories, merchants and contacts by name, accounts
and transactions by id. Load and export both come from the one mapping below
(``mock_services.core.seeding.seed_map``)."""

from __future__ import annotations

from datetime import date

from pydantic import Field

from mock_services.core.seeding.seed import SeedDate, SeedDateTime, SeedModel, ServiceSeed
from mock_services.core.seeding.seed_map import (
    USER_FIELDS,
    Children,
    ColumnField,
    Entity,
    Entry,
    Hook,
    Ref,
    Section,
    SeedMap,
    moment,
    now_naive,
)
from mock_services.core.seeding.users import UserSeed
from mock_services.finance.codes import invoice_code
from mock_services.finance.models import (
    Account,
    AccountKind,
    Budget,
    Category,
    CategoryKind,
    Contact,
    ContactKind,
    Direction,
    Frequency,
    Invoice,
    InvoiceLine,
    InvoiceStatus,
    Merchant,
    Payment,
    RecurringPayment,
    RecurringStatus,
    Role,
    Transaction,
    TxStatus,
    User,
)
from mock_services.finance.money import Amount, SignedAmount, amount, to_cents


class FinanceUserSeed(UserSeed):
    role: Role = "owner"


class CategorySeed(SeedModel):
    name: str = Field(min_length=1, max_length=60)
    kind: CategoryKind = "expense"


class MerchantSeed(SeedModel):
    name: str = Field(min_length=1, max_length=120)
    category: str | None = Field(None, description="its transactions' default category")


class TransactionSeed(SeedModel):
    id: int | None = None
    date: SeedDate
    amount: SignedAmount = Field(description="negative: money out")
    merchant: str | None = Field(None, description="a merchant's name")
    category: str | None = Field(None, description="a category's name")
    memo: str = ""
    status: TxStatus = "posted"
    recurring: int | None = Field(None, description="the recurring payment that made it, by id")
    created_at: SeedDateTime | None = Field(None, description="default: the seed's now")


class AccountSeed(SeedModel):
    id: int | None = None
    owner: str = Field(description="the owner's username")
    name: str = Field(min_length=1, max_length=80)
    kind: AccountKind
    currency: str = Field("USD", pattern=r"^[A-Z]{3}$")
    number: str = Field("", pattern=r"^(\d{4})?$")
    opening_balance: SignedAmount = 0
    opened_on: SeedDate
    transactions: list[TransactionSeed] = []


class ContactSeed(SeedModel):
    owner: str
    name: str = Field(min_length=1, max_length=120)
    kind: ContactKind
    email: str = ""


class LineSeed(SeedModel):
    description: str = Field(min_length=1, max_length=200)
    quantity: int = Field(1, ge=1)
    unit_price: Amount


class PaymentSeed(SeedModel):
    transaction: int = Field(description="the paying transaction's id")
    amount: Amount
    paid_on: SeedDate
    created_at: SeedDateTime | None = Field(None, description="default: the seed's now")


class InvoiceSeed(SeedModel):
    id: int | None = Field(None, ge=1, description="the number in its code: 7 is INV-0007")
    owner: str
    direction: Direction
    contact: str = Field(description="the owner's customer or vendor, by name")
    number: str = ""
    currency: str = Field("USD", pattern=r"^[A-Z]{3}$")
    issued_on: SeedDate
    due_on: SeedDate
    status: InvoiceStatus = "draft"
    memo: str = ""
    created_at: SeedDateTime | None = Field(None, description="default: the seed's now")
    lines: list[LineSeed] = Field(min_length=1)
    payments: list[PaymentSeed] = []


class BudgetSeed(SeedModel):
    owner: str
    category: str
    month: SeedDate = Field(description="any day of the month (stored as its 1st)")
    limit: Amount
    alert_percent: int = Field(80, ge=1, le=200)
    alerted_at: SeedDateTime | None = None


class RecurringSeed(SeedModel):
    id: int | None = None
    owner: str
    account: int = Field(description="the paying account's id")
    payee: str = Field(min_length=1, max_length=120)
    category: str | None = None
    amount: Amount
    frequency: Frequency = "monthly"
    next_date: SeedDate | None = None
    end_date: SeedDate | None = None
    status: RecurringStatus = "active"
    memo: str = ""


class FinanceSeed(ServiceSeed):
    users: list[FinanceUserSeed] = []
    categories: list[CategorySeed] = []
    merchants: list[MerchantSeed] = []
    accounts: list[AccountSeed] = []
    contacts: list[ContactSeed] = []
    invoices: list[InvoiceSeed] = []
    budgets: list[BudgetSeed] = []
    recurring_payments: list[RecurringSeed] = []


def cents(seed: str, column: str = "") -> ColumnField:
    """An amount: 2 decimals in the seed, integer cents in the DB."""
    return ColumnField(seed, column or f"{seed}_cents", to_row=to_cents, to_seed=amount)


def _first_of_month(day: date) -> date:
    return day.replace(day=1)


def _line_total(entry: Entry) -> int:
    return entry.row["quantity"] * entry.row["unit_price_cents"]


def _invoice_total(entry: Entry) -> int:
    return sum(line.quantity * to_cents(line.unit_price) for line in entry.seed.lines)


def _invoice_paid(entry: Entry) -> int:
    return sum(to_cents(p.amount) for p in entry.seed.payments)


USER = Entity("user", FinanceUserSeed, User, (*USER_FIELDS, "role"), key="username")
CATEGORY = Entity("category", CategorySeed, Category, ("name", "kind"), key="name")
MERCHANT = Entity(
    "merchant",
    MerchantSeed,
    Merchant,
    ("name", Ref("category", "category_id", "category")),
    key="name",
    ids_if_needed=True,
)


def _merchant_category(entry: Entry) -> int | None:
    """A transaction seeded without a category takes its merchant's, as one made through the
    API does."""
    merchant_id = entry.row["merchant_id"]
    return entry.loading.rows["merchant"][merchant_id]["category_id"] if merchant_id else None


TRANSACTION = Entity(
    "transaction",
    TransactionSeed,
    Transaction,
    (
        "date",
        cents("amount"),
        Ref("merchant", "merchant_id", "merchant"),
        Ref("category", "category_id", "category", default=_merchant_category),
        "memo",
        "status",
        ColumnField("recurring", "recurring_id"),
        moment("created_at", default=now_naive),
    ),
)
ACCOUNT = Entity(
    "account",
    AccountSeed,
    Account,
    (
        Ref("owner", "owner_id", "user"),
        "name",
        "kind",
        "currency",
        "number",
        cents("opening_balance"),
        "opened_on",
    ),
    children=(Children("transactions", TRANSACTION, "account_id", inherit=("currency",)),),
)
CONTACT = Entity(
    "contact",
    ContactSeed,
    Contact,
    (Ref("owner", "owner_id", "user"), "name", "kind", "email"),
    key="name",
    key_scope="owner_id",
    ids_if_needed=True,
)
LINE = Entity(
    "line",
    LineSeed,
    InvoiceLine,
    (
        "description",
        "quantity",
        cents("unit_price"),
        Hook(column="amount_cents", load_with=_line_total),
    ),
    ids_if_needed=True,
)
PAYMENT = Entity(
    "payment",
    PaymentSeed,
    Payment,
    (
        ColumnField("transaction", "transaction_id"),
        cents("amount"),
        "paid_on",
        moment("created_at", default=now_naive),
    ),
    ids_if_needed=True,
)
INVOICE = Entity(
    "invoice",
    InvoiceSeed,
    Invoice,
    (
        Hook(column="code", load_with=lambda entry: invoice_code(entry.row["id"])),
        Ref("owner", "owner_id", "user"),
        "direction",
        Ref("contact", "contact_id", "contact", scope="owner_id"),
        "number",
        "currency",
        "issued_on",
        "due_on",
        "status",
        "memo",
        moment("created_at", default=now_naive),
        Hook(column="total_cents", load_with=_invoice_total),
        Hook(column="paid_cents", load_with=_invoice_paid),
    ),
    children=(
        Children("lines", LINE, "invoice_id"),
        Children("payments", PAYMENT, "invoice_id"),
    ),
)
BUDGET = Entity(
    "budget",
    BudgetSeed,
    Budget,
    (
        Ref("owner", "owner_id", "user"),
        Ref("category", "category_id", "category"),
        ColumnField("month", to_row=_first_of_month),
        cents("limit"),
        "alert_percent",
        moment("alerted_at"),
    ),
    ids_if_needed=True,
)
RECURRING = Entity(
    "recurring",
    RecurringSeed,
    RecurringPayment,
    (
        Ref("owner", "owner_id", "user"),
        ColumnField("account", "account_id"),
        "payee",
        Ref("category", "category_id", "category"),
        cents("amount"),
        "frequency",
        "next_date",
        "end_date",
        "status",
        "memo",
    ),
)
SEED_MAP = SeedMap(
    FinanceSeed,
    (
        Section("users", USER),
        Section("categories", CATEGORY),
        Section("merchants", MERCHANT),
        Section("accounts", ACCOUNT),
        Section("contacts", CONTACT),
        Section("invoices", INVOICE),
        Section("budgets", BUDGET),
        Section("recurring_payments", RECURRING),
    ),
)
load = SEED_MAP.load
dump = SEED_MAP.dump
