"""ClippedSwiglu / ClippedSwigluV2: an interleaved split (Input(split_mode=...): even and
odd elements of the axis x's dims merge into from `dim` on) and a run-time row limit
(Input(limits_rows=True): groupIndexOptional's sum, read when the launch runs). Against a
float64 numpy reference of CANN's documented formula written here (docs/aclnnClippedSwiglu.md,
aclnnClippedSwigluV2.md at hicann/ops-nn@e5c3fa9327ea95ba26d06227e746923580d10921), and
PyTorch where installed. Runs on the device ASCENDOPS_TEST_DEVICE names (conftest.py)."""
import ml_dtypes
import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn

F32 = np.float32
DTYPES = ["float32", "float16", "bfloat16"]


def doc_formula(x, group_index, dim, alpha, limit, bias, interleaved, clamp_mode=0, out=None):
    """The doc's five steps in float64, written independently of the op's module: merge
    to [pre, cut * after]; keep the first sum(groupIndex) rows (the others: `out`'s
    values, CANN's kernel leaves them); split by halves or even/odd; the clipped SwiGlu."""
    x = np.asarray(x, dtype=np.float64)
    d = dim + x.ndim if dim < 0 else dim
    pre = 1
    for s in x.shape[:d]:
        pre *= s
    flat = x.reshape(pre, x.size // pre if pre else 0)
    width = flat.shape[1] // 2
    oshape = x.shape[:d] + (x.shape[d] // 2,) + x.shape[d + 1:]
    y = np.zeros((pre, width)) if out is None else np.asarray(out, np.float64).reshape(pre, width).copy()
    rows = pre if group_index is None else max(0, min(int(np.sum(group_index)), pre))
    alpha, limit, bias = (float(F32(v)) for v in (alpha, limit, bias))    # CANN's tiling: float attrs
    for r in range(rows):
        if interleaved:
            a, b = flat[r, 0::2], flat[r, 1::2]
        else:
            a, b = flat[r, :width], flat[r, width:]
        if clamp_mode == 0:
            a = np.minimum(a, limit)
            y[r] = a / (1.0 + np.exp(-alpha * a)) * (np.clip(b, -limit, limit) + bias)
        else:
            y[r] = np.minimum(a / (1.0 + np.exp(-a)), limit) * np.clip(b, -limit, limit)
    return y.reshape(oshape)


def assert_close(got, want, dtype):
    got = np.asarray(got).astype(np.float64)
    eps = float(ml_dtypes.finfo(np.dtype(dtype) if dtype != "bfloat16" else ml_dtypes.bfloat16).eps)
    ulps = 16 if dtype == "float32" else 2
    scale = max(1.0, float(np.max(np.abs(want)))) if want.size else 1.0
    np.testing.assert_allclose(got, want, rtol=ulps * eps, atol=ulps * eps * scale)


def as_dtype(a, dtype):
    return a.astype(ml_dtypes.bfloat16 if dtype == "bfloat16" else dtype)


CASES = [((6, 8), -1), ((6, 8), 0), ((3, 4, 6), 1), ((2, 3, 4, 2), 2), ((4, 2, 3, 5), 1), ((10,), 0),
         ((5, 3, 4), -1)]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("interleaved", [True, False])
@pytest.mark.parametrize("shape,dim", CASES)
def test_against_the_documented_formula(shape, dim, interleaved, dtype):
    x = as_dtype(np.random.default_rng(sum(shape)).uniform(-10, 10, size=shape), dtype)
    pre = int(np.prod(shape[:dim % len(shape)]))
    for group in (None, np.array([1], np.int64), np.array([pre], np.int64), np.array([pre + 5], np.int64),
                  np.array([1, 0, max(pre - 2, 0)], np.int64)):
        got = ao.clipped_swiglu(x, group, dim, 1.702, 7.0, 1.0, interleaved)
        assert np.asarray(got).dtype == x.dtype
        assert_close(got, doc_formula(x, group, dim, 1.702, 7.0, 1.0, interleaved), dtype)


def test_interleaved_is_even_odd_of_the_merged_axis_not_of_dim():
    """dim 0 of a (4, 3) x: the merged axis is all 12 elements; A = x.flat[0::2], which
    takes elements from both halves of every column (even/odd of dim 0 alone would not)."""
    x = np.arange(12, dtype=F32).reshape(4, 3) / 4
    got = np.asarray(ao.clipped_swiglu(x, None, 0, 1.0, 100.0, 0.0, True))
    flat = x.reshape(-1).astype(np.float64)
    a, b = flat[0::2], flat[1::2]
    np.testing.assert_allclose(got.reshape(-1), a / (1 + np.exp(-a)) * b, rtol=1e-6)
    assert got.shape == (2, 3)


@pytest.mark.parametrize("interleaved", [True, False])
def test_strided_and_transposed_x(interleaved):
    """x transposed (its merged dims are no one stride: the contiguous-copy path) and
    sliced with steps (one stride: views), against the formula on the same values."""
    rng = np.random.default_rng(3)
    base = rng.uniform(-9, 9, size=(8, 6, 4)).astype(F32)
    for x in (base.transpose(2, 1, 0), base[::2, :, ::-1], base[:, ::3, :], base.transpose(1, 0, 2)[:, ::2]):
        for dim in range(-x.ndim, x.ndim):
            if x.shape[dim] % 2:
                continue
            pre = int(np.prod(x.shape[:dim % x.ndim]))
            for group in (None, np.array([max(pre // 2, 1)], np.int64)):
                got = ao.clipped_swiglu(x, group, dim, 1.5, 3.0, 0.5, interleaved)
                assert_close(got, doc_formula(x, group, dim, 1.5, 3.0, 0.5, interleaved), "float32")


def test_rows_past_the_group_sum_keep_out_and_edge_sums():
    """CANN's kernel computes min(sum, pre) rows and copies nothing else out: out keeps its
    values past them; a sum past pre computes every row; a sum <= 0 none (CANN's kernel
    divides by zero there: undefined; here nothing is written)."""
    x = np.random.default_rng(4).uniform(-8, 8, size=(5, 2, 8)).astype(F32)    # pre = 10 rows
    for group, rows in (([2], 2), ([1, 1, 1], 3), ([7], 7), ([40], 10), ([0], 0), ([-4], 0), ([3, -1], 2),
                        ([], 0), ([2 ** 62, 2 ** 62], 10)):
        out = ao.tensor(np.full((5, 2, 4), 123.0, F32))
        g = np.array(group, np.int64)
        # an empty groupIndex: Ascend910B's tiling takes it (the doc: A2/A3 support it),
        # the regbase one refuses 0 groups (561002: test_checks_and_codes)
        with ao.soc("Ascend910B" if not group else ao.get_soc().name):
            res = ao.clipped_swiglu(x, g, -1, out=out)
        assert res is out
        got = np.asarray(out).reshape(10, 4)
        want = doc_formula(x, None, -1, 1.702, 7.0, 1.0, True).reshape(10, 4)
        assert_close(got[:rows], want[:rows], "float32")
        assert (got[rows:] == 123.0).all(), group


def test_rows_past_the_group_sum_are_zeros_without_out():
    """Without out=, the output is allocated zero-filled (OpDef.zero_filled_outputs): the
    rows past the sum are never written, so a reused cached block's bytes must not show.
    The junk tensor's block is the one the call's output gets (checked)."""
    x = np.random.default_rng(8).uniform(-8, 8, size=(5, 2, 8)).astype(F32)
    assert ao.registered_ops()["clipped_swiglu"].zero_filled_outputs == (0,)
    xt, group = ao.tensor(x), ao.tensor(np.array([3], np.int64))
    junk = ao.tensor(np.full((5, 2, 4), 123.0, F32))
    ptr = junk.data_ptr
    del junk
    res = ao.clipped_swiglu(xt, group, -1)
    assert res.data_ptr == ptr, "the output did not reuse the freed block: the test cannot fail"
    got = np.asarray(res).reshape(10, 4)
    want = doc_formula(x, None, -1, 1.702, 7.0, 1.0, True).reshape(10, 4)
    assert_close(got[:3], want[:3], "float32")
    assert (got[3:] == 0).all()


def test_row_limit_over_a_strided_out():
    """The row prefix of a C-ordered iteration over a non-contiguous out (dims that do not
    coalesce): the limit as boxes (ao_ew_run_prefix), the other rows untouched."""
    x = np.random.default_rng(5).uniform(-8, 8, size=(3, 4, 6)).astype(F32)
    big = np.full((3, 8, 3), -7.0, F32)
    out = ao.tensor(big)[:, ::2, :]
    for rows in range(0, 13):
        out[...] = -7.0
        ao.clipped_swiglu(x, np.array([rows], np.int64), 2, 1.0, 5.0, 0.0, False, out=out)
        got = np.asarray(out).reshape(12, 3)
        want = doc_formula(x, None, 2, 1.0, 5.0, 0.0, False).reshape(12, 3)
        assert_close(got[:rows], want[:rows], "float32")
        assert (got[rows:] == -7.0).all(), rows


def test_out_overlapping_x_with_a_row_limit():
    """out partially overlapping x: the workspace path, then the copy back of only the
    computed rows (the others keep what they held)."""
    buf = ao.tensor(np.random.default_rng(6).uniform(-3, 3, size=(4 * 8 + 2,)).astype(F32))
    x = buf[:32].reshape(4, 8)
    out = buf[2:18].reshape(4, 4)
    xs, before = np.asarray(x).copy(), np.asarray(out).copy()
    ao.clipped_swiglu(x, np.array([3], np.int64), -1, out=out)
    want = doc_formula(xs, None, -1, 1.702, 7.0, 1.0, True)
    got = np.asarray(out)
    assert_close(got[:3], want[:3], "float32")
    np.testing.assert_array_equal(got[3:], before[3:])


def test_group_sum_is_read_when_the_launch_runs(run_on_device):
    """Phase 1 plans every row; the sum comes from the groupIndex tensor's memory when
    phase 2 runs (on cpu:strict, in the stream's work): writing it between the phases
    changes the rows computed, and a repeatable executor follows each new value."""
    for spec in ("cpu", "cpu:strict"):
        with run_on_device(spec):
            x = ao.tensor(np.random.default_rng(7).uniform(-5, 5, size=(6, 4)).astype(F32))
            g = ao.tensor(np.array([1], np.int64))
            out = ao.zeros((6, 2), "float32")
            ws_size, ex = aclnn.clipped_swiglu_get_workspace_size(x, g, -1, 1.702, 7.0, 1.0, True, out)
            ex.set_repeatable()
            want = doc_formula(np.asarray(x), None, -1, 1.702, 7.0, 1.0, True)
            for rows in (4, 2, 6):
                out.copy_(ao.zeros((6, 2), "float32"))
                g.copy_(ao.tensor(np.array([rows], np.int64)))
                aclnn.clipped_swiglu(None, ws_size, ex)
                ao.synchronize()
                got = np.asarray(out)
                assert_close(got[:rows], want[:rows], "float32")
                assert (got[rows:] == 0).all(), (spec, rows)
            ex.destroy()


def test_v2_clamp_after_the_silu():
    x = np.random.default_rng(8).uniform(-12, 12, size=(4, 6, 5)).astype(F32)
    for mode in (0, 1):
        for interleaved in (True, False):
            got = ao.clipped_swiglu_v2(x, np.array([2], np.int64), 1, 2.0, 4.0, 0.75, interleaved, mode)
            assert_close(got, doc_formula(x, [2], 1, 2.0, 4.0, 0.75, interleaved, mode), "float32")


def test_checks_and_codes():
    """The generated API's phase 1 (nnopbase): 161002 from the definition's lists, 561003 on
    a SoC without a config; 561002 from the host tiling (clipped_swiglu_tiling.cpp /
    _arch35.cpp): dim out of range, an odd size at dim, a groupIndex not 1-d, limit <= 0
    and clampMode on regbase SoCs ("host" is one), groupIndex of 0 or > 8192 elements
    there, out's rank or dims. The common tiling ignores CountMaxPair's result."""
    x = np.ones((4, 6), F32)
    i64 = np.int64

    def status(*args, fn=ao.clipped_swiglu, **kw):
        with pytest.raises(ao.AclnnError) as e:
            fn(*args, **kw)
        return e.value.status

    assert status(x, np.ones(1, np.int32)) == 161002             # groupIndex INT64 only
    assert status(x.astype(np.float64), None) == 161002
    assert status(x, None, 2) == 561002 and status(x, None, -3) == 561002
    assert status(np.ones((4, 5), F32), None) == 561002          # x[dim] odd
    assert status(x, np.ones((1, 1), i64)) == 561002             # groupIndex 2-d
    assert status(x, None, -1, 1.0, 0.0) == 561002               # limit <= 0 (regbase tiling)
    assert status(x, np.ones(0, i64)) == 561002                  # 0 groups (regbase)
    assert status(x, np.ones(8193, i64)) == 561002
    assert status(x, None, -1, 1.0, 7.0, 1.0, True, 2, fn=ao.clipped_swiglu_v2) == 561002
    assert status(x, None, out=np.ones((4, 4), F32)) == 561002    # out[dim] != x[dim] / 2
    assert status(x, None, out=np.ones((4, 3, 1), F32)) == 561002  # out's rank
    assert status(x, None, out=np.ones((2, 3), F32)) == 561002     # out's other dims (regbase)
    with ao.soc("Ascend910B"):
        ao.clipped_swiglu(x, np.ones(8193, i64))                  # the common tiling: UB room
        ao.clipped_swiglu(x, np.ones(13000, i64))                 # CountMaxPair's result unchecked
        ao.clipped_swiglu(x, None, -1, 1.0, 0.0)                  # no limit check there
        assert status(x, None, out=np.ones((2, 3), F32)) == 161002  # the shape check after
        assert status(x, None, fn=ao.clipped_swiglu_v2) == 161002   # V2: Ascend950 only
    with ao.soc("Ascend310P"):
        assert status(x, None) == 561003                          # no AI Core config
    # empty x: success, nothing written
    assert np.asarray(ao.clipped_swiglu(np.ones((0, 6), F32), np.array([3], i64))).shape == (0, 3)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_16bit_against_torch(dtype):
    """The formula in torch over float64, rounded once: the fp32 kernel rounded once agrees
    on nearly every element (exp's and the division's fp32 rounding can move a 16-bit
    tie)."""
    torch = pytest.importorskip("torch")
    x = as_dtype(np.random.default_rng(9).uniform(-9, 9, size=(64, 256)), dtype)
    for interleaved in (True, False):
        got = np.asarray(ao.clipped_swiglu(x, None, -1, 1.702, 7.0, 1.0, interleaved)).astype(np.float64)
        t = torch.from_numpy(x.astype(np.float64))
        a, b = (t[:, 0::2], t[:, 1::2]) if interleaved else t.chunk(2, -1)
        alpha = float(F32(1.702))
        a = a.clamp(max=7.0)
        y = a * torch.sigmoid(alpha * a) * (b.clamp(-7.0, 7.0) + 1.0)
        want = as_dtype(y.numpy(), dtype).astype(np.float64)
        rate = float(np.mean(got == want))
        assert rate >= 0.99, rate
        assert_close(got, y.numpy(), dtype)
