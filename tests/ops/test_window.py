"""Windowed ops (ascendops/_window.pxi WindowOp): Im2col and UpsampleNearest2d against
their numpy float64 loop references and torch where installed, every dtype CANN lists
on the host profile, strided and transposed self and out, CHW and NHWC forms, the
two-stage API, empty tensors, and CANN's refusals in its order (the ops' check
sequences)."""
import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn

IM2COL = ao.registered_ops()["im2col"]
UPSAMPLE = ao.registered_ops()["upsample_nearest_2d"]
RNG = np.random.default_rng(7)

try:
    import torch
except ImportError:          # torch is optional
    torch = None

IM2COL_CASES = [
    ((2, 3, 5, 7), (2, 3), (1, 1), (0, 0), (1, 1)),
    ((2, 3, 9, 8), (3, 2), (2, 1), (1, 2), (2, 3)),
    ((3, 6, 6), (3, 3), (1, 1), (1, 1), (1, 1)),          # CHW: (C * kh * kw, L)
    ((1, 1, 1, 1), (1, 1), (1, 1), (0, 0), (1, 1)),
    ((1, 2, 4, 5), (5, 6), (1, 1), (2, 3), (4, 1)),       # windows mostly padding
]


def _data(shape, dtype):
    x = RNG.standard_normal(shape) * 8
    dt = ao.as_dtype(dtype).numpy
    return x.astype(dt) if np.dtype(dt).kind in "fc" else np.round(x).astype(dt)


@pytest.mark.parametrize("case", IM2COL_CASES)
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16", "int8", "int64", "float64", "bool_"])
def test_im2col_every_dtype_is_exact(case, dtype):
    shape, k, d, p, s = case
    x = _data(shape, dtype)
    y = np.asarray(ao.im2col(x, k, d, p, s))
    ref = IM2COL.info["reference"](x.astype(np.float64), k, d, p, s)
    assert y.dtype == x.dtype and y.shape == ref.shape
    np.testing.assert_array_equal(y.astype(np.float64), ref)


@pytest.mark.skipif(torch is None, reason="torch not installed")
@pytest.mark.parametrize("case", IM2COL_CASES)
def test_im2col_is_torch_unfold(case):
    shape, k, d, p, s = case
    x = _data(shape, "float32")
    t = torch.nn.functional.unfold(torch.from_numpy(x if len(shape) == 4 else x[None]), k, d, p, s).numpy()
    np.testing.assert_array_equal(np.asarray(ao.im2col(x, k, d, p, s)), t if len(shape) == 4 else t[0])


@pytest.mark.parametrize("dst", ["float16", "bfloat16", "float32"])
def test_im2col_out_of_another_float_dtype_is_rounded_once(dst):
    x = _data((1, 2, 4, 4), "float32")
    ref = IM2COL.info["reference"](x, (2, 2), (1, 1), (1, 1), (1, 1))
    out = ao.empty(ref.shape, dst)
    ao.im2col(x, (2, 2), (1, 1), (1, 1), (1, 1), out=out)
    want = ao.tensor(ref.astype(np.float32)).astype(dst).astype("float32").numpy()
    np.testing.assert_array_equal(out.astype("float32").numpy(), want)


def test_im2col_out_of_an_integer_dtype_from_a_float_self_is_refused():
    x = _data((1, 2, 4, 4), "float32")
    with pytest.raises(ao.AclnnError) as e:
        ao.im2col(x, (2, 2), out=np.empty((1, 8, 9), np.int32))
    assert e.value.status == 161002


def test_im2col_strided_self_and_out():
    base = _data((2, 4, 9, 11), "float32")
    x = base[:, ::2, 1::2, ::-1].transpose(0, 1, 3, 2)        # any strides, negative too
    ref = IM2COL.info["reference"](x, (2, 3), (2, 1), (1, 0), (2, 1))
    big = np.full((ref.shape[0], ref.shape[2], ref.shape[1] * 2), np.nan, np.float32)
    out = big[:, :, ::2].transpose(0, 2, 1)
    ao.im2col(x, (2, 3), (2, 1), (1, 0), (2, 1), out=out)
    np.testing.assert_array_equal(out, ref)
    assert np.isnan(big[:, :, 1::2]).all()                     # nothing else written


def test_im2col_two_stage_and_empty_batch():
    x = ao.tensor(_data((2, 3, 5, 5), "float16"))
    out = ao.empty((2, 27, 9), "float16")
    ws, ex = aclnn.im2col_get_workspace_size(x, (3, 3), (1, 1), (0, 0), (1, 1), out)
    aclnn.im2col(None, ws, ex)
    np.testing.assert_array_equal(out.numpy().astype(np.float64),
                                  IM2COL.info["reference"](x.numpy(), (3, 3), (1, 1), (0, 0), (1, 1)))
    e = ao.im2col(np.zeros((0, 3, 5, 5), np.float32), (3, 3))
    assert e.shape == (0, 27, 9)


@pytest.mark.parametrize("kw, status, words", [
    (dict(kernel_size=(0, 2)), 161002, "kernelSize be greater than zero"),
    (dict(kernel_size=(2,)), 161002, "kernelSize equals to 2"),
    (dict(kernel_size=(2, 2), stride=(1, 0)), 161002, "stride be greater than zero"),
    (dict(kernel_size=(2, 2), padding=(-1, 0)), 161002, "padding be greater than or equal to zero"),
    (dict(kernel_size=(9, 9)), 161002, "at least one"),
    (dict(kernel_size=None), 161001, "kernelSize"),
])
def test_im2col_refusals(kw, status, words):
    with pytest.raises(ao.AclnnError) as e:
        ao.im2col(_data((1, 2, 4, 4), "float32"), **kw)
    assert e.value.status == status and words in str(e.value)


def test_im2col_refuses_in_cann_order():
    # dtype before rank (CheckParams 2, 3), rank before the arrays (3, 4), a zero dim
    with pytest.raises(ao.AclnnError, match="COMPLEX128"):
        ao.im2col(np.zeros((4, 4), np.complex128), (0, 0))
    with pytest.raises(ao.AclnnError, match="3 or 4"):
        ao.im2col(np.zeros((4, 4), np.float32), (0, 0))
    with pytest.raises(ao.AclnnError, match="No.\\[2\\] dim is \\[0\\]"):
        ao.im2col(np.zeros((1, 0, 4, 4), np.float32), (1, 1))
    with pytest.raises(ao.AclnnError, match="Expect out shape"):
        ao.im2col(np.zeros((1, 2, 4, 4), np.float32), (2, 2), out=np.zeros((1, 8, 8), np.float32))


def test_im2col_runs_against_the_loop_reference():
    """Each output row is one run of an input row (contiguous where the stride is 1) with
    zeros either side: every clipping of the run (padding left, right, both, none; runs
    empty; strides and dilations; 1-pixel and odd images), contiguous and strided self,
    2- and 1-byte elements."""
    base = _data((2, 3, 9, 23), "float32")
    for h, w in ((1, 1), (5, 7), (9, 23)):
        for k, s, p, d in (((3, 3), (1, 1), (0, 0), (1, 1)), ((3, 3), (1, 1), (2, 2), (1, 1)),
                           ((2, 5), (1, 3), (1, 4), (1, 2)), ((1, 4), (2, 2), (0, 3), (1, 3)),
                           ((3, 2), (3, 1), (3, 1), (2, 1))):
            for x in (base[:, :, :h, :w], base[:, :, :h, ::-1][:, :, :, :w]):
                g = IM2COL.geometry(x.shape, (k, d, p, s))
                if g.oh <= 0 or g.ow <= 0:
                    continue
                ref = IM2COL.info["reference"](x, k, d, p, s)
                np.testing.assert_array_equal(np.asarray(ao.im2col(x, k, d, p, s)), ref)
                x16 = x.astype(np.float16)
                np.testing.assert_array_equal(np.asarray(ao.im2col(x16, k, d, p, s)).astype(np.float64),
                                              IM2COL.info["reference"](x16, k, d, p, s))
                xi8 = np.round(x).astype(np.int8)
                np.testing.assert_array_equal(np.asarray(ao.im2col(xi8, k, d, p, s)),
                                              IM2COL.info["reference"](xi8, k, d, p, s))


UPSAMPLE_CASES = [((2, 3, 5, 7), (10, 14)), ((1, 2, 7, 5), (3, 4)), ((2, 1, 3, 3), (7, 11)), ((1, 1, 1, 1), (5, 3)),
                  ((1, 2, 6, 9), (4, 6))]


@pytest.mark.parametrize("case", UPSAMPLE_CASES)
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16", "float64", "uint8"])
def test_upsample_nearest_every_dtype_is_exact(case, dtype):
    shape, size = case
    x = _data(shape, dtype)
    y = ao.upsample_nearest_2d(ao.tensor(x, format="NCHW"), size)
    assert y.format.name == "NCHW" and y.dtype == ao.as_dtype(dtype)
    np.testing.assert_array_equal(y.numpy().astype(np.float64), UPSAMPLE.info["reference"](x, size))


@pytest.mark.skipif(torch is None, reason="torch not installed")
@pytest.mark.parametrize("case", UPSAMPLE_CASES + [((1, 1, 13, 17), (29, 3)), ((1, 1, 100, 3), (33, 7))])
def test_upsample_nearest_is_torch_interpolate(case):
    shape, size = case
    x = _data(shape, "float32")
    t = torch.nn.functional.interpolate(torch.from_numpy(x), size=size, mode="nearest").numpy()
    np.testing.assert_array_equal(ao.upsample_nearest_2d(ao.tensor(x, format="NCHW"), size).numpy(), t)


def test_upsample_nearest_nhwc_and_strided():
    x = _data((2, 3, 5, 7), "float32")
    xn = ao.tensor(np.ascontiguousarray(x.transpose(0, 2, 3, 1)), format="NHWC")
    y = ao.upsample_nearest_2d(xn, (9, 4))
    assert y.shape == (2, 9, 4, 3)
    np.testing.assert_array_equal(y.numpy().transpose(0, 3, 1, 2), UPSAMPLE.info["reference"](x, (9, 4)))
    xs = ao.tensor(_data((2, 3, 10, 14), "float16"), format="NCHW")[:, :, ::2, ::2]
    out = ao.empty((2, 3, 8, 3), "float16", format="NCHW")
    ao.upsample_nearest_2d(xs, (8, 3), out=out)
    np.testing.assert_array_equal(out.numpy(), UPSAMPLE.info["reference"](xs.numpy(), (8, 3)).astype(np.float16))


@pytest.mark.parametrize("dtype", ["float32", "float16", "uint8", "float64"])
def test_upsample_nearest_row_copies_and_broadcasts(dtype):
    """The source columns are computed once per call, an integer upscale broadcasts each
    element, an output row of the previous row's source row is copied from it: integer
    factors 1-4 and scales that are not (above and below 1), 1-pixel images and rows,
    contiguous, column-strided and NHWC self and out, on as many threads as cut the rows
    into ranges (a range's first row is never a copy)."""
    x = _data((2, 3, 11, 13), dtype)
    sizes = ((11, 13), (22, 26), (33, 39), (44, 52), (7, 5), (17, 20), (5, 40), (1, 1), (40, 1))
    for src in (x, x[:, :, :1, :1], x[:, :, :1, :], x[:, :, :, :1], x[:, :, :, ::-1]):
        for size in sizes:
            ref = UPSAMPLE.info["reference"](src, size)
            y = ao.upsample_nearest_2d(ao.tensor(src, format="NCHW"), size)
            np.testing.assert_array_equal(y.numpy().astype(np.float64), ref)
            out = np.zeros(ref.shape[:3] + (2 * size[1],), src.dtype)[..., ::2]
            ao.upsample_nearest_2d(src, size, out=out)
            np.testing.assert_array_equal(out.astype(np.float64), ref)
    xn = ao.tensor(np.ascontiguousarray(x.transpose(0, 2, 3, 1)), format="NHWC")
    y = ao.upsample_nearest_2d(xn, (22, 26))
    np.testing.assert_array_equal(y.numpy().transpose(0, 3, 1, 2).astype(np.float64),
                                  UPSAMPLE.info["reference"](x, (22, 26)))
    big = _data((2, 3, 40, 50), dtype)
    threads = ao.get_num_threads()
    ao.set_num_threads(2)
    try:
        for size in ((80, 100), (120, 257), (61, 77)):
            np.testing.assert_array_equal(np.asarray(ao.upsample_nearest_2d(big, size)).astype(np.float64),
                                          UPSAMPLE.info["reference"](big, size))
    finally:
        ao.set_num_threads(threads)


@pytest.mark.parametrize("call, status, words", [
    (lambda x: aclnn.upsample_nearest_2d_get_workspace_size(ao.tensor(x.numpy()), (4, 4), ao.empty((1, 2, 4, 4))),
     161002, "format ND"),
    (lambda x: ao.upsample_nearest_2d(x, (4,)), 161002, "output size equals to 2"),
    (lambda x: ao.upsample_nearest_2d(x, (0, 4)), 161002, "greater than 0"),
    (lambda x: ao.upsample_nearest_2d(x, (4, 4), out=ao.empty((1, 2, 4, 4), "float16", format="NCHW")),
     161002, "dtype"),
    (lambda x: ao.upsample_nearest_2d(x, (4, 4), out=ao.empty((1, 3, 4, 4), "float32", format="NCHW")),
     161002, "outDimC"),
    (lambda x: ao.upsample_nearest_2d(x, (4, 4), out=ao.empty((1, 2, 4, 5), "float32", format="NCHW")),
     161002, "Expected output size"),
    (lambda x: ao.upsample_nearest_2d(x, (4, 4), out=ao.empty((1, 2, 4, 4), "float32", format="NHWC")), 161002,
     "format"),
    (lambda x: ao.upsample_nearest_2d(x, None), 161001, "outputSize"),
])
def test_upsample_nearest_refusals(call, status, words):
    x = ao.tensor(_data((1, 2, 3, 3), "float32"), format="NCHW")
    with pytest.raises(ao.AclnnError) as e:
        call(x)
    assert e.value.status == status and words in str(e.value)


def test_upsample_nearest_empty_batch_returns_success():
    y = ao.upsample_nearest_2d(ao.tensor(np.zeros((0, 2, 3, 3), np.float32), format="NCHW"), (5, 5))
    assert y.shape == (0, 2, 5, 5)


MAX_POOL = ao.registered_ops()["max_pool"]
MAX_POOL_CASES = [
    ((2, 3, 6, 7), (2, 2), (2, 2), (0, 0), 0),
    ((2, 3, 7, 9), (3, 3), (2, 2), (1, 1), 1),
    ((3, 5, 5), (3, 2), (1,), (1,), 0),                    # CHW, one stride and pad for both dims
    ((1, 2, 8, 8), (3,), (), (1,), 1),                     # no strides: 1
    ((1, 1, 5, 6), (2, 3), (3, 2), (1, 1, 0, 1), 1),       # pads top, left, bottom, right
]


@pytest.mark.parametrize("case", MAX_POOL_CASES)
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_max_pool_is_exact(case, dtype):
    shape, k, s, p, ceil = case
    x = ao.tensor(_data(shape, "float32")).astype(dtype)
    y = ao.max_pool(x, k, s, 0, p, (), ceil)
    ref = MAX_POOL.info["reference"](x.astype("float32").numpy(), k, s, 0, p, (), ceil)
    np.testing.assert_array_equal(y.astype("float32").numpy(), ref)
    if torch is not None and len(p) < 4:
        t = MAX_POOL.info["torch"](torch, torch.from_numpy(x.astype("float32").numpy()), k, s, 0, p, (), ceil)
        np.testing.assert_array_equal(y.astype("float32").numpy(), t.numpy())


def test_max_pool_nan_wins_and_strided_out():
    x = _data((1, 2, 6, 6), "float32")
    x[0, 0, 1, 1] = np.nan
    big = np.zeros((1, 2, 3, 6), np.float32)
    out = big[:, :, :, ::2]
    ao.max_pool(x, (2, 2), (2, 2), out=out)
    np.testing.assert_array_equal(out, MAX_POOL.info["reference"](x, (2, 2), (2, 2), 0, (), (), 0))
    assert np.isnan(out[0, 0, 0, 0]) and (big[:, :, :, 1::2] == 0).all()


@pytest.mark.parametrize("kw, words", [
    (dict(kernel_shape=(2, 2, 2)), "kernelShape must be one or two"),
    (dict(kernel_shape=(2, 2), strides=(1, 1, 1)), "strides must be zero, one or two"),
    (dict(kernel_shape=(2, 2), pads=(1, 1, 1)), "pads must be zero, one, two or four"),
    (dict(kernel_shape=(2, 2), auto_pad=1), "autoPad must be zero"),
    (dict(kernel_shape=(2, 2), dilations=(2, 1)), "only support 1"),
    (dict(kernel_shape=(0, 2)), "kernel should be greater than 0"),
    (dict(kernel_shape=(2, 2), pads=(2, 0)), "smaller than, or equal to value of kernel size"),
    (dict(kernel_shape=(9, 9)), "calc out size"),
])
def test_max_pool_refusals(kw, words):
    with pytest.raises(ao.AclnnError) as e:
        ao.max_pool(_data((1, 2, 4, 4), "float32"), **kw)
    assert e.value.status == 161002 and words in str(e.value)


def test_max_pool_integer_self_is_refused_as_a_deviation():
    # CANN's DAV_3510 list (the host profile) takes INT32; the kernel computes floats only
    with pytest.raises(ao.AclnnError, match="FLOAT, FLOAT16 and BFLOAT16"):
        ao.max_pool(np.ones((1, 1, 4, 4), np.int32), (2, 2))


AVG_POOL = ao.registered_ops()["avg_pool2d"]
AVG_POOL_CASES = [
    ((2, 3, 6, 7), (2, 2), (2, 2), (0, 0), False, True, 0),
    ((2, 3, 7, 9), (3, 3), (2, 2), (1, 1), True, True, 0),      # ceil: a window past the padding
    ((2, 3, 7, 9), (3, 3), (2, 2), (1, 1), True, False, 0),
    ((3, 5, 5), (3, 2), (1,), (1, 0), False, False, 0),          # NCL
    ((1, 2, 8, 8), (3,), (), (1,), True, True, 0),               # no strides: the kernel
    ((1, 2, 8, 8), (3, 3), (1, 1), (1, 1), False, True, 5),
    ((1, 2, 8, 8), (3, 3), (2, 2), (1, 1), True, False, -3),     # a negative divisorOverride divides
]


@pytest.mark.parametrize("case", AVG_POOL_CASES)
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_avg_pool2d(case, dtype):
    shape, k, s, p, ceil, include, divisor = case
    x = ao.tensor(_data(shape, "float32")).astype(dtype)
    y = ao.avg_pool2d(x, k, s, p, ceil, include, divisor, 0)
    ref = AVG_POOL.info["reference"](x.astype("float32").numpy(), k, s, p, ceil, include, divisor, 0)
    # one rounding of an fp32 sum: within 2 units of the output dtype's last place
    eps = {"float32": 2.0 ** -23 * 8, "float16": 2.0 ** -10, "bfloat16": 2.0 ** -7}[dtype]
    np.testing.assert_allclose(y.astype("float32").numpy(), ref, rtol=2 * eps, atol=2 * eps * np.abs(ref).max())
    if torch is not None and dtype == "float32":
        t = AVG_POOL.info["torch"](torch, torch.from_numpy(x.numpy()), k, s, p, ceil, include, divisor, 0)
        np.testing.assert_allclose(y.numpy(), t.numpy(), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("kw, words", [
    (dict(paddings=(2, 0)), "at most half of kernelH"),
    (dict(paddings=(0, 0, 0)), "length of padding is 1 or 2"),
    (dict(strides=(0, 1)), "stride is less than or equal to 0"),
    (dict(kernel_size=(9, 9)), "calc out size"),
    (dict(cube_math_type=5), "cubeMathType only support"),
])
def test_avg_pool2d_refusals(kw, words):
    args = dict(kernel_size=(2, 2))
    args.update(kw)
    with pytest.raises(ao.AclnnError) as e:
        ao.avg_pool2d(_data((1, 2, 4, 4), "float32"), **args)
    assert e.value.status == 161002 and words in str(e.value)


def test_avg_pool2d_formats():
    # the two-stage API takes CANN's formats: an ND self is refused, NCHW / NCL pass
    x = ao.tensor(_data((1, 2, 4, 4), "float32"))
    with pytest.raises(ao.AclnnError, match="NCHW or NCL"):
        aclnn.avg_pool2d_get_workspace_size(x, (2, 2), (2, 2), (0,), False, True, 0, 0, ao.empty((1, 2, 2, 2)))
    out = ao.empty((1, 2, 2, 2), format="NCHW")
    ws, ex = aclnn.avg_pool2d_get_workspace_size(ao.tensor(x.numpy(), format="NCHW"), (2, 2), (2, 2), (0,), False,
                                                 True, 0, 0, out)
    aclnn.avg_pool2d(None, ws, ex)
    np.testing.assert_allclose(out.numpy(), x.numpy().reshape(1, 2, 2, 2, 2, 2).mean(axis=(3, 5)), rtol=1e-6)
