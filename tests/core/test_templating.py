"""The apps' templates read the environment's globals directly (``ServiceTemplate``) and call
plain functions at once (``ServiceContext``): each page, each imported macro and each call
renders as Jinja's own templates render it, an imported template's module made once unless
the importing template holds globals it lacks."""

from __future__ import annotations

from jinja2 import DictLoader, Environment, pass_context
from jinja2.runtime import Context

from mock_services.core.serve.app import ServiceFlask
from mock_services.core.serve.templating import ServiceTemplate

TEMPLATES = {
    "macros.html": "{% macro hi() %}{{ greeting }} {{ extra | default('-') }}{% endmacro %}",
    "page.html": '{% from "macros.html" import hi %}{{ hi() }} {{ name }}',
    "calls.html": "{% macro twice(x) %}{{ x }}{{ x }}{% endmacro %}"
    "{% for n in [1, 2] %}{% set seen = n %}{{ plain(n) }} {{ named(seen) }} {{ twice(n) }}|"
    "{% endfor %}{{ stopped() is defined }}",
}


def _plain(n: int) -> str:
    return f"plain {n}"


@pass_context
def _named(page: Context, n: int) -> str:
    return f"{page['who']} {n}"


def _stopped() -> str:
    raise StopIteration


def _environments() -> tuple[Environment, Environment]:
    app = ServiceFlask(__name__)
    ours, jinja = app.jinja_env, Environment()
    for env in (ours, jinja):
        env.loader = DictLoader(TEMPLATES)
        env.globals["greeting"] = "hello"
    return ours, jinja


def test_a_page_and_its_imports_render_as_jinjas_templates_do() -> None:
    ours, jinja = _environments()
    assert ours.template_class is ServiceTemplate
    for env in (ours, jinja):
        env.globals["greeting"] = "hello again"  # a global set after the templates load
    shown = [env.get_template("page.html").render(name="Ann") for env in (ours, jinja)]
    assert shown == ["hello again - Ann"] * 2, f"expected Jinja's page twice, got {shown}"


def test_an_imported_module_is_made_once_for_pages_without_globals_of_their_own() -> None:
    ours, _jinja = _environments()
    page = ours.get_template("page.html")
    page.render(name="Ann")
    made = ours.get_template("macros.html")._module
    page.render(name="Bob")
    assert made is not None, "expected the imported template's module kept after a render"
    assert ours.get_template("macros.html")._module is made, "expected the same module reused"


def test_a_page_with_its_own_globals_passes_them_to_what_it_imports() -> None:
    ours, jinja = _environments()
    shown = [
        env.get_template("page.html", globals={"extra": "own"}).render(name="Ann")
        for env in (ours, jinja)
    ]
    assert shown == ["hello own Ann"] * 2, f"expected the page's own global imported, got {shown}"


def test_calls_in_a_template_answer_as_jinjas_do() -> None:
    ours, jinja = _environments()
    for env in (ours, jinja):
        env.globals.update(plain=_plain, named=_named, stopped=_stopped)
    shown = [env.get_template("calls.html").render(who="Ann") for env in (ours, jinja)]
    expected = "plain 1 Ann 1 11|plain 2 Ann 2 22|False"
    assert shown == [expected] * 2, f"expected Jinja's calls twice ({expected!r}), got {shown}"
