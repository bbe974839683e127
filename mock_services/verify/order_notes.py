"""What a note written beside a purchase (an order's note, a delivery instruction) may not ask:
the words of its common contradictions, for a ``ContentRule``'s ``forbids`` and ``forbids_of``.
A task adds its own names to each (the other address's street, the other card's digits).

    NOTE_ADDRESS = ContentRule(forbids={"another address": (*ELSEWHERE, "home", "Rue des Lilas")})
"""

from __future__ import annotations

UNDOING = (
    "cancel*",
    "refund*",
    "return*",
    "by mistake",
    "in error",
    "no longer need*",
    "don't need",
    "do not need",
    "not needed",
    "don't ship",
    "do not ship",
    "don't send",
    "do not send",
)
"""A request that undoes the order, or says it should not have been placed."""

ELSEWHERE = (
    "house",
    "my flat",
    "apartment",
    "neighbo*",
    "another address",
    "other address",
    "different address",
)
"""Another place to deliver to, in general words (a task adds the other addresses' names)."""

OTHER_PAYMENT = (
    "PayPal",
    "cash",
    "bank transfer",
    "another card",
    "other card",
    "different card",
)
"""Another way to pay, in general words (a task adds the other cards' names and digits)."""

ADDED_TO_IT = ("add*", "also", "includ*", "send*", "ship*", "pack*", "deliver*", "as well", "too")
"""What says of an item that it goes with the order (``forbids_of``'s statements): "please add
the mug", "send the saved items too"."""
