"""What each role may do: managers everything, clerks the warehouse's work (moves, receiving,
shipping, draft purchase orders), sales their own sales orders, viewers nothing but read."""

from __future__ import annotations

from mock_services.core.base.access import not_yours, role_refused
from mock_services.core.spec.api import Ctx
from mock_services.inventory.models import SalesOrder

MANAGERS = ("manager",)
WAREHOUSE = ("manager", "clerk")
SELLERS = ("manager", "clerk", "sales")
_NAMES = {
    MANAGERS: "managers",
    WAREHOUSE: "managers or clerks",
    SELLERS: "managers, clerks or sales",
}


def require_role(ctx: Ctx, action: str, allowed: tuple[str, ...]) -> None:
    """A 403 in the kit's wording when the caller's role is not ``allowed`` to do ``action``."""
    role = ctx.user.role
    if role not in allowed:
        hint = "ask a manager" if allowed == MANAGERS else "ask the warehouse team"
        raise role_refused(action, _NAMES[allowed], role, hint)


def require_order_owner(ctx: Ctx, order: SalesOrder, action: str) -> None:
    """Sales users act on their own sales orders only; clerks and managers on any."""
    require_role(ctx, action, SELLERS)
    if ctx.user.role == "sales" and order.owner_id != ctx.user_id:
        raise not_yours("sales order", order.code, "ask its owner or a manager")
