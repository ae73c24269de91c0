"""Cast between float32 and float16 / bfloat16 on contiguous data runs the ISA
region's vector conversions (include/ascendops/src/cast.c ao_cast_fast); strided data
runs the scalar path. Both give the same bits for every value, NaNs included, in every
ISA region this CPU has (one process per ASCENDOPS_ISA), and numpy's astype bits for
every non-NaN value (float32 -> bfloat16: ml_dtypes'). The inputs: every 16-bit
pattern, and float32 patterns at the rounding boundaries (ties, overflow to inf,
subnormal results), random bits, NaNs of every kind, in blocks with and without NaNs.
"""

import numpy as np
import pytest
from region_runs import isas, run_script

ml_dtypes = pytest.importorskip("ml_dtypes")

SCRIPT = r"""
import sys
import ml_dtypes
import numpy as np
import ascendops as ao

src = np.load(sys.argv[2])
out = {"isa": np.array(ao.isa())}
for name, target in (("f16", "float32"), ("bf16", "float32"), ("f32", "float16"), ("f32", "bfloat16")):
    dt = {"f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32}[name]
    x = src[name].view(dt)
    contiguous = ao.cast(x, target)
    xs = np.empty(2 * x.size, dt)
    xs[::2] = x
    strided = ao.cast(xs[::2], target)  # the scalar path
    key = name + "->" + target
    out[key + " contiguous"] = np.ascontiguousarray(contiguous).view(np.uint8)
    out[key + " strided"] = np.ascontiguousarray(strided).view(np.uint8)
    # the output at every element offset into a 64-byte line (ao_cast_fast's first
    # block ends at the output's first line boundary), the input at another offset
    isz = np.dtype(contiguous.dtype).itemsize
    for off in range(0, 64, isz):
        buf = np.empty(contiguous.nbytes + 128, np.uint8)
        start = (-buf.ctypes.data) % 64 + off
        o = buf[start:start + contiguous.nbytes].view(contiguous.dtype)
        assert o.ctypes.data % 64 == off
        xbuf = np.empty(x.nbytes + 128, np.uint8)
        xstart = (-xbuf.ctypes.data) % 64 + (off + 8) % 64
        xo = xbuf[xstart:xstart + x.nbytes].view(dt)
        xo[...] = x
        ao.cast(xo, target, out=o)
        out[key + " out+%d" % off] = o.view(np.uint8).copy()
np.savez(sys.argv[1], **out)
"""


def _inputs():
    rng = np.random.default_rng(7)
    every16 = np.arange(65536, dtype=np.uint32).astype(np.uint16)
    # float32 -> float16 boundaries: around each half's halfway point and the largest half
    h = np.arange(0, 0x7C00, 7, dtype=np.uint16).view(np.float16).astype(np.float32).view(np.uint32)
    ties = np.concatenate([h + np.uint32(off) for off in (0xFFF, 0x1000, 0x1001, 0x2000)])
    edges = np.array([0x477FE000, 0x477FEFFF, 0x477FF000, 0x477FF001, 0x47800000,  # 65504 .. 65536
                      0x33000000, 0x33000001, 0x32FFFFFF, 0x387FC000, 0x387FE000,  # tiny, subnormal
                      0x7F800000, 0x00000001, 0x00800000, 0x7F7FFFFF], np.uint32)
    edges = np.concatenate([edges, edges | 0x80000000])
    nans = np.array([0x7FC00000, 0x7F800001, 0x7FBFFFFF, 0x7FC12345, 0x7F802000, 0x7FFFFFFF],
                    np.uint32)
    nans = np.concatenate([nans, nans | 0x80000000])
    clean = rng.integers(0, 2 ** 32, 50000, dtype=np.uint64).astype(np.uint32)
    clean = clean[(clean & 0x7F800000) != 0x7F800000]  # no NaN: whole blocks take the vector path
    salted = rng.integers(0, 2 ** 32, 5000, dtype=np.uint64).astype(np.uint32)
    salted[::97] = nans[np.arange(salted[::97].size) % nans.size]
    f32 = np.concatenate([clean, ties, edges, salted, nans])
    return {"f16": every16, "bf16": every16, "f32": f32}


@pytest.mark.filterwarnings("ignore:invalid value encountered")
@pytest.mark.filterwarnings("ignore:overflow encountered")
def test_cast_fast_path_matches_the_scalar_path_and_numpy_in_every_region(tmp_path):
    src = _inputs()
    src_path = tmp_path / "src.npz"
    np.savez(src_path, **src)
    numpy_dt = {"float32": np.float32, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16}
    for isa in isas():
        got = run_script(SCRIPT, tmp_path / ("out_%s.npz" % isa), src_path, ASCENDOPS_ISA=isa)
        assert str(got["isa"]) == isa
        for name, target in (("f16", "float32"), ("bf16", "float32"), ("f32", "float16"),
                             ("f32", "bfloat16")):
            key = name + "->" + target
            fast, slow = got[key + " contiguous"], got[key + " strided"]
            assert np.array_equal(fast, slow), (isa, key, np.flatnonzero(fast != slow)[:8])
            offsets = [k for k in got.files if k.startswith(key + " out+")]
            assert len(offsets) == 64 // (4 if target == "float32" else 2)
            for k in offsets:
                bad = np.flatnonzero(got[k] != slow)
                assert bad.size == 0, (isa, k, bad[:8])
            # non-NaN values: numpy's (ml_dtypes') astype bits
            x = src[name].view({"f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32}[name])
            ref = x.astype(numpy_dt[target])
            val = fast.view(ref.dtype)
            ok = ~np.isnan(x.astype(np.float32))
            ref_bits = ref.view(np.uint32 if target == "float32" else np.uint16)
            val_bits = val.view(ref_bits.dtype)
            bad = np.flatnonzero(ok & (ref_bits != val_bits))
            assert bad.size == 0, (isa, key, x[bad[:4]], val[bad[:4]], ref[bad[:4]])
