"""Notes and their folders: your notes searched by words, folder or tag, pinned first;
folders by a name unique among yours, deleted only when empty."""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, func, or_, select
from sqlalchemy.orm import Session

from mock_services.core.base.access import owned
from mock_services.core.base.errors import Conflict, invalid_field
from mock_services.core.base.search import contains_text
from mock_services.core.base.tags import tag_condition
from mock_services.core.data.paging import Page, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.todolist.due import utc_now
from mock_services.todolist.models import Folder, Note


def own_folder(ctx: Ctx, folder_id: int) -> Folder:
    return owned(ctx.session, Folder, folder_id, ctx.user_id, kind="folder")


def own_note(ctx: Ctx, note_id: int) -> Note:
    return owned(ctx.session, Note, note_id, ctx.user_id, kind="note")


def folders_with_counts(ctx: Ctx) -> list[tuple[Folder, int]]:
    counts = dict(
        ctx.session.execute(
            select(Note.folder_id, func.count())
            .where(Note.owner_id == ctx.user_id)
            .group_by(Note.folder_id)
        ).all()
    )
    folders = ctx.session.scalars(
        select(Folder).where(Folder.owner_id == ctx.user_id).order_by(Folder.name)
    ).all()
    return [(f, counts.get(f.id, 0)) for f in folders]


def _unique_folder_name(ctx: Ctx, name: str, exclude: int | None = None) -> None:
    clash = ctx.session.scalar(
        select(Folder).where(Folder.owner_id == ctx.user_id, Folder.name == name)
    )
    if clash is not None and clash.id != exclude:
        raise Conflict(f"you already have a folder named {name!r} (folder {clash.id})")


def create_folder(ctx: Ctx, name: str) -> Folder:
    _unique_folder_name(ctx, name)
    folder = Folder(owner_id=ctx.user_id, name=name)
    ctx.session.add(folder)
    ctx.session.flush()
    return folder


def rename_folder(ctx: Ctx, folder_id: int, name: str) -> Folder:
    folder = own_folder(ctx, folder_id)
    _unique_folder_name(ctx, name, exclude=folder.id)
    folder.name = name
    return folder


def delete_folder(ctx: Ctx, folder_id: int) -> None:
    """Delete an empty folder; one that still holds notes is refused."""
    folder = own_folder(ctx, folder_id)
    count = ctx.session.scalar(select(func.count()).where(Note.folder_id == folder.id)) or 0
    if count:
        raise Conflict(
            f"folder {folder.name!r} still holds {count} note(s); move or delete them first"
        )
    ctx.session.delete(folder)


def search_notes(ctx: Ctx, query: Any) -> Page[Note]:
    """The caller's notes matching ``query``, pinned first, then most recently edited."""
    conditions: list[ColumnElement[bool]] = [Note.owner_id == ctx.user_id]
    if query.q:
        for word in query.q.split():
            conditions.append(or_(contains_text(Note.title, word), contains_text(Note.body, word)))
    if query.folder_id is not None:
        conditions.append(Note.folder_id == query.folder_id)
    if query.unfiled is not None:
        conditions.append(
            Note.folder_id.is_(None) if query.unfiled else Note.folder_id.is_not(None)
        )
    if query.tag:
        conditions.append(tag_condition(Note.tags, query.tag))
    if query.pinned is not None:
        conditions.append(Note.pinned.is_(query.pinned))
    newest_first = (Note.pinned.desc(), Note.updated_at.desc(), Note.id.desc())
    return page_of_select(
        ctx.session, select(Note).where(*conditions).order_by(*newest_first), query
    )


def create_note(ctx: Ctx, body: Any) -> Note:
    folder = own_folder(ctx, body.folder_id) if body.folder_id else None
    note = Note(
        owner_id=ctx.user_id,
        folder_id=folder.id if folder else None,
        title=body.title,
        body=body.body,
        tags=body.tags or [],
        pinned=body.pinned,
        created_at=utc_now(ctx),
        updated_at=utc_now(ctx),
    )
    ctx.session.add(note)
    ctx.session.flush()
    return note


def update_note(ctx: Ctx, note_id: int, body: Any) -> Note:
    note = own_note(ctx, note_id)
    given = body.model_fields_set
    for name in ("title", "body", "tags", "pinned"):
        if name in given:
            if getattr(body, name) is None:
                raise invalid_field(name, f"{name} cannot be null")
            setattr(note, name, getattr(body, name))
    if "folder_id" in given:
        note.folder_id = own_folder(ctx, body.folder_id).id if body.folder_id else None
    note.updated_at = utc_now(ctx)
    return note


def delete_note(ctx: Ctx, note_id: int) -> None:
    ctx.session.delete(own_note(ctx, note_id))


def folder_names(session: Session, ids: set[int | None]) -> dict[int, str]:
    wanted = [i for i in ids if i is not None]
    if not wanted:
        return {}
    return dict(session.execute(select(Folder.id, Folder.name).where(Folder.id.in_(wanted))).all())
