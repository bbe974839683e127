"""A refused form's summary, with each field named by its label on the page ("Passenger 2: Date
of birth", its fieldset's legend first), as it reads to the user: the server knows only the
field's name ("date of birth (2)"). Done on the page as sent, so it reads so without scripts.

The page's refusal summary (``base.html``) links each field, ``<a href="#error-NAME"
data-field="NAME">``; the field is the one the message ``#error-NAME`` stands in the form of
(a control joined to it by ``form="id"`` too), else a field of that name in a form that posts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape
from html.parser import HTMLParser

_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param"}
    | {"source", "track", "wbr"}
)
_CONTROLS = frozenset({"input", "select", "textarea", "button"})
_SUMMARY_LINK = re.compile(r'<a href="#error-([^"]+)" data-field="\1">[^<]*</a>')


@dataclass(eq=False)
class _Node:
    tag: str
    attrs: dict[str, str]
    parent: _Node | None
    children: list[_Node | str] = field(default_factory=list)

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def ancestor(self, tag: str) -> _Node | None:
        node = self.parent
        while node is not None and node.tag != tag:
            node = node.parent
        return node


class _Page(HTMLParser):
    """The page as a tree, with its controls, labels and messages indexed as read."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = _Node("#document", {}, None)
        self._open = self.root
        self.by_id: dict[str, _Node] = {}
        self.controls: list[_Node] = []
        self.labels: list[_Node] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = _Node(tag, {k: v or "" for k, v in attrs}, self._open)
        self._open.children.append(node)
        if node.attrs.get("id"):
            self.by_id.setdefault(node.attrs["id"], node)
        if tag in _CONTROLS and node.attrs.get("name"):
            self.controls.append(node)
        elif tag == "label":
            self.labels.append(node)
        if tag not in _VOID:
            self._open = node

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in _VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        node: _Node | None = self._open
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:  # an unmatched end tag is ignored
            self._open = node.parent

    def handle_data(self, data: str) -> None:
        self._open.children.append(data)

    def form_of(self, control: _Node) -> _Node | None:
        """The form a control belongs to: the one its ``form`` attribute names, else its own."""
        owner = control.attrs.get("form")
        return self.by_id.get(owner) if owner else control.ancestor("form")

    def refused_field(self, name: str) -> _Node | None:
        message = self.by_id.get(f"error-{name}")
        marked = message.ancestor("form") if message is not None else None
        for control in self.controls:
            if control.attrs["name"] != name or control.tag == "button":
                continue
            form = self.form_of(control)
            if marked is not None and form is marked:
                return control
            if marked is None and form is not None and form.attrs.get("method") == "post":
                return control
        return None

    def label_of(self, control: _Node) -> str:
        """The text of the control's label (``for`` its id, else the label around it), else
        its ``aria-label`` (a cell of a table of lines has no label element)."""
        ident = control.attrs.get("id")
        label = next((lb for lb in self.labels if ident and lb.attrs.get("for") == ident), None)
        label = label or control.ancestor("label")
        text = label.text() if label is not None else control.attrs.get("aria-label", "")
        return re.sub(r"\s*\*$", "", " ".join(text.split()))


def summary_named_by_labels(page: str) -> str:
    """``page`` with each field of its refusal summary named by its label (after its
    fieldset's legend); a field the page has no label for keeps the server's words."""
    names = _SUMMARY_LINK.findall(page)
    if not names:
        return page
    parsed = _Page()
    parsed.feed(page)
    parsed.close()
    named: dict[str, str] = {}
    for name in names:
        control = parsed.refused_field(name)
        label = parsed.label_of(control) if control is not None else ""
        if not label:
            continue
        fieldset = control.ancestor("fieldset") if control is not None else None
        legend = (
            next((c for c in fieldset.children if isinstance(c, _Node) and c.tag == "legend"), None)
            if fieldset is not None
            else None
        )
        legend_text = " ".join(legend.text().split()) if legend is not None else ""
        named[name] = f"{legend_text}: {label}" if legend_text else label

    def relabelled(found: re.Match[str]) -> str:
        name = found.group(1)
        if name not in named:
            return found.group(0)
        return f'<a href="#error-{name}" data-field="{name}">{escape(named[name], quote=False)}</a>'

    return _SUMMARY_LINK.sub(relabelled, page)
