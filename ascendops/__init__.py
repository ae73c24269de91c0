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
    Device, device, set_device, get_device, Event,
    AclError, OutOfMemoryError, AclnnError, AclnnNullptrError, AclnnInvalidParamError,
    AclnnInnerError, as_dtype, dtype_from_code,
    tensor, from_numpy, from_dlpack, empty, zeros, ones, full, as_strided, memcpy, int4_tensor,
    memory_allocated, memory_reserved, max_memory_allocated, memory_stats, empty_cache,
    set_device_capacity, get_device_capacity,
    current_stream, default_stream, synchronize, set_num_threads, get_num_threads, isa,
    get_soc, set_soc, soc, cache_info, clear_cache, set_cache_size, broadcast_shapes,
    ElementwiseOp, OpDef, RowReduceOp, AxisReduceOp, SoftmaxBackwardOp, CastOp, CopyOp, ArangeOp, register, registered_ops,
    registered_single_calls,
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
    """The folder of ascendops' public C headers: CANN's aclnn API (acl/acl.h,
    aclnn/acl_meta.h, aclnnop/aclnn_<op>.h). The implementation's headers are in the
    source tree's src/, not installed."""
    here = _os.path.dirname(_os.path.abspath(__file__))
    shipped = _os.path.join(here, "include")
    if _os.path.isdir(shipped):
        return shipped
    return _os.path.join(_os.path.dirname(here), "include")


def lookup_table_report():
    """Lines saying which path the float16/bfloat16 kernels of the ops with factor
    tables took on this CPU, and why: under ASCENDOPS_LUT=auto each such op times its
    table against computing on its own calls, per ISA region, dtype and regime (in
    cache, streaming), and keeps the table only where it costs at most LUT_MARGIN of
    computing; =on and =off force one path. Kernels not listed have not yet run enough
    16-bit elements to be timed (they compute)."""
    policy = _core._lut_policy()
    lines = ["lookup tables: ASCENDOPS_LUT=%s (%s)" % (policy, {
        "auto": "per op, dtype and regime, the path measured cheaper on this CPU; the table "
                "where it costs <= %.2f of computing" % _core.LUT_MARGIN,
        "on": "tables forced", "off": "computing forced"}[policy])]
    measured = [c for c in _core._lut_choices() if c["trials"]]
    if not measured:
        lines.append("  nothing measured yet in this process")
        return lines
    lines.append("  %-26s %-9s %-10s %-10s %9s %9s %6s" % ("kernel", "dtype", "regime", "path",
                                                        "table", "computed", "calls"))
    for c in measured:
        path = c["path"] if policy == "auto" else "%s (%s)" % (c["path"], "forced " + {
            "on": "table", "off": "computed"}[policy])
        lines.append("  %-26s %-9s %-10s %-10s %9s %9s %6d" % (
            c["kernel"], c["dtype"], c["regime"], path,
            *("%.3f ns" % v if v else "-" for v in (c["table_ns"], c["computed_ns"])),
            c["trials"]))
    lines.append("  (table, computed: the least ns per element each path showed on the op's calls)")
    return lines


def show_config(file=None):
    """Prints what ascendops chose on this machine: the processor, the kernels' ISA,
    the worker threads, the matrix products' engine (ASCENDOPS_BLAS), and the path of each 16-bit kernel with a lookup table
    (lookup_table_report: measured costs behind each choice)."""
    import platform
    from ascendops.__main__ import processor_model
    lines = ["ascendops %s" % __version__,
             "cpu: %s (%s), kernels %s, %d worker threads"
             % (processor_model(), platform.machine(), isa(), get_num_threads())]
    lines.append("matrix products: %s" % _core.gemm_engine())
    lines += lookup_table_report()
    print("\n".join(lines), file=file)


def _numpy_like(op):
    """ascendops.<op>(inputs..., attrs..., *, out=None), generated from the op's declaration:
    a callable of the core (argument parsing and both phases in C), named and documented
    like a function. Every argument binds by position or keyword; an attribute without a
    default (Cast's dtype) is required."""
    api = _core._NumpyLike(op)
    P = _inspect.Parameter
    params = [P(a, P.POSITIONAL_OR_KEYWORD) for a in op.args]
    params += [P(a, P.POSITIONAL_OR_KEYWORD, default=d) for a, d in zip(op.attrs, op.attr_defaults)]
    if not isinstance(op, _core.InplaceOp):     # an in-place op writes into its first input
        params.append(P("out", P.KEYWORD_ONLY, default=None))
    api.__signature__ = _inspect.Signature(params)
    api.__name__ = api.__qualname__ = op.snake
    api.__module__ = __name__
    # the docstring is built on first use (help(), __doc__): see _NumpyLike.__doc__
    api._make_doc = lambda: _numpy_like_doc(op.snake, op, api.__signature__)
    return api


def _dtype_names(dtypes):
    names = [d.name for d in dtypes]
    return names[0] if len(names) == 1 else "%s or %s" % (", ".join(names[:-1]), names[-1])


_ATTR_KINDS = {"scalar": "int, float or bool", "int": "int", "double": "float", "float": "float",
               "bool": "bool", "str": "str", "int_array": "sequence of int", "float_array": "sequence of float",
               "bool_array": "sequence of bool", "dtype": "dtype"}


def _attr_doc(name, op):
    """(type, description) of attribute `name`: from the declaring op's info["attr_docs"],
    else from its Param."""
    param = op.attr_params[op.attrs.index(name)]
    info = op.info if isinstance(op.info, dict) else {}
    text = info.get("attr_docs", {}).get(name, info.get("attr_docs", {}).get(param.name))
    choices = getattr(param, "choices", None)
    if text is None:
        text = ("one of %s" % ", ".join(repr(v) for v in choices)) if choices else \
            "CANN's attribute %s" % param.name
    return _ATTR_KINDS.get(param.kind, "object"), "%s. CANN's ``%s`` (%s)." % (text, param.name, param.c_decl())


def _example_values(op, k):
    """Three round values in the op's input domain for input k (the docstring's example)."""
    info = op.info if isinstance(op.info, dict) else {}
    dom = info.get("domain", (-3.0, 3.0))
    lo, hi = dom[k] if isinstance(dom, list) else dom
    fractions = (0.25, 0.5, 0.75)
    if getattr(op.input_params[k], "split", None):
        # a split input (the gated ops): two halves of three along the default dim -1
        fractions = (0.1, 0.3, 0.5, 0.6, 0.75, 0.9)
    if getattr(op.input_params[k], "along", None) is not None:
        # broadcast along a dim the 1-D example lacks (Prelu's channel dim 1): one value
        fractions = (0.25,)
    return [lo + (hi - lo) * f for f in fractions]


def _example(name, op, sig):
    """A doctest: float32 inputs from the op's domain, the result from the op's float64
    reference in the output dtype (tests/core/test_numpy_like.py runs it)."""
    import numpy as np
    info = op.info if isinstance(op.info, dict) else {}
    if "example" in info:
        # written by the declaration where float32 inputs from the domain cannot show the op
        # (an index tensor's values: GatherV2); tests run it as a doctest like any other
        return [">>> import numpy as np, ascendops"] + list(info["example"])
    required = [p.name for p in sig.parameters.values() if p.default is p.empty and p.name not in op.args]
    # a required attribute's value: example_attrs, else the first of the attrs cases
    # (a callable: of the example's rank), all attributes in the op's order
    attrs = info.get("example_attrs")
    if attrs is None and required:
        cases = info.get("attrs")
        cases = cases(2 if op.min_rank >= 2 else 1) if callable(cases) else cases
        attrs = cases[0] if cases else ()
    attrs = tuple(attrs or ())
    if required:
        py = [p.py for p in op.attr_params]
        attrs = tuple(attrs[py.index(a)] for a in required)
    lines = [">>> import numpy as np, ascendops"]
    inputs = []
    # one row, nested to the op's least rank (GeluMul: 2, a windowed op: 3 or 4)
    depth = max(op.min_rank - 1, 0)
    for k, arg in enumerate(op.args):
        if "example_inputs" in info:
            # inputs the domain cannot make (TriangularSolve's square A), or whose shapes
            # follow one another (a convolution's): the declaration's values
            v = info["example_inputs"][k]
            inputs.append(None if v is None else np.array(v, np.float32))
            lines.append(">>> %s = %s" % (arg, "None" if v is None else "np.array(%r, np.float32)" % (v,)))
            continue
        vals = _example_values(op, k)
        if getattr(op.input_params[k], "limits_rows", False):  # INT64 row counts (ClippedSwiglu's groupIndex)
            inputs.append(np.array([1], np.int64))
            lines.append(">>> %s = np.array([1], np.int64)" % arg)
            continue
        if getattr(op.input_params[k], "single", False):   # one element (FatreluMul's threshold)
            inputs.append(np.array(vals[1], np.float32))
            lines.append(">>> %s = np.array(%r, np.float32)" % (arg, float(vals[1])))
            continue
        # a norm's weight (Input(affine=True)) spans the normalized dims: one row of three
        d = 0 if getattr(op.input_params[k], "affine", False) else depth
        inputs.append(np.array(vals, np.float32).reshape((1,) * d + (len(vals),)))
        text = "[%s]" % ", ".join(repr(float(v)) for v in vals)
        lines.append(">>> %s = np.array(%s%s%s, np.float32)" % (arg, "[" * d, text, "]" * d))
    if "shape_attrs" in info:
        # attributes that are sizes (GroupNorm's N, C, HxW): those of the example's shape
        attrs = tuple(info["shape_attrs"](inputs[0].shape))
        py = [p.py for p in op.attr_params]
        attrs = tuple(attrs[py.index(a)] for a in required)
    call_args = list(op.args) + ["%s=%r" % (a, v) for a, v in zip(required, attrs)]
    given = dict(zip(required, attrs))
    all_attrs = tuple(given.get(p.py, d) for p, d in zip(op.attr_params, op.attr_defaults))
    out_dtype = np.dtype(as_dtype(attrs[0]).numpy) if isinstance(op, CastOp) else np.dtype(np.float32)
    stat = getattr(op, "stat_dtype", None)
    if stat is not None and len(op.outputs) == 1 and op.output_params[0].reduced:
        out_dtype = np.dtype(stat.numpy)    # a reduction's result of its own dtype (ArgMax's INT64 index)
    if "out_dtype" in info:     # an output of its own dtype (Argsort's INT64 indices)
        out_dtype = np.dtype(as_dtype(info["out_dtype"](as_dtype("float32"))).numpy)
    call = "ascendops.%s(%s)" % (name, ", ".join(call_args))
    if len(op.outputs) > 1:
        # several outputs: a tuple of arrays, each rounded
        result = tuple(np.round(np.asarray(r).astype(out_dtype), 4)
                       for r in info["reference"](*inputs, *all_attrs))
        lines.append(">>> tuple(np.round(r, 4) for r in %s)" % call)
        lines.append(repr(result))
        return lines
    result = np.asarray(info["reference"](*inputs, *all_attrs)).astype(out_dtype)
    if (out_dtype == np.float32 or out_dtype.kind == "i") and not info.get("exact"):
        # the kernel and the float64 reference agree to a few ulps, not bit for bit
        call, result = "np.round(%s, 4)" % call, np.round(result, 4)
    lines.append(">>> " + call)
    lines.append(repr(result))
    return lines


_BROADCAST_DOC = {
    "always": "numpy's broadcasting of the inputs' shapes.",
    "soc": ("numpy's broadcasting on the SoCs of CANN's regbase architecture (``host``, the default, "
            "and ``Ascend950``); on the others every shape must be equal (161002)."),
    "never": "none: every tensor has the same shape (else 161002).",
}


def _numpy_like_doc(name, op, sig):
    """The docstring of a numpy-like function, from its op's declaration and signature."""
    import textwrap

    def para(text, indent=""):
        return textwrap.wrap(text, 88, initial_indent=indent, subsequent_indent=indent)

    dtypes = _dtype_names(op.dtypes)
    cann = dict(zip(op.args, op.inputs))
    outputs = ", ".join("``%s``" % o for o in op.outputs)
    lines = ["%s%s" % (name, sig), "", (op.doc or "aclnn%s." % op.name).strip(), ""]
    lines += para("The numpy-like call of aclnn%s: phase 1 and phase 2 on the current stream, "
                  "the output allocated for you." % op.name)
    lines += ["", "Parameters", "----------"]
    for p in sig.parameters.values():
        if p.name in cann:
            lines.append("%s : array_like" % p.name)
            lines += para("CANN's ``%s``; dtype %s.%s" % (
                cann[p.name], dtypes, " Written in place and returned." if isinstance(op, _core.InplaceOp)
                and p.name == op.args[0] else ""), "    ")
        elif p.name == "out":
            if len(op.outputs) > 1:
                lines.append("out : tuple of Tensor, numpy.ndarray or torch.Tensor, optional")
                lines += para("CANN's %s, in this order: written in place and returned. Without it "
                              "outputs of the results' shapes and dtypes are allocated." % outputs, "    ")
            else:
                lines.append("out : Tensor, numpy.ndarray or torch.Tensor, optional")
                lines += para("CANN's %s: written in place and returned. Without it an output of "
                              "the result's shape and dtype is allocated." % outputs, "    ")
        else:
            owner = next((o for o in [op] + list(registered_ops().values()) if p.name in o.attrs
                          and o.inputs == op.inputs), None)
            kind, text = _attr_doc(p.name, owner) if owner is not None else ("object", "")
            default = "" if p.default is p.empty else ", default %r" % (p.default,)
            lines.append("%s : %s%s" % (p.name, kind, default))
            lines += para(text, "    ")
    lines.append("")
    lines += para("array_like: an ascendops.Tensor, a numpy array, a torch.Tensor (or another "
                  "DLPack producer), or a Python scalar or list. A Python int or float "
                  "beside array operands takes their dtype (numpy 2's NEP 50); alone, or in a "
                  "list, a float becomes float32 (torch's default dtype), an int int64 (float32 "
                  "where the op takes no int64). Bools only where the op takes bool.")
    lines += ["", "Broadcasting", "------------"]
    text = _BROADCAST_DOC.get(getattr(op, "broadcast", None), _BROADCAST_DOC["never"])
    if getattr(op, "mixed", "never") == "soc":
        text += (" Inputs of different dtypes give a float32 result on the regbase SoCs; "
                 "elsewhere every tensor has one dtype.")
    elif getattr(op, "mixed", "never") == "always":
        text += (" Inputs of different dtypes are promoted on every SoC (CANN's promote table: "
                 "float16 with float32 or bfloat16 gives float32).")
    if getattr(op, "out_dtype", "equal") == "castable":
        text += " out= may have any dtype the promoted one can be cast to (CANN's CanCast)."
    elif getattr(op, "out_dtype", "equal") == "unchecked":
        text += " out= may have any dtype of the support list, whatever the inputs' dtypes."
    lines += para(text)
    lines += ["", "Returns", "-------"]
    lines += para("numpy.ndarray if an input is a numpy array (or all are Python values); "
                  "torch.Tensor (zero-copy, DLPack) if an input is a torch tensor; else an "
                  "ascendops.Tensor. With out=, ``out`` itself.")
    lines += ["", "Raises", "------"]
    lines += para("AclnnError with CANN's status in ``.status``: 161001 for a None tensor or "
                  "attribute, 161002 for a refused dtype, shape or attribute (a dtype refusal "
                  "ends with a hint). TypeError for arguments that do not bind, as a Python "
                  "function raises.")
    lines += ["", "Example", "-------"]
    lines += _example(name, op, sig)
    lines.append("")
    lines += para("Two-stage form: ``ascendops.aclnn.%s_get_workspace_size(%s)``, then "
                  "``ascendops.aclnn.%s(workspace, workspace_size, executor, stream)``."
                  % (op.snake, ", ".join(p.snake for p in op.params), op.snake))
    return "\n".join(lines)


from ascendops import ops as _ops  # noqa: E402  (registers every op)
from ascendops import aclnn  # noqa: E402,F401
from ascendops import npu  # noqa: E402,F401  (loads no CANN until asked)

for _name, _op in registered_ops().items():
    globals()[_name] = _numpy_like(_op)
# An op may wrap its generated function (info["numpy_like"]: f(generated) -> public),
# e.g. gelu_backward(..., approximate=) choosing between aclnnGeluBackward and V2.
for _name, _op in registered_ops().items():
    if isinstance(_op.info, dict) and "numpy_like" in _op.info:
        globals()[_name] = _op.info["numpy_like"](globals()[_name])
        globals()[_name].__doc__ = _numpy_like_doc(_name, _op, _inspect.signature(globals()[_name]))
# the single-call APIs (aclnnCalculateMatmulWeightSizeV2): ascendops.<snake>(attributes) -> result
for _name, _op in registered_single_calls().items():
    globals()[_name] = _op
del _name, _op
