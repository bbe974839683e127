"""Seed load and export from one declared mapping per entity.

An ``Entity`` says how one seed row type and one ORM model correspond: which seed field is which
column (a name, a ``ColumnField``, a ``moment``), which names a row of another entity by its
natural key (``Ref``), which seed object spreads over several columns (``Embedded``), which
values need a named function (``Hook``), and which seed lists hold child rows (``Children``). A
``SeedMap`` names a service's sections and the order its tables are filled in. From it come both
the load (ids allocated around pinned ones, natural keys registered, rows inserted in that order,
errors at the seed's JSON path) and the dump (the seed document, in its model's field order).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from mock_services.core.base.auth import hash_password
from mock_services.core.base.clock import aware_utc, to_naive_utc
from mock_services.core.seeding.seed import (
    Loc,
    SeedContext,
    ServiceSeed,
    bulk_insert,
    insert_columns,
)

Row = dict[str, Any]


# --- What a field mapping works on -----------------------------------------------------------


class Entry:
    """One seed row being loaded: the seed object, its JSON path, its parent (and the relation
    ``via`` which it nests there), and its row so far."""

    __slots__ = ("loading", "loc", "parent", "row", "seed", "via")

    def __init__(
        self,
        seed: Any,
        loc: Loc,
        parent: Entry | None,
        loading: Loading,
        via: Children | None = None,
    ) -> None:
        # a plain class: a large section makes one per row, twice as fast as a dataclass's
        self.seed, self.loc, self.parent, self.loading, self.via = seed, loc, parent, loading, via
        self.row: Row = {}

    @property
    def ctx(self) -> SeedContext:
        return self.loading.ctx

    def inherited(self, column: str) -> Any:
        """``column`` of this row or of its nearest ancestor that has it (a task's list owner)."""
        entry: Entry | None = self
        while entry is not None:
            if column in entry.row:
                return entry.row[column]
            entry = entry.parent
        raise KeyError(f"no row above {self.loc} has a column {column!r}")


@dataclass
class Loading:
    """One load: the context, the whole seed document, and the rows built so far by entity
    name and id."""

    ctx: SeedContext
    document: Any
    rows: dict[str, Mapping[int, Row]] = field(default_factory=dict)
    _groups: dict[tuple[str, str], dict[Any, list[Row]]] = field(default_factory=dict)
    _once: dict[str, Any] = field(default_factory=dict)

    def once(self, name: str, make: Callable[[], Any]) -> Any:
        """The value ``make()`` gives, made at the first call for ``name`` in this load: what
        fields share across rows (the booking references taken so far)."""
        if name not in self._once:
            self._once[name] = make()
        return self._once[name]

    def earlier(self, entity: str, column: str, entry: Entry) -> list[Row]:
        """The rows of ``entity`` before ``entry``'s (in document order) with its ``column``."""
        same = self.grouped(entity, column)[entry.row[column]]
        return same[: next(i for i, row in enumerate(same) if row is entry.row)]

    def grouped(self, entity: str, column: str) -> dict[Any, list[Row]]:
        """The rows of ``entity`` (all built) by their ``column`` value, in document order."""
        groups = self._groups.get((entity, column))
        if groups is None:
            groups = {}
            for row in self.rows[entity].values():
                groups.setdefault(row[column], []).append(row)
            self._groups[entity, column] = groups
        return groups


@dataclass
class Exporting:
    """One dump: the context, every mapped ORM row by entity name and id, natural keys, and
    the entities whose ids the document leaves out (``Entity.ids_if_needed``)."""

    ctx: SeedContext
    objects: dict[str, dict[int, Any]] = field(default_factory=dict)
    keys: dict[str, dict[int, Any]] = field(default_factory=dict)
    ids_left_out: set[str] = field(default_factory=set)
    _groups: dict[tuple[str, tuple[str, ...]], dict[Any, list[Any]]] = field(default_factory=dict)

    def key(self, kind: str, row_id: int | None) -> Any:
        """The natural key (e.g. the username) of the ``kind`` row ``row_id``."""
        return None if row_id is None else self.keys[kind][row_id]

    def grouped(self, kind: str, *columns: str) -> dict[Any, list[Any]]:
        """The ORM rows of ``kind`` by their ``columns``' values (a tuple for several: a
        cabin's blocked seats by flight, cabin and True), in id order."""
        groups = self._groups.get((kind, columns))
        if groups is None:
            groups, read = {}, attrgetter(*columns)
            for obj in self.objects[kind].values():
                groups.setdefault(read(obj), []).append(obj)
            self._groups[kind, columns] = groups
        return groups


def now_naive(entry: Entry) -> Any:
    """A default: the seed's ``now`` as stored (naive UTC)."""
    return to_naive_utc(entry.ctx.now)


# --- Field mappings -------------------------------------------------------------------------------


class _RowByRow:
    """A field mapping loaded one row at a time (``load``); ``load_all`` fills a whole entity's
    rows, field by field, so a field may read the columns of the fields declared before it."""

    def load(self, entry: Entry) -> None:
        raise NotImplementedError

    def load_all(self, entries: Sequence[Entry]) -> None:
        for entry in entries:
            self.load(entry)


@dataclass(frozen=True)
class ColumnField(_RowByRow):
    """Seed field ``seed`` is column ``column`` (default: the same name), through optional value
    converters; a seed value of None takes ``default(entry)``, already a column value."""

    seed: str
    column: str = ""
    to_row: Callable[[Any], Any] | None = None
    to_seed: Callable[[Any], Any] | None = None
    default: Callable[[Entry], Any] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "column", self.column or self.seed)

    @property
    def copied(self) -> bool:
        """Whether the row holds the seed value as it is (no converter, no default)."""
        return self.to_row is None and self.default is None

    def load(self, entry: Entry) -> None:
        value = getattr(entry.seed, self.seed)
        if value is None:
            value = self.default(entry) if self.default else None
        elif self.to_row is not None:
            value = self.to_row(value)
        entry.row[self.column] = value

    def load_all(self, entries: Sequence[Entry]) -> None:
        # ``load`` inlined: this loop fills most columns of a large section
        column, read, to_row, default = (
            self.column,
            attrgetter(self.seed),
            self.to_row,
            self.default,
        )
        if to_row is None and default is None:
            for entry in entries:
                entry.row[column] = read(entry.seed)
            return
        for entry in entries:
            value = read(entry.seed)
            if value is None:
                value = default(entry) if default else None
            elif to_row is not None:
                value = to_row(value)
            entry.row[column] = value

    def column_values(self, seeds: Sequence[Any], ctx: SeedContext) -> list[Any]:
        """The column of ``seeds``, ``_PER_ROW`` where the seed leaves a default to compute."""
        values = list(map(attrgetter(self.seed), seeds))
        if self.to_row is None and self.default is None:
            return values
        to_row, missing = self.to_row, _PER_ROW if self.default is not None else None
        return [missing if v is None else to_row(v) if to_row else v for v in values]

    def dump(self, obj: Any, export: Exporting) -> Row:
        value = getattr(obj, self.column)
        if value is not None and self.to_seed is not None:
            value = self.to_seed(value)
        return {self.seed: value}


def moment(
    seed: str, column: str = "", default: Callable[[Entry], Any] | None = None
) -> ColumnField:
    """A datetime: aware in the seed, naive UTC in the DB. The row keeps the seed's aware value:
    the insert converts each distinct one once (``insert_columns``); the dump reads naive UTC."""
    return ColumnField(seed, column, to_seed=aware_utc, default=default)


@dataclass(frozen=True)
class Ref(_RowByRow):
    """Seed field ``seed`` names a ``kind`` row by its natural key; column ``column`` holds its
    id. With ``scope``, the key is unique per that column's value (a folder name per owner)."""

    seed: str
    column: str
    kind: str
    scope: str | None = None
    default: Callable[[Entry], Any] | None = None

    def load(self, entry: Entry) -> None:
        key = getattr(entry.seed, self.seed)
        if key is None:
            entry.row[self.column] = self.default(entry) if self.default else None
            return
        if self.scope is not None:
            key = (entry.row[self.scope], key)
        entry.row[self.column] = entry.ctx.ref(self.kind, key, (*entry.loc, self.seed))

    def load_all(self, entries: Sequence[Entry]) -> None:
        if self.scope is None and entries:
            index = entries[0].ctx.keys_of(self.kind)
            read = attrgetter(self.seed)
            try:
                ids = [index[read(entry.seed)] for entry in entries]
            except KeyError:  # an unknown key, or none given: row by row, for the error
                pass
            else:
                for entry, row_id in zip(entries, ids, strict=True):
                    entry.row[self.column] = row_id
                return
        super().load_all(entries)

    def column_values(self, seeds: Sequence[Any], ctx: SeedContext) -> list[Any]:
        """The ids ``seeds`` name, ``_PER_ROW`` where ``load`` must decide (no key given, an
        unknown one)."""
        assert self.scope is None, "a scoped reference is loaded row by row"
        index = ctx.keys_of(self.kind)
        return [
            index.get(key, _PER_ROW) if key is not None else _PER_ROW
            for key in map(attrgetter(self.seed), seeds)
        ]

    def dump(self, obj: Any, export: Exporting) -> Row:
        return {self.seed: export.key(self.kind, getattr(obj, self.column))}


@dataclass(frozen=True)
class Embedded(_RowByRow):
    """Seed object ``seed`` (of ``model``) spreads over ``columns`` (its field -> column); when
    the seed has none, the row takes ``absent`` (or ``absent(entry)``), and the dump gives one
    only where ``shown(row, export)`` (default: always)."""

    seed: str
    model: type
    columns: dict[str, str]
    absent: Row | Callable[[Entry], Row] = field(default_factory=dict)
    shown: Callable[[Any, Exporting], bool] | None = None

    def load(self, entry: Entry) -> None:
        value = getattr(entry.seed, self.seed)
        if value is None:
            entry.row.update(self.absent(entry) if callable(self.absent) else self.absent)
            return
        for name, column in self.columns.items():
            entry.row[column] = getattr(value, name)

    def dump(self, obj: Any, export: Exporting) -> Row:
        if self.shown is not None and not self.shown(obj, export):
            return {self.seed: None}
        return {self.seed: self.model(**{n: getattr(obj, c) for n, c in self.columns.items()})}


@dataclass(frozen=True)
class Hook(_RowByRow):
    """A value the mapping cannot express, by a named function: ``load_with(entry)`` gives
    column ``column`` (default: ``seed``), ``dump_with(row, export)`` seed field ``seed``.
    Without ``dump_with``, a seed field is dumped as its column holds it; without ``seed``, the
    column is derived on load only (a due moment), without ``load_with`` the field is shown on
    dump only (a receipt's text)."""

    seed: str = ""
    column: str = ""
    load_with: Callable[[Entry], Any] | None = None
    dump_with: Callable[[Any, Exporting], Any] | None = None
    reads: tuple[str, ...] = ()  # other seed fields ``load_with`` reads (a user's password)

    def load(self, entry: Entry) -> None:
        if self.load_with is not None:
            entry.row[self.column or self.seed] = self.load_with(entry)

    def dump(self, obj: Any, export: Exporting) -> Row:
        if not self.seed:
            return {}
        if self.dump_with is None:
            return {self.seed: getattr(obj, self.column or self.seed)}
        return {self.seed: self.dump_with(obj, export)}


def code_from_id(seed: str, make: Callable[[int], str]) -> Hook:
    """A code the seed may give, else ``make(id)`` (an order's ``ORD-100123``)."""

    def code(entry: Entry) -> str:
        return getattr(entry.seed, seed) or make(entry.row["id"])

    return Hook(seed, load_with=code)


FieldMap = ColumnField | Ref | Embedded | Hook


def _password_hash(entry: Entry) -> str:
    user = entry.seed
    return user.password_hash or hash_password(entry.ctx.service, user.username, user.password)


USER_FIELDS: tuple[FieldMap | str, ...] = (
    "username",
    Hook("password_hash", load_with=_password_hash, reads=("password",)),
    "display_name",
    "email",
)
"""The ``UserMixin`` columns of a ``UserSeed``: a plain password is hashed on load."""


# --- Entities and the service's map ------------------------------------------------------------


@dataclass(frozen=True)
class Children:
    """Seed list ``seed`` (or, ``single``, one object: a user's goals) holds rows of ``entity``
    whose ``parent_column`` is this row's id; they copy ``inherit`` columns from it. A seed that
    leaves the list None gets ``absent(seed)``; a list that does not hold its rows one for one
    gives them by ``expand(list, its JSON path)`` as (seed object, JSON path) pairs (an account's
    folders: the system ones always, a bare name for an object). On export, a row goes here only
    if ``where(row)``, a parent's rows in ``order_by`` column order (default: by id).
    """

    seed: str
    entity: Entity | None  # None: the entity that declares it (a task's subtasks)
    parent_column: str
    inherit: tuple[str, ...] = ()
    where: Callable[[Any], bool] | None = None
    absent: Callable[[Any], list[Any]] | None = None
    single: bool = False
    expand: Callable[[Any, Loc], list[tuple[Any, Loc]]] | None = None
    order_by: str | None = None

    def items(self, parent: Entry) -> list[tuple[Any, Loc]]:
        """The child seed objects of ``parent`` and their JSON paths, in document order."""
        found = getattr(parent.seed, self.seed)
        if self.expand is not None:
            return self.expand(found, (*parent.loc, self.seed))
        if self.single:
            return [(found, (*parent.loc, self.seed))] if found is not None else []
        if found is None:
            found = self.absent(parent.seed) if self.absent is not None else []
        return [(obj, (*parent.loc, self.seed, i)) for i, obj in enumerate(found)]

    def of(self, parent: Entity) -> Entity:
        return self.entity or parent


@dataclass(frozen=True)
class Entity:
    """One seed row type <-> one ORM model. ``key`` is the seed field naming a row (registered
    as kind ``name``, unique per ``key_scope`` column when given; a row without one is named by
    none), and ``named_by_id`` a kind under which its id names it too; ``check(entry)`` refuses
    a row once the rows of the entity are built. Rows are built field by field, unless
    ``one_by_one``: then each row is built and named before the next, so that it may name
    earlier rows only (a reply the post it answers). The dump gives every row's id, or, with
    ``ids_if_needed``, none when they are 1, 2, ... in document order (the ids loading gives).
    With ``filled_by``, a named function builds the rows in the entity's place in the order (a
    booking's ledger, which defaults to the fares and fees it implies); the dump is declared.
    ``dump_options`` are loader options of the dump's query (a relation a ``Hook`` reads, loaded
    for all rows at once rather than one query per row)."""

    name: str
    seed: type
    model: type[Any]
    fields: tuple[FieldMap | str, ...]  # a plain name: the seed field is the column of that name
    key: str | None = None
    key_scope: str | None = None
    children: tuple[Children, ...] = ()
    check: Callable[[Entry], None] | None = None
    inserted_by_id: bool = False  # rows go in by id rather than in document order
    named_by_id: str | None = None
    one_by_one: bool = False
    ids_if_needed: bool = False
    filled_by: TableFiller | None = None  # rows the seed implies, not lists one for one
    dump_options: tuple[Any, ...] = ()  # e.g. selectinload(Message.label_links)

    def __post_init__(self) -> None:
        mapped = tuple(ColumnField(f) if isinstance(f, str) else f for f in self.fields)
        object.__setattr__(self, "fields", mapped)

    @property
    def mapped(self) -> tuple[FieldMap, ...]:
        return self.fields  # type: ignore[return-value]  # names became ColumnFields

    @property
    def pins_ids(self) -> bool:
        return "id" in _field_names(self.seed)

    def key_field(self) -> ColumnField | Hook:
        for mapped in self.mapped:
            if isinstance(mapped, ColumnField | Hook) and mapped.seed == self.key:
                return mapped
        raise ValueError(f"entity {self.name}: key {self.key!r} is none of its fields' seed name")

    def key_column(self) -> str:
        mapped = self.key_field()
        return mapped.column or mapped.seed

    @property
    def flat(self) -> bool:
        """Whether rows can be built column by column: no children, no checks, fields that each
        read one seed field alone, keys given in the seed (if any)."""
        simple = all(
            isinstance(m, ColumnField) or (isinstance(m, Ref) and m.scope is None)
            for m in self.mapped
        )
        plain_rows = not (self.children or self.check or self.one_by_one or self.inserted_by_id)
        named = self.named_by_id is None and (self.key is None or self.keys_given)
        return simple and plain_rows and named

    @property
    def keys_given(self) -> bool:
        """Whether every row's key is a seed field as given, registered before rows are built
        (so rows of the section may name each other: a category its parent)."""
        return (
            self.key is not None
            and self.key_scope is None
            and not self.one_by_one
            and isinstance(self.key_field(), ColumnField)
        )


@dataclass(frozen=True)
class Section:
    """A list of the seed document (or, ``single``, one object: one row); ``extra(seed)`` adds
    rows the document implies elsewhere, as (seed object, JSON path) pairs (a note's folder
    that no folder entry names), after the list's rows or, ``extra_first``, before them (a
    user's automatic calendar, numbered before the listed ones). With ``by_id``, its rows and
    the rows nested under them are built and numbered in the order of the rows' ids (pinned
    ones kept), as the service creates them (a booking's passengers), not in document order."""

    seed: str
    entity: Entity
    extra: Callable[[Any], list[tuple[Any, Loc]]] | None = None
    single: bool = False
    extra_first: bool = False
    by_id: bool = False

    def items(self, seed: Any) -> list[tuple[Any, Loc]]:
        """The section's seed objects and their JSON paths, in document order."""
        found = getattr(seed, self.seed)
        items: list[tuple[Any, Loc]]
        if self.single:
            items = [(found, (self.seed,))]
        else:
            items = [(obj, (self.seed, i)) for i, obj in enumerate(found)]
        if self.extra is None:
            return items
        return self.extra(seed) + items if self.extra_first else items + self.extra(seed)


TableFiller = Callable[[Session, Loading], None]
"""A table the document does not hold, filled from the rows loaded before it (a post's
hashtags, read from its text): a named function in a ``SeedMap``'s order."""


@dataclass(frozen=True)
class Derived:
    """A ``TableFiller`` whose rows the dump reads too, as ``Exporting.objects[name]``, for
    the fields that show them (a flight's seats: the cabin's ``occupied``, a passenger's)."""

    name: str
    model: type[Any]
    fill: TableFiller

    def __call__(self, session: Session, loading: Loading) -> None:
        self.fill(session, loading)


@dataclass(frozen=True)
class SeedMap:
    """A service's seed document: its sections, and the order their tables are filled in
    (default: each entity after its parent, in the order they are declared)."""

    seed: type[ServiceSeed]
    sections: tuple[Section, ...]
    order: tuple[Entity | TableFiller, ...] = ()

    def __post_init__(self) -> None:
        for entity in self._entities():
            if unmapped := unmapped_fields(entity):
                raise ValueError(
                    f"seed map of {self.seed.__name__}: {entity.seed.__name__} field(s) "
                    f"{', '.join(unmapped)} are in no mapping of entity {entity.name!r}: a seed "
                    "giving them would be dropped without a word; add them to its fields (or "
                    "to the reads of the Hook that uses them)"
                )

    def load(self, session: Session, seed: ServiceSeed, ctx: SeedContext) -> None:
        """Insert the rows of ``seed``, entity by entity in ``order``."""
        loading = Loading(ctx, seed)
        order = self._entities()
        flat = {
            s.entity.name: s for s in self.sections if _columnwise(s.entity, order) and not s.by_id
        }
        buckets = self._entries(seed, loading, skip=flat)
        for step in self.order or order:
            if not isinstance(step, Entity):
                step(session, loading)
                continue
            entity = step
            if entity.filled_by is not None:
                entity.filled_by(session, loading)
                continue
            section = self._top_level(entity)
            plain = section is not None and section.extra is None and not section.single
            if entity.name in flat:
                _load_columns(session, entity, flat[entity.name].items(seed), loading, plain)
                continue
            parents = _parent_columns(entity, order)
            _load_entity(session, entity, buckets.get(entity.name, []), loading, parents, plain)

    def dump(self, session: Session, ctx: SeedContext) -> ServiceSeed:
        """The seed document that loads back into the rows of ``session``'s DB."""
        export = Exporting(ctx)
        for entity in self._entities():
            rows: Sequence[Any] = session.scalars(
                select(entity.model).options(*entity.dump_options).order_by(entity.model.id)
            ).all()
            export.objects[entity.name] = {row.id: row for row in rows}
            if entity.key is not None:
                column = entity.key_column()
                export.keys[entity.name] = {row.id: getattr(row, column) for row in rows}
        for derived in self.order:
            if isinstance(derived, Derived):
                query = select(derived.model).order_by(derived.model.id)
                export.objects[derived.name] = {row.id: row for row in session.scalars(query)}
        children = _children_by_parent(self._entities(), export)
        export.ids_left_out = self._ids_left_out(export, children)
        sections: dict[str, Any] = {}
        for section in self.sections:
            rows = [
                _dump_row(section.entity, obj, export, children)
                for obj in export.objects[section.entity.name].values()
            ]
            sections[section.seed] = rows[0] if section.single else rows
        return self.seed(**sections)

    def _ids_left_out(self, export: Exporting, children: ChildIndex) -> set[str]:
        """The ``ids_if_needed`` entities whose ids, in document order, are 1, 2, ..."""
        flagged = {entity.name for entity in self._entities() if entity.ids_if_needed}
        if not flagged:
            return set()
        ids: dict[str, list[int]] = {name: [] for name in flagged}
        for section in self.sections:
            for obj in export.objects[section.entity.name].values():
                _ids_in_order(section.entity, obj, children, ids)
        return {name for name in flagged if ids[name] == list(range(1, len(ids[name]) + 1))}

    def _entities(self) -> tuple[Entity, ...]:
        if self.order:
            return tuple(step for step in self.order if isinstance(step, Entity))
        found: list[Entity] = []
        for section in self.sections:
            _collect(section.entity, found)
        return tuple(found)

    def _top_level(self, entity: Entity) -> Section | None:
        return next((s for s in self.sections if s.entity is entity), None)

    def _entries(
        self, seed: ServiceSeed, loading: Loading, skip: Collection[str]
    ) -> dict[str, list[Entry]]:
        """Every seed row by entity name (but those of the sections ``skip`` names), each list
        in document order (parents first)."""
        buckets: dict[str, list[Entry]] = {}
        for section in self.sections:
            if section.entity.name in skip:
                continue
            items = section.items(seed)
            if section.by_id:
                items = _in_id_order(items, loading.ctx, (section.seed,))
            if not section.entity.children:
                bucket = buckets.setdefault(section.entity.name, [])
                bucket += [Entry(obj, loc, None, loading) for obj, loc in items]
                continue
            for obj, loc in items:
                _walk(section.entity, Entry(obj, loc, None, loading), buckets)
        return buckets


def unmapped_fields(entity: Entity) -> list[str]:
    """The fields of ``entity``'s seed model that no field mapping, child list or hook reads."""
    declared = getattr(entity.seed, "model_fields", None) or getattr(
        entity.seed, "__dataclass_fields__", {}
    )
    read = {"id"} | {child.seed for child in entity.children}
    for mapped in entity.mapped:
        read.add(mapped.seed)
        read.update(mapped.reads if isinstance(mapped, Hook) else ())
    return sorted(set(declared) - read)


def _in_id_order(
    items: list[tuple[Any, Loc]], ctx: SeedContext, section: Loc
) -> list[tuple[Any, Loc]]:
    """A section's seed objects in the order of the ids they will get (``SeedContext.allocate_ids``
    keeps pinned ones, numbers the others in document order around them)."""
    ids = ctx.allocate_ids([seed.id for seed, _ in items], section)
    return [item for _, item in sorted(zip(ids, items, strict=True), key=lambda pair: pair[0])]


def _parent_columns(entity: Entity, entities: Sequence[Entity]) -> tuple[str, ...]:
    """The columns naming ``entity``'s parent row, one per relation that nests it."""
    return tuple(
        child.parent_column
        for parent in entities
        for child in parent.children
        if child.of(parent) is entity
    )


def _collect(entity: Entity, found: list[Entity]) -> None:
    if entity in found:
        return
    found.append(entity)
    for child in entity.children:
        _collect(child.of(entity), found)


def _walk(entity: Entity, entry: Entry, buckets: dict[str, list[Entry]]) -> None:
    buckets.setdefault(entity.name, []).append(entry)
    for child in entity.children:
        for obj, loc in child.items(entry):
            _walk(child.of(entity), Entry(obj, loc, entry, entry.loading, child), buckets)


def _field_names(seed_type: type) -> Sequence[str]:
    fields = getattr(seed_type, "model_fields", None) or seed_type.__pydantic_fields__  # type: ignore[attr-defined]
    return list(fields)


# --- Load ----------------------------------------------------------------------------------------


def _load_entity(
    session: Session,
    entity: Entity,
    entries: list[Entry],
    loading: Loading,
    parent_columns: tuple[str, ...],
    plain: bool,
) -> None:
    """Build, register, check and insert the rows of ``entity``, in document order."""
    ctx = loading.ctx
    items = [(entry.seed, entry.loc) for entry in entries]
    ids = _ids(entity, items, ctx, plain=plain)
    keys_given = entity.keys_given
    if keys_given:
        _register_given(entity, items, ids, ctx, plain=plain)
    rows: dict[int, Row] = {}
    loading.rows[entity.name] = rows
    for entry, row_id in zip(entries, ids, strict=True):
        row = entry.row
        row["id"] = row_id
        for column in parent_columns:
            row[column] = None
        if entry.via is not None and entry.parent is not None:
            row[entry.via.parent_column] = entry.parent.row["id"]
            for column in entry.via.inherit:
                row[column] = entry.parent.row[column]
        rows[row_id] = row
    if entity.one_by_one:
        for entry in entries:
            for mapped in entity.mapped:
                mapped.load(entry)
            _register_built(entity, entry)
    else:
        for mapped in entity.mapped:
            mapped.load_all(entries)
        if not keys_given:
            for entry in entries:
                _register_built(entity, entry)
    if entity.check is not None:
        for entry in entries:
            entity.check(entry)
    built = [entry.row for entry in entries]
    if entity.inserted_by_id:
        built.sort(key=lambda row: row["id"])
    if built:
        bulk_insert(session, entity.model, built)


_PER_ROW = object()  # a value only ``load`` can give: a default, or an error to report


def _columnwise(entity: Entity, entities: Sequence[Entity]) -> bool:
    """Whether ``entity``'s rows are built column by column: a flat section, nested nowhere."""
    return entity.flat and not _parent_columns(entity, entities)


def _load_columns(
    session: Session, entity: Entity, items: list[tuple[Any, Loc]], loading: Loading, plain: bool
) -> None:
    """``_load_entity`` for a flat section (a large catalogue): its rows are built and kept
    column by column, each value by ``load`` only where the column alone cannot give it."""
    ctx = loading.ctx
    ids = _ids(entity, items, ctx, plain=plain)
    if entity.key is not None:
        _register_given(entity, items, ids, ctx, plain=plain)
    seeds = [seed for seed, _ in items]
    columns: dict[str, list[Any]] = {"id": ids}
    for mapped in entity.mapped:
        assert isinstance(mapped, ColumnField | Ref)
        values = mapped.column_values(seeds, ctx)
        for i in [i for i, value in enumerate(values) if value is _PER_ROW]:
            entry = Entry(*items[i], None, loading)
            entry.row = {column: given[i] for column, given in columns.items()}  # row so far
            mapped.load(entry)
            values[i] = entry.row[mapped.column]
        columns[mapped.column] = values
    loading.rows[entity.name] = _ColumnRows(columns)
    insert_columns(session, entity.model, columns)


class _ColumnRows(Mapping[int, Row]):
    """The rows of a section kept column by column, read by id as dicts."""

    def __init__(self, columns: dict[str, list[Any]]) -> None:
        self._columns = columns
        self._index = {row_id: i for i, row_id in enumerate(columns["id"])}

    def __getitem__(self, row_id: int) -> Row:
        i = self._index[row_id]
        return {column: values[i] for column, values in self._columns.items()}

    def __iter__(self) -> Iterator[int]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)


def _register_given(
    entity: Entity, items: list[tuple[Any, Loc]], ids: list[int], ctx: SeedContext, *, plain: bool
) -> None:
    """Register the keys the seed gives (a row without one is not named by any)."""
    key = entity.key
    assert key is not None
    keys = [getattr(seed, key) for seed, _ in items]
    if plain and items and None not in keys:
        ctx.register_all(entity.name, keys, ids, items[0][1][:1], key)
        return
    for (_, loc), value, row_id in zip(items, keys, ids, strict=True):
        if value is not None:
            ctx.register(entity.name, value, row_id, (*loc, key))


def _register_built(entity: Entity, entry: Entry) -> None:
    """Register the keys of a built row: its key (scoped, or derived when the seed leaves it
    out: then the id is what named it), and its id under ``named_by_id``."""
    row_id, key = entry.row["id"], entity.key
    if entity.named_by_id is not None:
        entry.ctx.register(entity.named_by_id, row_id, row_id, (*entry.loc, "id"))
    if key is None or (value := entry.row[entity.key_column()]) is None:
        return
    scoped = (entry.row[entity.key_scope], value) if entity.key_scope else value
    given = getattr(entry.seed, key) is not None
    entry.ctx.register(entity.name, scoped, row_id, (*entry.loc, key if given else "id"))


def _ids(
    entity: Entity, items: list[tuple[Any, Loc]], ctx: SeedContext, *, plain: bool
) -> list[int]:
    """Ids in document order, pinned ones kept: a plain top-level list names a pin given twice
    by index, rows spread over the document by both paths."""
    if not entity.pins_ids:
        return list(range(1, len(items) + 1))
    if plain:
        section = items[0][1][:1] if items else ()
        return ctx.allocate_ids([seed.id for seed, _ in items], section)
    return ctx.allocate_ids_at([(seed.id, loc) for seed, loc in items])


# --- Dump ----------------------------------------------------------------------------------------


ChildIndex = dict[int, dict[int, list[Any]]]  # id(Children) -> parent id -> child rows


def _children_by_parent(entities: Sequence[Entity], export: Exporting) -> ChildIndex:
    """For every child relation, its rows grouped by their parent's id (in id order, or in
    its ``order_by`` column's)."""
    index: ChildIndex = {}
    for entity in entities:
        for child in entity.children:
            groups = index.setdefault(id(child), {})
            for obj in export.objects[child.of(entity).name].values():
                parent_id = getattr(obj, child.parent_column)
                if parent_id is not None and (child.where is None or child.where(obj)):
                    groups.setdefault(parent_id, []).append(obj)
            if child.order_by is not None:
                for group in groups.values():
                    group.sort(key=attrgetter(child.order_by))
    return index


def _ids_in_order(
    entity: Entity, obj: Any, children: ChildIndex, ids: dict[str, list[int]]
) -> None:
    """Append the ids of ``obj`` and its children to ``ids`` (by entity name) as the dump
    writes them."""
    if entity.name in ids:
        ids[entity.name].append(obj.id)
    for child in entity.children:
        for row in children[id(child)].get(obj.id, []):
            _ids_in_order(child.of(entity), row, children, ids)


def _dump_row(entity: Entity, obj: Any, export: Exporting, children: ChildIndex) -> Any:
    """The seed object of ORM row ``obj``, with its children."""
    pinned = entity.pins_ids and entity.name not in export.ids_left_out
    values: Row = {"id": obj.id} if pinned else {}
    for mapped in entity.mapped:
        values.update(mapped.dump(obj, export))
    for child in entity.children:
        seeds = [
            _dump_row(child.of(entity), row, export, children)
            for row in children[id(child)].get(obj.id, [])
        ]
        values[child.seed] = (seeds[0] if seeds else None) if child.single else seeds
    return entity.seed(**values)
