#!/bin/bash
# alternative (web UI channel): logs in with the /login form, finds last month's filters (SKU and
# quantity) on the order pages, removes the mug with the cart's Remove form, adds the filters
# with the product page's add-to-cart form, places the order with the checkout form (Office,
# Mastercard), checks that exactly one new order exists, then puts the mug back in the cart.
# Busy answers (429/5xx) are waited out as Retry-After says.
set -euo pipefail
python3 - <<'PY'
import re, time
import requests

S = "http://127.0.0.1:1234"
s = requests.Session()
s.post(f"{S}/login", data={"username": "alice", "password": "alice-pass"}).raise_for_status()
assert any(c.name.startswith("mock_session_") for c in s.cookies)

def req(method, path, **kw):
    for _ in range(10):
        r = s.request(method, f"{S}{path}", allow_redirects=False, **kw)
        if r.status_code in (429, 500, 502, 503, 504):
            time.sleep(float(r.headers.get("Retry-After", 1)))
            continue
        return r
    raise SystemExit(f"{method} {path} kept failing")

def codes():
    return set(re.findall(r'/orders/(ORD-[\d-]+)"', req("GET", "/orders").text))

before = codes()
filters = None
for code in sorted(before, reverse=True):
    page = req("GET", f"/orders/{code}").text
    placed = re.search(r'id="placed" datetime="([^"]+)"', page).group(1)
    item_row = r"<tr><td>(?:<img[^>]*>)?\s*(?:<a [^>]*>)?([^<]+)(?:</a>)?</td><td>([^<]+)</td><td>[^<]*</td>\s*<td>(\d+)"
    for name, sku, qty in re.findall(item_row, page):
        if "filter" in name.lower() and placed.startswith("2026-02"):
            filters = (sku, int(qty))
print("last month's filters", filters)
cart = req("GET", "/cart").text
saved = []
for row in re.findall(r'<li class="cart-line" data-sku="([^"]+)">(.*?)</li>', cart, re.S):
    sku, html = row
    line_id = re.search(r"/cart/items/(\d+)", html).group(1)
    qty = re.search(r'name="quantity" type="number"[^>]*value="(\d+)"', html).group(1)
    saved.append((sku, int(qty)))
    assert req("POST", f"/cart/items/{line_id}", data={"quantity": "0"}).status_code == 303
print("set aside", saved)
assert req("POST", "/cart/add", data={"sku": filters[0], "quantity": str(filters[1])}).status_code == 303
cart = req("GET", "/cart").text
office = re.search(r'<option value="(\d+)"[^>]*>Office:', cart).group(1)
master = re.search(r'<option value="(\d+)"[^>]*>Mastercard', cart).group(1)
r = req("POST", "/checkout", data={"address_id": office, "payment_method_id": master, "note": ""})
print("checkout", r.status_code, r.headers.get("Location"))
new = codes() - before
assert len(new) == 1, new
for sku, qty in saved:
    assert req("POST", "/cart/add", data={"sku": sku, "quantity": str(qty)}).status_code == 303
print("new order", new)
PY
