"""The todolist's JSON API under /api: profile, lists, tasks with subtasks and reminders, tags,
note folders and notes."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime

from sqlalchemy.orm import Session

from mock_services.core.base.clock import iso, iso_stored, local_iso
from mock_services.core.data.paging import page_answer, page_of
from mock_services.core.spec.api import Api, Ctx
from mock_services.todolist import access, lists, notes, reminders, tags, tasks, users
from mock_services.todolist.models import Folder, Note, Reminder, TaskList
from mock_services.todolist.schemas import (
    DispatchOut,
    FolderCreate,
    FolderOut,
    FolderPage,
    ListCreate,
    ListOut,
    ListPage,
    ListUpdate,
    NoteCreate,
    NoteOut,
    NotePage,
    NoteQuery,
    NoteUpdate,
    ProfileOut,
    ProfileUpdate,
    RecurrenceOut,
    ReminderCreate,
    ReminderOut,
    ReminderPage,
    ReminderQuery,
    SubtaskOut,
    TagOut,
    TagPage,
    TaskCompleted,
    TaskCreate,
    TaskOut,
    TaskPage,
    TaskQuery,
    TaskUpdate,
    UserOut,
    UserPage,
)

api = Api("todolist", url_prefix="/api")
admin = Api("todolist_admin", url_prefix="/admin", tag="admin")


# --- Converters (also used by the UI) --------------------------------------------------------


def reminder_out(row: sqlite3.Row) -> ReminderOut:
    """A ``access.REMINDER_ROWS`` row as the API answers it."""
    return ReminderOut(
        id=row["id"],
        task_id=row["task_id"],
        username=row["username"],
        remind_at=iso_stored(row["remind_at"]) or "",
        sent_at=iso_stored(row["sent_at"]),
    )


def task_outs(ctx: Ctx, rows: list[sqlite3.Row]) -> list[TaskOut]:
    """``access.TASK_ROWS`` rows as the API answers them, with subtasks and reminders."""
    subtasks, reminders = access.task_children(ctx.db, [row["id"] for row in rows])
    return [
        _task_out(ctx, row, subtasks.get(row["id"], []), reminders.get(row["id"], []))
        for row in rows
    ]


def task_out(ctx: Ctx, task_id: int) -> TaskOut:
    """The task ``task_id`` as it stands now (after a write: as it was flushed)."""
    return task_outs(ctx, access.task_rows(ctx.db, [task_id]))[0]


def _task_out(
    ctx: Ctx, row: sqlite3.Row, subtasks: list[sqlite3.Row], reminders: list[sqlite3.Row]
) -> TaskOut:
    due_at, zone_name = row["due_at"], row["timezone"]
    return TaskOut(
        id=row["id"],
        list_id=row["list_id"],
        list_name=row["list_name"],
        parent_id=row["parent_id"],
        owner=row["owner"],
        title=row["title"],
        notes=row["notes"],
        priority=row["priority"],
        tags=json.loads(row["tags"]),
        status=row["status"],
        due_date=row["due_date"],
        due_time=row["due_time"],
        timezone=zone_name,
        due=local_iso(datetime.fromisoformat(due_at), zone_name)
        if due_at and row["due_time"]
        else None,
        overdue=tasks.is_overdue(row, ctx.now),
        recurrence=RecurrenceOut(
            freq=row["recurrence_freq"],
            interval=row["recurrence_interval"],
            until=row["recurrence_until"],
        )
        if row["recurrence_freq"]
        else None,
        assignee=row["assignee"],
        created_at=iso_stored(row["created_at"]) or "",
        completed_at=iso_stored(row["completed_at"]),
        completed_by=row["completed_by"],
        subtasks=[
            SubtaskOut(id=s["id"], title=s["title"], status=s["status"], assignee=s["assignee"])
            for s in subtasks
        ],
        reminders=[reminder_out(r) for r in reminders],
    )


def note_out(session: Session, note: Note, folders: dict[int, str] | None = None) -> NoteOut:
    names = folders if folders is not None else notes.folder_names(session, {note.folder_id})
    return NoteOut(
        id=note.id,
        folder_id=note.folder_id,
        folder=names.get(note.folder_id) if note.folder_id else None,
        title=note.title,
        body=note.body,
        tags=list(note.tags),
        pinned=note.pinned,
        created_at=iso(note.created_at) or "",
        updated_at=iso(note.updated_at) or "",
    )


def folder_out(folder: Folder, count: int) -> FolderOut:
    return FolderOut(id=folder.id, name=folder.name, note_count=count)


def profile_out(ctx: Ctx) -> ProfileOut:
    return ProfileOut.model_validate(ctx.user)


# --- Profile and users -----------------------------------------------------------------------


@api.get("/profile", response=ProfileOut)
def get_profile(ctx: Ctx) -> ProfileOut:
    """The caller's profile, with the time zone new tasks default to."""
    return profile_out(ctx)


@api.patch("/profile", response=ProfileOut, errors=(422,))
def update_profile(ctx: Ctx, body: ProfileUpdate) -> ProfileOut:
    """Change the caller's display name or default time zone."""
    users.update_profile(ctx, body.display_name, body.timezone)
    return profile_out(ctx)


@api.get("/users", response=UserPage)
def list_users(ctx: Ctx) -> UserPage:
    """Everyone a task can be assigned to (by username)."""
    everyone = users.list_users(ctx.session)
    return UserPage(items=[UserOut.model_validate(u) for u in everyone], total=len(everyone))


# --- Lists -----------------------------------------------------------------------------------


def list_out(row: tuple[TaskList, int, int]) -> ListOut:
    task_list, open_count, completed_count = row
    return ListOut(
        id=task_list.id,
        name=task_list.name,
        color=task_list.color,
        created_at=iso(task_list.created_at) or "",
        open_count=open_count,
        completed_count=completed_count,
    )


def _list_out(ctx: Ctx, list_id: int) -> ListOut:
    """One of the caller's lists with its counts."""
    return list_out(next(row for row in lists.lists_with_counts(ctx) if row[0].id == list_id))


@api.get("/lists", response=ListPage)
def list_lists(ctx: Ctx) -> ListPage:
    """The caller's lists by name, with open and completed top-level task counts."""
    rows = lists.lists_with_counts(ctx)
    return ListPage(items=[list_out(row) for row in rows], total=len(rows))


@api.post("/lists", response=ListOut, status=201, errors=(409,))
def create_list(ctx: Ctx, body: ListCreate) -> ListOut:
    """Create a list; names are unique per user."""
    return _list_out(ctx, lists.create_list(ctx, body.name, body.color).id)


@api.get("/lists/<int:list_id>", response=ListOut, errors=(403, 404))
def get_list(ctx: Ctx, list_id: int) -> ListOut:
    """One of the caller's lists."""
    return _list_out(ctx, lists.own_list(ctx, list_id).id)


@api.patch("/lists/<int:list_id>", response=ListOut, errors=(403, 404, 409))
def update_list(ctx: Ctx, list_id: int, body: ListUpdate) -> ListOut:
    """Rename or recolour a list."""
    lists.update_list(ctx, list_id, body.name, body.color)
    return _list_out(ctx, list_id)


@api.delete("/lists/<int:list_id>", status=204, errors=(403, 404))
def delete_list(ctx: Ctx, list_id: int) -> None:
    """Delete a list with all its tasks, subtasks and reminders."""
    lists.delete_list(ctx, list_id)


# --- Tasks -----------------------------------------------------------------------------------


@api.get("/tasks", response=TaskPage, errors=(404,))
def list_tasks(ctx: Ctx, query: TaskQuery) -> TaskPage:
    """Tasks in the caller's lists and tasks assigned to them; open ones by due date unless
    filtered (status, list, words, tag, priority, assignee, due range, overdue, parent)."""
    ids, total = tasks.search_tasks(ctx, query)
    return page_answer(TaskPage, task_outs(ctx, access.task_rows(ctx.db, ids)), total, query)


@api.post("/tasks", response=TaskOut, status=201, errors=(403, 404, 409, 422))
def create_task(ctx: Ctx, body: TaskCreate) -> TaskOut:
    """Add a task (default list: 'Inbox'), or a subtask with parent_id. An assignee other than
    you is mailed."""
    return task_out(ctx, tasks.create_task(ctx, body).id)


@api.get("/tasks/<int:task_id>", response=TaskOut, errors=(403, 404))
def get_task(ctx: Ctx, task_id: int) -> TaskOut:
    """A task with its subtasks and reminders."""
    row, _role = access.visible_task_row(ctx, task_id)
    return task_outs(ctx, [row])[0]


@api.patch("/tasks/<int:task_id>", response=TaskOut, errors=(403, 404, 409, 422))
def update_task(ctx: Ctx, task_id: int, body: TaskUpdate) -> TaskOut:
    """Change a task (its owner only): the fields given; null clears due, recurrence, assignee."""
    return task_out(ctx, tasks.update_task(ctx, task_id, body).id)


@api.delete("/tasks/<int:task_id>", status=204, errors=(403, 404))
def delete_task(ctx: Ctx, task_id: int) -> None:
    """Delete a task with its subtasks and reminders (owner only)."""
    tasks.delete_task(ctx, task_id)


@api.post("/tasks/<int:task_id>/complete", response=TaskCompleted, errors=(403, 404, 409))
def complete_task(ctx: Ctx, task_id: int) -> TaskCompleted:
    """Complete a task (owner or assignee) and its open subtasks; a recurring task spawns its
    next occurrence."""
    task, spawned = tasks.complete_task(ctx, task_id)
    return TaskCompleted(
        **dict(task_out(ctx, task.id)),
        next_occurrence=task_out(ctx, spawned.id) if spawned else None,
    )


@api.post("/tasks/<int:task_id>/reopen", response=TaskOut, errors=(403, 404, 409))
def reopen_task(ctx: Ctx, task_id: int) -> TaskOut:
    """Reopen a completed task (a subtask only once its parent is open)."""
    return task_out(ctx, tasks.reopen_task(ctx, task_id).id)


@api.get("/tags", response=TagPage)
def list_tags(ctx: Ctx) -> TagPage:
    """Every tag on the caller's tasks and notes, with counts."""
    rows = tags.tag_counts(ctx)
    return TagPage(
        items=[TagOut(name=n, open_tasks=t, notes=c) for n, t, c in rows], total=len(rows)
    )


# --- Reminders -------------------------------------------------------------------------------


@api.post(
    "/tasks/<int:task_id>/reminders", response=ReminderOut, status=201, errors=(403, 404, 409, 422)
)
def add_reminder(ctx: Ctx, task_id: int, body: ReminderCreate) -> ReminderOut:
    """Be reminded by mail of an open task at remind_at (in the future)."""
    reminder = reminders.add_reminder(ctx, task_id, body.remind_at)
    return reminder_out(access.reminder_rows(ctx.db, [reminder.id])[0])


@api.get("/reminders", response=ReminderPage)
def list_reminders(ctx: Ctx, query: ReminderQuery) -> ReminderPage:
    """The caller's reminders, soonest first (scheduled by default)."""
    rows, total = page_of(reminders.my_reminders(ctx, query.state), query)
    return page_answer(ReminderPage, [reminder_out(r) for r in rows], total, query)


@api.delete("/reminders/<int:reminder_id>", status=204, errors=(403, 404))
def delete_reminder(ctx: Ctx, reminder_id: int) -> None:
    """Remove a reminder."""
    reminders.delete_reminder(ctx, reminder_id)


@api.post("/reminders/dispatch", response=DispatchOut, destructive=True)
def dispatch_reminders(ctx: Ctx) -> DispatchOut:
    """Mail the caller's reminders that are due now and mark them sent."""
    sent = reminders.dispatch_reminders(ctx, ctx.user_id)
    return _dispatched(ctx, sent)


@admin.post("/reminders/dispatch", response=DispatchOut, auth="admin")
def dispatch_all(ctx: Ctx) -> DispatchOut:
    """The scheduler (admin token): mail every user's due reminders and mark them sent."""
    sent = reminders.dispatch_reminders(ctx, None)
    return _dispatched(ctx, sent)


def _dispatched(ctx: Ctx, sent: list[Reminder]) -> DispatchOut:
    rows = access.reminder_rows(ctx.db, [reminder.id for reminder in sent])
    return DispatchOut(sent=[reminder_out(row) for row in rows])


# --- Notes -----------------------------------------------------------------------------------


@api.get("/folders", response=FolderPage)
def list_folders(ctx: Ctx) -> FolderPage:
    """The caller's note folders by name, with note counts."""
    rows = notes.folders_with_counts(ctx)
    return FolderPage(items=[folder_out(f, n) for f, n in rows], total=len(rows))


@api.post("/folders", response=FolderOut, status=201, errors=(409,))
def create_folder(ctx: Ctx, body: FolderCreate) -> FolderOut:
    """Create a folder; names are unique per user."""
    return folder_out(notes.create_folder(ctx, body.name), 0)


@api.patch("/folders/<int:folder_id>", response=FolderOut, errors=(403, 404, 409))
def update_folder(ctx: Ctx, folder_id: int, body: FolderCreate) -> FolderOut:
    """Rename a folder."""
    folder = notes.rename_folder(ctx, folder_id, body.name)
    counts = dict((f.id, n) for f, n in notes.folders_with_counts(ctx))
    return folder_out(folder, counts.get(folder.id, 0))


@api.delete("/folders/<int:folder_id>", status=204, errors=(403, 404, 409))
def delete_folder(ctx: Ctx, folder_id: int) -> None:
    """Delete an empty folder."""
    notes.delete_folder(ctx, folder_id)


@api.get("/notes", response=NotePage)
def list_notes(ctx: Ctx, query: NoteQuery) -> NotePage:
    """The caller's notes, pinned first then last edited; search words in title and body."""
    rows, total = notes.search_notes(ctx, query)
    folders = notes.folder_names(ctx.session, {n.folder_id for n in rows})
    return page_answer(NotePage, [note_out(ctx.session, n, folders) for n in rows], total, query)


@api.post("/notes", response=NoteOut, status=201, errors=(403, 404))
def create_note(ctx: Ctx, body: NoteCreate) -> NoteOut:
    """Write a note, optionally in a folder."""
    return note_out(ctx.session, notes.create_note(ctx, body))


@api.get("/notes/<int:note_id>", response=NoteOut, errors=(403, 404))
def get_note(ctx: Ctx, note_id: int) -> NoteOut:
    """One note."""
    return note_out(ctx.session, notes.own_note(ctx, note_id))


@api.patch("/notes/<int:note_id>", response=NoteOut, errors=(403, 404, 422))
def update_note(ctx: Ctx, note_id: int, body: NoteUpdate) -> NoteOut:
    """Edit a note or move it to another folder (folder_id null: out of any folder)."""
    return note_out(ctx.session, notes.update_note(ctx, note_id, body))


@api.delete("/notes/<int:note_id>", status=204, errors=(403, 404))
def delete_note(ctx: Ctx, note_id: int) -> None:
    """Delete a note."""
    notes.delete_note(ctx, note_id)
