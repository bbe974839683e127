"""The webmail UI: mailbox list at '/' (search, filters, bulk actions, empty trash), message
view with its conversation and attachments, compose and drafts, folders, labels, contacts, the
directory and account settings; same rules as the API."""

from __future__ import annotations

import base64
from collections import Counter
from datetime import datetime
from typing import Any

from flask import Blueprint, Response, flash, redirect, request, url_for
from pydantic import ValidationError
from sqlalchemy import select

from mock_services.core.base.clock import local_moment
from mock_services.core.base.errors import NotFound, ValidationFailed
from mock_services.core.data.audit import OperationChoice, page_value
from mock_services.core.data.paging import Window
from mock_services.core.spec.api import Ctx
from mock_services.core.web.forms import back_to, read_form
from mock_services.core.web.ui import page, render
from mock_services.core.web.wording import counted
from mock_services.email import (
    accounts,
    contacts,
    drafts,
    folders,
    labels,
    mailer,
    messages,
    search_syntax,
)
from mock_services.email.attachments import pdf_text
from mock_services.email.models import Attachment, Message
from mock_services.email.schemas import (
    AccountUpdate,
    BulkRequest,
    ContactCreate,
    ContactUpdate,
    DraftCreate,
    DraftUpdate,
    FolderCreate,
    FolderDeleteQuery,
    LabelCreate,
    LabelRef,
    LabelUpdate,
    MessageQuery,
    MoveRequest,
    SendRequest,
)

ui = Blueprint(
    "email_ui",
    __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path="/static/email",
)
PER_PAGE = 25


def _sidebar(ctx: Ctx) -> dict[str, Any]:
    return {
        "folders": folders.folders_of(ctx),
        "counts": folders.folder_counts(ctx),
        "labels": labels.labels_of(ctx),
        "label_unread": labels.label_unread_counts(ctx),
    }


FILTERS = ("from", "to", "unread", "starred", "has_attachment", "after", "before", "sort")
"""The mailbox's search options beyond folder, text and label (the API's list filters)."""


def _search_options() -> dict[str, str]:
    """The search options given (blank ones are "any")."""
    return {
        name: request.args[name].strip() for name in FILTERS if request.args.get(name, "").strip()
    }


def _search_query(options: dict[str, str]) -> MessageQuery:
    """The options read by the API's own query model (a refused one is the page's error)."""
    try:
        return MessageQuery.model_validate(options)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(part) for part in first["loc"]) or "search"
        raise ValidationFailed(f"search option {where}: {first['msg']}") from None


@page(ui, "/", shows=("list_messages", "list_folders", "list_labels"))
def mailbox(ctx: Ctx) -> Any:
    """A folder (``?folder=``, the inbox by default), a label or a search: the search box
    reads Gmail's operators (``from:``, ``is:unread``, ...; see ``search_syntax``), the
    search options form the same filters by name."""
    typed = request.args.get("q", "").strip()
    syntax = search_syntax.parse(typed, ctx.runtime.clock.tz)
    q = syntax.words
    label = request.args.get("label", "").strip() or syntax.label
    options = _search_options()
    query = _search_query(options)
    searching = typed or label or any(name != "sort" for name in options)
    folder = request.args.get("folder", "").strip() or syntax.folder
    folder = folder or (None if searching else "inbox")
    # the page and its size read as every paged list reads them (the API's own query model;
    # 25 rows unless the address asks otherwise, as Gmail's default page)
    asked = {k: request.args[k].strip() for k in ("page", "per_page") if request.args.get(k)}
    paging = _search_query({"per_page": str(PER_PAGE), **asked})
    page_no, per_page = paging.page, paging.per_page

    def either(chosen: Any, typed_value: Any) -> Any:
        return chosen if chosen is not None else typed_value

    filters = messages.SearchFilters(
        folder=folder,
        q=q or None,
        label=label,
        sender=either(query.from_, syntax.sender),
        recipient=either(query.to, syntax.recipient),
        subject=syntax.subject,
        unread=either(query.unread, syntax.unread),
        starred=either(query.starred, syntax.starred),
        has_attachment=either(query.has_attachment, syntax.has_attachment),
        after=either(query.after, syntax.after),
        before=either(query.before, syntax.before),
        sort=query.sort,
    )
    found, total = messages.search_messages(ctx, filters, Window(page_no, per_page))
    found = messages.with_parts(ctx, found)
    # only today's rows that share a minute with another show their seconds
    minutes = Counter(m.date.replace(second=0, microsecond=0) for m in found)
    precise = {m.date for m in found if minutes[m.date.replace(second=0, microsecond=0)] > 1}
    return render(
        "email/mailbox.html",
        ctx,
        messages=found,
        total=total,
        folder=folder,
        label=label,
        q=typed,
        options=options,
        page_no=page_no,
        per_page=per_page,
        label_names=messages.label_names,
        short_date=lambda moment: _short_date(ctx, moment, moment in precise),
        signature_block=f"\n\n-- \n{ctx.user.signature}" if ctx.user.signature else "",
        **_sidebar(ctx),
    )


def _short_date(ctx: Ctx, moment: datetime, seconds: bool = False) -> str:
    """A list row's date as Gmail writes it, in the zone of the page's "Today" line: the time
    for today's mail (with its seconds where ``seconds`` asks: a row that shares its minute), the
    day and month for this year's, the full date for older ones."""
    local, today = local_moment(moment, ctx.runtime.clock.tz), ctx.today
    if local.date() == today:
        return f"{local:{'%H:%M:%S' if seconds else '%H:%M'}}"
    if local.year == today.year:
        return f"{local.day} {local:%b}"
    return f"{local.day} {local:%b} {local.year}"


@page(ui, "/messages/bulk", methods=("POST",), operation="bulk_action")
def bulk_action(ctx: Ctx) -> Any:
    spam = request.form.get("action") == "spam"  # the toolbar's Report spam: a move to spam
    body = read_form(BulkRequest, given={"action": "move", "folder": "spam"} if spam else None)
    which = _subjects(ctx, body.ids)  # read first: "Delete forever" leaves none to read
    ids = messages.bulk(ctx, body.ids, body.action, body.folder, body.label)
    done = "Reported as spam" if spam else body.action.replace("_", " ").capitalize()
    flash(f"{done}: {counted(len(ids), 'message')}, {which}.", "ok")
    return back_to(url_for("email_ui.mailbox"))


def _subjects(ctx: Ctx, ids: list[int], most: int = 3) -> str:
    """The subjects of the caller's messages ``ids`` as a notice names them, copies counted:
    "“Offsite agenda” (3 copies) and “Lunch next week?”" (a few, then how many more)."""
    found = Counter(
        subject or "(no subject)"
        for subject in ctx.session.scalars(
            select(Message.subject).where(Message.id.in_(ids), Message.owner_id == ctx.user_id)
        )
    )
    named = [f"“{s}”" + (f" ({n} copies)" if n > 1 else "") for s, n in found.most_common(most)]
    if len(found) > most:
        named.append(f"{len(found) - most} more")
    return " and ".join(filter(None, [", ".join(named[:-1]), named[-1]])) if named else "none"


@page(ui, "/trash/empty", methods=("POST",), operation="empty_trash")
def empty_trash(ctx: Ctx) -> Any:
    deleted = messages.empty_trash(ctx)
    flash(f"Emptied the trash: {counted(deleted, 'message')} deleted forever.", "ok")
    return redirect(url_for("email_ui.mailbox", folder="trash"), 303)


@page(ui, "/messages/<int:message_id>", shows=("get_message", "list_folders", "list_labels"))
def message_view(ctx: Ctx, message_id: int) -> Any:
    message = messages.get_message(ctx, message_id)
    copies = _copies(ctx, message)
    return render(
        "email/message.html",
        ctx,
        message=message,
        copies=copies if len(copies) > 1 else [],
        message_labels=messages.label_names(message),
        thread_size=len(messages.thread_rows(ctx, message.thread_id)),
        **_sidebar(ctx),
    )


def _copies(ctx: Ctx, message: Message) -> list[int]:
    """The ids of ``message`` and the mails exactly like it in its folder (same sender, subject,
    text and time: copies a mail delivered twice left), in the mailbox's order (newest first,
    the newest id first among equal times), so the n-th is the one the list names "(n of m
    alike)"; just its own when it has none."""
    same = ctx.session.scalars(
        select(Message.id)
        .where(
            Message.owner_id == message.owner_id,
            Message.folder_id == message.folder_id,
            Message.from_address == message.from_address,
            Message.subject == message.subject,
            Message.body == message.body,
            Message.date == message.date,
        )
        .order_by(Message.id.desc())
    )
    return sorted({*same, message.id}, reverse=True)


@page(ui, "/threads/<path:thread_id>", shows=("get_thread", "list_folders", "list_labels"))
def thread_view(ctx: Ctx, thread_id: str) -> Any:
    rows = messages.thread_rows(ctx, thread_id)
    thread = [messages.get_message(ctx, row["id"]) for row in rows]
    return render(
        "email/thread.html",
        ctx,
        thread_id=thread_id,
        subject=rows[0]["subject"],
        thread=thread,
        label_names=messages.label_names,
        **_sidebar(ctx),
    )


def _attachment(ctx: Ctx, message_id: int, attachment_id: int) -> tuple[Message, Attachment]:
    message = messages.get_message(ctx, message_id)
    for att in message.attachments:
        if att.id == attachment_id:
            return message, att
    raise NotFound(f"the message “{message.subject}” has no such attachment")


@page(
    ui,
    "/messages/<int:message_id>/attachments/<int:attachment_id>",
    shows=("get_attachment", "download_attachment", "list_folders", "list_labels"),
)
def attachment_view(ctx: Ctx, message_id: int, attachment_id: int) -> Any:
    """An attachment's name, type and size with its content: text shown as text, a PDF as the
    text it shows, an image as the image, and a link that downloads the file."""
    message, att = _attachment(ctx, message_id, attachment_id)
    text = None
    if att.content_type.startswith("text/") or att.content_type in (
        "application/json",
        "application/xml",
    ):
        text = base64.b64decode(att.content_base64).decode("utf-8", errors="replace")
    elif att.content_type == "application/pdf":
        text = pdf_text(base64.b64decode(att.content_base64))
    return render(
        "email/attachment.html",
        ctx,
        message=message,
        att=att,
        text=text,
        **_sidebar(ctx),
    )


@page(
    ui,
    "/messages/<int:message_id>/attachments/<int:attachment_id>/download",
    shows=("download_attachment",),
)
def attachment_download(ctx: Ctx, message_id: int, attachment_id: int) -> Any:
    _message, att = _attachment(ctx, message_id, attachment_id)
    response = Response(base64.b64decode(att.content_base64), mimetype=att.content_type)
    response.headers.set("Content-Disposition", "attachment", filename=att.filename)
    return response


@page(
    ui,
    "/messages/<int:message_id>/labels/remove",
    methods=("POST",),
    operation="remove_label",
    fields={"name": "label"},
)
def remove_label(ctx: Ctx, message_id: int) -> Any:
    message = messages.get_message(ctx, message_id)
    label = read_form(LabelRef, names={"name": "label"})
    messages.remove_label(ctx, message, label.name)
    flash(f"Removed the label {label.name}.", "ok")
    return redirect(url_for("email_ui.message_view", message_id=message_id), 303)


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
    if action == "read":
        messages.set_flags(message, read=True)
    elif action == "unread":  # back to the list, as Gmail does: opened again it would be read
        messages.set_flags(message, read=False)
        flash(f"Marked “{message.subject or '(no subject)'}” as unread.", "ok")
        return redirect(url_for("email_ui.mailbox", folder=message.folder.name), 303)
    elif action in ("star", "unstar"):
        messages.set_flags(message, starred=action == "star")
    elif action == "move":
        messages.move_message(ctx, message, read_form(MoveRequest).folder)
        flash(f"Moved “{message.subject or '(no subject)'}” to {message.folder.name}.", "ok")
    elif action == "trash":
        messages.trash_message(ctx, message)
        flash(f"Moved “{message.subject or '(no subject)'}” to trash.", "ok")
        return redirect(url_for("email_ui.mailbox"), 303)
    elif action == "restore":
        messages.restore_message(ctx, message)
        flash(f"Restored “{message.subject or '(no subject)'}” to {message.folder.name}.", "ok")
    elif action == "delete_forever":
        subject = message.subject or "(no subject)"
        messages.delete_forever(ctx, message)
        flash(f"Deleted “{subject}” forever.", "ok")
        return redirect(url_for("email_ui.mailbox", folder="trash"), 303)
    elif action == "add_label":
        label = read_form(LabelRef, names={"name": "label"})
        messages.add_label(ctx, message, label.name)
    else:
        raise ValidationFailed(f"unknown action {action!r}")
    return redirect(back, 303)


def _send(ctx: Ctx, mode: str, source: Message | None, mail: SendRequest) -> mailer.Sent:
    """The compose form sent as the API's operation of its mode: a reply (to all) goes to the
    recipients the reply computes, under its subject, the cc and bcc typed added; a forward
    carries the original below the note typed, with its attachments."""
    if mode in ("reply", "reply_all", "forward") and source is None:
        said = {"reply": "a reply", "reply_all": "a reply to all", "forward": "a forward"}[mode]
        raise ValidationFailed(
            f"source: {said} needs the message it answers; open that message and use its button"
        )
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
    shows=("get_message",),  # a reply's form quotes the message it answers
)
def compose(ctx: Ctx) -> Any:
    mode = page_value(request, "mode") or "new"
    source_id = page_value(request, "source") or ""
    source = messages.get_message(ctx, int(source_id)) if source_id.isdigit() else None
    if request.method == "POST":
        sent = _send(ctx, mode, source, read_form(SendRequest, verbatim=("subject", "body")))
        mail = sent.message
        whom = ", ".join([*mail.to_addresses, *mail.cc_addresses, *mail.bcc_addresses])
        flash(f"Message sent to {whom}: “{mail.subject or '(no subject)'}”.", "ok")
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
            "body": f"{signature}\n\n{messages.quoted(source, ctx.runtime.clock.tz)}",
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


# --- drafts -----------------------------------------------------------------------------------

DRAFT_TEXT = ("subject", "body")


def _subject(ctx: Ctx, message_id: int) -> str:
    """A message's subject as a notice names it ("(no subject)" for none)."""
    return messages.get_message(ctx, message_id).subject or "(no subject)"


@page(ui, "/drafts/new")
def draft_new(ctx: Ctx) -> Any:
    return render("email/draft_new.html", ctx, folder="drafts", **_sidebar(ctx))


@page(ui, "/drafts", methods=("POST",), operation="create_draft")
def draft_create(ctx: Ctx) -> Any:
    b = read_form(DraftCreate, verbatim=DRAFT_TEXT)
    draft = drafts.create_draft(ctx, to=b.to, cc=b.cc, bcc=b.bcc, subject=b.subject, body=b.body)
    flash(f"Saved the draft “{draft.subject or '(no subject)'}”.", "ok")
    return redirect(url_for("email_ui.message_view", message_id=draft.id), 303)


@page(ui, "/drafts/<int:message_id>/edit", methods=("POST",), operation="update_draft")
def draft_edit(ctx: Ctx, message_id: int) -> Any:
    body = read_form(DraftUpdate, verbatim=DRAFT_TEXT, keep_blank=DRAFT_TEXT)
    drafts.update_draft(ctx, message_id, body.model_dump(include=body.model_fields_set))
    flash(f"Saved the draft “{_subject(ctx, message_id)}”.", "ok")
    return redirect(url_for("email_ui.message_view", message_id=message_id), 303)


@page(ui, "/drafts/<int:message_id>/send", methods=("POST",), operation="send_draft")
def draft_send(ctx: Ctx, message_id: int) -> Any:
    drafts.send_draft(ctx, message_id)
    flash(f"Sent “{_subject(ctx, message_id)}”.", "ok")
    return redirect(url_for("email_ui.message_view", message_id=message_id), 303)


@page(ui, "/drafts/<int:message_id>/delete", methods=("POST",), operation="delete_draft")
def draft_delete(ctx: Ctx, message_id: int) -> Any:
    subject = _subject(ctx, message_id)
    drafts.delete_draft(ctx, message_id)
    flash(f"Discarded the draft “{subject}”.", "ok")
    return redirect(url_for("email_ui.mailbox", folder="drafts"), 303)


# --- folders and labels -----------------------------------------------------------------------


@page(ui, "/folders", shows=("list_folders", "list_labels"))
def folders_page(ctx: Ctx) -> Any:
    return render("email/folders.html", ctx, **_sidebar(ctx))


@page(ui, "/folders", methods=("POST",), operation="create_folder")
def folder_create(ctx: Ctx) -> Any:
    folder = folders.create_folder(ctx, read_form(FolderCreate).name)
    flash(f"Created the folder {folder.name}.", "ok")
    return redirect(url_for("email_ui.folders_page"), 303)


@page(ui, "/folders/<int:folder_id>/rename", methods=("POST",), operation="rename_folder")
def folder_rename(ctx: Ctx, folder_id: int) -> Any:
    folder = folders.rename_folder(ctx, folder_id, read_form(FolderCreate).name)
    flash(f"Renamed the folder to {folder.name}.", "ok")
    return redirect(url_for("email_ui.folders_page"), 303)


@page(ui, "/folders/<int:folder_id>/delete", methods=("POST",), operation="delete_folder")
def folder_delete(ctx: Ctx, folder_id: int) -> Any:
    name = folders.get_folder(ctx, folder_id).name
    move = read_form(FolderDeleteQuery, checkboxes=("move_messages_to_inbox",))
    folders.delete_folder(ctx, folder_id, move.move_messages_to_inbox)
    flash(f"Deleted the folder {name}.", "ok")
    return redirect(url_for("email_ui.folders_page"), 303)


@page(ui, "/labels", shows=("list_labels", "list_folders"))
def labels_page(ctx: Ctx) -> Any:
    return render("email/labels.html", ctx, label_counts=labels.label_counts(ctx), **_sidebar(ctx))


@page(ui, "/labels", methods=("POST",), operation="create_label")
def label_create(ctx: Ctx) -> Any:
    body = read_form(LabelCreate)
    label = labels.create_label(ctx, body.name, body.color)
    flash(f"Created the label {label.name}.", "ok")
    return redirect(url_for("email_ui.labels_page"), 303)


@page(ui, "/labels/<int:label_id>/edit", methods=("POST",), operation="update_label")
def label_edit(ctx: Ctx, label_id: int) -> Any:
    body = read_form(LabelUpdate, keep_blank=("name",), cleared=("color",))
    label = labels.update_label(ctx, label_id, body.model_dump(include=body.model_fields_set))
    flash(f"Saved the label {label.name}.", "ok")
    return redirect(url_for("email_ui.labels_page"), 303)


@page(ui, "/labels/<int:label_id>/delete", methods=("POST",), operation="delete_label")
def label_delete(ctx: Ctx, label_id: int) -> Any:
    name = labels.get_label(ctx, label_id).name
    labels.delete_label(ctx, label_id)
    flash(f"Deleted the label {name}.", "ok")
    return redirect(url_for("email_ui.labels_page"), 303)


# --- contacts, directory, account -------------------------------------------------------------

CONTACT_OPTIONAL = ("phone", "company", "notes")


@page(ui, "/contacts", shows=("list_contacts", "list_folders", "list_labels"))
def contacts_page(ctx: Ctx) -> Any:
    q = request.args.get("q", "").strip()
    found = contacts.search_contacts(ctx, q or None)
    return render("email/contacts.html", ctx, contacts=found, q=q, **_sidebar(ctx))


@page(ui, "/contacts", methods=("POST",), operation="create_contact")
def contact_create(ctx: Ctx) -> Any:
    contact = contacts.create_contact(
        ctx, read_form(ContactCreate, verbatim=("notes",)).model_dump()
    )
    flash(f"Added {contact.name} to your contacts.", "ok")
    return redirect(url_for("email_ui.contact_page", contact_id=contact.id), 303)


@page(ui, "/contacts/<int:contact_id>", shows=("get_contact", "list_folders", "list_labels"))
def contact_page(ctx: Ctx, contact_id: int) -> Any:
    contact = contacts.get_contact(ctx, contact_id)
    return render("email/contact.html", ctx, contact=contact, **_sidebar(ctx))


@page(ui, "/contacts/<int:contact_id>/edit", methods=("POST",), operation="update_contact")
def contact_edit(ctx: Ctx, contact_id: int) -> Any:
    body = read_form(
        ContactUpdate,
        keep_blank=("name", "email"),
        cleared=CONTACT_OPTIONAL,
        verbatim=("notes",),
    )
    saved = contacts.update_contact(ctx, contact_id, body.model_dump(include=body.model_fields_set))
    flash(f"Saved the contact {saved.name or saved.email}.", "ok")
    return redirect(url_for("email_ui.contact_page", contact_id=contact_id), 303)


@page(ui, "/contacts/<int:contact_id>/delete", methods=("POST",), operation="delete_contact")
def contact_delete(ctx: Ctx, contact_id: int) -> Any:
    name = contacts.get_contact(ctx, contact_id).name
    contacts.delete_contact(ctx, contact_id)
    flash(f"Removed {name} from your contacts.", "ok")
    return redirect(url_for("email_ui.contacts_page"), 303)


@page(ui, "/directory", shows=("search_directory", "list_folders", "list_labels"))
def directory_page(ctx: Ctx) -> Any:
    q = request.args.get("q", "").strip()
    people = accounts.directory(ctx.session, q)
    return render("email/directory.html", ctx, people=people, q=q, **_sidebar(ctx))


@page(ui, "/settings", shows=("get_account", "list_folders", "list_labels"))
def settings_page(ctx: Ctx) -> Any:
    return render("email/settings.html", ctx, **_sidebar(ctx))


@page(ui, "/settings", methods=("POST",), operation="update_account")
def settings_save(ctx: Ctx) -> Any:
    body = read_form(
        AccountUpdate, keep_blank=("display_name", "signature"), verbatim=("signature",)
    )
    accounts.update_account(ctx, body.model_dump(include=body.model_fields_set))
    flash("Saved your settings.", "ok")
    return redirect(url_for("email_ui.settings_page"), 303)
