"""Seed load and export from one declared mapping per entity (``core/seeding/seed_map.py``): the
load builds the rows (natural keys, converters, children, defaults, pinned ids), the dump gives
back the document it was loaded from, and errors name the JSON path."""

from __future__ import annotations

import copy
from dataclasses import replace
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from pydantic import BaseModel, Field
from sqlalchemy import ForeignKey, String, create_engine, event, select
from sqlalchemy.orm import (
    DeclarativeBase,
    Mapped,
    Session,
    mapped_column,
    relationship,
    selectinload,
)

from mock_services.core.base.auth import UserMixin
from mock_services.core.seeding.seed import (
    Loc,
    SeedContext,
    SeedDateTime,
    SeedError,
    SeedModel,
    ServiceSeed,
    bulk_insert,
)
from mock_services.core.seeding.seed_map import (
    USER_FIELDS,
    Children,
    ColumnField,
    Derived,
    Embedded,
    Entity,
    Entry,
    Exporting,
    Hook,
    Loading,
    Ref,
    Section,
    SeedMap,
    code_from_id,
    moment,
    now_naive,
)
from mock_services.core.seeding.users import UserSeed

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=ZoneInfo("UTC"))


class Base(DeclarativeBase):
    pass


class User(UserMixin, Base):
    __tablename__ = "users"


class Genre(Base):
    __tablename__ = "genres"
    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(40))
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("genres.id"))


class Shelf(Base):
    __tablename__ = "shelves"
    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    name: Mapped[str] = mapped_column(String(40))
    code: Mapped[str] = mapped_column(String(40))
    books: Mapped[list[Book]] = relationship(viewonly=True)


class Book(Base):
    __tablename__ = "books"
    id: Mapped[int] = mapped_column(primary_key=True)
    shelf_id: Mapped[int] = mapped_column(ForeignKey("shelves.id"))
    sequel_of: Mapped[int | None] = mapped_column(ForeignKey("books.id"))
    title: Mapped[str] = mapped_column(String(80))
    price_cents: Mapped[int]
    genre_id: Mapped[int | None] = mapped_column(ForeignKey("genres.id"))
    lent_to_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    added_at: Mapped[datetime]
    size_w: Mapped[int | None]
    size_h: Mapped[int | None]
    pages: Mapped[int]


class SizeSeed(SeedModel):
    w: int
    h: int


class BookSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    title: str
    price: float
    genre: str | None = None
    lent_to: str | None = None
    added_at: SeedDateTime | None = None
    size: SizeSeed | None = None
    sequels: list[BookSeed] = []


class ShelfSeed(SeedModel):
    id: int | None = Field(None, ge=1)
    owner: str
    name: str
    code: str | None = None
    books: list[BookSeed] | None = None


class GenreSeed(SeedModel):
    slug: str
    parent: str | None = None


class LibrarySeed(ServiceSeed):
    users: list[UserSeed] = []
    genres: list[GenreSeed] = []
    shelves: list[ShelfSeed] = []


def _pages(entry: Entry) -> int:
    """A derived column: ten pages per euro, a hook the mapping cannot express."""
    return round(entry.seed.price * 10)


def _no_free_sequel(entry: Entry) -> None:
    is_sequel = entry.via is not None and entry.via.seed == "sequels"
    if is_sequel and entry.row["price_cents"] == 0:
        raise entry.ctx.error((*entry.loc, "price"), "a sequel is never free")


def _starter_books(shelf: ShelfSeed) -> list[BookSeed]:
    return [BookSeed(title=f"{shelf.name} guide", price=1.0)]


USER = Entity("user", UserSeed, User, USER_FIELDS, key="username")
GENRE = Entity("genre", GenreSeed, Genre, ("slug", Ref("parent", "parent_id", "genre")), key="slug")
BOOK = Entity(
    "book",
    BookSeed,
    Book,
    (
        "title",
        ColumnField(
            "price", "price_cents", to_row=lambda v: round(v * 100), to_seed=lambda c: c / 100
        ),
        Ref("genre", "genre_id", "genre"),
        Ref("lent_to", "lent_to_id", "user"),
        moment("added_at", default=now_naive),
        Embedded(
            "size",
            SizeSeed,
            {"w": "size_w", "h": "size_h"},
            {"size_w": None},
            shown=lambda book, _: book.size_w is not None,
        ),
        Hook(column="pages", load_with=_pages),
    ),
    children=(Children("sequels", None, "sequel_of", inherit=("shelf_id",)),),
    check=_no_free_sequel,
)
SHELF = Entity(
    "shelf",
    ShelfSeed,
    Shelf,
    (
        Ref("owner", "owner_id", "user"),
        "name",
        code_from_id("code", lambda shelf_id: f"S-{shelf_id}"),
    ),
    key="code",
    children=(
        Children(
            "books",
            BOOK,
            "shelf_id",
            where=lambda book: book.sequel_of is None,
            absent=_starter_books,
        ),
    ),
)
LIBRARY = SeedMap(
    LibrarySeed,
    (Section("users", USER), Section("genres", GENRE), Section("shelves", SHELF)),
)

ANN = {"username": "ann", "password_hash": "pbkdf2_sha256$1$salt$00ff", "display_name": "Ann",
       "email": "ann@x.test"}  # fmt: skip
DOCUMENT: dict[str, Any] = {
    "users": [ANN, {**ANN, "username": "ben", "email": "ben@x.test"}],
    "genres": [{"slug": "crime", "parent": "fiction"}, {"slug": "fiction"}],
    "shelves": [
        {"id": 1, "owner": "ann", "name": "Desk", "code": "S-1", "books": [
            {"id": 1, "title": "Dune", "price": 9.5, "genre": "fiction", "lent_to": "ben",
             "added_at": "-1d 08:00", "size": {"w": 13, "h": 20},
             "sequels": [{"id": 2, "title": "Dune Messiah", "price": 8.25,
                          "added_at": "now"}]},
            {"id": 3, "title": "Maigret", "price": 4.0, "genre": "crime",
             "added_at": "now"},
        ]},
        {"id": 2, "owner": "ben", "name": "Attic", "code": "ATTIC", "books": []},
    ],
}  # fmt: skip


def _ctx() -> SeedContext:
    return SeedContext("lib", NOW, ZoneInfo("UTC"))


def _load(document: dict[str, Any], seed_map: SeedMap = LIBRARY) -> Session:
    engine = create_engine("sqlite://")
    Base.metadata.create_all(engine)
    session = Session(engine)
    ctx = _ctx()
    seed = LibrarySeed.model_validate(document, context=ctx.pydantic_context)
    seed_map.load(session, seed, ctx)
    session.commit()
    return session


def _exported(session: Session) -> dict[str, Any]:
    ctx = _ctx()
    dumped: BaseModel = LIBRARY.dump(session, ctx)
    return dumped.model_dump(mode="json", context=ctx.pydantic_context, exclude_defaults=True)


def test_the_dump_gives_back_the_document_it_was_loaded_from() -> None:
    exported = _exported(_load(DOCUMENT))
    assert exported == DOCUMENT, f"expected the seed back, got {exported}"


def test_the_load_converts_refers_by_natural_key_and_fills_defaults() -> None:
    document = {
        "users": [ANN],
        "genres": [{"slug": "crime"}],
        "shelves": [{"owner": "ann", "name": "Desk", "books": [{"title": "Maigret", "price": 4}]}],
    }
    session = _load(document)
    books = session.execute(select(Book.__table__)).mappings().all()
    assert [dict(book) for book in books] == [
        {"id": 1, "shelf_id": 1, "sequel_of": None, "title": "Maigret", "price_cents": 400,
         "genre_id": None, "lent_to_id": None, "added_at": NOW.replace(tzinfo=None),
         "size_w": None, "size_h": None, "pages": 40},
    ]  # fmt: skip
    assert session.scalars(select(Shelf.code)).all() == ["S-1"], "a derived key from the id"


def test_a_nested_child_inherits_and_points_at_its_parent() -> None:
    session = _load(DOCUMENT)
    sequel = session.get(Book, 2)
    assert sequel is not None
    assert (sequel.sequel_of, sequel.shelf_id) == (1, 1)
    assert session.scalars(select(Book.id).order_by(Book.id)).all() == [1, 2, 3]


def test_a_missing_child_list_takes_its_default_rows() -> None:
    document = {"users": [ANN], "shelves": [{"owner": "ann", "name": "Desk"}]}
    titles = _load(document).scalars(select(Book.title)).all()
    assert titles == ["Desk guide"], f"expected the starter book, got {titles}"


def test_rows_of_one_section_may_name_later_ones() -> None:
    session = _load(DOCUMENT)
    parents = dict(session.execute(select(Genre.slug, Genre.parent_id)).all())
    assert parents == {"crime": 2, "fiction": None}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["shelves"][0]["books"][0]["sequels"][0].update(lent_to="zed"),
            "lib.shelves[0].books[0].sequels[0].lent_to: unknown user 'zed'; expected one of",
        ),
        (
            lambda d: d["shelves"][1]["books"].append({"id": 3, "title": "X", "price": 1}),
            "lib.shelves[1].books[0].id: id 3 is already pinned at lib.shelves[0].books[1]",
        ),
        (
            lambda d: d["shelves"].append({"id": 2, "owner": "ann", "name": "Hall"}),
            "lib.shelves[2].id: id 2 is pinned twice",
        ),
        (
            lambda d: [d["shelves"][0].update(code="S-2"), d["shelves"][1].update(code=None)],
            "lib.shelves[1].id: duplicate shelf 'S-2'",  # derived from the id: the id names it
        ),
        (
            lambda d: d["shelves"][1].update(code="S-1"),
            "lib.shelves[1].code: duplicate shelf 'S-1'",
        ),
        (
            lambda d: d["users"].append(ANN),
            "lib.users[2].username: duplicate user 'ann'",
        ),
        (
            lambda d: d["shelves"][0]["books"][0]["sequels"][0].update(price=0),
            "lib.shelves[0].books[0].sequels[0].price: a sequel is never free",
        ),
    ],
)
def test_errors_name_the_json_path(change: Any, message: str) -> None:
    document = copy.deepcopy(DOCUMENT)
    change(document)
    with pytest.raises(SeedError) as caught:
        _load(document)
    assert message in str(caught.value), f"expected {message!r} in {caught.value}"


def test_an_explicit_order_fills_tables_in_that_order() -> None:
    ordered = SeedMap(LibrarySeed, LIBRARY.sections, order=(USER, GENRE, SHELF, BOOK))
    engine = create_engine("sqlite://")
    Base.metadata.create_all(engine)
    statements: list[str] = []
    with Session(engine) as session:
        connection = session.connection()
        raw = connection.connection.driver_connection
        raw.set_trace_callback(statements.append)
        ctx = _ctx()
        ordered.load(
            session, LibrarySeed.model_validate(DOCUMENT, context=ctx.pydantic_context), ctx
        )
    tables = [s.split('"')[1] for s in statements if s.startswith("INSERT")]
    assert list(dict.fromkeys(tables)) == ["users", "genres", "shelves", "books"], tables


def _always_a_guide_first(books: list[BookSeed] | None, loc: Loc) -> list[tuple[Any, Loc]]:
    """A shelf's books as ``expand`` gives them: a guide (at the list's path), then the listed."""
    guide = BookSeed(title="Guide", price=1.0)
    return [(guide, loc), *((book, (*loc, i)) for i, book in enumerate(books or []))]


EXPANDED = SeedMap(
    LibrarySeed,
    (
        Section("users", USER),
        Section("genres", GENRE),
        Section(
            "shelves",
            Entity(
                "shelf",
                ShelfSeed,
                Shelf,
                SHELF.fields,
                key="code",
                children=(Children("books", BOOK, "shelf_id", expand=_always_a_guide_first),),
            ),
        ),
    ),
)


def test_an_expanded_child_list_gives_its_rows_and_their_paths() -> None:
    document = copy.deepcopy(DOCUMENT)
    session = _load(document, EXPANDED)
    rows = session.execute(select(Book.id, Book.shelf_id, Book.title).order_by(Book.id)).all()
    expected = [
        (1, 1, "Dune"),
        (2, 1, "Dune Messiah"),
        (3, 1, "Maigret"),
        (4, 1, "Guide"),
        (5, 2, "Guide"),
    ]
    assert [tuple(row) for row in rows] == expected, f"expected {expected}, got {rows}"

    document["shelves"][0]["books"][1]["genre"] = "poetry"
    with pytest.raises(SeedError) as caught:
        _load(document, EXPANDED)
    message = "lib.shelves[0].books[1].genre: unknown genre 'poetry'"
    assert message in str(caught.value), f"expected {message!r} in {caught.value}"


def _book_count(shelf: Shelf, export: Exporting) -> str:
    """A dump read through a relation: the number of books on the shelf."""
    return f"{len(shelf.books)} books"


def test_dump_options_load_a_relation_for_all_rows_in_one_query() -> None:
    session = _load(DOCUMENT)
    shelf = Entity(
        "shelf",
        ShelfSeed,
        Shelf,
        (*SHELF.fields[:2], Hook("code", dump_with=_book_count)),
        children=SHELF.children,
        dump_options=(selectinload(Shelf.books),),
    )
    counting = SeedMap(LibrarySeed, (*LIBRARY.sections[:2], Section("shelves", shelf)))
    statements: list[str] = []

    def record(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        statements.append(statement)

    event.listen(session.get_bind(), "before_cursor_execute", record)
    dumped = counting.dump(session, _ctx())
    codes = [s.code for s in dumped.shelves]  # type: ignore[attr-defined]
    assert codes == ["3 books", "0 books"], f"expected each shelf's book count, got {codes}"
    reads = [s for s in statements if "FROM books" in s]
    assert len(reads) == 2, f"expected the books read twice (rows, relation), got {reads}"


def _dumped(seed_map: SeedMap, session: Session) -> dict[str, Any]:
    ctx = _ctx()
    dumped: BaseModel = seed_map.dump(session, ctx)
    return dumped.model_dump(mode="json", context=ctx.pydantic_context, exclude_defaults=True)


def _library(shelf: Entity, **section: Any) -> SeedMap:
    """The library with another shelf entity (and its section's options)."""
    return SeedMap(
        LibrarySeed,
        (Section("users", USER), Section("genres", GENRE), Section("shelves", shelf, **section)),
    )


def test_ids_if_needed_are_written_only_where_loading_would_give_others() -> None:
    books = Children("books", replace(BOOK, ids_if_needed=True), "shelf_id")
    library = _library(replace(SHELF, ids_if_needed=True, children=(books,)))
    document: dict[str, Any] = {"users": [ANN], "shelves": [
        {"owner": "ann", "name": "Desk", "books": [{"title": "Dune", "price": 9.5}]},
        {"owner": "ann", "name": "Attic", "books": [{"title": "Maigret", "price": 4.0}]},
    ]}  # fmt: skip
    shelves = _dumped(library, _load(document, library))["shelves"]
    ids = [(s.get("id"), [b.get("id") for b in s["books"]]) for s in shelves]
    assert ids == [(None, [None]), (None, [None])], f"expected no ids, got {ids}"

    document["shelves"][0]["books"][0]["id"] = 7
    shelves = _dumped(library, _load(document, library))["shelves"]
    ids = [(s.get("id"), [b.get("id") for b in s["books"]]) for s in shelves]
    assert ids == [(None, [7]), (None, [1])], f"expected the books' ids only, got {ids}"


def test_children_are_exported_in_their_order_by_column() -> None:
    books = Children("books", replace(BOOK, ids_if_needed=True), "shelf_id", order_by="title")
    library = _library(replace(SHELF, children=(books,)))
    document = {"users": [ANN], "shelves": [{"owner": "ann", "name": "Desk", "books": [
        {"title": "Zed", "price": 1.0}, {"title": "Alpha", "price": 1.0},
    ]}]}  # fmt: skip
    exported = _dumped(library, _load(document, library))
    books_out = [(b["title"], b.get("id")) for b in exported["shelves"][0]["books"]]
    assert books_out == [("Alpha", 2), ("Zed", 1)], f"expected by title, ids kept: {books_out}"
    again = _load(exported, library).execute(select(Book.id, Book.title).order_by(Book.id)).all()
    assert [tuple(row) for row in again] == [(1, "Zed"), (2, "Alpha")], again


def _lobby(seed: LibrarySeed) -> list[tuple[Any, Loc]]:
    """Every user's implied shelf, at the user's path."""
    return [
        (ShelfSeed(owner=user.username, name="Lobby", code=f"L-{user.username}"), ("users", i))
        for i, user in enumerate(seed.users)
    ]


def test_extra_rows_first_are_numbered_and_named_before_the_list() -> None:
    document: dict[str, Any] = {
        "users": [ANN],
        "shelves": [{"owner": "ann", "name": "Desk", "books": []}],
    }
    for first, expected in (
        (True, [(1, "Lobby"), (2, "Desk")]),
        (False, [(1, "Desk"), (2, "Lobby")]),
    ):
        library = _library(SHELF, extra=_lobby, extra_first=first)
        rows = _load(document, library).execute(select(Shelf.id, Shelf.name).order_by(Shelf.id))
        assert [tuple(row) for row in rows] == expected, f"extra_first={first}"

    document["shelves"][0]["code"] = "L-ann"
    with pytest.raises(SeedError) as caught:
        _load(document, _library(SHELF, extra=_lobby, extra_first=True))
    message = "lib.shelves[0].code: duplicate shelf 'L-ann'"
    assert message in str(caught.value), f"expected {message!r} in {caught.value}"


def test_a_section_by_id_builds_its_rows_and_their_children_in_id_order() -> None:
    document: dict[str, Any] = {"users": [ANN], "shelves": [
        {"id": 2, "owner": "ann", "name": "Desk", "books": [{"title": "Dune", "price": 9.5}]},
        {"owner": "ann", "name": "Attic", "books": [{"title": "Maigret", "price": 4.0}]},
    ]}  # fmt: skip
    for by_id, expected in (
        (False, [(1, 2, "Dune"), (2, 1, "Maigret")]),
        (True, [(1, 1, "Maigret"), (2, 2, "Dune")]),
    ):
        session = _load(document, _library(SHELF, by_id=by_id))
        rows = session.execute(select(Book.id, Book.shelf_id, Book.title).order_by(Book.id))
        assert [tuple(row) for row in rows] == expected, f"by_id={by_id}"

    document["shelves"][0]["books"][0]["genre"] = "poetry"
    with pytest.raises(SeedError) as caught:
        _load(document, _library(SHELF, by_id=True))
    message = "lib.shelves[0].books[0].genre: unknown genre 'poetry'"
    assert message in str(caught.value), f"expected the document's path: {caught.value}"


class Sticker(Base):
    """A table no seed holds: a price sticker per book."""

    __tablename__ = "stickers"
    id: Mapped[int] = mapped_column(primary_key=True)
    book_id: Mapped[int] = mapped_column(ForeignKey("books.id"))
    text: Mapped[str] = mapped_column(String(40))


def _stick_prices(session: Session, loading: Loading) -> None:
    """One sticker per book loaded, its price in euros."""
    books = loading.rows["book"].values()
    stickers = [
        {"id": i, "book_id": book["id"], "text": f"{book['price_cents'] / 100:.2f} EUR"}
        for i, book in enumerate(books, 1)
    ]
    bulk_insert(session, Sticker, stickers)


def _title_and_sticker(book: Book, export: Exporting) -> str:
    stickers = export.grouped("sticker", "book_id").get(book.id, [])
    return " ".join([book.title, *(sticker.text for sticker in stickers)])


def test_a_derived_table_is_filled_after_its_sources_and_read_back_on_dump() -> None:
    title = Hook("title", load_with=lambda entry: entry.seed.title, dump_with=_title_and_sticker)
    book = replace(BOOK, fields=(title, *BOOK.fields[1:]))
    shelf = replace(SHELF, children=(Children("books", book, "shelf_id"),))
    library = SeedMap(
        LibrarySeed,
        (Section("users", USER), Section("shelves", shelf)),
        order=(USER, shelf, book, Derived("sticker", Sticker, _stick_prices)),
    )
    document = {"users": [ANN], "shelves": [
        {"owner": "ann", "name": "Desk", "books": [{"title": "Dune", "price": 9.5}]},
    ]}  # fmt: skip
    session = _load(document, library)
    stickers = session.execute(select(Sticker.book_id, Sticker.text)).all()
    assert [tuple(row) for row in stickers] == [(1, "9.50 EUR")], stickers
    titles = [b["title"] for b in _dumped(library, session)["shelves"][0]["books"]]
    assert titles == ["Dune 9.50 EUR"], f"expected the sticker read back on dump, got {titles}"


def _a_guide_per_shelf(session: Session, loading: Loading) -> None:
    """Books the shelves imply rather than list: a guide on each."""
    guides = [
        {"id": shelf_id, "shelf_id": shelf_id, "title": f"{shelf['name']} guide",
         "price_cents": 100, "added_at": NOW.replace(tzinfo=None), "pages": 10}
        for shelf_id, shelf in loading.rows["shelf"].items()
    ]  # fmt: skip
    bulk_insert(session, Book, guides)


def test_an_entity_filled_by_a_function_is_dumped_by_its_fields() -> None:
    book = replace(BOOK, filled_by=_a_guide_per_shelf)
    library = _library(replace(SHELF, children=(Children("books", book, "shelf_id"),)))
    document: dict[str, Any] = {"users": [ANN], "shelves": [
        {"owner": "ann", "name": "Desk", "books": [{"title": "Listed", "price": 3.0}]},
        {"owner": "ann", "name": "Attic"},
    ]}  # fmt: skip
    session = _load(document, library)
    titles = session.scalars(select(Book.title).order_by(Book.id)).all()
    assert titles == ["Desk guide", "Attic guide"], f"expected the filler's rows, got {titles}"
    shelves = _dumped(library, session)["shelves"]
    dumped = [[(b["title"], b["price"]) for b in s["books"]] for s in shelves]
    assert dumped == [[("Desk guide", 1.0)], [("Attic guide", 1.0)]], dumped


def test_once_makes_a_value_at_the_first_call_of_a_load() -> None:
    loading, made = Loading(_ctx(), None), []

    def make() -> set[str]:
        made.append(1)
        return set()

    loading.once("taken", make).add("X")
    assert loading.once("taken", make) == {"X"} and made == [1], f"made {len(made)} times"


def test_a_seed_field_no_mapping_reads_stops_the_map_naming_it() -> None:
    """A field added to the seed model but not to the entity would be dropped on load and left
    out of the export without a word."""

    class RatedGenreSeed(GenreSeed):
        rating: int = 0

    genre = Entity("genre", RatedGenreSeed, Genre, ("slug",), key="slug")
    with pytest.raises(ValueError, match=r"RatedGenreSeed field\(s\) parent, rating are in no"):
        SeedMap(LibrarySeed, (Section("genres", genre),))
