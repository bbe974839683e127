"""The account's rules (the profile, addresses and payment-methods areas): one default address
and payment method per user, labels unique per user, cards Luhn-checked."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.core.base.errors import Conflict, invalid_field
from mock_services.core.spec.api import Ctx
from mock_services.shop.access import address_of, payment_method_of
from mock_services.shop.models import CANCELLABLE_STATUSES, Address, Order, PaymentMethod, User
from mock_services.shop.seed import payment_label


def default_address(session: Session, user_id: int) -> Address | None:
    return session.scalar(
        select(Address).where(Address.user_id == user_id, Address.is_default.is_(True))
    )


def default_payment_method(session: Session, user_id: int) -> PaymentMethod | None:
    return session.scalar(
        select(PaymentMethod).where(
            PaymentMethod.user_id == user_id, PaymentMethod.is_default.is_(True)
        )
    )


def update_profile(ctx: Ctx, changes: dict[str, Any]) -> User:
    user: User = ctx.user
    for name in ("display_name", "email"):
        if name in changes:
            setattr(user, name, changes[name])
    if "phone" in changes:
        user.phone = changes["phone"] or None
    return user


def list_addresses(ctx: Ctx) -> list[Address]:
    return list(
        ctx.session.scalars(
            select(Address).where(Address.user_id == ctx.user_id).order_by(Address.id)
        )
    )


def _check_label_free(session: Session, model: Any, user_id: int, label: str, skip: int) -> None:
    clash = session.scalar(
        select(model.id).where(model.user_id == user_id, model.label == label, model.id != skip)
    )
    if clash is not None:
        kind = "an address" if model is Address else "a payment method"
        raise Conflict(f"you already have {kind} labelled {label!r} (id {clash}); pick another")


def _make_default(session: Session, model: Any, row: Any) -> None:
    for other in session.scalars(
        select(model).where(model.user_id == row.user_id, model.is_default.is_(True))
    ):
        if other.id != row.id:
            other.is_default = False
    row.is_default = True


def _delete_owned(session: Session, model: Any, row: Any) -> None:
    """Delete an address or payment method; the user's oldest other one becomes the default."""
    was_default = row.is_default
    session.delete(row)
    session.flush()
    if was_default:
        successor = session.scalar(
            select(model).where(model.user_id == row.user_id).order_by(model.id).limit(1)
        )
        if successor is not None:
            successor.is_default = True


def add_address(ctx: Ctx, fields: dict[str, Any]) -> Address:
    _check_label_free(ctx.session, Address, ctx.user_id, fields["label"], 0)
    make_default = fields.pop("is_default", False)
    address = Address(user_id=ctx.user_id, is_default=False, **fields)
    ctx.session.add(address)
    ctx.session.flush()
    if make_default or default_address(ctx.session, ctx.user_id) is None:
        _make_default(ctx.session, Address, address)
    return address


def update_address(ctx: Ctx, address_id: int, changes: dict[str, Any]) -> Address:
    address = address_of(ctx, address_id)
    if "label" in changes:
        _check_label_free(ctx.session, Address, ctx.user_id, changes["label"], address.id)
    make_default = changes.pop("is_default", None)
    if make_default is False and address.is_default:
        raise Conflict(
            f"address {address.id} is your default; make another address the default instead"
        )
    for name, value in changes.items():
        setattr(address, name, value)
    if make_default:
        _make_default(ctx.session, Address, address)
    return address


def set_default_address(ctx: Ctx, address_id: int) -> Address:
    address = address_of(ctx, address_id)
    _make_default(ctx.session, Address, address)
    return address


def delete_address(ctx: Ctx, address_id: int) -> None:
    address = address_of(ctx, address_id)
    for order in ctx.session.scalars(select(Order).where(Order.address_id == address.id)):
        order.address_id = None  # the order keeps its snapshot of the address
    _delete_owned(ctx.session, Address, address)


def list_payment_methods(ctx: Ctx) -> list[PaymentMethod]:
    return list(
        ctx.session.scalars(
            select(PaymentMethod)
            .where(PaymentMethod.user_id == ctx.user_id)
            .order_by(PaymentMethod.id)
        )
    )


def luhn_ok(digits: str) -> bool:
    total = 0
    for i, char in enumerate(reversed(digits)):
        n = int(char)
        if i % 2 == 1:
            n = n * 2 - 9 if n * 2 > 9 else n * 2
        total += n
    return total % 10 == 0


def card_brand(digits: str) -> str:
    if digits.startswith("4"):
        return "Visa"
    if digits[:2] in ("34", "37"):
        return "Amex"
    if digits[:2] in {"51", "52", "53", "54", "55"} or "2221" <= digits[:4] <= "2720":
        return "Mastercard"
    if digits.startswith(("6011", "65")):
        return "Discover"
    return "Card"


def card_expired(month: int, year: int, ctx: Ctx) -> bool:
    return (year, month) < (ctx.now.year, ctx.now.month)


def add_payment_method(ctx: Ctx, body: Any) -> PaymentMethod:
    """Add a card (``CardCreate``) or a PayPal account (``PaypalCreate``)."""
    fields: dict[str, Any] = {"user_id": ctx.user_id, "type": body.type, "is_default": False}
    if body.type == "card":
        digits = body.card_number.replace(" ", "")
        if not 12 <= len(digits) <= 19 or not luhn_ok(digits):
            raise invalid_field("card_number", "not a valid card number (checksum failed)")
        if card_expired(body.exp_month, body.exp_year, ctx):
            raise invalid_field(
                "exp_year",
                f"the card expired in {body.exp_month:02d}/{body.exp_year}; use a valid card",
            )
        fields.update(
            brand=card_brand(digits),
            last4=digits[-4:],
            exp_month=body.exp_month,
            exp_year=body.exp_year,
            holder=body.holder or ctx.user.display_name,
        )
    else:
        fields.update(paypal_email=body.paypal_email, holder=body.holder)
    fields["label"] = body.label or payment_label(
        body.type, fields.get("brand"), fields.get("last4"), fields.get("paypal_email")
    )
    _check_label_free(ctx.session, PaymentMethod, ctx.user_id, fields["label"], 0)
    method = PaymentMethod(**fields)
    ctx.session.add(method)
    ctx.session.flush()
    if body.is_default or default_payment_method(ctx.session, ctx.user_id) is None:
        _make_default(ctx.session, PaymentMethod, method)
    return method


def set_default_payment_method(ctx: Ctx, method_id: int) -> PaymentMethod:
    method = payment_method_of(ctx, method_id)
    _make_default(ctx.session, PaymentMethod, method)
    return method


def delete_payment_method(ctx: Ctx, method_id: int) -> None:
    method = payment_method_of(ctx, method_id)
    orders = ctx.session.scalars(
        select(Order).where(Order.payment_method_id == method.id).order_by(Order.id)
    ).all()
    still_open = [o.code for o in orders if o.status in CANCELLABLE_STATUSES]
    if still_open:
        raise Conflict(
            f"payment method {method.id} ({method.label}) paid for open order "
            f"{', '.join(still_open)}; a cancellation would be refunded to it, so it cannot be "
            "removed until the order ships or is cancelled"
        )
    for order in orders:
        order.payment_method_id = None  # the order keeps its payment_label snapshot
    _delete_owned(ctx.session, PaymentMethod, method)
