"""What the validator reports: findings that name their rule, file, line and fix."""

from __future__ import annotations

import json
from collections import Counter

from pydantic import BaseModel

from taskkit.validate.rules import RULES, Severity


class Finding(BaseModel):
    rule: str
    severity: Severity
    task: str | None
    file: str
    line: int | None = None
    message: str
    fix: str

    @property
    def location(self) -> str:
        return f"{self.file}:{self.line}" if self.line else self.file

    def text(self) -> str:
        return f"{self.location}: {self.severity} [{self.rule}] {self.message} (fix: {self.fix})"


def finding(
    rule: str, file: str, message: str, *, task: str | None, line: int | None = None
) -> Finding:
    known = RULES[rule]
    return Finding(
        rule=rule,
        severity=known.severity,
        task=task,
        file=file,
        line=line,
        message=message,
        fix=known.fix,
    )


class Report(BaseModel):
    tasks: int
    findings: list[Finding]

    @property
    def errors(self) -> int:
        return sum(f.severity == Severity.ERROR for f in self.findings)

    @property
    def warnings(self) -> int:
        return sum(f.severity == Severity.WARNING for f in self.findings)

    @property
    def exit_code(self) -> int:
        return 1 if self.errors else 0

    def summary(self) -> str:
        return f"{self.tasks} task(s) checked: {self.errors} error(s), {self.warnings} warning(s)"

    def text(self) -> str:
        lines = [f.text() for f in self.findings]
        if self.findings:
            counts = Counter(f.rule for f in self.findings)
            lines.append("by rule: " + ", ".join(f"{r} {n}" for r, n in sorted(counts.items())))
        lines.append(self.summary())
        return "\n".join(lines)

    def json(self) -> str:  # type: ignore[override]  # the report's own JSON, not pydantic's
        return json.dumps(
            {
                "tasks": self.tasks,
                "errors": self.errors,
                "warnings": self.warnings,
                "findings": [f.model_dump(mode="json") for f in self.findings],
            },
            indent=2,
        )
