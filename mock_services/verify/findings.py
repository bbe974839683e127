"""What a rule of the SDK (expected changes, process rules) reports: a list of problems, each a
sentence naming what broke it; none means the rule holds. A checkpoint may return it as is."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mock_services.verify.checkpoints import Result

DETAIL_LIMIT = 8  # problems shown in a checkpoint's detail; the rest are counted


@dataclass
class Findings:
    """The outcome of one rule: ``ok`` when ``problems`` is empty."""

    rule: str
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def detail(self) -> str:
        shown = self.problems[:DETAIL_LIMIT]
        more = len(self.problems) - len(shown)
        return "; ".join(shown) + (f"; and {more} more" if more else "")

    def as_result(self) -> Result:
        """1.0 when the rule holds, else 0.0 with the problems as the detail."""
        return Result(1.0, "") if self.ok else Result(0.0, f"{self.rule}: {self.detail()}")

    def check(self) -> None:
        """Raise ``AssertionError`` naming every problem unless the rule holds."""
        if not self.ok:
            raise AssertionError(f"{self.rule}: {self.detail()}")

    def __bool__(self) -> bool:
        raise TypeError(
            f"{self.rule}: use .ok (holds) or .problems, not truthiness; a checkpoint may "
            "return the Findings itself"
        )


def shown(value: Any) -> str:
    """A value as a problem sentence shows it: short, in Python's notation."""
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."
