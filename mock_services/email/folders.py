"""The folders area: system folders first, custom ones unique per account ignoring case;
a folder is deleted only when empty or its messages go to inbox."""

from __future__ import annotations

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from mock_services.core.base.access import owned
from mock_services.core.base.errors import Conflict, NotFound, ValidationFailed
from mock_services.core.spec.api import Ctx
from mock_services.email.models import SYSTEM_FOLDERS, Folder, Message
from mock_services.email.names import same_name


def folders_of(ctx: Ctx) -> list[Folder]:
    """System folders in their usual order, then custom folders by name."""
    folders = ctx.session.scalars(select(Folder).where(Folder.owner_id == ctx.user_id)).all()
    order = {name: i for i, name in enumerate(SYSTEM_FOLDERS)}
    return sorted(
        folders, key=lambda f: (0, order[f.name], "") if f.is_system else (1, 0, f.name.lower())
    )


def folder_counts(ctx: Ctx) -> dict[int, tuple[int, int]]:
    rows = ctx.session.execute(
        select(
            Message.folder_id,
            func.count(Message.id),
            func.sum(case((Message.is_read, 0), else_=1)),
        )
        .where(Message.owner_id == ctx.user_id)
        .group_by(Message.folder_id)
    ).all()
    return {folder_id: (total, int(unread or 0)) for folder_id, total, unread in rows}


def find_folder(session: Session, owner_id: int, name: str) -> Folder | None:
    return same_name(
        session.scalars(select(Folder).where(Folder.owner_id == owner_id)), name.strip()
    )


def folder_named(ctx: Ctx, name: str) -> Folder:
    folder = find_folder(ctx.session, ctx.user_id, name)
    if folder is None:
        known = ", ".join(repr(f.name) for f in folders_of(ctx))
        raise NotFound(f"no folder named {name!r}; your folders are: {known}")
    return folder


def get_folder(ctx: Ctx, folder_id: int) -> Folder:
    return owned(ctx.session, Folder, folder_id, ctx.user_id, kind="folder")


def _check_folder_name(ctx: Ctx, name: str, *, exclude: int = 0) -> str:
    name = name.strip()
    if not name:
        raise ValidationFailed("name: a folder name cannot be blank")
    if "/" in name:
        raise ValidationFailed(f"name: {name!r} contains '/'; folders cannot be nested")
    if name.casefold() in SYSTEM_FOLDERS:
        raise Conflict(f"{name!r} is a system folder name; choose another name")
    clash = same_name(
        ctx.session.scalars(
            select(Folder).where(Folder.owner_id == ctx.user_id, Folder.id != exclude)
        ),
        name,
    )
    if clash is not None:
        raise Conflict(f"you already have a folder named {clash.name!r}")
    return name


def create_folder(ctx: Ctx, name: str) -> Folder:
    folder = Folder(owner_id=ctx.user_id, name=_check_folder_name(ctx, name), is_system=False)
    ctx.session.add(folder)
    ctx.session.flush()
    return folder


def rename_folder(ctx: Ctx, folder_id: int, name: str) -> Folder:
    folder = get_folder(ctx, folder_id)
    if folder.is_system:
        raise Conflict(f"{folder.name!r} is a system folder; it cannot be renamed")
    folder.name = _check_folder_name(ctx, name, exclude=folder.id)
    return folder


def delete_folder(ctx: Ctx, folder_id: int, move_to_inbox: bool) -> None:
    session = ctx.session
    folder = get_folder(ctx, folder_id)
    if folder.is_system:
        raise Conflict(f"{folder.name!r} is a system folder; it cannot be deleted")
    inside = session.scalars(select(Message).where(Message.folder_id == folder.id)).all()
    if inside and not move_to_inbox:
        raise Conflict(
            f"folder {folder.name!r} holds {len(inside)} message(s); move them first or pass "
            "move_messages_to_inbox=true"
        )
    inbox = folder_named(ctx, "inbox")
    for message in inside:
        message.folder_id = inbox.id
    for message in session.scalars(select(Message).where(Message.original_folder_id == folder.id)):
        message.original_folder_id = inbox.id
    session.flush()
    session.delete(folder)
