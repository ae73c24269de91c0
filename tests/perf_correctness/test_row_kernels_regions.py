"""The softmax family's row kernels (src/softmax.c, the per-element loops in each ISA
region's row_math.h): in every region this CPU has (ASCENDOPS_ISA, one process each),
contiguous rows give the same bits as the same rows read through strides (the
gathered path) and as the same call in place, the AVX2 and AVX-512 regions give the
same bits as each other, and every region agrees with a float64 reference. Rows of
1000 (one block per row), 5000 (several blocks of 4096 and a partial one) and 37
(vector tails), float32, float16 and bfloat16, with NaN and inf in some rows."""

import numpy as np
import pytest
from region_runs import run_in_regions

ml_dtypes = pytest.importorskip("ml_dtypes")

SCRIPT = r"""
import sys
import ml_dtypes
import numpy as np
import ascendops as ao

src = np.load(sys.argv[2])
out = {"isa": np.array(ao.isa())}
dts = {"float32": np.float32, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16}
for key in src.files:
    op, dtn, n = key.split(":")
    dt = dts[dtn]
    ut = np.uint32 if dtn == "float32" else np.uint16
    arrs = [a.astype(dt) for a in src[key]]
    if dtn == "float32":
        arrs[0][2, 3] = np.nan
        arrs[-1][5, 1] = np.inf
    else:  # a quiet NaN with a payload, a signalling NaN, an inf
        nan, quiet = (0x7C00, 0x200) if dtn == "float16" else (0x7F80, 0x40)
        arrs[0].view(ut)[2, 3] = nan | quiet | 5
        arrs[0].view(ut)[4, 0] = nan | 1
        arrs[-1].view(ut)[5, 1] = nan
        # an inf in y with finite dy: SoftmaxBackward's row sum is +-inf, not NaN, and
        # only some results are NaN (inf - inf): its vectors with a NaN result
        arrs[-1].view(ut)[7, 9] = nan
    f = getattr(ao, op)
    wide = []
    for a in arrs:
        w = np.zeros((a.shape[0], 2 * a.shape[1]), dt)
        w[:, ::2] = a
        wide.append(w[:, ::2])
    out[key + " contiguous"] = np.asarray(f(*arrs, -1)).view(ut)
    out[key + " strided"] = np.asarray(f(*wide, -1)).view(ut)
    inplace = arrs[0].copy()
    f(inplace, *arrs[1:], -1, out=inplace)
    out[key + " in place"] = inplace.view(ut)
    for i, a in enumerate(arrs):
        out[key + " in%d" % i] = a.view(ut)
np.savez(sys.argv[1], **out)
"""

OPS = ("softmax", "log_softmax", "softmax_backward", "log_softmax_backward")
DTYPES = {"float32": np.float32, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16}


def _inputs():
    rng = np.random.default_rng(7)
    data = {}
    for n in (1000, 5000, 37):
        rows = 12
        x = rng.normal(0, 3, (rows, n)).astype(np.float32)
        y = np.exp(x - x.max(axis=1, keepdims=True))
        y /= y.sum(axis=1, keepdims=True)
        g = rng.standard_normal((rows, n)).astype(np.float32)
        for dt in DTYPES:
            data["softmax:%s:%d" % (dt, n)] = np.stack([x])
            data["log_softmax:%s:%d" % (dt, n)] = np.stack([x])
            data["softmax_backward:%s:%d" % (dt, n)] = np.stack([g, y])
            data["log_softmax_backward:%s:%d" % (dt, n)] = np.stack([g, np.log(y)])
    return data


def _reference(op, ins):
    if op == "softmax":
        x = ins[0]
        e = np.exp(x - x.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)
    if op == "log_softmax":
        x = ins[0]
        s = x - x.max(axis=1, keepdims=True)
        return s - np.log(np.exp(s).sum(axis=1, keepdims=True))
    g, y = ins
    if op == "softmax_backward":
        return y * (g - (g * y).sum(axis=1, keepdims=True))
    return g - np.exp(y) * g.sum(axis=1, keepdims=True)


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("rows")
    src_path = tmp / "src.npz"
    np.savez(src_path, **_inputs())
    return run_in_regions(SCRIPT, tmp, src_path)


@pytest.mark.filterwarnings("ignore:invalid value encountered")
@pytest.mark.parametrize("op", OPS)
def test_row_kernels_contiguous_strided_inplace_and_regions(results, op):
    keys = sorted(k[: -len(" contiguous")] for k in next(iter(results.values())) if k.endswith(" contiguous")
                  and k.startswith(op + ":"))
    assert len(keys) == 9
    for isa, got in results.items():
        for key in keys:
            _, dtn, _ = key.split(":")
            dt = DTYPES[dtn]
            fast, slow = got[key + " contiguous"], got[key + " strided"]
            np.testing.assert_array_equal(got[key + " in place"], fast, err_msg=key + " " + isa)
            if op != "softmax_backward":  # its strided rows sum on one accumulator
                np.testing.assert_array_equal(fast, slow, err_msg=key + " " + isa)
            ins = [got[key + " in%d" % i].view(dt).astype(np.float64) for i in range(2 if "backward" in op else 1)]
            ok = ~np.any([np.isnan(a).any(axis=1) | np.isinf(a).any(axis=1) for a in ins], axis=0)
            assert 0 < ok.sum() < len(ok)
            # rows with NaN or inf: NaN where the reference is NaN (the bits: the
            # strided path's, above, and the regions', below)
            ref = _reference(op, [a[ok] for a in ins])
            f = fast[ok].view(dt).astype(np.float64)
            tol = {"float32": 2e-5, "float16": 2e-3, "bfloat16": 1.6e-2}[dtn]
            np.testing.assert_allclose(f, ref, rtol=tol, atol=tol * np.abs(ref).max(), err_msg=key + " " + isa)
    # the vector regions agree bit for bit (the baseline's exp rounds without FMA)
    if "avx2" in results and "avx512" in results:
        for key in keys:
            for kind in (" contiguous", " strided"):
                np.testing.assert_array_equal(results["avx2"][key + kind], results["avx512"][key + kind],
                                              err_msg=key + kind)


@pytest.mark.filterwarnings("ignore:invalid value encountered")
@pytest.mark.parametrize("op", OPS)
def test_row_kernels_nan_bits_equal_in_every_region(results, op):
    """Where a result is NaN in any region, its bits (sign, payload) are the same in
    the baseline region as in the vector regions. The baseline's values may differ (its
    exp rounds without FMA), its NaNs must not: Softmax / LogSoftmax summed a row's
    exps in a fixed 16-element loop with a scalar tail, and the NaN a row's sum became
    took its sign from which of the two saw it first (the scalar or the SSE2 max
    operand order), so the baseline gave -NaN where AVX2 / AVX-512 gave +NaN."""
    if "baseline" not in results or len(results) < 2:
        pytest.skip("needs the baseline and a vector region")
    base = results["baseline"]
    keys = sorted(k[: -len(" contiguous")] for k in base if k.endswith(" contiguous") and k.startswith(op + ":"))
    assert len(keys) == 9
    for isa, got in results.items():
        if isa == "baseline":
            continue
        for key in keys:
            dt = DTYPES[key.split(":")[1]]
            for kind in (" contiguous", " strided", " in place"):
                a, b = base[key + kind], got[key + kind]
                nan = np.isnan(a.view(dt).astype(np.float32)) | np.isnan(b.view(dt).astype(np.float32))
                assert nan.any(), key  # every case has NaN rows
                np.testing.assert_array_equal(a[nan], b[nan], err_msg=key + kind + " baseline vs " + isa)


@pytest.mark.filterwarnings("ignore:invalid value encountered")
def test_softmax_backward_in_register_rows_equal_buffered_rows(results):
    """SoftmaxBackward has no exp, so every region computes the same bits. The AVX2 and
    AVX-512 regions run rows of up to 4096 elements of one dtype in registers (row_math.h
    ao_rm_smb_row: 16-bit converted as loaded and stored); the baseline region, rows of
    5000, and the strided rows' element-by-element path do not. The in-register rows equal
    the baseline's buffered ones bit for bit, NaN results included (a vector with a NaN
    result is stored element by element, as the buffered path stores such a block)."""
    if "baseline" not in results or len(results) < 2:
        pytest.skip("needs the baseline and a vector region")
    base = results["baseline"]
    keys = sorted(k[: -len(" contiguous")] for k in base if k.endswith(" contiguous")
                  and k.startswith("softmax_backward:"))
    assert len(keys) == 9
    for isa, got in results.items():
        for key in keys:
            for kind in (" contiguous", " in place"):
                np.testing.assert_array_equal(got[key + kind], base[key + kind], err_msg=key + kind + " " + isa)
