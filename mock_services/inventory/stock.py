"""Stock (``/api/stock``, ``/api/moves``): how much of each product each bin holds and what is
reserved of it; every change of it recorded as a move (receipts, transfers, adjustments,
shipments); transfers between bins and adjustments with a reason."""

from __future__ import annotations

from sqlalchemy import Select, or_, select
from sqlalchemy.orm import Session

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.errors import Conflict, invalid_field
from mock_services.core.data.paging import Page, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.inventory import alerts
from mock_services.inventory.access import WAREHOUSE, require_role
from mock_services.inventory.catalog import bin_by_code, product_by_sku, warehouse_by_code
from mock_services.inventory.levels import level
from mock_services.inventory.models import Bin, Product, StockLevel, StockMove
from mock_services.inventory.schemas import (
    AdjustmentRequest,
    MoveQuery,
    StockQuery,
    TransferRequest,
)


def record(
    ctx: Ctx,
    kind: str,
    product: Product,
    quantity: int,
    *,
    from_bin: Bin | None = None,
    to_bin: Bin | None = None,
    reason: str | None = None,
    reference: str = "",
    note: str = "",
) -> StockMove:
    """A move in the history; the stock rows are changed by the caller."""
    move = StockMove(
        kind=kind,
        product_id=product.id,
        from_bin_id=from_bin.id if from_bin else None,
        to_bin_id=to_bin.id if to_bin else None,
        quantity=quantity,
        reason=reason,
        reference=reference,
        note=note,
        user_id=ctx.user_id,
        created_at=to_naive_utc(ctx.now),
    )
    ctx.session.add(move)
    ctx.session.flush()
    return move


def short_of(product: Product, where: str, wanted: int, held: StockLevel | tuple[int, int]) -> str:
    """The refusal's words when ``where`` has less of ``product`` available than ``wanted``."""
    on_hand, reserved = (held.on_hand, held.reserved) if isinstance(held, StockLevel) else held
    return (
        f"only {on_hand - reserved} of {product.sku} ({product.name}) available at {where} "
        f"({on_hand} on hand, {reserved} reserved); {wanted} asked for"
    )


def transfer(ctx: Ctx, body: TransferRequest) -> StockMove:
    """Move available stock from one bin to another (in the same warehouse or not)."""
    require_role(ctx, "move stock", WAREHOUSE)
    session = ctx.session
    product = product_by_sku(session, body.sku, "sku")
    source = bin_by_code(session, body.from_bin, "from_bin")
    target = bin_by_code(session, body.to_bin, "to_bin")
    if source.id == target.id:
        raise invalid_field("to_bin", f"it is the bin the stock is in ({source.code})")
    held = level(session, product, source)
    if held.on_hand - held.reserved < body.quantity:
        raise Conflict(f"cannot move it: {short_of(product, source.code, body.quantity, held)}")
    held.on_hand -= body.quantity
    level(session, product, target).on_hand += body.quantity
    return record(
        ctx, "transfer", product, body.quantity, from_bin=source, to_bin=target, note=body.note
    )


def adjust(ctx: Ctx, body: AdjustmentRequest) -> tuple[StockMove, bool]:
    """Correct a bin's on-hand count, with a reason; whether it brought the product to low
    stock (the managers are mailed then)."""
    require_role(ctx, "adjust stock", WAREHOUSE)
    session = ctx.session
    product = product_by_sku(session, body.sku, "sku")
    where = bin_by_code(session, body.bin, "bin")
    held = level(session, product, where)
    change = _change(body, held)
    if held.on_hand + change < held.reserved:
        raise Conflict(
            f"{where.code} would hold {held.on_hand + change} of {product.sku} with "
            f"{held.reserved} reserved for sales orders; cancel or ship those first, or adjust "
            "another bin"
        )
    before = alerts.snapshot(session, [product.id])
    held.on_hand += change
    move = record(
        ctx,
        "adjustment",
        product,
        abs(change),
        from_bin=where if change < 0 else None,
        to_bin=where if change > 0 else None,
        reason=body.reason,
        note=body.note,
    )
    raised = alerts.check(ctx, before, f"move {move.id}")
    return move, bool(raised)


def _change(body: AdjustmentRequest, held: StockLevel) -> int:
    """The units the adjustment adds (negative: removes), checked against its reason."""
    if (body.change is None) == (body.counted is None):
        raise invalid_field("change", "give either change (units added or removed) or counted")
    field = "change" if body.change is not None else "counted"
    change = body.change if body.change is not None else (body.counted or 0) - held.on_hand
    if change == 0:
        raise invalid_field(field, f"the bin already holds {held.on_hand}; nothing to adjust")
    if body.reason in ("damage", "loss") and change > 0:
        raise invalid_field(field, f"{body.reason} removes stock: give a negative change")
    if body.reason == "found" and change < 0:
        raise invalid_field(field, "found adds stock: give a positive change")
    if held.on_hand + change < 0:
        raise invalid_field(field, f"the bin holds only {held.on_hand}")
    return change


def find_levels(ctx: Ctx, query: StockQuery) -> Page[StockLevel]:
    """One page of stock rows, by SKU then bin."""
    stmt = (
        select(StockLevel)
        .join(Product, Product.id == StockLevel.product_id)
        .join(Bin, Bin.id == StockLevel.bin_id)
        .order_by(Product.sku, Bin.code)
    )
    session = ctx.session
    if query.sku is not None:
        stmt = stmt.where(StockLevel.product_id == product_by_sku(session, query.sku, "sku").id)
    if query.warehouse is not None:
        house = warehouse_by_code(session, query.warehouse, "warehouse")
        stmt = stmt.where(Bin.warehouse_id == house.id)
    if query.bin is not None:
        stmt = stmt.where(StockLevel.bin_id == bin_by_code(session, query.bin, "bin").id)
    if query.in_stock is not None:
        stmt = stmt.where((StockLevel.on_hand > 0) == query.in_stock)
    return page_of_select(session, stmt, query)


def find_moves(ctx: Ctx, query: MoveQuery) -> Page[StockMove]:
    """One page of the move history, latest first."""
    return page_of_select(ctx.session, _moves(ctx.session, query), query)


def _moves(session: Session, query: MoveQuery) -> Select[StockMove]:
    stmt = select(StockMove).order_by(StockMove.created_at.desc(), StockMove.id.desc())
    if query.sku is not None:
        stmt = stmt.where(StockMove.product_id == product_by_sku(session, query.sku, "sku").id)
    if query.bin is not None:
        bin_id = bin_by_code(session, query.bin, "bin").id
        stmt = stmt.where(or_(StockMove.from_bin_id == bin_id, StockMove.to_bin_id == bin_id))
    if query.warehouse is not None:
        house = warehouse_by_code(session, query.warehouse, "warehouse")
        bins = select(Bin.id).where(Bin.warehouse_id == house.id)
        stmt = stmt.where(or_(StockMove.from_bin_id.in_(bins), StockMove.to_bin_id.in_(bins)))
    if query.kind is not None:
        stmt = stmt.where(StockMove.kind == query.kind)
    if query.reason is not None:
        stmt = stmt.where(StockMove.reason == query.reason)
    if query.reference is not None:
        stmt = stmt.where(StockMove.reference == query.reference.strip().upper())
    return stmt
