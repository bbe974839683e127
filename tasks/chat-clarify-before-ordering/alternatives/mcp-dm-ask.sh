#!/bin/bash
# Alternative (MCP tools, a direct message): reads Dave's request through the chat's tools, asks
# him in a direct message which cables and how many, reads his answer there, orders it through
# the shop's tools, then confirms in the thread under his request, mentioning him.
set -euo pipefail
python3 - <<'PY'
import re

from mock_services.client import McpClient

chat = McpClient("http://127.0.0.1:5150/mcp").login("alice", "alice-pass")
shop = McpClient("http://127.0.0.1:1234/mcp").login("alice", "alice-pass")

atlas = next(c for c in chat.call("list_conversations", per_page=100)["items"]
             if c["name"] == "atlas-launch")
listed = chat.call("list_messages", conversation_id=atlas["id"], per_page=50)["items"]
request = next(m for m in listed if m["author"] == "dave" and "alice" in m["mentions"])

dm = chat.call("open_dm", usernames=["dave"])
asked = chat.call("post_message", conversation_id=dm["id"],
                  text="Hi Dave, about the cables for the launch: what kind do you need "
                       "(the USB-C ones or the HDMI ones), and how many?")
said = chat.call("list_messages", conversation_id=dm["id"], per_page=20)["items"]
answer = next(m["text"] for m in said if m["author"] == "dave" and m["id"] > asked["id"])
print("Dave:", answer)

quantity = int(re.search(r"\b(\d+) of them\b", answer).group(1))
cables = shop.call("list_products", category="cables", per_page=100)["items"]
hdmi = [p for p in cables if "HDMI 2.1" in p["name"] and p["name"].endswith(", 3 m")]
assert "HDMI 2.1" in answer and "3 m" in answer and len(hdmi) == 1, (answer, hdmi)
address = next(a for a in shop.call("list_addresses")["items"] if a["is_default"])
card = next(m for m in shop.call("list_payment_methods")["items"] if m["is_default"])
shop.call("add_cart_item", sku=hdmi[0]["sku"], quantity=quantity)
placed = shop.call("checkout", address_id=address["id"], payment_method_id=card["id"])
print("placed", placed["code"])

chat.call("reply_to_message", message_id=request["id"],
          text=f"@dave done: I ordered {quantity} {hdmi[0]['name']} cables, order "
               f"{placed['code']}. They ship to the office.")
PY
