"""Calls of aclnn<Op>GetWorkspaceSize built from tensor descriptions (cann_ut.T) in
CANN's parameter order: what the ported CANN UT cases and the check-sequence probes
(tests/ops/probes/) run."""
import math

import ascendops
from ascendops import aclnn

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
    # a TensorListDesc: a list of tensor descriptions (None: a null element)
    if isinstance(value, list) and value and all(v is None or hasattr(v, "dtype") for v in value):
        return [_tensor(v) for v in value]
    return value


def status_of(op_name, case):
    """The status of aclnn<op>GetWorkspaceSize on a case (a cann_ut.Case or a probe:
    inputs, attrs, outputs in CANN's order, soc); None where the op is not registered."""
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
