#!/bin/bash
# ALTERNATIVE (right): through the finance web pages like a browser: the reconciliation page's
# Match buttons for the right suggestions only (101->INV-0041, 105->INV-0044, 104->INV-0043, the
# deposit), the transaction pages' Re-categorise form (Equipment, Utilities) and edit form (memo of
# the later Brightline charge).
set -euo pipefail
python3 - <<'PY'
import sys
import html, http.cookiejar, re, urllib.parse, urllib.request


class Browser:
    def __init__(self, base, username="alice", password="alice-pass"):
        self.base = base
        self.op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.post("/login?next=/", {"username": username, "password": password})

    def get(self, path):
        return self.op.open(self.base + path).read().decode()

    def post(self, path, fields):
        try:
            r = self.op.open(self.base + path, urllib.parse.urlencode(fields, doseq=True).encode())
        except urllib.error.HTTPError as e:
            body = e.read().decode()
            print("POST", path, e.code, re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))[:1500])
            raise
        print("POST", path, r.status, r.url)
        return r.read().decode(), r.url

    @staticmethod
    def form(page, action):
        """The current values of the form posting to ``action`` (as a browser would submit it)."""
        m = re.search(r'<form[^>]*action="%s"[^>]*>(.*?)</form>' % re.escape(action), page, re.S)
        if not m:
            raise KeyError(action)
        body, out = m.group(1), {}
        for tag in re.finditer(r"<input([^>]*)>", body):
            a = dict(re.findall(r'(\w+)="([^"]*)"', tag.group(1)))
            if "name" not in a:
                continue
            if a.get("type") == "checkbox":
                if re.search(r"\schecked", tag.group(1)):
                    out[a["name"]] = a.get("value", "on")
                continue
            out[a["name"]] = html.unescape(a.get("value", ""))
        for sel in re.finditer(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', body, re.S):
            opts = re.findall(r'<option value="([^"]*)"\s*(selected)?', sel.group(2))
            chosen = [v for v, s in opts if s] or [opts[0][0] if opts else ""]
            out[sel.group(1)] = html.unescape(chosen[0])
        for ta in re.finditer(r'<textarea[^>]*name="([^"]+)"[^>]*>(.*?)</textarea>', body, re.S):
            out[ta.group(1)] = html.unescape(ta.group(2))
        return out

b = Browser("http://127.0.0.1:5140")
page = b.get("/reconciliation")
for txn, code in ((101, "INV-0041"), (105, "INV-0044"), (104, "INV-0043")):
    assert f'name="transaction_id" value="{txn}"' in page
    b.post(f"/invoices/{code}/payments", {"transaction_id": str(txn), "back": "reconciliation"})
for txn, category in ((104, "Equipment"), (105, "Utilities")):
    f = Browser.form(b.get(f"/transactions/{txn}"), f"/transactions/{txn}/category")
    f["category"] = category
    b.post(f"/transactions/{txn}/category", f)
f = Browser.form(b.get("/transactions/102"), "/transactions/102/edit")
f["memo"] = f["memo"] + " DUPLICATE CHARGE - same bill BP-7731 paid by the 3 Mar charge; dispute with bank"
b.post("/transactions/102/edit", f)
PY
