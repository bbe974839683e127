"""The expense web UI: my reports, a report with its items and receipts, the review queue.
Every action calls the same rules (``reports``, ``policy``) as the JSON API."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, request, url_for

from mock_services.core.base.errors import ValidationFailed
from mock_services.core.data.audit import OperationChoice
from mock_services.core.data.paging import Window
from mock_services.core.spec.api import Ctx
from mock_services.core.web.forms import FormInvalid, read_form
from mock_services.core.web.ui import page, render
from mock_services.expense import policy, reports
from mock_services.expense.api import report_out, report_summaries
from mock_services.expense.models import EDITABLE_STATUSES, REPORT_STATUSES
from mock_services.expense.schemas import (
    ApproveRequest,
    ItemCreate,
    ReimburseRequest,
    RejectRequest,
    ReportCreate,
)

ui = Blueprint("expense_ui", __name__, template_folder="templates")
_PAGE = 50


def _back(report_id: int) -> Any:
    return redirect(url_for("expense_ui.report_page", report_id=report_id), 303)


@page(ui, "/")
def reports_page(ctx: Ctx) -> Any:
    status = request.args.get("status") or None
    wanted = reports.ReportFilter("mine", status if status in REPORT_STATUSES else None)
    rows, total = reports.list_reports(ctx, wanted, Window(per_page=_PAGE))
    return render(
        "expense/reports.html",
        ctx,
        heading="My reports",
        reports=report_summaries(ctx.db, rows),
        total=total,
        status=wanted.status,
        statuses=REPORT_STATUSES,
        scope="mine",
    )


@page(ui, "/review")
def review_page(ctx: Ctx) -> Any:
    default = "approved" if ctx.user.role == "finance" else "submitted"
    status = request.args.get("status", default)
    wanted = reports.ReportFilter("team", status if status in REPORT_STATUSES else None)
    rows, total = reports.list_reports(ctx, wanted, Window(per_page=_PAGE))
    return render(
        "expense/reports.html",
        ctx,
        heading="Team reports",
        reports=report_summaries(ctx.db, rows),
        total=total,
        status=wanted.status,
        statuses=REPORT_STATUSES,
        scope="team",
    )


@page(ui, "/reports", methods=("POST",), operation="create_report")
def create_report(ctx: Ctx) -> Any:
    body = read_form(ReportCreate)
    report = reports.create_report(ctx, body.title, body.purpose)
    flash(f"Draft {report.code} created.", "ok")
    return _back(report.id)


@page(ui, "/reports/<int:report_id>")
def report_page(ctx: Ctx, report_id: int) -> Any:
    report = report_out(ctx.db, reports.visible_report_row(ctx, report_id))
    return render(
        "expense/report.html",
        ctx,
        report=report,
        mine=report.owner.username == ctx.user.username,
        editable=report.status in EDITABLE_STATUSES,
        categories=policy.categories(ctx.session),
        currencies=policy.currencies(ctx.session),
        policy=policy.company(ctx.session),
        today=ctx.now.astimezone(ctx.runtime.clock.tz).date().isoformat(),
    )


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
    reports.delete_item(ctx, report_id, item_id)
    flash("Item removed.", "ok")
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
    content_type = upload.mimetype or "application/octet-stream"
    reports.add_receipt(ctx, report_id, item_id, upload.filename, content_type, upload.read())
    flash(f"Receipt {upload.filename} attached.", "ok")
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
        reports.delete_report(ctx, report_id)
        flash("Draft deleted.", "ok")
        return redirect(url_for("expense_ui.reports_page"), 303)
    else:
        raise ValidationFailed(f"unknown action {action!r}")
    flash(f"Report {report.code} is {report.status}.", "ok")
    return _back(report_id)
