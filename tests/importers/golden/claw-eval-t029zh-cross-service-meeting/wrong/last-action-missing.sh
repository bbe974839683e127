#!/bin/bash
# Wrong solution 'last-action-missing' of an imported task: the calls, files and answer of this script.
set -euo pipefail
solution=$(mktemp)
cat > "$solution" <<'JSON'
{
  "calls": [
    {
      "base_url": "http://127.0.0.1:5001/api",
      "username": "user",
      "password": "user-pass",
      "method": "GET",
      "path": "/messages",
      "body": null
    },
    {
      "base_url": "http://127.0.0.1:5001/api",
      "username": "user",
      "password": "user-pass",
      "method": "GET",
      "path": "/messages/1",
      "body": null
    },
    {
      "base_url": "http://127.0.0.1:5001/api",
      "username": "user",
      "password": "user-pass",
      "method": "GET",
      "path": "/messages/2",
      "body": null
    },
    {
      "base_url": "http://127.0.0.1:5001/api",
      "username": "user",
      "password": "user-pass",
      "method": "GET",
      "path": "/messages/3",
      "body": null
    },
    {
      "base_url": "http://127.0.0.1:5001/api",
      "username": "user",
      "password": "user-pass",
      "method": "GET",
      "path": "/contacts",
      "body": null
    },
    {
      "base_url": "http://127.0.0.1:5001/api",
      "username": "user",
      "password": "user-pass",
      "method": "GET",
      "path": "/contacts/1",
      "body": null
    },
    {
      "base_url": "http://127.0.0.1:5001/api",
      "username": "user",
      "password": "user-pass",
      "method": "GET",
      "path": "/contacts/2",
      "body": null
    },
    {
      "base_url": "http://127.0.0.1:5001/api",
      "username": "user",
      "password": "user-pass",
      "method": "GET",
      "path": "/contacts/3",
      "body": null
    },
    {
      "base_url": "http://127.0.0.1:5001/api",
      "username": "user",
      "password": "user-pass",
      "method": "GET",
      "path": "/contacts/4",
      "body": null
    },
    {
      "base_url": "http://127.0.0.1:5001/api",
      "username": "user",
      "password": "user-pass",
      "method": "GET",
      "path": "/contacts/5",
      "body": null
    },
    {
      "base_url": "http://127.0.0.1:5006/api",
      "username": "user",
      "password": "user-pass",
      "method": "GET",
      "path": "/events",
      "body": null
    },
    {
      "base_url": "http://127.0.0.1:5006/api",
      "username": "user",
      "password": "user-pass",
      "method": "POST",
      "path": "/events",
      "body": {
        "title": "项目评审会议",
        "start": "2026-03-04T15:00:00+08:00",
        "end": "2026-03-04T17:00:00+08:00",
        "attendees": [
          {
            "email": "zhaolei@company.com"
          },
          {
            "email": "liming@company.com"
          },
          {
            "email": "director@partner-corp.com"
          }
        ],
        "location": ""
      }
    }
  ],
  "files": {},
  "answer": "1. gmail_list_messages → see msg_301 from director@partner-corp.com\n2. gmail_get_message(msg_301) → read meeting requirements\n3. Also read msg_302 (赵磊's note about Wednesday conflict) and msg_303 (李明's availability)\n4. contacts_search(\"赵磊\") → get zhaolei@company.com\n5. contacts_search(\"李明\") → get liming@company.com\n6. calendar_get_user_events(zhaolei@company.com, 2026-03-04) → busy 14:00-15:00\n7. calendar_get_user_events(liming@company.com, 2026-03-04) → busy 09:00-10:00, 12:00-13:00\n8. Determine: both free 15:00-17:00 on March 4 → perfect 2-hour slot\n9. calendar_create_event(title=\"项目评审会议\", start=15:00, end=17:00, attendees=[赵磊, 李明, 陈总监])\n10. gmail_save_draft(to=director@partner-corp.com, subject=\"Re: 项目评审会议邀请\", body=\"确认3月4日15:00-17:00\")\n",
  "final_url": ""
}
JSON
python3 - "$solution" <<'PY'
import json
import sys
from pathlib import Path

from mock_services.client import ServiceClient

solution = json.loads(Path(sys.argv[1]).read_text())
for call in solution["calls"]:
    client = ServiceClient(call["base_url"]).login(call["username"], call["password"])
    client.call(call["method"], call["path"], call["body"])
workspace = Path("/workspace")
for name, text in solution["files"].items():
    (workspace / name).parent.mkdir(parents=True, exist_ok=True)
    (workspace / name).write_text(text)
output = workspace / "output"
output.mkdir(parents=True, exist_ok=True)
if solution["answer"]:
    (output / "answer.md").write_text(solution["answer"])
if solution["final_url"]:
    (output / "final_url.txt").write_text(solution["final_url"] + "\n")
PY
