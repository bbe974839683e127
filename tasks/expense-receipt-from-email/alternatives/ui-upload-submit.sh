#!/bin/bash
# Correct alternative: fixes the hand-entered hotel item over the API (total, EUR, invoice date,
# lodging), then like a browser uploads the invoice PDF with the item's multipart "Attach" form
# and presses "Submit for approval" (POST /reports/{id}/submit form).
set -euo pipefail
python3 - <<'PY'
import base64, re, json
from datetime import datetime
from mock_services.client import ServiceClient
def invoice_lines(pdf):
    shown = re.findall(rb"\(((?:[^()\\]|\\.)*)\) Tj", pdf)
    return [re.sub(r"\\(.)", r"\1", t.decode("latin-1")) for t in shown]
def field(lines, label):
    return next(l.split(":", 1)[1].strip() for l in lines if l.startswith(label + ":"))
mail = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
found = mail.call("GET", "/messages?q=adlon&has_attachment=true&per_page=100")["items"]
invoices = []
for s in found:
    msg = mail.call("GET", f"/messages/{s['id']}")
    for meta in msg["attachments"]:
        att = mail.call("GET", f"/messages/{msg['id']}/attachments/{meta['id']}")
        lines = invoice_lines(base64.b64decode(att["content_base64"]))
        date = datetime.strptime(field(lines, "Invoice date"), "%d %B %Y").date()
        cur, total = re.search(r"TOTAL\s+([A-Z]{3}) ([\d.]+)", "\n".join(lines)).groups()
        invoices.append(dict(msg=msg, meta=meta, att=att, lines=lines, date=date, cur=cur, total=float(total), guest=field(lines, "Guest")))
mine = next(i for i in invoices if "Alice" in i["guest"] and i["date"].month == 3)
daves = next(i for i in invoices if "Dave" in i["guest"])
jan = next(i for i in invoices if i["date"].month == 1)
ex = ServiceClient("http://127.0.0.1:5005/api").login("alice", "alice-pass")
trip = ex.call("GET", "/reports?status=draft&q=ITB&per_page=100")["items"][0]
report = ex.call("GET", f"/reports/{trip['id']}")
hotel = next(i for i in report["items"] if "adlon" in i["merchant"].casefold())
RID, IID = report["id"], hotel["id"]
def patch(inv=None, **kw):
    inv = inv or mine
    body = {"amount": inv["total"], "currency": inv["cur"], "spent_on": inv["date"].isoformat(), "category": "lodging"}
    body.update(kw)
    ex.call("PATCH", f"/reports/{RID}/items/{IID}", body)
def attach(inv=None, item=None):
    inv = inv or mine
    ex.call("POST", f"/reports/{RID}/items/{item or IID}/receipts", {"filename": inv["att"]["filename"], "content_type": inv["att"]["content_type"], "content_base64": inv["att"]["content_base64"]})
def submit(): ex.call("POST", f"/reports/{RID}/submit", {})
import urllib.request, urllib.parse, http.cookiejar, uuid
jar = http.cookiejar.CookieJar()
op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
B = "http://127.0.0.1:5005"
op.open(urllib.request.Request(B + "/login?next=/", data=urllib.parse.urlencode({"username": "alice", "password": "alice-pass"}).encode(), method="POST"))
patch(description="Invoice ADL-2026-58213, room 412, 2-5 March")
bnd = uuid.uuid4().hex
raw = base64.b64decode(mine["att"]["content_base64"])
data = (f"--{bnd}\r\nContent-Disposition: form-data; name=\"receipt\"; filename=\"{mine['att']['filename']}\"\r\nContent-Type: application/pdf\r\n\r\n").encode() + raw + f"\r\n--{bnd}--\r\n".encode()
r = op.open(urllib.request.Request(B + f"/reports/{RID}/items/{IID}/receipts", data=data, method="POST", headers={"Content-Type": f"multipart/form-data; boundary={bnd}"}))
print("upload", r.status)
r = op.open(urllib.request.Request(B + f"/reports/{RID}/submit", data=b"", method="POST"))
print("submit", r.status, ex.call("GET", f"/reports/{RID}")["status"])
PY
