"""The op-declaration vocabulary: `params=` in CANN's C order, the
null / type / check rules of each parameter kind, numeric attributes as kernel
attributes, the numpy-like and two-stage signatures derived from params, in-place
variants, per-SoC dtype lists and the generated aclnnop headers.

The ops here are declared in the test and not registered (so the registry stays the
package's); _core.get_workspace_size / _core.call run them as ascendops.aclnn and
the numpy-like functions do. Kernels: the Silu / SiluBackward ones (whose math the
numpy references below restate)."""
import inspect
import os
import re

import numpy as np
import pytest

import ascendops as ao
from ascendops import _core, _headers, aclnn
from ascendops.ops import (Bool, Double, DTypeAttr, ElementwiseOp, Float, InplaceOp, Input, Int, IntArray,
                           OpDef, Output, Scalar, Str)
from ascendops.tiling import block_tiling

NULLPTR, INVALID = ao.ACLNN_ERR_PARAM_NULLPTR, ao.ACLNN_ERR_PARAM_INVALID


def silu_ref(x):
    x = np.asarray(x, np.float64)
    return x / (1.0 + np.exp(-x))


def silu_backward_ref(dy, x):
    x = np.asarray(x, np.float64)
    s = 1.0 / (1.0 + np.exp(-x))
    return np.asarray(dy, np.float64) * s * (1.0 + x * (1.0 - s))


def _tiling(n, size, ub, cores):
    return block_tiling(n, size, ub, cores, 3, 6)


def silu_like(params, **kw):
    """An unregistered elementwise op running the Silu kernel (its attributes do not
    change the math)."""
    kw.setdefault("dtypes", ("float32", "float16"))
    return ElementwiseOp(name=kw.pop("name", "TestSilu"), snake=kw.pop("snake", "test_silu"), params=params,
                         kernel="silu", tiling=_tiling, broadcast="never", mixed="never", **kw)


def status(fn, *args, **kw):
    with pytest.raises(ao.AclnnError) as e:
        fn(*args, **kw)
    return e.value.status, e.value.message


# -- the declaration -------------------------------------------------------------------
def test_params_derive_names_in_cann_order():
    op = ao.registered_ops()["softmax_backward"]
    assert [p.name for p in op.params] == ["gradOutput", "output", "dim", "out"]
    assert op.inputs == ("gradOutput", "output") and op.outputs == ("out",) and op.output == "out"
    assert op.args == ("grad_output", "output") and op.attrs == ("dim",) and op.attr_defaults == (-1,)
    sig = inspect.signature(aclnn.softmax_backward_get_workspace_size)
    assert list(sig.parameters) == ["grad_output", "output", "dim", "out"]
    # `self` is `x` in the numpy-like function, `self` in the two-stage API (CANN's name)
    assert list(inspect.signature(ao.silu).parameters) == ["x", "out"]
    assert list(inspect.signature(aclnn.silu_get_workspace_size).parameters) == ["self", "out"]


def test_bad_declarations_are_refused():
    with pytest.raises(TypeError):
        silu_like((Input("self"), "out"))
    with pytest.raises(ValueError, match="repeat"):
        silu_like((Input("self"), Int("self", 1), Output("out")))
    # several Outputs need a kernel of as many results (AO_EW_OP*_2OUT); silu has one
    with pytest.raises(ValueError, match="writes 1 outputs, the op declares 1 and 2"):
        silu_like((Input("self"), Output("out"), Output("other")))
    with pytest.raises(ValueError, match="AO_MAX_ATTRS"):
        silu_like((Input("self"),) + tuple(Double("a%d" % i, 0.0) for i in range(9)) + (Output("out"),))
    with pytest.raises(ValueError, match="default"):
        silu_like((Input("self"), Output("out")), dtypes={"Ascend910B": ("float32",)})
    with pytest.raises(TypeError, match="const"):
        Str("mode", "a", constant=True)
    with pytest.raises(ValueError):
        Input("not a C name")


@pytest.mark.own_executor
def test_attributes_may_sit_between_tensors():
    """CANN's order is the C order, whatever it is: an attribute between two inputs."""
    op = ElementwiseOp(name="TestOrder", snake="test_order",
                       params=(Input("gradOutput"), Double("alpha", 1.5), Input("self"), Output("gradInput")),
                       dtypes=("float32",), kernel="silu_backward", tiling=_tiling, broadcast="never",
                       mixed="never")
    dy = np.linspace(-1, 1, 12, dtype=np.float32)
    x = np.linspace(-3, 3, 12, dtype=np.float32)
    out = ao.empty((12,))
    ws, ex = _core.get_workspace_size(op, ao.tensor(dy), 2.5, ao.tensor(x), out)
    assert ex.plan.kernel_attrs[0] == 2.5
    _core.run(None, ws, ex)
    np.testing.assert_allclose(out.numpy(), silu_backward_ref(dy, x), rtol=1e-5, atol=1e-6)
    with pytest.raises(TypeError, match="takes 4 arguments"):
        _core.get_workspace_size(op, ao.tensor(dy), ao.tensor(x), out)


# -- null, type and check rules ----------------------------------------------------------
KINDS = [
    # (param, a good value and its normalised form, bad values (161002))
    (Scalar("alpha"), [(2, 2), (0.5, 0.5), (True, True), (np.float16(1.5), np.float16(1.5))], ["2", [1.0], b"x"]),
    (Int("dim"), [(3, 3), (np.int32(-2), -2)], [1.5, True, "1", 1 << 63]),
    (Double("eps"), [(1e-300, 1e-300), (3, 3.0)], ["x", True, object()]),
    (Float("eps"), [(0.1, float(np.float32(0.1)))], ["x", False]),
    (Bool("training"), [(True, True), (np.bool_(False), False)], [1, 0, "True", object()]),
    (Str("mode", choices=("a", "b")), [("a", "a"), ("b", "b")], ["c", "", 1, b"a"]),
    (IntArray("dims"), [([1, -2], (1, -2)), ((), ()), (np.array([3, 4]), (3, 4))], [[1.5], 3, "12", [True]]),
    (DTypeAttr("dtype"), [("float16", ao.float16), (np.float32, ao.float32)], ["no_such", 3.5]),
]


@pytest.mark.parametrize("param,good,bad", KINDS, ids=[type(k[0]).__name__ for k in KINDS])
def test_each_kind_converts_refuses_and_names_itself(param, good, bad):
    for value, want in good:
        got = param.convert(value)
        assert got == want and type(got) is type(want), (value, got, want)
    for value in bad:
        code, message = status(param.convert, value)
        assert code == INVALID and param.name in message, (value, message)
    code, message = status(param.convert, None)
    assert code == NULLPTR and param.name in message


def test_check_callable_gives_161002_naming_the_attribute():
    p = Double("negativeSlope", 0.01, check=lambda v: None if v >= 0 else "must be >= 0")
    assert p.convert(0.5) == 0.5
    code, message = status(p.convert, -1.0)
    assert code == INVALID and "negativeSlope" in message and "must be >= 0" in message


def test_null_checks_come_first_in_cann_order():
    """A None tensor is 161001 even when an attribute before it is also bad (CANN's
    CheckNotNull runs before the parameter checks); the first None in C order is named."""
    op = silu_like((Input("self"), Str("mode", "a", choices=("a",)), Output("out")))
    x, out = ao.zeros((2,)), ao.zeros((2,))
    code, message = status(_core.get_workspace_size, op, None, "bad", out)
    assert code == NULLPTR and "self" in message
    code, message = status(_core.get_workspace_size, op, x, None, None)
    assert code == NULLPTR and "mode" in message
    code, message = status(_core.get_workspace_size, op, x, "bad", out)
    assert code == INVALID and "mode" in message
    code, message = status(_core.call, op, (None,), ("bad",))
    assert code == NULLPTR and "self" in message


@pytest.mark.own_executor
def test_numeric_attributes_reach_the_kernel_in_declaration_order():
    op = silu_like((Input("self"), Scalar("alpha", 1), Str("mode", "a"), Int("n", 3), Bool("flag", False),
                    Float("beta", 0.1), Output("out")))
    x = np.linspace(-4, 4, 9, dtype=np.float32)
    out = ao.empty((9,))
    _, ex = _core.get_workspace_size(op, ao.tensor(x), np.float16(2.5), "a", -7, True, 0.1, out)
    assert ex.plan.kernel_attrs[:4] == (2.5, -7.0, 1.0, np.float32(0.1))
    assert ex.plan.kernel_attrs[4:] == (0.0,) * (len(ex.plan.kernel_attrs) - 4)
    code, message = status(_core.get_workspace_size, op, ao.tensor(x), 1j, "a", 1, True, 0.1, out)
    assert code == INVALID and "alpha" in message
    # the numpy-like call: attributes positional-or-keyword after the inputs, defaults from params
    np.testing.assert_allclose(_core.call(op, (x,), (1, "a", 3, False, 0.1)), silu_ref(x), rtol=1e-5, atol=1e-6)


@pytest.mark.own_executor
def test_kernel_for_overrides_the_attributes():
    seen = []

    def kernel_for(attrs):
        seen.append(attrs)
        return "silu", (1.0 / attrs[0],)

    op = silu_like((Input("self"), Double("beta", 2.0), Output("out")), kernel_for=kernel_for)
    _, ex = _core.get_workspace_size(op, ao.zeros((3,)), 4.0, ao.zeros((3,)))
    assert ex.plan.kernel_attrs[0] == 0.25 and seen == [(4.0,)]


@pytest.mark.own_executor
def test_dtypes_per_soc():
    op = silu_like((Input("self"), Output("out")),
                   dtypes={"default": ("float32", "float16"), "Ascend310P": ("float32",)})
    assert op.dtypes == (ao.float32, ao.float16)
    x16 = ao.zeros((4,), "float16")
    _core.get_workspace_size(op, x16, ao.zeros((4,), "float16"))
    with ao.soc("Ascend310P"):
        assert op.dtypes_for(ao.get_soc()) == (ao.float32,)
        code, message = status(_core.get_workspace_size, op, x16, ao.zeros((4,), "float16"))
        assert code == INVALID and "DT_FLOAT16" in message and "[DT_FLOAT]" in message
        _core.get_workspace_size(op, ao.zeros((4,)), ao.zeros((4,)))
    with ao.soc("Ascend910B"):
        _core.get_workspace_size(op, x16, ao.zeros((4,), "float16"))


# -- in-place variants -------------------------------------------------------------------
def inplace_pair():
    op = silu_like((Input("self"), Double("beta", 1.0), Output("out")), inplace=True, name="TestIpSilu",
                   snake="test_ip_silu")
    return op, InplaceOp(op)


def test_inplace_variant_params_and_signatures():
    op, ip = inplace_pair()
    assert ip.name == "InplaceTestIpSilu" and ip.snake == "inplace_test_ip_silu"
    assert [p.c_decl() for p in ip.params] == ["aclTensor *selfRef", "double beta"]
    assert ip.inputs == ("selfRef",) and ip.outputs == ("selfRef",) and ip.args == ("x",)
    fn = ao._numpy_like(ip)
    assert list(inspect.signature(fn).parameters) == ["x", "beta"]     # no out=: it writes into x
    with pytest.raises(ValueError, match="one Output"):
        OpDef("X", "x", (Input("self"),), ("float32",), inplace=True)


@pytest.mark.own_executor
def test_inplace_variant_writes_into_its_input_and_returns_it():
    op, ip = inplace_pair()
    x = np.linspace(-5, 5, 33, dtype=np.float32)
    want = silu_ref(x)
    fn = ao._numpy_like(ip)
    y = x.copy()
    assert fn(y) is y
    np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-6)
    # a view numpy cannot hand over (negative strides) is written back
    y = x.copy()
    assert fn(y[::-1]) is not None
    np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-6)
    # two-stage: selfRef is both the input and the output
    t = ao.tensor(x)
    ws, ex = _core.get_workspace_size(ip, t, 1.0)
    assert ws == 0          # an exact alias: in place, no workspace
    _core.run(None, ws, ex)
    np.testing.assert_allclose(t.numpy(), want, rtol=1e-5, atol=1e-6)
    # dtype rules of the out-of-place op with out = selfRef; a null selfRef is 161001
    assert status(_core.get_workspace_size, ip, ao.zeros((3,), "float64"), 1.0)[0] == INVALID
    assert status(_core.get_workspace_size, ip, None, 1.0)[0] == NULLPTR
    with pytest.raises(TypeError, match="out"):
        fn(x.copy(), out=x.copy())
    with pytest.raises(TypeError, match="in place"):
        fn(1.0)


def test_register_adds_the_inplace_variant_and_refuses_duplicates():
    """In a subprocess, so this process's registry stays the package's."""
    import subprocess
    import sys
    code = r"""
import numpy as np, ascendops as ao
from ascendops import _core
from ascendops.ops import ElementwiseOp, Input, Output, register
from ascendops.tiling import block_tiling
op = ElementwiseOp(name="ZzSilu", snake="zz_silu", params=(Input("self"), Output("out")), dtypes=("float32",),
                   kernel="silu", tiling=lambda n, s, u, c: block_tiling(n, s, u, c, 3, 6), broadcast="never",
                   mixed="never", inplace=True)
assert register(op) is op
ops = ao.registered_ops()
assert ops["zz_silu"] is op and ops["inplace_zz_silu"].base is op
assert ops["inplace_zz_silu"].name == "InplaceZzSilu"
try:
    register(op)
except ValueError as e:
    print("refused:", e)
# an op CANN declares in another op's header (as aclnn_logsigmoid.h holds LogSigmoidForward)
register(ElementwiseOp(name="ZzSiluForward", snake="zz_silu_forward", params=(Input("self"), Output("out")),
                       dtypes=("float32",), kernel="silu", tiling=op.tiling, broadcast="never", mixed="never",
                       header="aclnn_zz_silu.h"))
from ascendops import _headers
texts = _headers.headers()
assert "aclnn_zz_silu_forward.h" not in texts
print(texts["aclnn_zz_silu.h"])
"""
    root = os.path.dirname(os.path.dirname(os.path.abspath(ao.__file__)))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=root)
    assert r.returncode == 0, r.stderr
    assert "refused: an op named 'zz_silu' is already registered" in r.stdout
    assert "ACLNN_OP(ZzSilu,\n         (const aclTensor *self, aclTensor *out)" in r.stdout
    assert "ACLNN_OP(InplaceZzSilu,\n         (aclTensor *selfRef)," in r.stdout
    assert "ACLNN_OP(ZzSiluForward,\n         (const aclTensor *self, aclTensor *out)" in r.stdout
    assert r.stdout.count("#ifndef ACLNNOP_ACLNN_ZZ_SILU_H_") == 1


# -- generated headers --------------------------------------------------------------------
# CANN's signatures of the registered ops (hicann/ops-nn activation/*/op_api/aclnn_*.h
# at e5c3fa9327ea95ba26d06227e746923580d10921, hicann/ops-math math/cast/op_api/aclnn_cast.h),
# const where CANN's headers have it, outputs and in-place tensors included.
CANN_SIGNATURES = {
    "Cast": "const aclTensor *self, const aclDataType dtype, aclTensor *out",
    "GeluBackward": "const aclTensor *gradOutput, const aclTensor *self, const aclTensor *gradInput",
    "Relu": "const aclTensor *self, const aclTensor *out",
    "InplaceRelu": "aclTensor *selfRef",
    "Glu": "const aclTensor *self, int64_t dim, const aclTensor *out",
    "GluBackward": "const aclTensor *gradOut, const aclTensor *self, int64_t dim, const aclTensor *out",
    "Hardswish": "const aclTensor *self, const aclTensor *out",
    "InplaceHardswish": "const aclTensor *self",
    "Hardsigmoid": "const aclTensor *self, aclTensor *out",
    "InplaceHardsigmoid": "const aclTensor *self",
    "Erfinv": "const aclTensor *self, aclTensor *out",
    "InplaceErfinv": "const aclTensor *selfRef",
    # generated by CANN from the op definitions (no op_api source): the docs' prototypes
    "GeluMul": "const aclTensor *input, char *approximateOptional, const aclTensor *out",
    "FatreluMul": "const aclTensor *input, const aclTensor *threshold, const aclTensor *out",
    "SwiGlu": "const aclTensor *x, int64_t dim, const aclTensor *out",
    "SwiGluGrad": "const aclTensor *yGrad, const aclTensor *x, int64_t dim, const aclTensor *out",
    "SquaredRelu": "const aclTensor *input, const aclTensor *out",
    "ClippedSwigluGrad": ("const aclTensor *gradY, const aclTensor *x, const aclTensor *groupIndexOptional, "
                          "int64_t dim, double alpha, double limit, double bias, bool interleaved, "
                          "const aclTensor *gradXOut"),
    "InplaceRReluWithNoise": ("const aclTensor *self, const aclTensor *noise, const aclScalar *lower, "
                              "const aclScalar *upper, bool training, int64_t seed, int64_t offset"),
    "GeluBackwardV2": "const aclTensor *gradOutput, const aclTensor *self, char *approximate, aclTensor *gradInput",
    "HardswishBackward": "const aclTensor *gradOutput, const aclTensor *self, aclTensor *out",
    "SigmoidBackward": "const aclTensor *gradOutput, const aclTensor *output, aclTensor *gradInput",
    "Silu": "const aclTensor *self, aclTensor *out",
    "SiluBackward": "const aclTensor *gradOutput, const aclTensor *self, aclTensor *gradInput",
    "SoftmaxBackward": "const aclTensor *gradOutput, const aclTensor *output, int64_t dim, aclTensor *out",
}


def test_generated_headers_declare_cann_signatures():
    """The headers generated from params declare CANN's signatures."""
    ops = ao.registered_ops()
    texts = _headers.headers()
    assert sorted(texts) == sorted({o.header for o in ops.values()}
                                   | {a["header"] for a in _headers.unimplemented_apis().values()})
    declared = {}
    for text in texts.values():
        for name, params, args in re.findall(r"ACLNN_OP\((\w+),\s*\((.*?)\),\s*\((.*?)\)\)", text, re.S):
            declared[name] = (re.sub(r"\s+", " ", params), re.sub(r"\s+", " ", args))
    for name, signature in CANN_SIGNATURES.items():
        assert declared[name][0] == signature, name
        assert declared[name][1] == ", ".join(d.split("*")[-1].split()[-1] for d in signature.split(", ")), name


def test_registered_ops_match_cann_declarations_of_the_apis_llama_cpp_uses():
    """Where ascendops/_cann_api.py (CANN's headers, transcribed) declares a registered
    op, the op's header and parameters are CANN's: a program written against CANN's
    header compiles against ours."""
    from ascendops import _cann_api
    ops = {o.name: o for o in ao.registered_ops().values()}
    checked = 0
    for name, api in _cann_api.APIS.items():
        op = ops.get(name)
        if op is None:
            continue
        checked += 1
        assert op.header == api["header"], name
        assert tuple(p.c_decl() for p in op.params) == api["params"], name
    assert checked >= 16


def test_installed_headers_are_the_generated_ones():
    """The build wrote the headers of this registry where `ascendops.config --cflags`
    points (not stale copies): byte for byte what ascendops._headers generates."""
    from ascendops import config
    folder = os.path.join(config.include_dir(), "aclnnop")
    texts = _headers.headers()
    assert sorted(n for n in os.listdir(folder) if n.endswith(".h")) == sorted(texts)
    for name, text in texts.items():
        with open(os.path.join(folder, name)) as f:
            assert f.read() == text, name


def test_c_types_of_every_kind():
    decls = [p.c_decl() for p in (Input("self"), Output("out"), Scalar("alpha"), Int("dim"), Double("eps"),
                                  Float("lr"), Bool("training"), Str("mode"), Str("reduce", const=True),
                                  IntArray("dims"), DTypeAttr("dtype"), DTypeAttr("dtype", const=True))]
    assert decls == ["const aclTensor *self", "aclTensor *out", "const aclScalar *alpha", "int64_t dim",
                     "double eps", "float lr", "bool training", "char *mode", "const char *reduce",
                     "const aclIntArray *dims", "aclDataType dtype", "const aclDataType dtype"]


def test_optional_inputs_may_be_null():
    """Input(optional=True): None passes the null checks (the op's own rule decides),
    reaches plan() as None, is left out of the cache key's views and of the binding;
    re-pointing it is refused (161002), not a crash. A subprocess: a crash there fails
    the test instead of the run. The non-optional input stays 161001."""
    import subprocess
    import sys
    code = r"""
import ascendops as ao
from ascendops import _core
from ascendops.ops import Input, OpDef, Output
seen = []
class WithOptional(OpDef):
    def plan(self, tensors, attrs, soc):
        seen.append(tensors)
        return _core._empty_plan(self)
op = WithOptional("TestOptional", "test_optional", (Input("self"), Input("weight", optional=True), Output("out")),
                  ("float32",))
x, out = ao.zeros((2,)), ao.zeros((2,))
ws, ex = _core.get_workspace_size(op, x, None, out)
assert seen[-1][1] is None and seen[-1][0] is x
_core.get_workspace_size(op, x, None, out)
assert len(seen) == 1          # the second call hit the cache
try:
    _core.get_workspace_size(op, None, None, out)
except ao.AclnnError as e:
    assert e.status == 161001 and "self" in e.message, e
ex.set_repeatable()
try:
    ex.set_input_tensor_addr(1, x)
except ao.AclnnError as e:
    assert e.status == 161002 and "optional" in e.message, e
    print("OK")
"""
    root = os.path.dirname(os.path.dirname(os.path.abspath(ao.__file__)))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=root)
    assert r.returncode == 0 and r.stdout.strip() == "OK", (r.returncode, r.stdout, r.stderr)


def test_an_optional_attribute_may_be_null_and_is_still_checked():
    """Scalar(optional=True), CANN's `const aclScalar *betaOptional`: None passes `convert`
    (the op decides what a null means) and skips the check; a value is converted and checked
    as any Scalar's; without optional=True None stays 161001."""
    checked = []
    beta = Scalar("betaOptional", None, optional=True, check=lambda v: checked.append(v))
    assert beta.convert(None) is None and checked == []
    assert beta.convert(2.5) == 2.5 and checked == [2.5]
    with pytest.raises(ao.AclnnInvalidParamError):
        beta.convert("2.5")
    with pytest.raises(ao.AclnnNullptrError, match="betaOptional"):
        Scalar("betaOptional", None).convert(None)
