"""The parity bridge of each source: ``BRIDGE`` in ``taskkit.parity.bridges.<module>``."""

from __future__ import annotations

from importlib import import_module

from taskkit.parity import ParityUnavailable, UpstreamBridge

MODULES = {
    "claw-eval": "claw_eval",
    "wild-claw-bench": "wild_claw_bench",
    "webarena": "webarena",
    "mind2web": "mind2web",
    "webvoyager": "webvoyager",
    "clawbench": "clawbench",
}


def bridge(source: str) -> UpstreamBridge:
    """The source's bridge; ``ParityUnavailable`` when it has none yet."""
    try:
        module = import_module(f"{__name__}.{MODULES[source]}")
    except ModuleNotFoundError as exc:
        raise ParityUnavailable(f"{source}: no parity bridge ({exc})") from None
    found = getattr(module, "BRIDGE", None)
    if found is None:
        raise ParityUnavailable(f"{source}: no parity bridge ({module.__name__} has no BRIDGE)")
    return found
