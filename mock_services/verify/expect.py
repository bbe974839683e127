"""Expected changes, field by field: a task declares the rows it expects added, changed or
removed, and every other row and field must be as seeded.

    report = expect_changes("shop", [
        Changed("orders", match={"code": one_of("ORD-1", "ORD-2")}, count=2,
                fields={"status": "cancelled", "updated_at": ANY}),
        Added("order_events", count=2, fields={"order_id": ANY, "kind": "cancelled", "at": ANY}),
    ])
    report.check()          # or: return report (a checkpoint scores it 1 or 0)

A value in ``match`` or ``fields`` is a literal (compared with the decoded column value), a
``Predicate`` (``ANY``, ``one_of(...)``, ``satisfies(...)``) or a plain callable returning a
bool. The report names each surprise (table, key, field, seed value, end value) and each
expected change that did not happen.

- ``Changed``: rows whose *seed* values fit ``match``; only the columns in ``fields`` may
  differ from the seed, and each must end fitting its value.
- ``Added``: new rows whose values fit ``match``; every column named in ``match`` or
  ``fields`` must fit, every other one must be NULL (the primary key excepted), unless
  ``others=ANY``.
- ``Removed``: seed rows fitting ``match`` that are gone.
- ``count``: exactly that many rows (default 1); ``None``: any number, none included.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Literal

from mock_services.verify.evidence import failed_on_rows
from mock_services.verify.findings import Findings, shown
from mock_services.verify.names import check_names
from mock_services.verify.state import Change, DbDiff, Row, TableDiff, diff_service

Kind = Literal["added", "changed", "removed"]


@dataclass(frozen=True)
class Predicate:
    """A named test of one value: the name is what a surprise says was expected."""

    description: str
    test: Callable[[Any], bool]

    def __call__(self, value: Any) -> bool:
        return bool(self.test(value))

    def __repr__(self) -> str:
        return self.description


ANY = Predicate("any value", lambda _value: True)


def one_of(*values: Any) -> Predicate:
    return Predicate(f"one of {list(values)!r}", lambda value: value in values)


def satisfies(description: str, test: Callable[[Any], bool]) -> Predicate:
    """A predicate with a name: ``satisfies("a date in March", lambda v: v[5:7] == "03")``."""
    return Predicate(description, test)


def fits(expected: Any, value: Any) -> bool:
    if callable(expected):
        return bool(expected(value))
    same: bool = value == expected
    return same


def _describe(expected: Any) -> str:
    if isinstance(expected, Predicate):
        return expected.description
    if callable(expected):
        return getattr(expected, "__name__", repr(expected))
    return shown(expected)


@dataclass(frozen=True)
class RowChange:
    """One kind of row change the task expects in one table."""

    kind: ClassVar[Kind]
    table: str
    match: Mapping[str, Any] = field(default_factory=dict)
    fields: Mapping[str, Any] = field(default_factory=dict)
    count: int | None = 1

    def __post_init__(self) -> None:
        if not self.table:
            raise ValueError(f"{type(self).__name__}: give the table")
        if self.count is not None and (isinstance(self.count, bool) or self.count < 0):
            raise ValueError(f"{self.label()}: count {self.count!r}: expected an int >= 0 or None")

    def label(self) -> str:
        where = ", ".join(f"{k}={_describe(v)}" for k, v in self.match.items())
        return f"{self.kind} {self.table}" + (f" where {where}" if where else "")

    def matches(self, row: Row) -> bool:
        return all(fits(expected, row.get(name)) for name, expected in self.match.items())


@dataclass(frozen=True)
class Added(RowChange):
    kind: ClassVar[Kind] = "added"
    others: Predicate | None = None  # None: undeclared columns must be NULL; ANY: free


@dataclass(frozen=True)
class Changed(RowChange):
    kind: ClassVar[Kind] = "changed"


@dataclass(frozen=True)
class Removed(RowChange):
    kind: ClassVar[Kind] = "removed"


@dataclass(frozen=True)
class Surprise:
    """A row or field that is not as seeded and not as expected."""

    table: str
    key: tuple[Any, ...]
    field: str | None
    seed: Any
    end: Any
    why: str

    def __str__(self) -> str:
        where = f"{self.table}{list(self.key)}" + (f".{self.field}" if self.field else "")
        return f"{where}: {shown(self.seed)} -> {shown(self.end)} ({self.why})"


@dataclass
class ChangeReport(Findings):
    """Every surprise and every expected change that did not happen."""

    surprises: list[Surprise] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)

    def surprises_only(self) -> Findings:
        """The surprises alone ("nothing else changed"), when another checkpoint already
        scores whether the expected changes happened."""
        return Findings(f"{self.rule} beyond the expected", [str(s) for s in self.surprises])


def _check_added(diff: TableDiff, rule: Added, row: Row) -> list[Surprise]:
    key, found = diff.key(row), []
    declared = {**rule.match, **rule.fields}
    for name, value in row.items():
        if name in declared:
            if not fits(declared[name], value):
                why = f"expected {_describe(declared[name])}"
                found.append(Surprise(diff.table, key, name, None, value, why))
        elif name not in diff.key_columns and value is not None and rule.others is None:
            why = "a column the task does not expect set (declare it, ANY if free)"
            found.append(Surprise(diff.table, key, name, None, value, why))
        elif rule.others is not None and name not in diff.key_columns and not rule.others(value):
            found.append(Surprise(diff.table, key, name, None, value, f"expected {rule.others}"))
    return found


def _check_changed(diff: TableDiff, rule: Changed, change: Change) -> list[Surprise]:
    found = []
    for name, (before, after) in change.fields.items():
        if name not in rule.fields:
            why = "a field the task does not expect to change"
            found.append(Surprise(diff.table, change.key, name, before, after, why))
    for name, expected in rule.fields.items():
        after = change.after.get(name)
        if not fits(expected, after):
            before = change.before.get(name)
            why = f"expected {_describe(expected)}"
            found.append(Surprise(diff.table, change.key, name, before, after, why))
    return found


def _unexpected(diff: TableDiff, kind: Kind, item: Row | Change) -> list[Surprise]:
    if isinstance(item, Change):
        return [
            Surprise(diff.table, item.key, name, before, after, "an unexpected change")
            for name, (before, after) in item.fields.items()
        ]
    if kind == "added":
        return [Surprise(diff.table, diff.key(item), None, None, item, "an unexpected row")]
    return [Surprise(diff.table, diff.key(item), None, item, None, "an unexpected removal")]


def check_changes(diff: DbDiff, expected: Iterable[RowChange]) -> ChangeReport:
    """Compare ``diff`` with the expected changes; the report lists what does not fit."""
    rules = list(expected)
    for rule in rules:
        if not isinstance(rule, RowChange) or type(rule) is RowChange:
            raise TypeError(f"expected Added, Changed or Removed, got {rule!r}")
        diff.table(rule.table)
    report = ChangeReport(rule=f"changes to {diff.service}")
    taken = {id(rule): 0 for rule in rules}
    for name in sorted(diff.tables):
        table = diff.tables[name]
        for kind in ("added", "changed", "removed"):
            for item in getattr(table, kind):
                seed_row = item.before if isinstance(item, Change) else item
                candidates = [r for r in rules if r.kind == kind and r.table == name]
                matched = next((r for r in candidates if r.matches(seed_row)), None)
                if matched is None or (
                    matched.count is not None and taken[id(matched)] >= matched.count
                ):
                    why = _unexpected(table, kind, item)
                    if matched is not None:
                        why = [_more_than(s, matched) for s in why]
                    report.surprises += why
                    continue
                taken[id(matched)] += 1
                if isinstance(matched, Added):
                    report.surprises += _check_added(table, matched, item)
                elif isinstance(matched, Changed) and isinstance(item, Change):
                    report.surprises += _check_changed(table, matched, item)
    for rule in rules:
        if rule.count is not None and taken[id(rule)] < rule.count:
            found = taken[id(rule)]
            report.missing.append(f"not made: {rule.label()}: expected {rule.count}, found {found}")
    report.problems = report.missing + [str(s) for s in report.surprises]
    for surprise in report.surprises:
        failed_on_rows(diff.service, surprise.table, [surprise.key])
    return report


def _more_than(surprise: Surprise, rule: RowChange) -> Surprise:
    why = f"more rows than the {rule.count} expected ({rule.label()})"
    return Surprise(surprise.table, surprise.key, surprise.field, surprise.seed, surprise.end, why)


def expect_changes(
    service: str, expected: Iterable[RowChange] = (), *, directory: Path | None = None
) -> ChangeReport:
    """The live DB of ``service`` against its seed and ``expected``; with nothing expected,
    "nothing changed at all". A table or column ``service`` lacks is ``UnknownName``."""
    rules = list(expected)
    check_names(service, *rules, directory=directory)
    return check_changes(diff_service(service, directory=directory), rules)
