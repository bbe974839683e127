"""Low stock (``/api/low-stock``): the products whose available stock (on hand less reserved,
over every warehouse) is at or below their reorder point, and the alerts raised when a move,
a reservation or a shipment brings a product there, each mailed to the managers."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.schemas import PageQuery
from mock_services.core.data.paging import Page, page_of, page_of_select
from mock_services.core.spec.api import Ctx
from mock_services.inventory import notices
from mock_services.inventory.levels import available, totals
from mock_services.inventory.models import LowStockAlert, Product


def snapshot(session: Session, product_ids: list[int]) -> dict[int, int]:
    """Each product's available stock now, to compare with after a change."""
    held = totals(session, product_ids)
    return {pid: available(held, pid) for pid in product_ids}


def check(ctx: Ctx, before: dict[int, int], reference: str) -> list[LowStockAlert]:
    """An alert, mailed to the managers, for each product of ``before`` whose available stock
    was above its reorder point and is now at or below it."""
    raised = []
    after = snapshot(ctx.session, list(before))
    for product_id, was in before.items():
        product = ctx.session.get(Product, product_id)
        assert product is not None  # the caller read it
        point, now = product.reorder_point, after[product_id]
        if not product.active or not (was > point >= now):
            continue
        alert = LowStockAlert(
            product_id=product.id,
            available=now,
            reorder_point=point,
            reference=reference,
            created_at=to_naive_utc(ctx.now),
        )
        ctx.session.add(alert)
        ctx.session.flush()
        notices.low_stock(ctx, product, alert)
        raised.append(alert)
    return raised


def low_products(ctx: Ctx, paging: PageQuery) -> Page[int]:
    """One page of the active products at or below their reorder point, by SKU: their ids,
    for ``present.products_out``."""
    products = ctx.session.execute(
        select(Product.id, Product.reorder_point)
        .where(Product.active.is_(True))
        .order_by(Product.sku)
    )
    held = totals(ctx.session)
    low = [product_id for product_id, point in products if available(held, product_id) <= point]
    return page_of(low, paging)


def find_alerts(ctx: Ctx, paging: PageQuery) -> Page[LowStockAlert]:
    """One page of the alerts raised, latest first."""
    stmt = select(LowStockAlert).order_by(LowStockAlert.created_at.desc(), LowStockAlert.id.desc())
    return page_of_select(ctx.session, stmt, paging)
