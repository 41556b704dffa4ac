"""The build's own modules (tools/, not a package) loaded for a test by their file."""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def tool(name: str) -> types.ModuleType:
    """``tools/<name>.py``, loaded once under its own name, with tools/ on the path as
    tools/pyc.mjs puts it (tools/pycompile.py imports ``idle_build`` and ``zip_stamped`` so)."""
    if name in sys.modules:
        return sys.modules[name]
    if str(TOOLS) not in sys.path:
        sys.path.append(str(TOOLS))
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module
