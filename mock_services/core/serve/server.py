"""Run a service under granian, a production WSGI server (not Flask's development server)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from mock_services.core.base.keys import prepare_secrets
from mock_services.core.base.lifecycle import PARENT_PID_VARIABLE, ensure_port_free
from mock_services.core.base.settings import Settings
from mock_services.core.seeding.serving import hold_while_serving

if TYPE_CHECKING:
    from mock_services.core.spec.service import ServiceSpec

WORKER_KILL_SECONDS = 3
"""How long a stopping worker may take before granian kills it: a worker told to stop while
still starting can wait forever, and the server must still end, and end with 0."""

SpecResolver = Callable[[str], "ServiceSpec"]
"""Turns a service reference (a name or ``module:ATTRIBUTE``) into its ``ServiceSpec``."""


def serve(
    ref: str,
    resolve: SpecResolver,
    app_factory: str,
    *,
    port: int | None = None,
    host: str = "127.0.0.1",
    data_dir: Path | None = None,
    workers: int = 2,
    threads: int = 2,
) -> None:
    """Serve the service ``ref`` until stopped: ``resolve(ref)`` is its spec, and each worker
    builds the app with ``app_factory`` (a ``module:function`` reading ``MOCK_SERVICE``).

    Seeds the embedded default data first when there is no DB. The parent process only
    supervises: when the DB exists and the port is given it does not resolve the service at
    all, which saves a second import on the way to healthy.
    """
    from granian import Granian
    from granian.constants import Interfaces

    settings = Settings.from_env(data_dir)
    name = ref if ":" not in ref else resolve(ref).name
    port = port or resolve(ref).port
    ensure_port_free(host, port)
    if not settings.db_path(name).exists():
        from mock_services.core.serve.seeding import seed_service  # lazy: only without a DB

        spec = resolve(ref)
        print(f"{name}: no DB at {settings.db_path(name)}; seeding the default data")
        seed_service(spec, spec.default_seed(), settings, source=f"{name} default seed")
    hold_while_serving(settings, name)  # seeding and resets refuse while this process runs
    prepare_secrets(settings, name)
    os.environ["MOCK_SERVICE"] = ref
    os.environ["MOCK_DATA_DIR"] = str(settings.data_dir)
    os.environ[PARENT_PID_VARIABLE] = str(os.getpid())  # workers end when this process does
    Granian(
        app_factory,
        factory=True,
        address=host,
        port=port,
        interface=Interfaces.WSGI,
        workers=workers,
        websockets=False,
        blocking_threads=threads,
        backlog=2048,
        log_access=False,
        respawn_failed_workers=True,
        respawn_interval=0.5,
        workers_kill_timeout=WORKER_KILL_SECONDS,
        process_name=f"mock-{name}",
    ).serve()
