"""A name a verifier declared that the service does not have, and the nearest spellings."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from mock_services.verify.reward import VerifierFault

CLOSEST = 3
KNOWN_SHOWN = 10


class UnknownName(VerifierFault):
    """A service, table, column or route the service does not have. Raised where the check is
    declared, it ends the verifier's run as a crash (exit 2), never as a 0 for the agent."""


def closest(name: str, candidates: Iterable[str]) -> str:
    """``closest: 'a', 'b'`` (the nearest spellings), else the first known names."""
    known = sorted(set(candidates))
    near = difflib.get_close_matches(name, known, n=CLOSEST, cutoff=0.5)
    listed = ", ".join(repr(n) for n in (near or known[:KNOWN_SHOWN]))
    return f"closest: {listed}" if near else f"known: {listed or 'none'}"
