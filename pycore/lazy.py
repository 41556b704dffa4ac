"""A package's contract names, imported on first use.

The app's start reads every saved section through each system's small ``saved`` module; a package
``__init__`` that imported all its rules made that start import all four systems (1 s of a 5 s
start at 4x CPU, issue 20). A system's ``__init__`` lists its names with :func:`exports` instead,
and imports them only for the type checker; ``tests/test_lazy_exports.py`` keeps the two lists
equal.

>>> getattr_, dir_ = exports("pkg", {"fractions": "Fraction"})
>>> getattr_("Fraction")(1, 2), dir_()
(Fraction(1, 2), ['Fraction'])
>>> getattr_("nothing")
Traceback (most recent call last):
...
AttributeError: module 'pkg' has no attribute 'nothing'
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable, Mapping
from typing import Any

from pycore.validate import checked


@checked
def exports(
    package: str, names: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A module ``__getattr__`` and ``__dir__`` (PEP 562) for ``names``: each module mapped to
    the space-separated names it gives."""
    home = {name: module for module, listed in names.items() for name in listed.split()}
    # A name that is also its module's (gurps: injury() in injury.py): once the module is
    # imported, the import system binds it on the package, hiding the lazy name. The package
    # keeps the rule instead, as the eager ``from .injury import injury`` did.
    shadowed = {name for name, module in home.items() if module == f"{package}.{name}"}
    if shadowed and package in sys.modules:

        class Package(types.ModuleType):
            def __setattr__(self, name: str, value: Any) -> None:
                if name in shadowed and isinstance(value, types.ModuleType):
                    value = getattr(value, name)
                super().__setattr__(name, value)

        sys.modules[package].__class__ = Package

    def __getattr__(name: str) -> Any:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(module), name)

    def __dir__() -> list[str]:
        return sorted(home)

    return __getattr__, __dir__
