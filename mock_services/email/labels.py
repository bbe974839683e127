"""The labels area: your labels with their message counts, unique per account ignoring case;
deleting one takes it off every message."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from mock_services.core.base.access import owned
from mock_services.core.base.errors import Conflict, NotFound, ValidationFailed
from mock_services.core.spec.api import Ctx
from mock_services.email.models import Label, Message, MessageLabel
from mock_services.email.names import same_name


def labels_of(ctx: Ctx) -> list[Label]:
    return list(
        ctx.session.scalars(
            select(Label).where(Label.owner_id == ctx.user_id).order_by(func.lower(Label.name))
        )
    )


def label_counts(ctx: Ctx) -> dict[int, int]:
    rows = ctx.session.execute(
        select(MessageLabel.label_id, func.count())
        .join(Label, Label.id == MessageLabel.label_id)
        .where(Label.owner_id == ctx.user_id)
        .group_by(MessageLabel.label_id)
    ).all()
    return dict(rows)


def label_unread_counts(ctx: Ctx) -> dict[int, int]:
    """Each label's unread messages (the sidebar's counts, as Gmail shows them)."""
    rows = ctx.session.execute(
        select(MessageLabel.label_id, func.count())
        .join(Message, Message.id == MessageLabel.message_id)
        .where(Message.owner_id == ctx.user_id, Message.is_read.is_(False))
        .group_by(MessageLabel.label_id)
    ).all()
    return dict(rows)


def get_label(ctx: Ctx, label_id: int) -> Label:
    return owned(ctx.session, Label, label_id, ctx.user_id, kind="label")


def find_label(session: Session, owner_id: int, name: str) -> Label | None:
    return same_name(session.scalars(select(Label).where(Label.owner_id == owner_id)), name.strip())


def label_named(ctx: Ctx, name: str) -> Label:
    label = find_label(ctx.session, ctx.user_id, name)
    if label is None:
        known = ", ".join(repr(lab.name) for lab in labels_of(ctx)) or "none yet"
        raise NotFound(f"no label named {name!r}; your labels are: {known}")
    return label


def _check_label_name(session: Session, owner_id: int, name: str, *, exclude: int = 0) -> str:
    name = name.strip()
    if not name:
        raise ValidationFailed("name: a label name cannot be blank")
    clash = same_name(
        session.scalars(select(Label).where(Label.owner_id == owner_id, Label.id != exclude)),
        name,
    )
    if clash is not None:
        raise Conflict(f"you already have a label named {clash.name!r}")
    return name


def new_label(session: Session, owner_id: int, name: str, color: str | None) -> Label:
    label = Label(owner_id=owner_id, name=_check_label_name(session, owner_id, name), color=color)
    session.add(label)
    session.flush()
    return label


def create_label(ctx: Ctx, name: str, color: str | None) -> Label:
    return new_label(ctx.session, ctx.user_id, name, color)


def update_label(ctx: Ctx, label_id: int, fields: dict[str, Any]) -> Label:
    label = get_label(ctx, label_id)
    if "name" in fields:
        if fields["name"] is None:
            raise ValidationFailed("name: cannot be null")
        label.name = _check_label_name(ctx.session, ctx.user_id, fields["name"], exclude=label.id)
    if "color" in fields:
        label.color = fields["color"]
    return label


def delete_label(ctx: Ctx, label_id: int) -> None:
    label = get_label(ctx, label_id)
    for link in ctx.session.scalars(select(MessageLabel).where(MessageLabel.label_id == label.id)):
        ctx.session.delete(link)
    ctx.session.flush()
    ctx.session.delete(label)
