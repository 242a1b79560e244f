"""The print styles, one module each (each module's FAMILY), in the order of their names."""

import importlib
import pkgutil

ALL_FAMILIES = tuple(
    importlib.import_module(f"{__name__}.{module.name}").FAMILY
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda module: module.name)
)
