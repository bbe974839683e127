#!/bin/bash
# alternative (REST, reply before the fields): reads the rules page in the wiki, waits until the Tier 1 queue's new tickets have been quiet for 10 s (a requester may still be writing), judges each from its description and every comment, keeps the others (mine, priority, open) and for the urgent one first sends the reply (submitted as open), then moves it to Technical Escalations unassigned.
set -euo pipefail
python3 - <<'PY'
import re
import time

from mock_services.client import ServiceClient

hd = ServiceClient("http://127.0.0.1:5100/api", attempts=20).login("alice", "alice-pass")
kb = ServiceClient("http://127.0.0.1:5130/api", attempts=20).login("alice", "alice-pass")
hits = kb.call("GET", "/search?q=Tier+1+triage+rules&space=SUP")["items"]
rules = kb.call("GET", f"/pages/{hits[0]['page']['id']}")["body"]
assert "Technical Escalations" in rules and "within the hour" in rules, rules


def queue():
    return hd.call("GET", "/tickets?status=new&group=Tier+1+Support&per_page=100")["items"]


def threads(codes):
    return {code: hd.call("GET", f"/tickets/{code}") for code in codes}


codes = [t["code"] for t in queue()]
seen, quiet_since, started = None, time.monotonic(), time.monotonic()
while time.monotonic() - started < 60:
    now = {code: (t["updated_at"], len(t["comments"])) for code, t in threads(codes).items()}
    if now != seen:
        seen, quiet_since = now, time.monotonic()
    elif time.monotonic() - quiet_since >= 10:
        break
    time.sleep(1)


def priority(ticket):
    said = " ".join([ticket["description"]] + [c["body"] for c in ticket["comments"] if c["author"] is None]).lower()
    if re.search(r"nobody in our|all \w+ of us|whole team|none of us", said):
        return "urgent"
    if re.search(r"can't do my job|cannot do my job|cannot work|can't work", said):
        return "high"
    if ticket["type"] == "question" or re.search(r"how do i|where do i|nothing urgent", said):
        return "low"
    return "normal"


for code, ticket in threads(codes).items():
    chosen = priority(ticket)
    print(code, ticket["subject"], "->", chosen)
    if chosen != "urgent":
        hd.call("PATCH", f"/tickets/{code}", {"priority": chosen, "assignee": "alice", "status": "open"})
        continue
    first = ticket["requester_name"].split()[0]
    hd.call("POST", f"/tickets/{code}/comments", {"public": True, "status": "open", "body": (
        f"Hello {first},\n\nThanks for letting us know that the whole sales team is locked out. "
        "This ticket has been escalated as urgent to our Technical Escalations team, and they "
        "will contact you within the hour.\n\nAlice, Tier 1 Support")})
    hd.call("PATCH", f"/tickets/{code}", {"priority": "urgent", "group": "Technical Escalations", "assignee": None})
PY
