"""The bare reference of ``invoke bench services``: a minimal Flask app with none of our layers,
served by the same server (granian), workers and threads, on the same SQLite file.

It answers the benchmark's requests the plainest way: one ``sqlite3`` connection per thread,
hand-written SQL, ``jsonify`` of plain dicts. A service with a module in ``bench/bare_reads``
(the shop's three routes) is answered in the JSON ours answers (unit tests check it); every
other service's ``/api/<resource>/<id>`` answers one row as ``jsonify(dict(row))``. The caller
is read from our bearer token with itsdangerous and the service's own key (no revoked-token or
user lookup). Not a product: no validation beyond
what the benchmark sends, no audit, no clock.

    python -m bench.bare_app --db DATA/shop.db --service shop --port 8000 [--table posts=posts]
                           [--table tickets=tickets.code]
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

from flask import Flask, Response, abort, jsonify, request
from itsdangerous import BadSignature, URLSafeSerializer

from bench import bare_reads

CONFIG_VARIABLE = "BARE_APP_CONFIG"


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """``config``: ``db`` (the SQLite file), ``service``, ``secret`` (its token key) and
    ``tables`` (resource name in the URL -> ``table``, or ``table.key`` for a row the URL names
    by another column than ``id``); read from ``BARE_APP_CONFIG`` by default."""
    config = config or json.loads(os.environ[CONFIG_VARIABLE])
    app = Flask("bare")
    app.json.sort_keys = False  # type: ignore[attr-defined]  # typed as the base provider
    local = threading.local()
    tokens = URLSafeSerializer(config["secret"], salt=f"mock-services:{config['service']}")
    tables: dict[str, str] = config["tables"]

    def db() -> sqlite3.Connection:
        if not hasattr(local, "conn"):
            conn = sqlite3.connect(config["db"], isolation_level=None, check_same_thread=False)
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA busy_timeout = 10000")
            conn.execute("PRAGMA synchronous = NORMAL")
            local.conn = conn
        return local.conn

    def caller() -> int:
        header = request.headers.get("Authorization", "")
        try:
            return tokens.loads(header.removeprefix("Bearer "))["uid"]
        except (BadSignature, KeyError, TypeError):
            abort(401)

    @app.get("/health")
    def health() -> Response:
        return jsonify(status="ok")

    bare_reads.register(config["service"], bare_reads.Bare(app, db, caller))

    @app.get("/api/<resource>/<row_key>")
    def one_row(resource: str, row_key: str) -> Response:
        if resource not in tables:
            abort(404)
        table, _, key = tables[resource].partition(".")
        row = db().execute(f'SELECT * FROM "{table}" WHERE "{key or "id"}" = ?', (row_key,))
        found = row.fetchone()
        if found is None:
            abort(404)
        return jsonify(dict(found))

    return app


def serve(config: dict[str, Any], port: int, workers: int, threads: int) -> None:
    """Serve ``create_app(config)`` under granian, as ``mock-services serve`` serves ours."""
    from granian import Granian
    from granian.constants import Interfaces

    os.environ[CONFIG_VARIABLE] = json.dumps(config)
    Granian(
        "bench.bare_app:create_app",
        factory=True,
        address="127.0.0.1",
        port=port,
        interface=Interfaces.WSGI,
        workers=workers,
        websockets=False,
        blocking_threads=threads,
        backlog=2048,
        log_access=False,
    ).serve()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, required=True, help="the service's SQLite file")
    parser.add_argument("--service", required=True, help="its name (salts the token signer)")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument(
        "--table",
        action="append",
        default=[],
        help="RESOURCE=TABLE[.KEY] for /api/RESOURCE/<key> (KEY: id by default)",
    )
    args = parser.parse_args()
    secret = (args.db.parent / "secrets" / f"{args.service}.key").read_text().strip()
    config = {
        "db": str(args.db),
        "service": args.service,
        "secret": secret,
        "tables": dict(pair.split("=", 1) for pair in args.table),
    }
    serve(config, args.port, args.workers, args.threads)


if __name__ == "__main__":
    main()
