"""A worker's start does not import the MCP SDK's message types (a fifth of a second, in every
worker, and most trials never speak MCP): the tools are built on the first MCP request."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

START_AND_CALL = """
import sys
from pathlib import Path
from mock_services.core.app import create_app
from mock_services.core.seeding import seed_service
from mock_services.core.settings import Settings
from mock_services.registry import get_spec

spec, settings = get_spec("shop"), Settings(data_dir=Path(sys.argv[1]))
seed_service(spec, spec.default_seed(), settings)
client = create_app(spec, settings).test_client()
assert client.get("/health").status_code == 200
print("after start:", "mcp_types" in sys.modules)
listed = client.post(
    "/mcp",
    json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
    headers={"Accept": "application/json, text/event-stream"},
)
print("tools:", len(listed.get_json()["result"]["tools"]) > 10)
"""


def test_the_tools_and_their_types_load_on_the_first_mcp_request(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", START_AND_CALL, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["after start: False", "tools: True"], done.stdout
