"""The todolist's web UI: tasks by list with filters and tags, completed tasks (reopen), a
task page (edit, complete, subtasks, reminders), list settings (rename, recolour, delete), the
reminders page, the profile with the people tasks can be assigned to, and notes by folder
(search, rename or delete a folder). Every action calls the same area modules
as the JSON API and validates its form with the API's own request models."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any, TypeVar

from flask import Blueprint, flash, redirect, request, url_for
from markupsafe import Markup
from pydantic import BaseModel, ValidationError

from mock_services.core.base.clock import local_moment, zone
from mock_services.core.base.errors import ValidationFailed
from mock_services.core.spec.api import Ctx
from mock_services.core.web.forms import (
    FieldGroup,
    FormInvalid,
    back_to,
    form_value,
    list_items,
    read_form,
)
from mock_services.core.web.icons import icon_tag
from mock_services.core.web.ui import Choices, choices, page, render_in_zone
from mock_services.core.web.wording import counted, day_words
from mock_services.todolist import access, lists, notes, quickadd, reminders, tags, tasks, users
from mock_services.todolist.api import list_out, note_out, profile_out, reminder_out, task_outs
from mock_services.todolist.models import FREQUENCIES, PRIORITIES, Reminder, Task
from mock_services.todolist.schemas import (
    FolderCreate,
    ListCreate,
    ListUpdate,
    NoteCreate,
    NoteQuery,
    NoteUpdate,
    ProfileUpdate,
    RecurrenceOut,
    ReminderCreate,
    ReminderQuery,
    TaskCreate,
    TaskOut,
    TaskQuery,
    TaskUpdate,
)

ui = Blueprint("todolist_ui", __name__, template_folder="templates")
SORTS = (
    ("due", "Due date"),
    ("priority", "Priority"),
    ("created", "Date created"),
    ("title", "Title"),
)
"""The tasks list's orders: each value the API's ``sort`` takes, and its words on the page."""
QueryT = TypeVar("QueryT", bound=BaseModel)


def _filters(model: type[QueryT]) -> QueryT:
    """A filter form's query as the API's query model reads it: a field left blank (an "any"
    choice, an empty date) is no filter."""
    given = {
        key: value
        for key, value in request.args.items()
        if value.strip() and key in model.model_fields  # a page ignores what it does not read
    }
    try:
        return model.model_validate(given)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "query"
        raise ValidationFailed(f"invalid filter {where}: {first['msg']}") from None


def _back_to_task(task_id: int) -> Any:
    return redirect(url_for("todolist_ui.task_page", task_id=task_id), 303)


PRIORITY_LABELS = {
    "high": "High priority (P1)",
    "medium": "Medium priority (P2)",
    "low": "Low priority (P3)",
    "none": "No priority (P4)",
}
"""The priorities in the data's words, with Todoist's P1-P4 that quick add reads ("p1" in a
title), shown with the flag's colour."""


def _render(template: str, ctx: Ctx, **values: Any) -> str:
    """A page with its times in the user's own zone (their profile's), as Todoist shows them;
    its task forms offer ``zone_choices(...)``: the usual zones, the user's own (``own_zone``,
    a new task's) and the ones given (the task's)."""
    own = _own_zone(ctx)
    return render_in_zone(
        zone(own),
        template,
        ctx,
        own_zone=own,
        zone_choices=lambda *current: sorted({*ZONES, own, *filter(None, current)}),
        **values,
    )


ZONES = (
    "UTC",
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "America/Sao_Paulo",
    "Europe/London",
    "Europe/Lisbon",
    "Europe/Paris",
    "Europe/Berlin",
    "Asia/Kolkata",
    "Asia/Singapore",
    "Asia/Tokyo",
    "Australia/Sydney",
)
"""The time zones a task's form offers, with the user's own and the task's."""


def _own_zone(ctx: Ctx) -> str:
    """The user's own zone, from a plain read of their row (no ORM load for one column)."""
    return str(ctx.shown_user().timezone)


UPCOMING_DAYS = 7


def due_label(due_date: date | str | None, today: date) -> str:
    """A due day as Todoist words it: "Today", "Tomorrow", "Yesterday", a weekday within the
    coming week, else "5 Mar" ("5 Mar 2027" in another year)."""
    if not due_date:
        return ""
    day = date.fromisoformat(str(due_date))
    offset = (day - today).days
    if offset == 0:
        return "Today"
    if offset == 1:
        return "Tomorrow"
    if offset == -1:
        return "Yesterday"
    if 1 < offset < 7:
        return f"{day:%A}"
    return f"{day.day} {day:%b}" + ("" if day.year == today.year else f" {day.year}")


@dataclass(frozen=True)
class DueWords:
    """Due days in Todoist's words (``due_label``), and a timed task's due moment in the
    reader's zone: a task pinned to another zone is shown at the reader's own time (as Todoist
    shows it, and as "Sort by due" orders it), its own wall time after it."""

    reader_zone: str

    def __call__(self, due_date: date | str | None, today: date) -> str:
        return due_label(due_date, today)

    def chip(self, task: TaskOut, today: date) -> str:
        """ "Today 09:00 (15:00 Europe/Berlin)" for a task due at 15:00 in Berlin read in New
        York; "Today 14:00" in the reader's own zone; "Tomorrow" without a time."""
        if not task.due_time or not task.due or task.timezone == self.reader_zone:
            return " ".join(filter(None, (due_label(task.due_date, today), task.due_time)))
        here = local_moment(datetime.fromisoformat(task.due), zone(self.reader_zone))
        shown = f"{due_label(here.date().isoformat(), today)} {here:%H:%M}"
        return f"{shown} ({task.due_time} {task.timezone})"


_UNITS = {"daily": "day", "weekly": "week", "monthly": "month", "yearly": "year"}


def _ordinal(day: int) -> str:
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


def repeat_words(rule: RecurrenceOut, due_date: date | str | None) -> str:
    """A repeat rule as Todoist words it, from the due day it counts from: "every day",
    "every 3 days", "every Monday", "every 2 weeks on Monday", "every month on the 31st",
    "every year on 12 Mar", with "until 30 Jun 2026" where it ends."""
    unit = _UNITS[rule.freq]
    every = f"every {rule.interval} {unit}s" if rule.interval > 1 else f"every {unit}"
    day = date.fromisoformat(str(due_date)) if due_date else None
    if day is not None and rule.freq == "weekly":
        every = f"every {day:%A}" if rule.interval == 1 else f"{every} on {day:%A}"
    elif day is not None and rule.freq == "monthly":
        every += f" on the {_ordinal(day.day)}"
    elif day is not None and rule.freq == "yearly":
        every += f" on {day.day} {day:%b}"
    if rule.until is not None:
        every += f" until {rule.until.day} {rule.until:%b %Y}"
    return every


@ui.app_template_filter("repeats")
def _repeats(task: Any) -> str:
    """A task's repeat rule in words (``repeat_words``); "" for a task that does not repeat."""
    return repeat_words(task.recurrence, task.due_date) if task.recurrence else ""


@ui.app_template_global()
def repeat_choices() -> dict[str, str]:
    """The task forms' "Repeat" choices: each frequency of the API's rule, by its label."""
    return {freq: f"Every {_UNITS[freq]}" for freq in FREQUENCIES}


@ui.app_template_global()
def line_icon(name: str, fallback: str = "") -> Markup:
    """``ic(name, fallback)`` in the task views: the core's line icon ``name``, decorative
    beside its text (``fallback`` is what the text says without icons: every icon is drawn)."""
    return icon_tag(name)


REPEAT_RULE = FieldGroup(
    {"freq": "recurrence", "interval": "recurrence_interval", "until": "recurrence_until"},
    needed="freq",
)
"""The task forms' repeat controls as the API's ``recurrence`` rule: none when "Does not
repeat" is chosen (``cleared``: it clears a task's rule); nothing from a form without them."""


def _sidebar(ctx: Ctx, today: date, today_count: int | None = None) -> dict[str, Any]:
    """What every task view's sidebar shows: the lists (projects) with their open counts, the
    Today count (overdue and due today: counted here unless the page counted them) and the
    labels."""
    list_rows = lists.lists_with_counts(ctx)
    if today_count is None:
        _, today_count = tasks.search_tasks(ctx, TaskQuery(due_before=today, per_page=1))
    return {
        "lists": list_rows,
        "inbox": next((row[0] for row in list_rows if row[0].name == lists.INBOX), None),
        "inbox_listed": any(row[0].name == lists.INBOX for row in list_rows),
        "today_count": today_count,
        "tags": tags.tag_counts(ctx),
        "users": _user_names(ctx),  # the new-task form's assignees and the people list
        "today": today,
        "due_label": DueWords(_own_zone(ctx)),
        "priority_labels": PRIORITY_LABELS,
        "priorities": PRIORITIES,
    }


@page(ui, "/", shows=("list_tasks", "list_lists", "list_tags"))
def tasks_page(ctx: Ctx) -> Any:
    query = _filters(TaskQuery)
    ids, total = tasks.search_tasks(ctx, query)
    side = _sidebar(ctx, ctx.today)
    current = next((row for row in side["lists"] if row[0].id == query.list_id), None)
    return _render(
        "todolist/tasks.html",
        ctx,
        tasks=task_outs(ctx, access.task_rows(ctx.db, ids)),
        total=total,
        query=query,
        current_list=current,
        view="list" if current else ("completed" if query.status == "completed" else "all"),
        sorts=SORTS,
        **side,
    )


@page(ui, "/today", shows=("list_tasks", "list_lists", "list_tags"))  # the sidebar: as "/"
def today_page(ctx: Ctx) -> Any:
    """Todoist's Today: the open tasks overdue (due before today) and those due today."""
    today = ctx.today
    ids, total = tasks.search_tasks(ctx, TaskQuery(due_before=today, per_page=100))
    found = task_outs(ctx, access.task_rows(ctx.db, ids))
    return _render(
        "todolist/today.html",
        ctx,
        overdue=[t for t in found if str(t.due_date) < today.isoformat()],
        due_today=[t for t in found if str(t.due_date) == today.isoformat()],
        total=total,
        query=TaskQuery(),
        view="today",
        **_sidebar(ctx, today, today_count=total),  # the same tasks: the view's own count
    )


@page(ui, "/upcoming", shows=("list_tasks", "list_lists", "list_tags"))
def upcoming_page(ctx: Ctx) -> Any:
    """Todoist's Upcoming: the open tasks of the coming week, day by day (empty days too)."""
    today = ctx.today
    last = today + timedelta(days=UPCOMING_DAYS - 1)
    ids, total = tasks.search_tasks(ctx, TaskQuery(due_after=today, due_before=last, per_page=100))
    found = task_outs(ctx, access.task_rows(ctx.db, ids))
    _, overdue = tasks.search_tasks(
        ctx, TaskQuery(due_before=today - timedelta(days=1), per_page=1)
    )
    days = [today + timedelta(days=n) for n in range(UPCOMING_DAYS)]
    by_day = {day: [t for t in found if str(t.due_date) == day.isoformat()] for day in days}
    return _render(
        "todolist/upcoming.html",
        ctx,
        by_day=by_day,
        total=total,
        overdue_count=overdue,
        query=TaskQuery(),
        view="upcoming",
        **_sidebar(ctx, today),
    )


def _known_assignee(ctx: Ctx, username: str | None) -> None:
    """A form's assignee the service knows, or the form refused next to "Assign to" (the API
    answers 404 naming its users route; the page offers the people in a list)."""
    if username and username not in {u.username for u in users.list_users(ctx.session)}:
        raise FormInvalid.field("assignee", f"no user {username!r}; pick someone from the list")


def _quick_words(ctx: Ctx) -> dict[str, Any]:
    """The fields a quick-add box's name sets with Todoist's words ("tomorrow", "friday", "p1",
    "#errands" for a tag the user has), where its own fields leave them open (no day picked
    other than the view's, priority 4); a tag is added to those typed under Tags."""
    title = form_value("title", str)
    if not form_value("quick", bool, blank=False) or not title:
        return {}
    due = form_value("due_date", str)
    found = quickadd.parse(
        title,
        ctx.today,
        want_day=not due or due == form_value("preset_due", str),
        want_priority=form_value("priority", str) in ("", "none"),
        known_tags={name for name, _tasks, _notes in tags.tag_counts(ctx)},
    )
    given: dict[str, Any] = {}
    if found.due_date is not None:
        given["due_date"] = found.due_date.isoformat()
    if found.priority is not None:
        given["priority"] = found.priority
    if found.tags:
        typed = list_items(request.form.getlist("tags")) if "tags" in request.form else []
        given["tags"] = list(dict.fromkeys([*typed, *found.tags]))
    if given:
        given["title"] = found.title
    return given


FORM_WORDS = (
    (re.compile(r"due_time needs a due_date"), "Set a due date to give a due time"),
    (
        re.compile(r"a recurring task needs a due_date to count from"),
        "Set a due date for a task that repeats",
    ),
    (
        re.compile(r"a recurring task needs a due_date; clear recurrence too"),
        "A task that repeats needs a due date: set one, or choose “Does not repeat”",
    ),
    (
        re.compile(r"the new due date is after the recurrence's until"),
        "The due date is after the day the repeats end",
    ),
    (re.compile(r"until \S+ is before the due date \S+"), "The repeats end before the due date"),
    (
        re.compile(r"a subtask cannot recur; make its parent task recurring"),
        "A subtask cannot repeat; make its parent task repeat instead",
    ),
)
"""The task rules' refusals that name API fields (``due_time``, ``recurrence``'s ``until``),
as the task forms say them to the person filling them; the API keeps its own words."""


@contextmanager
def _in_user_words() -> Iterator[None]:
    """A task form's refusal by the task rules, each field's message in ``FORM_WORDS``'s words."""
    try:
        yield
    except ValidationFailed as exc:
        details = [
            {**d, "message": _user_words(str(d.get("message", "")))} if isinstance(d, dict) else d
            for d in exc.details or []
        ]
        raise ValidationFailed(_user_words(exc.message), details=details) from None


def _user_words(message: str) -> str:
    for pattern, words in FORM_WORDS:
        if pattern.search(message):
            return words
    return message


@page(ui, "/tasks", methods=("POST",), operation="create_task")
def task_create(ctx: Ctx) -> Any:
    body = read_form(
        TaskCreate,
        given=_quick_words(ctx),
        groups={"recurrence": REPEAT_RULE},
        cleared=("recurrence",),
    )
    _known_assignee(ctx, body.assignee)
    with _in_user_words():
        task = tasks.create_task(ctx, body)
    flash(f"Added {task.title!r}.", "ok")
    if task.parent_id:
        return _back_to_task(task.parent_id)
    # the view the quick-add box was on (Today stays Today), else the task's list
    return back_to(url_for("todolist_ui.tasks_page", list_id=task.list_id))


@page(ui, "/tasks/<int:task_id>", shows=("get_task", "list_lists", "list_tags"))
def task_page(ctx: Ctx, task_id: int) -> Any:
    """A task and its Edit form, beside the sidebar every task view has (Todoist keeps it)."""
    row, role = access.visible_task_row(ctx, task_id)
    return _render(
        "todolist/task.html",
        ctx,
        **{
            **_sidebar(ctx, ctx.today),  # its "users" the task's own choice of assignees
            "users": _user_names(ctx) if role == "owner" else [],
        },
        task=task_outs(ctx, [row])[0],
        role=role,
        query=TaskQuery(),
        view="task",
    )


def _user_names(ctx: Ctx) -> tuple[Any, ...]:
    """The assignee picker's people (``users.user_names``), read once while the DB is
    unchanged."""
    return ctx.until_changed("todolist.user_names", lambda: tuple(users.user_names(ctx.session)))


@page(ui, "/tasks/<int:task_id>/edit", methods=("POST",), operation="update_task")
def task_edit(ctx: Ctx, task_id: int) -> Any:
    body = read_form(
        TaskUpdate,
        cleared=("due_date", "due_time", "assignee", "recurrence"),
        keep_blank=("title", "notes"),  # an emptied title refused, as the new-task form does
        verbatim=("notes",),
        groups={"recurrence": REPEAT_RULE},
    )
    _known_assignee(ctx, body.assignee)
    with _in_user_words():
        saved = tasks.update_task(ctx, task_id, body)
    flash(f"Saved the task “{saved.title}”.", "ok")
    return _back_to_task(task_id)


@page(ui, "/tasks/<int:task_id>/complete", methods=("POST",), operation="complete_task")
def task_complete(ctx: Ctx, task_id: int) -> Any:
    task, spawned = tasks.complete_task(ctx, task_id)
    message = f"Completed {task.title!r}."
    if spawned is not None and spawned.due_date is not None:  # a repeat has a due day
        message += f" Next one due {day_words(spawned.due_date, ctx.today)}."
    flash(message, "ok")
    return back_to(url_for("todolist_ui.task_page", task_id=task_id))


@page(ui, "/tasks/<int:task_id>/reopen", methods=("POST",), operation="reopen_task")
def task_reopen(ctx: Ctx, task_id: int) -> Any:
    task = tasks.reopen_task(ctx, task_id)
    flash(f"Reopened {task.title!r}.", "ok")
    return back_to(url_for("todolist_ui.task_page", task_id=task_id))


@page(ui, "/tasks/<int:task_id>/delete", methods=("POST",), operation="delete_task")
def task_delete(ctx: Ctx, task_id: int) -> Any:
    title = access.visible_task_row(ctx, task_id)[0]["title"]
    tasks.delete_task(ctx, task_id)
    flash(f"Deleted {title!r}.", "ok")
    return redirect(url_for("todolist_ui.tasks_page"), 303)


@page(ui, "/tasks/<int:task_id>/reminders", methods=("POST",), operation="add_reminder")
def reminder_create(ctx: Ctx, task_id: int) -> Any:
    body = read_form(ReminderCreate)
    reminders.add_reminder(ctx, task_id, body.remind_at)
    flash(f"Reminder set for {access.visible_task_row(ctx, task_id)[0]['title']!r}.", "ok")
    return _back_to_task(task_id)


@page(ui, "/lists", methods=("POST",), operation="create_list")
def list_create(ctx: Ctx) -> Any:
    task_list = lists.create_list(ctx, read_form(ListCreate).name, None)
    flash(f"List {task_list.name!r} created.", "ok")
    return redirect(url_for("todolist_ui.tasks_page", list_id=task_list.id), 303)


@page(ui, "/lists/<int:list_id>", shows=("get_list",))
def list_page(ctx: Ctx, list_id: int) -> Any:
    lists.own_list(ctx, list_id)
    row = next(row for row in lists.lists_with_counts(ctx) if row[0].id == list_id)
    return _render("todolist/list.html", ctx, task_list=list_out(row))


@page(ui, "/lists/<int:list_id>/edit", methods=("POST",), operation="update_list")
def list_edit(ctx: Ctx, list_id: int) -> Any:
    body = read_form(ListUpdate)
    task_list = lists.update_list(ctx, list_id, body.name, body.color)
    flash(f"List {task_list.name!r} saved.", "ok")
    return redirect(url_for("todolist_ui.list_page", list_id=list_id), 303)


@page(ui, "/lists/<int:list_id>/delete", methods=("POST",), operation="delete_list")
def list_delete(ctx: Ctx, list_id: int) -> Any:
    name = lists.own_list(ctx, list_id).name
    lists.delete_list(ctx, list_id)
    flash(f"List {name!r} deleted with its tasks.", "ok")
    return redirect(url_for("todolist_ui.tasks_page"), 303)


@page(ui, "/reminders", shows=("list_reminders",))
def reminders_page(ctx: Ctx) -> Any:
    query = _filters(ReminderQuery)
    rows = reminders.my_reminders(ctx, query.state)
    ids = sorted({row["task_id"] for row in rows})
    titles = {task["id"]: task["title"] for task in access.task_rows(ctx.db, ids)}
    return _render(
        "todolist/reminders.html",
        ctx,
        reminders=[reminder_out(row) for row in rows],
        titles=titles,
        query=query,
    )


@page(ui, "/reminders/<int:reminder_id>/delete", methods=("POST",), operation="delete_reminder")
def reminder_delete(ctx: Ctx, reminder_id: int) -> Any:
    reminder = ctx.session.get(Reminder, reminder_id) if 0 < reminder_id < 2**62 else None
    task = ctx.session.get(Task, reminder.task_id) if reminder is not None else None
    reminders.delete_reminder(ctx, reminder_id)
    flash(f"Removed the reminder on {task.title!r}." if task else "Removed the reminder.", "ok")
    return back_to(url_for("todolist_ui.reminders_page"))


@page(ui, "/profile", shows=("get_profile", "list_users"))
def profile_page(ctx: Ctx) -> Any:
    return _render(
        "todolist/profile.html",
        ctx,
        profile=profile_out(ctx),
        people=users.list_users(ctx.session),
    )


@page(ui, "/profile", methods=("POST",), operation="update_profile")
def profile_edit(ctx: Ctx) -> Any:
    body = read_form(ProfileUpdate)
    users.update_profile(ctx, body.display_name, body.timezone)
    flash("Saved your profile.", "ok")
    return redirect(url_for("todolist_ui.profile_page"), 303)


@page(ui, "/reminders/dispatch", methods=("POST",), operation="dispatch_reminders")
def reminders_dispatch(ctx: Ctx) -> Any:
    sent = reminders.dispatch_reminders(ctx, ctx.user_id)
    flash(f"Sent your {counted(len(sent), 'due reminder')}.", "ok")
    return redirect(url_for("todolist_ui.tasks_page"), 303)


# --- Notes -----------------------------------------------------------------------------------


@page(ui, "/notes", shows=("list_notes", "list_folders"))
def notes_page(ctx: Ctx) -> Any:
    query = _filters(NoteQuery)
    rows, total = notes.search_notes(ctx, query)
    folders = notes.folders_with_counts(ctx)
    names = {f.id: f.name for f, _ in folders}
    return _render(
        "todolist/notes.html",
        ctx,
        notes=[note_out(ctx.session, n, names) for n in rows],
        total=total,
        query=query,
        folders=folders,
        current_folder=next((row for row in folders if row[0].id == query.folder_id), None),
    )


@page(ui, "/notes", methods=("POST",), operation="create_note")
def note_create(ctx: Ctx) -> Any:
    note = notes.create_note(ctx, read_form(NoteCreate, keep_blank=("body",), verbatim=("body",)))
    flash(f"Note {note.title!r} saved.", "ok")
    return redirect(url_for("todolist_ui.note_page", note_id=note.id), 303)


@page(ui, "/notes/<int:note_id>", shows=("get_note",))
def note_page(ctx: Ctx, note_id: int) -> Any:
    note = note_out(ctx.session, notes.own_note(ctx, note_id))
    return _render("todolist/note.html", ctx, note=note, folder_choices=_folder_choices(ctx))


def _folder_choices(ctx: Ctx) -> Choices:
    """The folder picker's options (id as text, name), by name: the user's folders, read once
    while the DB is unchanged."""
    return ctx.until_changed(
        f"todolist.folders.{ctx.user_id}",
        lambda: choices(
            (str(row["id"]), row["name"])
            for row in ctx.db.all(
                "SELECT id, name FROM folders WHERE owner_id = ? ORDER BY name", (ctx.user_id,)
            )
        ),
    )


@page(ui, "/notes/<int:note_id>/edit", methods=("POST",), operation="update_note")
def note_edit(ctx: Ctx, note_id: int) -> Any:
    body = read_form(
        NoteUpdate,
        checkboxes=("pinned",),
        cleared=("folder_id",),
        keep_blank=("body",),
        verbatim=("body",),
    )
    saved = notes.update_note(ctx, note_id, body)
    flash(f"Saved the note {saved.title!r}.", "ok")
    return redirect(url_for("todolist_ui.note_page", note_id=note_id), 303)


@page(ui, "/notes/<int:note_id>/delete", methods=("POST",), operation="delete_note")
def note_delete(ctx: Ctx, note_id: int) -> Any:
    title = notes.own_note(ctx, note_id).title
    notes.delete_note(ctx, note_id)
    flash(f"Deleted the note {title!r}.", "ok")
    return redirect(url_for("todolist_ui.notes_page"), 303)


@page(ui, "/folders", methods=("POST",), operation="create_folder")
def folder_create(ctx: Ctx) -> Any:
    folder = notes.create_folder(ctx, read_form(FolderCreate).name)
    flash(f"Folder {folder.name!r} created.", "ok")
    return redirect(url_for("todolist_ui.notes_page", folder_id=folder.id), 303)


@page(ui, "/folders/<int:folder_id>/edit", methods=("POST",), operation="update_folder")
def folder_edit(ctx: Ctx, folder_id: int) -> Any:
    folder = notes.rename_folder(ctx, folder_id, read_form(FolderCreate).name)
    flash(f"Folder renamed to {folder.name!r}.", "ok")
    return redirect(url_for("todolist_ui.notes_page", folder_id=folder_id), 303)


@page(ui, "/folders/<int:folder_id>/delete", methods=("POST",), operation="delete_folder")
def folder_delete(ctx: Ctx, folder_id: int) -> Any:
    name = notes.own_folder(ctx, folder_id).name
    notes.delete_folder(ctx, folder_id)
    flash(f"Folder {name!r} deleted.", "ok")
    return redirect(url_for("todolist_ui.notes_page"), 303)
