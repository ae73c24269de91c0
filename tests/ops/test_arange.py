"""aclnnArange (ascendops/ops/arange.py, ArangeOp): the facts the generic harness checks for
ops with inputs (tests/ops/test_registry.py), for an op without one: every output dtype
against the float64 reference, any out layout (transposed, strided, 0-d, empty, 8-d), the
numpy-like allocation, both phases, the executor cache, null parameters, torch."""
import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn

OP = ao.registered_ops()["arange"]
REF = OP.info["reference"]
DTYPES = ["float32", "float16", "bfloat16", "float64", "int32", "int64"]


def _expected(start, end, step, n, dtype):
    r = float(start) + np.arange(n, dtype=np.float64) * float(step)
    return r.astype(ao.as_dtype(dtype).numpy)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("args", [(0, 10, 1), (1.5, -2.0, -0.25), (-3, 40, 7)])
def test_every_dtype(dtype, args):
    if dtype.startswith("int") and any(isinstance(v, float) for v in args):
        pytest.skip("a fractional step reads as ToInt64: 0 (test_bad_step_and_dtype)")
    n = len(REF(*args))
    out = np.empty(n, ao.as_dtype(dtype).numpy)
    assert ao.arange(*args, out=out) is out
    np.testing.assert_array_equal(out, _expected(*args, n, dtype))


def test_int64_is_exact_beyond_2_53():
    out = np.empty(4, np.int64)
    ao.arange(2**60 + 1, 2**60 + 9, 2, out=out)
    assert out.tolist() == [2**60 + 1, 2**60 + 3, 2**60 + 5, 2**60 + 7]


@pytest.mark.parametrize("view", ["transposed", "strided", "negative", "8d", "0d", "empty"])
def test_out_layouts(view):
    if view == "transposed":
        base = np.empty((4, 3), np.float32)
        out = base.T
    elif view == "strided":
        base = np.zeros(24, np.float32)
        out = base[::2]
    elif view == "negative":
        base = np.zeros(12, np.float32)
        out = base[::-1]
    elif view == "8d":
        out = np.empty((1, 2, 1, 3, 1, 2, 1, 2), np.float32)
    elif view == "0d":
        out = np.empty((), np.float32)
    else:
        out = np.empty((0, 3), np.float32)
    ao.arange(2.0, 2.0 + 0.5 * max(out.size, 1), 0.5, out=out)
    # element i in C order of out's view is start + i * step
    np.testing.assert_array_equal(out.reshape(-1), 2.0 + 0.5 * np.arange(out.size, dtype=np.float32))
    if view == "strided":
        assert (base[1::2] == 0).all()


def test_numpy_like_allocates_torchs_output():
    r = ao.arange(0, 10, 3)
    assert r.dtype == np.int64 and r.tolist() == [0, 3, 6, 9]
    r = ao.arange(0.0, 1.0, 0.25)
    assert r.dtype == np.float32 and r.tolist() == [0.0, 0.25, 0.5, 0.75]
    assert ao.arange(3, 3, 1).shape == (0,)


def test_two_stage_cache_and_repeat():
    out = ao.empty((5,), "float32")
    before = ao.cache_info()
    for _ in range(2):
        ws, ex = aclnn.arange_get_workspace_size(0, 5, 1, out)
        assert ws == 0
        aclnn.arange(None, ws, ex)
    assert out.numpy().tolist() == [0, 1, 2, 3, 4]
    assert ao.cache_info().hits > before.hits
    ws, ex = aclnn.arange_get_workspace_size(1, 6, 1, out)
    ex.set_repeatable()
    aclnn.arange(None, ws, ex)
    aclnn.arange(None, ws, ex)
    assert out.numpy().tolist() == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("k", range(4))
def test_null_parameters(k):
    args = [0, 5, 1, ao.empty((5,), "float32")]
    args[k] = None
    with pytest.raises(ao.AclnnError) as e:
        aclnn.arange_get_workspace_size(*args)
    assert e.value.status == ao.ACLNN_ERR_PARAM_NULLPTR
    assert ["start", "end", "step", "out"][k] in str(e.value)


def test_bad_step_and_dtype():
    with pytest.raises(ao.AclnnError) as e:
        ao.arange(0, 5, 0, out=np.empty(5, np.float32))
    assert e.value.status == ao.ACLNN_ERR_PARAM_INVALID
    with pytest.raises(ao.AclnnError) as e:
        ao.arange(0, 5, 1, out=np.empty(5, np.int16))
    assert e.value.status == ao.ACLNN_ERR_PARAM_INVALID


def test_matches_torch():
    torch = pytest.importorskip("torch")
    for args, dt in (((0, 10, 1), "float32"), ((1.5, -2.0, -0.25), "float64"), ((-7, 30, 4), "int64")):
        want = torch.arange(*args, dtype=getattr(torch, dt)).numpy()
        got = ao.arange(*args, out=np.empty(want.shape, dt))
        np.testing.assert_array_equal(got, want)


# Starts and steps whose elements lie next to float16 rounding boundaries: just past a
# float16 tie (rounding to float32 first would land on the tie and round to even), on
# ties, past the float16 overflow threshold 65520 and in the subnormal range (units of
# 2^-24); the float16 fill rounds the double to float32 "to odd" and then to float16,
# which must give one rounding from the double (numpy's float64 -> float16).
F16_EDGES = [
    (1.0 + 2.0 ** -11 + 2.0 ** -40, 2.0 ** -10),
    (-1.0 - 2.0 ** -11 - 2.0 ** -40, -2.0 ** -10),
    (1.0 + 2.0 ** -11, 2.0 ** -10),                     # exact ties: to even
    (1.0 + 2.0 ** -11 - 2.0 ** -40, 2.0 ** -10),
    (2.0 ** -25 + 2.0 ** -50, 2.0 ** -24),              # subnormal halves, just above
    (-(2.0 ** -25) - 2.0 ** -50, -(2.0 ** -24)),
    (65504.0, 2.0 ** -10),                              # to 65520: the last below, then inf
    (65519.999, 1e-3),
    (-65530.0, 0.5),
    (0.1, 1e-7),                                        # a float16 value repeated, rounded each time
]


@pytest.mark.parametrize("start,step", F16_EDGES)
@pytest.mark.parametrize("n", [0, 1, 513, 3000])
def test_float16_rounds_once_from_double(start, step, n):
    out = np.empty(n, np.float16)
    ao.arange(start, start + n * step, step, out=out)
    want = (np.float64(start) + np.arange(n, dtype=np.float64) * np.float64(step)).astype(np.float16)
    np.testing.assert_array_equal(out.view(np.uint16), want.view(np.uint16))


@pytest.mark.parametrize("dtype", ["float32", "bfloat16", "float64", "float16"])
def test_floating_fill_any_length_and_layout(dtype):
    # the block fill's lengths around its block and the register widths, and strided outs
    npdt = ao.as_dtype(dtype).numpy
    for n in (1, 2, 15, 17, 511, 512, 513, 1031):
        out = np.empty(n, npdt)
        ao.arange(0.3, 0.3 + n * 0.7, 0.7, out=out)
        want = np.float64(0.3) + np.arange(n, dtype=np.float64) * np.float64(0.7)
        want = want.astype(np.float32).astype(npdt) if dtype == "bfloat16" else want.astype(npdt)
        np.testing.assert_array_equal(out, want)
    base = np.zeros((40, 6), npdt)
    view = base[:, ::2]
    ao.arange(-1.0, -1.0 + 120 * 0.25, 0.25, out=view)
    want = (np.float64(-1.0) + np.arange(120, dtype=np.float64) * 0.25).astype(npdt).reshape(40, 3)
    np.testing.assert_array_equal(view, want)
    assert not base[:, 1::2].any()
