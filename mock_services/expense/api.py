"""The expense JSON API under /api: policy, reports, items, receipts, workflow, CSV export."""

from __future__ import annotations

import base64
import binascii
import sqlite3
from typing import Any

from mock_services.core.base.clock import iso_stored
from mock_services.core.base.errors import ValidationFailed
from mock_services.core.data.paging import Window, page_answer
from mock_services.core.data.transaction import Transaction
from mock_services.core.spec.api import Api, Ctx, FileDownload
from mock_services.expense import export, policy, reports
from mock_services.expense.models import Report
from mock_services.expense.money import amount, rate
from mock_services.expense.schemas import (
    ApproveRequest,
    CategoryList,
    CategoryOut,
    CompanyOut,
    CurrencyList,
    CurrencyOut,
    ExportQuery,
    ItemCreate,
    ItemOut,
    ItemUpdate,
    MeOut,
    ReceiptCreate,
    ReceiptOut,
    ReimburseRequest,
    RejectRequest,
    ReportCreate,
    ReportOut,
    ReportPage,
    ReportQuery,
    ReportSummary,
    ReportUpdate,
)

api = Api("expense", url_prefix="/api")
_MINE = (403, 404, 409, 422)


# --- Converters (also used by the UI) --------------------------------------------------------


# Answers are built as plain dicts from the rows and validated once, the whole tree in one
# pydantic call: a model built field by field per item and receipt cost more than the reads.
def person(row: sqlite3.Row, role: str) -> dict[str, str] | None:
    """The user a ``reports.REPORT_ROWS`` row names as ``role`` (owner, reviewer...), if any."""
    username = row[f"{role}_username"]
    if username is None:
        return None
    return {"username": username, "display_name": row[f"{role}_display_name"]}


def receipt_fields(row: sqlite3.Row) -> dict[str, Any]:
    """A ``reports.RECEIPT_ROWS`` row's (or ``ITEM_ROWS``') receipt as a ``ReceiptOut``."""
    return {
        "id": row["receipt_id"],
        "filename": row["filename"],
        "content_type": row["content_type"],
        "size": row["size"],
        "uploaded_at": iso_stored(row["uploaded_at"]) or "",
    }


def item_fields(row: sqlite3.Row, receipts: list[sqlite3.Row]) -> dict[str, Any]:
    """A ``reports.ITEM_ROWS`` row with its receipts' rows as an ``ItemOut``."""
    return {
        "id": row["id"],
        "spent_on": row["spent_on"],
        "merchant": row["merchant"],
        "description": row["description"],
        "category": row["category"],
        "amount": amount(row["amount_cents"]),
        "currency": row["currency"],
        "base_amount": amount(row["base_cents"]),
        "over_limit": bool(row["over_limit"]),
        "receipt_missing": reports.needs_receipt(
            row["base_cents"], len(receipts), row["receipt_threshold"]
        ),
        "receipts": [receipt_fields(r) for r in receipts],
    }


def item_out_by_id(db: Transaction, item_id: int) -> ItemOut:
    """An item as it stands now (after a write: as it was flushed)."""
    return ItemOut.model_validate(item_fields(*reports.item_row(db, item_id)))


def _summary_fields(row: sqlite3.Row) -> dict[str, Any]:
    return {
        "id": row["id"],
        "code": row["code"],
        "owner": person(row, "owner"),
        "title": row["title"],
        "status": row["status"],
        "total": amount(row["total_cents"]),
        "currency": row["base_currency"],
        "created_at": iso_stored(row["created_at"]) or "",
        "submitted_at": iso_stored(row["submitted_at"]),
    }


def report_summaries(db: Transaction, listed: list[Report]) -> list[ReportSummary]:
    """Mapped reports (a listing's page) summed up from their plain rows."""
    rows = reports.report_rows(db, [report.id for report in listed])
    return [ReportSummary.model_validate(_summary_fields(row)) for row in rows]


def report_out(db: Transaction, row: sqlite3.Row) -> ReportOut:
    """A ``reports.REPORT_ROWS`` row with its items and their receipts as the API answers it."""
    items = [item_fields(item, receipts) for item, receipts in reports.item_rows(db, row["id"])]
    return ReportOut.model_validate(
        _summary_fields(row)
        | {
            "purpose": row["purpose"],
            "reviewer": person(row, "reviewer"),
            "reviewed_at": iso_stored(row["reviewed_at"]),
            "review_note": row["review_note"],
            "reimbursed_by": person(row, "reimbursed_by"),
            "reimbursed_at": iso_stored(row["reimbursed_at"]),
            "reimbursement_reference": row["reimbursement_reference"],
            "flagged_items": sum(item["over_limit"] for item in items),
            "items": items,
        }
    )


def report_out_by_id(db: Transaction, report_id: int) -> ReportOut:
    """A report as it stands now (after a write: as it was flushed)."""
    return report_out(db, reports.report_rows(db, [report_id])[0])


def decode_receipt(body: ReceiptCreate) -> bytes:
    try:
        return base64.b64decode(body.content_base64, validate=True)
    except (binascii.Error, ValueError):
        raise ValidationFailed(
            f"content_base64 of receipt {body.filename!r} is not valid base64"
        ) from None


# --- Policy and reference data ---------------------------------------------------------------


@api.get("/me", response=MeOut)
def get_me(ctx: Ctx) -> MeOut:
    """The caller with their role (employee, approver or finance) and department."""
    return MeOut.model_validate(ctx.user)


@api.get("/policy", response=CompanyOut, auth="none")
def get_policy(ctx: Ctx) -> CompanyOut:
    """The company's base currency and the amount above which an item needs a receipt."""
    company = policy.company(ctx.session)
    return CompanyOut(
        name=company.name,
        base_currency=company.base_currency,
        receipt_required_above=amount(company.receipt_required_above_cents),
    )


@api.get("/currencies", response=CurrencyList, auth="none")
def list_currencies(ctx: Ctx) -> CurrencyList:
    """Accepted currencies with their fixed rate to the base currency."""
    rows = policy.currencies(ctx.session)
    return CurrencyList(
        items=[CurrencyOut(code=c.code, name=c.name, rate=rate(c.rate_ppm)) for c in rows],
        total=len(rows),
    )


@api.get("/categories", response=CategoryList, auth="none")
def list_categories(ctx: Ctx) -> CategoryList:
    """Expense categories with their per-item policy limit (base currency)."""
    rows = policy.categories(ctx.session)
    return CategoryList(
        items=[
            CategoryOut(
                slug=c.slug,
                name=c.name,
                limit=amount(c.limit_cents) if c.limit_cents is not None else None,
            )
            for c in rows
        ],
        total=len(rows),
    )


# --- Reports ---------------------------------------------------------------------------------


@api.get("/reports", response=ReportPage, errors=(403,))
def list_reports(ctx: Ctx, query: ReportQuery) -> ReportPage:
    """The caller's reports, newest first (`scope=team`: approvers and finance see every
    non-draft report of others); filter by `status`, `owner`, and words in `q`."""
    q = query
    rows, total = reports.list_reports(
        ctx, reports.ReportFilter(q.scope, q.status, q.q, q.owner), q
    )
    return page_answer(ReportPage, report_summaries(ctx.db, rows), total, q)


@api.post("/reports", response=ReportOut, status=201)
def create_report(ctx: Ctx, body: ReportCreate) -> ReportOut:
    """Start a draft report."""
    report = reports.create_report(ctx, body.title, body.purpose)
    return report_out_by_id(ctx.db, report.id)


@api.get("/reports/<int:report_id>", response=ReportOut, errors=(403, 404))
def get_report(ctx: Ctx, report_id: int) -> ReportOut:
    """One report with its items, policy flags and receipts."""
    return report_out(ctx.db, reports.visible_report_row(ctx, report_id))


@api.get("/reports/code/<code>", response=ReportOut, errors=(403, 404))
def get_report_by_code(ctx: Ctx, code: str) -> ReportOut:
    """One report by its code (e.g. EXP-1001)."""
    report_id = reports.report_id_by_code(ctx, code)
    return report_out(ctx.db, reports.visible_report_row(ctx, report_id))


@api.patch("/reports/<int:report_id>", response=ReportOut, errors=_MINE)
def update_report(ctx: Ctx, report_id: int, body: ReportUpdate) -> ReportOut:
    """Rename a draft or rejected report, or change its purpose."""
    changes = body.model_dump(exclude_unset=True)
    return report_out_by_id(ctx.db, reports.update_report(ctx, report_id, changes).id)


@api.delete("/reports/<int:report_id>", status=204, errors=(403, 404, 409))
def delete_report(ctx: Ctx, report_id: int) -> None:
    """Delete a draft report with its items and receipts."""
    reports.delete_report(ctx, report_id)


@api.post("/reports/<int:report_id>/items", response=ItemOut, status=201, errors=_MINE)
def add_item(ctx: Ctx, report_id: int, body: ItemCreate) -> ItemOut:
    """Add an expense to a draft or rejected report; it is converted to the base currency at
    the fixed rate and flagged when above its category's limit."""
    item = reports.add_item(ctx, report_id, reports.ItemFields(**body.model_dump()))
    return item_out_by_id(ctx.db, item.id)


@api.patch("/reports/<int:report_id>/items/<int:item_id>", response=ItemOut, errors=_MINE)
def update_item(ctx: Ctx, report_id: int, item_id: int, body: ItemUpdate) -> ItemOut:
    """Change some fields of an item (amount and flags are recomputed)."""
    item = reports.update_item(ctx, report_id, item_id, body.model_dump(exclude_unset=True))
    return item_out_by_id(ctx.db, item.id)


@api.delete("/reports/<int:report_id>/items/<int:item_id>", status=204, errors=(403, 404, 409))
def delete_item(ctx: Ctx, report_id: int, item_id: int) -> None:
    """Remove an item and its receipts from a draft or rejected report."""
    reports.delete_item(ctx, report_id, item_id)


@api.post(
    "/reports/<int:report_id>/items/<int:item_id>/receipts",
    response=ReceiptOut,
    status=201,
    errors=_MINE,
)
def add_receipt(ctx: Ctx, report_id: int, item_id: int, body: ReceiptCreate) -> ReceiptOut:
    """Attach a receipt (a file, base64-encoded, at most 5 MiB) to an item: a PNG, JPEG, GIF or
    WebP picture, a PDF or plain text, judged by the file's content (anything else is refused
    with 422), and stored with the type its content shows."""
    raw = decode_receipt(body)
    receipt = reports.add_receipt(ctx, report_id, item_id, body.filename, raw)
    return ReceiptOut.model_validate(receipt_fields(reports.receipt_row(ctx.db, receipt.id)))


@api.get("/reports/<int:report_id>/items/<int:item_id>/receipts/<int:receipt_id>",
         response=FileDownload, errors=(403, 404))  # fmt: skip
def download_receipt(ctx: Ctx, report_id: int, item_id: int, receipt_id: int) -> FileDownload:
    """The receipt file itself."""
    return receipt_file(ctx, report_id, item_id, receipt_id)


def receipt_file(ctx: Ctx, report_id: int, item_id: int, receipt_id: int) -> FileDownload:
    """The receipt file ``download_receipt`` answers (also the web UI's receipt links)."""
    receipt = reports.receipt_of(ctx, report_id, item_id, receipt_id)
    return FileDownload(
        base64.b64decode(receipt.content_base64), receipt.content_type, receipt.filename
    )


@api.delete("/reports/<int:report_id>/items/<int:item_id>/receipts/<int:receipt_id>",
            status=204, errors=(403, 404, 409))  # fmt: skip
def delete_receipt(ctx: Ctx, report_id: int, item_id: int, receipt_id: int) -> None:
    """Remove a receipt from an item of a draft or rejected report."""
    reports.delete_receipt(ctx, report_id, item_id, receipt_id)


# --- Workflow --------------------------------------------------------------------------------


@api.post("/reports/<int:report_id>/submit", response=ReportOut, errors=(403, 404, 409))
def submit_report(ctx: Ctx, report_id: int) -> ReportOut:
    """Submit for approval: needs at least one item and a receipt on every item above the
    receipt threshold; over-limit items stay flagged for the approver."""
    return report_out_by_id(ctx.db, reports.submit_report(ctx, report_id).id)


@api.post("/reports/<int:report_id>/recall", response=ReportOut, errors=(403, 404, 409))
def recall_report(ctx: Ctx, report_id: int) -> ReportOut:
    """Take a submitted report back to draft (before it is reviewed)."""
    return report_out_by_id(ctx.db, reports.recall_report(ctx, report_id).id)


@api.post(
    "/reports/<int:report_id>/approve", response=ReportOut, errors=(403, 404, 409), destructive=True
)
def approve_report(ctx: Ctx, report_id: int, body: ApproveRequest) -> ReportOut:
    """Approve a submitted report of someone else (approvers only); mails the owner."""
    report = reports.approve_report(ctx, report_id, body.note)
    return report_out_by_id(ctx.db, report.id)


@api.post(
    "/reports/<int:report_id>/reject", response=ReportOut, errors=(403, 404, 409), destructive=True
)
def reject_report(ctx: Ctx, report_id: int, body: RejectRequest) -> ReportOut:
    """Reject a submitted report with a reason (approvers only); the owner may fix and
    resubmit it; mails the owner."""
    report = reports.reject_report(ctx, report_id, body.reason)
    return report_out_by_id(ctx.db, report.id)


@api.post(
    "/reports/<int:report_id>/reimburse",
    response=ReportOut,
    errors=(403, 404, 409),
    destructive=True,
)
def reimburse_report(ctx: Ctx, report_id: int, body: ReimburseRequest) -> ReportOut:
    """Pay an approved report (finance only); it can no longer change; mails the owner."""
    report = reports.reimburse_report(ctx, report_id, body.reference)
    return report_out_by_id(ctx.db, report.id)


@api.get("/export.csv", response=FileDownload, errors=(403, 404))
def export_csv(ctx: Ctx, query: ExportQuery) -> FileDownload:
    """The items of the caller's reports (or the team's, or one report) as CSV, one line per
    item with the original and the base-currency amount."""
    return export_file(ctx, query)


def export_file(ctx: Ctx, q: ExportQuery) -> FileDownload:
    """The CSV file ``export_csv`` answers (also the web UI's export links)."""
    if q.report:
        chosen = [reports.report_by_code(ctx, q.report)]
    else:
        chosen, _ = reports.list_reports(
            ctx, reports.ReportFilter(q.scope, q.status), Window(per_page=export.EXPORT_LIMIT)
        )
    name = q.report or f"expenses-{q.scope}"
    return FileDownload(export.export_csv(ctx, chosen), "text/csv", f"{name}.csv")
