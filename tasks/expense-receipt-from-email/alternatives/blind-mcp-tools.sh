#!/bin/bash
# Correct alternative: all over MCP: mail's list_messages/get_message/get_attachment to read the
# PDF invoices, picks Alice's March one, then expense's update_item, add_receipt, submit_report.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import McpClient
import base64, re
from datetime import datetime
mail = McpClient("http://127.0.0.1:5001/mcp"); mail.call("login", username="alice", password="alice-pass")
ex = McpClient("http://127.0.0.1:5005/mcp"); ex.call("login", username="alice", password="alice-pass")
et = {t["name"]: list(t["inputSchema"]["properties"]) for t in ex.rpc("tools/list", {})["tools"]}
mt = {t["name"]: list(t["inputSchema"]["properties"]) for t in mail.rpc("tools/list", {})["tools"]}
print(et["update_item"], et["add_receipt"], et["submit_report"], mt["get_attachment"])
def lines_of(pdf):
    return [re.sub(r"\\(.)", r"\1", t.decode("latin-1")) for t in re.findall(rb"\(((?:[^()\\]|\\.)*)\) Tj", pdf)]
found = mail.call("list_messages", q="adlon", has_attachment=True, per_page=100)["items"]
pick = None
for s in found:
    msg = mail.call("get_message", message_id=s["id"])
    for a in msg["attachments"]:
        att = mail.call("get_attachment", message_id=msg["id"], attachment_id=a["id"])
        ls = lines_of(base64.b64decode(att["content_base64"]))
        txt = "\n".join(ls)
        d = datetime.strptime(re.search(r"Invoice date: (.+)", txt)[1].strip(), "%d %B %Y").date()
        if "Alice Martin" in txt and d.month == 3: pick = (att, txt, d)
att, txt, d = pick
cur, total = re.search(r"TOTAL\s+([A-Z]{3}) ([\d.]+)", txt).groups()
reps = ex.call("list_reports", status="draft", q="ITB")["items"]
rep = ex.call("get_report", report_id=reps[0]["id"])
item = next(i for i in rep["items"] if "adlon" in i["merchant"].lower())
ex.call("update_item", report_id=rep["id"], item_id=item["id"], amount=float(total), currency=cur, spent_on=d.isoformat(), category="lodging", description="3 nights incl. city tax, invoice ADL-2026-58213")
ex.call("add_receipt", report_id=rep["id"], item_id=item["id"], filename=att["filename"], content_type=att["content_type"], content_base64=att["content_base64"])
print(ex.call("submit_report", report_id=rep["id"])["status"])
PY
