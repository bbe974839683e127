"""The right order of chat-clarify-before-ordering (ask Dave, order his answer), with the free
text beside it (checkout note, confirmation, an extra channel post) given by each script."""

import re

from mock_services.client import ServiceClient

chat = ServiceClient("http://127.0.0.1:5150/api").login("alice", "alice-pass")
shop = ServiceClient("http://127.0.0.1:1234/api").login("alice", "alice-pass")


def _request() -> dict:
    """Dave's message in #atlas-launch that mentions Alice."""
    channels = chat.call("GET", "/conversations?per_page=100")["items"]
    atlas = next(c for c in channels if c["name"] == "atlas-launch")
    messages = chat.call("GET", f"/conversations/{atlas['id']}/messages?per_page=50")["items"]
    return next(m for m in messages if m["author"] == "dave" and "alice" in m["mentions"])


def run(
    note: str | None = None,
    confirmation: str = "Ordered {qty} x {name} (order {code}).",
    channel_post: str | None = None,
) -> dict:
    """Asks, orders Dave's answer to the default address and card with ``note``, then replies
    ``confirmation`` (formatted with qty, name, code, total) in his thread; answers those
    facts with the ``request`` and the ``confirmation`` message."""
    request = _request()
    asked = chat.call(
        "POST",
        f"/messages/{request['id']}/replies",
        {
            "text": "Which cables do you mean: the 2 m USB-C ones or the 3 m HDMI 2.1 ones? "
            "And how many do you need?"
        },
    )
    replies = chat.call("GET", f"/messages/{request['id']}/replies")["items"]
    answer = next(r["text"] for r in replies if r["author"] == "dave" and r["id"] > asked["id"])
    qty = int(re.search(r"\b(\d+) of them\b", answer).group(1))
    catalogue = shop.call("GET", "/products?category=cables&per_page=100")["items"]
    product = next(p for p in catalogue if p["name"] == "HDMI 2.1 Cable, 3 m")
    assert "HDMI 2.1" in answer and "3 m" in answer, answer
    shop.call("POST", "/cart/items", {"sku": product["sku"], "quantity": qty})
    address = next(a for a in shop.call("GET", "/addresses")["items"] if a["is_default"])
    card = next(m for m in shop.call("GET", "/payment-methods")["items"] if m["is_default"])
    body = {"address_id": address["id"], "payment_method_id": card["id"]}
    if note is not None:
        body["note"] = note.format(qty=qty, name=product["name"])
    order = shop.call("POST", "/checkout", body)
    facts = {
        "qty": qty,
        "name": product["name"],
        "code": order["code"],
        "total": order["total"],
    }
    confirmed = chat.call(
        "POST", f"/messages/{request['id']}/replies", {"text": confirmation.format(**facts)}
    )
    if channel_post is not None:
        chat.call(
            "POST",
            f"/conversations/{request['conversation_id']}/messages",
            {"text": channel_post.format(**facts)},
        )
    print("placed", order["code"], {k: v for k, v in order.items() if k in ("total", "note")})
    return {**facts, "request": request, "confirmation": confirmed}
