"""What the alternatives of kb-runbook-restore share: an MCP session over the wiki's streamable
HTTP endpoint (``/mcp``, as the task declares it), and a browser session on its web forms."""

import http.cookiejar
import urllib.parse
import urllib.request

from mock_services.client import McpClient

BASE = "http://127.0.0.1:5130"


def mcp() -> McpClient:
    """The wiki's MCP session (streamable HTTP), logged in as Alice."""
    return McpClient(f"{BASE}/mcp").login("alice", "alice-pass")


class Browser:
    """A logged-in browser: ``post(path, fields)`` submits a form, following its redirect."""

    def __init__(self, username: str, password: str) -> None:
        jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        self.post("/login", {"username": username, "password": password})

    def post(self, path: str, fields: dict) -> int:
        data = urllib.parse.urlencode(fields).encode()
        request = urllib.request.Request(BASE + path, data=data, method="POST")
        return self.opener.open(request).status

    def get(self, path: str) -> str:
        return self.opener.open(BASE + path).read().decode()
