"""Views share storage and match the same view in numpy (hypothesis)."""
import gc

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st, HealthCheck

import ascendops as ao

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def make(shape, dtype=np.float32):
    a = np.arange(int(np.prod(shape)), dtype=dtype).reshape(shape)
    return a, ao.tensor(a)


def same_storage(v, t):
    assert v.storage is t.storage


def check_view(v, ref, t):
    """v (an ascendops view of t) equals numpy's view ref, element strides included."""
    same_storage(v, t)
    assert v.shape == ref.shape
    np.testing.assert_array_equal(v.numpy(), ref)
    for d, s, rs in zip(ref.shape, v.strides, ref.strides):
        if d > 1:
            assert s * ref.itemsize == rs


shapes = st.lists(st.integers(0, 5), min_size=1, max_size=5).map(tuple)
nonempty = st.lists(st.integers(1, 5), min_size=1, max_size=5).map(tuple)


@st.composite
def slices_for(draw, shape):
    index = []
    for n in shape[:draw(st.integers(0, len(shape)))]:
        kind = draw(st.sampled_from(["slice", "int", "none", "full"]))
        if kind == "int" and n > 0:
            index.append(draw(st.integers(-n, n - 1)))
        elif kind == "none":
            index.append(None)
            index.append(slice(None))
        elif kind == "slice":
            index.append(slice(draw(st.none() | st.integers(-n - 2, n + 2)),
                               draw(st.none() | st.integers(-n - 2, n + 2)),
                               draw(st.none() | st.integers(1, 4))))
        else:
            index.append(slice(None))
    used = sum(1 for i in index if i is not None)
    if draw(st.booleans()):
        # `...` shifts later indices to the trailing dims: anywhere only when all are indexed
        at = draw(st.integers(0, len(index))) if used == len(shape) else len(index)
        index.insert(at, Ellipsis)
    return tuple(index)


@SETTINGS
@given(st.data())
def test_indexing_matches_numpy(data):
    shape = data.draw(shapes)
    a, t = make(shape)
    index = data.draw(slices_for(shape))
    check_view(t[index], a[index], t)
    # views of views
    v = t[index]
    if v.ndim:
        inner = data.draw(slices_for(v.shape))
        check_view(v[inner], a[index][inner], t)


@SETTINGS
@given(st.data())
def test_permute_transpose_T_match_numpy(data):
    shape = data.draw(shapes)
    a, t = make(shape)
    perm = data.draw(st.permutations(range(len(shape))))
    check_view(t.permute(*perm), a.transpose(perm), t)
    check_view(t.permute(perm), a.transpose(perm), t)
    check_view(t.T, a.T, t)
    d0, d1 = data.draw(st.integers(-len(shape), len(shape) - 1)), data.draw(st.integers(-len(shape), len(shape) - 1))
    check_view(t.transpose(d0, d1), np.swapaxes(a, d0, d1), t)


@SETTINGS
@given(st.data())
def test_reshape_view_matches_numpy(data):
    shape = data.draw(nonempty)
    a, t = make(shape)
    perm = data.draw(st.permutations(range(len(shape))))
    step = data.draw(st.integers(1, 2))
    src_a, src_t = a.transpose(perm)[..., ::step], t.permute(*perm)[..., ::step]
    n = src_a.size
    factors = [f for f in range(1, n + 1) if n % f == 0]
    f = data.draw(st.sampled_from(factors))
    new_shape = (f, -1) if data.draw(st.booleans()) else (n // f, f)
    ref = src_a.reshape(new_shape)
    r = src_t.reshape(new_shape)
    np.testing.assert_array_equal(r.numpy(), ref)
    assert r.is_contiguous() or np.shares_memory(ref, src_a)
    if np.shares_memory(ref, src_a) or ref.size <= 1:
        # numpy could view it: so must we, with no copy
        same_storage(r, t)
        check_view(src_t.view(new_shape), ref, t)
    else:
        with pytest.raises(ValueError, match="view"):
            src_t.view(new_shape)
        assert r.storage is not t.storage


@SETTINGS
@given(st.data())
def test_expand_matches_broadcast_to(data):
    shape = data.draw(st.lists(st.integers(1, 3), min_size=1, max_size=4).map(tuple))
    a, t = make(shape)
    lead = data.draw(st.lists(st.integers(0, 3), max_size=2))
    target = tuple(lead) + tuple(d if d != 1 else data.draw(st.integers(0, 4)) for d in shape)
    ref = np.broadcast_to(a, target)
    e = t.expand(*target)
    check_view(e, ref, t)
    assert all(s == 0 for d, s, rs in zip(target, e.strides, ref.strides) if rs == 0 and d > 1)
    check_view(t.broadcast_to(target), ref, t)
    np.testing.assert_array_equal(e.contiguous().numpy(), ref)


@SETTINGS
@given(st.data())
def test_as_strided_matches_numpy(data):
    n = data.draw(st.integers(1, 60))
    a, t = make((n,))
    ndim = data.draw(st.integers(0, 4))
    size = tuple(data.draw(st.integers(0, 4)) for _ in range(ndim))
    stride = tuple(data.draw(st.integers(0, 7)) for _ in range(ndim))
    offset = data.draw(st.integers(0, n - 1))
    last = offset + sum((d - 1) * s for d, s in zip(size, stride)) if 0 not in size else offset
    if last >= n:
        with pytest.raises(ValueError, match="storage"):
            ao.as_strided(t, size, stride, offset)
        return
    ref = np.lib.stride_tricks.as_strided(a[offset:], size, tuple(s * 4 for s in stride))
    v = ao.as_strided(t, size, stride, offset)
    assert v.strides == stride and v.storage_offset() == offset
    same_storage(v, t)
    np.testing.assert_array_equal(v.numpy(), ref)
    assert t.as_strided(size, stride, offset).strides == stride


@SETTINGS
@given(shapes, st.data())
def test_contiguous_and_is_contiguous(shape, data):
    a, t = make(shape)
    perm = data.draw(st.permutations(range(len(shape))))
    v, ref = t.permute(*perm), a.transpose(perm)
    assert v.is_contiguous() == ref.flags.c_contiguous
    c = v.contiguous()
    assert c.is_contiguous()
    if v.is_contiguous():
        assert c is v
    else:
        assert c.storage is not t.storage
    np.testing.assert_array_equal(c.numpy(), ref)


def test_views_write_through():
    a, t = make((4, 6))
    v = t[1:3, ::2]
    v[0, 1] = -1
    assert t.numpy()[1, 2] == -1
    t.T[5, 3] = -2
    assert t.numpy()[3, 5] == -2
    r = t.reshape(24)
    r[0] = -3
    assert t.numpy()[0, 0] == -3
    assert t[2, 3].item() == a[2, 3] and t[2, 3].shape == ()


def test_storage_offset_and_strides_of_views():
    a, t = make((4, 5, 6))
    v = t[1, 2:, ::3]
    assert v.shape == (3, 2) and v.strides == (6, 3) and v.storage_offset() == 30 + 12
    assert v.data_ptr == t.data_ptr + 42 * 4
    e = t[:, :1].expand(4, 3, 6)
    assert e.strides == (30, 0, 1)
    n = t[None, :, None]
    assert n.shape == (1, 4, 1, 5, 6)


def test_views_keep_storage_alive():
    gc.collect()
    base_mem = ao.memory_allocated()
    t = ao.tensor(np.arange(10000, dtype=np.float64))
    grown = ao.memory_allocated()
    assert grown >= base_mem + 80000
    v1, v2 = t[::7], t.reshape(100, 100).T[3]
    del t
    gc.collect()
    assert ao.memory_allocated() == grown
    np.testing.assert_array_equal(v1.numpy(), np.arange(0, 10000, 7))
    np.testing.assert_array_equal(v2.numpy(), np.arange(3, 10000, 100))
    del v1
    gc.collect()
    assert ao.memory_allocated() == grown
    del v2
    gc.collect()
    assert ao.memory_allocated() == base_mem


@pytest.mark.parametrize("index,exc", [((5,), IndexError), ((0, 0, 0), IndexError),
                                       ((slice(None, None, -1),), ValueError),
                                       ((slice(None, None, 0),), ValueError),
                                       ((Ellipsis, Ellipsis), IndexError),
                                       (([0, 1],), TypeError), ((1.5,), TypeError), ((True,), TypeError)])
def test_bad_indices(index, exc):
    _, t = make((3, 4))
    with pytest.raises(exc):
        t[index]


def test_bad_views():
    _, t = make((3, 4))
    with pytest.raises(ValueError, match="stride"):
        ao.as_strided(t, (2,), (-1,))
    with pytest.raises(ValueError, match="storage_offset"):
        ao.as_strided(t, (2,), (1,), -1)
    with pytest.raises(TypeError, match="storage_offset"):
        ao.as_strided(t, (2,), (1,), 1.5)
    with pytest.raises(ValueError, match="storage"):
        ao.as_strided(t, (3, 4), (4, 1), 1)
    with pytest.raises(ValueError, match="storage"):
        ao.as_strided(t, (13,), (1,))
    with pytest.raises(ValueError, match="size"):
        ao.as_strided(t, (-1,), (1,))
    with pytest.raises(ValueError, match="stride"):
        ao.as_strided(t, (2, 2), (1,))
    with pytest.raises(TypeError, match="stride"):
        ao.as_strided(t, (2,), ("a",))
    with pytest.raises(ValueError, match="size"):
        ao.as_strided(t, (2 ** 62, 4), (0, 0))       # numel * itemsize overflows int64
    big = ao.as_strided(t, (1, 1), (2 ** 40, 2 ** 40))  # huge strides over size-1 dims are fine
    assert big.numpy().tolist() == [[0.0]]
    with pytest.raises(ValueError):
        t.view(5, 3)
    with pytest.raises(ValueError):
        t.reshape(-1, -1)
    with pytest.raises(ValueError):
        t.reshape(5, -1)
    with pytest.raises(ValueError):
        t.permute(0, 0)
    with pytest.raises(ValueError):
        t.permute(0)
    with pytest.raises(IndexError):
        t.transpose(0, 2)
    with pytest.raises(ValueError, match="expand"):
        t.expand(3, 5)
    with pytest.raises(ValueError, match="expand"):
        t.expand(4)
    with pytest.raises(ValueError, match="size"):
        t[:1].expand(2 ** 61, 4)
    with pytest.raises(ValueError):
        t.T.view(12)
