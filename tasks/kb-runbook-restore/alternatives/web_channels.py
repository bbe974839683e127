"""What the alternatives of kb-runbook-restore share: an MCP session over the wiki's streamable
HTTP endpoint (``/mcp``, as the task declares it), and a browser session on its web forms."""

import http.cookiejar
import json
import urllib.parse
import urllib.request

BASE = "http://127.0.0.1:5130"
_HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


class Mcp:
    """One MCP session: ``call(tool, **arguments)`` answers the tool's structured content."""

    def __init__(self) -> None:
        self.headers = dict(_HEADERS)
        opened = self._post(
            "initialize",
            {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "alt", "version": "1"},
            },
        )
        self.headers["Mcp-Session-Id"] = opened.headers["Mcp-Session-Id"]
        self.headers["MCP-Protocol-Version"] = "2025-06-18"
        self._post("notifications/initialized", None, notify=True)

    def _post(self, method, params, notify=False):
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        if not notify:
            message["id"] = 1
        request = urllib.request.Request(
            f"{BASE}/mcp", data=json.dumps(message).encode(), headers=self.headers, method="POST"
        )
        return urllib.request.urlopen(request)

    def call(self, tool: str, **arguments):
        answer = json.loads(self._post("tools/call", {"name": tool, "arguments": arguments}).read())
        result = answer["result"]
        if result.get("isError"):
            raise SystemExit(f"{tool}: {result['content'][0]['text']}")
        return result.get("structuredContent")


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
