"""The shop's seed document: users (with addresses, payment methods and cart), categories,
products and past orders, referenced by natural keys (username, slug, sku, labels)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any, Literal

from pydantic import Field, model_validator

from mock_services.core.base.clock import to_naive_utc
from mock_services.core.base.schemas import EmailAddress
from mock_services.core.seeding.seed import (
    SeedDate,
    SeedDateTime,
    SeedModel,
    ServiceSeed,
    seed_row,
)
from mock_services.core.seeding.seed_map import (
    USER_FIELDS,
    Children,
    ColumnField,
    Embedded,
    Entity,
    Entry,
    Exporting,
    Hook,
    Ref,
    Section,
    SeedMap,
    code_from_id,
    moment,
    now_naive,
)
from mock_services.core.seeding.users import UserSeed
from mock_services.shop.models import (
    Address,
    CartItem,
    Category,
    Order,
    OrderEvent,
    OrderItem,
    OrderStatus,
    PaymentMethod,
    Product,
    RefundMethod,
    User,
)
from mock_services.shop.money import (
    Money,
    amount,
    return_refund_cents,
    shipping_for,
    to_cents,
)

_RETURNS = ("return_requested", "returned")
_DELIVERED = ("delivered", *_RETURNS)
_SHIPPED = ("shipped", *_DELIVERED)
Country = str
_COUNTRY = r"^[A-Z]{2}$"
_LABEL = Field(min_length=1, max_length=60)
_PAYMENT_FIELDS = ("brand", "last4", "exp_month", "exp_year", "holder", "paypal_email", "balance")


def order_code(order_id: int) -> str:
    """The code of an order created with id ``order_id``: ``ORD-100123`` for id 123."""
    return f"ORD-{100000 + order_id}"


def payment_label(kind: str, brand: str | None, last4: str | None, paypal_email: str | None) -> str:
    if kind == "card":
        return f"{brand} ending {last4}"
    if kind == "paypal":
        return f"PayPal ({paypal_email})"
    return f"Gift card ending {last4}" if last4 else "Gift card"


def payment_fields(method: PaymentMethod) -> dict[str, Any]:
    """A stored payment method's fields as the seed and the API show them (balance in units)."""
    balance = method.balance_cents
    return {
        "id": method.id,
        "type": method.type,
        "label": method.label,
        "brand": method.brand,
        "last4": method.last4,
        "exp_month": method.exp_month,
        "exp_year": method.exp_year,
        "holder": method.holder,
        "paypal_email": method.paypal_email,
        "balance": amount(balance) if balance is not None else None,
    }


class AddressSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    label: str = _LABEL
    recipient: str = Field(min_length=1, max_length=200)
    line1: str = Field(min_length=1, max_length=200)
    line2: str | None = Field(None, max_length=200)
    city: str = Field(min_length=1, max_length=100)
    region: str | None = Field(None, max_length=100)
    postal_code: str = Field(min_length=1, max_length=20)
    country: str = Field(pattern=_COUNTRY, description="ISO 3166 alpha-2, e.g. 'US'")
    phone: str | None = Field(None, max_length=40)
    default: bool = False


class PaymentMethodSeed(SeedModel):
    """``card`` needs brand, last4, exp_month, exp_year; ``paypal`` needs paypal_email;
    ``gift_card`` needs balance. ``label`` defaults to e.g. 'Visa ending 4242'."""

    id: int | None = Field(None, ge=1)
    type: Literal["card", "paypal", "gift_card"]
    label: str | None = Field(None, min_length=1, max_length=300)
    brand: str | None = Field(None, min_length=1, max_length=40)
    last4: str | None = Field(None, pattern=r"^\d{4}$")
    exp_month: int | None = Field(None, ge=1, le=12)
    exp_year: int | None = Field(None, ge=2000, le=2100)
    holder: str | None = Field(None, max_length=200)
    paypal_email: EmailAddress | None = None
    balance: Money | None = None
    default: bool = False

    @model_validator(mode="after")
    def _fields_fit_type(self) -> PaymentMethodSeed:
        needed = {
            "card": ("brand", "last4", "exp_month", "exp_year"),
            "paypal": ("paypal_email",),
            "gift_card": ("balance",),
        }[self.type]
        missing = [name for name in needed if getattr(self, name) is None]
        if missing:
            raise ValueError(f"a {self.type} payment method needs {', '.join(missing)}")
        allowed = {
            "card": {"brand", "last4", "exp_month", "exp_year", "holder"},
            "paypal": {"paypal_email", "holder"},
            "gift_card": {"balance", "last4"},
        }[self.type]
        extra = [
            name
            for name in _PAYMENT_FIELDS
            if name not in allowed and getattr(self, name) is not None
        ]
        if extra:
            raise ValueError(f"a {self.type} payment method has no {', '.join(extra)}")
        return self


class CartLineSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    sku: str = Field(min_length=1, max_length=64)
    quantity: int = Field(ge=1, le=999)
    added_at: SeedDateTime | None = None


class ShopUserSeed(UserSeed):
    phone: str | None = Field(None, max_length=40)
    store_credit: Money = Field(0.0, description="balance from returns refunded as store credit")
    addresses: list[AddressSeed] = []
    payment_methods: list[PaymentMethodSeed] = []
    cart: list[CartLineSeed] = []


class CategorySeed(SeedModel):
    id: int | None = Field(None, ge=1)
    slug: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=80)
    name: str = Field(min_length=1, max_length=120)
    parent: str | None = Field(None, description="slug of the parent category")


@seed_row
class ProductSeed:
    id: int | None = Field(None, ge=1)
    sku: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9._-]+$")
    name: str = Field(min_length=1, max_length=200)
    description: str = ""
    brand: str = Field(min_length=1, max_length=100)
    category: str = Field(description="category slug")
    price: Money
    stock: int = Field(ge=0, le=1_000_000)
    rating: float = Field(0.0, ge=0, le=5)
    review_count: int = Field(0, ge=0)
    created_at: SeedDateTime | None = None
    active: bool = True


class ShipToSeed(SeedModel):
    recipient: str = Field(min_length=1, max_length=200)
    line1: str = Field(min_length=1, max_length=200)
    line2: str | None = Field(None, max_length=200)
    city: str = Field(min_length=1, max_length=100)
    region: str | None = Field(None, max_length=100)
    postal_code: str = Field(min_length=1, max_length=20)
    country: str = Field(pattern=_COUNTRY)
    phone: str | None = Field(None, max_length=40)


class OrderItemSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    sku: str
    quantity: int = Field(ge=1, le=999)
    unit_price: Money | None = Field(None, description="defaults to the product's price")
    name: str | None = Field(None, description="defaults to the product's name")
    return_quantity: int = Field(0, ge=0)

    @model_validator(mode="after")
    def _returns_fit(self) -> OrderItemSeed:
        if self.return_quantity > self.quantity:
            raise ValueError(
                f"return_quantity {self.return_quantity} exceeds quantity {self.quantity}"
            )
        return self


class OrderEventSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    status: OrderStatus
    at: SeedDateTime
    note: str | None = None


class OrderSeed(SeedModel):
    """A past order. ``address``/``payment`` name the user's address and payment method by
    label (default: the user's defaults); ``ship_to``/``payment_type``+``payment_label`` give
    the snapshot explicitly instead. ``events`` default to a plausible history."""

    id: int | None = Field(None, ge=1)
    code: str | None = Field(None, pattern=r"^[A-Z0-9][A-Z0-9-]{2,31}$")
    user: str
    status: OrderStatus = "paid"
    placed_at: SeedDateTime
    estimated_delivery: SeedDate | None = Field(
        None, description="the day the delivery is promised for (the page's 'Arriving ...')"
    )
    carrier: str | None = Field(None, min_length=1, max_length=60, description="e.g. UPS")
    tracking_number: str | None = Field(None, min_length=1, max_length=60)
    shipped_at: SeedDateTime | None = None
    delivered_at: SeedDateTime | None = None
    cancelled_at: SeedDateTime | None = None
    cancel_reason: str | None = None
    return_requested_at: SeedDateTime | None = None
    return_reason: str | None = None
    refund_method: RefundMethod | None = Field(
        None, description="a return's refund: original_payment (default) or store_credit"
    )
    address: str | None = None
    ship_to: ShipToSeed | None = None
    payment: str | None = None
    payment_type: Literal["card", "paypal", "gift_card"] | None = None
    payment_label: str | None = Field(None, min_length=1, max_length=300)
    items: list[OrderItemSeed] = Field(min_length=1)
    shipping: Money | None = Field(None, description="defaults to the shop's shipping rule")
    refunded: Money | None = Field(
        None,
        description="defaults to the total when cancelled, to the return rule when returned",
    )
    note: str | None = Field(None, max_length=500)
    events: list[OrderEventSeed] | None = None

    @model_validator(mode="after")
    def _consistent(self) -> OrderSeed:
        if self.status in _DELIVERED and self.delivered_at is None:
            raise ValueError(f"a {self.status} order needs delivered_at")
        if self.status not in _DELIVERED and self.delivered_at is not None:
            raise ValueError(f"a {self.status} order cannot have delivered_at")
        if self.status in _RETURNS and not self.return_reason:
            raise ValueError(f"a {self.status} order needs return_reason")
        if self.status not in _RETURNS and self.refund_method is not None:
            raise ValueError(f"a {self.status} order has no return, so no refund_method")
        if self.status not in _SHIPPED and (self.carrier or self.tracking_number):
            raise ValueError(f"a {self.status} order has not shipped, so no carrier or tracking")
        if self.tracking_number and not self.carrier:
            raise ValueError("a tracking_number needs the carrier it belongs to")
        if (self.payment_type is None) != (self.payment_label is None):
            raise ValueError("give payment_type and payment_label together")
        skus = [item.sku for item in self.items]
        dupes = sorted({s for s in skus if skus.count(s) > 1})
        if dupes:
            raise ValueError(f"sku {dupes[0]!r} is listed twice; use one item with a quantity")
        return self


class ShopSeed(ServiceSeed):
    users: list[ShopUserSeed] = []
    categories: list[CategorySeed] = []
    products: list[ProductSeed] = []
    orders: list[OrderSeed] = []


_SHIP_FIELDS = tuple(ShipToSeed.model_fields)  # an order's ship_<field> columns


# --- Load and export: one mapping per entity ---------------------------------------------------


def _is_default(entry: Entry) -> bool:
    """The one entry of a user's list flagged ``default``, else the list's first."""
    assert entry.parent is not None and entry.via is not None
    siblings = getattr(entry.parent.seed, entry.via.seed)
    flagged = [i for i, row in enumerate(siblings) if row.default]
    if len(flagged) > 1:
        where = (*entry.loc[:-1], flagged[1], "default")
        raise entry.ctx.error(where, "only one entry can be the default")
    return entry.loc[-1] == (flagged[0] if flagged else 0)


def _label_once(kind: str, entity: str) -> Callable[[Entry], None]:
    """A check: no two of a user's ``entity`` rows share a label."""

    def check(entry: Entry) -> None:
        label = entry.row["label"]
        if any(row["label"] == label for row in entry.loading.earlier(entity, "user_id", entry)):
            assert entry.parent is not None
            raise entry.ctx.error(
                (*entry.loc, "label"),
                f"duplicate {kind} label {label!r} for {entry.parent.seed.username}; "
                "give each a distinct 'label'",
            )

    return check


def _in_cart_once(entry: Entry) -> None:
    assert entry.parent is not None
    sku = entry.seed.sku
    if any(line.sku == sku for line in entry.parent.seed.cart[: entry.loc[-1]]):
        raise entry.ctx.error(
            (*entry.loc, "sku"), f"sku {sku!r} is in the cart twice; add up quantities"
        )


def _no_cycle(entry: Entry) -> None:
    rows = entry.loading.rows["category"]
    seen, cursor = {entry.row["id"]}, entry.row["parent_id"]
    while cursor is not None:
        if cursor in seen:
            raise entry.ctx.error(
                (*entry.loc, "parent"), "categories form a cycle through their parents"
            )
        seen.add(cursor)
        cursor = rows[cursor]["parent_id"]


def _picked(entry: Entry, entity: str, kind: str, snapshot_given: bool, hint: str) -> int | None:
    """The id of the user's ``entity`` row labelled as the order says; else none when the order
    gives its own snapshot; else the user's default."""
    order, uid = entry.seed, entry.row["user_id"]
    field_name = "address" if entity == "address" else "payment"
    label, loc = getattr(order, field_name), (*entry.loc, field_name)
    owned = entry.loading.grouped(entity, "user_id").get(uid, [])
    if label is not None:
        for row in owned:
            if row["label"] == label:
                return row["id"]
        known = ", ".join(repr(row["label"]) for row in owned) or "none"
        raise entry.ctx.error(
            loc, f"user {order.user!r} has no {kind} labelled {label!r}; expected one of: {known}"
        )
    if snapshot_given:
        return None
    default = next((row for row in owned if row["is_default"]), None)
    if default is None:
        raise entry.ctx.error(
            loc, f"user {order.user!r} has no {kind}; add one to the user or give {hint}"
        )
    return default["id"]


def _order_address(entry: Entry) -> int | None:
    given = entry.seed.ship_to is not None
    return _picked(entry, "address", "address", given, "'ship_to'")


def _order_method(entry: Entry) -> int | None:
    given = entry.seed.payment_type is not None
    return _picked(entry, "payment", "payment method", given, "'payment_type' and 'payment_label'")


def _address_snapshot(entry: Entry) -> dict[str, Any]:
    address = entry.loading.rows["address"][entry.row["address_id"]]
    return {f"ship_{name}": address[name] for name in _SHIP_FIELDS}


def _method(entry: Entry) -> dict[str, Any]:
    return entry.loading.rows["payment"][entry.row["payment_method_id"]]


def _label_of(entity: str, column: str) -> Callable[[Any, Exporting], str | None]:
    """An order's address or payment method as its label (None once it is gone)."""

    def label(order: Order, export: Exporting) -> str | None:
        row = export.objects[entity].get(getattr(order, column) or 0)
        return row.label if row is not None else None

    return label


def _item_lines(entry: Entry) -> list[tuple[int, int, int]]:
    """(unit price in cents, quantity, returned) of each of the order's items."""
    products = entry.loading.rows["product"]
    lines = []
    for i, item in enumerate(entry.seed.items):
        product = entry.ctx.ref("product", item.sku, (*entry.loc, "items", i, "sku"))
        unit = (
            products[product]["price_cents"]
            if item.unit_price is None
            else to_cents(item.unit_price)
        )
        lines.append((unit, item.quantity, item.return_quantity))
    return lines


def _refunded(entry: Entry) -> int:
    """The refund given, else the return rule's, else the total of a cancelled order."""
    order, total = entry.seed, entry.row["total_cents"]
    if order.refunded is not None:
        refunded = to_cents(order.refunded)
        if refunded > total:
            raise entry.ctx.error(
                (*entry.loc, "refunded"),
                f"refunded {amount(refunded)} exceeds the order total {amount(total)}",
            )
        return refunded
    if order.status in _RETURNS:
        return return_refund_cents(_item_lines(entry), entry.row["shipping_cents"])
    return total if order.status == "cancelled" else 0


def _cancelled_at(entry: Entry) -> Any:
    return entry.row["placed_at"] + timedelta(hours=1) if entry.seed.status == "cancelled" else None


def _product(entry: Entry) -> dict[str, Any]:
    return entry.loading.rows["product"][entry.row["product_id"]]


def _first_available(entry: Entry) -> Any:
    """A product's ``created_at`` when its seed gives none: the seed's now, unless an order of
    the seed has it earlier, then that order's moment (a catalogue's "First available" after
    its own first sale read as a date made up)."""
    sku = entry.seed.sku
    document = entry.loading.document
    sold = [
        to_naive_utc(order.placed_at)
        for order in getattr(document, "orders", [])
        if any(item.sku == sku for item in order.items)
    ]
    return min([now_naive(entry), *sold])


def _product_id(entry: Entry) -> int:
    return entry.ctx.ref("product", entry.seed.sku, (*entry.loc, "sku"))


def _events(order: OrderSeed) -> list[OrderEventSeed]:
    """A plausible status history for a seeded order given without ``events``."""
    placed = order.placed_at
    first = "pending" if order.status == "pending" else "paid"
    history = [OrderEventSeed(status=first, at=placed)]
    if order.status == "cancelled":
        at = order.cancelled_at or placed + timedelta(hours=1)
        history.append(OrderEventSeed(status="cancelled", at=at, note=order.cancel_reason))
        return history
    if order.status in ("processing", *_SHIPPED):
        history.append(OrderEventSeed(status="processing", at=placed + timedelta(hours=2)))
    if order.status in _SHIPPED:
        shipped = order.shipped_at or placed + timedelta(days=1)
        if order.delivered_at is not None and shipped > order.delivered_at:
            shipped = order.delivered_at
        history.append(OrderEventSeed(status="shipped", at=shipped))
    if order.delivered_at is not None:
        history.append(OrderEventSeed(status="delivered", at=order.delivered_at))
    if order.status in ("return_requested", "returned"):
        requested = order.return_requested_at
        if requested is None:
            assert order.delivered_at is not None, "a return is asked for after delivery"
            requested = order.delivered_at + timedelta(days=1)
        history.append(
            OrderEventSeed(status="return_requested", at=requested, note=order.return_reason)
        )
        if order.status == "returned":
            history.append(OrderEventSeed(status="returned", at=requested + timedelta(days=3)))
    return history


def _money(seed: str, column: str, default: Callable[[Entry], Any] | None = None) -> ColumnField:
    """An amount: units in the seed, cents in the row."""
    return ColumnField(seed, column, to_cents, amount, default)


ADDRESS = Entity(
    "address",
    AddressSeed,
    Address,
    (
        "label",
        "recipient",
        "line1",
        "line2",
        "city",
        "region",
        "postal_code",
        "country",
        "phone",
        Hook("default", "is_default", _is_default),
    ),
    check=_label_once("address", "address"),
    inserted_by_id=True,
)
PAYMENT = Entity(
    "payment",
    PaymentMethodSeed,
    PaymentMethod,
    (
        "type",
        ColumnField(
            "label",
            default=lambda e: payment_label(
                e.seed.type, e.seed.brand, e.seed.last4, e.seed.paypal_email
            ),
        ),
        "brand",
        "last4",
        "exp_month",
        "exp_year",
        "holder",
        "paypal_email",
        _money("balance", "balance_cents"),
        Hook("default", "is_default", _is_default),
    ),
    check=_label_once("payment method", "payment"),
    inserted_by_id=True,
)
CART_LINE = Entity(
    "cart",
    CartLineSeed,
    CartItem,
    (Ref("sku", "product_id", "product"), "quantity", moment("added_at", default=now_naive)),
    check=_in_cart_once,
)
USER = Entity(
    "user",
    ShopUserSeed,
    User,
    (*USER_FIELDS, "phone", _money("store_credit", "store_credit_cents")),
    key="username",
    children=(
        Children("addresses", ADDRESS, "user_id"),
        Children("payment_methods", PAYMENT, "user_id"),
        Children("cart", CART_LINE, "user_id"),
    ),
)
CATEGORY = Entity(
    "category",
    CategorySeed,
    Category,
    ("slug", "name", Ref("parent", "parent_id", "category")),
    key="slug",
    check=_no_cycle,
)
PRODUCT = Entity(
    "product",
    ProductSeed,
    Product,
    (
        "sku",
        "name",
        "description",
        "brand",
        Ref("category", "category_id", "category"),
        _money("price", "price_cents"),
        "stock",
        "rating",
        "review_count",
        moment("created_at", default=_first_available),
        "active",
    ),
    key="sku",
)
ORDER_ITEM = Entity(
    "item",
    OrderItemSeed,
    OrderItem,
    (
        Hook(column="product_id", load_with=_product_id),
        "sku",
        ColumnField("name", default=lambda e: _product(e)["name"]),
        _money(
            "unit_price",
            "unit_price_cents",
            default=lambda e: _product(e)["price_cents"],
        ),
        "quantity",
        Hook(
            column="line_total_cents",
            load_with=lambda e: e.row["unit_price_cents"] * e.seed.quantity,
        ),
        "return_quantity",
    ),
)
ORDER_EVENT = Entity("event", OrderEventSeed, OrderEvent, ("status", moment("at"), "note"))
ORDER = Entity(
    "order",
    OrderSeed,
    Order,
    (
        code_from_id("code", order_code),
        Ref("user", "user_id", "user"),
        "status",
        Hook("address", "address_id", _order_address, _label_of("address", "address_id")),
        Embedded("ship_to", ShipToSeed, {n: f"ship_{n}" for n in _SHIP_FIELDS}, _address_snapshot),
        Hook(
            "payment", "payment_method_id", _order_method, _label_of("payment", "payment_method_id")
        ),
        ColumnField("payment_type", default=lambda e: _method(e)["type"]),
        ColumnField("payment_label", default=lambda e: _method(e)["label"]),
        Hook(column="subtotal_cents", load_with=lambda e: sum(u * q for u, q, _ in _item_lines(e))),
        _money(
            "shipping",
            "shipping_cents",
            default=lambda e: shipping_for(e.row["subtotal_cents"]),
        ),
        Hook(
            column="total_cents",
            load_with=lambda e: e.row["subtotal_cents"] + e.row["shipping_cents"],
        ),
        Hook("refunded", "refunded_cents", _refunded, lambda o, _: amount(o.refunded_cents)),
        "note",
        moment("placed_at"),
        "estimated_delivery",
        "carrier",
        "tracking_number",
        moment("shipped_at"),
        moment("delivered_at"),
        moment("cancelled_at", default=_cancelled_at),
        "cancel_reason",
        moment("return_requested_at"),
        "return_reason",
        ColumnField(
            "refund_method",
            "return_refund_method",
            default=lambda e: "original_payment" if e.seed.status in _RETURNS else None,
        ),
    ),
    key="code",
    children=(
        Children("items", ORDER_ITEM, "order_id"),
        Children("events", ORDER_EVENT, "order_id", absent=_events),
    ),
)
SEED_MAP = SeedMap(
    ShopSeed,
    (
        Section("users", USER),
        Section("categories", CATEGORY),
        Section("products", PRODUCT),
        Section("orders", ORDER),
    ),
    order=(USER, ADDRESS, PAYMENT, CATEGORY, PRODUCT, CART_LINE, ORDER, ORDER_ITEM, ORDER_EVENT),
)
load = SEED_MAP.load
dump = SEED_MAP.dump
