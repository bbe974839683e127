"""Run a service under granian, a production WSGI server (not Flask's development server)."""

from __future__ import annotations

import os
from pathlib import Path

from mock_services.core.runtime import prepare_secrets
from mock_services.core.seeding import seed_service
from mock_services.core.service import ServiceSpec
from mock_services.core.settings import Settings


def serve(
    spec: ServiceSpec,
    *,
    ref: str | None = None,
    port: int | None = None,
    host: str = "127.0.0.1",
    data_dir: Path | None = None,
    workers: int = 2,
    threads: int = 4,
    seed_default: bool = True,
) -> None:
    """Serve ``spec`` until stopped; seeds the embedded default first when no DB exists.

    ``ref`` is how workers find the spec again (a shipped name or ``module:ATTRIBUTE``).
    """
    from granian import Granian
    from granian.constants import Interfaces

    settings = Settings.from_env(data_dir)
    if seed_default and not settings.db_path(spec.name).exists():
        print(f"{spec.name}: no DB at {settings.db_path(spec.name)}; seeding the default data")
        seed_service(spec, spec.default_seed(), settings, source=f"{spec.name} default seed")
    prepare_secrets(settings, spec.name)
    os.environ["MOCK_SERVICE"] = ref or spec.name
    os.environ["MOCK_DATA_DIR"] = str(settings.data_dir)
    Granian(
        "mock_services.wsgi:app_factory",
        factory=True,
        address=host,
        port=port or spec.port,
        interface=Interfaces.WSGI,
        workers=workers,
        websockets=False,
        blocking_threads=threads,
        backlog=2048,
        log_access=False,
        respawn_failed_workers=True,
        respawn_interval=0.5,
        process_name=f"mock-{spec.name}",
    ).serve()
