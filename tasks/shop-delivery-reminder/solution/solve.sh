#!/bin/bash
# Reference solution of shop-delivery-reminder: find the shipped desk order in the shop, read
# its shipping mail for the estimated delivery day, add an all-day event that day.
set -euo pipefail
python3 - <<'PY'
import re
from datetime import date

from mock_services.client import ServiceClient

SHOP, MAIL, CAL = ("http://127.0.0.1:1234/api", "http://127.0.0.1:5001/api",
                   "http://127.0.0.1:5006/api")
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december"]

login = {"username": "alice", "password": "alice-pass"}
shop, mail, cal = (ServiceClient(base).login(**login) for base in (SHOP, MAIL, CAL))
orders = shop.call("GET", "/orders?status=shipped")["items"]
desk = next(o for o in orders
            if any("desk" in i["name"].lower()
                   for i in shop.call("GET", f"/orders/{o['code']}")["items"]))
code = desk["code"]
mails = mail.call("GET", f"/messages?q={code}")["items"]
notice = next(mail.call("GET", f"/messages/{m['id']}")
              for m in mails if "shipped" in m["subject"].lower())
body, year = notice["body"], int(notice["date"][:4])  # the mail gives day and month only
day, month = re.search(r"Estimated delivery: \w+ (\d+) (\w+)", body).groups()
when = date(year, MONTHS.index(month.lower()) + 1, int(day)).isoformat()
cal.call("POST", "/events", {"title": f"Desk delivery {code}: stay home", "all_day": True,
                                  "start_date": when, "end_date": when})
print("reminder on", when, "for", code)
PY
