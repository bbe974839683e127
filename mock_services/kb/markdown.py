"""A page's body as a wiki shows it: its Markdown rendered (CommonMark with tables and task-list
items; HTML typed into a body is shown as text, never run) and its ``[[links]]`` made links to
the pages they lead to."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markupsafe import Markup, escape

from mock_services.kb.links import LINK

PageUrls = Mapping[str, str]
"""The address of the page each link's target leads to (a target leading nowhere the reader
may see is not in it)."""

RENDERED_KEPT = 64
"""Bodies whose rendering is remembered (with their titles and addresses): a page read again
is not parsed again."""


def _wiki_link(state: StateInline, silent: bool) -> bool:
    found = LINK.match(state.src, state.pos)
    if found is None:
        return False
    if not silent:
        token = state.push("wiki_link", "", 0)
        token.content = found.group(0)
        token.meta = {"target": found.group(1).strip()}
    state.pos = found.end()
    return True


def _render_wiki_link(
    _renderer: Any, tokens: Sequence[Token], idx: int, _options: Any, env: Mapping[str, Any]
) -> str:
    token = tokens[idx]
    written = token.content[2:-2]
    shown = escape(written.split("|", 1)[1] if "|" in written else written)
    page_urls = env["page_urls"]
    if page_urls is None:  # an old version: its links are not looked up
        return f'<span class="wiki-link">{shown}</span>'
    url = page_urls.get(token.meta["target"])
    if url is None:
        return f'<span class="missing-link" title="no such page yet">{shown}</span>'
    return f'<a href="{escape(url)}">{shown}</a>'


_TASK = re.compile(r"\[([ xX])\](?: |$)")
"""A list item's opening ``[ ]`` (to do) or ``[x]`` (done), as GitHub writes task lists."""


def _task_items(state: StateCore) -> None:
    """Each list item whose text opens with ``[ ]`` or ``[x]`` becomes a task: that mark is
    taken from its text and shown as a disabled checkbox before it."""
    tokens = state.tokens
    for i, token in enumerate(tokens):
        if (
            token.type != "inline"
            or i < 2
            or tokens[i - 2].type != "list_item_open"
            or tokens[i - 1].type != "paragraph_open"
            or not token.children
            or token.children[0].type != "text"
        ):
            continue
        first = token.children[0]
        found = _TASK.match(first.content)
        if found is None:
            continue
        first.content = first.content[found.end() :]
        box = Token("task_checkbox", "input", 0)
        box.meta = {"done": found.group(1) != " "}
        token.children.insert(0, box)
        tokens[i - 2].attrSet("class", "task-item")


def _render_task_checkbox(
    _renderer: Any, tokens: Sequence[Token], idx: int, _options: Any, _env: Mapping[str, Any]
) -> str:
    checked = " checked" if tokens[idx].meta["done"] else ""
    return f'<input type="checkbox" class="task-checkbox" disabled{checked}> '


_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")
_MARKDOWN.inline.ruler.before("link", "wiki_link", _wiki_link)
_MARKDOWN.add_render_rule("wiki_link", _render_wiki_link)
_MARKDOWN.core.ruler.push("task_items", _task_items)
_MARKDOWN.add_render_rule("task_checkbox", _render_task_checkbox)


def body_html(
    body: str, page_urls: PageUrls | None, title: str | None = None, title_level: int = 1
) -> Markup:
    """``body`` rendered, each ``[[link]]`` to ``page_urls[target]`` (shown as its text when
    ``page_urls`` is None). Under a page's ``title``, its one h1, as Confluence shows a page: a
    body that opens with a heading repeating the title does not show it twice, and a body with
    h1s of its own has every heading one level down (h1 reads h2), so no word is lost. A title
    shown at another level (``title_level``: the edit preview's h3) has the body's headings
    moved down as far, so its highest one still ranks just below the title."""
    urls = None if page_urls is None else tuple(sorted(page_urls.items()))
    return _rendered(body, urls, title, title_level)


@lru_cache(maxsize=RENDERED_KEPT)
def _rendered(
    body: str, urls: tuple[tuple[str, str], ...] | None, title: str | None, title_level: int
) -> Markup:
    """``body_html``'s work, remembered: what it gives depends on these four alone."""
    env = {"page_urls": None if urls is None else dict(urls)}
    tokens = _MARKDOWN.parse(body, env)
    if title is not None:
        if (
            len(tokens) >= 3
            and tokens[0].type == "heading_open"
            and tokens[0].tag == "h1"
            and tokens[1].content.strip().casefold() == title.strip().casefold()
        ):
            tokens = tokens[3:]
        levels = [int(t.tag[1]) for t in tokens if t.type == "heading_open"]
        shift = max(0, title_level + 1 - min(levels)) if levels else 0
        if shift:
            for token in tokens:
                if token.type in ("heading_open", "heading_close"):
                    token.tag = f"h{min(int(token.tag[1]) + shift, 6)}"
    return Markup(_MARKDOWN.renderer.render(tokens, _MARKDOWN.options, env))


_BLOCK_TAG = re.compile(
    r"</?(?:p|h[1-6]|li|ul|ol|td|th|tr|thead|tbody|table|pre|blockquote|div|br|hr)\b[^>]*>"
)
_ANY_TAG = re.compile(r"<[^>]+>")


def plain_text(body: str) -> str:
    """``body`` as the words a reader sees on the page, on one line: no ``#``, table rules,
    ``**`` or ``[[ ]]`` (a link reads as its text), blocks and cells apart by a space."""
    rendered = str(body_html(body, None))
    words = _ANY_TAG.sub("", _BLOCK_TAG.sub(" ", rendered))
    return " ".join(html.unescape(words).split())
