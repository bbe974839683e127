"""The Chat REST API, under ``/api``: a user's items (every route is an MCP tool too)."""

from __future__ import annotations

from mock_services.chat import items
from mock_services.chat.models import Item
from mock_services.chat.schemas import ItemCreate, ItemOut, ItemPage, ItemQuery, ItemUpdate
from mock_services.core.base.clock import iso
from mock_services.core.data.paging import page_answer
from mock_services.core.spec.api import Api, Ctx

api = Api("items", url_prefix="/api")


def item_out(item: Item) -> ItemOut:
    return ItemOut(
        id=item.id,
        title=item.title,
        notes=item.notes,
        status=item.status,
        due=iso(item.due),
        created_at=iso(item.created_at) or "",
    )


@api.get("/items", response=ItemPage)
def list_items(ctx: Ctx, query: ItemQuery) -> ItemPage:
    """The caller's items, oldest first (``status`` narrows them)."""
    found = items.my_items(ctx, query)
    return page_answer(ItemPage, [item_out(i) for i in found.items], found.total, query)


@api.get("/items/<int:item_id>", response=ItemOut, errors=(403, 404))
def get_item(ctx: Ctx, item_id: int) -> ItemOut:
    """One of the caller's items."""
    return item_out(items.my_item(ctx, item_id))


@api.post("/items", response=ItemOut, status=201)
def add_item(ctx: Ctx, body: ItemCreate) -> ItemOut:
    """Add an item (open) for the caller."""
    return item_out(items.create_item(ctx, body))


@api.patch("/items/<int:item_id>", response=ItemOut, errors=(403, 404))
def change_item(ctx: Ctx, item_id: int, body: ItemUpdate) -> ItemOut:
    """Change an item's title, notes, status or due date; fields left out stay as they are."""
    return item_out(items.update_item(ctx, item_id, body))


@api.delete("/items/<int:item_id>", status=204, errors=(403, 404))
def delete_item(ctx: Ctx, item_id: int) -> None:
    """Delete one of the caller's items."""
    items.delete_item(ctx, item_id)
