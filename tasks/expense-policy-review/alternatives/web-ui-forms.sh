#!/bin/bash
# ALT (correct): reads the reports and the fixed rates/limits, does the currency conversion itself (not trusting the over_limit flag), and approves/rejects through the web UI's forms (cookie login at /login, POST /reports/<id>/approve|reject) instead of the REST API; rejection reasons worded differently.
set -euo pipefail
python3 - <<'PY'
import http.cookiejar, json, urllib.parse, urllib.request
from decimal import Decimal, ROUND_HALF_UP
from mock_services.client import ServiceClient
BASE = "http://127.0.0.1:5005"
api = ServiceClient(BASE + "/api").login("bob", "bob-pass")
cur = api.call("GET", "/currencies"); cur = cur["items"] if isinstance(cur, dict) else cur
cat = api.call("GET", "/categories"); cat = cat["items"] if isinstance(cat, dict) else cat
rate = {c["code"]: Decimal(str(c["rate"])) for c in cur}
limit = {c["slug"]: Decimal(str(c["limit"])) for c in cat if c.get("limit") is not None}
jar = http.cookiejar.CookieJar()
web = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
web.open(BASE + "/login", urllib.parse.urlencode({"username": "bob", "password": "bob-pass"}).encode())
assert any(c.name.startswith("mock_session_") for c in jar), "no session cookie"
def form(path, **fields):
    import time
    for _ in range(8):
        try:
            return web.open(BASE + path, urllib.parse.urlencode(fields).encode()).read().decode()
        except urllib.error.HTTPError as e:
            if e.code in (429, 503): time.sleep(1.5); continue
            raise
page = 1
waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
for s in waiting:
    r = api.call("GET", f"/reports/{s['id']}")
    over = []
    for i in r["items"]:
        slug = i["category"] if isinstance(i["category"], str) else i["category"]["slug"]
        base = (Decimal(str(i["amount"])) * rate[i.get("currency") or "USD"]).quantize(Decimal("0.01"), ROUND_HALF_UP)
        if slug in limit and base > limit[slug]:
            over.append(i["merchant"])
    if over:
        form(f"/reports/{r['id']}/reject", reason="Please fix and resubmit - above the per-item policy limit: " + " and ".join(over) + ".")
    else:
        form(f"/reports/{r['id']}/approve", note="")
    after = api.call("GET", f"/reports/{r['id']}")
    print(r["code"], over, "->", after["status"])
PY
