"""The apps' Jinja environment: Flask's, with templates that read the environment's globals
directly where they add none of their own.

Jinja gives each template a ``ChainMap`` of its own globals (none here) over the
environment's, and each render walks it key by key in Python twice: copying it into the
page's context and, for each ``{% from ... import %}``, checking that the context holds no
global the imported template lacks (a tenth of a small page's render). With nothing in the
template's own map, the environment's dict answers both the same, in C. And each call a
template makes (``url_for(...)``, a macro, ``picture(...)``: dozens a page) first asks the
callable, and what its ``__call__`` is, whether it takes the context: a plain function, method
or macro that does not is called at once."""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Mapping, MutableMapping
from types import FunctionType, MethodType
from typing import Any

from flask.templating import Environment
from jinja2.environment import Template, TemplateModule
from jinja2.runtime import Context, Macro, new_context


class ServiceTemplate(Template):
    def _plain_globals(self) -> MutableMapping[str, Any]:
        """The template's globals: the environment's own dict when the template adds none."""
        found = self.globals
        if isinstance(found, ChainMap) and len(found.maps) == 2 and not found.maps[0]:
            return found.maps[1]
        return found

    def new_context(
        self,
        vars: dict[str, Any] | None = None,
        shared: bool = False,
        locals: Mapping[str, Any] | None = None,
    ) -> Context:
        """Jinja's, from the plain globals (the same keys and values)."""
        return new_context(
            self.environment, self.name, self.blocks, vars, shared, self._plain_globals(), locals
        )

    def _get_default_module(self, ctx: Context | None = None) -> TemplateModule:
        """Jinja's: the module made once, unless the importing context holds globals this
        template lacks (then one made for it); the check asked of the plain globals."""
        if ctx is not None and ctx.globals_keys <= self._plain_globals().keys():
            ctx = None
        return super()._get_default_module(ctx)


def _takes_no_context(obj: Any) -> bool:
    """Whether ``obj`` is a function, method or macro (whose own ``__call__`` never takes the
    context) without a ``jinja_pass_arg`` (``pass_context``...) of its own, asked of its
    attributes: ``hasattr`` raised and caught an error for each of the dozens of calls a page
    makes."""
    kind = type(obj)
    if kind is Macro:
        return "jinja_pass_arg" not in vars(obj)
    if kind is FunctionType:
        return "jinja_pass_arg" not in obj.__dict__
    if kind is MethodType:
        func = obj.__func__
        return type(func) is FunctionType and "jinja_pass_arg" not in func.__dict__
    return False


class ServiceContext(Context):
    def call(__self, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        """Jinja's, with a plain callable that takes no context called at once (the same
        arguments, the same answer to a ``StopIteration``)."""
        if not _takes_no_context(__obj):
            return super().call(__obj, *args, **kwargs)
        kwargs.pop("_block_vars", None)
        kwargs.pop("_loop_vars", None)
        try:
            return __obj(*args, **kwargs)
        except StopIteration:
            return __self.environment.undefined(
                "value was undefined because a callable raised a StopIteration exception"
            )


class ServiceEnvironment(Environment):
    template_class = ServiceTemplate
    context_class = ServiceContext
