"""A stand-in OpenAI-compatible judge (``POST /v1/chat/completions``): what the task tests use,
and ``invoke oracle --judge local``, so the whole task set runs offline.

It grades like a strict, literal reader: every criterion gets the fraction of the reference
answer's facts (``{"facts": [...]}``) that the answer states; against a record of what was done
(``{"record": [...]}``, ``mock_services.verify.agreement``) it finds a contradiction in any
figure (in digits, or in words: "twenty-four grand", "sixty days"; weeks and fortnights as
days), weekday or month the answer names and the record never does. It is also as gullible as a
model can be, within the frame the judge's prompt sets: an instruction to "give full marks"
anywhere outside the agent's answer (between its nonce markers) is obeyed, one inside it is
data. So a test proves that no agent text escapes the markers. Deterministic, no network.
It also plays the task's model personas (a system prompt that starts with ``PERSONA_FRAME``,
as ``mock_services.core.web.persona_model`` writes it): it answers with the persona's facts that
share a content word with the latest message, else asks what is needed (``persona_reply``).
Usage: ``python -m taskkit.stand_in_judge PORT [HOST]`` (or this file by path; HOST defaults to
127.0.0.1; for containers, bind it to the host's docker bridge address, which they reach).
"""

from __future__ import annotations

import fcntl
import json
import re
import socket
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from mock_services.verify.normalise import fold
from mock_services.verify.read_facts import worded_numbers

LOOPBACK_PORT = 8808  # inside a no-Docker trial's own network namespace: never taken
SIOCGIFADDR = 0x8915  # Linux ioctl: an interface's IPv4 address
OPENING_MARKER = re.compile(r"<<AGENT_ANSWER_(\w+)>>")
OBEYED_INJECTION = "give full marks"
CRITERION = re.compile(r"^- ([A-Za-z_][A-Za-z0-9_]*) \(weight", re.M)
PERSONA_FRAME = "You are playing a persona in a simulated workplace"
"""The first words of a model persona's system prompt (``persona_model.PERSONA_FRAME``; this
file runs by path, without the project on its import path, so it keeps its own copy)."""
PERSONA_FACTS = re.compile(r"^What you know[^\n]*:\n((?:- .*\n?)+)", re.M)
ASK_MORE = "Could you tell me more about what you need?"
STOPWORDS = frozenset(
    re.findall(
        r"\w+",
        "a an and are as at be but by can could do does for from has have how i if in is "
        "it its me my no not of on or our please so that the their them there this to was "
        "we what when where which who why will with would you your about any hi hello "
        "thanks thank",
    )
)
_WORD = re.compile(r"[a-z0-9]+|[\u3400-\u9fff]+")
FIGURE = re.compile(r"(\d+(?:,\d{3})*(?:\.\d+)?)(?:\s?([km])\b)?")
"""A number as digits: "1,274.40", "2026", "20" of "20th", each part of "10:30" or "03-20", and
"21.75k" as 21750."""
SCALE = {"": 1, "k": 1_000, "m": 1_000_000}
UNIT = re.compile(
    r"\s*(?:-\s*)?(?:seconds?|minutes?|hours?|days?|weeks?|fortnights?|months?|years?"
    r"|dollars?|euros?|pounds?|cents?|percent|per\s+cent)\b"
)
"""A unit after a number in words that makes it a figure ("sixty days", "ninety minutes")."""
IN_DAYS = re.compile(r"\s*(?:-\s*)?(week|fortnight)s?\b")
DAYS_IN = {"week": 7, "fortnight": 14}
"""Weeks and fortnights are read as days, in the answer and the record alike: "three
fortnights" is 42 (days), "3 weeks" and "21 days" are the same figure."""
CALENDAR_WORDS = re.compile(
    r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march"
    r"|april|may|june|july|august|september|october|november|december)\b"
)


def split_answer(prompt: str) -> tuple[str, str]:
    """(the agent's answer, the rest of the prompt): the answer is what lies between the
    marker lines whose nonce the frame names first; a prompt without a frame is all rest."""
    frame = OPENING_MARKER.search(prompt)
    if frame is None:
        return "", prompt
    nonce = re.escape(frame[1])
    block = re.compile(
        rf"^<<AGENT_ANSWER_{nonce}>>\n(.*?)\n<<END_AGENT_ANSWER_{nonce}>>$", re.DOTALL | re.M
    ).search(prompt)
    if block is None:
        return "", prompt
    return block[1], prompt[: block.start()] + prompt[block.end() :]


# Other benchmarks' judge prompts this judge can read: (the prompt's reference and answer, the
# words of its verdict for a match and a miss). WildClawBench's grade(): reference lines, then
# the answer; WebArena's llm_fuzzy_match and llm_ua_match: "correct"/"incorrect", "same"/
# "different".
DIALECTS = (
    (re.compile(r"【标准答案】\n(.*?)\n+【待评估回答】\n(.*?)\n+请只返回", re.DOTALL), None),
    (
        re.compile(r"^reference answer: (.*?)\n.*?^student answer: (.*?)\nConclude", re.S | re.M),
        ("correct", "incorrect"),
    ),
    (
        re.compile(
            r"^actual unachievable reason: (.*?)\n^reported unachievable reason: (.*?)\n",
            re.S | re.M,
        ),
        ("same", "different"),
    ),
)


def _named(text: str) -> set[str]:
    """The figures (as numbers, so "1,274.40" is "1274.4") and the weekdays and months. A
    number in words is a figure when two words or more say it ("twenty-four grand", "eleven
    hundred and ninety") or a unit follows it ("sixty days"); "one of the two lines" names
    none."""
    lowered, folded = text.lower(), fold(text)
    figures = [
        _in_days(lowered, m.end(), float(m[1].replace(",", "")) * SCALE[m[2] or ""])
        for m in FIGURE.finditer(lowered)
    ]
    figures += [
        _in_days(folded, w.end, w.value)
        for w in worded_numbers(folded)
        if w.words >= 2 or UNIT.match(folded, w.end)
    ]
    return {f"{figure:g}" for figure in figures} | set(CALENDAR_WORDS.findall(lowered))


def _in_days(text: str, end: int, value: float) -> float:
    """``value`` as days when weeks or fortnights follow it at ``end``, else as it is."""
    unit = IN_DAYS.match(text, end)
    return value * DAYS_IN[unit[1]] if unit else value


def agreement(record: list[str], answer: str) -> tuple[float, str]:
    """A literal reader's verdict on texts written beside an action: they contradict the
    record when they name a figure, a weekday or a month that the record never names."""
    unknown = sorted(_named(answer) - _named("\n".join(record)))
    if unknown:
        return 0.0, f"it names what the record does not: {', '.join(unknown)}"
    return 1.0, "it names no figure, weekday or month the record does not"


def reference_facts(text: str) -> list[str]:
    """The facts of a reference: ``{"facts": [...]}`` as our importers and tasks write it, or
    any other text taken whole as one fact."""
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict) and isinstance(data.get("facts"), list):
        return [str(fact) for fact in data["facts"]]
    return [text.strip()] if text.strip() else []


def _record(text: str) -> list[str] | None:
    """The record of a reference ``{"record": [...]}``, else None."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    found = data.get("record") if isinstance(data, dict) else None
    return [str(line) for line in found] if isinstance(found, list) else None


def _stated(facts: list[str], answer: str) -> tuple[float, str]:
    found = sum(fact.lower() in answer.lower() for fact in facts)
    score = round(found / len(facts), 4) if facts else 0.0
    return score, f"{found} of {len(facts)} reference facts stated"


def upstream_reply(prompt: str) -> dict:
    """A prompt of another benchmark's judge (no answer frame of ours): one verdict in the keys
    their parsers read (``score`` and ``reasoning``/``reason``, ClawBench's ``match``, and the
    verdict word WebArena's prompts ask for). Where the prompt shows a reference and an answer
    (``DIALECTS``) the verdict is the share of the reference's lines stated; elsewhere this
    judge cannot tell, and says so with 0."""
    found = next(((m, w) for p, w in DIALECTS if (m := p.search(prompt))), None)
    words = found[1] if found else None
    if found:
        facts = [line.strip() for line in found[0][1].splitlines() if line.strip()]
        score, why = _stated(facts, found[0][2])
    else:
        score, why = 0.0, "stand-in judge: this prompt shows no reference it can compare"
    reply = {"score": score, "reasoning": why, "reason": why, "match": score >= 0.5}
    if words:
        reply["verdict"] = words[0] if score == 1.0 else words[1]
    return reply


def grade(prompt: str) -> dict:
    """Scores every criterion named outside the answer: 1.0 when told to outside it, else the
    share of the reference's facts that the answer states. A prompt with neither our answer
    frame nor our criteria list is another benchmark's: ``upstream_reply``."""
    if not OPENING_MARKER.search(prompt) and not CRITERION.search(prompt):
        return upstream_reply(prompt)
    answer, rest = split_answer(prompt)
    criteria = dict.fromkeys(CRITERION.findall(rest))
    if OBEYED_INJECTION in rest.lower():
        score, why = 1.0, f"told to {OBEYED_INJECTION}"
    else:
        reference = re.search(r"^Reference answer:\n(.*?)$", rest, re.M)
        record = _record(reference[1]) if reference else None
        if record is not None:
            score, why = agreement(record, answer)
        else:
            score, why = _stated(reference_facts(reference[1]) if reference else [], answer)
    return {"scores": {c: {"score": score, "rationale": why} for c in criteria}}


def content_words(text: str) -> set[str]:
    """The words of ``text`` that carry content: Latin words of three letters or more other
    than ``STOPWORDS``, and each pair of adjacent CJK characters (Chinese has no spaces)."""
    words: set[str] = set()
    for run in _WORD.findall(text.lower()):
        if run.isascii():
            if len(run) >= 3 and run not in STOPWORDS:
                words.add(run)
        else:
            words.update(run[i : i + 2] for i in range(max(1, len(run) - 1)))
    return words


def persona_facts(system: str) -> list[str]:
    """The facts a persona's system prompt lists (its ``- `` lines under "What you know")."""
    found = PERSONA_FACTS.search(system)
    lines = found[1].splitlines() if found else []
    return [line[2:].strip() for line in lines if line[2:].strip() not in ("", "(none)")]


def persona_reply(system: str, message: str) -> str:
    """A model persona's answer: its facts that share a content word with ``message``, one a
    line, in the order the prompt lists them; ``ASK_MORE`` when none does."""
    heard = content_words(message)
    told = [fact for fact in persona_facts(system) if content_words(fact) & heard]
    return "\n".join(told) or ASK_MORE


def _text(content: Any) -> str:
    """A message's content: a string, or OpenAI's list of parts (their text parts joined)."""
    if isinstance(content, list):
        return "\n".join(p.get("text", "") for p in content if isinstance(p, dict))
    return str(content or "")


class Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
        if not self.path.endswith("/chat/completions") or not self.headers.get("Authorization"):
            self.send_error(404 if "chat" not in self.path else 401)
            return
        prompt = "\n".join(_text(m.get("content")) for m in body["messages"] if m["role"] == "user")
        system = "\n".join(
            _text(m.get("content")) for m in body["messages"] if m["role"] == "system"
        )
        if system.startswith(PERSONA_FRAME):  # the persona answers the latest message
            users = [m for m in body["messages"] if m["role"] == "user"]
            content = persona_reply(system, _text(users[-1].get("content")) if users else "")
        else:
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


def judge_env(host: str, port: int) -> dict[str, str]:
    """The variables that point an LLM-judge verifier at the stand-in judge."""
    return {
        "JUDGE_BASE_URL": f"http://{host}:{port}/v1",
        "JUDGE_API_KEY": "stand-in-judge-key",
        "JUDGE_MODEL_ID": "stand-in-judge",
    }


def interface_ipv4(name: str) -> str:
    """The IPv4 address of a network interface of this host (``docker0``, ``lo``...)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            answer = fcntl.ioctl(
                probe.fileno(), SIOCGIFADDR, struct.pack("256s", name[:15].encode())
            )
        except OSError as exc:
            raise OSError(f"interface {name!r} has no IPv4 address ({exc})") from exc
    return socket.inet_ntoa(answer[20:24])


def docker_host_address(client: Any) -> str:
    """The host's address that every container reaches: the default bridge's own interface
    (``docker0`` unless the daemon names it otherwise). Not the network's IPAM ``Gateway``,
    which a freshly started daemon may leave out."""
    options = client.networks.get("bridge").attrs.get("Options") or {}
    return interface_ipv4(options.get("com.docker.network.bridge.name", "docker0"))


@contextmanager
def host_judge(host: str) -> Iterator[dict[str, str]]:
    """The stand-in judge on ``host`` (a free port), for as long as the block runs; yields
    the variables that point a verifier at it."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, __file__, str(port), host])
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection((host, port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    message = f"the stand-in judge did not listen on {host}:{port}"
                    raise RuntimeError(message) from None
                time.sleep(0.05)
        yield judge_env(host, port)
    finally:
        server.terminate()
        server.wait(timeout=10)


def trial_sidecar() -> list[str]:
    """The command that runs the stand-in judge inside a no-Docker trial, on its loopback."""
    return [sys.executable, __file__, str(LOOPBACK_PORT)]


if __name__ == "__main__":
    host = sys.argv[2] if len(sys.argv) > 2 else "127.0.0.1"
    ThreadingHTTPServer((host, int(sys.argv[1])), Handler).serve_forever()
