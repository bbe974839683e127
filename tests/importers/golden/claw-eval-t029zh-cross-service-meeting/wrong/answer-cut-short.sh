#!/bin/bash
# Wrong solution 'answer-cut-short' of an imported task: the calls, files and answer of this script.
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
    },
    {
      "base_url": "http://127.0.0.1:5001/api",
      "username": "user",
      "password": "user-pass",
      "method": "POST",
      "path": "/drafts",
      "body": {
        "to": [
          "director@partner-corp.com"
        ],
        "subject": "Re: 项目评审会议邀请",
        "reply_to_message_id": 1,
        "body": "陈总监您好，\n\n项目评审会议已确认：2026年3月4日（周三）15:00-17:00，参会人：赵磊、李明和您。会议邀请已发送。\n\n谢谢！\n"
      }
    }
  ],
  "files": {},
  "answer": "1. gmail_list_messages → see msg_301 from director@partner-corp.com\n2. gmail_get_message(msg_301) → read meeting requirements\n3. Also read msg_302 (赵磊's note about Wednesday conflict) and msg_303 (李明's availability)\n4. contacts_search(\"赵磊\") → get zhaolei@company.com\n5. contacts_search(\"李明\") → get liming@company.com\n",
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
