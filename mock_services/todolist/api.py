"""The todolist's JSON API under /api: profile, lists, tasks with subtasks and reminders, tags,
note folders and notes."""

from __future__ import annotations

from sqlalchemy.orm import Session

from mock_services.core.api import Api, Ctx
from mock_services.core.clock import iso
from mock_services.todolist import logic
from mock_services.todolist.due import local_iso
from mock_services.todolist.models import Folder, Note, Reminder, Task, TaskList
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


def reminder_out(reminder: Reminder, names: dict[int, str]) -> ReminderOut:
    return ReminderOut(
        id=reminder.id,
        task_id=reminder.task_id,
        username=names[reminder.user_id],
        remind_at=iso(reminder.remind_at) or "",
        sent_at=iso(reminder.sent_at),
    )


def task_outs(ctx: Ctx, tasks: list[Task]) -> list[TaskOut]:
    views = logic.task_views(ctx.session, tasks)
    names = logic.usernames(
        ctx.session,
        {id_ for v in views for id_ in (v.task.assignee_id, v.task.completed_by_id)}
        | {r.user_id for v in views for r in v.reminders}
        | {s.assignee_id for v in views for s in v.subtasks},
    )
    return [_task_out(ctx, view, names) for view in views]


def task_out(ctx: Ctx, task: Task) -> TaskOut:
    return task_outs(ctx, [task])[0]


def _task_out(ctx: Ctx, view: logic.TaskView, names: dict[int, str]) -> TaskOut:
    task = view.task
    return TaskOut(
        id=task.id,
        list_id=task.list_id,
        list_name=view.task_list.name,
        parent_id=task.parent_id,
        owner=view.owner.username,
        title=task.title,
        notes=task.notes,
        priority=task.priority,  # type: ignore[arg-type]
        tags=list(task.tags),
        status=task.status,  # type: ignore[arg-type]
        due_date=task.due_date,
        due_time=task.due_time,
        timezone=task.timezone,
        due=local_iso(task.due_at, task.timezone) if task.due_at and task.due_time else None,
        overdue=logic.is_overdue(task, ctx.now),
        recurrence=RecurrenceOut(
            freq=task.recurrence_freq,  # type: ignore[arg-type]
            interval=task.recurrence_interval,
            until=task.recurrence_until,
        )
        if task.recurrence_freq
        else None,
        assignee=names.get(task.assignee_id) if task.assignee_id else None,
        created_at=iso(task.created_at) or "",
        completed_at=iso(task.completed_at),
        completed_by=names.get(task.completed_by_id) if task.completed_by_id else None,
        subtasks=[
            SubtaskOut(
                id=s.id,
                title=s.title,
                status=s.status,  # type: ignore[arg-type]
                assignee=names.get(s.assignee_id) if s.assignee_id else None,
            )
            for s in view.subtasks
        ],
        reminders=[reminder_out(r, names) for r in view.reminders],
    )


def note_out(session: Session, note: Note, folders: dict[int, str] | None = None) -> NoteOut:
    names = folders if folders is not None else logic.folder_names(session, {note.folder_id})
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


@api.patch("/profile", body=ProfileUpdate, response=ProfileOut, errors=(422,))
def update_profile(ctx: Ctx) -> ProfileOut:
    """Change the caller's display name or default time zone."""
    logic.update_profile(ctx, ctx.body.display_name, ctx.body.timezone)
    return profile_out(ctx)


@api.get("/users", response=UserPage)
def list_users(ctx: Ctx) -> UserPage:
    """Everyone a task can be assigned to (by username)."""
    users = logic.list_users(ctx.session)
    return UserPage(items=[UserOut.model_validate(u) for u in users], total=len(users))


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
    return list_out(next(row for row in logic.lists_with_counts(ctx) if row[0].id == list_id))


@api.get("/lists", response=ListPage)
def list_lists(ctx: Ctx) -> ListPage:
    """The caller's lists by name, with open and completed top-level task counts."""
    rows = logic.lists_with_counts(ctx)
    return ListPage(items=[list_out(row) for row in rows], total=len(rows))


@api.post("/lists", body=ListCreate, response=ListOut, status=201, errors=(409,))
def create_list(ctx: Ctx) -> ListOut:
    """Create a list; names are unique per user."""
    return _list_out(ctx, logic.create_list(ctx, ctx.body.name, ctx.body.color).id)


@api.get("/lists/<int:list_id>", response=ListOut, errors=(403, 404))
def get_list(ctx: Ctx, list_id: int) -> ListOut:
    """One of the caller's lists."""
    return _list_out(ctx, logic.own_list(ctx, list_id).id)


@api.patch("/lists/<int:list_id>", body=ListUpdate, response=ListOut, errors=(403, 404, 409))
def update_list(ctx: Ctx, list_id: int) -> ListOut:
    """Rename or recolour a list."""
    logic.update_list(ctx, list_id, ctx.body.name, ctx.body.color)
    return _list_out(ctx, list_id)


@api.delete("/lists/<int:list_id>", status=204, errors=(403, 404))
def delete_list(ctx: Ctx, list_id: int) -> None:
    """Delete a list with all its tasks, subtasks and reminders."""
    logic.delete_list(ctx, list_id)


# --- Tasks -----------------------------------------------------------------------------------


@api.get("/tasks", query=TaskQuery, response=TaskPage, errors=(404,))
def list_tasks(ctx: Ctx) -> TaskPage:
    """Tasks in the caller's lists and tasks assigned to them; open ones by due date unless
    filtered (status, list, words, tag, priority, assignee, due range, overdue, parent)."""
    rows, total = logic.search_tasks(ctx, ctx.query)
    return TaskPage(
        items=task_outs(ctx, rows),
        total=total,
        page=ctx.query.page,
        per_page=ctx.query.per_page,
    )


@api.post("/tasks", body=TaskCreate, response=TaskOut, status=201, errors=(403, 404, 409, 422))
def create_task(ctx: Ctx) -> TaskOut:
    """Add a task (default list: 'Inbox'), or a subtask with parent_id. An assignee other than
    you is mailed."""
    return task_out(ctx, logic.create_task(ctx, ctx.body))


@api.get("/tasks/<int:task_id>", response=TaskOut, errors=(403, 404))
def get_task(ctx: Ctx, task_id: int) -> TaskOut:
    """A task with its subtasks and reminders."""
    return task_out(ctx, logic.visible_task(ctx, task_id)[0])


@api.patch("/tasks/<int:task_id>", body=TaskUpdate, response=TaskOut, errors=(403, 404, 409, 422))
def update_task(ctx: Ctx, task_id: int) -> TaskOut:
    """Change a task (its owner only): the fields given; null clears due, recurrence, assignee."""
    return task_out(ctx, logic.update_task(ctx, task_id, ctx.body))


@api.delete("/tasks/<int:task_id>", status=204, errors=(403, 404))
def delete_task(ctx: Ctx, task_id: int) -> None:
    """Delete a task with its subtasks and reminders (owner only)."""
    logic.delete_task(ctx, task_id)


@api.post("/tasks/<int:task_id>/complete", response=TaskCompleted, errors=(403, 404, 409))
def complete_task(ctx: Ctx, task_id: int) -> TaskCompleted:
    """Complete a task (owner or assignee) and its open subtasks; a recurring task spawns its
    next occurrence."""
    task, spawned = logic.complete_task(ctx, task_id)
    return TaskCompleted(
        task=task_out(ctx, task), next_occurrence=task_out(ctx, spawned) if spawned else None
    )


@api.post("/tasks/<int:task_id>/reopen", response=TaskOut, errors=(403, 404, 409))
def reopen_task(ctx: Ctx, task_id: int) -> TaskOut:
    """Reopen a completed task (a subtask only once its parent is open)."""
    return task_out(ctx, logic.reopen_task(ctx, task_id))


@api.get("/tags", response=TagPage)
def list_tags(ctx: Ctx) -> TagPage:
    """Every tag on the caller's tasks and notes, with counts."""
    rows = logic.tag_counts(ctx)
    return TagPage(
        items=[TagOut(name=n, open_tasks=t, notes=c) for n, t, c in rows], total=len(rows)
    )


# --- Reminders -------------------------------------------------------------------------------


@api.post(
    "/tasks/<int:task_id>/reminders",
    body=ReminderCreate,
    response=ReminderOut,
    status=201,
    errors=(403, 404, 409, 422),
)
def add_reminder(ctx: Ctx, task_id: int) -> ReminderOut:
    """Be reminded by mail of an open task at remind_at (in the future)."""
    reminder = logic.add_reminder(ctx, task_id, ctx.body.remind_at)
    return reminder_out(reminder, {ctx.user_id: ctx.user.username})


@api.get("/reminders", query=ReminderQuery, response=ReminderPage)
def list_reminders(ctx: Ctx) -> ReminderPage:
    """The caller's reminders, soonest first (scheduled by default)."""
    rows = logic.my_reminders(ctx, ctx.query.state)
    start = (ctx.query.page - 1) * ctx.query.per_page
    names = {ctx.user_id: ctx.user.username}
    return ReminderPage(
        items=[reminder_out(r, names) for r in rows[start : start + ctx.query.per_page]],
        total=len(rows),
    )


@api.delete("/reminders/<int:reminder_id>", status=204, errors=(403, 404))
def delete_reminder(ctx: Ctx, reminder_id: int) -> None:
    """Remove a reminder."""
    logic.delete_reminder(ctx, reminder_id)


@api.post("/reminders/dispatch", response=DispatchOut)
def dispatch_reminders(ctx: Ctx) -> DispatchOut:
    """Mail the caller's reminders that are due now and mark them sent."""
    sent = logic.dispatch_reminders(ctx, ctx.user_id)
    return DispatchOut(sent=[reminder_out(r, {ctx.user_id: ctx.user.username}) for r in sent])


@admin.post("/reminders/dispatch", response=DispatchOut, auth="admin")
def dispatch_all(ctx: Ctx) -> DispatchOut:
    """The scheduler (admin token): mail every user's due reminders and mark them sent."""
    sent = logic.dispatch_reminders(ctx, None)
    names = logic.usernames(ctx.session, {r.user_id for r in sent})
    return DispatchOut(sent=[reminder_out(r, names) for r in sent])


# --- Notes -----------------------------------------------------------------------------------


@api.get("/folders", response=FolderPage)
def list_folders(ctx: Ctx) -> FolderPage:
    """The caller's note folders by name, with note counts."""
    rows = logic.folders_with_counts(ctx)
    return FolderPage(items=[folder_out(f, n) for f, n in rows], total=len(rows))


@api.post("/folders", body=FolderCreate, response=FolderOut, status=201, errors=(409,))
def create_folder(ctx: Ctx) -> FolderOut:
    """Create a folder; names are unique per user."""
    return folder_out(logic.create_folder(ctx, ctx.body.name), 0)


@api.patch(
    "/folders/<int:folder_id>", body=FolderCreate, response=FolderOut, errors=(403, 404, 409)
)
def update_folder(ctx: Ctx, folder_id: int) -> FolderOut:
    """Rename a folder."""
    folder = logic.rename_folder(ctx, folder_id, ctx.body.name)
    counts = dict((f.id, n) for f, n in logic.folders_with_counts(ctx))
    return folder_out(folder, counts.get(folder.id, 0))


@api.delete("/folders/<int:folder_id>", status=204, errors=(403, 404, 409))
def delete_folder(ctx: Ctx, folder_id: int) -> None:
    """Delete an empty folder."""
    logic.delete_folder(ctx, folder_id)


@api.get("/notes", query=NoteQuery, response=NotePage)
def list_notes(ctx: Ctx) -> NotePage:
    """The caller's notes, pinned first then last edited; search words in title and body."""
    rows, total = logic.search_notes(ctx, ctx.query)
    folders = logic.folder_names(ctx.session, {n.folder_id for n in rows})
    return NotePage(
        items=[note_out(ctx.session, n, folders) for n in rows],
        total=total,
        page=ctx.query.page,
        per_page=ctx.query.per_page,
    )


@api.post("/notes", body=NoteCreate, response=NoteOut, status=201, errors=(403, 404))
def create_note(ctx: Ctx) -> NoteOut:
    """Write a note, optionally in a folder."""
    return note_out(ctx.session, logic.create_note(ctx, ctx.body))


@api.get("/notes/<int:note_id>", response=NoteOut, errors=(403, 404))
def get_note(ctx: Ctx, note_id: int) -> NoteOut:
    """One note."""
    return note_out(ctx.session, logic.own_note(ctx, note_id))


@api.patch("/notes/<int:note_id>", body=NoteUpdate, response=NoteOut, errors=(403, 404, 422))
def update_note(ctx: Ctx, note_id: int) -> NoteOut:
    """Edit a note or move it to another folder (folder_id null: out of any folder)."""
    return note_out(ctx.session, logic.update_note(ctx, note_id, ctx.body))


@api.delete("/notes/<int:note_id>", status=204, errors=(403, 404))
def delete_note(ctx: Ctx, note_id: int) -> None:
    """Delete a note."""
    logic.delete_note(ctx, note_id)
