"""An unknown field in a nested object or in one variant of a union is named where the sender
wrote it, with the fields that object takes."""

from __future__ import annotations

from typing import Annotated, Literal

import pytest
from pydantic import Field, RootModel, ValidationError

from mock_services.core.base.schemas import ApiModel
from mock_services.core.spec.api import unknown_body_fields


class Passenger(ApiModel):
    name: str
    seat: str | None = None


class Card(ApiModel):
    type: Literal["card"]
    number: str


class Paypal(ApiModel):
    type: Literal["paypal"]
    email: str


class Booking(ApiModel):
    passengers: list[Passenger]
    card: Card | None = None


class Method(RootModel[Annotated[Card | Paypal, Field(discriminator="type")]]):
    pass


@pytest.mark.parametrize(
    ("model", "body", "message"),
    [
        (
            Booking,
            '{"passengers": [{"name": "A", "colour": 1}]}',
            "unknown body field 'passengers.0.colour' (known: name, seat)",
        ),
        (
            Booking,
            '{"passengers": [], "card": {"type": "card", "number": "1", "cvv": 1}}',
            "unknown body field 'card.cvv' (known: type, number)",
        ),
        (
            Method,
            '{"type": "paypal", "email": "a@b.c", "number": "1", "cvv": 2}',
            "unknown body fields 'number', 'cvv' (known: type, email)",
        ),
    ],
)
def test_nested_and_union_fields(model: type, body: str, message: str) -> None:
    with pytest.raises(ValidationError) as refused:
        model.model_validate_json(body, strict=True)
    error = unknown_body_fields(refused.value, model)
    assert error is not None and error.message == message
