"""``mock-services serve all``: every shipped service on its own port, until Ctrl-C.

Sits above the services, next to the registry: the core below knows no list of services."""

from __future__ import annotations

import json
import signal
import time

from mock_services.core.base.lifecycle import ensure_port_free
from mock_services.core.base.settings import (
    NOTIFICATIONS_VARIABLE,
    PORT_OFFSET_VARIABLE,
    Settings,
)
from mock_services.core.serve.process import ServiceProcess, start_together
from mock_services.registry import all_specs

HOST = "127.0.0.1"
BUSY_PORT_REMEDY = "stop it, or move every service's port with --port-offset K"


class PortOutOfRange(ValueError):
    """A ``--port-offset`` that moves a service off the range of ports, or two services that
    declare one port."""


class ServiceDied(RuntimeError):
    """A service of ``serve all`` that stopped while the others were serving."""


def serve_all_ports(port_offset: int = 0) -> dict[str, int]:
    """Each shipped service's port under ``serve all``: its own port plus ``port_offset``."""
    defaults = {name: spec.port for name, spec in all_specs().items()}
    by_port: dict[int, list[str]] = {}
    for name, port in defaults.items():
        by_port.setdefault(port, []).append(name)
    if clashes := [names for names in by_port.values() if len(names) > 1]:
        raise PortOutOfRange(
            "services declare the same port: "
            + "; ".join(f"{' and '.join(n)} on {defaults[n[0]]}" for n in clashes)
            + " (give each its own port in its ServiceSpec)"
        )
    for name, port in defaults.items():
        if not 1024 <= port + port_offset <= 65535:
            raise PortOutOfRange(
                f"--port-offset {port_offset} puts {name} on port {port + port_offset}; "
                "expected an offset that keeps every port from 1024 to 65535 (the services' "
                f"own ports run from {min(defaults.values())} to {max(defaults.values())})"
            )
    return {name: port + port_offset for name, port in defaults.items()}


def notification_wiring(ports: dict[str, int]) -> str:
    """The ``notifications`` wiring (JSON) that sends each service's mail and notices to the
    others on ``ports``: for every service whose seed wires none (the default data)."""
    urls = {name: f"http://{HOST}:{port}" for name, port in ports.items()}
    return json.dumps({"email_url": urls["email"], "services": urls})


def serve_all(settings: Settings, *, workers: int = 1, port_offset: int = 0) -> None:
    """Serve every shipped service, each on its own port plus ``port_offset``, wired to each
    other; until Ctrl-C or SIGTERM."""
    ports = serve_all_ports(port_offset)
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    wiring = {
        NOTIFICATIONS_VARIABLE: notification_wiring(ports),
        PORT_OFFSET_VARIABLE: str(port_offset),
    }
    processes = [
        ServiceProcess(
            name, port, settings.data_dir, workers=workers, tied_to_parent=True, env=wiring
        )
        for name, port in ports.items()
    ]
    for process in processes:
        ensure_port_free(HOST, process.port, BUSY_PORT_REMEDY)
    # SIGTERM and SIGINT both stop every service, as Ctrl-C does: a job started in the
    # background has SIGINT ignored, and a handler that sets an Event can deadlock on the
    # Event's own lock when a second signal lands while the first is being handled
    stopping_signals = (signal.SIGINT, signal.SIGTERM)
    callers_handlers = {number: signal.getsignal(number) for number in stopping_signals}
    for number in stopping_signals:
        signal.signal(number, signal.default_int_handler)
    try:
        start_together(processes)
        for process in processes:
            print(
                f"{process.service:<10} {process.url}  (UI at /, API docs at /openapi.json, "
                f"log {process.log_path})",
                flush=True,
            )
        print(f"data in {settings.data_dir}; press Ctrl-C to stop", flush=True)
        while True:
            time.sleep(1.0)
            for process in processes:
                if (code := process.exit_code()) is not None:
                    raise ServiceDied(
                        f"{process.service} stopped (exit {code}), so every service is "
                        f"stopped; the end of its log {process.log_path}:\n{process.log_tail()}"
                    )
    except KeyboardInterrupt:
        pass
    finally:
        for number in stopping_signals:  # a second one must not leave any running
            signal.signal(number, signal.SIG_IGN)
        for process in processes:
            process.stop()
        # the caller's handlers come back: ignored ones would be inherited by every process
        # the caller starts later, which then could not be stopped
        for number, handler in callers_handlers.items():
            signal.signal(number, handler)
