"""Request bodies and answers of the shop API. Amounts are 2-decimal numbers (e.g. 19.99)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, RootModel, model_validator

from mock_services.core.base.schemas import ApiModel, EmailAddress, OutModel, PageQuery, omittable
from mock_services.shop.models import OrderStatus, RefundMethod
from mock_services.shop.money import Money

SortKey = Literal["relevance", "price_asc", "price_desc", "rating", "newest", "name"]
_Text200 = Field(min_length=1, max_length=200)


# --- Catalogue -------------------------------------------------------------------------------


class ProductQuery(PageQuery):
    q: str | None = Field(
        None, max_length=200, description="words searched in name, brand and description"
    )
    category: str | None = Field(
        None, max_length=80, description="category slug; includes its subcategories"
    )
    brand: str | None = Field(None, max_length=100, description="exact brand, case-insensitive")
    min_price: Money | None = None
    max_price: Money | None = None
    in_stock: bool | None = Field(None, description="true: only products with stock > 0")
    min_rating: float | None = Field(None, ge=0, le=5, description="average rating at least")
    max_rating: float | None = Field(None, ge=0, le=5, description="average rating at most")
    sort: SortKey = "relevance"

    @model_validator(mode="after")
    def _ranges(self) -> ProductQuery:
        for low, high in (("min_price", "max_price"), ("min_rating", "max_rating")):
            lowest, highest = getattr(self, low), getattr(self, high)
            if lowest is not None and highest is not None and lowest > highest:
                raise ValueError(f"{low} must not be larger than {high}")
        return self


class CategoryRef(OutModel):
    id: int
    slug: str
    name: str


class ProductOut(OutModel):
    id: int
    sku: str
    name: str
    description: str
    brand: str
    category: CategoryRef
    price: float
    stock: int
    in_stock: bool
    rating: float
    review_count: int
    created_at: str
    active: bool


class ProductUpdate(ApiModel):
    price: Money | None = None
    stock: int | None = Field(None, ge=0, le=1_000_000, description="units left; 0 sells out")

    @model_validator(mode="after")
    def _something(self) -> ProductUpdate:
        if self.price is None and self.stock is None:
            raise ValueError("give at least one of 'price' or 'stock'")
        return self


class ProductPage(OutModel):
    items: list[ProductOut]
    total: int
    page: int
    per_page: int


class CategoryNode(OutModel):
    id: int
    slug: str
    name: str
    parent_id: int | None
    product_count: int = Field(description="active products here and in subcategories")
    children: list[CategoryNode]


class CategoryTree(OutModel):
    items: list[CategoryNode]
    total: int = Field(description="number of categories at every level")


# --- Profile, addresses, payment methods ---------------------------------------------------


class ProfileOut(OutModel):
    id: int
    username: str
    display_name: str
    email: str
    phone: str | None
    default_address_id: int | None
    default_payment_method_id: int | None
    store_credit: float = Field(description="balance from returns refunded as store credit")


class ProfileUpdate(ApiModel):
    display_name: str = omittable(min_length=1, max_length=200)
    email: EmailAddress = omittable()
    phone: str | None = Field(None, max_length=40, description="empty string clears it")


class AddressOut(OutModel):
    id: int
    label: str
    recipient: str
    line1: str
    line2: str | None
    city: str
    region: str | None
    postal_code: str
    country: str
    phone: str | None
    is_default: bool


class AddressPage(OutModel):
    items: list[AddressOut]
    total: int


class AddressCreate(ApiModel):
    label: str = Field(min_length=1, max_length=60)
    recipient: str = _Text200
    line1: str = _Text200
    line2: str | None = Field(None, max_length=200)
    city: str = Field(min_length=1, max_length=100)
    region: str | None = Field(None, max_length=100)
    postal_code: str = Field(min_length=1, max_length=20)
    country: str = Field(pattern=r"^[A-Z]{2}$", description="ISO 3166 alpha-2, e.g. 'US'")
    phone: str | None = Field(None, max_length=40)
    is_default: bool = False


class AddressUpdate(ApiModel):
    label: str = omittable(min_length=1, max_length=60)
    recipient: str = omittable(min_length=1, max_length=200)
    line1: str = omittable(min_length=1, max_length=200)
    line2: str | None = Field(None, max_length=200)
    city: str = omittable(min_length=1, max_length=100)
    region: str | None = Field(None, max_length=100)
    postal_code: str = omittable(min_length=1, max_length=20)
    country: str = omittable(pattern=r"^[A-Z]{2}$")
    phone: str | None = Field(None, max_length=40)
    is_default: bool = omittable()


class PaymentMethodOut(OutModel):
    id: int
    type: Literal["card", "paypal", "gift_card"]
    label: str
    brand: str | None
    last4: str | None
    exp_month: int | None
    exp_year: int | None
    holder: str | None
    paypal_email: str | None
    balance: float | None
    is_default: bool


class PaymentMethodPage(OutModel):
    items: list[PaymentMethodOut]
    total: int


class CardCreate(ApiModel):
    type: Literal["card"]
    card_number: str = Field(
        pattern=r"^[0-9 ]{12,23}$", description="digits (spaces allowed), Luhn-valid"
    )
    exp_month: int = Field(ge=1, le=12)
    exp_year: int = Field(ge=2000, le=2100)
    holder: str | None = Field(
        None, min_length=1, max_length=200, description="defaults to your display name"
    )
    label: str | None = Field(None, min_length=1, max_length=100)
    is_default: bool = False


class PaypalCreate(ApiModel):
    type: Literal["paypal"]
    paypal_email: EmailAddress
    holder: str | None = Field(None, min_length=1, max_length=200)
    label: str | None = Field(None, min_length=1, max_length=100)
    is_default: bool = False


class PaymentMethodCreate(
    RootModel[Annotated[CardCreate | PaypalCreate, Field(discriminator="type")]]
):
    """A card or a PayPal account, told apart by ``type``. Gift cards are issued by the store
    and cannot be added here."""


# --- Cart -----------------------------------------------------------------------------------


class CartLineOut(OutModel):
    id: int
    product_id: int
    sku: str
    name: str
    unit_price: float
    quantity: int
    line_total: float
    stock: int
    active: bool
    available: int = Field(
        description="how many an order can take now: the stock, 0 once the product is no "
        "longer sold"
    )
    exceeds_stock: bool = Field(
        description="true when quantity is above available (the stock fell after the line was "
        "added): checkout refuses the cart until the line is lowered or removed"
    )


class CartOut(OutModel):
    lines: list[CartLineOut]
    item_count: int
    subtotal: float
    shipping: float
    total: float


class CartAdd(ApiModel):
    product_id: int | None = Field(None, ge=1)
    sku: str | None = Field(None, min_length=1, max_length=64)
    quantity: int = Field(1, ge=1, le=99)

    @model_validator(mode="after")
    def _one_product(self) -> CartAdd:
        if (self.product_id is None) == (self.sku is None):
            raise ValueError("give exactly one of product_id or sku")
        return self


class CartUpdate(ApiModel):
    quantity: int = Field(ge=0, le=99, description="0 removes the line")


# --- Orders ---------------------------------------------------------------------------------


class CheckoutRequest(ApiModel):
    address_id: int = Field(ge=1)
    payment_method_id: int = Field(ge=1)
    note: str | None = Field(None, max_length=500)
    product_id: int | None = Field(
        None, ge=1, description="buy this product alone (Buy now), leaving the cart as it is"
    )
    quantity: int | None = Field(None, ge=1, le=99, description="with product_id: how many")

    @model_validator(mode="after")
    def _quantity_of_a_product(self) -> CheckoutRequest:
        if self.quantity is not None and self.product_id is None:
            raise ValueError("quantity goes with product_id (Buy now); a cart keeps its own")
        return self

    @property
    def buy_now(self) -> tuple[int, int] | None:
        """The product and quantity bought alone, or None to check out the cart."""
        return None if self.product_id is None else (self.product_id, self.quantity or 1)


class OrderQuery(PageQuery):
    status: OrderStatus | None = None


class OrderItemOut(OutModel):
    id: int
    product_id: int
    sku: str
    name: str
    unit_price: float
    quantity: int
    line_total: float
    return_quantity: int


class OrderEventOut(OutModel):
    status: OrderStatus
    at: str
    note: str | None


class ShipToOut(OutModel):
    recipient: str
    line1: str
    line2: str | None
    city: str
    region: str | None
    postal_code: str
    country: str
    phone: str | None


class OrderOut(OutModel):
    id: int
    code: str
    status: OrderStatus
    placed_at: str
    estimated_delivery: str | None = Field(description="the promised delivery day, ISO")
    carrier: str | None = Field(description="who carries the shipped order, e.g. UPS")
    tracking_number: str | None
    shipped_at: str | None
    delivered_at: str | None
    cancelled_at: str | None
    cancel_reason: str | None
    return_requested_at: str | None
    return_reason: str | None
    return_refund_method: RefundMethod | None = Field(
        description="where the return's refund went: original_payment or store_credit"
    )
    return_deadline: str | None = Field(description="last moment a return can be requested")
    items: list[OrderItemOut]
    item_count: int
    subtotal: float
    shipping: float
    total: float
    refunded: float
    note: str | None
    address_id: int | None
    ship_to: ShipToOut
    payment_method_id: int | None
    payment_type: Literal["card", "paypal", "gift_card"]
    payment_label: str
    events: list[OrderEventOut]


class OrderSummary(OutModel):
    id: int
    code: str
    status: OrderStatus
    placed_at: str
    delivered_at: str | None
    item_count: int
    total: float


class OrderPage(OutModel):
    items: list[OrderSummary]
    total: int
    page: int
    per_page: int


class CancelRequest(ApiModel):
    reason: str | None = Field(None, max_length=500)


class ReturnItem(ApiModel):
    item_id: int = Field(ge=1, description="an order item id (see the order's items)")
    quantity: int = Field(ge=1, le=999)


class ReturnRequest(ApiModel):
    reason: str = Field(min_length=1, max_length=500)
    items: list[ReturnItem] | None = Field(
        None, min_length=1, description="which items to return; omitted = everything"
    )
    refund_method: RefundMethod = Field(
        "original_payment",
        description="refund to the order's payment method, or as store credit on your profile",
    )
