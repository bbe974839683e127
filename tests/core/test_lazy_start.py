"""A worker's start builds only what serving needs: the OpenAPI document (a tenth of a
second), the guide and the MCP tools with the MCP SDK's message types (a fifth of a second)
are built on the first request that asks for them, once, and most trials never ask."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.process  # times a real server's start

START_AND_ASK = """
import sys
from pathlib import Path
import mock_services.core.serve.app as app_module
from mock_services.core.serve.seeding import seed_service
from mock_services.core.base.settings import Settings
from mock_services.registry import get_spec

built = []
build_openapi = app_module.build_openapi
app_module.build_openapi = lambda *args: built.append(1) or build_openapi(*args)
spec, settings = get_spec("shop"), Settings(data_dir=Path(sys.argv[1]))
seed_service(spec, spec.default_seed(), settings)
client = app_module.create_app(spec, settings).test_client()
assert client.get("/health").status_code == 200
print("after start:", "mcp_types" in sys.modules, len(built))
paths = [client.get("/openapi.json").get_json()["paths"] for _ in range(2)]
print("openapi:", "/api/cart" in paths[0] and paths[0] == paths[1], len(built))
print("guide:", client.get("/docs").status_code, len(built))
listed = client.post(
    "/mcp",
    json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
    headers={"Accept": "application/json, text/event-stream"},
)
print("tools:", len(listed.get_json()["result"]["tools"]) > 10, len(built))
"""


def test_the_document_guide_and_tools_are_built_when_first_asked_for(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", START_AND_ASK, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "after start: False 0",
        "openapi: True 1",
        "guide: 200 1",
        "tools: True 1",
    ], done.stdout
