#!/bin/bash
# ALT (correct): as a browser would: log in through /login, then POST the UI forms: merge TK-1047 into
# TK-1041, the edit form of TK-1041 (every field as shown, with assignee alice, priority high, tags plus
# month-end), then the comment form (public, submit as pending) with a differently worded reply.
set -euo pipefail
python3 - <<'PY'
import urllib.request, urllib.parse, http.cookiejar, re, html
from html.parser import HTMLParser
B = "http://127.0.0.1:5100"
cj = http.cookiejar.CookieJar(); op = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(cj))
def post(path, data):
    return op.open(B + path, urllib.parse.urlencode(data, doseq=True).encode()).read().decode()
post("/login?next=/", {"username": "alice", "password": "alice-pass"})
post("/tickets/TK-1047/merge", {"merged_into": "TK-1041"})
class Form(HTMLParser):
    def __init__(self, action):
        super().__init__(); self.action, self.on, self.fields, self.sel, self.ta = action, False, {}, None, None
    def handle_starttag(self, tag, a):
        a = dict(a)
        if tag == "form": self.on = a.get("action") == self.action
        if not self.on: return
        if tag == "input" and a.get("name"):
            if a.get("type") == "checkbox":
                if "checked" in a: self.fields[a["name"]] = "on"
            else: self.fields[a["name"]] = a.get("value", "")
        if tag == "select": self.sel = a["name"]; self.fields.setdefault(self.sel, None)
        if tag == "option" and self.sel and ("selected" in a or self.fields[self.sel] is None):
            if "selected" in a or self.fields[self.sel] is None: self.fields[self.sel] = a.get("value", "")
        if tag == "textarea": self.ta = a["name"]; self.fields[self.ta] = ""
    def handle_endtag(self, tag):
        if tag == "form": self.on = False
        if tag == "select": self.sel = None
        if tag == "textarea": self.ta = None
    def handle_data(self, d):
        if self.on and self.ta: self.fields[self.ta] += d
page = op.open(B + "/tickets/TK-1041").read().decode()
f = Form("/tickets/TK-1041/edit"); f.feed(page)
# first option of a select without "selected" is only a default; status must be the current one
print(f.fields)
fields = dict(f.fields)
fields.update({"assignee": "alice", "priority": "high"})
tags = fields.get("tags", "")
sep = "," if "," in tags else " "
fields["tags"] = (tags + sep + "month-end") if tags.strip() else "month-end"
print(fields)
post("/tickets/TK-1041/edit", fields)
post("/tickets/TK-1041/comments", {"body": "Hi Maria,\r\n\r\nI'm looking after your request while Grace is away, and I've merged your second ticket into this one.\r\n\r\nThe fix is included in release 4.2.1, which ships on Thursday 12 March.\r\n\r\nIn the meantime you can still produce PDFs: open the invoice, press Print, and choose 'Save as PDF' in the browser's print dialog.\r\n\r\nBest regards,\r\nAlice", "public": "on", "status": "pending"})
PY
