"""The catalogue's rules (the products and categories areas): product search with its filters
and sorts, one product by id or SKU, and the category tree with its product counts."""

from __future__ import annotations

import sqlite3
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from mock_services.core.base.errors import NotFound
from mock_services.core.base.search import SQL_FUNCTION
from mock_services.core.data.paging import Page, page_offset
from mock_services.core.data.transaction import Transaction
from mock_services.core.spec.api import Ctx
from mock_services.shop.models import Category, Product
from mock_services.shop.money import to_cents


def category_ids_under(db: Transaction, slug: str) -> list[int]:
    """The id of the category ``slug`` and the ids of all categories below it; 404 if there
    is no such category."""
    rows = db.all("SELECT id, parent_id, slug FROM categories ORDER BY id")
    root = next((row["id"] for row in rows if row["slug"] == slug), None)
    if root is None:
        known = [row["slug"] for row in rows if row["parent_id"] is None]
        raise NotFound(
            f"no category with slug {slug!r}; top-level categories are: "
            f"{', '.join(known) or 'none'} (see GET /api/categories)"
        )
    children: dict[int | None, list[int]] = {}
    for row in rows:
        children.setdefault(row["parent_id"], []).append(row["id"])
    found, stack = [], [root]
    while stack:
        category_id = stack.pop()
        found.append(category_id)
        stack.extend(children.get(category_id, []))
    return found


PRODUCT_ROWS = (
    "SELECT p.id, p.sku, p.name, p.description, p.brand, p.price_cents, p.stock, p.rating, "
    "p.review_count, p.created_at, p.active, c.id AS category_id, c.slug AS category_slug, "
    "c.name AS category_name FROM products p JOIN categories c ON c.id = p.category_id"
)
"""A product with its category, as one plain row (read with ``ctx.db``; see ``product_out``)."""
_SORTS = {
    "price_asc": "p.price_cents, p.id",
    "price_desc": "p.price_cents DESC, p.id",
    "rating": "p.rating DESC, p.review_count DESC, p.id",
    "newest": "p.created_at DESC, p.id DESC",
    "name": "p.name, p.id",
    "relevance": "p.review_count DESC, p.id",
}


def _contains(column: str) -> str:
    return f"instr({SQL_FUNCTION}({column}), ?) > 0"


def search_products(db: Transaction, query: Any) -> Page[sqlite3.Row]:
    """Active products matching the query's search words and filters, sorted and paginated."""
    conditions, params = ["p.active = 1"], []
    words = [word.casefold() for word in (query.q or "").split()[:10]]
    if words:
        # every word in the name, brand or description, or the whole query the item number
        # (SKU), as a store's search finds "VIR-2701"
        every_word = " AND ".join(
            f"({_contains('p.name')} OR {_contains('p.brand')} OR {_contains('p.description')})"
            for _ in words
        )
        conditions.append(f"(({every_word}) OR lower(p.sku) = ?)")
        params += [word for word in words for _ in range(3)] + [(query.q or "").strip().lower()]
    if query.category:
        ids = category_ids_under(db, query.category)
        conditions.append(f"p.category_id IN ({', '.join('?' * len(ids))})")
        params += ids
    filters = (
        ("lower(p.brand) = ?", query.brand.lower() if query.brand else None),
        ("p.price_cents >= ?", None if query.min_price is None else to_cents(query.min_price)),
        ("p.price_cents <= ?", None if query.max_price is None else to_cents(query.max_price)),
        ("p.rating >= ?", query.min_rating),
        ("p.rating <= ?", query.max_rating),
    )
    for condition, value in filters:
        if value is not None:
            conditions.append(condition)
            params.append(value)
    if query.in_stock is not None:
        conditions.append("p.stock > 0" if query.in_stock else "p.stock = 0")
    where = " AND ".join(conditions)
    order, order_params = _SORTS[query.sort], []
    if query.sort == "relevance" and words:
        # a word in the name counts 3, in the brand 2, in the description 1
        score = " + ".join(
            f"(CASE WHEN {_contains('p.name')} THEN 3 WHEN {_contains('p.brand')} THEN 2 "
            "ELSE 1 END)"
            for _ in words
        )
        order, order_params = f"{score} DESC, {order}", [w for w in words for _ in (0, 1)]
    rows = db.all(
        f"{PRODUCT_ROWS.replace(' FROM ', ', count(*) OVER () AS total FROM ', 1)} "
        f"WHERE {where} ORDER BY {order} LIMIT ? OFFSET ?",
        [*params, *order_params, query.per_page, page_offset(query)],
    )
    if rows:
        return Page(rows, rows[0]["total"])
    counted = db.one(f"SELECT count(*) FROM products p WHERE {where}", params)
    return Page(rows, counted[0] if counted else 0)


def product_row(ctx: Ctx, *, product_id: int | None = None, sku: str | None = None) -> sqlite3.Row:
    """A product (by id, else by SKU) with its category; 404 if there is none."""
    column, key = ("p.id", product_id) if sku is None else ("p.sku", sku)
    row = ctx.db.one(f"{PRODUCT_ROWS} WHERE {column} = ?", (key,))
    if row is None:
        what = f"sku {sku!r}" if sku is not None else f"id {product_id}"
        raise NotFound(f"no product with {what}; search with GET /api/products?q=...")
    return row


def update_product(
    ctx: Ctx, product_id: int, *, price_cents: int | None, stock: int | None
) -> None:
    """Operations: set a product's price and/or stock (404 if there is no such product).
    Carts keep their quantities; a checkout holding more than the new stock is refused."""
    product = ctx.session.get(Product, product_row(ctx, product_id=product_id)["id"])
    assert product is not None
    if price_cents is not None:
        product.price_cents = price_cents
    if stock is not None:
        product.stock = stock
    ctx.session.flush()


def category_counts(session: Session) -> tuple[list[Category], dict[int, int]]:
    """Every category and its number of active products (subcategories included)."""
    categories = session.scalars(select(Category).order_by(Category.name, Category.id)).all()
    parent = {c.id: c.parent_id for c in categories}
    direct = dict(
        session.execute(
            select(Product.category_id, func.count())
            .where(Product.active.is_(True))
            .group_by(Product.category_id)
        ).all()
    )
    totals = dict.fromkeys(parent, 0)
    for cid, count in direct.items():
        cursor: int | None = cid
        while cursor is not None:
            totals[cursor] += count
            cursor = parent[cursor]
    return list(categories), totals
