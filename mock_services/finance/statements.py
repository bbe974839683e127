"""CSV statements: an account's transactions for a period written as CSV, and a CSV statement
read into an account, every line checked first (all lines or none are imported; each refusal
names its line and column)."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import select

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import ValidationFailed
from mock_services.core.spec.api import Ctx
from mock_services.finance import budgets
from mock_services.finance.access import writable
from mock_services.finance.books import account_of, merchant_or_new
from mock_services.finance.models import Account, Category, Transaction
from mock_services.finance.money import parse_cents, plain
from mock_services.finance.present import transactions_out

COLUMNS = ("date", "amount", "currency", "merchant", "category", "memo", "status")
REQUIRED = ("date", "amount")
LIMITS = {"merchant": 120, "memo": 500}
MAX_ERRORS = 20
MAX_LINES = 5000


def export_csv(ctx: Ctx, account: Account, start: date, end: date, rows: list[Transaction]) -> str:
    """The statement as CSV: a header, then one line per transaction, oldest first."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for t in transactions_out(ctx, [row.id for row in rows]):
        writer.writerow(
            [
                t.date,
                plain(round(t.amount * 100)),
                t.currency,
                t.merchant or "",
                t.category or "",
                t.memo,
                t.status,
            ]
        )
    return out.getvalue()


@dataclass
class _Line:
    number: int
    day: date
    cents: int
    merchant: str
    category_id: int | None
    memo: str
    status: str


class _Errors:
    def __init__(self) -> None:
        self.found: list[dict[str, Any]] = []

    def add(self, line: int, column: str | None, message: str) -> None:
        if len(self.found) < MAX_ERRORS:
            self.found.append({"line": line, "column": column, "message": message})

    def raise_any(self) -> None:
        if not self.found:
            return
        shown = "; ".join(
            f"line {e['line']}"
            + (f", column {e['column']}" if e["column"] else "")
            + f": {e['message']}"
            for e in self.found
        )
        details = [{"loc": ["body", "csv"], "type": "value_error", **e} for e in self.found]
        raise ValidationFailed(f"csv: nothing was imported; {shown}", details=details)


def import_csv(ctx: Ctx, account_id: int, text: str) -> list[Transaction]:
    """Add the statement's transactions to one of the caller's accounts, once every line
    passed its checks; answers them in file order."""
    account = writable(ctx, account_of(ctx, account_id), "account", account_id, "import statements")
    errors = _Errors()
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    header = [name.strip().lower() for name in rows[0]] if rows else []
    _check_header(header, errors)
    errors.raise_any()
    categories = {
        name.lower(): category_id
        for category_id, name in ctx.session.execute(select(Category.id, Category.name))
    }
    lines = []
    for number, fields in enumerate(rows[1:], start=2):
        if not any(field.strip() for field in fields):
            continue  # a blank line
        if len(fields) != len(header):
            errors.add(
                number, None, f"expected {len(header)} fields (the header's), got {len(fields)}"
            )
            continue
        line = _read_line(
            ctx, account, number, dict(zip(header, fields, strict=True)), categories, errors
        )
        if line is not None:
            lines.append(line)
    if not lines and not errors.found:
        errors.add(1, None, "no transactions after the header")
    if len(lines) > MAX_LINES:
        errors.add(MAX_LINES + 2, None, f"at most {MAX_LINES} transactions per statement")
    errors.raise_any()
    return _add(ctx, account, lines)


def _check_header(header: list[str], errors: _Errors) -> None:
    if not header:
        errors.add(1, None, f"expected a header line: {','.join(COLUMNS)}")
        return
    for name in header:
        if name not in COLUMNS:
            errors.add(1, name, f"unknown column (known: {', '.join(COLUMNS)})")
    for name in {n for n in header if header.count(n) > 1}:
        errors.add(1, name, "the column is given twice")
    for name in REQUIRED:
        if name not in header:
            errors.add(1, name, "missing: a statement needs date and amount columns")


def _read_line(
    ctx: Ctx,
    account: Account,
    number: int,
    fields: dict[str, str],
    categories: dict[str, int],
    errors: _Errors,
) -> _Line | None:
    before = len(errors.found)
    value = {name: fields.get(name, "").strip() for name in COLUMNS}
    day = date.min
    try:
        day = date.fromisoformat(value["date"])
        if day > ctx.today:
            errors.add(number, "date", f"{day.isoformat()} is after today")
    except ValueError:
        errors.add(number, "date", f"expected a date YYYY-MM-DD, got {value['date']!r}")
    cents = 0
    try:
        cents = parse_cents(value["amount"])
        if cents == 0:
            errors.add(number, "amount", "expected an amount other than 0")
    except ValueError as exc:
        errors.add(number, "amount", str(exc))
    if value["currency"] and value["currency"] != account.currency:
        errors.add(
            number,
            "currency",
            f"the account is in {account.currency}, the line in {value['currency']!r}",
        )
    category_id = None
    if value["category"]:
        category_id = categories.get(value["category"].lower())
        if category_id is None:
            errors.add(
                number, "category", f"no category {value['category']!r} (GET /api/categories)"
            )
    if value["status"] not in ("", "pending", "posted"):
        errors.add(number, "status", f"expected pending or posted, got {value['status']!r}")
    for name, limit in LIMITS.items():
        if len(value[name]) > limit:
            errors.add(number, name, f"at most {limit} characters, got {len(value[name])}")
    if len(errors.found) > before:
        return None
    return _Line(
        number,
        day,
        cents,
        value["merchant"],
        category_id,
        value["memo"],
        value["status"] or "posted",
    )


def _add(ctx: Ctx, account: Account, lines: list[_Line]) -> list[Transaction]:
    created_at, added = to_naive_utc(ctx.now), []
    for line in lines:
        merchant = merchant_or_new(ctx, line.merchant) if line.merchant else None
        category_id = line.category_id or (merchant.category_id if merchant else None)
        added.append(
            Transaction(
                account_id=account.id,
                date=line.day,
                amount_cents=line.cents,
                currency=account.currency,
                merchant_id=merchant.id if merchant else None,
                category_id=category_id,
                memo=line.memo,
                status=line.status,
                created_at=created_at,
            )
        )
    ctx.session.add_all(added)
    ctx.session.flush()
    budgets.check_spending(ctx, account.owner_id, [(t.category_id, t.date) for t in added])
    return added
