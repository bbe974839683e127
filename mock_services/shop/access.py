"""The caller's own rows, owner-checked: 404 if there is none, 403 if it is someone else's."""

from __future__ import annotations

from typing import Any

from mock_services.core.base.access import check_owner
from mock_services.core.spec.api import Ctx
from mock_services.shop.models import Address, CartItem, PaymentMethod


def owned(ctx: Ctx, row: Any, kind: str, row_id: int) -> Any:
    """``row`` (a ``kind`` with id ``row_id``, or None) if it is the caller's."""
    return check_owner(row, ctx.user_id, kind=kind, row_id=row_id, owner_attr="user_id")


def address_of(ctx: Ctx, address_id: int) -> Address:
    return owned(ctx, ctx.session.get(Address, address_id), "address", address_id)


def payment_method_of(ctx: Ctx, method_id: int) -> PaymentMethod:
    return owned(ctx, ctx.session.get(PaymentMethod, method_id), "payment method", method_id)


def cart_line_of(ctx: Ctx, line_id: int) -> CartItem:
    return owned(ctx, ctx.session.get(CartItem, line_id), "cart line", line_id)
