"""The Knowledge Base REST API, under ``/api`` (every route is an MCP tool too): spaces and
their permissions, pages with their versions, comments and watchers, search and labels."""

from __future__ import annotations

from mock_services.core.base.schemas import PageQuery
from mock_services.core.data.paging import page_answer, page_of
from mock_services.core.spec.api import Api, Ctx
from mock_services.kb import comments, pages, reviews, search, spaces, versions, watches
from mock_services.kb.access import read_page
from mock_services.kb.present import (
    Names,
    comments_out,
    page_detail,
    page_out,
    pages_out,
    review_out,
    space_detail,
    space_out,
    tree_nodes,
    user_out,
    version_detail,
    versions_out,
)
from mock_services.kb.schemas import (
    CommentCreate,
    CommentOut,
    CommentPage,
    CommentQuery,
    DiffOut,
    DiffQuery,
    LabelList,
    LabelOut,
    LabelQuery,
    PageCreate,
    PageDetail,
    PageList,
    PageMove,
    PagesQuery,
    PageTree,
    PageUpdate,
    PermissionSet,
    PublishRequest,
    RestoreRequest,
    ReviewCreate,
    ReviewOut,
    SearchHit,
    SearchPage,
    SearchQuery,
    SpaceCreate,
    SpaceDetail,
    SpaceList,
    SpaceUpdate,
    UserList,
    VersionDetail,
    VersionList,
)

api = Api("kb", url_prefix="/api")
_READ = (403, 404)
_WRITE = (403, 404, 409, 422)


# --- spaces ------------------------------------------------------------------------------------


@api.get("/spaces", response=SpaceList)
def list_spaces(ctx: Ctx) -> SpaceList:
    """The spaces you can read, by key, with your access in each and their published pages."""
    return SpaceList(items=[space_out(*row) for row in spaces.viewable_spaces(ctx)])


@api.get("/spaces/<key>", response=SpaceDetail, errors=_READ)
def get_space(ctx: Ctx, key: str) -> SpaceDetail:
    """One space by key ('ENG'), with who is granted what in it."""
    space, _ = spaces.open_space(ctx, key)
    return space_detail(ctx, space)


@api.get("/spaces/<key>/tree", response=PageTree, errors=_READ)
def get_page_tree(ctx: Ctx, key: str) -> PageTree:
    """A space's pages in tree order (each after its parent, with its depth), drafts of yours
    included."""
    space, _ = spaces.open_space(ctx, key)
    return PageTree(space=space.key, items=tree_nodes(ctx, pages.space_pages(ctx, space)))


@api.post("/spaces", response=SpaceDetail, status=201, errors=(403, 409, 422))
def create_space(ctx: Ctx, body: SpaceCreate) -> SpaceDetail:
    """Create a space; you become its admin."""
    return space_detail(ctx, spaces.create_space(ctx, body))


@api.patch("/spaces/<key>", response=SpaceDetail, errors=_WRITE)
def update_space(ctx: Ctx, key: str, body: SpaceUpdate) -> SpaceDetail:
    """Change a space's name, description or default access (space admins)."""
    return space_detail(ctx, spaces.update_space(ctx, key, body))


@api.put("/spaces/<key>/permissions/<username>", response=SpaceDetail, errors=_WRITE)
def set_space_permission(ctx: Ctx, key: str, username: str, body: PermissionSet) -> SpaceDetail:
    """Grant a user view, edit or admin access to a space, replacing their grant (space
    admins)."""
    return space_detail(ctx, spaces.set_permission(ctx, key, username, body))


@api.delete("/spaces/<key>/permissions/<username>", response=SpaceDetail, errors=_WRITE)
def remove_space_permission(ctx: Ctx, key: str, username: str) -> SpaceDetail:
    """Take a user's grant in a space away; they keep its default access (space admins)."""
    return space_detail(ctx, spaces.remove_permission(ctx, key, username))


@api.get("/users", response=UserList)
def list_users(ctx: Ctx) -> UserList:
    """Everyone who can log in, by username, with their role and job title."""
    return UserList(items=[user_out(u) for u in spaces.all_users(ctx)])


# --- pages -------------------------------------------------------------------------------------


@api.get("/pages", response=PageList, errors=(422,))
def list_pages(ctx: Ctx, query: PagesQuery) -> PageList:
    """Pages you can read, by space and title (or by last change), narrowed by space, label,
    status, author, parent or last change (``updated_before`` finds stale pages)."""
    found = pages.find_pages(ctx, query)
    return page_answer(PageList, pages_out(ctx, list(found.items)), found.total, query)


@api.get("/pages/<int:page_id>", response=PageDetail, errors=_READ)
def get_page(ctx: Ctx, page_id: int) -> PageDetail:
    """One page with its Markdown body, ancestors and children, the pages it links to and
    those linking to it (backlinks), open comments and watchers."""
    return page_detail(ctx, read_page(ctx, page_id))


@api.post("/pages", response=PageDetail, status=201, errors=(403, 409, 422))
def create_page(ctx: Ctx, body: PageCreate) -> PageDetail:
    """Create a page in a space, published (version 1) or as a draft only you see; you watch
    it from then on."""
    return page_detail(ctx, pages.create_page(ctx, body))


@api.patch("/pages/<int:page_id>", response=PageDetail, errors=_WRITE)
def update_page(ctx: Ctx, page_id: int, body: PageUpdate) -> PageDetail:
    """Change a page's title, body or labels: a published page gets a new version with your
    message, and its watchers are mailed."""
    return page_detail(ctx, pages.update_page(ctx, page_id, body))


@api.post("/pages/<int:page_id>/move", response=PageDetail, errors=_WRITE)
def move_page(ctx: Ctx, page_id: int, body: PageMove) -> PageDetail:
    """Move a page (with its subpages) under another page of its space, or to the top."""
    return page_detail(ctx, pages.move_page(ctx, page_id, body))


@api.post("/pages/<int:page_id>/publish", response=PageDetail, errors=_WRITE)
def publish_page(ctx: Ctx, page_id: int, body: PublishRequest) -> PageDetail:
    """Publish a draft (its version 1, seen by everyone who reads the space) or bring an
    archived page back."""
    return page_detail(ctx, pages.publish_page(ctx, page_id, body))


@api.post("/pages/<int:page_id>/archive", response=PageDetail, errors=_WRITE)
def archive_page(ctx: Ctx, page_id: int) -> PageDetail:
    """Archive a published page: kept with its history, read-only, left out of searches."""
    return page_detail(ctx, pages.archive_page(ctx, page_id))


@api.delete("/pages/<int:page_id>", status=204, errors=_WRITE)
def delete_page(ctx: Ctx, page_id: int) -> None:
    """Delete a page with its history and comments (space admins; a draft: its author too).
    A page with subpages is refused."""
    pages.delete_page(ctx, page_id)


@api.get("/pages/<int:page_id>/versions", response=VersionList, errors=_READ)
def list_versions(ctx: Ctx, page_id: int) -> VersionList:
    """A page's history: its versions, newest first, with author, time and message."""
    page, found = versions.history(ctx, page_id)
    return VersionList(page_id=page.id, items=versions_out(ctx, page, found))


@api.get("/pages/<int:page_id>/versions/<int:number>", response=VersionDetail, errors=_READ)
def get_version(ctx: Ctx, page_id: int, number: int) -> VersionDetail:
    """One version of a page, with its content then."""
    return version_detail(ctx, versions.version(ctx, page_id, number))


@api.get("/pages/<int:page_id>/diff", response=DiffOut, errors=(403, 404, 409, 422))
def diff_versions(ctx: Ctx, page_id: int, query: DiffQuery) -> DiffOut:
    """What changed between two versions of a page (default: the newest and the one before):
    title, labels and the body's unified diff."""
    return versions.diff(ctx, page_id, query)


@api.post("/pages/<int:page_id>/restore", response=PageDetail, errors=_WRITE)
def restore_version(ctx: Ctx, page_id: int, body: RestoreRequest) -> PageDetail:
    """Restore an old version: a new version with its title, body and labels."""
    return page_detail(ctx, pages.restore_version(ctx, page_id, body))


@api.get("/pages/<int:page_id>/comments", response=CommentPage, errors=_READ)
def list_comments(ctx: Ctx, page_id: int, query: CommentQuery) -> CommentPage:
    """A page's comments, oldest first; ``resolved`` picks resolved or open ones."""
    found = comments.page_comments(ctx, page_id, query)
    return page_answer(CommentPage, comments_out(ctx, found.items), found.total, query)


@api.post(
    "/pages/<int:page_id>/comments",
    response=CommentOut,
    status=201,
    errors=_WRITE,
    destructive=True,
)
def add_comment(ctx: Ctx, page_id: int, body: CommentCreate) -> CommentOut:
    """Comment on a page you can read; its watchers are mailed."""
    return comments_out(ctx, [comments.add_comment(ctx, page_id, body)])[0]


@api.post("/comments/<int:comment_id>/resolve", response=CommentOut, errors=_WRITE)
def resolve_comment(ctx: Ctx, comment_id: int) -> CommentOut:
    """Mark a comment resolved (its author, or an editor of the space)."""
    return comments_out(ctx, [comments.resolve_comment(ctx, comment_id)])[0]


@api.post(
    "/pages/<int:page_id>/reviews",
    response=ReviewOut,
    status=201,
    errors=_WRITE,
    destructive=True,
)
def schedule_review(ctx: Ctx, page_id: int, body: ReviewCreate) -> ReviewOut:
    """Schedule a meeting to review a page with people who can read it: it goes on their
    calendars (and yours)."""
    review = reviews.schedule_review(ctx, page_id, body)
    return review_out(review, Names(ctx, [review.organizer_id]))


@api.put("/pages/<int:page_id>/watch", response=PageDetail, errors=_READ)
def watch_page(ctx: Ctx, page_id: int) -> PageDetail:
    """Watch a page: you are mailed its new versions and comments."""
    return page_detail(ctx, watches.watch_page(ctx, page_id))


@api.delete("/pages/<int:page_id>/watch", response=PageDetail, errors=_READ)
def unwatch_page(ctx: Ctx, page_id: int) -> PageDetail:
    """Stop watching a page."""
    return page_detail(ctx, watches.unwatch_page(ctx, page_id))


@api.get("/watching", response=PageList)
def list_watched(ctx: Ctx, query: PageQuery) -> PageList:
    """The pages you watch, by title."""
    found = page_of(watches.watched(ctx), query)
    return page_answer(PageList, pages_out(ctx, list(found.items)), found.total, query)


# --- search and labels -------------------------------------------------------------------------


@api.get("/search", response=SearchPage, errors=(422,))
def search_pages(ctx: Ctx, query: SearchQuery) -> SearchPage:
    """Pages holding every word of ``q`` in their title, body or labels, best first, each
    with a snippet of the body around the match, matched words in <mark></mark>; archived
    pages only with ``include_archived``."""
    found = search.search(ctx, query)
    names = Names.of_pages(ctx, (h.page for h in found.items))
    items = [
        SearchHit(
            page=page_out(h.page, names),
            title=h.title,
            snippet=h.snippet,
            matched_in=h.matched_in,
            score=h.score,
        )
        for h in found.items
    ]
    return page_answer(SearchPage, items, found.total, query)


@api.get("/labels", response=LabelList, errors=(422,))
def list_labels(ctx: Ctx, query: LabelQuery) -> LabelList:
    """The labels on published pages you can read, by name, with how many pages carry each."""
    return LabelList(items=[LabelOut(name=n, pages=c) for n, c in search.labels(ctx, query)])
