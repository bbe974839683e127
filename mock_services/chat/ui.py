"""The Chat web UI, after Slack: a sidebar of channels and direct messages with unread counts;
a conversation's messages by day with reactions, threads, files and a composer; a message's
thread page (reply, edit, delete, pin, react); channel details (topic, members, leave, archive);
the channel browser (join, create); people (open a direct message); search. Every form
validates through the API's own model and calls the same area functions."""

from __future__ import annotations

import base64
from collections.abc import Iterable
from datetime import datetime
from types import SimpleNamespace
from typing import Any, NamedTuple
from zoneinfo import ZoneInfo

from flask import Blueprint, flash, redirect, request, url_for
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape
from sqlalchemy import select

from mock_services.chat import conversations, messages, search
from mock_services.chat.access import my_workspace_ids, visible_conversation, visible_message
from mock_services.chat.api import file_download, get_member, list_members, list_workspaces
from mock_services.chat.mentions import MENTION
from mock_services.chat.models import Conversation, Member, Message, User, Workspace
from mock_services.chat.present import (
    conversation_out,
    file_out,
    label,
    message_out,
    message_outs,
    unread_counts,
)
from mock_services.chat.schemas import (
    ChannelCreate,
    ChannelUpdate,
    ConversationOut,
    ConversationQuery,
    DmOpen,
    FileUpload,
    InviteRequest,
    MemberQuery,
    MessageCreate,
    MessageEdit,
    MessageOut,
    MessageQuery,
    ReactionAdd,
    ReadMark,
    SearchQuery,
)
from mock_services.core.base.clock import DateParseError, local_moment, parse_absolute, zone
from mock_services.core.spec.api import Ctx, parse_query
from mock_services.core.web.error_pages import layout_values
from mock_services.core.web.forms import back_to, read_form
from mock_services.core.web.ui import PersonNames, in_page_zone, listed, page, render_in_zone
from mock_services.core.web.wording import (
    moment_words,
    possessive,
    preview_words,
    share_a_minute,
)

ui = Blueprint(
    "chat_ui",
    __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path="/static/chat",
)
EMOJI = (
    "thumbsup",
    "tada",
    "eyes",
    "heart",
    "rocket",
    "joy",
    "clap",
    "white_check_mark",
    "pray",
    "fire",
)
"""The emoji names the reaction picker offers."""
PER_PAGE = 50


# --- What every page shows --------------------------------------------------------------------


def user_zone_of(ctx: Ctx) -> ZoneInfo:
    """The zone the user's profile names, UTC when it names none that can be read."""
    try:
        return zone(ctx.shown_user().timezone or "UTC")  # no ORM load for one column
    except DateParseError:
        return zone("UTC")


def _moment(value: datetime | str) -> datetime:
    """A message's time as a page has it: ISO 8601 text, or a stored (naive UTC) value."""
    return parse_absolute(value) if isinstance(value, str) else value


@ui.app_template_filter("at_user")
@pass_context
def at_user(page_ctx: Context, value: datetime | str | None, seconds: bool = False) -> str:
    """A moment in the zone of the person logged in (the sidebar's "times in" says which), with
    its seconds where ``seconds`` asks (a list whose moments ``share_a_minute``)."""
    if value is None:
        return "-"
    tz = page_ctx.get("user_zone") or zone("UTC")
    now = page_ctx.get("now")
    local_now = local_moment(now, tz) if isinstance(now, datetime) else None
    return moment_words(local_moment(_moment(value), tz), local_now, seconds=seconds)


_GLYPHS = {
    "thumbsup": "\U0001f44d",
    "+1": "\U0001f44d",
    "thumbsdown": "\U0001f44e",
    "-1": "\U0001f44e",
    "tada": "\U0001f389",
    "eyes": "\U0001f440",
    "heart": "\u2764\ufe0f",
    "rocket": "\U0001f680",
    "joy": "\U0001f602",
    "clap": "\U0001f44f",
    "white_check_mark": "\u2705",
    "pray": "\U0001f64f",
    "fire": "\U0001f525",
    "ramen": "\U0001f35c",
    "smile": "\U0001f604",
    "wave": "\U0001f44b",
    "100": "\U0001f4af",
    "one": "1\ufe0f\u20e3",
    "two": "2\ufe0f\u20e3",
}
"""Each emoji's glyph by its shortcode (Unicode's), as Slack shows a reaction: "👍 5"."""


@ui.app_template_filter("emoji")
def emoji(name: str) -> str:
    """An emoji as a reaction or the picker shows it: its glyph; a name with no known glyph
    (a workspace's own emoji) as its shortcode, as Slack shows a custom one it cannot draw."""
    return _GLYPHS.get(name, f":{name}:")


_EMOJI_WORDS = {
    "thumbsup": "thumbs up",
    "+1": "thumbs up",
    "thumbsdown": "thumbs down",
    "-1": "thumbs down",
    "tada": "party popper",
    "joy": "face with tears of joy",
    "clap": "clapping hands",
    "white_check_mark": "check mark",
    "pray": "folded hands",
}
"""Emoji whose shortcode is not their name in words, by their names (Unicode's)."""


@ui.app_template_filter("emoji_words")
def emoji_words(name: str) -> str:
    """An emoji as a control's name says it, as Slack's accessible names do: by its name in
    words ("thumbs up", "party popper"), never its shortcode (":thumbsup:")."""
    return _EMOJI_WORDS.get(name, name.replace("_", " ").replace("-", " "))


@ui.app_template_filter("message_text")
def message_text(text: str) -> Markup:
    """A message's text, escaped, its mentions marked, its lines kept."""
    out = str(escape(text))
    out = MENTION.sub(lambda m: f'<span class="mention">@{m.group(1)}</span>', out)
    return Markup(out.replace("\n", "<br>"))


def _opening(message: MessageOut) -> str:
    """Who wrote a message and its opening words (its files' names where it has no text), cut
    at the end of a word with "…" as the pages' previews are (the ``preview`` filter)."""
    text = message.text or ", ".join(f.filename for f in message.files)
    short = preview_words(text, 60)
    return f"{possessive(message.author_name)} message \u201c{short}\u201d"


def _where(conv: ConversationOut) -> str:
    """A conversation as a notice names it: "#general", or "your conversation with Bob Lee"."""
    return conv.label if conv.name else f"your conversation with {conv.label}"


def _named(ctx: Ctx, message: Message) -> str:
    """A message as a notice names it, whose it is, where and its opening words: "your
    message in #general (“Lunch at 12?”)", "Bob Lee's message in #design (“Ship it…”)"."""
    out = message_out(ctx, message)
    conv = conversation_out(ctx, visible_conversation(ctx, message.conversation_id))
    whose = "your" if message.user_id == ctx.user_id else possessive(out.author_name)
    text = out.text or ", ".join(f.filename for f in out.files)
    return f"{whose} message in {_where(conv)} (\u201c{preview_words(text, 60)}\u201d)"


def _alike(values: dict[str, Any]) -> dict[int, list[str]]:
    """For each message of a page whose author and opening words (``_opening``) another of the
    page shares, the times of all that read alike: the page's ``parent``, ``replies``,
    ``pins``, ``results`` and the messages of its ``days``, each message once."""
    found: dict[int, MessageOut] = {}
    listed = [values.get("parent"), *values.get("replies", ()), *values.get("pins", ())]
    listed += [*values.get("results", ()), *(m for _, day in values.get("days", ()) for m in day)]
    for m in listed:
        if isinstance(m, MessageOut):
            found.setdefault(m.id, m)
    named: dict[str, list[MessageOut]] = {}
    for m in found.values():
        named.setdefault(_opening(m), []).append(m)
    return {
        m.id: [twin.created_at for twin in twins]
        for twins in named.values()
        if len(twins) > 1
        for m in twins
    }


@ui.app_template_filter("gist")
@pass_context
def gist(page: Context, message: MessageOut) -> str:
    """A message as a control's name says which it is, by what the reader sees: its author and
    opening words, and its time where another message of the page reads the same (never an
    internal number)."""
    name = _opening(message)
    twins = page.get("alike_messages", {}).get(message.id)
    if not twins:
        return name
    moment, local_now = in_page_zone(page, message.created_at)
    assert moment is not None  # a message always has its time
    return f"{name} at {moment_words(moment, local_now, seconds=share_a_minute(twins))}"


class SidebarEntry(NamedTuple):
    """A conversation as the sidebar lists it: what it links to and names, and its unread
    count (the home page's table, with topics and members, has the whole ``ConversationOut``)."""

    id: int
    kind: str
    name: str | None
    label: str
    unread_count: int


def _sidebar(ctx: Ctx, whole: bool = False) -> dict[str, Any]:
    """The caller's workspaces and joined conversations; each conversation as the sidebar
    shows it, or whole (``ConversationOut``, read with every conversation's members)."""
    query = ConversationQuery(joined=True, per_page=100)
    if not whole:  # the columns the sidebar shows: no count, no rows as objects
        return ctx.until_changed(f"chat.sidebar.{ctx.user_id}", lambda: _shown_sidebar(ctx, query))
    joined = [conversation_out(ctx, c) for c in conversations.visible(ctx, query).items]
    return {
        "workspaces": list_workspaces(ctx).items,
        "channels": [c for c in joined if c.kind != "dm"],
        "dms": [c for c in joined if c.kind == "dm"],
    }


def _shown_sidebar(ctx: Ctx, query: ConversationQuery) -> dict[str, Any]:
    """The sidebar as ``_sidebar`` shows it, read once while the DB is unchanged (per
    caller): its columns alone, each list a tuple (kept from one request to the next)."""
    shown = conversations.visible_select(ctx, query)
    found = ctx.session.execute(
        shown.with_only_columns(Conversation.id, Conversation.kind, Conversation.name).limit(
            query.per_page
        )
    ).all()
    dm_members: dict[int, list[int]] = {}
    names: dict[int, str] = {}
    dm_ids = [c.id for c in found if c.kind == "dm"]
    if dm_ids:
        in_dms = (
            select(Member.conversation_id, Member.user_id, User.display_name)
            .join(User, User.id == Member.user_id)
            .where(Member.conversation_id.in_(dm_ids))
        )
        for conv_id, user_id, name in ctx.session.execute(in_dms.order_by(Member.id)).all():
            dm_members.setdefault(conv_id, []).append(user_id)
            names[user_id] = name
    unread = unread_counts(ctx)
    joined = [
        SidebarEntry(
            c.id,
            c.kind,
            c.name,
            label(ctx, c, dm_members.get(c.id, []), names),
            unread.get(c.id, 0),
        )
        for c in found
    ]
    workspaces = list(  # their names and domains, without each one's member count
        ctx.session.execute(
            select(Workspace.name, Workspace.domain)
            .where(Workspace.id.in_(my_workspace_ids(ctx)))
            .order_by(Workspace.id)
        )
    )
    return {
        "workspaces": tuple(workspaces),
        "channels": tuple(c for c in joined if c.kind != "dm"),
        "dms": tuple(c for c in joined if c.kind == "dm"),
    }


@layout_values(ui)
def _layout(ctx: Ctx) -> dict[str, Any]:
    """What every page's layout shows of the reader, error pages too: the sidebar, and the
    header's "Today" in the zone the workspace shows times in (one zone on a page)."""
    return _layout_of(ctx)


def _layout_of(ctx: Ctx, whole: bool = False) -> dict[str, Any]:
    """``_layout``'s values, the sidebar's conversations ``whole`` where a page asks."""
    tz = user_zone_of(ctx)
    return {"user_zone": tz, "local_now": local_moment(ctx.now, tz), **_sidebar(ctx, whole)}


def show(template: str, ctx: Ctx, whole_sidebar: bool = False, **values: Any) -> str:
    layout = _layout_of(ctx, whole_sidebar)
    del layout["local_now"]  # render_in_zone says it, in the same zone
    return render_in_zone(
        layout["user_zone"],
        template,
        ctx,
        emoji_names=list(EMOJI),
        alike_messages=_alike(values),
        **layout,
        **values,
    )


def _days(items: Iterable[MessageOut], tz: ZoneInfo) -> list[tuple[str, list[MessageOut]]]:
    """Messages (oldest first) grouped by their day in ``tz``, each day named."""
    days: list[tuple[str, list[MessageOut]]] = []
    for message in items:
        day = local_moment(_moment(message.created_at), tz).strftime("%A %-d %B %Y")
        if not days or days[-1][0] != day:
            days.append((day, []))
        days[-1][1].append(message)
    return days


def _uploads() -> list[dict[str, Any]]:
    """The files attached to the form, as the API's ``files`` take them."""
    found = []
    for upload in request.files.getlist("attachment"):
        if upload and upload.filename:
            raw = upload.read()
            found.append(
                FileUpload(
                    filename=upload.filename,
                    content_type=upload.mimetype or "application/octet-stream",
                    content_base64=base64.b64encode(raw).decode(),
                ).model_dump(exclude_none=True)
            )
    return found


# --- Home, conversations ------------------------------------------------------------------------


@page(ui, "/", shows=("list_conversations", "list_workspaces"))
def home_page(ctx: Ctx) -> Any:
    return show("chat/home.html", ctx, whole_sidebar=True)  # its table: topics, members


@page(ui, "/c/<int:conversation_id>", shows=("list_messages", "get_conversation", "list_pins"))
def conversation_page(ctx: Ctx, conversation_id: int) -> Any:
    conv = conversation_out(ctx, visible_conversation(ctx, conversation_id))
    query = parse_query(MessageQuery)
    if "per_page" not in request.args:  # 50 a page unless the address asks another size
        query.per_page = PER_PAGE
    found = messages.history(ctx, conversation_id, query)
    items = message_outs(ctx, reversed(found.items))
    members = list_members(ctx, MemberQuery(workspace_id=conv.workspace_id, per_page=100))
    mark = conv.last_read_at  # ISO 8601 in UTC with Z, as the messages' times: comparable
    first_unread = next(
        (
            m.id
            for m in items
            if conv.is_member
            and m.author != ctx.user.username
            and (mark is None or m.created_at > mark)
        ),
        None,
    )
    return show(
        "chat/conversation.html",
        ctx,
        first_unread=first_unread,
        conv=conv,
        days=_days(items, user_zone_of(ctx)),
        precise=share_a_minute(m.created_at for m in items),
        pins=message_outs(ctx, messages.pins(ctx, conversation_id)),
        query=query,
        total=found.total,
        people=members.items,
    )


@page(ui, "/c/<int:conversation_id>/details", shows=("get_conversation", "list_pins"))
def details_page(ctx: Ctx, conversation_id: int) -> Any:
    conv = conversation_out(ctx, visible_conversation(ctx, conversation_id))
    members = list_members(ctx, MemberQuery(workspace_id=conv.workspace_id, per_page=100))
    return show(
        "chat/details.html",
        ctx,
        conv=conv,
        pins=message_outs(ctx, messages.pins(ctx, conversation_id)),
        people=members.items,
    )


@page(ui, "/c/<int:conversation_id>/messages", methods=("POST",), operation="post_message")
def post_message(ctx: Ctx, conversation_id: int) -> Any:
    body = read_form(MessageCreate, verbatim=("text",), given={"files": _uploads()})
    messages.post(ctx, conversation_id, body)
    return redirect(url_for("chat_ui.conversation_page", conversation_id=conversation_id), 303)


@page(ui, "/c/<int:conversation_id>/read", methods=("POST",), operation="mark_read")
def mark_read(ctx: Ctx, conversation_id: int) -> Any:
    conversations.mark_read(ctx, conversation_id, read_form(ReadMark))
    conv = conversation_out(ctx, visible_conversation(ctx, conversation_id))
    flash(f"Marked {_where(conv)} as read.", "ok")
    return back_to(url_for("chat_ui.conversation_page", conversation_id=conversation_id), "next")


@page(ui, "/c/<int:conversation_id>/join", methods=("POST",), operation="join_channel")
def join(ctx: Ctx, conversation_id: int) -> Any:
    conv = conversations.join_channel(ctx, conversation_id)
    flash(f"You joined #{conv.name}.", "ok")
    return redirect(url_for("chat_ui.conversation_page", conversation_id=conversation_id), 303)


@page(ui, "/c/<int:conversation_id>/leave", methods=("POST",), operation="leave_channel")
def leave(ctx: Ctx, conversation_id: int) -> Any:
    conv = conversations.leave_channel(ctx, conversation_id)
    flash(f"You left #{conv.name}.", "ok")
    return redirect(url_for("chat_ui.browse_page"), 303)


@page(ui, "/c/<int:conversation_id>/edit", methods=("POST",), operation="update_channel")
def update(ctx: Ctx, conversation_id: int) -> Any:
    conv = conversations.update_channel(
        ctx, conversation_id, read_form(ChannelUpdate, keep_blank=("topic", "purpose"))
    )
    flash(f"Saved the details of #{conv.name}.", "ok")
    return redirect(url_for("chat_ui.details_page", conversation_id=conversation_id), 303)


@page(ui, "/c/<int:conversation_id>/invite", methods=("POST",), operation="invite_to_channel")
def invite(ctx: Ctx, conversation_id: int) -> Any:
    invited = read_form(InviteRequest)
    conv = conversations.invite(ctx, conversation_id, invited)
    names = PersonNames(ctx)
    flash(f"Added {', '.join(names(u) for u in invited.usernames)} to #{conv.name}.", "ok")
    return redirect(url_for("chat_ui.details_page", conversation_id=conversation_id), 303)


@page(ui, "/c/<int:conversation_id>/archive", methods=("POST",), operation="archive_channel")
def archive(ctx: Ctx, conversation_id: int) -> Any:
    conv = conversations.set_archived(ctx, conversation_id, True)
    flash(f"#{conv.name} is archived.", "ok")
    return redirect(url_for("chat_ui.details_page", conversation_id=conversation_id), 303)


@page(ui, "/c/<int:conversation_id>/unarchive", methods=("POST",), operation="unarchive_channel")
def unarchive(ctx: Ctx, conversation_id: int) -> Any:
    conv = conversations.set_archived(ctx, conversation_id, False)
    flash(f"#{conv.name} is back.", "ok")
    return redirect(url_for("chat_ui.details_page", conversation_id=conversation_id), 303)


@page(
    ui,
    "/browse",
    shows=(listed("list_conversations", include_archived="true", per_page="100"),),
)
def browse_page(ctx: Ctx) -> Any:
    query = ConversationQuery(include_archived=True, per_page=100)
    listed = [conversation_out(ctx, c) for c in conversations.visible(ctx, query).items]
    channels = [c for c in listed if c.kind != "dm"]
    return show("chat/browse.html", ctx, listed=channels)


@page(ui, "/channels", methods=("POST",), operation="create_channel")
def create_channel(ctx: Ctx) -> Any:
    conv = conversations.create_channel(ctx, read_form(ChannelCreate, checkboxes=("private",)))
    flash(f"Created #{conv.name}.", "ok")
    return redirect(url_for("chat_ui.conversation_page", conversation_id=conv.id), 303)


# --- Messages and threads -----------------------------------------------------------------------


@page(ui, "/m/<int:message_id>", shows=("list_replies", "get_message"))
def thread_page(ctx: Ctx, message_id: int) -> Any:
    parent, thread = messages.replies(ctx, message_id)
    if parent.id != message_id:
        return redirect(url_for("chat_ui.thread_page", message_id=parent.id), 303)
    _, conv = visible_message(ctx, parent.id)
    members = list_members(ctx, MemberQuery(workspace_id=conv.workspace_id, per_page=100))
    return show(
        "chat/thread.html",
        ctx,
        conv=conversation_out(ctx, conv),
        parent=message_out(ctx, parent),
        replies=message_outs(ctx, thread),
        precise=share_a_minute([parent.created_at, *(m.created_at for m in thread)]),
        people=members.items,
    )


@page(ui, "/m/<int:message_id>/replies", methods=("POST",), operation="reply_to_message")
def reply(ctx: Ctx, message_id: int) -> Any:
    body = read_form(MessageCreate, verbatim=("text",), given={"files": _uploads()})
    message = messages.reply(ctx, message_id, body)
    parent = message.thread_parent_id or message_id
    return redirect(url_for("chat_ui.thread_page", message_id=parent), 303)


@page(ui, "/m/<int:message_id>/edit", methods=("POST",), operation="edit_message")
def edit(ctx: Ctx, message_id: int) -> Any:
    message = messages.edit(ctx, message_id, read_form(MessageEdit, verbatim=("text",)))
    flash(f"Saved {_named(ctx, message)}.", "ok")
    return redirect(
        url_for("chat_ui.thread_page", message_id=message.thread_parent_id or message.id), 303
    )


@page(ui, "/m/<int:message_id>/delete", methods=("POST",), operation="delete_message")
def delete(ctx: Ctx, message_id: int) -> Any:
    message, _ = visible_message(ctx, message_id)
    conversation_id, parent = message.conversation_id, message.thread_parent_id
    named = _named(ctx, message)
    messages.delete(ctx, message_id)
    flash(f"Deleted {named}.", "ok")
    if parent is not None:
        return redirect(url_for("chat_ui.thread_page", message_id=parent), 303)
    return redirect(url_for("chat_ui.conversation_page", conversation_id=conversation_id), 303)


@page(ui, "/m/<int:message_id>/reactions", methods=("POST",), operation="add_reaction")
def react(ctx: Ctx, message_id: int) -> Any:
    message = messages.react(ctx, message_id, read_form(ReactionAdd).emoji)
    return back_to(
        url_for("chat_ui.conversation_page", conversation_id=message.conversation_id), "next"
    )


@page(
    ui,
    "/m/<int:message_id>/reactions/<emoji>/remove",
    methods=("POST",),
    operation="remove_reaction",
)
def unreact(ctx: Ctx, message_id: int, emoji: str) -> Any:
    message = messages.unreact(ctx, message_id, emoji)
    return back_to(
        url_for("chat_ui.conversation_page", conversation_id=message.conversation_id), "next"
    )


@page(ui, "/m/<int:message_id>/pin", methods=("POST",), operation="pin_message")
def pin(ctx: Ctx, message_id: int) -> Any:
    message = messages.set_pinned(ctx, message_id, True)
    flash(f"Pinned {_named(ctx, message)}.", "ok")
    return back_to(
        url_for("chat_ui.conversation_page", conversation_id=message.conversation_id), "next"
    )


@page(ui, "/m/<int:message_id>/unpin", methods=("POST",), operation="unpin_message")
def unpin(ctx: Ctx, message_id: int) -> Any:
    message = messages.set_pinned(ctx, message_id, False)
    flash(f"Unpinned {_named(ctx, message)}.", "ok")
    return back_to(
        url_for("chat_ui.conversation_page", conversation_id=message.conversation_id), "next"
    )


@page(ui, "/files/<int:file_id>", shows=("get_file", "download_file"))
def file_page(ctx: Ctx, file_id: int) -> Any:
    """A file's facts, a text file's content shown, and its download link."""
    file, message, conv = messages.file_with_message(ctx, file_id)
    download = file_download(ctx, file_id)
    text = None
    if download.media_type.startswith("text/"):
        try:
            text = download.content.decode()
        except UnicodeDecodeError:
            text = None
    return show(
        "chat/file.html",
        ctx,
        file=file_out(file),
        message=message_out(ctx, message),
        # its conversation by id and name alone, not read whole with every one's members
        conv=SimpleNamespace(
            id=conv.id, label=label(ctx, conv, conversations.member_ids(ctx, conv.id))
        ),
        text=text,
    )


@page(ui, "/files/<int:file_id>/download")
def file_download_page(ctx: Ctx, file_id: int) -> Any:
    return file_download(ctx, file_id).response(200)


# --- People, direct messages, search --------------------------------------------------------


@page(ui, "/people", shows=("list_members",))
def people_page(ctx: Ctx) -> Any:
    query = parse_query(MemberQuery)
    found = list_members(ctx, query)
    everyone = (  # the new message's choices: the listing's own when it lists everyone
        found.items
        if query.q is None
        and query.workspace_id is None
        and query.page == 1
        and found.total == len(found.items) <= 100
        else list_members(ctx, MemberQuery(per_page=100)).items
    )
    return show("chat/people.html", ctx, found=found, query=query, everyone=everyone)


@page(ui, "/people/<username>", shows=("get_member",))
def person_page(ctx: Ctx, username: str) -> Any:
    return show("chat/person.html", ctx, person=get_member(ctx, username))


@page(ui, "/dms", methods=("POST",), operation="open_dm")
def open_dm(ctx: Ctx) -> Any:
    conv, made = conversations.open_dm(ctx, read_form(DmOpen))
    if made:
        flash(f"Opened {_where(conversation_out(ctx, conv))}.", "ok")
    return redirect(url_for("chat_ui.conversation_page", conversation_id=conv.id), 303)


@page(ui, "/search", shows=(listed("search_messages", q="<q>"),))
def search_page(ctx: Ctx) -> Any:
    query = parse_query(SearchQuery)
    asked = bool(query.q or query.from_user or query.in_conversation or query.after or query.before)
    found = search.search(ctx, query) if asked else None
    results = message_outs(ctx, found.items) if found else []
    labels: dict[int, ConversationOut] = {}
    for message in results:
        if message.conversation_id not in labels:
            conv = visible_conversation(ctx, message.conversation_id)
            labels[message.conversation_id] = conversation_out(ctx, conv)
    return show(
        "chat/search.html",
        ctx,
        query=query,
        asked=asked,
        total=found.total if found else 0,
        results=results,
        labels=labels,
    )
