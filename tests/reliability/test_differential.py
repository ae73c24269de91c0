"""Differential property tests of SiluBackward against the float64 numpy reference.

Random shapes (0-d to 8-d, empty dims included), random input and output layouts
(zero strides, steps, permuted dims, storage offsets) built with as_strided over a
buffer just big enough, broadcast pairs, every dtype pair of {float16, float32,
bfloat16}, both SoC profiles, both APIs, contiguous / non-contiguous / in-place /
overlapping outputs. Every accepted case must be within a conditioning-aware bound of
the reference and must leave the output buffer outside the view untouched; every
rejected case must carry the status code aclnn-facts section 1 gives."""
import numpy as np
import pytest
from hypothesis import assume, given, note, strategies as st

import ascendops
from ascendops import aclnn
from ascendops.ops.silu_backward import reference

DTYPES = ("float16", "float32", "bfloat16")
# unit roundoff of the output's narrowing and the smallest subnormal of each dtype
EPS = {"float16": 2.0 ** -11, "float32": 2.0 ** -24, "bfloat16": 2.0 ** -8}
TINY = {"float16": 2.0 ** -24, "float32": 2.0 ** -149, "bfloat16": 2.0 ** -133}
MAX_NUMEL = 1536

COUNTS = {"accepted": 0, "rejected": 0}


def to_f64(t):
    """float64 numpy copy of a Tensor of any dtype, honouring its view."""
    return np.asarray(t.astype("float32").numpy(), dtype=np.float64) if t.dtype.name != "float32" \
        else np.asarray(t.numpy(), dtype=np.float64)


def buffer(rng, n, dtype, lo, hi):
    vals = rng.uniform(lo, hi, size=n)
    # a few large magnitudes: exp() saturation on both sides
    if n > 4:
        vals[rng.integers(0, n, size=2)] = rng.choice([-90.0, -30.0, 30.0, 90.0], size=2)
    return ascendops.tensor(vals.astype(np.float32), dtype=dtype)


@st.composite
def layouts(draw, shape, allow_zero):
    """(strides, offset) for `shape`: a random dim order, steps 1-3, some zero strides."""
    nd = len(shape)
    order = draw(st.permutations(range(nd)))
    steps = [draw(st.sampled_from([1, 1, 1, 2, 3])) for _ in range(nd)]
    strides = [0] * nd
    acc = 1
    for q in reversed(order):
        strides[q] = acc * steps[q]
        acc *= max(shape[q], 1) * steps[q]
    if allow_zero:
        strides = [0 if draw(st.integers(0, 7)) == 0 else s for s in strides]
    offset = draw(st.sampled_from([0, 0, 1, 5, 17]))
    return tuple(strides), offset


def span(shape, strides, offset):
    if any(d == 0 for d in shape):
        return offset
    return offset + sum((d - 1) * s for d, s in zip(shape, strides)) + 1


def covered(shape, strides, offset):
    """Flat element indices of the storage that a view covers."""
    idx = np.array(offset, dtype=np.int64)
    for d, s in zip(shape, strides):
        idx = idx[..., None] + np.arange(d, dtype=np.int64) * s
    return np.unique(idx.ravel())


@st.composite
def shape_pairs(draw):
    nd = draw(st.integers(0, 8))
    hi = 6 if nd <= 3 else 3
    shape = [draw(st.integers(1, hi)) for _ in range(nd)]
    if nd and draw(st.integers(0, 9)) == 0:
        shape[draw(st.integers(0, nd - 1))] = 0
    a, b = list(shape), list(shape)
    kind = draw(st.sampled_from(["same", "same", "same", "bcast", "bcast", "mismatch"]))
    if kind == "bcast" and nd:
        for q in range(nd):
            r = draw(st.integers(0, 3))
            if r == 1:
                a[q] = 1
            elif r == 2:
                b[q] = 1
        # drop leading dims of one side
        cut = draw(st.integers(0, nd))
        if draw(st.booleans()):
            a = a[cut:]
        else:
            b = b[cut:]
    elif kind == "mismatch" and nd:
        q = draw(st.integers(0, nd - 1))
        b[q] = a[q] + draw(st.integers(1, 2))
    return tuple(a), tuple(b)


def expected_status(soc, dy_t, x_t, out_dtype, out_shape):
    """The status aclnn-facts section 1 gives (0: accepted)."""
    regbase = ascendops.SOC_PROFILES[soc].regbase
    if regbase and dy_t != x_t:
        if out_dtype != "float32":
            return 161002
    elif dy_t != out_dtype or x_t != out_dtype:
        return 161002
    return None


def outcome(soc, dy, x, out_dtype, out_shape):
    """None if accepted, else the expected status."""
    prof = ascendops.SOC_PROFILES[soc]
    if expected_status(soc, dy.dtype.name, x.dtype.name, out_dtype, out_shape):
        return 161002
    if not prof.bf16 and "bfloat16" in (dy.dtype.name, x.dtype.name):
        return 161002
    if not prof.regbase:
        if dy.shape != out_shape or x.shape != out_shape:
            return 161002
    else:
        b = ascendops.broadcast_shapes(dy.shape, x.shape)
        if b is None or b != tuple(out_shape):
            return 161002
    return None


@given(data=st.data(), pair=shape_pairs(), dy_dt=st.sampled_from(DTYPES), x_dt=st.sampled_from(DTYPES),
       soc=st.sampled_from(["host", "host", "Ascend910B", "Ascend910B", "Ascend950", "Ascend910"]),
       api=st.sampled_from(["numpy_like", "numpy_like_out", "two_stage"]),
       out_mode=st.sampled_from(["contiguous", "strided", "strided", "inplace", "overlap", "overlap",
                                  "wrong_dtype"]),
       seed=st.integers(0, 2 ** 32 - 1))
def test_differential(data, pair, dy_dt, x_dt, soc, api, out_mode, seed):
    rng = np.random.default_rng(seed)
    if data.draw(st.booleans(), label="same dtypes"):
        x_dt = dy_dt
    dshape, xshape = pair
    bshape = ascendops.broadcast_shapes(dshape, xshape)
    oshape = bshape if bshape is not None else dshape
    for s in (dshape, xshape, oshape):
        assume(int(np.prod(s, dtype=np.int64)) <= MAX_NUMEL)
    dl, doff = data.draw(layouts(dshape, True), label="dy layout")
    xl, xoff = data.draw(layouts(xshape, True), label="x layout")
    dy = ascendops.as_strided(buffer(rng, span(dshape, dl, doff), dy_dt, -8, 8), dshape, dl, doff)
    x = ascendops.as_strided(buffer(rng, span(xshape, xl, xoff), x_dt, -12, 12), xshape, xl, xoff)
    mixed_ok = ascendops.SOC_PROFILES[soc].regbase
    right_dt = "float32" if (dy_dt != x_dt and mixed_ok) else dy_dt
    out_dt = right_dt
    if out_mode == "wrong_dtype":
        out_dt = data.draw(st.sampled_from(DTYPES), label="out dtype")
    if api == "numpy_like":
        out_mode, out_dt = "none", right_dt
        # infer_output: the broadcast shape where the SoC broadcasts, else dy's shape
        oshape = bshape if (mixed_ok and bshape is not None) else dshape
    out = None
    out_base = None
    ol, ooff = _contig(oshape), 0
    if out_mode in ("contiguous", "wrong_dtype"):
        out = ascendops.empty(oshape, out_dt)
    elif out_mode == "strided":
        ol, ooff = data.draw(layouts(oshape, False), label="out layout")
        out_base = buffer(rng, span(oshape, ol, ooff), out_dt, -1, 1)
        out = ascendops.as_strided(out_base, oshape, ol, ooff)
    elif out_mode == "inplace":
        cands = [t for t in (dy, x) if t.dtype.name == out_dt and t.shape == tuple(oshape)
                 and len(covered(t.shape, t.strides, t.storage_offset())) == t.numel]
        assume(cands)
        out = cands[0]
    elif out_mode == "overlap":
        # out is another view of x's storage (needs out dtype == x dtype)
        assume(out_dt == x_dt)
        ol, ooff = data.draw(layouts(oshape, False), label="out layout")
        need = span(oshape, ol, ooff)
        assume(need <= x.storage.nbytes // x.itemsize)
        out_base = ascendops.as_strided(x, (x.storage.nbytes // x.itemsize,), (1,), 0)
        out = ascendops.as_strided(x, oshape, ol, ooff)
    dy_ref, x_ref = to_f64(dy), to_f64(x)
    want_status = outcome(soc, dy, x, out_dt, oshape)
    before = to_f64(out_base).ravel().copy() if out_base is not None else None
    note("soc=%s api=%s out_mode=%s dy=%s%r%r+%d x=%s%r%r+%d out=%s%r%r+%d want=%r" % (
        soc, api, out_mode, dy_dt, dshape, dl, doff, x_dt, xshape, xl, xoff, out_dt, oshape, ol, ooff, want_status))
    with ascendops.soc(soc):
        try:
            if api == "two_stage":
                ws, ex = aclnn.silu_backward_get_workspace_size(dy, x, out)
                wst = ascendops.empty((ws,), "uint8") if ws else None
                aclnn.silu_backward(wst, ws, ex)
                got = out
            else:
                got = ascendops.silu_backward(dy, x, out=out)
        except ascendops.AclnnError as e:
            assert want_status is not None, "rejected a valid case: %s" % e
            assert e.status == want_status, e
            COUNTS["rejected"] += 1
            return
    assert want_status is None, "accepted a case the rules reject with %d" % want_status
    COUNTS["accepted"] += 1
    COUNTS[out_mode] = COUNTS.get(out_mode, 0) + 1
    if out is not None:
        assert got is out
    got_t = got
    assert got_t.shape == tuple(oshape) and got_t.dtype.name == out_dt
    if got_t.numel == 0:
        return
    ref = reference(np.broadcast_to(dy_ref, oshape), np.broadcast_to(x_ref, oshape))
    g = to_f64(got_t)
    s = 1.0 / (1.0 + np.exp(-np.broadcast_to(x_ref, oshape)))
    xa = np.abs(np.broadcast_to(x_ref, oshape))
    bound = (64 * 2.0 ** -23 * np.abs(np.broadcast_to(dy_ref, oshape)) * s * (1 + xa * (1 - s))
             + 1.01 * EPS[out_dt] * np.abs(ref) + TINY[out_dt]
             # the kernel's fp32 sigmoid underflows (exp(-x) overflows for x < -88.7): an
             # absolute error of one fp32 FLT_MIN in s, scaled by d(out)/ds ~ |dy|(1+|x|)
             + np.abs(np.broadcast_to(dy_ref, oshape)) * (1 + xa) * 2.0 ** -126)
    err = np.abs(g - ref)
    bad = ~(err <= bound)
    assert not bad.any(), "max excess at %r: got %r ref %r bound %r" % (
        np.argwhere(bad)[0], g[bad][0], ref[bad][0], bound[bad][0])
    if out_base is not None and out_mode == "strided":
        after = to_f64(out_base).ravel()
        mask = np.ones(after.size, bool)
        mask[covered(oshape, ol, ooff)] = False
        assert np.array_equal(after[mask], before[mask], equal_nan=True), "wrote outside the output view"


def _contig(shape):
    out, acc = [0] * len(shape), 1
    for q in range(len(shape) - 1, -1, -1):
        out[q] = acc
        acc *= max(shape[q], 1)
    return tuple(out)


def test_zzz_report_counts():
    """Prints how many generated cases were accepted / rejected (run with -s)."""
    print("\ndifferential cases: %(accepted)d accepted, %(rejected)d rejected" % COUNTS,
          {k: v for k, v in COUNTS.items() if k not in ("accepted", "rejected")})
