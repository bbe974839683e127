#!/bin/bash
# Alternative (API, asked in the channel with a mention): asks "@dave" in #atlas-launch itself
# (he answers in the thread under that question), reacts to his answer, orders it, then
# confirms in the thread under his original request.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.client import ServiceClient

chat = ServiceClient("http://127.0.0.1:5150/api").login("alice", "alice-pass")
shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
atlas = next(c for c in chat.call("GET", "/conversations?per_page=100")["items"]
             if c["name"] == "atlas-launch")
listed = chat.call("GET", f"/conversations/{atlas['id']}/messages?per_page=50")["items"]
request = next(m for m in listed if m["author"] == "dave" and "alice" in m["mentions"])

question = chat.call("POST", f"/conversations/{atlas['id']}/messages",
                     {"text": "@dave on the cables: which type should be ordered, and how many?"})
(answer,) = [r for r in chat.call("GET", f"/messages/{question['id']}/replies")["items"]
             if r["author"] == "dave"]
print("Dave:", answer["text"])
chat.call("POST", f"/messages/{answer['id']}/reactions", {"emoji": "thumbsup"})

quantity = int(re.search(r"\b(\d+) of them\b", answer["text"]).group(1))
sku = shop.call("GET", "/products?q=HDMI%202.1&per_page=50")["items"]
(product,) = [p for p in sku if p["name"] == "HDMI 2.1 Cable, 3 m"]
address = next(a for a in shop.call("GET", "/addresses")["items"] if a["is_default"])
card = next(m for m in shop.call("GET", "/payment-methods")["items"] if m["is_default"])
shop.call("POST", "/cart/items", {"sku": product["sku"], "quantity": quantity})
placed = shop.call("POST", "/checkout", {"address_id": address["id"], "payment_method_id": card["id"]})

chat.call("POST", f"/messages/{request['id']}/replies",
          {"text": f"Placed order {placed['code']}: {quantity} x {product['name']}, "
                   "shipping to the office."})
PY
