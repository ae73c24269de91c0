"""Every case of CANN's op_api unit tests of the registered ops (ported as data in
tests/ops/cann_ut/, each module naming its source repository, path and commit) gets
CANN's status from the two-stage API: ascendops.aclnn.<op>_get_workspace_size with the
UT's tensors (shape, dtype, format, strides, offset, storage shape; nullptr as None)
and attributes, on the UT's SoC."""
import importlib
import math

import pytest

import ascendops
from ascendops import aclnn
from cann_ut import MODULES

# The statuses an aclnn GetWorkspaceSize may return (CANN's aclnn_base.h / acl_base.h).
VALID_STATUSES = {0, 161001, 161002, 361001, 561000, 561001, 561002, 561003, 561101, 561102, 561103, 561107,
                  561108, 561109}

_DTYPES = {}
for _code in range(-1, 64):
    try:
        _d = ascendops.dtype_from_code(_code)
    except (ValueError, KeyError, TypeError):
        continue
    _DTYPES[_d.acl_name] = _d


_DTYPES["ACL_DT_UNDEFINED"] = ascendops.dtype_from_code(-1)     # CANN's spelling of code -1


def _dtype(acl_name):
    return _DTYPES[acl_name]


def _format(acl_name):
    name = acl_name[len("ACL_FORMAT_"):] if acl_name.startswith("ACL_FORMAT_") else acl_name[len("ACL_"):]
    return ascendops.Format[name]


_MAX_UT_ELEMENTS = 1 << 28


def _tensor(desc):
    if desc is None:
        return None
    dtype, fmt = _dtype(desc.dtype), _format(desc.format)
    if desc.strides is None and math.prod(desc.shape) > _MAX_UT_ELEMENTS:
        # a desc larger than this machine's memory (Prelu's case_nine_dim: 2.4e10 floats):
        # a view of one element with stride 0 everywhere, of the desc's shape, dtype and
        # format; the rank check that refuses the case reads only the view's shape
        return ascendops.empty((1,), dtype, fmt).as_strided(desc.shape, (0,) * len(desc.shape), 0)
    if desc.strides is None:
        return ascendops.empty(desc.shape, dtype, fmt)
    return ascendops.empty(desc.storage, dtype, fmt).as_strided(desc.shape, desc.strides, desc.offset)


def _attr(op_name, value):
    # Cast's dtype attribute is an aclDataType enum value in the UT.
    if op_name == "Cast" and isinstance(value, str):
        return _dtype(value)
    return value


def _cases(mod_name):
    """(op name, case) of one ported UT module, each with the status ascendops must give:
    CANN's, or for a case in the module's NOT_MODELLED the status ascendops gives instead
    and why (dtypes the fp32 engine has no kernel for)."""
    mod = importlib.import_module("cann_ut." + mod_name)
    not_modelled = getattr(mod, "NOT_MODELLED", {})
    for case in mod.CASES:
        if case.name in not_modelled:
            status, why = not_modelled[case.name]
            assert status != case.status and why, case.name
            case = case._replace(status=status)
        yield case.op or mod.OP, case


def _status(op_name, case):
    op = next((o for o in ascendops.registered_ops().values() if o.name == op_name), None)
    if op is None:
        # a UT file that also calls an API of the family registered elsewhere (the
        # two-output aclnnLogSigmoidForward in test_aclnn_logsigmoid.cpp): None, not run
        return None
    getter = getattr(aclnn, op.snake + "_get_workspace_size")
    # The case's inputs, attributes and outputs, each in CANN's order, placed into the op's
    # parameter list (attributes may sit between tensors: EluBackward).
    ins, attrs, outs = iter(case.inputs), iter(case.attrs), iter(case.outputs)
    args = [_tensor(next(ins)) if p.kind == "input" else _tensor(next(outs)) if p.kind == "output"
            else _attr(op_name, next(attrs)) for p in op.params]
    with ascendops.soc(case.soc):
        try:
            getter(*args)
        except ascendops.AclnnError as e:
            return e.status
    return 0


@pytest.mark.parametrize("mod_name", MODULES)
def test_cann_ut_file(mod_name):
    """Every case of one UT file; the failure names each case that did not get its
    status, with the status it got."""
    wrong, ran = [], 0
    for op_name, case in _cases(mod_name):
        status = _status(op_name, case)
        if status is None:
            continue
        ran += 1
        if not (status in VALID_STATUSES if case.status is None else status == case.status):
            wrong.append("%s-%s: got %s, CANN's %s" % (op_name, case.name, status, case.status))
    assert ran > 0, "%s: no case ran" % mod_name
    assert not wrong, "%d of %d cases of %s:\n  %s" % (len(wrong), ran, mod_name, "\n  ".join(wrong))
