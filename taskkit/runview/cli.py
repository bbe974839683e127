"""``invoke view PATH``: the results viewer over a run folder, served on loopback (each page
rendered when asked for, so a large run opens at once) or written as static files (``--out
DIR``); ``--compare OTHER`` adds the two runs side by side."""

from __future__ import annotations

import argparse
import contextlib
import http.server
import signal
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from taskkit.runview.load import NotARun, load_run
from taskkit.runview.model import plural
from taskkit.runview.record import RUN_FILE
from taskkit.runview.render import STATIC, Site, write_site

CONTENT_TYPES = {".css": "text/css", ".js": "text/javascript", ".html": "text/html"}


def handler_for(site: Site) -> type[http.server.BaseHTTPRequestHandler]:
    """A request handler serving ``site``'s pages and the vendored files."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            path = unquote(urlsplit(self.path).path).lstrip("/")
            body: str | bytes | None
            try:
                if path in ("", "index.html", "compare.html", "right/index.html"):
                    site.refresh()  # a run still recording shows its new trials
                body = self._static(path) if "static/" in path else site.page(path)
            except NotARun as exc:
                self._answer(500, f"This trial's folder cannot be read: {exc}", ".txt")
                return
            if body is None:
                self._answer(404, f"No page {path!r} in this run.", ".txt")
                return
            self._answer(200, body, Path(path or "index.html").suffix)

        def _static(self, path: str) -> bytes | None:
            name = path.rsplit("static/", 1)[1]
            target = (STATIC / name).resolve()
            if target.parent != STATIC.resolve() or not target.is_file():
                return None
            return target.read_bytes()

        def _answer(self, status: int, body: str | bytes, suffix: str) -> None:
            data = body.encode() if isinstance(body, str) else body
            self.send_response(status)
            kind = CONTENT_TYPES.get(suffix, "text/plain")
            self.send_header("Content-Type", f"{kind}; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *_args: Any) -> None:  # quiet: the terminal shows the address
            pass

        def handle(self) -> None:
            with contextlib.suppress(ConnectionError):  # a browser that stopped reading
                super().handle()

    return Handler


def _unsafe_out(out: Path, runs: list[Path | None]) -> str | None:
    """Why the pages may not be written to ``out`` (a run, or a folder inside one of the runs
    shown, whose ``trials/`` they would join), or None."""
    if (out / RUN_FILE).exists():
        return f"holds a run ({RUN_FILE})"
    for run in runs:
        if run is not None and out.resolve().is_relative_to(run.resolve()):
            return f"is inside the run {run}"
    return None


def cmd_view(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    if args.out and (refused := _unsafe_out(args.out, [args.path, args.compare])):
        print(f"view: --out {args.out} {refused}; pick another folder", file=sys.stderr)
        return 2
    try:
        run = load_run(args.path, details=bool(args.out))
        other = load_run(args.compare, details=bool(args.out)) if args.compare else None
        site = Site(run, other, paths=(args.path, args.compare))
        if args.out:
            index = write_site(run, args.out, other)
    except NotARun as exc:
        print(f"view: {exc}", file=sys.stderr)
        return 2
    seconds = time.perf_counter() - started
    print(f"view: {plural(len(run.trials), 'trial')} from {run.source} in {seconds:.1f} s")
    if args.out:
        print(f"view: written to {index}" + (f" and {args.out / 'compare.html'}" if other else ""))
        return 0
    if not 0 <= args.port <= 65535:
        print(f"view: --port {args.port}: expected 0-65535 (0: any free one)", file=sys.stderr)
        return 2
    try:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler_for(site))
    except OSError as exc:
        print(
            f"view: cannot serve on 127.0.0.1:{args.port}: {exc.strerror}; pick another "
            "--port (0: any free one)",
            file=sys.stderr,
        )
        return 2
    with server:
        page = "compare.html" if other else "index.html"
        address = f"http://127.0.0.1:{server.server_address[1]}/{page}"
        print(f"view: serving {address} (Ctrl-C or SIGTERM stops)", flush=True)
        for stop in (signal.SIGTERM, signal.SIGINT):
            signal.signal(stop, _stop)
        with contextlib.suppress(Stopped):
            server.serve_forever()
        for stop in (signal.SIGTERM, signal.SIGINT):  # a second signal while closing
            signal.signal(stop, signal.SIG_IGN)
    print("view: stopped", flush=True)
    return 0


class Stopped(Exception):
    """SIGTERM or SIGINT arrived: the server stops serving and closes its socket."""


def _stop(_signum: int, _frame: object) -> None:
    raise Stopped
