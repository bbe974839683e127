"""A page's body as a wiki shows it: its Markdown rendered (CommonMark; HTML typed into a body
is shown as text, never run) and its ``[[links]]`` made links to the pages they lead to."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markupsafe import Markup, escape

from mock_services.kb.links import LINK

PageUrl = Callable[[str], str | None]
"""The address of the page a link's target leads to, or None when it leads nowhere the reader
may see."""


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
    page_url = env["page_url"]
    if page_url is None:  # an old version: its links are not looked up
        return f'<span class="wiki-link">{shown}</span>'
    url = page_url(token.meta["target"])
    if url is None:
        return f'<span class="missing-link" title="no such page yet">{shown}</span>'
    return f'<a href="{escape(url)}">{shown}</a>'


_MARKDOWN = MarkdownIt("commonmark", {"html": False})
_MARKDOWN.inline.ruler.before("link", "wiki_link", _wiki_link)
_MARKDOWN.add_render_rule("wiki_link", _render_wiki_link)


def body_html(body: str, page_url: PageUrl | None) -> Markup:
    """``body`` rendered, each ``[[link]]`` to ``page_url(target)`` (shown as its text when
    ``page_url`` is None)."""
    return Markup(_MARKDOWN.render(body, {"page_url": page_url}))
