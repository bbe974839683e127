"""Products, stock, moves, orders and alerts as the API answers them (the UI shows the same)."""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from mock_services.core.base.clock import iso
from mock_services.core.data.transaction import Transaction
from mock_services.inventory.catalog import no_product
from mock_services.inventory.codes import canonical
from mock_services.inventory.models import (
    Bin,
    LowStockAlert,
    Product,
    PurchaseOrder,
    PurchaseOrderLine,
    Reservation,
    SalesOrder,
    SalesOrderLine,
    StockLevel,
    StockMove,
    Supplier,
    User,
    Warehouse,
)
from mock_services.inventory.schemas import (
    AlertOut,
    BinOut,
    MoveOut,
    PoLineOut,
    ProductDetail,
    ProductOut,
    PurchaseOrderOut,
    ReservationOut,
    SalesOrderOut,
    SoLineOut,
    StockLevelOut,
    SupplierOut,
    WarehouseOut,
)

PRODUCT_ROWS = (
    "SELECT p.id, p.sku, p.name, p.category, p.unit, p.cost, p.price, s.name AS supplier, "
    "p.reorder_point, p.reorder_quantity, p.active, "
    "(SELECT coalesce(sum(l.on_hand), 0) FROM stock_levels l WHERE l.product_id = p.id) "
    "AS on_hand, "
    "(SELECT coalesce(sum(l.reserved), 0) FROM stock_levels l WHERE l.product_id = p.id) "
    "AS reserved, "
    "(SELECT coalesce(sum(pl.quantity - pl.received_quantity), 0) FROM purchase_order_lines pl "
    "JOIN purchase_orders po ON po.id = pl.purchase_order_id "
    "WHERE pl.product_id = p.id AND po.status IN ('sent', 'partly_received')) AS on_order "
    "FROM products p LEFT JOIN suppliers s ON s.id = p.supplier_id"
)
"""A product as the list answers it, one plain row: its supplier's name, its stock over every
bin and what is still to come on purchase orders sent and not yet fully received; read with
``ctx.db`` and a ``WHERE`` on ``p``, turned into an answer by ``product_fields``."""
_PRODUCTS_BY_ID = f"{PRODUCT_ROWS} WHERE p.id IN (SELECT value FROM json_each(?))"
"""The products whose ids are the JSON array ``?``: every page runs the same statement."""
_PRODUCT_BY_SKU = f"{PRODUCT_ROWS} WHERE p.sku = ?"
_LOCATION_ROWS = (
    "SELECT w.code AS warehouse, b.code AS bin, l.on_hand, l.reserved FROM stock_levels l "
    "JOIN bins b ON b.id = l.bin_id JOIN warehouses w ON w.id = b.warehouse_id "
    "WHERE l.product_id = ? ORDER BY b.code"
)
"""A product's stock in each bin, by bin code."""


def product_fields(row: sqlite3.Row) -> dict[str, Any]:
    """A ``PRODUCT_ROWS`` row as a ``ProductOut``'s fields (plain values, validated once)."""
    on_hand, reserved = row["on_hand"], row["reserved"]
    available = on_hand - reserved
    active = bool(row["active"])
    return {
        "id": row["id"],
        "sku": row["sku"],
        "name": row["name"],
        "category": row["category"],
        "unit": row["unit"],
        "cost": row["cost"],
        "price": row["price"],
        "supplier": row["supplier"],
        "reorder_point": row["reorder_point"],
        "reorder_quantity": row["reorder_quantity"],
        "active": active,
        "on_hand": on_hand,
        "reserved": reserved,
        "available": available,
        "low": active and available <= row["reorder_point"],
        "on_order": row["on_order"],
    }


def products_out(db: Transaction, product_ids: Sequence[int]) -> list[ProductOut]:
    """The products ``product_ids``, in that order, with their stock, supplier and what is on
    order (one plain query, whatever the number)."""
    rows = {row["id"]: row for row in db.all(_PRODUCTS_BY_ID, (json.dumps(list(product_ids)),))}
    return [ProductOut.model_validate(product_fields(rows[i])) for i in product_ids]


def product_detail(db: Transaction, sku: str) -> ProductDetail:
    """The product ``sku`` as the list answers it, with its stock in each bin (two plain
    queries); 404 if there is none."""
    key = canonical(sku)
    row = db.one(_PRODUCT_BY_SKU, (key,))
    if row is None:
        raise no_product(key)
    fields = product_fields(row)
    fields["locations"] = [
        {
            "warehouse": level["warehouse"],
            "bin": level["bin"],
            "on_hand": level["on_hand"],
            "reserved": level["reserved"],
            "available": level["on_hand"] - level["reserved"],
        }
        for level in db.all(_LOCATION_ROWS, (row["id"],))
    ]
    return ProductDetail.model_validate(fields)


def _products(session: Session, ids: Iterable[int]) -> dict[int, tuple[str, str]]:
    """The SKU and name of the products ``ids``, by id (one query)."""
    rows = session.execute(
        select(Product.id, Product.sku, Product.name).where(Product.id.in_(set(ids)))
    )
    return {product_id: (sku, name) for product_id, sku, name in rows}


def _bins(session: Session, ids: Iterable[int | None]) -> dict[int, tuple[str, str]]:
    """The code and warehouse code of the bins ``ids``, by id (one query)."""
    wanted = {i for i in ids if i}
    rows = session.execute(
        select(Bin.id, Bin.code, Warehouse.code)
        .join(Warehouse, Warehouse.id == Bin.warehouse_id)
        .where(Bin.id.in_(wanted))
    )
    return {bin_id: (code, house) for bin_id, code, house in rows}


def _usernames(session: Session, ids: Iterable[int | None]) -> dict[int, str]:
    wanted = {i for i in ids if i}
    rows = session.execute(select(User.id, User.username).where(User.id.in_(wanted)))
    return dict(rows.all())


def levels_out(session: Session, levels: Sequence[StockLevel]) -> list[StockLevelOut]:
    """Stock rows with their product's SKU and name and their bin's code and warehouse (two
    queries, whatever the number of rows)."""
    products = _products(session, (lv.product_id for lv in levels))
    bins = _bins(session, (lv.bin_id for lv in levels))
    out = []
    for held in levels:
        sku, name = products[held.product_id]
        bin_code, house = bins[held.bin_id]
        out.append(
            StockLevelOut(
                sku=sku,
                product_name=name,
                warehouse=house,
                bin=bin_code,
                on_hand=held.on_hand,
                reserved=held.reserved,
                available=held.on_hand - held.reserved,
            )
        )
    return out


def moves_out(session: Session, moves: Sequence[StockMove]) -> list[MoveOut]:
    """Moves with their product, bins and user named (three queries, whatever the number)."""
    products = _products(session, (m.product_id for m in moves))
    bins = _bins(session, (b for m in moves for b in (m.from_bin_id, m.to_bin_id)))
    users = _usernames(session, (m.user_id for m in moves))
    out = []
    for move in moves:
        sku, name = products[move.product_id]
        out.append(
            MoveOut(
                id=move.id,
                kind=move.kind,
                sku=sku,
                product_name=name,
                from_bin=bins[move.from_bin_id][0] if move.from_bin_id else None,
                to_bin=bins[move.to_bin_id][0] if move.to_bin_id else None,
                quantity=move.quantity,
                reason=move.reason,
                reference=move.reference,
                note=move.note,
                user=users[move.user_id] if move.user_id else None,
                created_at=iso(move.created_at) or "",
            )
        )
    return out


def move_out(session: Session, move: StockMove) -> MoveOut:
    [out] = moves_out(session, [move])
    return out


def move_levels(session: Session, move: StockMove) -> list[StockLevelOut]:
    """The stock of the move's product in the bins it touched."""
    bins = [b for b in (move.from_bin_id, move.to_bin_id) if b]
    levels = session.scalars(
        select(StockLevel)
        .where(StockLevel.product_id == move.product_id, StockLevel.bin_id.in_(bins))
        .order_by(StockLevel.id)
    )
    return levels_out(session, list(levels))


def warehouses_out(session: Session, houses: Sequence[Warehouse]) -> list[WarehouseOut]:
    """Warehouses with their bins, each with how many products it holds and how many units
    (two queries, whatever the number of warehouses)."""
    bins = session.scalars(
        select(Bin).where(Bin.warehouse_id.in_([h.id for h in houses])).order_by(Bin.code)
    ).all()
    held = {
        bin_id: (products, on_hand)
        for bin_id, products, on_hand in session.execute(
            select(StockLevel.bin_id, func.count(), func.sum(StockLevel.on_hand))
            .where(StockLevel.bin_id.in_([b.id for b in bins]), StockLevel.on_hand > 0)
            .group_by(StockLevel.bin_id)
        )
    }
    out = []
    for house in houses:
        out.append(
            WarehouseOut(
                code=house.code,
                name=house.name,
                address=house.address,
                bins=[
                    BinOut(
                        code=b.code,
                        description=b.description,
                        products=held.get(b.id, (0, 0))[0],
                        on_hand=held.get(b.id, (0, 0))[1],
                    )
                    for b in bins
                    if b.warehouse_id == house.id
                ],
            )
        )
    return out


def warehouse_out(session: Session, house: Warehouse) -> WarehouseOut:
    [out] = warehouses_out(session, [house])
    return out


def suppliers_out(session: Session, suppliers: Sequence[Supplier]) -> list[SupplierOut]:
    """Suppliers with the SKUs each supplies (one query for them all)."""
    skus: dict[int | None, list[str]] = defaultdict(list)
    for supplier_id, sku in session.execute(
        select(Product.supplier_id, Product.sku)
        .where(Product.supplier_id.in_([s.id for s in suppliers]))
        .order_by(Product.sku)
    ):
        skus[supplier_id].append(sku)
    return [
        SupplierOut(
            id=supplier.id,
            name=supplier.name,
            contact_name=supplier.contact_name,
            email=supplier.email,
            phone=supplier.phone,
            lead_time_days=supplier.lead_time_days,
            products=skus[supplier.id],
        )
        for supplier in suppliers
    ]


def supplier_out(session: Session, supplier: Supplier) -> SupplierOut:
    [out] = suppliers_out(session, [supplier])
    return out


def purchase_orders_out(
    session: Session, orders: Sequence[PurchaseOrder]
) -> list[PurchaseOrderOut]:
    """Purchase orders with their supplier, warehouse, creator and lines (five queries,
    whatever the number of orders)."""
    suppliers = {
        s.id: s
        for s in session.execute(
            select(Supplier.id, Supplier.name, Supplier.email).where(
                Supplier.id.in_({o.supplier_id for o in orders})
            )
        )
    }
    houses = _warehouse_codes(session, (o.warehouse_id for o in orders))
    creators = _usernames(session, (o.created_by_id for o in orders))
    lines: dict[int, list[PoLineOut]] = defaultdict(list)
    for order_id, sku, name, quantity, received, unit_cost in session.execute(
        select(
            PurchaseOrderLine.purchase_order_id,
            Product.sku,
            Product.name,
            PurchaseOrderLine.quantity,
            PurchaseOrderLine.received_quantity,
            PurchaseOrderLine.unit_cost,
        )
        .join(Product, Product.id == PurchaseOrderLine.product_id)
        .where(PurchaseOrderLine.purchase_order_id.in_([o.id for o in orders]))
        .order_by(PurchaseOrderLine.id)
    ):
        lines[order_id].append(
            PoLineOut(
                sku=sku,
                product_name=name,
                quantity=quantity,
                received_quantity=received,
                outstanding=quantity - received,
                unit_cost=unit_cost,
            )
        )
    out = []
    for order in orders:
        supplier, its_lines = suppliers[order.supplier_id], lines[order.id]
        out.append(
            PurchaseOrderOut(
                id=order.id,
                code=order.code,
                supplier=supplier.name,
                supplier_email=supplier.email,
                warehouse=houses[order.warehouse_id],
                status=order.status,
                created_by=creators[order.created_by_id],
                expected_date=order.expected_date.isoformat() if order.expected_date else None,
                notes=order.notes,
                created_at=iso(order.created_at) or "",
                sent_at=iso(order.sent_at),
                received_at=iso(order.received_at),
                cancelled_at=iso(order.cancelled_at),
                total=round(sum(line.quantity * line.unit_cost for line in its_lines), 2),
                lines=its_lines,
            )
        )
    return out


def purchase_order_out(session: Session, order: PurchaseOrder) -> PurchaseOrderOut:
    [out] = purchase_orders_out(session, [order])
    return out


def _warehouse_codes(session: Session, ids: Iterable[int]) -> dict[int, str]:
    rows = session.execute(select(Warehouse.id, Warehouse.code).where(Warehouse.id.in_(set(ids))))
    return dict(rows.all())


def sales_orders_out(session: Session, orders: Sequence[SalesOrder]) -> list[SalesOrderOut]:
    """Sales orders with their warehouse, owner, lines and the lines' reservations (four
    queries, whatever the number of orders)."""
    houses = _warehouse_codes(session, (o.warehouse_id for o in orders))
    owners = _usernames(session, (o.owner_id for o in orders))
    order_lines = session.execute(
        select(
            SalesOrderLine.id,
            SalesOrderLine.sales_order_id,
            Product.sku,
            Product.name,
            SalesOrderLine.quantity,
            SalesOrderLine.unit_price,
        )
        .join(Product, Product.id == SalesOrderLine.product_id)
        .where(SalesOrderLine.sales_order_id.in_([o.id for o in orders]))
        .order_by(SalesOrderLine.id)
    ).all()
    held: dict[int, list[ReservationOut]] = defaultdict(list)
    for line_id, bin_code, quantity in session.execute(
        select(Reservation.line_id, Bin.code, Reservation.quantity)
        .outerjoin(Bin, Bin.id == Reservation.bin_id)
        .where(Reservation.line_id.in_([line.id for line in order_lines]))
        .order_by(Reservation.id)
    ):
        held[line_id].append(ReservationOut(bin=bin_code or "", quantity=quantity))
    lines: dict[int, list[SoLineOut]] = defaultdict(list)
    for line in order_lines:
        lines[line.sales_order_id].append(
            SoLineOut(
                sku=line.sku,
                product_name=line.name,
                quantity=line.quantity,
                unit_price=line.unit_price,
                reservations=held[line.id],
            )
        )
    out = []
    for order in orders:
        its_lines = lines[order.id]
        out.append(
            SalesOrderOut(
                id=order.id,
                code=order.code,
                customer=order.customer,
                customer_email=order.customer_email,
                warehouse=houses[order.warehouse_id],
                owner=owners[order.owner_id],
                status=order.status,
                notes=order.notes,
                created_at=iso(order.created_at) or "",
                confirmed_at=iso(order.confirmed_at),
                shipped_at=iso(order.shipped_at),
                cancelled_at=iso(order.cancelled_at),
                total=round(sum(line.quantity * line.unit_price for line in its_lines), 2),
                lines=its_lines,
            )
        )
    return out


def sales_order_out(session: Session, order: SalesOrder) -> SalesOrderOut:
    [out] = sales_orders_out(session, [order])
    return out


def alerts_out(session: Session, alerts: Sequence[LowStockAlert]) -> list[AlertOut]:
    products = _products(session, (a.product_id for a in alerts))
    return [
        AlertOut(
            id=alert.id,
            sku=products[alert.product_id][0],
            product_name=products[alert.product_id][1],
            available=alert.available,
            reorder_point=alert.reorder_point,
            reference=alert.reference,
            created_at=iso(alert.created_at) or "",
        )
        for alert in alerts
    ]
