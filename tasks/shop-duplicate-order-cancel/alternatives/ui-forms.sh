#!/bin/bash
# alternative (web UI channel): logs in with the /login form, reads the order list and each
# order page's item table (SKU, quantity) and the "placed" moment (its datetime) from the HTML, and cancels each
# repeat (same basket within 10 minutes of an earlier order) with the order page's cancel form.
set -euo pipefail
python3 - <<'PY'
import re
from datetime import datetime, timedelta
import requests

SHOP = "http://127.0.0.1:1234"
s = requests.Session()
s.post(f"{SHOP}/login", data={"username": "alice", "password": "alice-pass"}).raise_for_status()
assert any(c.name.startswith("mock_session_") for c in s.cookies)
codes = sorted(set(re.findall(r'/orders/(ORD-[\d-]+)"', s.get(f"{SHOP}/orders").text)))
orders = []
for code in codes:
    page = s.get(f"{SHOP}/orders/{code}").text
    status = re.search(r'id="status">([^<]+)<', page).group(1).lower()  # "Shipped" on the page
    placed = re.search(r'id="placed" datetime="([^"]+)"', page).group(1)
    table = page.split('id="items"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr><td>.*?</td><td>([^<]+)</td><td>[^<]*</td>\s*<td>(\d+)", table, re.S)
    basket = sorted((sku, int(q)) for sku, q in rows)
    orders.append((datetime.fromisoformat(placed.replace("Z", "+00:00")), code, status, basket))
    print(code, status, placed, basket)
orders.sort()
firsts = []
for placed, code, status, basket in orders:
    first = next((f for f in firsts if f[3] == basket and placed - f[0] <= timedelta(minutes=10)), None)
    if first is None:
        firsts.append((placed, code, status, basket))
    elif status != "cancelled":
        r = s.post(f"{SHOP}/orders/{code}/cancel", data={"reason": "accidental duplicate order"},
                   allow_redirects=False)
        assert r.status_code == 303, r.text[:500]
        after = s.get(f"{SHOP}/orders/{code}").text
        assert 'id="status">Cancelled<' in after, after[:500]
        print("cancelled", code, "repeat of", first[1])
PY
