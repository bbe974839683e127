"""What the wrong solutions of chat-clarify-before-ordering share: Alice's chat and shop
sessions, Dave's request in #atlas-launch, a question in its thread (and what Dave answers),
an order with her default address and card, and a reply in the thread."""

import re

from mock_services.client import ServiceClient

chat = ServiceClient("http://127.0.0.1:5150/api").login("alice", "alice-pass")
shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")
atlas = next(
    c
    for c in chat.call("GET", "/conversations?per_page=100")["items"]
    if c["name"] == "atlas-launch"
)
listed = chat.call("GET", f"/conversations/{atlas['id']}/messages?per_page=50")["items"]
request = next(m for m in listed if m["author"] == "dave" and "alice" in m["mentions"])


def ask_in_thread(text):
    """Posts ``text`` in the thread under Dave's request; answers what Dave said after it."""
    asked = chat.call("POST", f"/messages/{request['id']}/replies", {"text": text})
    replies = chat.call("GET", f"/messages/{request['id']}/replies")["items"]
    return [r["text"] for r in replies if r["author"] == "dave" and r["id"] > asked["id"]]


def order(sku, quantity):
    address = next(a for a in shop.call("GET", "/addresses")["items"] if a["is_default"])
    card = next(m for m in shop.call("GET", "/payment-methods")["items"] if m["is_default"])
    shop.call("POST", "/cart/items", {"sku": sku, "quantity": quantity})
    placed = shop.call(
        "POST", "/checkout", {"address_id": address["id"], "payment_method_id": card["id"]}
    )
    print("placed", placed["code"], quantity, "x", sku)
    return placed["code"]


def confirm(text):
    chat.call("POST", f"/messages/{request['id']}/replies", {"text": text})


def order_his_answer_or_guess(text):
    """Posts ``text`` in the thread; orders what Dave answers if he names the cables and a
    number, else 10 x HDMI 2.1 3 m (a lucky guess), and confirms it in the thread."""
    said = " ".join(ask_in_thread(text))
    print(repr(said))
    many = re.search(r"\b(\d+) of them\b", said)
    quantity = int(many.group(1)) if "HDMI 2.1" in said and many else 10
    code = order("CAB-3103", quantity)
    confirm(f"Ordered {quantity} x HDMI 2.1 Cable, 3 m (order {code}).")
