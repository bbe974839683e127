#!/bin/bash
# ALTERNATIVE (right): through the web pages like a browser: the finance "new invoice" form
# (received, created open), the "record a transaction" form on /transactions, the invoice page's
# "Record payment" form, and the mail app's Reply (compose in reply mode) to the invoice mail.
set -euo pipefail
python3 - <<'PY'
import re, sys
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

fin = Browser("http://127.0.0.1:5140")
page, url = fin.post("/invoices", {"direction": "received", "contact": "Northside Print Co.", "number": "NP-2318",
    "issued_on": "2026-03-17", "due_on": "2026-04-07", "currency": "USD",
    "line1_description": "Spring catalogue, 24 pp, saddle-stitched", "line1_quantity": "1500", "line1_unit_price": "0.79",
    "line2_description": "Rush proofing (2 rounds)", "line2_quantity": "1", "line2_unit_price": "89.40",
    "line3_description": "", "line3_quantity": "", "line3_unit_price": "", "memo": "", "status": "open"})
code = re.search(r"INV-\d{4}", url).group(0)
tp = fin.get("/transactions")
actions = re.findall(r'<form method="post" action="([^"]+)"', tp)
print("forms on /transactions", actions)
f = Browser.form(tp, "/transactions")
print("fields", f)
f.update({"account_id": "1", "amount": "-1274.40", "merchant": "Northside Print Co.", "memo": "Bank transfer NP-2318"})
for k in ("date", "category"):
    if k in f and not f[k]:
        f.pop(k)
if "status" in f:
    f["status"] = "posted"
fin.post("/transactions", f)
inv = fin.get(f"/invoices/{code}")
pf = Browser.form(inv, f"/invoices/{code}/payments")
opts = re.findall(r'<option value="(\d+)" >([^<]*)', inv)
print(opts)
txn = next(v for v, label in opts if "Northside Print" in label and "-1,274.40" in label)  # amounts read as money
fin.post(f"/invoices/{code}/payments", {"transaction_id": txn, "amount": ""})
assert re.search(r"\bpaid\b", fin.get(f"/invoices/{code}"))
mail = Browser("http://127.0.0.1:5001")
form = Browser.form(mail.get("/compose?mode=reply&source=5"), "/compose")
form["body"] = ("Hello,\n\nInvoice NP-2318 is recorded and paid: we transferred USD 1,274.40 today, "
                "20 March 2026.\n\n" + form.get("body", ""))
mail.post("/compose", form)
PY
