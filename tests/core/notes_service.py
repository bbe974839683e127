"""A tiny service used to test the core: users own notes with a due date."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from pydantic import Field
from sqlalchemy import ForeignKey, String, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from mock_services.core.base.auth import UserMixin
from mock_services.core.base.clock import aware_utc, iso, to_naive_utc
from mock_services.core.base.errors import NotFound
from mock_services.core.base.schemas import ApiModel, OutModel, PageQuery
from mock_services.core.seeding.seed import (
    SeedContext,
    SeedDateTime,
    SeedModel,
    ServiceSeed,
    bulk_insert,
)
from mock_services.core.seeding.users import UserSeed, user_row, user_seed_fields
from mock_services.core.spec.api import Api, Ctx
from mock_services.core.spec.service import ServiceSpec
from mock_services.core.web.notify import MailDelivery, deliver_mail


class Base(DeclarativeBase):
    pass


class User(UserMixin, Base):
    __tablename__ = "users"


class Note(Base):
    __tablename__ = "notes"
    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    title: Mapped[str] = mapped_column(String(200))
    due: Mapped[datetime | None]
    created_at: Mapped[datetime]


class NoteSeed(SeedModel):
    id: int | None = None
    owner: str
    title: str = Field(min_length=1)
    due: SeedDateTime | None = None


class NotesSeed(ServiceSeed):
    users: list[UserSeed] = []
    notes: list[NoteSeed] = []


def load(session: Session, seed: NotesSeed, ctx: SeedContext) -> None:
    users = []
    for i, user in enumerate(seed.users):
        ctx.register("user", user.username, i + 1, ("users", i, "username"))
        users.append(user_row("notes", user, i + 1))
    if users:
        bulk_insert(session, User, users)
    ids = ctx.allocate_ids([n.id for n in seed.notes], ("notes",))
    rows = [
        {
            "id": ids[i],
            "title": n.title,
            "created_at": to_naive_utc(ctx.now),
            "due": to_naive_utc(n.due) if n.due else None,
            "owner_id": ctx.ref("user", n.owner, ("notes", i, "owner")),
        }
        for i, n in enumerate(seed.notes)
    ]
    if rows:
        bulk_insert(session, Note, rows)


def dump(session: Session, ctx: SeedContext) -> NotesSeed:
    users = session.scalars(select(User).order_by(User.id)).all()
    names = {u.id: u.username for u in users}
    return NotesSeed(
        users=[UserSeed(**user_seed_fields(u)) for u in users],
        notes=[
            NoteSeed(
                id=n.id,
                owner=names[n.owner_id],
                title=n.title,
                due=aware_utc(n.due),
            )
            for n in session.scalars(select(Note).order_by(Note.id))
        ],
    )


class NoteOut(OutModel):
    id: int
    title: str
    due: str | None
    created_at: str


class NotePage(OutModel):
    items: list[NoteOut]
    total: int


class NoteCreate(ApiModel):
    title: str = Field(min_length=1, max_length=200)
    due: datetime | None = None


def _out(note: Note) -> NoteOut:
    return NoteOut(id=note.id, title=note.title, due=iso(note.due), created_at=iso(note.created_at))


api = Api("notes", url_prefix="/api")


@api.get("/notes", response=NotePage)
def list_notes(ctx: Ctx, query: PageQuery) -> NotePage:
    """The caller's notes, oldest first."""
    notes = ctx.session.scalars(
        select(Note).where(Note.owner_id == ctx.user.id).order_by(Note.id)
    ).all()
    start = (query.page - 1) * query.per_page
    return NotePage(
        items=[_out(n) for n in notes[start : start + query.per_page]], total=len(notes)
    )


@api.post("/notes", response=NoteOut, status=201)
def create_note(ctx: Ctx, body: NoteCreate) -> NoteOut:
    """Add a note; mails the owner when the seed wires an email service."""
    note = Note(
        owner_id=ctx.user.id,
        title=body.title,
        created_at=to_naive_utc(ctx.now),
        due=to_naive_utc(body.due) if body.due else None,
    )
    ctx.session.add(note)
    ctx.session.flush()
    mail = MailDelivery(
        sender="notes@example.test",
        to=[ctx.user.email],
        subject=f"Note added: {note.title}",
        body=note.title,
    )
    ctx.after_commit(lambda: deliver_mail(ctx.runtime, mail))
    return _out(note)


@api.delete("/notes/<int:note_id>", status=204, errors=(404,))
def delete_note(ctx: Ctx, note_id: int) -> None:
    """Delete one of the caller's notes."""
    note = ctx.session.get(Note, note_id)
    if note is None or note.owner_id != ctx.user.id:
        raise NotFound(f"note {note_id} not found")
    ctx.session.delete(note)


DEFAULT_SEED = {
    "users": [
        {
            "username": "alice",
            "password": "alice-pass",
            "display_name": "Alice",
            "email": "alice@example.test",
        }
    ],
    "notes": [{"owner": "alice", "title": "Buy milk", "due": "+1d 18:00"}],
}

SPEC = ServiceSpec(
    name="notes",
    port=5999,
    title="Notes (core test service)",
    domain="Documents & Knowledge",
    main_change=("notes", "title"),
    base=Base,
    user_model=User,
    seed_model=NotesSeed,
    load=load,
    dump=dump,
    apis=(api,),
    default_seed=lambda: DEFAULT_SEED,
)

SMALL_BODIES_SPEC = replace(SPEC, max_body_bytes=128)
"""The same service with its own, small request body limit."""
