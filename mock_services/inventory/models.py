"""The Inventory tables: products from suppliers, warehouses and their bins, the stock of each
product in each bin, the history of stock moves, purchase orders to suppliers, sales orders
with the stock they reserve, and the low-stock alerts mailed to the managers."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from sqlalchemy import Float, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from mock_services.core.base.auth import UserMixin

Role = Literal["manager", "clerk", "sales", "viewer"]
Unit = Literal["each", "pair", "box", "pack", "roll", "kg", "m", "l"]
MoveKind = Literal["receipt", "transfer", "adjustment", "shipment"]
Reason = Literal["count_correction", "damage", "loss", "found"]
PoStatus = Literal["draft", "sent", "partly_received", "received", "cancelled"]
SoStatus = Literal["draft", "confirmed", "shipped", "cancelled"]


class Base(DeclarativeBase):
    pass


class User(UserMixin, Base):
    """Who logs in: managers (mailed low-stock alerts), warehouse clerks, sales, viewers."""

    __tablename__ = "users"
    role: Mapped[str] = mapped_column(String(10), default="clerk")


class Supplier(Base):
    __tablename__ = "suppliers"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    contact_name: Mapped[str] = mapped_column(String(200), default="")
    email: Mapped[str] = mapped_column(String(200))
    phone: Mapped[str] = mapped_column(String(50), default="")
    lead_time_days: Mapped[int] = mapped_column(default=7)


class Product(Base):
    __tablename__ = "products"
    id: Mapped[int] = mapped_column(primary_key=True)
    sku: Mapped[str] = mapped_column(String(40), unique=True)  # upper case
    name: Mapped[str] = mapped_column(String(200))
    category: Mapped[str] = mapped_column(String(100), default="")
    unit: Mapped[str] = mapped_column(String(8), default="each")
    cost: Mapped[float] = mapped_column(Float, default=0)
    price: Mapped[float] = mapped_column(Float, default=0)
    supplier_id: Mapped[int | None] = mapped_column(ForeignKey("suppliers.id"), index=True)
    reorder_point: Mapped[int] = mapped_column(default=0)
    reorder_quantity: Mapped[int] = mapped_column(default=0)
    active: Mapped[bool] = mapped_column(default=True)


class Warehouse(Base):
    __tablename__ = "warehouses"
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(20), unique=True)  # EAST
    name: Mapped[str] = mapped_column(String(200))
    address: Mapped[str] = mapped_column(String(300), default="")


class Bin(Base):
    """A storage location in a warehouse; its code is unique across warehouses (EAST-A-01)."""

    __tablename__ = "bins"
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(30), unique=True)
    warehouse_id: Mapped[int] = mapped_column(ForeignKey("warehouses.id"), index=True)
    description: Mapped[str] = mapped_column(String(200), default="")


class StockLevel(Base):
    """How much of a product a bin holds; ``reserved`` of it is promised to confirmed sales
    orders (the sum of their ``reservations`` here), the rest is available."""

    __tablename__ = "stock_levels"
    __table_args__ = (UniqueConstraint("product_id", "bin_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id"), index=True)
    bin_id: Mapped[int] = mapped_column(ForeignKey("bins.id"), index=True)
    on_hand: Mapped[int] = mapped_column(default=0)
    reserved: Mapped[int] = mapped_column(default=0)


class StockMove(Base):
    """One change of stock, kept as history: a receipt (``to_bin``), a transfer (both bins), an
    adjustment (either bin, with a reason) or a shipment (``from_bin``)."""

    __tablename__ = "stock_moves"
    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(10), index=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id"), index=True)
    from_bin_id: Mapped[int | None] = mapped_column(ForeignKey("bins.id"))
    to_bin_id: Mapped[int | None] = mapped_column(ForeignKey("bins.id"))
    quantity: Mapped[int]  # always positive; the bins say which way it went
    reason: Mapped[str | None] = mapped_column(String(20))
    reference: Mapped[str] = mapped_column(String(20), default="")  # PO-1001, SO-2001
    note: Mapped[str] = mapped_column(Text, default="")
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime]


class PurchaseOrder(Base):
    __tablename__ = "purchase_orders"
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)  # PO-<id>
    supplier_id: Mapped[int] = mapped_column(ForeignKey("suppliers.id"), index=True)
    warehouse_id: Mapped[int] = mapped_column(ForeignKey("warehouses.id"))
    status: Mapped[str] = mapped_column(String(16), default="draft", index=True)
    created_by_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    expected_date: Mapped[date | None]
    notes: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]
    sent_at: Mapped[datetime | None]
    received_at: Mapped[datetime | None]
    cancelled_at: Mapped[datetime | None]


class PurchaseOrderLine(Base):
    __tablename__ = "purchase_order_lines"
    id: Mapped[int] = mapped_column(primary_key=True)
    purchase_order_id: Mapped[int] = mapped_column(ForeignKey("purchase_orders.id"), index=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id"))
    quantity: Mapped[int]
    received_quantity: Mapped[int] = mapped_column(default=0)
    unit_cost: Mapped[float] = mapped_column(Float)


class SalesOrder(Base):
    __tablename__ = "sales_orders"
    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)  # SO-<id>
    customer: Mapped[str] = mapped_column(String(200))
    customer_email: Mapped[str] = mapped_column(String(200), default="")
    warehouse_id: Mapped[int] = mapped_column(ForeignKey("warehouses.id"))
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    status: Mapped[str] = mapped_column(String(10), default="draft", index=True)
    notes: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime]
    confirmed_at: Mapped[datetime | None]
    shipped_at: Mapped[datetime | None]
    cancelled_at: Mapped[datetime | None]


class SalesOrderLine(Base):
    __tablename__ = "sales_order_lines"
    id: Mapped[int] = mapped_column(primary_key=True)
    sales_order_id: Mapped[int] = mapped_column(ForeignKey("sales_orders.id"), index=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id"))
    quantity: Mapped[int]
    unit_price: Mapped[float] = mapped_column(Float)


class Reservation(Base):
    """Stock of a bin held for a confirmed sales order's line until it ships or is cancelled."""

    __tablename__ = "reservations"
    id: Mapped[int] = mapped_column(primary_key=True)
    line_id: Mapped[int] = mapped_column(ForeignKey("sales_order_lines.id"), index=True)
    bin_id: Mapped[int] = mapped_column(ForeignKey("bins.id"))
    quantity: Mapped[int]


class LowStockAlert(Base):
    """A product's available stock fell to or below its reorder point (mailed to managers)."""

    __tablename__ = "low_stock_alerts"
    id: Mapped[int] = mapped_column(primary_key=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id"), index=True)
    available: Mapped[int]
    reorder_point: Mapped[int]
    reference: Mapped[str] = mapped_column(String(40), default="")  # what crossed it
    created_at: Mapped[datetime]
