"""Probes of each op's check sequence, as data: one module per op file of
ascendops/ops/ (its aclnnInplace<Op> and sibling APIs included, named by `op`).

A probe is one call of aclnn<Op>GetWorkspaceSize at the edge of one of CANN's rules,
or with two violations whose order matters, and the status CANN's op_api source gives
it; `cite` names the source's function and the check that decides (the module's
SOURCE gives repository, commit and file). Probes are written from the source, not from
the op's UT or doc, on the SoC profiles where the rule differs (Ascend910B: DAV_2201;
Ascend910: DAV_1001 without BF16; Ascend950: DAV_3510, regbase).
A module's DEVIATIONS maps a probe's name to (the status ascendops gives, why): a
deliberate, documented departure from CANN's source (docs/fidelity.md lists them all).
tests/ops/test_probes.py runs them."""
import pkgutil
from typing import Any, List, NamedTuple, Optional

from cann_ut import T  # noqa: F401  (the tensor description probes use)


class Probe(NamedTuple):
    name: str
    inputs: List[Optional[T]]
    attrs: List[Any]
    outputs: List[Optional[T]]
    status: int
    cite: str
    soc: str = "Ascend910B"
    op: Optional[str] = None


def f(shape, dtype="ACL_FLOAT", fmt="ACL_FORMAT_ND"):
    """A tensor description: f((2, 3)), f((2, 3), "ACL_BF16")."""
    if not dtype.startswith("ACL_"):
        dtype = "ACL_" + dtype
    return T(tuple(shape), dtype, fmt)


def modules():
    return tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")))
