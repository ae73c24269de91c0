"""aclnnCat (ConcatOp, a TensorList input) and aclnnTril / aclnnTriu / aclnnInplaceTriu
(MaskOp): values against numpy (exact: copies), layouts, dtypes, the two-stage API with
its executor cache keyed on the list, and bad input refused with CANN's status."""
import numpy as np
import pytest

import ascendops as ao
from ascendops import aclnn

RNG = np.random.default_rng(7)


def _arr(shape, dtype):
    a = RNG.normal(size=shape) * 10
    d = ao.as_dtype(dtype).numpy
    if np.dtype(d).kind in "iu":
        return a.astype(np.int64).astype(d)
    if np.dtype(d).kind == "b":
        return a > 0
    if np.dtype(d).kind == "c":
        return (a + 1j * a[::-1]).astype(d) if a.ndim else np.asarray(a, d)
    return a.astype(d)


# -- Cat ---------------------------------------------------------------------------
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16", "float64", "int8", "int64", "bool", "complex64"])
@pytest.mark.parametrize("dim", [0, 1, -1])
def test_cat_values(dtype, dim):
    parts = [_arr((3, 4, 5), dtype), _arr((3, 4, 5), dtype)[:, :, ::-1][:, :, :5]]
    shapes = [(3, 4, 5), (2, 4, 5) if dim == 0 else (3, 1, 5) if dim == 1 else (3, 4, 2)]
    parts = [_arr(s, dtype) for s in shapes]
    parts[1] = np.asfortranarray(parts[1])
    got = ao.cat(parts, dim)
    assert got.dtype == parts[0].dtype
    np.testing.assert_array_equal(got, np.concatenate(parts, dim))


def test_cat_promotes_and_casts_to_out():
    a, b = _arr((2, 3), "float16"), _arr((1, 3), "float32")
    got = ao.cat([a, b])
    assert got.dtype == np.float32
    np.testing.assert_array_equal(got, np.concatenate([a.astype(np.float32), b]))
    out = np.empty((3, 3), np.float64)
    assert ao.cat([a, b], out=out) is out
    np.testing.assert_array_equal(out, np.concatenate([a.astype(np.float64), b.astype(np.float64)]))
    i = _arr((2, 3), "int32")
    np.testing.assert_array_equal(ao.cat([i, b]), np.concatenate([i.astype(np.float32), b]))


def test_cat_strided_out_and_inputs():
    big = np.zeros((6, 10), np.float32)
    out = big[:, ::2]                 # (6, 5), stride 2
    a = _arr((5, 4), "float32").T     # (4, 5) transposed
    b = _arr((2, 10), "float32")[:, 1::2]
    ao.cat([a, b], 0, out=out)
    np.testing.assert_array_equal(big[:, ::2], np.concatenate([a, b]))
    assert not big[:, 1::2].any()


def test_cat_empty_elements_skipped():
    a, e = _arr((2, 3), "float32"), np.zeros((0,), np.float32)
    np.testing.assert_array_equal(ao.cat([e, a, np.zeros((0, 3), np.float32), e, a]), np.concatenate([a, a]))
    out = ao.empty((2, 2), "float32")
    ws, ex = aclnn.cat_get_workspace_size([ao.tensor(e), ao.tensor(e)], 0, out)    # none left: success
    aclnn.cat(None, ws, ex)


@pytest.mark.parametrize("n, rows", [(1, 3), (40, 1), (3, 70000)])
def test_cat_many_and_large_pieces(n, rows):
    parts = [_arr((rows, 3), "float32") for _ in range(n)]
    np.testing.assert_array_equal(ao.cat(parts, 0), np.concatenate(parts, 0))
    np.testing.assert_array_equal(ao.cat([p.T for p in parts], 1), np.concatenate([p.T for p in parts], 1))


# the row-segment path (src/concat.c): pieces of out's dtype, each row a contiguous run
WIDTH_DTYPES = ["int8", "float16", "float32", "float64"]     # 1, 2, 4, 8 bytes


def _bits(a):
    a = np.ascontiguousarray(a)
    return a.view(np.uint8).reshape(a.shape + (a.dtype.itemsize,))


@pytest.mark.parametrize("dtype", WIDTH_DTYPES)
def test_cat_row_segments_every_width(dtype):
    # runs of 1 byte to 160 KB: the short (overlapping moves), middle (32-byte loop; up to
    # 64 KiB) and memcpy copies, odd tails, in blocks of rows (runs under 64 bytes) and row
    # by row; along the inner dim, the middle dim of 3-d pieces, and dim 0
    widths = [1, 3, 7, 16, 33, 65, 130]
    for wide in ([1000, 20001], [70, 1000, 20001]):
        parts = [_arr((5, w), dtype) for w in wide]
        np.testing.assert_array_equal(_bits(ao.cat(parts, 1)), _bits(np.concatenate(parts, 1)))
    parts = [_arr((5, w), dtype) for w in widths]
    np.testing.assert_array_equal(_bits(ao.cat(parts, 1)), _bits(np.concatenate(parts, 1)))
    cube = [_arr((3, w, 7), dtype) for w in (1, 4, 9)]
    np.testing.assert_array_equal(_bits(ao.cat(cube, 1)), _bits(np.concatenate(cube, 1)))
    rows = [_arr((r, 3), dtype) for r in (1, 6, 11)]
    np.testing.assert_array_equal(_bits(ao.cat(rows, 0)), _bits(np.concatenate(rows, 0)))


def test_cat_row_segments_views_and_empty_pieces():
    # pieces with a row pitch of their own (column slices), a transposed one (the strided
    # path beside the row path), pieces of no columns, and an out that is a view of a
    # guarded buffer: the bytes around it stay
    base = _arr((9, 40), "float16")
    parts = [base[:5, 3:8], base[::2, 10:13], np.zeros((5, 0), np.float16), base[1:6, 20:39]]
    guard = np.full((7, 60), 7.0, np.float16)
    out = guard[1:6, 2:29]
    ao.cat(parts, 1, out=out)
    want = np.full((7, 60), 7.0, np.float16)
    want[1:6, 2:29] = np.concatenate(parts, 1)
    np.testing.assert_array_equal(_bits(guard), _bits(want))
    mixed = [_arr((4, 5), "float32"), _arr((3, 4), "float32").T, _arr((4, 2), "float32")]
    np.testing.assert_array_equal(ao.cat(mixed, 1), np.concatenate(mixed, 1))
    empty = [np.zeros((0, 3), np.float32), np.zeros((0, 5), np.float32)]
    out = np.zeros((0, 8), np.float32)
    assert ao.cat(empty, 1, out=out) is out


def test_cat_row_segments_on_threads():
    # about 1 MiB of out split over threads by its bytes: parts end inside rows and runs;
    # runs under 64 bytes (blocks of rows) and of 64 or more (row by row)
    saved = ao.get_num_threads()
    try:
        for widths in ((13, 250, 3), (16, 250, 33)):
            parts = [_arr((997, w), "float32") for w in widths]
            want = np.concatenate(parts, 1)
            for threads in (1, 2, 3):
                ao.set_num_threads(threads)
                np.testing.assert_array_equal(ao.cat(parts, 1), want)
                np.testing.assert_array_equal(ao.cat([p.T for p in parts], 0), want.T)
    finally:
        ao.set_num_threads(saved)


def test_cat_two_stage_cache_keyed_on_the_list():
    a, b = ao.tensor(_arr((2, 3), "float32")), ao.tensor(_arr((1, 3), "float32"))
    out = ao.empty((3, 3), "float32")
    before = ao.cache_info()
    for _ in range(2):
        ws, ex = aclnn.cat_get_workspace_size([a, b], 0, out)
        aclnn.cat(None, ws, ex)
    assert ao.cache_info().hits == before.hits + 1
    np.testing.assert_array_equal(out.numpy(), np.concatenate([a.numpy(), b.numpy()]))
    # another list of the same total shape (lengths swapped) is another plan, not a hit
    c, d = ao.tensor(_arr((1, 3), "float32")), ao.tensor(_arr((2, 3), "float32"))
    ws, ex = aclnn.cat_get_workspace_size([c, d], 0, out)
    aclnn.cat(None, ws, ex)
    np.testing.assert_array_equal(out.numpy(), np.concatenate([c.numpy(), d.numpy()]))
    # a repeatable executor re-reads its elements
    ws, ex = aclnn.cat_get_workspace_size([a, b], 0, out)
    ex.set_repeatable()
    aclnn.cat(None, ws, ex)
    a.copy_(np.full((2, 3), 5, np.float32))
    aclnn.cat(None, ws, ex)
    assert (out.numpy()[:2] == 5).all()


def test_cat_bad_input():
    a = ao.tensor(_arr((2, 3), "float32"))
    with pytest.raises(ao.AclnnError) as e:
        aclnn.cat_get_workspace_size(None, 0, ao.empty((2, 3), "float32"))
    assert e.value.status == 161001
    with pytest.raises(ao.AclnnError) as e:
        aclnn.cat_get_workspace_size([a, None], 0, ao.empty((2, 3), "float32"))
    assert e.value.status == 161001
    with pytest.raises(ao.AclnnError) as e:
        aclnn.cat_get_workspace_size([a, 3], 0, ao.empty((2, 3), "float32"))
    assert e.value.status == 161002
    with pytest.raises(ao.AclnnError) as e:
        aclnn.cat_get_workspace_size(a, 0, ao.empty((2, 3), "float32"))
    assert e.value.status == 161002
    with pytest.raises(ao.AclnnError) as e:     # out overlapping an element
        aclnn.cat_get_workspace_size([a], 0, a)
    assert e.value.status == 161002
    with pytest.raises(ao.AclnnError) as e:
        ao.cat([np.zeros((2, 3)), np.zeros((2, 4))], 0)
    assert e.value.status == 161002


def test_cat_on_the_strict_device(run_on_device):
    """The list's elements in memory the host cannot read, the kernel queued on the
    stream's thread: the numpy-like call (host arrays copied in, device tensors with
    strided views), the two-stage API with a repeatable executor that re-reads its
    elements, and an element on another device refused before any work."""
    with run_on_device("cpu:strict") as dev:
        before = ao.memory_stats(dev)["num_allocs"]
        x, y = _arr((3, 4), "float16"), _arr((3, 2), "float32")
        got = ao.cat([x, y], 1)
        assert isinstance(got, np.ndarray) and got.dtype == np.float32
        np.testing.assert_array_equal(got, np.concatenate([x.astype(np.float32), y], 1))
        big = _arr((4, 6), "int32")
        a = ao.tensor(big, device=dev)[:, ::2]          # a strided view on the device
        b = ao.tensor(_arr((2, 3), "int32"), device=dev)
        out = ao.cat([a, b], 0)
        assert out.device == dev
        np.testing.assert_array_equal(out.numpy(), np.concatenate([big[:, ::2], b.numpy()]))
        out = ao.empty((6, 3), "int32", device=dev)
        ws, ex = aclnn.cat_get_workspace_size([a, b], 0, out)
        ex.set_repeatable()
        aclnn.cat(None, ws, ex)
        b.copy_(np.full((2, 3), 9, np.int32))
        aclnn.cat(None, ws, ex)
        ao.synchronize(dev)
        np.testing.assert_array_equal(out.numpy(), np.concatenate([big[:, ::2], np.full((2, 3), 9)]))
        assert ao.memory_stats(dev)["num_allocs"] > before
        host = ao.tensor(_arr((2, 3), "int32"), device="cpu")
        with pytest.raises(ValueError, match=r"tensors\[1\] is on cpu"):
            aclnn.cat_get_workspace_size([a, host], 0, out)
        with pytest.raises(ValueError, match="is on cpu"):
            aclnn.cat_get_workspace_size([host], 0, ao.empty((2, 3), "int32", device=dev))


def test_cat_torch():
    torch = pytest.importorskip("torch")
    a, b = torch.randn(2, 3), torch.randn(2, 5)
    got = ao.cat([a, b], 1)
    assert isinstance(got, torch.Tensor)
    assert torch.equal(got, torch.cat([a, b], 1))


# -- Tril / Triu -------------------------------------------------------------------------
@pytest.mark.parametrize("op, ref", [("tril", np.tril), ("triu", np.triu)])
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16", "float64", "int8", "uint64", "bool"])
def test_triangle_values(op, ref, dtype):
    x = _arr((2, 3, 5, 7), dtype)
    for d in (0, 1, -1, 6, -4, 100, -100, 1 << 62, -(1 << 62)):
        np.testing.assert_array_equal(getattr(ao, op)(x, d), ref(x, d), err_msg="diagonal %d" % d)


@pytest.mark.parametrize("op, ref", [("tril", np.tril), ("triu", np.triu)])
def test_triangle_layouts(op, ref):
    x = _arr((4, 6, 300), "float32")
    for view in (x, x.transpose(0, 2, 1), x[:, ::2, ::3], x[::-1]):
        np.testing.assert_array_equal(getattr(ao, op)(view, 2), ref(view, 2))
    out = np.zeros((4, 300, 12), np.float32)[:, :, ::2]
    getattr(ao, op)(x.transpose(0, 2, 1), -3, out=out)
    np.testing.assert_array_equal(out, ref(x.transpose(0, 2, 1), -3))
    big = _arr((3, 700, 700), "float32")       # several chunks of rows on the worker pool
    np.testing.assert_array_equal(getattr(ao, op)(big, 5), ref(big, 5))


def test_inplace_triu():
    x = _arr((3, 4, 5), "float32")
    want = np.triu(x, 1)
    assert ao.inplace_triu(x, 1) is x
    np.testing.assert_array_equal(x, want)
    t = ao.tensor(_arr((5, 5), "int32"))
    want = np.triu(t.numpy(), -1)
    ws, ex = aclnn.inplace_triu_get_workspace_size(t, -1)
    aclnn.inplace_triu(None, ws, ex)
    np.testing.assert_array_equal(t.numpy(), want)


def test_triangle_overlapping_out():
    buf = _arr((6, 6), "float32")
    src = buf[:5, :5]
    want = np.tril(src.copy())
    ao.tril(src, 0, out=buf[1:, 1:])      # out overlaps self, not an exact alias: through the workspace
    np.testing.assert_array_equal(buf[1:, 1:], want)


def test_triangle_bad_input():
    with pytest.raises(ao.AclnnError) as e:
        ao.tril(np.zeros(5, np.float32))
    assert e.value.status == 161002
    with pytest.raises(ao.AclnnError) as e:
        ao.triu(np.zeros((2, 3), np.float32), out=np.zeros((2, 3), np.float16))
    assert e.value.status == 161002
    assert ao.triu(np.zeros((0,), np.float32)).shape == (0,)
