"""The right cancellations of shop-duplicate-order-cancel (each repeat of the same basket within
10 minutes), with the cancel reason given by each script: ``python3 -m d69_repeats REASON``,
formatted with ``first`` (the kept order's code), ``code`` (the repeat's) and ``gap`` (minutes)."""

import sys
from datetime import datetime, timedelta

from mock_services.client import ServiceClient


def _placed(order: dict) -> datetime:
    return datetime.fromisoformat(order["placed_at"].replace("Z", "+00:00"))


def _basket(order: dict) -> list[tuple[str, int]]:
    return sorted((i["sku"], i["quantity"]) for i in order["items"])


def cancel_repeats(reason: str) -> None:
    """Cancels each repeat, giving ``reason`` for it."""
    shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
    listed = shop.call("GET", "/orders?per_page=100")["items"]
    orders = sorted(
        (shop.call("GET", f"/orders/{o['code']}") for o in listed),
        key=lambda o: (o["placed_at"], o["code"]),
    )
    firsts: list[dict] = []
    for order in orders:
        first = next(
            (
                f
                for f in firsts
                if _basket(f) == _basket(order)
                and _placed(order) - _placed(f) <= timedelta(minutes=10)
            ),
            None,
        )
        if first is None:
            firsts.append(order)
        elif order["status"] != "cancelled":
            gap = int((_placed(order) - _placed(first)).total_seconds() // 60)
            text = reason.format(first=first["code"], code=order["code"], gap=gap)
            shop.call("POST", f"/orders/{order['code']}/cancel", {"reason": text})
            print("cancelled", order["code"], "reason:", text)


if __name__ == "__main__":
    cancel_repeats(sys.argv[1])
