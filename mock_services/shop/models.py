"""The shop's tables. Names and columns are a public contract: verifiers read them directly.

Money is stored as integer cents (``*_cents``); datetimes as naive UTC.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal, get_args

from sqlalchemy import ForeignKey, Index, String, Text, UniqueConstraint, func
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from mock_services.core.base.auth import UserMixin

OrderStatus = Literal[
    "pending",
    "paid",
    "processing",
    "shipped",
    "delivered",
    "cancelled",
    "return_requested",
    "returned",
]
ORDER_STATUSES: tuple[str, ...] = get_args(OrderStatus)
CANCELLABLE_STATUSES = ("pending", "paid", "processing")
PAYMENT_TYPES = ("card", "paypal", "gift_card")
RefundMethod = Literal["original_payment", "store_credit"]


class Base(DeclarativeBase):
    pass


class User(UserMixin, Base):
    __tablename__ = "users"
    phone: Mapped[str | None] = mapped_column(String(40))
    store_credit_cents: Mapped[int] = mapped_column(default=0)


class Address(Base):
    """A shipping address of a user; exactly one per user (when any) has ``is_default``."""

    __tablename__ = "addresses"
    __table_args__ = (UniqueConstraint("user_id", "label"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    label: Mapped[str] = mapped_column(String(60))
    recipient: Mapped[str] = mapped_column(String(200))
    line1: Mapped[str] = mapped_column(String(200))
    line2: Mapped[str | None] = mapped_column(String(200))
    city: Mapped[str] = mapped_column(String(100))
    region: Mapped[str | None] = mapped_column(String(100))
    postal_code: Mapped[str] = mapped_column(String(20))
    country: Mapped[str] = mapped_column(String(2))
    phone: Mapped[str | None] = mapped_column(String(40))
    is_default: Mapped[bool] = mapped_column(default=False)


class PaymentMethod(Base):
    """A card, a PayPal account or a gift card (with a balance) of a user."""

    __tablename__ = "payment_methods"
    __table_args__ = (UniqueConstraint("user_id", "label"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    type: Mapped[str] = mapped_column(String(20))  # card | paypal | gift_card
    label: Mapped[str] = mapped_column(String(300))
    brand: Mapped[str | None] = mapped_column(String(40))
    last4: Mapped[str | None] = mapped_column(String(4))
    exp_month: Mapped[int | None]
    exp_year: Mapped[int | None]
    holder: Mapped[str | None] = mapped_column(String(200))
    paypal_email: Mapped[str | None] = mapped_column(String(200))
    balance_cents: Mapped[int | None]
    is_default: Mapped[bool] = mapped_column(default=False)


class Category(Base):
    __tablename__ = "categories"
    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(80), unique=True)
    name: Mapped[str] = mapped_column(String(120))
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("categories.id"), index=True)


class Product(Base):
    __tablename__ = "products"
    __table_args__ = (
        Index("ix_products_active_price", "active", "price_cents"),
        Index("ix_products_category", "category_id"),
        # A unique index rather than a UNIQUE column: seeding builds it after the rows are in.
        Index("ix_products_sku", "sku", unique=True),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    sku: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(200))
    description: Mapped[str] = mapped_column(Text, default="")
    brand: Mapped[str] = mapped_column(String(100))
    category_id: Mapped[int] = mapped_column(ForeignKey("categories.id"))
    price_cents: Mapped[int]
    stock: Mapped[int]
    rating: Mapped[float] = mapped_column(default=0.0)
    review_count: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime]
    active: Mapped[bool] = mapped_column(default=True)


# The brand filter compares case-insensitively (``lower(brand) = ?``): index that expression.
Index("ix_products_brand", func.lower(Product.brand))


class CartItem(Base):
    __tablename__ = "cart_items"
    __table_args__ = (UniqueConstraint("user_id", "product_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id"))
    quantity: Mapped[int]
    added_at: Mapped[datetime]


class Order(Base):
    """A placed order. The shipping address and payment are snapshotted at checkout
    (``ship_*``, ``payment_label``); ``address_id``/``payment_method_id`` point at the rows used
    and become NULL if the user later deletes them."""

    __tablename__ = "orders"
    __table_args__ = (Index("ix_orders_user_placed", "user_id", "placed_at"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(32), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    status: Mapped[str] = mapped_column(String(20), index=True)
    address_id: Mapped[int | None] = mapped_column(ForeignKey("addresses.id"))
    ship_recipient: Mapped[str] = mapped_column(String(200))
    ship_line1: Mapped[str] = mapped_column(String(200))
    ship_line2: Mapped[str | None] = mapped_column(String(200))
    ship_city: Mapped[str] = mapped_column(String(100))
    ship_region: Mapped[str | None] = mapped_column(String(100))
    ship_postal_code: Mapped[str] = mapped_column(String(20))
    ship_country: Mapped[str] = mapped_column(String(2))
    ship_phone: Mapped[str | None] = mapped_column(String(40))
    payment_method_id: Mapped[int | None] = mapped_column(ForeignKey("payment_methods.id"))
    payment_type: Mapped[str] = mapped_column(String(20))
    payment_label: Mapped[str] = mapped_column(String(300))
    subtotal_cents: Mapped[int]
    shipping_cents: Mapped[int]
    total_cents: Mapped[int]
    refunded_cents: Mapped[int] = mapped_column(default=0)
    note: Mapped[str | None] = mapped_column(String(500))
    placed_at: Mapped[datetime]
    # the delivery promised (Amazon's "Arriving Thursday"), and who carries a shipped order
    estimated_delivery: Mapped[date | None]
    carrier: Mapped[str | None] = mapped_column(String(60))
    tracking_number: Mapped[str | None] = mapped_column(String(60))
    shipped_at: Mapped[datetime | None]
    delivered_at: Mapped[datetime | None]
    cancelled_at: Mapped[datetime | None]
    cancel_reason: Mapped[str | None] = mapped_column(String(500))
    return_requested_at: Mapped[datetime | None]
    return_reason: Mapped[str | None] = mapped_column(String(500))
    # original_payment | store_credit: where a return's refund went (NULL unless returned)
    return_refund_method: Mapped[str | None] = mapped_column(String(20))


class OrderItem(Base):
    __tablename__ = "order_items"
    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id"), index=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id"))
    sku: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(200))
    unit_price_cents: Mapped[int]
    quantity: Mapped[int]
    line_total_cents: Mapped[int]
    return_quantity: Mapped[int] = mapped_column(default=0)


class OrderEvent(Base):
    """One step of an order's status history."""

    __tablename__ = "order_events"
    id: Mapped[int] = mapped_column(primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id"), index=True)
    status: Mapped[str] = mapped_column(String(20))
    at: Mapped[datetime]
    note: Mapped[str | None] = mapped_column(String(500))
