#!/bin/bash
# Class: extra unrequested actions on other mails. Trashes the right copies, then also tidies up by trashing the Tech Digest newsletter and starring the lunch invite; every other mail must be left exactly as it is.
set -euo pipefail
python3 - <<'PY'
from mock_services.client import ServiceClient
api = ServiceClient("http://127.0.0.1:5001/api").login("alice", "alice-pass")
inbox = api.call("GET", "/messages?folder=inbox&per_page=100")["items"]
full = {m["id"]: api.call("GET", f"/messages/{m['id']}") for m in inbox}
def key(m):
    return (m["from_address"], m["subject"], m["date"], m["body"])
def true_extras():
    seen, extra = set(), []
    for i in sorted(full):
        k = key(full[i])
        if k in seen:
            extra.append(i)
        seen.add(k)
    return extra


extra = true_extras()
api.call("POST", "/messages/bulk", {"ids": extra, "action": "trash"})
news = [i for i in full if "techdigest" in full[i]["from_address"]]
lunch = [i for i in full if full[i]["subject"].startswith("Lunch")]
api.call("POST", "/messages/bulk", {"ids": news, "action": "trash"})
api.call("POST", "/messages/bulk", {"ids": lunch, "action": "star"})
print("trashed", extra + news, "starred", lunch)
PY
