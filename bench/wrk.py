"""HTTP load with ``wrk``: one request shape (method, path, body), its varying part drawn at random
from a list of values, 16 connections, latency percentiles parsed from ``--latency``."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from pydantic import BaseModel, Field

CLIENTS = 16


class WrkLoad(BaseModel):
    """Requests ``method path % value`` for a random ``value``; ``body`` (JSON text) may hold
    ``{n}``, replaced by a random whole number from 1 to 9 on each request."""

    method: str = "GET"
    path: str = Field(description="a Lua format string with one %s, e.g. /api/products/%s")
    values: list[str] = Field(min_length=1)
    body: str | None = None
    headers: dict[str, str] = Field(default_factory=dict)

    def script(self) -> str:
        headers = {**self.headers, **({"Content-Type": "application/json"} if self.body else {})}
        set_headers = "".join(
            f"wrk.headers[{json.dumps(k)}] = {json.dumps(v)}\n" for k, v in headers.items()
        )
        if self.body is None:
            body = "nil"
        else:
            prefix, _, suffix = self.body.partition("{n}")
            body = f"{json.dumps(prefix)} .. math.random(1, 9) .. {json.dumps(suffix)}"
        values = ", ".join(json.dumps(v) for v in self.values)
        return (
            "math.randomseed(7)\n"
            f"local values = {{{values}}}\n"
            f"{set_headers}"
            "request = function()\n"
            f"  local path = string.format({json.dumps(self.path)}, "
            "values[math.random(#values)])\n"
            f"  return wrk.format({json.dumps(self.method)}, path, nil, {body})\n"
            "end\n"
        )


def parse_wrk(output: str) -> dict[str, float | int | str]:
    units = {"us": 0.001, "ms": 1.0, "s": 1000.0}
    latency = {}
    for pct, value, unit in re.findall(
        r"^\s+(50|75|90|99)%\s+([\d.]+)(us|ms|s)\s*$", output, re.MULTILINE
    ):
        latency[f"p{pct}_ms"] = float(value) * units[unit]
    rps = re.search(r"Requests/sec:\s+([\d.]+)", output)
    if rps is None:
        raise RuntimeError(f"wrk printed no Requests/sec line:\n{output}")
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    errors = re.search(r"Socket errors: (.*)", output)
    return {
        "requests_per_second": float(rps[1]),
        **latency,
        "non_2xx": int(bad[1]) if bad else 0,
        "socket_errors": errors[1] if errors else "",
    }


def run_wrk(
    url: str, load: WrkLoad, seconds: int, workdir: Path, warmup: int = 1
) -> dict[str, float | int | str]:
    """``wrk -t2 -c16`` for ``seconds`` after a ``warmup``-second run whose figures are dropped."""
    script = workdir / "wrk.lua"
    script.write_text(load.script())
    base = ["wrk", "-t2", f"-c{CLIENTS}", "-s", str(script)]
    if warmup:
        subprocess.run([*base, f"-d{warmup}s", url], check=True, capture_output=True)
    run = subprocess.run(
        [*base, f"-d{seconds}s", "--latency", url], check=True, capture_output=True, text=True
    )
    return parse_wrk(run.stdout)
