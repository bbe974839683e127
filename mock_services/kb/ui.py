"""The Knowledge Base web UI: spaces and their trees, settings and permissions; pages (read,
write, move, publish, archive, delete, watch), their history with diffs and restores, and
comments; page lists, search and people. Every form validates through the API's own model and
calls the same area functions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask import Blueprint, flash, redirect, request, url_for
from markupsafe import Markup, escape
from pydantic import Field

from mock_services.core.data.paging import Page as Listing
from mock_services.core.spec.api import Ctx, parse_query
from mock_services.core.web.forms import FormInvalid, read_form
from mock_services.core.web.ui import PersonNames, listed, page, render, status_words
from mock_services.core.web.wording import grouped_choices, possessive
from mock_services.kb import comments, pages, reviews, search, spaces, versions, watches
from mock_services.kb.access import open_page, rank, space_admins
from mock_services.kb.markdown import body_html, plain_text
from mock_services.kb.present import (
    Names,
    comments_out,
    page_detail,
    page_out,
    pages_out,
    space_detail,
    space_out,
    tree_nodes,
    user_out,
    version_detail,
    versions_out,
)
from mock_services.kb.schemas import (
    CommentCreate,
    CommentQuery,
    DiffQuery,
    LabelQuery,
    PageCreate,
    PageDetail,
    PageMove,
    PagesQuery,
    PageUpdate,
    PermissionSet,
    PublishRequest,
    RestoreRequest,
    ReviewCreate,
    SearchQuery,
    SpaceCreate,
    SpaceOut,
    SpaceUpdate,
    TreeNode,
)

ui = Blueprint("kb_ui", __name__, template_folder="templates")
ACCESS_WORDS = {"none": "No access", "view": "Can view", "edit": "Can edit", "admin": "Admin"}
"""A space's access levels as Confluence's permission screens say them."""


@ui.app_template_filter("access_words")
def access_words(level: str) -> str:
    """A space's access level in words ("Can edit"), as its choices offer it."""
    return ACCESS_WORDS.get(level, status_words(level))


CHOICES = {
    "accesses": [(level, ACCESS_WORDS[level]) for level in ("none", "view", "edit")],
    "levels": [(level, ACCESS_WORDS[level]) for level in ("view", "edit", "admin")],
    "statuses": ["draft", "published", "archived"],
}


class PermissionForm(PermissionSet):
    """The grant form: the API's body and the user it is for (a path parameter there)."""

    username: str = Field(min_length=1, max_length=64)


def _to_page(page_id: int) -> Any:
    return redirect(url_for("kb_ui.page_view", page_id=page_id), 303)


def _to_space(key: str) -> Any:
    return redirect(url_for("kb_ui.space_page", key=key), 303)


def page_body(detail: PageDetail) -> Markup:
    """The page's Markdown rendered, its [[links]] made links (to the page, when it leads to
    one the reader may see)."""
    urls = {
        link.target: url_for("kb_ui.page_view", page_id=link.page.id)
        for link in detail.links
        if link.page is not None
    }
    return body_html(detail.body, urls, detail.title)


def nested(nodes: list[Any], open_ids: set[int] | None = None) -> list[dict[str, Any]]:
    """The space's pages in tree order (each with its depth) as a nested tree for the sidebar:
    each item its node, its children and whether it starts open (``open_ids``: those on the
    way to the page shown; ``None``: every one)."""
    root: list[dict[str, Any]] = []
    stack: list[tuple[int, list[dict[str, Any]]]] = [(-1, root)]
    for node in nodes:
        while stack[-1][0] >= node.depth:
            stack.pop()
        item = {"node": node, "children": [], "open": open_ids is None or node.id in open_ids}
        stack[-1][1].append(item)
        stack.append((node.depth, item["children"]))
    return root


def _sidebar(ctx: Ctx, key: str, detail: PageDetail | None = None) -> dict[str, Any]:
    """What the space sidebar shows: the space's key and name and its page tree, opened on the
    way to ``detail`` (every branch open on the space's own page)."""
    space_key, name, nodes, shape = ctx.until_changed(
        f"kb.sidebar.{ctx.user_id}.{key}", lambda: _space_tree(ctx, key)
    )
    path = None if detail is None else {a.id for a in detail.ancestors} | {detail.id}
    return side_of(space_key, name, nodes, shape, path)


def side_of(
    key: str,
    name: str,
    nodes: list[TreeNode],
    shape: tuple[tuple[Any, ...], ...],
    open_ids: set[int] | None,
) -> dict[str, Any]:
    """The sidebar's values (``tree.html``'s ``sidebar``): the space, its tree nested and
    opened on ``open_ids`` (every branch where None), and what the drawn tree depends on
    (``shape``, ``open``), its key."""
    return {
        "key": key,
        "name": name,
        "nodes": nodes,
        "tree": nested(nodes, open_ids),
        "shape": shape,
        "open": None if open_ids is None else tuple(sorted(open_ids)),
    }


def tree_shape(nodes: list[TreeNode]) -> tuple[tuple[Any, ...], ...]:
    """What the sidebar shows of each page of a tree, in order: a key for the drawn tree."""
    return tuple((n.id, n.title, n.status, n.depth) for n in nodes)


def _space_tree(ctx: Ctx, key: str) -> tuple[str, str, list[TreeNode], tuple[tuple[Any, ...], ...]]:
    """The sidebar's space (its key and name), the pages of it the caller may read in tree
    order and their shape: read once per reader while the DB is unchanged."""
    space = spaces.space_by_key(ctx, key)
    nodes = tree_nodes(ctx, pages.space_pages(ctx, space))
    return space.key, space.name, nodes, tree_shape(nodes)


def _viewable_spaces(ctx: Ctx) -> list[SpaceOut]:
    """The spaces the reader can view (``list_spaces``'s answer), as the home, pages and search
    pages list and filter by them: read once per reader while the DB is unchanged."""
    return ctx.until_changed(
        f"kb.spaces.{ctx.user_id}",
        lambda: [space_out(*row) for row in spaces.viewable_spaces(ctx)],
    )


def marked(text: str) -> Markup:
    """A search answer's text with its <mark> tags kept and everything else escaped."""
    return Markup(
        str(escape(text)).replace("&lt;mark&gt;", "<mark>").replace("&lt;/mark&gt;", "</mark>")
    )


# --- spaces ------------------------------------------------------------------------------------


@page(ui, "/", shows=("list_spaces", "list_pages", "list_watched"))
def home_page(ctx: Ctx) -> Any:
    recent = pages.find_pages(ctx, PagesQuery(sort="recent", per_page=10))
    drafts = pages.find_pages(ctx, PagesQuery(status="draft", author=ctx.user.username))
    return render(
        "kb/home.html",
        ctx,
        spaces=_viewable_spaces(ctx),
        recent=pages_out(ctx, list(recent.items)),
        drafts=pages_out(ctx, [p for p in drafts.items]),
        watching=pages_out(ctx, watches.watched(ctx)),
        **CHOICES,
    )


@page(ui, "/spaces", methods=("POST",), operation="create_space")
def space_create(ctx: Ctx) -> Any:
    space = spaces.create_space(ctx, read_form(SpaceCreate, keep_blank=("description",)))
    flash(f"Created space {space.key}.", "ok")
    return _to_space(space.key)


@page(
    ui,
    "/spaces/<key>",
    shows=("get_space", "get_page_tree", listed("list_labels", space="<key>")),
)
def space_page(ctx: Ctx, key: str) -> Any:
    space, _ = spaces.open_space(ctx, key)
    nodes = tree_nodes(ctx, pages.space_pages(ctx, space))
    return render(
        "kb/space.html",
        ctx,
        space=space_detail(ctx, space),
        tree=nodes,
        side=side_of(space.key, space.name, nodes, tree_shape(nodes), None),
        labels=search.labels(ctx, LabelQuery(space=space.key)),
        people=[(u.username, u.display_name) for u in spaces.all_users(ctx)],
        **CHOICES,
    )


@page(ui, "/spaces/<key>/settings", methods=("POST",), operation="update_space")
def space_settings(ctx: Ctx, key: str) -> Any:
    body = read_form(SpaceUpdate, keep_blank=("name", "description"))
    space = spaces.update_space(ctx, key, body)
    flash(f"Saved space {space.key}.", "ok")
    return _to_space(space.key)


@page(ui, "/spaces/<key>/permissions", methods=("POST",), operation="set_space_permission")
def permission_set(ctx: Ctx, key: str) -> Any:
    form = read_form(PermissionForm)
    space = spaces.set_permission(ctx, key, form.username, PermissionSet(level=form.level))
    name = possessive(PersonNames(ctx)(form.username))
    flash(f"Set {name} access to {space.key} to “{access_words(form.level)}”.", "ok")
    return _to_space(space.key)


@page(
    ui,
    "/spaces/<key>/permissions/<username>/remove",
    methods=("POST",),
    operation="remove_space_permission",
)
def permission_remove(ctx: Ctx, key: str, username: str) -> Any:
    space = spaces.remove_permission(ctx, key, username)
    flash(f"Removed {possessive(PersonNames(ctx)(username))} grant in {space.key}.", "ok")
    return _to_space(space.key)


@page(ui, "/people", shows=("list_users",))
def people_page(ctx: Ctx) -> Any:
    return render("kb/people.html", ctx, users=[user_out(u) for u in spaces.all_users(ctx)])


# --- pages -------------------------------------------------------------------------------------


@page(ui, "/pages", shows=("list_pages",))
def pages_page(ctx: Ctx) -> Any:
    query = parse_query(PagesQuery)
    found = pages.find_pages(ctx, query)
    return render(
        "kb/pages.html",
        ctx,
        found=Listing(pages_out(ctx, list(found.items)), found.total),
        query=query,
        spaces=_viewable_spaces(ctx),
        **CHOICES,
    )


WRITES = rank("edit")
"""The level that adds pages to a space."""


def _parent_choices(ctx: Ctx, chosen_space: str) -> list[tuple[int, str]]:
    """Every readable page as a plain choice named by its space and its path ("ENG · Incident
    reports / Incident response"), the chosen space's pages first (``grouped_choices``: an
    ``<optgroup>`` per space left an agent seeing only "Top level")."""
    viewable = [
        space for space, level, _count in spaces.viewable_spaces(ctx) if rank(level) >= WRITES
    ]
    viewable.sort(key=lambda space: space.key != chosen_space)
    groups = [
        (space.key, list(_paths(tree_nodes(ctx, pages.space_pages(ctx, space))).items()))
        for space in viewable
    ]
    return grouped_choices(groups)


def _paths(nodes: Iterable[Any]) -> dict[int, str]:
    """Each page of a space's tree (parents before children) by its path, "Incident reports /
    Incident response": a picker's option that says where the page is, not dots for depth."""
    titles: dict[int, str] = {}
    for node in nodes:
        above = titles.get(node.parent_id) if node.parent_id is not None else None
        titles[node.id] = f"{above} / {node.title}" if above else node.title
    return titles


@page(ui, "/pages/new/preview", methods=("POST",), reads=True)
def new_page_preview(ctx: Ctx) -> Any:
    """The new page's form again with its text as typed rendered below it (see
    ``page_preview``)."""
    return new_page_page(ctx)


@page(ui, "/pages/new")
def new_page_page(ctx: Ctx) -> Any:
    space = request.args.get("space", "")
    # only the spaces the caller may add pages to, as Confluence's Create dialog offers them
    # (a crafted post to another space is still refused)
    viewable = spaces.viewable_spaces(ctx)
    shown = [space_out(*row) for row in viewable if rank(row[1]) >= WRITES]
    return render(
        "kb/new_page.html",
        ctx,
        draft=_draft("Untitled page"),
        space=space,
        parent_id=request.args.get("parent_id", ""),
        # each space by its name, as Confluence's picker offers it; the choice sends its key
        space_choices=[(s.key, s.name) for s in shown],
        view_only=[space_out(*row).name for row in viewable if rank(row[1]) < WRITES],
        parent_choices=_parent_choices(ctx, space),
    )


@page(ui, "/pages", methods=("POST",), operation="create_page")
def page_create(ctx: Ctx) -> Any:
    body = read_form(PageCreate, verbatim=("body",))
    try:
        created = pages.create_page(ctx, body)
    except pages.TitleTaken as exc:
        raise FormInvalid.field("title", exc.plain) from None
    flash(
        f"Created {created.title!r}" + (" as a draft." if created.status == "draft" else "."), "ok"
    )
    return _to_page(created.id)


@page(
    ui,
    "/pages/<int:page_id>",
    shows=("get_page", listed("list_comments", per_page="100")),
)
def page_view(ctx: Ctx, page_id: int) -> Any:
    found, level = open_page(ctx, page_id)
    detail = page_detail(ctx, found)
    listed = comments.page_comments(ctx, page_id, CommentQuery(per_page=100))
    side = _sidebar(ctx, detail.space, detail)
    # where the page may move: every other page of its space, named by its path
    siblings = [(id_, path) for id_, path in _paths(side["nodes"]).items() if id_ != page_id]
    return render(
        "kb/page.html",
        ctx,
        page=detail,
        side=side,
        body=page_body(detail),
        comments=comments_out(ctx, listed.items),
        parents=siblings,
        may_delete=pages.may_delete(ctx, found, level),
        may_publish=pages.may_publish(level),
        view_only_ask=(
            ", ".join(u.display_name for u in space_admins(ctx, found.space_id)) or "a site admin"
        )
        if level == "view"
        else "",
    )


@page(ui, "/pages/<int:page_id>/preview", methods=("POST",), reads=True)
def page_preview(ctx: Ctx, page_id: int) -> Any:
    """The editor again with its text as typed rendered below it: a POST, as a page's whole
    text does not fit in an address, that changes nothing."""
    return page_edit_form(ctx, page_id)


@page(ui, "/pages/<int:page_id>/edit")
def page_edit_form(ctx: Ctx, page_id: int) -> Any:
    found, _ = open_page(ctx, page_id, "edit")
    detail = page_detail(ctx, found)
    return render(
        "kb/edit_page.html",
        ctx,
        page=detail,
        side=_sidebar(ctx, detail.space, detail),
        draft=_draft(detail.title),
    )


PREVIEW_TITLE_LEVEL = 3
"""The previewed page's title is an h3 under the editor's h1 and the preview's h2; the body's
headings rank below it, as they rank below the saved page's h1."""


def _draft(untitled: str) -> dict[str, Any] | None:
    """The editor's text sent back by its Preview button (a POST of the fields as typed to
    the preview address, which changes nothing): the fields to show again, and the body
    rendered under the title the preview shows (the one typed, else ``untitled``) as the page
    shows a body under its title (``body_html``: a leading heading repeating the title is not
    shown twice, the body's own h1s read a level down); None when not previewing."""
    if request.method != "POST":
        return None
    args = request.form
    body = args.get("body", "")
    return {
        "fields": {k: args.get(k, "") for k in ("title", "body", "labels", "message", "status")},
        "html": body_html(
            body, None, args.get("title") or untitled, title_level=PREVIEW_TITLE_LEVEL
        ),
    }


@page(ui, "/pages/<int:page_id>/edit", methods=("POST",), operation="update_page")
def page_edit(ctx: Ctx, page_id: int) -> Any:
    body = read_form(PageUpdate, verbatim=("body",), keep_blank=("title", "body"))
    try:
        saved = pages.update_page(ctx, page_id, body)
    except pages.TitleTaken as exc:
        raise FormInvalid.field("title", exc.plain) from None
    flash(f"Saved the page “{saved.title}”.", "ok")
    return _to_page(page_id)


@page(ui, "/pages/<int:page_id>/move", methods=("POST",), operation="move_page")
def page_move(ctx: Ctx, page_id: int) -> Any:
    body = read_form(PageMove, cleared=("parent_id",))
    moved = pages.move_page(ctx, page_id, body)
    flash(f"Moved {moved.title!r}.", "ok")
    return _to_page(page_id)


@page(ui, "/pages/<int:page_id>/publish", methods=("POST",), operation="publish_page")
def page_publish(ctx: Ctx, page_id: int) -> Any:
    published = pages.publish_page(ctx, page_id, read_form(PublishRequest))
    flash(f"Published {published.title!r}.", "ok")
    return _to_page(page_id)


@page(ui, "/pages/<int:page_id>/archive", methods=("POST",), operation="archive_page")
def page_archive(ctx: Ctx, page_id: int) -> Any:
    archived = pages.archive_page(ctx, page_id)
    flash(f"Archived {archived.title!r}.", "ok")
    return _to_page(page_id)


@page(ui, "/pages/<int:page_id>/delete", methods=("POST",), operation="delete_page")
def page_delete(ctx: Ctx, page_id: int) -> Any:
    found, _ = open_page(ctx, page_id)
    key = spaces.space_key(ctx, found.space_id)
    draft = found.status == "draft"
    pages.delete_page(ctx, page_id)
    flash(
        f"Discarded the draft {found.title!r}." if draft else f"Deleted page {found.title!r}.", "ok"
    )
    return _to_space(key)


@page(ui, "/pages/<int:page_id>/watch", methods=("POST",), operation="watch_page")
def page_watch(ctx: Ctx, page_id: int) -> Any:
    watched = watches.watch_page(ctx, page_id)
    flash(f"You are watching {watched.title!r}.", "ok")
    return _to_page(page_id)


@page(ui, "/pages/<int:page_id>/unwatch", methods=("POST",), operation="unwatch_page")
def page_unwatch(ctx: Ctx, page_id: int) -> Any:
    unwatched = watches.unwatch_page(ctx, page_id)
    flash(f"You stopped watching {unwatched.title!r}.", "ok")
    return _to_page(page_id)


@page(ui, "/pages/<int:page_id>/reviews", methods=("POST",), operation="schedule_review")
def review_schedule(ctx: Ctx, page_id: int) -> Any:
    review = reviews.schedule_review(
        ctx, page_id, read_form(ReviewCreate, verbatim=("note",), local_times=("start",))
    )
    title = open_page(ctx, page_id)[0].title
    flash(f"Review of {title!r} scheduled with {', '.join(review.attendees)}.", "ok")
    return _to_page(page_id)


# --- history -----------------------------------------------------------------------------------


@page(ui, "/pages/<int:page_id>/history", shows=("list_versions",))
def history_page(ctx: Ctx, page_id: int) -> Any:
    found, found_versions = versions.history(ctx, page_id)
    detail = page_detail(ctx, found)
    return render(
        "kb/history.html",
        ctx,
        page=detail,
        side=_sidebar(ctx, detail.space, detail),
        versions=versions_out(ctx, found, found_versions),
    )


@page(ui, "/pages/<int:page_id>/versions/<int:number>", shows=("get_version",))
def version_page(ctx: Ctx, page_id: int, number: int) -> Any:
    shown = version_detail(ctx, versions.version(ctx, page_id, number))
    found, _ = open_page(ctx, page_id)
    detail = page_detail(ctx, found)
    return render(
        "kb/version.html",
        ctx,
        version=shown,
        body=body_html(shown.body, None, shown.title),
        # as the history page's Restore form offers it: to editors, of a published page
        may_restore=detail.can_edit and detail.status == "published" and not shown.current,
    )


@page(ui, "/pages/<int:page_id>/diff", shows=("diff_versions",))
def diff_page(ctx: Ctx, page_id: int) -> Any:
    found, _ = open_page(ctx, page_id)
    changes = versions.diff(ctx, page_id, parse_query(DiffQuery))
    return render(
        "kb/diff.html", ctx, page=page_out(found, Names.of_pages(ctx, [found])), diff=changes
    )


@page(ui, "/pages/<int:page_id>/restore", methods=("POST",), operation="restore_version")
def version_restore(ctx: Ctx, page_id: int) -> Any:
    body = read_form(RestoreRequest)
    restored = pages.restore_version(ctx, page_id, body)
    flash(
        f"Restored {restored.title!r} to version {body.version}: it is now version "
        f"{restored.version}.",
        "ok",
    )
    return _to_page(page_id)


# --- comments ----------------------------------------------------------------------------------


@page(ui, "/pages/<int:page_id>/comments", methods=("POST",), operation="add_comment")
def comment_add(ctx: Ctx, page_id: int) -> Any:
    comments.add_comment(ctx, page_id, read_form(CommentCreate, verbatim=("body",)))
    flash(f"Added your comment to {open_page(ctx, page_id)[0].title!r}.", "ok")
    return _to_page(page_id)


@page(ui, "/comments/<int:comment_id>/resolve", methods=("POST",), operation="resolve_comment")
def comment_resolve(ctx: Ctx, comment_id: int) -> Any:
    resolved = comments.resolve_comment(ctx, comment_id)
    title = open_page(ctx, resolved.page_id)[0].title
    flash(f"Resolved the comment on {title!r}.", "ok")
    return _to_page(resolved.page_id)


# --- search ------------------------------------------------------------------------------------


@page(ui, "/search", shows=(listed("search_pages", q="<q>"),))
def search_page(ctx: Ctx) -> Any:
    query = parse_query(SearchQuery) if request.args.get("q", "").strip() else None
    found = search.search(ctx, query) if query is not None else None
    names = Names.of_pages(ctx, (h.page for h in (found.items if found else [])))
    hits = [
        {
            "page": page_out(h.page, names),
            "title": marked(h.title),
            # the page's words, not its Markdown (the API's snippet keeps the source)
            "snippet": marked(search.snippet(plain_text(h.page.body), h.pattern))
            if h.pattern is not None
            else marked(h.snippet),
            "matched_in": h.matched_in,
        }
        for h in (found.items if found else [])
    ]
    return render(
        "kb/search.html",
        ctx,
        query=query,
        q=request.args.get("q", ""),
        hits=hits,
        total=found.total if found else 0,
        spaces=_viewable_spaces(ctx),
        labels=search.labels(ctx, LabelQuery()),
    )
