"""How many SQL statements a web page runs, in its service's app in process on its default
seed, as its first seeded user: the guard against a page going back to a query per row
(timings live in the benchmark, ``bench/ui_pages.py``)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

from mock_services.core.base.settings import Settings
from mock_services.core.serve.app import create_app
from mock_services.core.serve.seeding import seed_service
from mock_services.registry import get_spec


def queries_per_page(service: str, data_dir: Path, pages: Iterable[str]) -> dict[str, int]:
    """Each page's statements on its second opening (the first warms what a process keeps)."""
    spec = get_spec(service)
    settings = Settings(data_dir=data_dir)
    seed_service(spec, spec.default_seed(), settings)
    client = create_app(spec, settings).test_client()
    user = spec.default_seed()["users"][0]
    client.post("/login", data={"username": user["username"], "password": user["password"]})
    statements: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        statements.append(statement)

    counts = {}
    event.listen(Engine, "before_cursor_execute", count)
    try:
        for path in pages:
            assert client.get(path, headers={"Accept": "text/html"}).status_code == 200, path
            statements.clear()
            client.get(path, headers={"Accept": "text/html"}).close()
            counts[path] = len(statements)
    finally:
        event.remove(Engine, "before_cursor_execute", count)
    return counts
