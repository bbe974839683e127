#!/bin/bash
# Reference solution of chat-clarify-before-ordering: read Dave's request in #atlas-launch, ask
# him in the thread under it which cables and how many (two kinds are "the usual" in Alice's
# order history), order what he answers to Alice's usual address and card, then confirm in the
# same thread with the product, the quantity and the order number.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.client import ServiceClient

chat = ServiceClient("http://127.0.0.1:5150/api").login("alice", "alice-pass")
shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")

channels = chat.call("GET", "/conversations?per_page=100")["items"]
atlas = next(c for c in channels if c["name"] == "atlas-launch")
messages = chat.call("GET", f"/conversations/{atlas['id']}/messages?per_page=50")["items"]
request = next(m for m in messages if m["author"] == "dave" and "alice" in m["mentions"])
print("Dave asked:", request["text"])

asked = chat.call("POST", f"/messages/{request['id']}/replies", {
    "text": "Sure! Which cables do you mean: the 2 m USB-C ones or the 3 m HDMI 2.1 ones? "
            "And how many do you need?"})
replies = chat.call("GET", f"/messages/{request['id']}/replies")["items"]
answer = next(r["text"] for r in replies if r["author"] == "dave" and r["id"] > asked["id"])
print("Dave answered:", answer)

quantity = int(re.search(r"\b(\d+) of them\b", answer).group(1))
catalogue = shop.call("GET", "/products?category=cables&per_page=100")["items"]


def named(product):
    """Whether the answer names the product: its kind ("HDMI 2.1") and its length ("3 m")."""
    kind, length = (part.strip() for part in product["name"].split(",")[:2])
    kind = kind.removesuffix(" Cable")
    return all(re.search(rf"(?<!\S){re.escape(w)}(?!\w)", answer) for w in (kind, length))


(product,) = [p for p in catalogue if named(p)]
print("ordering", quantity, "x", product["sku"], product["name"])

shop.call("POST", "/cart/items", {"sku": product["sku"], "quantity": quantity})
address = next(a for a in shop.call("GET", "/addresses")["items"] if a["is_default"])
card = next(m for m in shop.call("GET", "/payment-methods")["items"] if m["is_default"])
order = shop.call("POST", "/checkout", {"address_id": address["id"], "payment_method_id": card["id"]})
print("placed", order["code"])

chat.call("POST", f"/messages/{request['id']}/replies", {
    "text": f"Ordered {quantity} x {product['name']} (order {order['code']}), shipping to the "
            "office."})
PY
