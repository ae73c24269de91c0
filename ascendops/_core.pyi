# The compiled core's public names are declared once, in ascendops/__init__.pyi; this
# stub lets mypy follow `from ascendops._core import ...` (ascendops/ops/*.py).
from . import *
from . import _DTypeLike as _DTypeLike
