"""The bare reference of ``invoke bench services``: a minimal Flask app with none of our layers,
served by the same server (granian), workers and threads, on the same SQLite file.

It answers the benchmark's requests the plainest way: one ``sqlite3`` connection per thread,
hand-written SQL, ``jsonify`` of plain dicts. The shop's three routes answer the JSON shape ours
do (a unit test checks it); every other service's ``/api/<resource>/<id>`` answers one row as
``jsonify(dict(row))``. The caller of the write is read from our bearer token with itsdangerous
and the service's own key (no revoked-token or user lookup). Not a product: no validation beyond
what the benchmark sends, no audit, no clock.

    python -m bench.bare_app --db DATA/shop.db --service shop --port 8000 [--table posts=posts]
                           [--table tickets=tickets.code]
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

from flask import Flask, Response, abort, jsonify, request
from itsdangerous import BadSignature, URLSafeSerializer

CONFIG_VARIABLE = "BARE_APP_CONFIG"
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


def _iso(stored: str | None) -> str:
    """A naive UTC timestamp as SQLite holds it (``2026-03-02 09:00:00.000000``) as ours
    renders it (``2026-03-02T09:00:00Z``)."""
    return "" if stored is None else stored[:19].replace(" ", "T") + "Z"


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
        "created_at": _iso(row["created_at"]),
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
            }
            for r in rows
        ],
        "item_count": sum(r["quantity"] for r in rows),
        "subtotal": round(subtotal / 100, 2),
        "shipping": round(shipping / 100, 2),
        "total": round((subtotal + shipping) / 100, 2),
    }


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """``config``: ``db`` (the SQLite file), ``service``, ``secret`` (its token key) and
    ``tables`` (resource name in the URL -> ``table``, or ``table.key`` for a row the URL names
    by another column than ``id``); read from ``BARE_APP_CONFIG`` by default."""
    config = config or json.loads(os.environ[CONFIG_VARIABLE])
    app = Flask("bare")
    app.json.sort_keys = False  # type: ignore[attr-defined]  # typed as the base provider
    local = threading.local()
    tokens = URLSafeSerializer(config["secret"], salt=f"mock-services:{config['service']}")
    tables: dict[str, str] = config["tables"]

    def db() -> sqlite3.Connection:
        if not hasattr(local, "conn"):
            conn = sqlite3.connect(config["db"], isolation_level=None, check_same_thread=False)
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA busy_timeout = 10000")
            conn.execute("PRAGMA synchronous = NORMAL")
            local.conn = conn
        return local.conn

    def caller() -> int:
        header = request.headers.get("Authorization", "")
        try:
            return tokens.loads(header.removeprefix("Bearer "))["uid"]
        except (BadSignature, KeyError, TypeError):
            abort(401)

    @app.get("/health")
    def health() -> Response:
        return jsonify(status="ok")

    @app.get("/api/products/<int:product_id>")
    def product(product_id: int) -> Response:
        row = (
            db()
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

    @app.get("/api/products")
    def products() -> Response:
        page, per_page = int(request.args.get("page", 1)), int(request.args.get("per_page", 20))
        brand = request.args["brand"]
        rows = (
            db()
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

    @app.patch("/api/cart/items/<int:line_id>")
    def set_cart_quantity(line_id: int) -> Response:
        user_id, quantity = caller(), request.get_json()["quantity"]
        conn = db()
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

    @app.get("/api/<resource>/<row_key>")
    def one_row(resource: str, row_key: str) -> Response:
        if resource not in tables:
            abort(404)
        table, _, key = tables[resource].partition(".")
        row = db().execute(f'SELECT * FROM "{table}" WHERE "{key or "id"}" = ?', (row_key,))
        found = row.fetchone()
        if found is None:
            abort(404)
        return jsonify(dict(found))

    return app


def serve(config: dict[str, Any], port: int, workers: int, threads: int) -> None:
    """Serve ``create_app(config)`` under granian, as ``mock-services serve`` serves ours."""
    from granian import Granian
    from granian.constants import Interfaces

    os.environ[CONFIG_VARIABLE] = json.dumps(config)
    Granian(
        "bench.bare_app:create_app",
        factory=True,
        address="127.0.0.1",
        port=port,
        interface=Interfaces.WSGI,
        workers=workers,
        websockets=False,
        blocking_threads=threads,
        backlog=2048,
        log_access=False,
    ).serve()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, required=True, help="the service's SQLite file")
    parser.add_argument("--service", required=True, help="its name (salts the token signer)")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument(
        "--table",
        action="append",
        default=[],
        help="RESOURCE=TABLE[.KEY] for /api/RESOURCE/<key> (KEY: id by default)",
    )
    args = parser.parse_args()
    secret = (args.db.parent / "secrets" / f"{args.service}.key").read_text().strip()
    config = {
        "db": str(args.db),
        "service": args.service,
        "secret": secret,
        "tables": dict(pair.split("=", 1) for pair in args.table),
    }
    serve(config, args.port, args.workers, args.threads)


if __name__ == "__main__":
    main()
