"""The shop's seed document: users (with addresses, payment methods and cart), categories,
products and past orders, referenced by natural keys (username, slug, sku, labels)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import Field, model_validator
from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.core.auth import UserSeed, user_row, user_seed_fields
from mock_services.core.clock import to_naive_utc
from mock_services.core.schemas import EmailAddress
from mock_services.core.seeding import (
    Loc,
    SeedContext,
    SeedDateTime,
    SeedModel,
    ServiceSeed,
    bulk_insert,
    insert_columns,
    seed_row,
)
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


# --- Loading ---------------------------------------------------------------------------------


def _nested_ids(
    ctx: SeedContext, parent: str, children: str, groups: list[list[Any]]
) -> Iterator[int]:
    """Ids for rows nested under several parents (``groups[p]`` are the rows of parent p),
    allocated across all of them in document order, pinned ones kept."""
    entries = [
        (row.id, (parent, p, children, i))
        for p, rows in enumerate(groups)
        for i, row in enumerate(rows)
    ]
    return iter(ctx.allocate_ids_at(entries))


def _naive(value: datetime | None) -> datetime | None:
    return to_naive_utc(value) if value is not None else None


def _one_default(ctx: SeedContext, rows: list[Any], loc: Loc) -> list[bool]:
    flagged = [i for i, row in enumerate(rows) if row.default]
    if len(flagged) > 1:
        raise ctx.error((*loc, flagged[1], "default"), "only one entry can be the default")
    first = flagged[0] if flagged else 0
    return [i == first for i in range(len(rows))]


_SHIP_FIELDS = ("recipient", "line1", "line2", "city", "region", "postal_code", "country", "phone")


@dataclass
class _Owned:
    """Rows users own (addresses, payment methods), by (user id, label), and their defaults."""

    kind: str
    by_label: dict[tuple[int, str], dict[str, Any]] = field(default_factory=dict)
    defaults: dict[int, dict[str, Any]] = field(default_factory=dict)

    def add(self, ctx: SeedContext, loc: Loc, username: str, row: dict[str, Any]) -> None:
        key = (row["user_id"], row["label"])
        if key in self.by_label:
            raise ctx.error(
                loc,
                f"duplicate {self.kind} label {row['label']!r} for {username}; "
                "give each a distinct 'label'",
            )
        self.by_label[key] = row
        if row["is_default"]:
            self.defaults[row["user_id"]] = row

    def pick(
        self,
        ctx: SeedContext,
        loc: Loc,
        owner: tuple[int, str],
        label: str | None,
        snapshot_given: bool,
        hint: str,
    ) -> dict[str, Any] | None:
        """The row labelled ``label``; else none when a snapshot is given; else the default."""
        uid, username = owner
        if label is not None:
            row = self.by_label.get((uid, label))
            if row is None:
                known = ", ".join(repr(k) for (u, k) in self.by_label if u == uid) or "none"
                raise ctx.error(
                    loc,
                    f"user {username!r} has no {self.kind} labelled {label!r}; "
                    f"expected one of: {known}",
                )
            return row
        if snapshot_given:
            return None
        row = self.defaults.get(uid)
        if row is None:
            raise ctx.error(
                loc, f"user {username!r} has no {self.kind}; add one to the user or give {hint}"
            )
        return row


def load(session: Session, seed: ShopSeed, ctx: SeedContext) -> None:
    addresses, methods = _load_users(session, seed, ctx)
    products = _load_catalogue(session, seed, ctx)
    _load_carts(session, seed, ctx)
    _load_orders(session, seed, ctx, products, addresses, methods)


def _load_users(session: Session, seed: ShopSeed, ctx: SeedContext) -> tuple[_Owned, _Owned]:
    users, addresses, methods = [], _Owned("address"), _Owned("payment method")
    address_ids = _nested_ids(ctx, "users", "addresses", [u.addresses for u in seed.users])
    payment_ids = _nested_ids(
        ctx, "users", "payment_methods", [u.payment_methods for u in seed.users]
    )
    for u, user in enumerate(seed.users):
        uid = u + 1
        ctx.register("user", user.username, uid, ("users", u, "username"))
        users.append(
            {
                **user_row("shop", user, uid),
                "phone": user.phone,
                "store_credit_cents": to_cents(user.store_credit),
            }
        )
        defaults = _one_default(ctx, user.addresses, ("users", u, "addresses"))
        for i, a in enumerate(user.addresses):
            row = {
                "id": next(address_ids),
                "user_id": uid,
                **a.model_dump(exclude={"id", "default"}),
                "is_default": defaults[i],
            }
            addresses.add(ctx, ("users", u, "addresses", i, "label"), user.username, row)
        defaults = _one_default(ctx, user.payment_methods, ("users", u, "payment_methods"))
        for i, p in enumerate(user.payment_methods):
            row = {
                "id": next(payment_ids),
                "user_id": uid,
                "type": p.type,
                "label": p.label or payment_label(p.type, p.brand, p.last4, p.paypal_email),
                "brand": p.brand,
                "last4": p.last4,
                "exp_month": p.exp_month,
                "exp_year": p.exp_year,
                "holder": p.holder,
                "paypal_email": p.paypal_email,
                "balance_cents": to_cents(p.balance) if p.balance is not None else None,
                "is_default": defaults[i],
            }
            methods.add(ctx, ("users", u, "payment_methods", i, "label"), user.username, row)
    for model, rows in (
        (User, users),
        (Address, list(addresses.by_label.values())),
        (PaymentMethod, list(methods.by_label.values())),
    ):
        if rows:
            bulk_insert(session, model, sorted(rows, key=lambda r: r["id"]))
    return addresses, methods


def _load_catalogue(session: Session, seed: ShopSeed, ctx: SeedContext) -> dict[str, ProductSeed]:
    """Categories (parents by slug, no cycles) and products; returns the products by sku."""
    category_ids = ctx.allocate_ids([c.id for c in seed.categories], ("categories",))
    for i, c in enumerate(seed.categories):
        ctx.register("category", c.slug, category_ids[i], ("categories", i, "slug"))
    parents: dict[int, int | None] = {}
    for i, c in enumerate(seed.categories):
        parent = ctx.ref("category", c.parent, ("categories", i, "parent")) if c.parent else None
        parents[category_ids[i]] = parent
    for i, cid in enumerate(category_ids):
        seen, cursor = {cid}, parents[cid]
        while cursor is not None:
            if cursor in seen:
                raise ctx.error(
                    ("categories", i, "parent"), "categories form a cycle through their parents"
                )
            seen.add(cursor)
            cursor = parents[cursor]
    if seed.categories:
        bulk_insert(
            session,
            Category,
            [
                {"id": category_ids[i], "slug": c.slug, "name": c.name, "parent_id": parents[cid]}
                for i, (c, cid) in enumerate(zip(seed.categories, category_ids, strict=True))
            ],
        )

    # Products: the bulk of a large seed, so inserted column by column.
    products = seed.products
    product_ids = ctx.allocate_ids([p.id for p in products], ("products",))
    ctx.register_all("product", [p.sku for p in products], product_ids, ("products",), "sku")
    category_ids = ctx.refs("category", [p.category for p in products], ("products",), "category")
    insert_columns(
        session,
        Product,
        {
            "id": product_ids,
            "sku": [p.sku for p in products],
            "name": [p.name for p in products],
            "description": [p.description for p in products],
            "brand": [p.brand for p in products],
            "category_id": category_ids,
            "price_cents": [to_cents(p.price) for p in products],
            "stock": [p.stock for p in products],
            "rating": [p.rating for p in products],
            "review_count": [p.review_count for p in products],
            "created_at": [p.created_at or ctx.now for p in products],
            "active": [p.active for p in products],
        },
    )
    return {p.sku: p for p in products}


def _load_carts(session: Session, seed: ShopSeed, ctx: SeedContext) -> None:
    now = to_naive_utc(ctx.now)
    cart_rows, next_cart = [], _nested_ids(ctx, "users", "cart", [u.cart for u in seed.users])
    for u, user in enumerate(seed.users):
        seen_skus: set[str] = set()
        for i, line in enumerate(user.cart):
            loc = ("users", u, "cart", i, "sku")
            pid = ctx.ref("product", line.sku, loc)
            if line.sku in seen_skus:
                raise ctx.error(loc, f"sku {line.sku!r} is in the cart twice; add up quantities")
            seen_skus.add(line.sku)
            cart_rows.append(
                {
                    "id": next(next_cart),
                    "user_id": u + 1,
                    "product_id": pid,
                    "quantity": line.quantity,
                    "added_at": _naive(line.added_at) or now,
                }
            )
    if cart_rows:
        bulk_insert(session, CartItem, cart_rows)


def _load_orders(
    session: Session,
    seed: ShopSeed,
    ctx: SeedContext,
    products: dict[str, ProductSeed],
    addresses: _Owned,
    methods: _Owned,
) -> None:
    order_ids = ctx.allocate_ids([o.id for o in seed.orders], ("orders",))
    item_ids = _nested_ids(ctx, "orders", "items", [o.items for o in seed.orders])
    events = [_events(o) if o.events is None else o.events for o in seed.orders]
    event_ids = _nested_ids(ctx, "orders", "events", events)
    orders, items, event_rows = [], [], []
    for o, order in enumerate(seed.orders):
        oid = order_ids[o]
        code = order.code or order_code(oid)
        ctx.register("order", code, oid, ("orders", o, "code" if order.code else "id"))
        uid = ctx.ref("user", order.user, ("orders", o, "user"))
        ship = _order_address(ctx, order, o, uid, addresses)
        pay = _order_payment(ctx, order, o, uid, methods)
        subtotal, refund_lines = 0, []
        for i, item in enumerate(order.items):
            product_id = ctx.ref("product", item.sku, ("orders", o, "items", i, "sku"))
            product = products[item.sku]
            price = product.price if item.unit_price is None else item.unit_price
            unit = to_cents(price)
            subtotal += unit * item.quantity
            refund_lines.append((unit, item.quantity, item.return_quantity))
            items.append(
                {
                    "id": next(item_ids),
                    "order_id": oid,
                    "product_id": product_id,
                    "sku": item.sku,
                    "name": item.name or product.name,
                    "unit_price_cents": unit,
                    "quantity": item.quantity,
                    "line_total_cents": unit * item.quantity,
                    "return_quantity": item.return_quantity,
                }
            )
        shipping = to_cents(order.shipping) if order.shipping is not None else None
        shipping = shipping_for(subtotal) if shipping is None else shipping
        total = subtotal + shipping
        if order.refunded is not None:
            refunded = to_cents(order.refunded)
            if refunded > total:
                raise ctx.error(
                    ("orders", o, "refunded"),
                    f"refunded {amount(refunded)} exceeds the order total {amount(total)}",
                )
        elif order.status in _RETURNS:
            refunded = return_refund_cents(refund_lines, shipping)
        else:
            refunded = total if order.status == "cancelled" else 0
        placed = to_naive_utc(order.placed_at)
        orders.append(
            {
                "id": oid,
                "code": code,
                "user_id": uid,
                "status": order.status,
                **ship,
                **pay,
                "subtotal_cents": subtotal,
                "shipping_cents": shipping,
                "total_cents": total,
                "refunded_cents": refunded,
                "note": order.note,
                "placed_at": placed,
                "shipped_at": _naive(order.shipped_at),
                "delivered_at": _naive(order.delivered_at),
                "cancelled_at": _naive(order.cancelled_at)
                or (placed + timedelta(hours=1) if order.status == "cancelled" else None),
                "cancel_reason": order.cancel_reason,
                "return_requested_at": _naive(order.return_requested_at),
                "return_reason": order.return_reason,
                "return_refund_method": order.refund_method
                or ("original_payment" if order.status in _RETURNS else None),
            }
        )
        for event in events[o]:
            event_rows.append(
                {
                    "id": next(event_ids),
                    "order_id": oid,
                    "status": event.status,
                    "at": to_naive_utc(event.at),
                    "note": event.note,
                }
            )
    for model, rows in ((Order, orders), (OrderItem, items), (OrderEvent, event_rows)):
        if rows:
            bulk_insert(session, model, rows)


def _order_address(
    ctx: SeedContext, order: OrderSeed, o: int, uid: int, addresses: _Owned
) -> dict[str, Any]:
    address = addresses.pick(
        ctx, ("orders", o, "address"), (uid, order.user), order.address,
        order.ship_to is not None, "'ship_to'",
    )  # fmt: skip
    snapshot = order.ship_to.model_dump() if order.ship_to else address
    assert snapshot is not None
    return {
        "address_id": address["id"] if address else None,
        **{f"ship_{name}": snapshot[name] for name in _SHIP_FIELDS},
    }


def _order_payment(
    ctx: SeedContext, order: OrderSeed, o: int, uid: int, methods: _Owned
) -> dict[str, Any]:
    method = methods.pick(
        ctx, ("orders", o, "payment"), (uid, order.user), order.payment,
        order.payment_type is not None, "'payment_type' and 'payment_label'",
    )  # fmt: skip
    return {
        "payment_method_id": method["id"] if method else None,
        "payment_type": order.payment_type or (method or {})["type"],
        "payment_label": order.payment_label or (method or {})["label"],
    }


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
        at = order.return_requested_at or order.delivered_at + timedelta(days=1)  # type: ignore[operator]
        history.append(OrderEventSeed(status="return_requested", at=at, note=order.return_reason))
    if order.status == "returned":
        history.append(OrderEventSeed(status="returned", at=at + timedelta(days=3)))
    return history


# --- Export ----------------------------------------------------------------------------------


def _aware(value: datetime | None, ctx: SeedContext) -> datetime | None:
    return value.replace(tzinfo=ctx.now.tzinfo) if value is not None else None


def dump(session: Session, ctx: SeedContext) -> ShopSeed:
    users = session.scalars(select(User).order_by(User.id)).all()
    names = {u.id: u.username for u in users}
    by_user: dict[int, dict[str, list[Any]]] = {
        u.id: {"addresses": [], "payment_methods": [], "cart": []} for u in users
    }
    addresses = {a.id: a for a in session.scalars(select(Address).order_by(Address.id))}
    for a in addresses.values():
        by_user[a.user_id]["addresses"].append(
            AddressSeed(
                id=a.id,
                label=a.label,
                recipient=a.recipient,
                line1=a.line1,
                line2=a.line2,
                city=a.city,
                region=a.region,
                postal_code=a.postal_code,
                country=a.country,
                phone=a.phone,
                default=a.is_default,
            )
        )
    methods = {p.id: p for p in session.scalars(select(PaymentMethod).order_by(PaymentMethod.id))}
    for p in methods.values():
        by_user[p.user_id]["payment_methods"].append(
            PaymentMethodSeed(**payment_fields(p), default=p.is_default)
        )
    categories = session.scalars(select(Category).order_by(Category.id)).all()
    slugs = {c.id: c.slug for c in categories}
    skus = dict(session.execute(select(Product.id, Product.sku)).all())
    for line in session.scalars(select(CartItem).order_by(CartItem.id)):
        by_user[line.user_id]["cart"].append(
            CartLineSeed(
                id=line.id,
                sku=skus[line.product_id],
                quantity=line.quantity,
                added_at=_aware(line.added_at, ctx),
            )
        )
    items_of: dict[int, list[OrderItemSeed]] = {}
    for item in session.scalars(select(OrderItem).order_by(OrderItem.id)):
        items_of.setdefault(item.order_id, []).append(
            OrderItemSeed(
                id=item.id,
                sku=item.sku,
                quantity=item.quantity,
                unit_price=amount(item.unit_price_cents),
                name=item.name,
                return_quantity=item.return_quantity,
            )
        )
    events_of: dict[int, list[OrderEventSeed]] = {}
    for event in session.scalars(select(OrderEvent).order_by(OrderEvent.id)):
        events_of.setdefault(event.order_id, []).append(
            OrderEventSeed(
                id=event.id,
                status=event.status,
                at=_aware(event.at, ctx),
                note=event.note,  # type: ignore[arg-type]
            )
        )
    orders = []
    for order in session.scalars(select(Order).order_by(Order.id)):
        address = addresses.get(order.address_id) if order.address_id else None
        method = methods.get(order.payment_method_id) if order.payment_method_id else None
        orders.append(
            OrderSeed(
                id=order.id,
                code=order.code,
                user=names[order.user_id],
                status=order.status,  # type: ignore[arg-type]
                placed_at=_aware(order.placed_at, ctx),  # type: ignore[arg-type]
                shipped_at=_aware(order.shipped_at, ctx),
                delivered_at=_aware(order.delivered_at, ctx),
                cancelled_at=_aware(order.cancelled_at, ctx),
                cancel_reason=order.cancel_reason,
                return_requested_at=_aware(order.return_requested_at, ctx),
                return_reason=order.return_reason,
                refund_method=order.return_refund_method,  # type: ignore[arg-type]
                address=address.label if address else None,
                ship_to=ShipToSeed(
                    recipient=order.ship_recipient,
                    line1=order.ship_line1,
                    line2=order.ship_line2,
                    city=order.ship_city,
                    region=order.ship_region,
                    postal_code=order.ship_postal_code,
                    country=order.ship_country,
                    phone=order.ship_phone,
                ),
                payment=method.label if method else None,
                payment_type=order.payment_type,  # type: ignore[arg-type]
                payment_label=order.payment_label,
                items=items_of.get(order.id, []),
                shipping=amount(order.shipping_cents),
                refunded=amount(order.refunded_cents),
                note=order.note,
                events=events_of.get(order.id, []),
            )
        )
    return ShopSeed(
        users=[
            ShopUserSeed(
                **user_seed_fields(u),
                phone=u.phone,
                store_credit=amount(u.store_credit_cents),
                **by_user[u.id],
            )
            for u in users
        ],
        categories=[
            CategorySeed(
                id=c.id,
                slug=c.slug,
                name=c.name,
                parent=slugs[c.parent_id] if c.parent_id else None,
            )
            for c in categories
        ],
        products=[
            ProductSeed(
                id=p.id,
                sku=p.sku,
                name=p.name,
                description=p.description,
                brand=p.brand,
                category=slugs[p.category_id],
                price=amount(p.price_cents),
                stock=p.stock,
                rating=p.rating,
                review_count=p.review_count,
                created_at=_aware(p.created_at, ctx),
                active=p.active,
            )
            for p in session.scalars(select(Product).order_by(Product.id))
        ],
        orders=orders,
    )
