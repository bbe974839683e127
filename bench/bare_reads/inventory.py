"""The inventory's loaded read, answered as ours answers it: a product by SKU with its supplier,
its stock per bin and over every bin, and what is still to come on sent purchase orders. Any
logged-in user may read it."""

from __future__ import annotations

from flask import Response, abort, jsonify

from bench.bare_reads import Bare

PRODUCT = (
    "SELECT p.id, p.sku, p.name, p.category, p.unit, p.cost, p.price, s.name AS supplier, "
    "p.reorder_point, p.reorder_quantity, p.active, "
    "(SELECT coalesce(sum(pl.quantity - pl.received_quantity), 0) FROM purchase_order_lines pl "
    "JOIN purchase_orders po ON po.id = pl.purchase_order_id "
    "WHERE pl.product_id = p.id AND po.status IN ('sent', 'partly_received')) AS on_order "
    "FROM products p LEFT JOIN suppliers s ON s.id = p.supplier_id WHERE p.sku = ?"
)
LOCATIONS = (
    "SELECT w.code AS warehouse, b.code AS bin, l.on_hand, l.reserved FROM stock_levels l "
    "JOIN bins b ON b.id = l.bin_id JOIN warehouses w ON w.id = b.warehouse_id "
    "WHERE l.product_id = ? ORDER BY b.code"
)


def register(bare: Bare) -> None:
    @bare.app.get("/api/products/<sku>")
    def product(sku: str) -> Response:
        bare.caller()
        conn = bare.db()
        row = conn.execute(PRODUCT, (sku.strip().upper(),)).fetchone()
        if row is None:
            abort(404)
        locations = [
            {
                "warehouse": r["warehouse"],
                "bin": r["bin"],
                "on_hand": r["on_hand"],
                "reserved": r["reserved"],
                "available": r["on_hand"] - r["reserved"],
            }
            for r in conn.execute(LOCATIONS, (row["id"],))
        ]
        on_hand = sum(loc["on_hand"] for loc in locations)
        reserved = sum(loc["reserved"] for loc in locations)
        active = bool(row["active"])
        return jsonify(
            id=row["id"],
            sku=row["sku"],
            name=row["name"],
            category=row["category"],
            unit=row["unit"],
            cost=row["cost"],
            price=row["price"],
            supplier=row["supplier"],
            reorder_point=row["reorder_point"],
            reorder_quantity=row["reorder_quantity"],
            active=active,
            on_hand=on_hand,
            reserved=reserved,
            available=on_hand - reserved,
            low=active and on_hand - reserved <= row["reorder_point"],
            on_order=row["on_order"],
            locations=locations,
        )
