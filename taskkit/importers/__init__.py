"""Importers: other benchmarks' tasks as task directories in our format (seed 002).

``ADAPTERS`` is the registry: one module per source, each with ``load(path) -> list[ImportedTask]``
and its field-mapping table in its docstring. ``python -m taskkit sources | cases | import``
(``invoke sources | cases | import``) are the commands.
"""

from __future__ import annotations

from taskkit.importers import (
    claw_eval,
    clawbench,
    mind2web,
    webarena,
    webvoyager,
    wild_claw_bench,
)
from taskkit.importers.base import Adapter

ADAPTERS: dict[str, Adapter] = {
    adapter.name: adapter
    for adapter in (
        Adapter(
            claw_eval.NAME, "tool-calling tasks on our services", claw_eval.LAYERS, claw_eval.load
        ),
        Adapter(
            wild_claw_bench.NAME, "workspace tasks", wild_claw_bench.LAYERS, wild_claw_bench.load
        ),
        Adapter(webarena.NAME, "browser tasks on WebArena's sites", webarena.LAYERS, webarena.load),
        Adapter(mind2web.NAME, "browser tasks on live sites", mind2web.LAYERS, mind2web.load),
        Adapter(webvoyager.NAME, "browser tasks on live sites", webvoyager.LAYERS, webvoyager.load),
        Adapter(
            clawbench.NAME, "ClawBench's own live-site tasks", clawbench.LAYERS, clawbench.load
        ),
    )
}
