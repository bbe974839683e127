#!/bin/bash
# Correct alternative (the web UI's forms, as a browser posts them): logs in at /login, then
# sends the stock page's "Adjust" form twice (headlamps counted 19, count correction; stoves
# change -2, damage; the other field left blank as a browser leaves it) and its "Move" form
# once (6 filters from EAST-B-01 to EAST-B-02).
set -euo pipefail
python3 - <<'PY'
import http.cookiejar
import urllib.parse
import urllib.request

jar = http.cookiejar.CookieJar()
browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
BASE = "http://127.0.0.1:5120"


def post(path, fields):
    data = urllib.parse.urlencode(fields).encode()
    with browser.open(urllib.request.Request(BASE + path, data=data, method="POST")) as answer:
        page = answer.read().decode()
        print(path, answer.status, answer.url)
        assert "error" not in answer.url, page[:500]
        return page


post("/login?next=/stock", {"username": "alice", "password": "alice-pass"})
post("/stock/adjustments", {"sku": "HDL-200", "bin": "EAST-B-03", "reason": "count_correction",
                            "change": "", "counted": "19", "note": "recount by Bob"})
post("/stock/adjustments", {"sku": "STV-CMP", "bin": "EAST-B-02", "reason": "damage",
                            "change": "-2", "counted": "", "note": "cracked burner heads"})
post("/stock/transfers", {"sku": "WTR-FLT", "from_bin": "EAST-B-01", "to_bin": "EAST-B-02",
                          "quantity": "6", "note": ""})
with browser.open(BASE + "/products/HDL-200") as answer:
    print("EAST-B-03" in answer.read().decode())
PY
