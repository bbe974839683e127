"""Products, stock, moves, orders and alerts as the API answers them (the UI shows the same)."""

from __future__ import annotations

from collections import defaultdict

from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.core.base.clock import iso
from mock_services.inventory.levels import totals
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
    LocationOut,
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

OPEN_PO = ("sent", "partly_received")


def _on_order(session: Session) -> dict[int, int]:
    """Units still to come per product on sent purchase orders."""
    rows = session.execute(
        select(
            PurchaseOrderLine.product_id,
            PurchaseOrderLine.quantity,
            PurchaseOrderLine.received_quantity,
        )
        .join(PurchaseOrder, PurchaseOrder.id == PurchaseOrderLine.purchase_order_id)
        .where(PurchaseOrder.status.in_(OPEN_PO))
    )
    due: dict[int, int] = defaultdict(int)
    for product_id, quantity, received in rows:
        due[product_id] += quantity - received
    return due


def products_out(session: Session, products: list[Product]) -> list[ProductOut]:
    held = totals(session, [p.id for p in products])
    due = _on_order(session)
    suppliers = {s.id: s.name for s in session.scalars(select(Supplier))}
    out = []
    for p in products:
        on_hand, reserved = held.get(p.id, (0, 0))
        out.append(
            ProductOut(
                id=p.id,
                sku=p.sku,
                name=p.name,
                category=p.category,
                unit=p.unit,
                cost=p.cost,
                price=p.price,
                supplier=suppliers.get(p.supplier_id) if p.supplier_id else None,
                reorder_point=p.reorder_point,
                reorder_quantity=p.reorder_quantity,
                active=p.active,
                on_hand=on_hand,
                reserved=reserved,
                available=on_hand - reserved,
                low=p.active and on_hand - reserved <= p.reorder_point,
                on_order=due.get(p.id, 0),
            )
        )
    return out


def product_detail(session: Session, product: Product) -> ProductDetail:
    [out] = products_out(session, [product])
    levels = session.scalars(
        select(StockLevel)
        .join(Bin, Bin.id == StockLevel.bin_id)
        .where(StockLevel.product_id == product.id)
        .order_by(Bin.code)
    )
    return ProductDetail(
        **out.model_dump(),
        locations=[
            LocationOut(
                **_where(session, lv.bin_id),
                on_hand=lv.on_hand,
                reserved=lv.reserved,
                available=lv.on_hand - lv.reserved,
            )
            for lv in levels
        ],
    )


def _where(session: Session, bin_id: int) -> dict[str, str]:
    found = session.get(Bin, bin_id)
    assert found is not None  # a foreign key
    house = session.get(Warehouse, found.warehouse_id)
    assert house is not None
    return {"warehouse": house.code, "bin": found.code}


def _bin_code(session: Session, bin_id: int | None) -> str | None:
    found = session.get(Bin, bin_id) if bin_id else None
    return found.code if found else None


def level_out(session: Session, held: StockLevel) -> StockLevelOut:
    product = session.get(Product, held.product_id)
    assert product is not None
    return StockLevelOut(
        sku=product.sku,
        product_name=product.name,
        **_where(session, held.bin_id),
        on_hand=held.on_hand,
        reserved=held.reserved,
        available=held.on_hand - held.reserved,
    )


def move_out(session: Session, move: StockMove) -> MoveOut:
    product = session.get(Product, move.product_id)
    user = session.get(User, move.user_id) if move.user_id else None
    assert product is not None
    return MoveOut(
        id=move.id,
        kind=move.kind,
        sku=product.sku,
        product_name=product.name,
        from_bin=_bin_code(session, move.from_bin_id),
        to_bin=_bin_code(session, move.to_bin_id),
        quantity=move.quantity,
        reason=move.reason,
        reference=move.reference,
        note=move.note,
        user=user.username if user else None,
        created_at=iso(move.created_at) or "",
    )


def move_levels(session: Session, move: StockMove) -> list[StockLevelOut]:
    """The stock of the move's product in the bins it touched."""
    bins = [b for b in (move.from_bin_id, move.to_bin_id) if b]
    levels = session.scalars(
        select(StockLevel)
        .where(StockLevel.product_id == move.product_id, StockLevel.bin_id.in_(bins))
        .order_by(StockLevel.id)
    )
    return [level_out(session, lv) for lv in levels]


def warehouse_out(session: Session, house: Warehouse) -> WarehouseOut:
    bins = session.scalars(select(Bin).where(Bin.warehouse_id == house.id).order_by(Bin.code))
    out = []
    for b in bins:
        levels = session.scalars(select(StockLevel).where(StockLevel.bin_id == b.id)).all()
        held = [lv for lv in levels if lv.on_hand > 0]
        out.append(
            BinOut(
                code=b.code,
                description=b.description,
                products=len(held),
                on_hand=sum(lv.on_hand for lv in held),
            )
        )
    return WarehouseOut(code=house.code, name=house.name, address=house.address, bins=out)


def supplier_out(session: Session, supplier: Supplier) -> SupplierOut:
    skus = session.scalars(
        select(Product.sku).where(Product.supplier_id == supplier.id).order_by(Product.sku)
    )
    return SupplierOut(
        id=supplier.id,
        name=supplier.name,
        contact_name=supplier.contact_name,
        email=supplier.email,
        phone=supplier.phone,
        lead_time_days=supplier.lead_time_days,
        products=list(skus),
    )


def purchase_order_out(session: Session, order: PurchaseOrder) -> PurchaseOrderOut:
    supplier = session.get(Supplier, order.supplier_id)
    house = session.get(Warehouse, order.warehouse_id)
    creator = session.get(User, order.created_by_id)
    assert supplier is not None and house is not None and creator is not None
    lines = []
    for line in session.scalars(
        select(PurchaseOrderLine)
        .where(PurchaseOrderLine.purchase_order_id == order.id)
        .order_by(PurchaseOrderLine.id)
    ):
        product = session.get(Product, line.product_id)
        assert product is not None
        lines.append(
            PoLineOut(
                sku=product.sku,
                product_name=product.name,
                quantity=line.quantity,
                received_quantity=line.received_quantity,
                outstanding=line.quantity - line.received_quantity,
                unit_cost=line.unit_cost,
            )
        )
    return PurchaseOrderOut(
        id=order.id,
        code=order.code,
        supplier=supplier.name,
        supplier_email=supplier.email,
        warehouse=house.code,
        status=order.status,
        created_by=creator.username,
        expected_date=order.expected_date.isoformat() if order.expected_date else None,
        notes=order.notes,
        created_at=iso(order.created_at) or "",
        sent_at=iso(order.sent_at),
        received_at=iso(order.received_at),
        cancelled_at=iso(order.cancelled_at),
        total=round(sum(line.quantity * line.unit_cost for line in lines), 2),
        lines=lines,
    )


def sales_order_out(session: Session, order: SalesOrder) -> SalesOrderOut:
    house = session.get(Warehouse, order.warehouse_id)
    owner = session.get(User, order.owner_id)
    assert house is not None and owner is not None
    lines = []
    for line in session.scalars(
        select(SalesOrderLine)
        .where(SalesOrderLine.sales_order_id == order.id)
        .order_by(SalesOrderLine.id)
    ):
        product = session.get(Product, line.product_id)
        assert product is not None
        held = session.scalars(
            select(Reservation).where(Reservation.line_id == line.id).order_by(Reservation.id)
        )
        lines.append(
            SoLineOut(
                sku=product.sku,
                product_name=product.name,
                quantity=line.quantity,
                unit_price=line.unit_price,
                reservations=[
                    ReservationOut(bin=_bin_code(session, r.bin_id) or "", quantity=r.quantity)
                    for r in held
                ],
            )
        )
    return SalesOrderOut(
        id=order.id,
        code=order.code,
        customer=order.customer,
        customer_email=order.customer_email,
        warehouse=house.code,
        owner=owner.username,
        status=order.status,
        notes=order.notes,
        created_at=iso(order.created_at) or "",
        confirmed_at=iso(order.confirmed_at),
        shipped_at=iso(order.shipped_at),
        cancelled_at=iso(order.cancelled_at),
        total=round(sum(line.quantity * line.unit_price for line in lines), 2),
        lines=lines,
    )


def alert_out(session: Session, alert: LowStockAlert) -> AlertOut:
    product = session.get(Product, alert.product_id)
    assert product is not None
    return AlertOut(
        id=alert.id,
        sku=product.sku,
        product_name=product.name,
        available=alert.available,
        reorder_point=alert.reorder_point,
        reference=alert.reference,
        created_at=iso(alert.created_at) or "",
    )
