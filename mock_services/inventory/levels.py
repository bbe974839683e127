"""A product's stock rows: one per bin it is in, and its totals over every bin."""

from __future__ import annotations

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

from mock_services.inventory.models import Bin, Product, StockLevel


def level(session: Session, product: Product, bin_: Bin) -> StockLevel:
    """The product's stock row in the bin, added (empty) when it has none yet."""
    found = session.scalar(
        select(StockLevel).where(StockLevel.product_id == product.id, StockLevel.bin_id == bin_.id)
    )
    if found is None:
        found = StockLevel(product_id=product.id, bin_id=bin_.id, on_hand=0, reserved=0)
        session.add(found)
        session.flush()
    return found


_TOTALS = select(
    StockLevel.product_id, func.sum(StockLevel.on_hand), func.sum(StockLevel.reserved)
).group_by(StockLevel.product_id)
_TOTALS_OF = _TOTALS.where(StockLevel.product_id.in_(bindparam("ids", expanding=True)))
"""Built once, as building a statement costs more than running it."""


def totals(session: Session, product_ids: list[int] | None = None) -> dict[int, tuple[int, int]]:
    """(on hand, reserved) of each product over every bin."""
    if product_ids is None:
        rows = session.execute(_TOTALS)
    else:
        rows = session.execute(_TOTALS_OF, {"ids": product_ids})
    return {pid: (int(on), int(res)) for pid, on, res in rows}


def available(held: dict[int, tuple[int, int]], product_id: int) -> int:
    """A product's available stock (on hand less reserved) from ``totals``."""
    on_hand, reserved = held.get(product_id, (0, 0))
    return on_hand - reserved
