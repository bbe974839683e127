"""The shop's loaded requests, answered as ours answers them: a product by id, a brand's
products by price, and a cart line's quantity (a real write)."""

from __future__ import annotations

import sqlite3
from typing import Any

from flask import Response, abort, jsonify, request

from bench.bare_reads import Bare, iso

FREE_SHIPPING_CENTS, SHIPPING_CENTS = 5000, 499
PRODUCT_COLUMNS = (
    "p.id, p.sku, p.name, p.description, p.brand, p.price_cents, p.stock, p.rating, "
    "p.review_count, p.created_at, p.active, c.id AS category_id, c.slug AS category_slug, "
    "c.name AS category_name"
)
CART_LINES = (
    "SELECT ci.id, ci.quantity, p.id AS product_id, p.sku, p.name, p.price_cents, p.stock, "
    "p.active FROM cart_items ci JOIN products p ON p.id = ci.product_id "
    "WHERE ci.user_id = ? ORDER BY ci.id"
)


def product_json(row: sqlite3.Row) -> dict[str, Any]:
    return {
        "id": row["id"],
        "sku": row["sku"],
        "name": row["name"],
        "description": row["description"],
        "brand": row["brand"],
        "category": {
            "id": row["category_id"],
            "slug": row["category_slug"],
            "name": row["category_name"],
        },
        "price": round(row["price_cents"] / 100, 2),
        "stock": row["stock"],
        "in_stock": row["stock"] > 0,
        "rating": row["rating"],
        "review_count": row["review_count"],
        "created_at": iso(row["created_at"]),
        "active": bool(row["active"]),
    }


def cart_json(rows: list[sqlite3.Row]) -> dict[str, Any]:
    subtotal = sum(r["price_cents"] * r["quantity"] for r in rows)
    shipping = 0 if subtotal == 0 or subtotal >= FREE_SHIPPING_CENTS else SHIPPING_CENTS
    return {
        "lines": [
            {
                "id": r["id"],
                "product_id": r["product_id"],
                "sku": r["sku"],
                "name": r["name"],
                "unit_price": round(r["price_cents"] / 100, 2),
                "quantity": r["quantity"],
                "line_total": round(r["price_cents"] * r["quantity"] / 100, 2),
                "stock": r["stock"],
                "active": bool(r["active"]),
                "available": r["stock"] if r["active"] else 0,
                "exceeds_stock": r["quantity"] > (r["stock"] if r["active"] else 0),
            }
            for r in rows
        ],
        "item_count": sum(r["quantity"] for r in rows),
        "subtotal": round(subtotal / 100, 2),
        "shipping": round(shipping / 100, 2),
        "total": round((subtotal + shipping) / 100, 2),
    }


def register(bare: Bare) -> None:
    @bare.app.get("/api/products/<int:product_id>")
    def product(product_id: int) -> Response:
        row = (
            bare.db()
            .execute(
                f"SELECT {PRODUCT_COLUMNS} FROM products p JOIN categories c "
                "ON c.id = p.category_id WHERE p.id = ?",
                (product_id,),
            )
            .fetchone()
        )
        if row is None:
            abort(404)
        return jsonify(product_json(row))

    @bare.app.get("/api/products")
    def products() -> Response:
        page, per_page = int(request.args.get("page", 1)), int(request.args.get("per_page", 20))
        brand = request.args["brand"]
        rows = (
            bare.db()
            .execute(
                f"SELECT {PRODUCT_COLUMNS}, count(*) OVER () AS total FROM products p "
                "JOIN categories c ON c.id = p.category_id WHERE p.active = 1 "
                "AND lower(p.brand) = ? ORDER BY p.price_cents, p.id LIMIT ? OFFSET ?",
                (brand.lower(), per_page, (page - 1) * per_page),
            )
            .fetchall()
        )
        total = rows[0]["total"] if rows else 0
        items = [product_json(r) for r in rows]
        return jsonify(items=items, total=total, page=page, per_page=per_page)

    @bare.app.patch("/api/cart/items/<int:line_id>")
    def set_cart_quantity(line_id: int) -> Response:
        user_id, quantity = bare.caller(), request.get_json()["quantity"]
        conn = bare.db()
        conn.execute("BEGIN IMMEDIATE")
        try:
            line = conn.execute(
                "SELECT ci.user_id, ci.quantity, p.stock, p.active FROM cart_items ci "
                "JOIN products p ON p.id = ci.product_id WHERE ci.id = ?",
                (line_id,),
            ).fetchone()
            if line is None or line["user_id"] != user_id:
                abort(404)
            if (quantity > line["quantity"] or not line["active"]) and quantity > line["stock"]:
                abort(409)
            conn.execute("UPDATE cart_items SET quantity = ? WHERE id = ?", (quantity, line_id))
            answer = cart_json(conn.execute(CART_LINES, (user_id,)).fetchall())
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return jsonify(answer)
