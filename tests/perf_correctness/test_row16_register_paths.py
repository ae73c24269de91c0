"""The softmax family's register paths (src/row_math.h): contiguous float16 /
bfloat16 Softmax, LogSoftmax and LogSoftmaxBackward rows widened and narrowed in
registers, the exps with one scale factor where a row's arguments allow it
(ao_rm_expn), and SoftmaxBackward's rows without the per-vector NaN test where the row
sum is finite. Each must give the bits of the paths they replace:

- every row length from 1 to 40 and around the vector and chunk sizes (the tails go
  through zero-padded registers and masked loads), NaN payloads (quiet and
  signalling) and infs in the tails, in every ISA region this CPU has: the contiguous
  rows equal the same rows read through strides (the buffered path: fp32 arrays
  converted by the kernels' array conversions) for Softmax / LogSoftmax /
  LogSoftmaxBackward, and the call in place; SoftmaxBackward equals the baseline
  region's buffered rows, including rows whose results overflow to -inf with a finite
  row sum;
- ao_rm_expn against ao_expf: the same values in two Softmax rows that differ only in
  their last element, -84.9 (every argument in range: one scale factor) or -1000 (out
  of range: ao_expf), give the same bits for every other element, over a sweep of the
  float32 values in [-85, 0] and every float16 and bfloat16 value there."""
import numpy as np
import pytest

from region_runs import isas, run_script

ml_dtypes = pytest.importorskip("ml_dtypes")

LENGTHS = list(range(1, 41)) + [47, 63, 64, 65, 100, 1000, 4095, 4096, 4097, 5000]

SCRIPT = r"""
import sys
import ml_dtypes
import numpy as np
import ascendops as ao

dts = {"float32": np.float32, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16}
lengths = [int(v) for v in sys.argv[2].split(",")]
out = {"isa": np.array(ao.isa())}
rng = np.random.default_rng(12)
for dtn, dt in dts.items():
    ut = np.uint32 if dtn == "float32" else np.uint16
    for n in lengths:
        rows = 10
        x = rng.normal(0, 3, (rows, n)).astype(np.float32)
        x[1] *= 40              # exp arguments below -85: ao_expf's path
        g = rng.standard_normal((rows, n)).astype(np.float32)
        y = np.log(rng.uniform(0.01, 1, (rows, n))).astype(np.float32)
        y[2] *= 30              # LogSoftmaxBackward's y out of ao_rm_expn's range
        ins = [a.astype(dt) for a in (x, g, y)]
        last = n - 1
        if dtn == "float32":
            ins[0][3, last] = np.nan
            ins[1][4, last] = np.inf
            ins[2][5, last] = -np.inf
        else:
            nan, quiet = (0x7C00, 0x200) if dtn == "float16" else (0x7F80, 0x40)
            ins[0].view(ut)[3, last] = nan | quiet | 5        # quiet, with a payload
            ins[0].view(ut)[6, max(0, last - 1)] = 0x8000 | nan | 3   # signalling, negative
            ins[1].view(ut)[4, last] = nan | 1                # signalling
            ins[2].view(ut)[5, last] = 0x8000 | nan          # -inf
            ins[1].view(ut)[7, last] = nan | quiet | 9
        if dtn != "float16":
            # SoftmaxBackward: a finite row sum whose fs * y overflows (-inf results)
            ins[1][8] = np.float32(1e-30)
            ins[2][8, last] = np.float32(3e38)
        # SoftmaxBackward reads (dy, y), LogSoftmaxBackward (g, output)
        cases = {"softmax": [ins[0]], "log_softmax": [ins[0]],
                 "softmax_backward": [ins[1], ins[2]], "log_softmax_backward": [ins[1], ins[2]]}
        for op, arrs in cases.items():
            f = getattr(ao, op)
            key = "%s:%s:%d" % (op, dtn, n)
            wide = []
            for a in arrs:
                w = np.zeros((a.shape[0], 2 * a.shape[1]), dt)
                w[:, ::2] = a
                wide.append(w[:, ::2])
            out[key + " contiguous"] = np.asarray(f(*arrs, -1)).view(ut)
            out[key + " strided"] = np.asarray(f(*wide, -1)).view(ut)
            for k in range(len(arrs)):
                inplace = [a.copy() for a in arrs]
                f(*inplace, -1, out=inplace[k])
                out[key + " in place %d" % k] = inplace[k].view(ut)
np.savez(sys.argv[1], **out)
"""


def _run(tmp, isa, script, *args):
    got = dict(run_script(script, tmp / ("%s.npz" % isa), *args, ASCENDOPS_ISA=isa))
    assert str(got["isa"]) == isa
    return got


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("row16")
    return {isa: _run(tmp, isa, SCRIPT, ",".join(map(str, LENGTHS))) for isa in isas()}


@pytest.mark.parametrize("op", ["softmax", "log_softmax", "log_softmax_backward", "softmax_backward"])
@pytest.mark.parametrize("dtn", ["float16", "bfloat16", "float32"])
def test_register_rows_equal_buffered_rows(results, op, dtn):
    base = results.get("baseline")
    for isa, got in results.items():
        for n in LENGTHS:
            key = "%s:%s:%d" % (op, dtn, n)
            fast = got[key + " contiguous"]
            nin = 2 if "backward" in op else 1
            for k in range(nin):
                np.testing.assert_array_equal(got[key + " in place %d" % k], fast, err_msg="%s %s in place" % (key, isa))
            if op != "softmax_backward":
                # the strided rows take the buffered path (and its ao_expf where the
                # row's y is out of ao_rm_expn's range)
                np.testing.assert_array_equal(fast, got[key + " strided"], err_msg="%s %s" % (key, isa))
            elif base is not None:
                # SoftmaxBackward's strided rows sum on one accumulator; the baseline
                # region's contiguous rows are the buffered ones (no exp: every region
                # computes the same bits)
                np.testing.assert_array_equal(fast, base[key + " contiguous"], err_msg="%s %s" % (key, isa))
    if "avx2" in results and "avx512" in results:
        for n in LENGTHS:
            key = "%s:%s:%d contiguous" % (op, dtn, n)
            np.testing.assert_array_equal(results["avx2"][key], results["avx512"][key], err_msg=key)


EXPN_SCRIPT = r"""
import sys
import ml_dtypes
import numpy as np
import ascendops as ao

out = {"isa": np.array(ao.isa())}
# float32: every 53rd negative float in [-85, 0) and, densely, the neighbourhoods of
# the k boundaries ((m + 1/2) ln2) and of the range's end
lo = np.float32(-85.0).view(np.uint32)
bits = np.arange(np.uint32(0x80000001), lo + np.uint32(1), 53, dtype=np.uint32)
edges = [np.float32(-(m + 0.5) * np.log(2.0)).view(np.uint32) for m in range(123)] + [lo]
near = np.concatenate([np.arange(e - 40, e + 41, dtype=np.int64) for e in edges]).astype(np.uint32)
near = near[(near > 0x80000000) & (near <= lo)]
sets = {"float32": np.concatenate([bits, near]).view(np.float32)}
for name, dt in (("float16", np.float16), ("bfloat16", ml_dtypes.bfloat16)):
    every = np.arange(0x8001, 0x10000, dtype=np.uint32).astype(np.uint16).view(dt)
    v = every.astype(np.float32)
    sets[name] = every[np.isfinite(v) & (v >= -85.0)]
for name, vals in sets.items():
    dt = vals.dtype
    n = 4096
    per = n - 3                              # slots 0 and n - 17 hold the max 0
    k = -(-len(vals) // per)
    body = np.resize(vals, k * per).reshape(k, per)
    row = np.zeros((k, n), dt)
    idx = [i for i in range(n - 1) if i not in (0, n - 17)]
    row[:, idx] = body
    a, b = row.copy(), row.copy()
    a[:, -1] = -84.9                         # every argument in range: ao_rm_expn
    b[:, -1] = -1000.0                       # out of range: ao_expf
    # the last element adds exp(-84.9) or 0 to a lane holding >= 1 (slot n - 17): the
    # same double sum either way, so the rows differ only if an exp does
    ut = np.uint32 if name == "float32" else np.uint16
    out[name + " a"] = np.asarray(ao.softmax(a, -1))[:, :-1].view(ut)
    out[name + " b"] = np.asarray(ao.softmax(b, -1))[:, :-1].view(ut)
np.savez(sys.argv[1], **out)
"""


@pytest.mark.slow     # tier 2: an exhaustive sweep of the exp arguments, every region
def test_one_scale_exp_equals_ao_expf(tmp_path):
    for isa in isas():
        got = _run(tmp_path, isa, EXPN_SCRIPT)
        for name in ("float32", "float16", "bfloat16"):
            a, b = got[name + " a"], got[name + " b"]
            assert a.size > 20000
            np.testing.assert_array_equal(a, b, err_msg="%s %s" % (name, isa))
