"""``mock-services serve all``: every shipped service on its own port, until Ctrl-C.

Sits above the services, next to the registry: the core below knows no list of services."""

from __future__ import annotations

import signal
import threading

from mock_services.core.lifecycle import ensure_port_free
from mock_services.core.process import ServiceProcess
from mock_services.core.settings import Settings
from mock_services.registry import all_specs


def serve_platform(settings: Settings, *, workers: int = 1) -> None:
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    processes = [
        ServiceProcess(name, spec.port, settings.data_dir, workers=workers, tied_to_parent=True)
        for name, spec in all_specs().items()
    ]
    for process in processes:
        ensure_port_free("127.0.0.1", process.port)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        for process in processes:
            process.start()
            print(
                f"{process.service:<10} {process.url}  (UI at /, API docs at /openapi.json, "
                f"log {process.log_path})",
                flush=True,
            )
        print(f"data in {settings.data_dir}; press Ctrl-C to stop", flush=True)
        stop.wait()
    except KeyboardInterrupt:
        pass
    finally:
        for process in processes:
            process.stop()
