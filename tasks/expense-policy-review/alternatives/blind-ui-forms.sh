#!/bin/bash
# Correct alternative: reads the reports over the API, but acts like a browser: logs in at /login
# with a cookie and posts the report page's approve / reject forms; reasons quote the correct
# base-currency amounts and limits next to the merchant's name.
set -euo pipefail
python3 - <<'PY'
import urllib.request, urllib.parse, http.cookiejar
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5005/api").login("bob", "bob-pass")
cats = api.call("GET", "/categories"); cats = cats["items"] if isinstance(cats, dict) else cats
lim = {c["slug"]: c["limit"] for c in cats}
waiting = api.call("GET", "/reports?scope=team&status=submitted&per_page=100")["items"]
jar = http.cookiejar.CookieJar()
op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
def post(path, data):
    r = op.open(urllib.request.Request("http://127.0.0.1:5005" + path, data=urllib.parse.urlencode(data).encode(), method="POST"))
    return r.status
post("/login?next=/", {"username": "bob", "password": "bob-pass"})
for s in waiting:
    r = api.call("GET", f"/reports/{s['id']}")
    o = [i for i in r["items"] if i["over_limit"]]
    if o:
        reason = " ".join(f"{i['merchant']} ({i['base_amount']:.2f} USD) is above the {lim[i['category']]:.2f} USD {i['category']} limit." for i in o)
        print(post(f"/reports/{r['id']}/reject", {"reason": reason}))
    else:
        print(post(f"/reports/{r['id']}/approve", {"note": ""}))
for s in waiting:
    print(api.call("GET", f"/reports/{s['id']}")["status"])
PY
