"""The todolist's web UI: tasks by list with filters, a task page (edit, complete, subtasks,
reminders), and notes by folder with search. Every action calls the same area modules
as the JSON API and validates its form with the API's own request models."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, request, url_for

from mock_services.core.spec.api import Ctx, parse_query
from mock_services.core.web.forms import read_form
from mock_services.core.web.ui import page, render
from mock_services.todolist import access, lists, notes, reminders, tasks
from mock_services.todolist.api import note_out, task_outs
from mock_services.todolist.models import PRIORITIES
from mock_services.todolist.schemas import (
    FolderCreate,
    ListCreate,
    NoteCreate,
    NoteQuery,
    NoteUpdate,
    ReminderCreate,
    TaskCreate,
    TaskQuery,
    TaskUpdate,
)

ui = Blueprint("todolist_ui", __name__, template_folder="templates")


def _back_to_task(task_id: int) -> Any:
    return redirect(url_for("todolist_ui.task_page", task_id=task_id), 303)


@page(ui, "/")
def tasks_page(ctx: Ctx) -> Any:
    query = parse_query(TaskQuery)
    ids, total = tasks.search_tasks(ctx, query)
    list_rows = lists.lists_with_counts(ctx)
    return render(
        "todolist/tasks.html",
        ctx,
        tasks=task_outs(ctx, access.task_rows(ctx.db, ids)),
        total=total,
        query=query,
        lists=list_rows,
        pages=max(1, -(-total // query.per_page)),
        priorities=PRIORITIES,
    )


@page(ui, "/tasks", methods=("POST",), operation="create_task")
def task_create(ctx: Ctx) -> Any:
    task = tasks.create_task(ctx, read_form(TaskCreate))
    flash(f"Added {task.title!r}.", "ok")
    if task.parent_id:
        return _back_to_task(task.parent_id)
    return redirect(url_for("todolist_ui.tasks_page", list_id=task.list_id), 303)


@page(ui, "/tasks/<int:task_id>")
def task_page(ctx: Ctx, task_id: int) -> Any:
    row, role = access.visible_task_row(ctx, task_id)
    return render(
        "todolist/task.html",
        ctx,
        task=task_outs(ctx, [row])[0],
        role=role,
        lists=lists.lists_with_counts(ctx) if role == "owner" else [],
        priorities=PRIORITIES,
    )


@page(ui, "/tasks/<int:task_id>/edit", methods=("POST",), operation="update_task")
def task_edit(ctx: Ctx, task_id: int) -> Any:
    body = read_form(
        TaskUpdate,
        cleared=("due_date", "due_time", "assignee"),
        keep_blank=("notes",),
        verbatim=("notes",),
    )
    tasks.update_task(ctx, task_id, body)
    flash("Task saved.", "ok")
    return _back_to_task(task_id)


@page(ui, "/tasks/<int:task_id>/complete", methods=("POST",), operation="complete_task")
def task_complete(ctx: Ctx, task_id: int) -> Any:
    task, spawned = tasks.complete_task(ctx, task_id)
    message = f"Completed {task.title!r}."
    if spawned is not None:
        message += f" Next one due {spawned.due_date}."
    flash(message, "ok")
    back = request.form.get("back", "")
    if not back.startswith("/") or back.startswith("//"):  # only pages of this site
        back = url_for("todolist_ui.task_page", task_id=task_id)
    return redirect(back, 303)


@page(ui, "/tasks/<int:task_id>/reopen", methods=("POST",), operation="reopen_task")
def task_reopen(ctx: Ctx, task_id: int) -> Any:
    task = tasks.reopen_task(ctx, task_id)
    flash(f"Reopened {task.title!r}.", "ok")
    return _back_to_task(task_id)


@page(ui, "/tasks/<int:task_id>/delete", methods=("POST",), operation="delete_task")
def task_delete(ctx: Ctx, task_id: int) -> Any:
    tasks.delete_task(ctx, task_id)
    flash("Task deleted.", "ok")
    return redirect(url_for("todolist_ui.tasks_page"), 303)


@page(ui, "/tasks/<int:task_id>/reminders", methods=("POST",), operation="add_reminder")
def reminder_create(ctx: Ctx, task_id: int) -> Any:
    body = read_form(ReminderCreate)
    reminders.add_reminder(ctx, task_id, body.remind_at)
    flash("Reminder set.", "ok")
    return _back_to_task(task_id)


@page(ui, "/lists", methods=("POST",), operation="create_list")
def list_create(ctx: Ctx) -> Any:
    task_list = lists.create_list(ctx, read_form(ListCreate).name, None)
    flash(f"List {task_list.name!r} created.", "ok")
    return redirect(url_for("todolist_ui.tasks_page", list_id=task_list.id), 303)


@page(ui, "/reminders/dispatch", methods=("POST",), operation="dispatch_reminders")
def reminders_dispatch(ctx: Ctx) -> Any:
    sent = reminders.dispatch_reminders(ctx, ctx.user_id)
    flash(f"{len(sent)} due reminder(s) sent.", "ok")
    return redirect(url_for("todolist_ui.tasks_page"), 303)


# --- Notes -----------------------------------------------------------------------------------


@page(ui, "/notes")
def notes_page(ctx: Ctx) -> Any:
    query = parse_query(NoteQuery)
    rows, total = notes.search_notes(ctx, query)
    folders = notes.folders_with_counts(ctx)
    names = {f.id: f.name for f, _ in folders}
    return render(
        "todolist/notes.html",
        ctx,
        notes=[note_out(ctx.session, n, names) for n in rows],
        total=total,
        query=query,
        folders=folders,
    )


@page(ui, "/notes", methods=("POST",), operation="create_note")
def note_create(ctx: Ctx) -> Any:
    note = notes.create_note(ctx, read_form(NoteCreate, keep_blank=("body",), verbatim=("body",)))
    flash(f"Note {note.title!r} saved.", "ok")
    return redirect(url_for("todolist_ui.note_page", note_id=note.id), 303)


@page(ui, "/notes/<int:note_id>")
def note_page(ctx: Ctx, note_id: int) -> Any:
    note = note_out(ctx.session, notes.own_note(ctx, note_id))
    return render("todolist/note.html", ctx, note=note, folders=notes.folders_with_counts(ctx))


@page(ui, "/notes/<int:note_id>/edit", methods=("POST",), operation="update_note")
def note_edit(ctx: Ctx, note_id: int) -> Any:
    body = read_form(
        NoteUpdate,
        checkboxes=("pinned",),
        cleared=("folder_id",),
        keep_blank=("body",),
        verbatim=("body",),
    )
    notes.update_note(ctx, note_id, body)
    flash("Note saved.", "ok")
    return redirect(url_for("todolist_ui.note_page", note_id=note_id), 303)


@page(ui, "/notes/<int:note_id>/delete", methods=("POST",), operation="delete_note")
def note_delete(ctx: Ctx, note_id: int) -> Any:
    notes.delete_note(ctx, note_id)
    flash("Note deleted.", "ok")
    return redirect(url_for("todolist_ui.notes_page"), 303)


@page(ui, "/folders", methods=("POST",), operation="create_folder")
def folder_create(ctx: Ctx) -> Any:
    folder = notes.create_folder(ctx, read_form(FolderCreate).name)
    flash(f"Folder {folder.name!r} created.", "ok")
    return redirect(url_for("todolist_ui.notes_page", folder_id=folder.id), 303)
