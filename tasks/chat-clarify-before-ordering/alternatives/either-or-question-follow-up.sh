#!/bin/bash
# Alternative (API; an either-or question, a follow-up after the confirmation): asks in the thread
# whether Dave means the USB-C or the HDMI cables, orders his answer, confirms, and answers his
# thanks with a short reply of its own (a message after the confirmation that is no
# confirmation); the confirmation's order number is added by editing it.
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
thread = f"/messages/{request['id']}/replies"


def daves_since(message_id):
    return [r["text"] for r in chat.call("GET", thread)["items"]
            if r["author"] == "dave" and r["id"] > message_id]


asked = chat.call("POST", thread, {"text": "Do you mean the USB-C cables or the HDMI cables?"})
(answer,) = daves_since(asked["id"])
quantity = int(re.search(r"\b(\d+) of them\b", answer).group(1))
assert "HDMI 2.1" in answer and "3 m" in answer, answer
address = next(a for a in shop.call("GET", "/addresses")["items"] if a["is_default"])
card = next(m for m in shop.call("GET", "/payment-methods")["items"] if m["is_default"])
shop.call("POST", "/cart/items", {"sku": "CAB-3103", "quantity": quantity})
placed = shop.call("POST", "/checkout", {"address_id": address["id"], "payment_method_id": card["id"]})
confirmed = chat.call("POST", thread, {
    "text": f"All set: placed for {quantity} HDMI 2.1 cables, 3 m each."})
chat.call("PATCH", f"/messages/{confirmed['id']}", {  # the order number forgotten: edited in
    "text": f"All set: {placed['code']} placed for {quantity} HDMI 2.1 cables, 3 m each."})
print("Dave:", daves_since(confirmed["id"]))
chat.call("POST", thread, {"text": "You're welcome, good luck with the demo stations!"})
PY
