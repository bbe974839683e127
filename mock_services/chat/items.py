"""The items area (``/api/items``): the rules the API and the UI share."""

from __future__ import annotations

from sqlalchemy import select

from mock_services.chat.models import Item
from mock_services.chat.schemas import ItemCreate, ItemQuery, ItemUpdate
from mock_services.core.base.access import owned
from mock_services.core.base.clock import to_naive_utc
from mock_services.core.data.paging import Page, page_of_select
from mock_services.core.spec.api import Ctx


def my_items(ctx: Ctx, query: ItemQuery) -> Page[Item]:
    """One page of the caller's items, oldest first, optionally of one status."""
    stmt = select(Item).where(Item.owner_id == ctx.user.id).order_by(Item.id)
    if query.status is not None:
        stmt = stmt.where(Item.status == query.status)
    return page_of_select(ctx.session, stmt, query)


def create_item(ctx: Ctx, body: ItemCreate) -> Item:
    item = Item(
        owner_id=ctx.user.id,
        title=body.title,
        notes=body.notes,
        status="open",
        due=to_naive_utc(body.due) if body.due else None,
        created_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(item)
    ctx.session.flush()
    return item


def update_item(ctx: Ctx, item_id: int, body: ItemUpdate) -> Item:
    item = my_item(ctx, item_id)
    changes = body.model_dump(exclude_unset=True)
    if "due" in changes:  # null clears the due date; null leaves any other field as it is
        changes["due"] = to_naive_utc(body.due) if body.due else None
    for field, value in changes.items():
        if value is not None or field == "due":
            setattr(item, field, value)
    ctx.session.flush()
    return item


def my_item(ctx: Ctx, item_id: int) -> Item:
    """One of the caller's items (404 if there is none, 403 if it is someone else's)."""
    return owned(ctx.session, Item, item_id, ctx.user.id, kind="item")


def delete_item(ctx: Ctx, item_id: int) -> None:
    ctx.session.delete(my_item(ctx, item_id))
