"""The op registry: every module in this package declares one aclnn op and
registers it. Importing the package imports them all, so adding an op is adding a
file here (and its C math under src/ops/)."""
import importlib
import pkgutil

from ascendops._core import registered_ops


def _load_all():
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not info.name.startswith("_"):
            importlib.import_module("%s.%s" % (__name__, info.name))


_load_all()
OPS = registered_ops()
