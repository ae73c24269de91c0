"""ascendops: Huawei CANN's aclnn operator interface on any machine, from Python.

    >>> import numpy as np, ascendops
    >>> ascendops.silu_backward(np.ones(3, np.float32), np.array([1, 2, 3], np.float32))

The CPU device is the default (and only) device; its semantics (status codes,
check order, dtype and broadcast rules per SoC, tiling, executor lifetime) follow
CANN's. The two-stage aclnn API of every op is in ascendops.aclnn.
"""
import inspect as _inspect
import os as _os
import sys as _sys


def _use_installed_copy():
    """In a source checkout without an in-place build (e.g. `pip install . && python -m
    ascendops` run in the checkout, where the current folder comes first on sys.path),
    import the rest of the package from the installed copy instead of failing."""
    from importlib.machinery import PathFinder
    here = _os.path.realpath(_os.path.dirname(_os.path.dirname(__file__)))
    others = [p for p in _sys.path if _os.path.realpath(p or ".") != here]
    spec = PathFinder.find_spec(__name__, others)
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("ascendops._core is not built: run `pip install .` "
                          "(or `python setup.py build_ext --inplace` for a development build)")
    __path__[:] = list(spec.submodule_search_locations)


try:
    from ascendops import _core
except ImportError:
    _use_installed_copy()
    from ascendops import _core
from ascendops._core import (  # noqa: F401  (the public API)
    DTYPES, DType, Format, Memory, Tensor, Stream, Executor, SocProfile, SOC_PROFILES,
    AclError, OutOfMemoryError, AclnnError, AclnnNullptrError, AclnnInvalidParamError,
    AclnnInnerError, as_dtype, dtype_from_code,
    tensor, from_numpy, from_dlpack, empty, zeros, ones, full, as_strided, memcpy,
    memory_allocated, memory_reserved, max_memory_allocated, memory_stats, empty_cache,
    set_device_capacity, get_device_capacity,
    current_stream, default_stream, synchronize, set_num_threads, get_num_threads, isa,
    get_soc, set_soc, soc, cache_info, clear_cache, set_cache_size, broadcast_shapes,
    ElementwiseOp, OpDef, SoftmaxBackwardOp, CastOp, register, registered_ops,
    ACLNN_SUCCESS, ACLNN_ERR_PARAM_NULLPTR, ACLNN_ERR_PARAM_INVALID, ACLNN_ERR_RUNTIME_ERROR,
    ACLNN_ERR_INNER, ACLNN_ERR_INNER_INFERSHAPE_ERROR, ACLNN_ERR_INNER_TILING_ERROR,
    ACLNN_ERR_INNER_FIND_KERNEL_ERROR, ACLNN_ERR_INNER_CREATE_EXECUTOR,
    ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR, ACLNN_ERR_INNER_NULLPTR,
    ACLNN_ERR_INNER_WRONG_ATTR_INFO_SIZE, ACLNN_ERR_INNER_KEY_CONFLICT,
    ACL_ERROR_INVALID_PARAM, ACL_ERROR_BAD_ALLOC,
    MEMCPY_HOST_TO_HOST, MEMCPY_HOST_TO_DEVICE, MEMCPY_DEVICE_TO_HOST,
    MEMCPY_DEVICE_TO_DEVICE, MEMCPY_DEFAULT,
)

__version__ = "0.1.0"

# dtype objects as module attributes: ascendops.float32, ascendops.bfloat16, ...
for _d in DTYPES:
    if _d.code >= 0:
        globals()[_d.name] = _d
del _d
dtype = DType


def get_include():
    """The folder of ascendops' C headers (runtime, engine, op math)."""
    here = _os.path.dirname(_os.path.abspath(__file__))
    shipped = _os.path.join(here, "include")
    if _os.path.isdir(shipped):
        return shipped
    return _os.path.join(_os.path.dirname(here), "include")


def _numpy_like(op):
    """ascendops.<op>(inputs..., attrs..., *, out=None), generated from the op's declaration:
    a callable of the core (argument parsing and both phases in C), named and documented
    like a function."""
    api = _core._NumpyLike(op)
    P = _inspect.Parameter
    params = [P(a, P.POSITIONAL_OR_KEYWORD) for a in op.args]
    params += [P(a, P.POSITIONAL_OR_KEYWORD, default=d) for a, d in zip(op.attrs, op.attr_defaults)]
    params.append(P("out", P.KEYWORD_ONLY, default=None))
    api.__signature__ = _inspect.Signature(params)
    api.__name__ = api.__qualname__ = op.snake
    api.__module__ = __name__
    api.__doc__ = op.doc
    return api


from ascendops import ops as _ops  # noqa: E402  (registers every op)
from ascendops import aclnn  # noqa: E402,F401

for _name, _op in registered_ops().items():
    globals()[_name] = _numpy_like(_op)
# An op may wrap its generated function (info["numpy_like"]: f(generated) -> public),
# e.g. gelu_backward(..., approximate=) choosing between aclnnGeluBackward and V2.
for _name, _op in registered_ops().items():
    if isinstance(_op.info, dict) and "numpy_like" in _op.info:
        globals()[_name] = _op.info["numpy_like"](globals()[_name])
del _name, _op
