"""The webmail UI: mailbox list at '/', message view, compose; same rules as the API."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, request, url_for

from mock_services.core.base.errors import ValidationFailed
from mock_services.core.data.audit import OperationChoice, page_value
from mock_services.core.data.paging import Window
from mock_services.core.spec.api import Ctx
from mock_services.core.web.forms import read_form
from mock_services.core.web.ui import page, render
from mock_services.email import folders, labels, mailer, messages
from mock_services.email.models import Message
from mock_services.email.schemas import LabelRef, MoveRequest, SendRequest

ui = Blueprint("email_ui", __name__, template_folder="templates")
PER_PAGE = 25


def _sidebar(ctx: Ctx) -> dict[str, Any]:
    return {
        "folders": folders.folders_of(ctx),
        "counts": folders.folder_counts(ctx),
        "labels": labels.labels_of(ctx),
    }


def _int_arg(name: str, default: int) -> int:
    try:
        return max(1, int(request.args.get(name, default)))
    except ValueError:
        return default


@page(ui, "/")
def mailbox(ctx: Ctx) -> Any:
    q = request.args.get("q", "").strip()
    label = request.args.get("label", "").strip() or None
    folder = request.args.get("folder", "").strip() or (None if q or label else "inbox")
    page_no = _int_arg("page", 1)
    filters = messages.SearchFilters(folder=folder, q=q or None, label=label)
    found, total = messages.search_messages(ctx, filters, Window(page_no, PER_PAGE))
    return render(
        "email/mailbox.html",
        ctx,
        messages=found,
        total=total,
        folder=folder,
        label=label,
        q=q,
        page_no=page_no,
        pages=max(1, -(-total // PER_PAGE)),
        label_names=messages.label_names,
        **_sidebar(ctx),
    )


@page(ui, "/messages/<int:message_id>")
def message_view(ctx: Ctx, message_id: int) -> Any:
    message = messages.get_message(ctx, message_id)
    return render(
        "email/message.html",
        ctx,
        message=message,
        message_labels=messages.label_names(message),
        **_sidebar(ctx),
    )


@page(
    ui,
    "/messages/<int:message_id>/action",
    methods=("POST",),
    operation=OperationChoice(
        "action",
        {
            "read": "update_flags",
            "unread": "update_flags",
            "star": "update_flags",
            "unstar": "update_flags",
            "move": "move_message",
            "trash": "trash_message",
            "restore": "restore_message",
            "delete_forever": "delete_forever",
            "add_label": "add_label",
        },
    ),
)
def message_action(ctx: Ctx, message_id: int) -> Any:
    message = messages.get_message(ctx, message_id)
    action = request.form.get("action", "")
    back = url_for("email_ui.message_view", message_id=message_id)
    if action in ("read", "unread"):
        messages.set_flags(message, read=action == "read")
    elif action in ("star", "unstar"):
        messages.set_flags(message, starred=action == "star")
    elif action == "move":
        messages.move_message(ctx, message, read_form(MoveRequest).folder)
        flash(f"Moved to {message.folder.name}.", "ok")
    elif action == "trash":
        messages.trash_message(ctx, message)
        flash("Moved to trash.", "ok")
        return redirect(url_for("email_ui.mailbox"), 303)
    elif action == "restore":
        messages.restore_message(ctx, message)
        flash(f"Restored to {message.folder.name}.", "ok")
    elif action == "delete_forever":
        messages.delete_forever(ctx, message)
        flash("Deleted forever.", "ok")
        return redirect(url_for("email_ui.mailbox", folder="trash"), 303)
    elif action == "add_label":
        label = read_form(
            LabelRef,
            given={"name": request.form.get("label", "").strip()},
            fields={"name": "label"},
        )
        messages.add_label(ctx, message, label.name)
    else:
        raise ValidationFailed(f"unknown action {action!r}")
    return redirect(back, 303)


def _send(ctx: Ctx, mode: str, source: Message | None, mail: SendRequest) -> mailer.Sent:
    """The compose form sent as the API's operation of its mode: a reply (to all) goes to the
    recipients the reply computes, under its subject, the cc and bcc typed added; a forward
    carries the original below the note typed, with its attachments."""
    if mode in ("reply", "reply_all", "forward") and source is None:
        raise ValidationFailed(f"source: a {mode} needs the message it answers (source=ID)")
    if source is not None and mode in ("reply", "reply_all"):
        return messages.reply(
            ctx, source, body=mail.body, reply_all=mode == "reply_all", cc=mail.cc, bcc=mail.bcc
        )
    if source is not None and mode == "forward":
        return messages.forward(ctx, source, to=mail.to, cc=mail.cc, bcc=mail.bcc, body=mail.body)
    return messages.send_message(
        ctx, to=mail.to, cc=mail.cc, bcc=mail.bcc, subject=mail.subject, body=mail.body
    )


@page(
    ui,
    "/compose",
    methods=("GET", "POST"),
    operation=OperationChoice(
        "mode",
        {"reply": "reply", "reply_all": "reply_all", "forward": "forward"},
        default="send_message",
    ),
    fields={"message_id": "source"},
)
def compose(ctx: Ctx) -> Any:
    mode = page_value(request, "mode") or "new"
    source_id = page_value(request, "source") or ""
    source = messages.get_message(ctx, int(source_id)) if source_id.isdigit() else None
    if request.method == "POST":
        sent = _send(ctx, mode, source, read_form(SendRequest, verbatim=("subject", "body")))
        flash("Message sent.", "ok")
        return redirect(url_for("email_ui.message_view", message_id=sent.message.id), 303)
    values = {"to": request.args.get("to", ""), "cc": "", "subject": "", "body": ""}
    signature = f"\n\n-- \n{ctx.user.signature}" if ctx.user.signature else ""
    if source is not None and mode in ("reply", "reply_all"):
        to, cc = messages.reply_recipients(ctx.user, source, mode == "reply_all")
        values = {
            "to": ", ".join(to),
            "cc": "",
            "copied": ", ".join(cc),
            "subject": mailer.prefixed("Re:", source.subject),
            "body": f"{signature}\n\n{messages.quoted(source)}",
        }
    elif source is not None and mode == "forward":
        values = {
            "to": "",
            "cc": "",
            "subject": mailer.prefixed("Fwd:", source.subject, "Fw:"),
            "body": signature,
        }
    else:
        values["body"] = signature
    return render(
        "email/compose.html",
        ctx,
        values=values,
        mode=mode,
        source=source,
        **_sidebar(ctx),
    )
