#!/bin/bash
# Wrong solution 'unable-to-confirm' of an imported task: the calls, files and answer of this script.
set -euo pipefail
solution=$(mktemp)
cat > "$solution" <<'JSON'
{
  "calls": [],
  "files": {
    "output/results.md": "Unable to confirm.\n"
  },
  "answer": "",
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
