#!/bin/bash
# Correct alternative (the web UIs' forms, as a browser posts them): in the inventory app,
# receives 12 stoves into EAST-RCV with the order page's receive form (one row filled, the
# kettle row left blank), drafts each order with the new-order form (first line row filled)
# and presses Send; in the mail app, answers Ridgeline from the compose page in reply mode.
set -euo pipefail
python3 - <<'PY'
import http.cookiejar
import json
import urllib.parse
import urllib.request


def browser(base):
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def post(path, fields):
        data = urllib.parse.urlencode(fields).encode()
        with opener.open(urllib.request.Request(base + path, data=data, method="POST")) as answer:
            print(path, answer.status, answer.url)
            return answer.url

    post("/login?next=/", {"username": "alice", "password": "alice-pass"})
    return post


inv = browser("http://127.0.0.1:5120")
inv("/purchase-orders/PO-1004/receive", {
    "line-0-sku": "STV-CMP", "line-0-quantity": "12", "line-0-bin": "EAST-RCV",
    "line-1-sku": "KTL-1L", "line-1-quantity": "", "line-1-bin": "EAST-RCV", "bin": "",
})
for supplier, sku, quantity, due in (("Summit Outdoor Supply", "TNT-2P", 22, "2026-03-20"),
                                     ("Alpine Fuel Co.", "GAS-230", 50, "2026-03-15")):
    fields = {"supplier": supplier, "warehouse": "EAST", "expected_date": due, "notes": ""}
    for n in range(5):
        fields |= {f"line-{n}-sku": "", f"line-{n}-quantity": "", f"line-{n}-unit_cost": ""}
    fields |= {"line-0-sku": sku, "line-0-quantity": str(quantity)}
    url = inv("/purchase-orders", fields)
    code = url.rstrip("/").rsplit("/", 1)[1]
    assert code.startswith("PO-"), url
    inv(f"/purchase-orders/{code}/send", {})

from mock_services.client import ServiceClient

api = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
(note,) = api.call("GET", "/messages?q=delivery%20note&folder=inbox")["items"]
mail = browser("http://127.0.0.1:5001")
mail("/compose", {
    "mode": "reply", "source": str(note["id"]), "to": "", "cc": "", "bcc": "", "subject": "",
    "body": "Hi Tom,\n\nReceived today against PO-1004: 12 Compact Camp Stoves. Outstanding: "
            "8 stoves (STV-CMP) and 10 kettles (KTL-1L). When will the rest be delivered?\n\nAlice",
})
print(json.dumps(api.call("GET", "/messages?folder=sent")["items"][0]["subject"]))
PY
