"""The expense web UI: my reports (search, find by code, CSV export), a report with its items
and receipts (edit the report, edit an item on its own page, download or remove a receipt),
the review queue, and the company policy (receipt threshold, category limits, currency rates).
Every action calls the same rules (``reports``, ``policy``) as the JSON API."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, flash, redirect, request, url_for
from pydantic import ValidationError

from mock_services.core.base.errors import ApiError, Forbidden, NotFound, ValidationFailed
from mock_services.core.data.audit import OperationChoice
from mock_services.core.data.paging import Window
from mock_services.core.spec.api import Ctx
from mock_services.core.web.forms import FormInvalid, back_to, read_form
from mock_services.core.web.ui import page, render
from mock_services.core.web.wording import day_words
from mock_services.expense import policy, reports
from mock_services.expense.api import (
    export_file,
    receipt_file,
    report_out,
    report_summaries,
)
from mock_services.expense.models import EDITABLE_STATUSES, REPORT_STATUSES
from mock_services.expense.receipt_files import ReceiptRefused
from mock_services.expense.receipt_picture import receipt_svg
from mock_services.expense.schemas import (
    ApproveRequest,
    ExportQuery,
    ItemCreate,
    ItemUpdate,
    ReimburseRequest,
    RejectRequest,
    ReportCreate,
    ReportUpdate,
)

ui = Blueprint("expense_ui", __name__, template_folder="templates")
_PAGE = 50
_PREVIEW = 20_000
"""How much of a text receipt its page shows (the download has all of it)."""


CATEGORY_ICONS = {
    "airfare": "plane",
    "lodging": "building",
    "meals": "star",
    "ground-transport": "truck",
    "client-entertainment": "users",
    "conference-fees": "calendar",
    "office-supplies": "box",
    "software": "grid",
}
"""The icon beside each category's name (other categories: a receipt), as Expensify shows one."""


def _back(report_id: int) -> Any:
    """A 303 to the page the form names in its ``back`` field (a page of this site, as the
    review queue's row actions send), else to the report's page."""
    return back_to(url_for("expense_ui.report_page", report_id=report_id))


def _item_counts(ctx: Ctx, report_ids: list[int]) -> dict[int, tuple[int, int]]:
    """(expenses, expenses over their limit) of each listed report, in one query."""
    if not report_ids:
        return {}
    marks = ",".join("?" * len(report_ids))
    rows = ctx.db.all(
        "SELECT report_id, COUNT(*) AS n, SUM(over_limit) AS flagged FROM items "
        f"WHERE report_id IN ({marks}) GROUP BY report_id",
        tuple(report_ids),
    )
    return {row["report_id"]: (row["n"], row["flagged"] or 0) for row in rows}


def _words(name: str) -> str | None:
    """A search field of the filter form (blank: no filter)."""
    return (request.args.get(name) or "").strip()[:200] or None


@page(ui, "/", shows=("list_reports", "get_me"))
def reports_page(ctx: Ctx) -> Any:
    status = request.args.get("status") or None
    wanted = reports.ReportFilter(
        "mine", status if status in REPORT_STATUSES else None, _words("q")
    )
    rows, total = reports.list_reports(ctx, wanted, Window(per_page=_PAGE))
    return render(
        "expense/reports.html",
        ctx,
        heading="My reports",
        reports=report_summaries(ctx.db, rows),
        counts=_item_counts(ctx, [row.id for row in rows]),
        total=total,
        status=wanted.status,
        statuses=REPORT_STATUSES,
        scope="mine",
        q=wanted.q,
        me=ctx.user,
    )


@page(ui, "/review", shows=("list_reports",))
def review_page(ctx: Ctx) -> Any:
    default = "approved" if ctx.user.role == "finance" else "submitted"
    status = request.args.get("status", default)
    wanted = reports.ReportFilter(
        "team", status if status in REPORT_STATUSES else None, _words("q"), _words("owner")
    )
    rows, total = reports.list_reports(ctx, wanted, Window(per_page=_PAGE))
    return render(
        "expense/reports.html",
        ctx,
        heading="Team reports",
        reports=report_summaries(ctx.db, rows),
        counts=_item_counts(ctx, [row.id for row in rows]),
        total=total,
        status=wanted.status,
        statuses=REPORT_STATUSES,
        scope="team",
        q=wanted.q,
        owner=wanted.owner,
    )


@page(ui, "/reports", methods=("POST",), operation="create_report")
def create_report(ctx: Ctx) -> Any:
    body = read_form(ReportCreate)
    report = reports.create_report(ctx, body.title, body.purpose)
    flash(f"Draft {report.code} created.", "ok")
    return _back(report.id)


@page(ui, "/reports/find", shows=("get_report_by_code",))
def find_report(ctx: Ctx) -> Any:
    """A report by its code (EXP-1001): its page, or this page saying why not."""
    code = (request.args.get("code") or "").strip().upper()
    problem = ""
    if code:
        try:
            report_id = reports.report_id_by_code(ctx, code)
            reports.visible_report_row(ctx, report_id)
        except ApiError as exc:
            problem = exc.message
        else:
            return redirect(url_for("expense_ui.report_page", report_id=report_id), 303)
    return render("expense/find.html", ctx, code=code, problem=problem)


@page(ui, "/policy", shows=("get_policy", "list_categories", "list_currencies"))
def policy_page(ctx: Ctx) -> Any:
    return render(
        "expense/policy.html",
        ctx,
        policy=policy.company(ctx.session),
        categories=policy.categories(ctx.session),
        currencies=policy.currencies(ctx.session),
    )


@page(ui, "/export", shows=("export_csv",))
def export_options(ctx: Ctx) -> Any:
    """The CSV export's choices (whose reports, which status, or one report by code)."""
    return render(
        "expense/export.html",
        ctx,
        statuses=REPORT_STATUSES,
        team=ctx.user.role in ("approver", "finance"),
    )


@page(ui, "/export.csv", shows=("export_csv",))
def export_page(ctx: Ctx) -> Any:
    """The CSV export as the API makes it (``scope``, ``status``, ``report``)."""
    given = {key: value for key, value in request.args.items() if value.strip()}
    try:
        query = ExportQuery.model_validate(given)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "query"
        raise ValidationFailed(f"invalid export choice {where}: {first['msg']}") from None
    return export_file(ctx, query).response(200)


@page(ui, "/reports/<code>", shows=("get_report",))
def report_by_code_page(ctx: Ctx, code: str) -> Any:
    """A report's address by the code every page shows (``/reports/EXP-1017``), as the
    invoice and ticket pages of the house take theirs: its page (an unknown code is the
    API's own 404)."""
    try:
        found = reports.report_id_by_code(ctx, code.upper())
    except NotFound:
        raise NotFound(f"There is no report {code.upper()}; My reports lists yours.") from None
    return redirect(url_for("expense_ui.report_page", report_id=found), 302)


def _report_row_for_page(ctx: Ctx, report_id: int) -> Any:
    """``visible_report_row`` in the words of the pages: a report by the code they show and
    the nav's "My reports", not by its row number or the API's routes."""
    try:
        return reports.visible_report_row(ctx, report_id)
    except NotFound:
        raise NotFound("There is no such report; My reports lists yours.") from None
    except Forbidden:
        row = ctx.db.one("SELECT code FROM reports WHERE id = ?", (report_id,))
        code = row["code"] if row is not None else report_id
        raise Forbidden(
            f"Report {code} belongs to another person and is not yours to open; "
            "My reports lists yours."
        ) from None


@page(ui, "/reports/<int:report_id>", shows=("get_report",))
def report_page(ctx: Ctx, report_id: int) -> Any:
    report = report_out(ctx.db, _report_row_for_page(ctx, report_id))
    return render(
        "expense/report.html",
        ctx,
        report=report,
        mine=report.owner.username == ctx.user.username,
        editable=report.status in EDITABLE_STATUSES,
        categories=(categories := policy.categories(ctx.session)),
        category_names={c.slug: c.name for c in categories},
        category_icons=CATEGORY_ICONS,
        currencies=policy.currencies(ctx.session),
        policy=policy.company(ctx.session),
        today=ctx.today.isoformat(),
    )


@page(ui, "/reports/<int:report_id>/edit", methods=("POST",), operation="update_report")
def edit_report(ctx: Ctx, report_id: int) -> Any:
    body = read_form(ReportUpdate, keep_blank=("title", "purpose"))
    report = reports.update_report(ctx, report_id, body.model_dump(exclude_unset=True))
    flash(f"Report {report.code} saved.", "ok")
    return _back(report_id)


@page(ui, "/reports/<int:report_id>/items/<int:item_id>")
def item_page(ctx: Ctx, report_id: int, item_id: int) -> Any:
    """An expense of a report with its edit form (while the report may change)."""
    report = report_out(ctx.db, reports.visible_report_row(ctx, report_id))
    item = next((i for i in report.items if i.id == item_id), None)
    if item is None:
        raise NotFound(f"report {report.code} has no item {item_id}")
    return render(
        "expense/item.html",
        ctx,
        report=report,
        item=item,
        mine=report.owner.username == ctx.user.username,
        editable=report.status in EDITABLE_STATUSES,
        categories=(categories := policy.categories(ctx.session)),
        category_names={c.slug: c.name for c in categories},
        category_icons=CATEGORY_ICONS,
        currencies=policy.currencies(ctx.session),
        policy=policy.company(ctx.session),
        today=ctx.today.isoformat(),
    )


@page(
    ui,
    "/reports/<int:report_id>/items/<int:item_id>/edit",
    methods=("POST",),
    operation="update_item",
)
def edit_item(ctx: Ctx, report_id: int, item_id: int) -> Any:
    fields = ("spent_on", "merchant", "description", "category", "amount", "currency")
    body = read_form(ItemUpdate, keep_blank=fields)
    item = reports.update_item(ctx, report_id, item_id, body.model_dump(exclude_unset=True))
    flash(f"Saved {item.merchant}." + (" Over the policy limit!" if item.over_limit else ""), "ok")
    return _back(report_id)


@page(
    ui,
    "/reports/<int:report_id>/items/<int:item_id>/receipts/<int:receipt_id>",
    shows=("download_receipt",),
)
def receipt_page(ctx: Ctx, report_id: int, item_id: int, receipt_id: int) -> Any:
    """A receipt shown (a text or an image in the page, a PDF embedded) with its download."""
    report = report_out(ctx.db, reports.visible_report_row(ctx, report_id))
    file = receipt_file(ctx, report_id, item_id, receipt_id)
    item = next(i for i in report.items if i.id == item_id)
    receipt = next(r for r in item.receipts if r.id == receipt_id)
    text = None
    if file.media_type.startswith("text/"):
        text = file.content[:_PREVIEW].decode("utf-8", errors="replace")
    return render(
        "expense/receipt.html",
        ctx,
        report=report,
        item=item,
        receipt=receipt,
        text=text,
        mine=report.owner.username == ctx.user.username,
        editable=report.status in EDITABLE_STATUSES,
    )


@page(
    ui,
    "/reports/<int:report_id>/items/<int:item_id>/receipts/<int:receipt_id>/file",
    shows=("download_receipt",),
)
def receipt_download(ctx: Ctx, report_id: int, item_id: int, receipt_id: int) -> Any:
    """The receipt file itself, as the API gives it."""
    return receipt_file(ctx, report_id, item_id, receipt_id).response(200)


@page(
    ui,
    "/reports/<int:report_id>/items/<int:item_id>/receipts/<int:receipt_id>/picture.svg",
    shows=("download_receipt",),
)
def receipt_picture(ctx: Ctx, report_id: int, item_id: int, receipt_id: int) -> Any:
    """A text receipt drawn as a paper slip (SVG), for its page and the report's thumbnails."""
    file = receipt_file(ctx, report_id, item_id, receipt_id)
    if not file.media_type.startswith("text/"):
        raise NotFound("only a text receipt is drawn; open or download the file itself")
    text = file.content[:_PREVIEW].decode("utf-8", errors="replace")
    return Response(
        receipt_svg(text, file.filename),
        mimetype="image/svg+xml",
        headers={"Cache-Control": "private, max-age=300"},
    )


@page(
    ui,
    "/reports/<int:report_id>/items/<int:item_id>/receipts/<int:receipt_id>/delete",
    methods=("POST",),
    operation="delete_receipt",
)
def delete_receipt(ctx: Ctx, report_id: int, item_id: int, receipt_id: int) -> Any:
    report, item = reports.editable_item(ctx, report_id, item_id)
    filename = reports.receipt_of(ctx, report_id, item_id, receipt_id).filename
    named = f"{item.merchant} in {report.code} ('{report.title}')"
    reports.delete_receipt(ctx, report_id, item_id, receipt_id)
    flash(f"Removed the receipt {filename} from {named}.", "ok")
    return _back(report_id)


@page(ui, "/reports/<int:report_id>/items", methods=("POST",), operation="add_item")
def add_item(ctx: Ctx, report_id: int) -> Any:
    body = read_form(ItemCreate)
    item = reports.add_item(ctx, report_id, reports.ItemFields(**body.model_dump()))
    flash(f"Added {item.merchant}." + (" Over the policy limit!" if item.over_limit else ""), "ok")
    return _back(report_id)


@page(
    ui,
    "/reports/<int:report_id>/items/<int:item_id>/delete",
    methods=("POST",),
    operation="delete_item",
)
def delete_item(ctx: Ctx, report_id: int, item_id: int) -> Any:
    report, item = reports.editable_item(ctx, report_id, item_id)
    named = f"{item.merchant} on {day_words(item.spent_on, ctx.today)}"
    where = f"{report.code} ('{report.title}')"
    reports.delete_item(ctx, report_id, item_id)
    flash(f"Removed {named} from {where}.", "ok")
    return _back(report_id)


@page(
    ui,
    "/reports/<int:report_id>/items/<int:item_id>/receipts",
    methods=("POST",),
    operation="add_receipt",
)
def add_receipt(ctx: Ctx, report_id: int, item_id: int) -> Any:
    upload = request.files.get("receipt")
    if upload is None or not upload.filename:
        raise FormInvalid.field("receipt", "choose a receipt file to upload")
    try:
        reports.add_receipt(ctx, report_id, item_id, upload.filename, upload.read())
    except ReceiptRefused as refused:
        raise FormInvalid.field("receipt", refused.reason) from None
    report, item = reports.editable_item(ctx, report_id, item_id)
    named = f"{item.merchant}, {day_words(item.spent_on, ctx.today)}, in {report.code}"
    flash(f"Attached {upload.filename} to {named}.", "ok")
    return _back(report_id)


@page(
    ui,
    "/reports/<int:report_id>/<action>",
    methods=("POST",),
    operation=OperationChoice(
        "action",
        {
            "submit": "submit_report",
            "recall": "recall_report",
            "approve": "approve_report",
            "reject": "reject_report",
            "reimburse": "reimburse_report",
            "delete": "delete_report",
        },
    ),
)
def report_action(ctx: Ctx, report_id: int, action: str) -> Any:
    if action == "submit":
        report = reports.submit_report(ctx, report_id)
    elif action == "recall":
        report = reports.recall_report(ctx, report_id)
    elif action == "approve":
        report = reports.approve_report(ctx, report_id, read_form(ApproveRequest).note)
    elif action == "reject":
        report = reports.reject_report(ctx, report_id, read_form(RejectRequest).reason)
    elif action == "reimburse":
        reference = read_form(ReimburseRequest).reference
        report = reports.reimburse_report(ctx, report_id, reference)
    elif action == "delete":
        draft = reports.visible_report(ctx, report_id)
        named = f"{draft.code} ('{draft.title}')"
        reports.delete_report(ctx, report_id)
        flash(f"Deleted the draft report {named}.", "ok")
        return redirect(url_for("expense_ui.reports_page"), 303)
    else:
        raise ValidationFailed(f"unknown action {action!r}")
    flash(f"Report {report.code} is {report.status}.", "ok")
    return _back(report_id)
