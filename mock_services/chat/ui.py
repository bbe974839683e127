"""The Chat web UI: the items page (list, filter, add) and an item's page (edit, mark
done, delete). Every form validates through the API's own model and calls the same functions."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, url_for

from mock_services.chat import items
from mock_services.chat.api import item_out
from mock_services.chat.schemas import ItemCreate, ItemQuery, ItemUpdate
from mock_services.core.data.paging import Page
from mock_services.core.spec.api import Ctx, parse_query
from mock_services.core.web.forms import read_form
from mock_services.core.web.ui import page, render

ui = Blueprint("chat_ui", __name__, template_folder="templates")


@page(ui, "/", shows=("list_items",))
def items_page(ctx: Ctx) -> Any:
    query = parse_query(ItemQuery)
    listed = items.my_items(ctx, query)
    found = Page([item_out(i) for i in listed.items], listed.total)
    pages = max(1, -(-found.total // query.per_page))
    return render("chat/items.html", ctx, found=found, query=query, pages=pages)


@page(ui, "/items", methods=("POST",), operation="add_item")
def item_create(ctx: Ctx) -> Any:
    item = items.create_item(ctx, read_form(ItemCreate, verbatim=("notes",)))
    flash(f"Added {item.title!r}.", "ok")
    return redirect(url_for("chat_ui.items_page"), 303)


@page(ui, "/items/<int:item_id>", shows=("get_item",))
def item_page(ctx: Ctx, item_id: int) -> Any:
    item = items.my_item(ctx, item_id)
    return render("chat/item.html", ctx, item=item_out(item))


@page(ui, "/items/<int:item_id>/edit", methods=("POST",), operation="change_item")
def item_edit(ctx: Ctx, item_id: int) -> Any:
    item = items.update_item(ctx, item_id, read_form(ItemUpdate, verbatim=("notes",)))
    flash(f"Saved {item.title!r}.", "ok")
    return redirect(url_for("chat_ui.item_page", item_id=item_id), 303)


@page(ui, "/items/<int:item_id>/delete", methods=("POST",), operation="delete_item")
def item_delete(ctx: Ctx, item_id: int) -> Any:
    items.delete_item(ctx, item_id)
    flash("Deleted the item.", "ok")
    return redirect(url_for("chat_ui.items_page"), 303)
