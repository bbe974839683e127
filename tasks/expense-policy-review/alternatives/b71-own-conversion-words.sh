#!/bin/bash
# alternative (free text: rejection reasons and approval notes, REST, rejections first): converts each item itself with /currencies and /categories; reasons give the true figures partly in words ("three hundred and thirty pounds ... $419.10, above the four-hundred-dollar lodging limit"); notes say truly that every item is within its limit
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

WORDS = {400.0: "four-hundred-dollar", 75.0: "seventy-five-dollar", 120.0: "hundred-and-twenty-dollar",
         250.0: "two-hundred-and-fifty-dollar", 1200.0: "twelve-hundred-dollar"}
api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
rates = {c["code"]: c["rate"] for c in api.call("GET", "/currencies")["items"]}
cats = {c["slug"]: c for c in api.call("GET", "/categories")["items"]}
waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
reports = [api.call("GET", f"/reports/{s['id']}") for s in waiting]


def usd(item):
    return round(item["amount"] * rates.get(item.get("currency") or "USD", 1.0), 2)


def over(report):
    return [i for i in report["items"] if usd(i) > cats[i["category"]]["limit"]]


for r in sorted(reports, key=lambda r: not over(r)):
    bad = over(r)
    if bad:
        parts = []
        for i in bad:
            cat = cats[i["category"]]
            cur = i.get("currency") or "USD"
            orig = "" if cur == "USD" else f"{i['amount']:g} {cur}, i.e. "
            parts.append(f"{i['merchant']} ({orig}${usd(i):.2f} at our rate, above the "
                         f"{WORDS.get(cat['limit'], str(cat['limit']))} {cat['name'].lower()} limit per item)")
        api.call("POST", f"/reports/{r['id']}/reject", {"reason": (
            "Sent back because of " + " and ".join(parts) + ". Please bring that item within "
            "the limit or remove it, then resubmit.")})
    else:
        api.call("POST", f"/reports/{r['id']}/approve", {"note": (
            f"Approved: all {len(r['items'])} item(s), converted to dollars at the company's "
            "rates, are within their category limits.")})
PY
