#!/bin/bash
# Alternative (another order): puts the most recent cables in the cart as a draft, then asks
# Dave in the thread, sends a vague follow-up first by mistake, asks properly, replaces the
# draft with what he answers, checks out and confirms. The cart ends as it began (empty).
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

shop.call("POST", "/cart/items", {"sku": "CAB-2102", "quantity": 6})  # a draft, not ordered
chat.call("POST", f"/messages/{request['id']}/replies", {"text": "On it! ok?"})
asked = chat.call("POST", f"/messages/{request['id']}/replies",
                  {"text": "Sorry, to be precise: which cables, and how many of them?"})
replies = chat.call("GET", f"/messages/{request['id']}/replies")["items"]
answer = next(r["text"] for r in replies if r["author"] == "dave" and r["id"] > asked["id"])
print("Dave:", answer)
quantity = int(re.search(r"\b(\d+) of them\b", answer).group(1))

shop.call("DELETE", "/cart")
shop.call("POST", "/cart/items", {"sku": "CAB-3103", "quantity": quantity})
address = next(a for a in shop.call("GET", "/addresses")["items"] if a["is_default"])
card = next(m for m in shop.call("GET", "/payment-methods")["items"] if m["is_default"])
placed = shop.call("POST", "/checkout", {"address_id": address["id"], "payment_method_id": card["id"]})
chat.call("POST", f"/messages/{request['id']}/replies",
          {"text": f"Ordered ten HDMI 2.1 cables (3 m), order {placed['code']}. Thanks!"})
PY
