#!/bin/bash
# Wrong (the look-alike decoy): reads the shipping notices oldest first and takes the first
# one, the chair's (ORD-203977, delivered in February), for the desk's.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient

SHOP, MAIL, CAL = ("http://127.0.0.1:1234/api", "http://127.0.0.1:5001/api",
                   "http://127.0.0.1:5006/api")
login = {"username": "alice", "password": "alice-pass"}
shop, mail, cal = (ServiceClient(base).login(**login) for base in (SHOP, MAIL, CAL))

import re
from datetime import date

MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december"]
notices = [m for m in mail.call("GET", "/messages?q=shipped")["items"]
           if "shipped" in m["subject"].lower()]
notice = mail.call("GET", f"/messages/{notices[-1]['id']}")
code = re.search(r"ORD-\d+", notice["subject"]).group()
d, month = re.search(r"Estimated delivery: \w+ (\d+) (\w+)", notice["body"]).groups()
day = date(int(notice["date"][:4]), MONTHS.index(month.lower()) + 1, int(d)).isoformat()
cal.call("POST", "/events", {"title": f"Delivery {code}: stay home", "all_day": True,
                             "start_date": day, "end_date": day})
PY
