#!/bin/bash
# Reference solution of an imported task: the calls and answer in oracle.json.
set -euo pipefail
python3 - /solution/oracle.json <<'PY'
import json
import sys
from pathlib import Path

from mock_services.client import ServiceClient

oracle = json.loads(Path(sys.argv[1]).read_text())
for call in oracle["calls"]:
    client = ServiceClient(call["base_url"]).login(call["username"], call["password"])
    client.call(call["method"], call["path"], call["body"])
output = Path("/workspace/output")
output.mkdir(parents=True, exist_ok=True)
if oracle["answer"]:
    (output / "answer.md").write_text(oracle["answer"])
if oracle["final_url"]:
    (output / "final_url.txt").write_text(oracle["final_url"] + "\n")
PY
