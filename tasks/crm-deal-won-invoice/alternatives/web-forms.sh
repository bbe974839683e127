#!/bin/bash
# ALTERNATIVE (right): everything through the three web UIs as a browser would: the CRM deal page's
# edit form (stage closed won, amount 21,750), the finance invoice page's "Void invoice" button, the
# "new invoice" form on /invoices created as open (issued and mailed), then the mail app's Reply
# to Ingrid's message (compose form in reply mode).
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

crm = Browser("http://127.0.0.1:5110")
f = Browser.form(crm.get("/deals/2"), "/deals/2/edit")
f.update(stage="closed_won", amount="21750")
crm.post("/deals/2/edit", f)
fin = Browser("http://127.0.0.1:5140")
fin.post("/invoices/INV-0004/void", {})
page, url = fin.post("/invoices", {"direction": "issued", "contact": "Lindqvist Architects", "number": "",
    "issued_on": "2026-03-16", "due_on": "2026-04-30", "currency": "USD",
    "line1_description": "Website redesign (design, build, CMS, launch)", "line1_quantity": "1", "line1_unit_price": "20500",
    "line2_description": "Stock image licence, up to 20 images", "line2_quantity": "1", "line2_unit_price": "1250",
    "line3_description": "", "line3_quantity": "", "line3_unit_price": "",
    "memo": "Payment terms: 45 days from the invoice date.", "status": "open"})
code = re.search(r"INV-\d{4}", url + page).group(0)
print("code", code, url)
assert "21,750" in fin.get(f"/invoices/{code}") or "21750" in fin.get(f"/invoices/{code}")
mail = Browser("http://127.0.0.1:5001")
inbox = mail.get("/?q=redesign")
ids = [int(i) for i in re.findall(r'href="/messages/(\d+)"', inbox)]
src = max(ids)  # newest of Ingrid's thread (ids in date order)
form = Browser.form(mail.get(f"/compose?mode=reply&source={src}"), "/compose")
print({k: v[:80] for k, v in form.items()})
form["body"] = (f"Hi Ingrid,\n\nThe invoice is out to accounts payable: number {code}, amount USD 21,750.00, "
                f"due 30 April 2026.\n\n" + form.get("body", ""))
mail.post("/compose", form)
PY
