"""aclnnConvolution (ConvolutionOp, src/conv.c): what the generic harness cannot check for
an op whose operands' shapes follow its attributes. Values of 1-d and 2-d convolutions,
transposed or not, grouped and depthwise, with stride, dilation, symmetric and
asymmetric padding, outputPadding and bias, in every dtype (mixed ones too); strided
operands (the output layout llama.cpp's SSM_CONV writes); results independent of the
thread count; the empty return; the kind's refusals. References: the op's float64
reference (numpy) and torch's conv1d / conv2d / conv_transpose1d / 2d in float64 where
torch is installed."""
import itertools

import ml_dtypes  # noqa: F401  (bfloat16 for numpy)
import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn
from ascendops.ops.convolution import reference

DTYPES = ("float32", "float16", "bfloat16")
TOL = {"float32": 2e-6, "float16": 1e-3, "bfloat16": 8e-3}

# (input, weight, bias?, stride, padding, dilation, transposed, outputPadding, groups)
CASES = [
    ((2, 4, 10), (6, 2, 3), True, (1,), (1,), (1,), False, (0,), 2),
    ((2, 4, 10), (6, 4, 3), False, (2,), (2,), (2,), False, (0,), 1),
    ((1, 8, 20), (8, 1, 4), False, (1,), (0,), (1,), False, (0,), 8),          # SSM_CONV: depthwise
    ((1, 5, 9), (3, 5, 2), True, (3,), (1, 2), (1,), False, (0,), 1),          # asymmetric padding
    ((2, 4, 10), (4, 3, 5), True, (3,), (1,), (1,), True, (2,), 1),
    ((1, 3, 7), (3, 5, 4), False, (2,), (0,), (1,), True, (0,), 1),           # CONV_TRANSPOSE_1D's form
    ((2, 4, 10), (4, 3, 5), True, (2,), (2,), (2,), True, (1,), 2),
    ((2, 6, 9, 11), (4, 3, 3, 2), True, (2, 1), (1, 0), (1, 2), False, (0, 0), 2),
    ((1, 3, 8, 7), (5, 3, 3, 3), True, (1, 2), (0, 1, 2, 0), (1, 1), False, (0, 0), 1),
    ((2, 4, 5, 6), (4, 2, 3, 3), True, (2, 2), (1, 1), (1, 1), True, (1, 1), 2),
    ((1, 6, 6, 5), (6, 1, 3, 3), False, (1, 1), (1, 1), (2, 1), False, (0, 0), 6),
    ((1, 2, 4, 3), (2, 3, 2, 2), True, (2, 3), (1, 2, 0, 1), (1, 1), True, (1, 0), 1),
    ((1, 16, 70, 40), (24, 16, 3, 3), True, (1, 1), (1, 1), (1, 1), False, (0, 0), 1),   # several column tiles
    ((2, 6, 9, 7), (8, 6, 1, 1), True, (1, 1), (0, 0), (1, 1), False, (0, 0), 1),         # 1x1: the input in place
    ((2, 4, 11, 10), (8, 1, 3, 3), True, (2, 2), (1, 2), (1, 2), False, (0, 0), 4),       # depthwise, 2 per channel
    ((1, 1, 3000), (1, 1, 1), True, (1,), (0,), (1,), False, (0,), 1),                     # one channel, many tiles
    ((1, 3, 2500), (3, 1, 5), False, (3,), (4,), (2,), False, (0,), 3),                    # depthwise, many tiles
    ((1, 300, 4), (300, 1, 4), True, (1,), (0,), (1,), False, (0,), 300),                 # SSM_CONV's decode step
]


def _rand(shape, dtype, seed):
    return np.random.default_rng(seed).uniform(-2.0, 2.0, size=shape).astype(ao.as_dtype(dtype).numpy)


def _operands(case, dtypes=("float32",) * 4, seed=0):
    xs, ws, has_bias, stride, padding, dilation, transposed, opad, groups = case
    x, w = _rand(xs, dtypes[0], seed), _rand(ws, dtypes[1], seed + 1)
    cout = ws[1] * groups if transposed else ws[0]
    b = _rand((cout,), dtypes[2], seed + 2) if has_bias else None
    return x, w, b, (stride, padding, dilation, transposed, opad, groups, 0)


def _close(got, ref, dtype, what=""):
    got = np.asarray(got).astype(np.float64)
    assert got.shape == ref.shape, (what, got.shape, ref.shape)
    scale = max(1.0, float(np.max(np.abs(ref)))) if ref.size else 1.0
    # float32 sums of up to ~150 products: a few ulps of the largest partial sum
    tol = max(TOL[dtype], 2e-6)
    np.testing.assert_allclose(got, ref, rtol=tol, atol=tol * scale * 4, err_msg=what)


@pytest.mark.parametrize("case", CASES, ids=[str(i) for i in range(len(CASES))])
def test_float32_values_match_the_reference_and_torch(case):
    x, w, b, attrs = _operands(case)
    got = np.asarray(ao.convolution(x, w, b, *attrs))
    ref = reference(x, w, b, *attrs)
    _close(got, ref, "float32", str(case))
    torch = pytest.importorskip("torch")
    from ascendops.ops.convolution import CONVOLUTION
    t = CONVOLUTION.info["torch"](torch, torch.from_numpy(x).double(), torch.from_numpy(w).double(),
                                       None if b is None else torch.from_numpy(b).double(), *attrs)
    if t is not None:
        np.testing.assert_allclose(ref, t.numpy(), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("dtype", ("float16", "bfloat16"))
@pytest.mark.parametrize("case", CASES, ids=[str(i) for i in range(len(CASES))])
def test_16bit_operands_sum_in_float32(case, dtype):
    x, w, b, attrs = _operands(case, (dtype,) * 4)
    got = ao.convolution(x, w, b, *attrs)
    assert np.asarray(got).dtype == np.dtype(ao.as_dtype(dtype).numpy)
    _close(got, reference(x, w, b, *attrs), dtype, dtype)


def test_mixed_dtypes_and_a_float32_output():
    """CANN checks each tensor against the list: input FLOAT16, weight BFLOAT16, bias FLOAT,
    output FLOAT (ascendops widens each to float32)."""
    x, w, b, attrs = _operands(CASES[7], ("float16", "bfloat16", "float32"))
    out = np.empty(reference(x, w, b, *attrs).shape, dtype=np.float32)
    ao.convolution(x, w, b, *attrs, out=out)
    _close(out, reference(x, w, b, *attrs), "float32")


@pytest.mark.parametrize("case", [CASES[2], CASES[17], ((2, 70, 30), (70, 1, 4), True, (1,), (1,), (1,), False, (0,), 70)],
                         ids=["depthwise", "decode", "many-channels"])
@pytest.mark.parametrize("dtype", ("float32", "bfloat16"))
def test_strided_operands(case, dtype):
    """Input, weight and output as non-contiguous views: the output transposed in memory,
    as llama.cpp's SSM_CONV lays out y (channels innermost: several channels' values are
    stored position by position), on 1 and 3 threads."""
    x, w, b, attrs = _operands(case, (dtype,) * 3)
    ref = reference(x, w, b, *attrs)
    xt = np.ascontiguousarray(x.transpose(0, 2, 1)).transpose(0, 2, 1)       # (N, C, L) channel-innermost
    wt = np.asfortranarray(w)
    threads = ao.get_num_threads()
    try:
        # the input channel-innermost too (the im2col path), or in rows as SSM_CONV's x (windows read in place)
        for t, xt in itertools.product((1, 3), (xt, x)):
            ao.set_num_threads(t)
            # (N, C, L) view of (N, L, C) memory: channels innermost, as ggml's dst {C, L, N}
            out = np.zeros((ref.shape[0], ref.shape[2], ref.shape[1]), dtype=x.dtype).transpose(0, 2, 1)
            ao.convolution(xt, wt, b, *attrs, out=out)
            _close(out, ref, dtype)
    finally:
        ao.set_num_threads(threads)


@pytest.mark.parametrize("case", [CASES[7], CASES[9], CASES[14], CASES[16], CASES[17]],
                         ids=["2d", "2d-transposed", "depthwise", "depthwise-1d", "depthwise-decode"])
def test_results_do_not_depend_on_the_thread_count(case):
    x, w, b, attrs = _operands(case)
    n = ao.get_num_threads()
    try:
        ao.set_num_threads(1)
        one = np.asarray(ao.convolution(x, w, b, *attrs))
        ao.set_num_threads(max(n, 4))
        many = np.asarray(ao.convolution(x, w, b, *attrs))
    finally:
        ao.set_num_threads(n)
    np.testing.assert_array_equal(one, many)


@pytest.mark.parametrize("dtype", ("float32", "float16"))
@pytest.mark.parametrize("window", [((4,), (1,), (0,), (1,)), ((4,), (2,), (3,), (2,)), ((3, 3), (1, 2), (1, 1), (1, 1))],
                         ids=["1d", "1d-strided-padded", "2d"])
def test_short_depthwise_rows_sum_as_long_ones(dtype, window):
    """Depthwise output rows of at most 4 positions (a decode step's SSM_CONV: one) are
    summed position by position, longer rows tap by tap over the row: the same products
    in the same order, so the same bits. The long input is the short one with zeros
    after it, which its windows read where the short one's read the padding; an
    infinite weight makes both NaN there."""
    k, stride, padding, dilation = window
    c, two = 19, len(k) == 2
    w = _rand((c, 1) + k, dtype, 1)
    w.reshape(-1)[5] = np.inf
    b = _rand((c,), dtype, 2)
    attrs = (stride, padding, dilation, False, (0,) * len(k), c, 0)
    for outs in (1, 2, 4):
        # an input length giving `outs` positions along the last dim
        n_in = (outs - 1) * stride[-1] + dilation[-1] * (k[-1] - 1) + 1 - 2 * padding[-1]
        if n_in < 1:
            continue
        x = _rand((2, c) + ((5,) if two else ()) + (n_in,), dtype, outs)
        wide = np.zeros(x.shape[:-1] + (n_in + 40,), x.dtype)
        wide[..., :n_in] = x
        with np.errstate(invalid="ignore"):
            short = np.asarray(ao.convolution(x, w, b, *attrs)).astype(np.float64)
            long = np.asarray(ao.convolution(wide, w, b, *attrs)).astype(np.float64)
        assert short.shape[-1] == outs and not np.isfinite(short).all()
        assert np.isnan(short).any() or not any(padding)
        np.testing.assert_array_equal(short, long[..., :outs])


@pytest.mark.parametrize("case", [CASES[10], CASES[14], CASES[16], CASES[7], CASES[1]],
                         ids=["depthwise", "depthwise-strided", "depthwise-1d", "2d", "1d"])
def test_an_infinite_weight_over_the_padding_gives_nan(case):
    """The window over the zero padding: an infinite weight times 0 is NaN, as in the
    product over the zero-filled input (the reference, torch)."""
    x, w, b, attrs = _operands(case)
    w = w.copy()
    w.reshape(-1)[0] = np.inf
    with np.errstate(invalid="ignore"):
        ref = reference(x, w, b, *attrs)
    got = np.asarray(ao.convolution(x, w, b, *attrs)).astype(np.float64)
    assert np.isnan(ref).any()
    np.testing.assert_array_equal(np.isnan(got), np.isnan(ref))
    np.testing.assert_array_equal(np.isinf(got), np.isinf(ref))


def test_two_stage_api_and_repeated_launches():
    x, w, b, attrs = _operands(CASES[4])
    ref = reference(x, w, b, *attrs)
    xt, wt, bt = ao.from_numpy(x), ao.from_numpy(w), ao.from_numpy(b)
    out = ao.empty(ref.shape, "float32", format="NCL")
    for _ in range(2):
        size, ex = aclnn.convolution_get_workspace_size(xt, wt, bt, *attrs[:6], out, attrs[6])
        aclnn.convolution(ao.empty((max(size, 1),), "uint8") if size else None, size, ex)
        _close(out.numpy(), ref, "float32")
        out.numpy()[...] = 0


def test_empty_batch_returns_success():
    x = np.zeros((0, 4, 10), np.float32)
    w = _rand((6, 4, 3), "float32", 0)
    got = ao.convolution(x, w, None, (1,), (0,), (1,), False, (0,), 1, 0)
    assert np.asarray(got).shape == (0, 6, 8)


@pytest.mark.parametrize("args,status", [
    # 3-d: accepted by CANN, not computed here
    ((np.zeros((1, 2, 3, 3, 3), np.float32), np.zeros((2, 2, 1, 1, 1), np.float32), None, (1, 1, 1), (0, 0, 0),
      (1, 1, 1), False, (0, 0, 0), 1, 0), 561003),
    ((np.zeros((1, 4, 8), np.float32), np.zeros((6, 3, 3), np.float32), None, (1,), (0,), (1,), False, (0,), 2, 0),
     161002),                                                   # C != weight.C * groups
    ((np.zeros((1, 4, 8), np.float32), np.zeros((6, 4, 3), np.float32), None, (0,), (0,), (1,), False, (0,), 1, 0),
     161002),                                                   # stride 0
    ((np.zeros((1, 4, 2), np.float32), np.zeros((6, 4, 3), np.float32), None, (1,), (0,), (1,), False, (0,), 1, 0),
     161002),                                                   # window past the input
    ((np.zeros((1, 4, 8), np.float32), np.zeros((6, 4, 3), np.float32), None, (1,), (0,), (1,), False, (0,), 1, 9),
     161002),                                                   # cubeMathType 9
    ((np.zeros((1, 4, 8), np.float32), np.zeros((4, 2, 3), np.float32), None, (2,), (0,), (1,), True, (2,), 1, 0),
     161002),                                                   # outputPadding >= stride and dilation
    ((np.zeros((1, 4, 8), np.float32), None, None, (1,), (0,), (1,), False, (0,), 1, 0), 161001),
])
def test_refusals(args, status):
    with pytest.raises(ao.AclnnError) as e:
        ao.convolution(*args)
    assert e.value.status == status
