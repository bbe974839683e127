#!/bin/bash
# Alternative (web UI forms): logs in through the /login form (mock_session_<service> cookie), opens the
# review queue /review (submitted reports of others), opens each report page, reads the item
# rows' "over limit" policy flag and merchant from the HTML, and posts the page's Approve form or
# its Reject form with a reason naming the flagged merchants.
set -euo pipefail
python3 - <<'PY'
import html
import re

import requests

BASE = "http://127.0.0.1:5005"
s = requests.Session()
s.post(f"{BASE}/login", data={"username": "bob", "password": "bob-pass"}).raise_for_status()
assert any(c.name.startswith("mock_session_") for c in s.cookies), "login failed"

queue = s.get(f"{BASE}/review", params={"status": "submitted"}).text
report_ids = sorted({int(i) for i in re.findall(r'href="/reports/(\d+)"', queue)})
for rid in report_ids:
    page = s.get(f"{BASE}/reports/{rid}").text
    code = re.search(r"<h1>(EXP-\d+):", page).group(1)
    assert re.search(r'id="status">submitted<', page, re.I), code  # the status badge
    assert 'id="approve-form"' in page, f"{code}: no approve form"
    rows = re.findall(r'<tr data-item="\d+">\s*<td>.*?</td>\s*<td>(.*?)</td>.*?<td class="flags">(.*?)</td>', page, re.S)
    flagged = [html.unescape(m.split(" · ")[0]).strip() for m, flags in rows if "over limit" in flags]
    if flagged:
        reason = ("Rejected: over the per-item category limit at " + " and ".join(flagged)
                  + ". Please fix and resubmit.")
        r = s.post(f"{BASE}/reports/{rid}/reject", data={"reason": reason}, allow_redirects=False)
    else:
        r = s.post(f"{BASE}/reports/{rid}/approve", data={"note": ""}, allow_redirects=False)
    assert r.status_code == 303, (code, r.status_code)
    after = s.get(f"{BASE}/reports/{rid}").text
    status = re.search(r'id="status">(\w+)<', after).group(1)
    print(code, status, flagged)
PY
