"""Packages whose public names load on first use, so start-up pays only for what it touches."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, MutableMapping


def lazy_attributes(package: str, homes: Mapping[str, str],
                    namespace: MutableMapping[str, object]) -> Callable[[str], object]:
    """A module `__getattr__` for `package`: a name in `homes` is imported from its module
    (`homes[name]`, relative to the package) the first time it is asked for, then kept in
    `namespace` (the package's globals) so the next look-up is a plain one."""

    def __getattr__(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{home}"), name)
        namespace[name] = value
        return value

    return __getattr__
