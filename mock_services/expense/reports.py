"""The reports' rules (the reports area): finding the reports a caller may read, drafting them
with items and receipts, and the workflow (submit, recall, approve, reject, reimburse) that mails
the owner after the commit when notifications are on."""

from __future__ import annotations

import base64
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from mock_services.core.base.access import check_owner, not_yours, role_refused
from mock_services.core.base.addressing import Addressed
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, Forbidden, NotFound, ValidationFailed
from mock_services.core.base.search import contains_text
from mock_services.core.data.paging import Page, Paging, page_of_select
from mock_services.core.data.transaction import Transaction
from mock_services.core.spec.api import Ctx
from mock_services.core.web.notify import MailDelivery, deliver_mail
from mock_services.core.web.wording import day_words, money_words
from mock_services.expense.models import EDITABLE_STATUSES, Category, Item, Receipt, Report, User
from mock_services.expense.money import amount, convert, fmt, to_cents
from mock_services.expense.policy import category_by_slug, company, currency_by_code
from mock_services.expense.receipt_files import receipt_type
from mock_services.expense.seed import report_code

DEFAULT_SENDER = "expenses@example.com"
REVIEWER_ROLES = ("approver", "finance")


# --- Finding reports -------------------------------------------------------------------------


REPORT_ROWS = (
    "SELECT r.*, o.username AS owner_username, o.display_name AS owner_display_name, "
    "v.username AS reviewer_username, v.display_name AS reviewer_display_name, "
    "p.username AS reimbursed_by_username, p.display_name AS reimbursed_by_display_name, "
    "c.base_currency FROM reports r JOIN users o ON o.id = r.owner_id "
    "LEFT JOIN users v ON v.id = r.reviewer_id LEFT JOIN users p ON p.id = r.reimbursed_by_id "
    "JOIN company c ON c.id = 1"
)
"""A report with the people it names and the base currency, as one plain row."""
_RECEIPT_COLUMNS = "x.id AS receipt_id, x.filename, x.content_type, x.size, x.uploaded_at"
ITEM_ROWS = (
    "SELECT i.*, c.slug AS category, co.receipt_required_above_cents AS receipt_threshold, "
    f"{_RECEIPT_COLUMNS} FROM items i JOIN categories c ON c.id = i.category_id "
    "JOIN company co ON co.id = 1 LEFT JOIN receipts x ON x.item_id = i.id"
)
"""An item with its category's slug, the company's receipt threshold and one of its receipts
(``receipt_id`` is null if it has none), as a plain row: one query reads items and receipts."""
RECEIPT_ROWS = f"SELECT {_RECEIPT_COLUMNS} FROM receipts x"
"""A receipt without its content, as a plain row (its columns named as in ``ITEM_ROWS``)."""
ItemRows = list[tuple[sqlite3.Row, list[sqlite3.Row]]]
"""Items' ``ITEM_ROWS``: each item's first row with the rows of its receipts."""


def is_reviewer(ctx: Ctx) -> bool:
    """The caller approves or reimburses (role approver or finance)."""
    row = ctx.db.one("SELECT role FROM users WHERE id = ?", (ctx.user_id,))
    return row is not None and row["role"] in REVIEWER_ROLES


def _marks(ids: Sequence[int]) -> str:
    return ", ".join("?" * len(ids))


def report_rows(db: Transaction, ids: Sequence[int]) -> list[sqlite3.Row]:
    """The ``REPORT_ROWS`` of ``ids`` that exist, in the order of ``ids``."""
    if not ids:
        return []
    found = {r["id"]: r for r in db.all(f"{REPORT_ROWS} WHERE r.id IN ({_marks(ids)})", ids)}
    return [found[i] for i in ids if i in found]


def visible_report_row(ctx: Ctx, report_id: int) -> sqlite3.Row:
    """A report the caller may read: their own, or any submitted one for approvers and finance
    (a draft stays private to its owner)."""
    row = ctx.db.one(f"{REPORT_ROWS} WHERE r.id = ?", (report_id,))
    if row is None:
        raise NotFound(f"no report {report_id}")
    if row["owner_id"] == ctx.user_id or (row["status"] != "draft" and is_reviewer(ctx)):
        return row
    raise not_yours("report", report_id)


def visible_report(ctx: Ctx, report_id: int) -> Report:
    """The mapped report behind ``visible_report_row``, for the writes and the export."""
    visible_report_row(ctx, report_id)
    report = ctx.session.get(Report, report_id)
    assert report is not None  # the row was just read in this transaction
    return report


REPORTS_BY_CODE = Addressed(
    kind="report",
    by="code",
    shape=r"EXP-\d+",
    sample=report_code(1),
    table="reports",
    owner_column="owner_id",
    hint="list yours with GET /api/reports; GET /api/reports/{id} finds one by its id",
)


def report_id_by_code(ctx: Ctx, code: str) -> int:
    row = ctx.db.one("SELECT id FROM reports WHERE code = ?", (code,))
    if row is None:
        raise REPORTS_BY_CODE.not_found(ctx, code)
    return row["id"]


def report_by_code(ctx: Ctx, code: str) -> Report:
    return visible_report(ctx, report_id_by_code(ctx, code))


def editable_report(ctx: Ctx, report_id: int) -> Report:
    """One of the caller's own reports, in a status where its content may change."""
    report = check_owner(
        ctx.session.get(Report, report_id), ctx.user_id, kind="report", row_id=report_id
    )
    if report.status not in EDITABLE_STATUSES:
        raise Conflict(f"report {report.code} is {report.status}; {_why_frozen(report.status)}")
    return report


def _why_frozen(status: str) -> str:
    if status == "submitted":
        return "recall it (POST /api/reports/{id}/recall) before changing it"
    if status == "reimbursed":
        return "a reimbursed report can no longer be changed"
    return "an approved report can no longer be changed"


@dataclass
class ReportFilter:
    scope: str = "mine"
    status: str | None = None
    q: str | None = None
    owner: str | None = None


def list_reports(ctx: Ctx, wanted: ReportFilter, paging: Paging) -> Page[Report]:
    """The caller's reports (``mine``), or for approvers and finance every non-draft report of
    others (``team``); newest first."""
    if wanted.scope == "team":
        if not is_reviewer(ctx):
            raise role_refused(
                "see the team's reports",
                "approver and finance users",
                ctx.user.role,
                "use scope=mine",
            )
        where: list[Any] = [Report.owner_id != ctx.user_id, Report.status != "draft"]
    else:
        where = [Report.owner_id == ctx.user_id]
    if wanted.status:
        where.append(Report.status == wanted.status)
    if wanted.owner:
        owner = ctx.session.scalar(select(User).where(User.username == wanted.owner))
        where.append(Report.owner_id == (owner.id if owner else -1))
    for word in (wanted.q or "").split()[:10]:
        where.append(
            or_(
                contains_text(Report.title, word),
                contains_text(Report.code, word),
                contains_text(Report.purpose, word),
            )
        )
    newest_first = (Report.created_at.desc(), Report.id.desc())
    return page_of_select(ctx.session, select(Report).where(*where).order_by(*newest_first), paging)


# The mapped items and receipts are for the writes (they change or delete them) and the CSV
# export; answers read the plain rows below.
def report_items(session: Session, report_id: int) -> list[Item]:
    return list(
        session.scalars(
            select(Item).where(Item.report_id == report_id).order_by(Item.spent_on, Item.id)
        )
    )


def receipts_by_item(session: Session, item_ids: Sequence[int]) -> dict[int, list[Receipt]]:
    found: dict[int, list[Receipt]] = {i: [] for i in item_ids}
    for receipt in session.scalars(
        select(Receipt).where(Receipt.item_id.in_(item_ids)).order_by(Receipt.id)
    ):
        found[receipt.item_id].append(receipt)
    return found


def item_rows(db: Transaction, report_id: int) -> ItemRows:
    """The items of a report by day spent, each with its receipts oldest first."""
    return _by_item(
        db.all(f"{ITEM_ROWS} WHERE i.report_id = ? ORDER BY i.spent_on, i.id, x.id", (report_id,))
    )


def item_row(db: Transaction, item_id: int) -> tuple[sqlite3.Row, list[sqlite3.Row]]:
    """An item with its receipts."""
    found = _by_item(db.all(f"{ITEM_ROWS} WHERE i.id = ? ORDER BY x.id", (item_id,)))
    assert found, "answered after a write that kept the item"
    return found[0]


def _by_item(rows: list[sqlite3.Row]) -> ItemRows:
    """``ITEM_ROWS`` (one per receipt, an item's rows together) grouped by item."""
    items: ItemRows = []
    for row in rows:
        if not items or items[-1][0]["id"] != row["id"]:
            items.append((row, []))
        if row["receipt_id"] is not None:
            items[-1][1].append(row)
    return items


def receipt_row(db: Transaction, receipt_id: int) -> sqlite3.Row:
    row = db.one(f"{RECEIPT_ROWS} WHERE x.id = ?", (receipt_id,))
    assert row is not None, "answered after the receipt was added"
    return row


def needs_receipt(base_cents: int, receipt_count: int, threshold_cents: int) -> bool:
    """Policy: an item above the company's threshold needs at least one receipt."""
    return receipt_count == 0 and base_cents > threshold_cents


# --- Drafting --------------------------------------------------------------------------------


def create_report(ctx: Ctx, title: str, purpose: str) -> Report:
    report = Report(
        code="",
        owner_id=ctx.user_id,
        title=title,
        purpose=purpose,
        status="draft",
        total_cents=0,
        created_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(report)
    ctx.session.flush()
    report.code = report_code(report.id)
    return report


def update_report(ctx: Ctx, report_id: int, changes: dict[str, Any]) -> Report:
    report = editable_report(ctx, report_id)
    for name, value in changes.items():
        setattr(report, name, value)
    return report


def delete_report(ctx: Ctx, report_id: int) -> None:
    """Delete a draft with its items and receipts (a report once submitted is kept)."""
    report = check_owner(
        ctx.session.get(Report, report_id), ctx.user_id, kind="report", row_id=report_id
    )
    if report.status != "draft":
        raise Conflict(f"report {report.code} is {report.status}; only a draft can be deleted")
    items = report_items(ctx.session, report.id)
    for receipts in receipts_by_item(ctx.session, [i.id for i in items]).values():
        for receipt in receipts:
            ctx.session.delete(receipt)
    # No relationship orders the deletes: each level goes before the one its key names.
    ctx.session.flush()
    for item in items:
        ctx.session.delete(item)
    ctx.session.flush()
    ctx.session.delete(report)


@dataclass
class ItemFields:
    spent_on: date
    merchant: str
    category: str
    amount: float
    currency: str | None = None
    description: str = ""


def _check_spent_on(ctx: Ctx, spent_on: date) -> None:
    today = ctx.today
    if spent_on > today:
        raise ValidationFailed(
            f"spent_on {spent_on.isoformat()} is in the future (today is {today.isoformat()})"
        )


def _price_item(ctx: Ctx, item: Item) -> None:
    """Base-currency amount at the seed's fixed rate, and the category's policy flag."""
    currency = currency_by_code(ctx.session, item.currency)
    category = ctx.session.get(Category, item.category_id)
    assert category is not None
    item.base_cents = convert(item.amount_cents, currency.rate_ppm)
    item.over_limit = category.limit_cents is not None and item.base_cents > category.limit_cents


def _retotal(ctx: Ctx, report: Report) -> None:
    ctx.session.flush()
    report.total_cents = sum(i.base_cents for i in report_items(ctx.session, report.id))


def add_item(ctx: Ctx, report_id: int, fields: ItemFields) -> Item:
    report = editable_report(ctx, report_id)
    _check_spent_on(ctx, fields.spent_on)
    item = Item(
        report_id=report.id,
        spent_on=fields.spent_on,
        merchant=fields.merchant,
        description=fields.description,
        category_id=category_by_slug(ctx.session, fields.category).id,
        amount_cents=to_cents(fields.amount),
        currency=fields.currency or company(ctx.session).base_currency,
    )
    _price_item(ctx, item)
    ctx.session.add(item)
    _retotal(ctx, report)
    return item


def editable_item(ctx: Ctx, report_id: int, item_id: int) -> tuple[Report, Item]:
    report = editable_report(ctx, report_id)
    item = ctx.session.get(Item, item_id)
    if item is None or item.report_id != report.id:
        raise NotFound(f"report {report.code} has no item {item_id}")
    return report, item


def update_item(ctx: Ctx, report_id: int, item_id: int, changes: dict[str, Any]) -> Item:
    report, item = editable_item(ctx, report_id, item_id)
    if "spent_on" in changes:
        _check_spent_on(ctx, changes["spent_on"])
        item.spent_on = changes["spent_on"]
    if "category" in changes:
        item.category_id = category_by_slug(ctx.session, changes["category"]).id
    if "amount" in changes:
        item.amount_cents = to_cents(changes["amount"])
    for name in ("merchant", "description", "currency"):
        if name in changes:
            setattr(item, name, changes[name])
    _price_item(ctx, item)
    _retotal(ctx, report)
    return item


def delete_item(ctx: Ctx, report_id: int, item_id: int) -> None:
    report, item = editable_item(ctx, report_id, item_id)
    for receipt in receipts_by_item(ctx.session, [item.id])[item.id]:
        ctx.session.delete(receipt)
    # No relationship orders the two deletes: the receipts go first, or their key fails.
    ctx.session.flush()
    ctx.session.delete(item)
    _retotal(ctx, report)


def add_receipt(ctx: Ctx, report_id: int, item_id: int, filename: str, raw: bytes) -> Receipt:
    """Attach the file ``raw`` to an item, stored with the type its content shows (a picture,
    a PDF or text; anything else is refused: ``receipt_files``)."""
    _, item = editable_item(ctx, report_id, item_id)
    content_type = receipt_type(filename, raw)
    receipt = Receipt(
        item_id=item.id,
        filename=filename,
        content_type=content_type,
        size=len(raw),
        content_base64=base64.b64encode(raw).decode(),
        uploaded_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(receipt)
    ctx.session.flush()
    return receipt


def receipt_of(ctx: Ctx, report_id: int, item_id: int, receipt_id: int) -> Receipt:
    """A receipt of an item of a report the caller may read."""
    report = visible_report(ctx, report_id)
    item = ctx.session.get(Item, item_id)
    receipt = ctx.session.get(Receipt, receipt_id)
    if item is None or item.report_id != report.id or receipt is None or receipt.item_id != item_id:
        raise NotFound(f"report {report.code} has no receipt {receipt_id} on item {item_id}")
    return receipt


def delete_receipt(ctx: Ctx, report_id: int, item_id: int, receipt_id: int) -> None:
    editable_item(ctx, report_id, item_id)
    ctx.session.delete(receipt_of(ctx, report_id, item_id, receipt_id))


# --- Workflow --------------------------------------------------------------------------------


def submit_report(ctx: Ctx, report_id: int) -> Report:
    """Send a draft (or a rejected report, once fixed) for approval."""
    report = editable_report(ctx, report_id)
    items = report_items(ctx.session, report.id)
    if not items:
        raise Conflict(f"report {report.code} has no items; add at least one before submitting")
    receipts = receipts_by_item(ctx.session, [i.id for i in items])
    policy = company(ctx.session)
    limit = policy.receipt_required_above_cents
    missing = [i for i in items if needs_receipt(i.base_cents, len(receipts[i.id]), limit)]
    if missing:
        # each item as the report's table names it (merchant, day, amount), never by its id
        names = "; ".join(
            f"{i.merchant}, {day_words(i.spent_on, ctx.today)}, "
            f"{money_words(amount(i.amount_cents), i.currency)}"
            for i in missing
        )
        raise Conflict(
            f"attach a receipt to every item above "
            f"{money_words(amount(limit), policy.base_currency)} "
            f"before submitting; missing for {names}"
        )
    report.status = "submitted"
    report.submitted_at = to_naive_utc(ctx.now)
    report.reviewer_id = report.reviewed_at = report.review_note = None
    return report


def recall_report(ctx: Ctx, report_id: int) -> Report:
    """Take a submitted report back to draft before anyone reviewed it."""
    report = check_owner(
        ctx.session.get(Report, report_id), ctx.user_id, kind="report", row_id=report_id
    )
    if report.status != "submitted":
        raise Conflict(f"report {report.code} is {report.status}; only a submitted one is recalled")
    report.status = "draft"
    report.submitted_at = None
    return report


def _reviewable(ctx: Ctx, report_id: int, role: str, action: str, status: str) -> Report:
    """A report the caller may ``action``: they hold ``role``, do not own it, and it is in
    ``status``."""
    if ctx.user.role != role:
        raise role_refused(f"{action} reports", f"{role} users", ctx.user.role)
    report = ctx.session.get(Report, report_id)
    if report is None:
        raise NotFound(f"no report {report_id}")
    if report.owner_id == ctx.user_id:
        raise Forbidden(f"you cannot {action} your own report {report.code}")
    if report.status != status:
        raise Conflict(
            f"report {report.code} is {report.status}; you can {action} a {status} report only"
        )
    return report


def approve_report(ctx: Ctx, report_id: int, note: str | None) -> Report:
    report = _reviewable(ctx, report_id, "approver", "approve", "submitted")
    _review(ctx, report, "approved", note)
    _mail_owner(ctx, report, "approved", f"Approved by {ctx.user.display_name}." + _note(note))
    return report


def reject_report(ctx: Ctx, report_id: int, reason: str) -> Report:
    report = _reviewable(ctx, report_id, "approver", "reject", "submitted")
    _review(ctx, report, "rejected", reason)
    _mail_owner(
        ctx,
        report,
        "rejected",
        f"Rejected by {ctx.user.display_name}." + _note(reason)
        + "\nFix the report and submit it again.",
    )  # fmt: skip
    return report


def _review(ctx: Ctx, report: Report, status: str, note: str | None) -> None:
    report.status = status
    report.reviewer_id = ctx.user_id
    report.reviewed_at = to_naive_utc(ctx.now)
    report.review_note = note


def _note(note: str | None) -> str:
    return f"\nNote: {note}" if note else ""


def reimburse_report(ctx: Ctx, report_id: int, reference: str | None) -> Report:
    report = _reviewable(ctx, report_id, "finance", "reimburse", "approved")
    report.status = "reimbursed"
    report.reimbursed_by_id = ctx.user_id
    report.reimbursed_at = to_naive_utc(ctx.now)
    report.reimbursement_reference = reference or f"PAY-{report.code}"
    _mail_owner(ctx, report, "reimbursed", f"Payment reference: {report.reimbursement_reference}.")
    return report


def _mail_owner(ctx: Ctx, report: Report, what: str, detail: str) -> None:
    target = ctx.runtime.notifications
    if target is None:
        return
    owner = ctx.session.get(User, report.owner_id)
    assert owner is not None
    total = fmt(report.total_cents, company(ctx.session).base_currency)
    mail = MailDelivery(
        sender=target.sender or DEFAULT_SENDER,
        sender_name="Expenses",
        to=[owner.email],
        subject=f"Expense report {report.code} {what}: {report.title}",
        body=f"Hello {owner.display_name},\n\nyour expense report {report.code} "
        f'"{report.title}" ({total}) was {what}.\n{detail}\n',
        labels=["expenses"],
    )
    runtime = ctx.runtime
    ctx.after_commit(lambda: deliver_mail(runtime, mail))
