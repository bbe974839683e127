"""A stand-in OpenAI-compatible judge (``POST /v1/chat/completions``) for the task tests.

It grades like a strict, literal reader: every criterion gets the fraction of the reference
answer's facts (``{"facts": [...]}``) that the answer states. Deterministic, no network.
Usage: ``python fake_judge.py PORT [HOST]`` (HOST defaults to 127.0.0.1; the Docker runners
bind it to the host's docker bridge address so that containers reach it).
"""

from __future__ import annotations

import json
import re
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def grade(prompt: str) -> dict:
    criteria = re.findall(r"^- ([A-Za-z_][A-Za-z0-9_]*) \(weight", prompt, re.MULTILINE)
    reference = re.search(r"Reference answer:\n(.*?)\n\nAnswer to grade:\n", prompt, re.DOTALL)
    answer = prompt.split("Answer to grade:\n", 1)[-1].lower()
    facts = json.loads(reference[1]).get("facts", []) if reference else []
    found = sum(str(f).lower() in answer for f in facts)
    score = round(found / len(facts), 4) if facts else 0.0
    why = f"{found} of {len(facts)} reference facts stated"
    return {"scores": {c: {"score": score, "rationale": why} for c in criteria}}


class Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
        if not self.path.endswith("/chat/completions") or not self.headers.get("Authorization"):
            self.send_error(404 if "chat" not in self.path else 401)
            return
        prompt = "\n".join(m["content"] for m in body["messages"] if m["role"] == "user")
        content = json.dumps(grade(prompt))
        payload = json.dumps(
            {
                "id": "fake-1",
                "object": "chat.completion",
                "model": body.get("model", ""),
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": content},
                        "finish_reason": "stop",
                    }
                ],
            }
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args: object) -> None:
        pass


if __name__ == "__main__":
    host = sys.argv[2] if len(sys.argv) > 2 else "127.0.0.1"
    ThreadingHTTPServer((host, int(sys.argv[1])), Handler).serve_forever()
