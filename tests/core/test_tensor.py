"""Tensor metadata, creation, numpy interop, copies (memcpy) and bad input."""
import gc

import ml_dtypes
import numpy as np
import pytest

import ascendops as ao

NUMPY_DTYPES = [d for d in ao.DTYPES if d.numpy is not None]


def test_metadata_of_a_new_tensor():
    t = ao.empty((2, 3, 4), "float16")
    assert t.shape == (2, 3, 4) and t.size() == (2, 3, 4) and t.size(1) == 3
    assert t.strides == (12, 4, 1) and t.stride(0) == 12
    assert t.storage_offset() == 0 and t.offset == 0
    assert t.dtype is ao.float16 and t.itemsize == 2
    assert t.format is ao.Format.ND
    assert t.device == "cpu:0" and t.__dlpack_device__() == (1, 0)
    assert t.ndim == 3 and t.dim() == 3 and len(t) == 2
    assert t.numel == 24 and t.nbytes == 48
    assert t.is_contiguous()
    assert isinstance(t.storage, ao.Memory) and t.storage.nbytes == 48
    assert t.data_ptr == t.storage.ptr_int
    with pytest.raises(TypeError):
        ao.Tensor()


def test_zero_d_and_empty_tensors():
    s = ao.tensor(3.5)
    assert s.shape == () and s.strides == () and s.numel == 1 and s.ndim == 0
    assert s.item() == 3.5
    with pytest.raises(TypeError):
        len(s)
    e = ao.zeros((0, 5), "int32")
    assert e.numel == 0 and e.nbytes == 0 and e.is_contiguous()
    assert e.numpy().shape == (0, 5)
    assert ao.tensor(np.zeros((3, 0))).shape == (3, 0)


@pytest.mark.parametrize("d", NUMPY_DTYPES, ids=lambda d: d.name)
def test_zeros_ones_full(d):
    np.testing.assert_array_equal(ao.zeros((2, 3), d).numpy(), np.zeros((2, 3), d.numpy))
    np.testing.assert_array_equal(ao.ones((4,), d).numpy(), np.ones((4,), d.numpy))
    np.testing.assert_array_equal(ao.full((2, 2), 1, d).numpy(), np.full((2, 2), 1, d.numpy))
    assert ao.empty((3,), d).dtype is d


def test_full_with_array_value_and_default_dtype():
    t = ao.full((2, 3), [1, 2, 3])
    assert t.dtype is ao.float32
    np.testing.assert_array_equal(t.numpy(), [[1, 2, 3], [1, 2, 3]])
    np.testing.assert_array_equal(ao.full(3, 7, "int64").numpy(), [7, 7, 7])


def test_tensor_copies_and_infers_dtype():
    a = np.arange(6, dtype=np.int16).reshape(2, 3)
    t = ao.tensor(a)
    a[0, 0] = 99
    assert t.dtype is ao.int16 and t.numpy()[0, 0] == 0
    assert ao.tensor([[1.0, 2.0]]).dtype is ao.float64
    assert ao.tensor([1, 2]).dtype is ao.int64
    assert ao.tensor([True]).dtype is ao.bool_
    assert ao.tensor([1, 2], dtype="float16").dtype is ao.float16
    assert ao.tensor(np.float32(2)).shape == ()
    t2 = ao.tensor(t, dtype="float32")
    assert t2.dtype is ao.float32 and t2.data_ptr != t.data_ptr
    t3 = ao.tensor(t)
    assert t3.data_ptr != t.data_ptr and t3.dtype is ao.int16


def test_tensor_memory_is_device_memory():
    gc.collect()
    before = ao.memory_allocated()
    t = ao.tensor(np.zeros(1000, np.float64))
    assert ao.memory_allocated() >= before + 8000
    assert t.storage.ptr_int % 64 == 0
    del t


def test_from_numpy_shares_memory():
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    t = ao.from_numpy(a)
    assert t.data_ptr == a.ctypes.data
    a[1, 2] = -1
    assert t.numpy()[1, 2] == -1
    t[0, 0] = 42
    assert a[0, 0] == 42
    v = ao.from_numpy(a[:, 1::2])
    assert v.strides == (4, 2) and v.data_ptr == a[:, 1::2].ctypes.data
    a[2, 3] = 5
    assert v.numpy()[2, 1] == 5
    del a
    gc.collect()
    assert t.numpy()[0, 0] == 42   # the array is kept alive


def test_from_numpy_readonly_is_respected():
    a = np.arange(3.0)
    a.flags.writeable = False
    t = ao.from_numpy(a)
    with pytest.raises(ValueError, match="read-only"):
        t.copy_(1.0)
    b = np.broadcast_to(np.arange(3.0), (4, 3))
    tb = ao.from_numpy(b)
    assert tb.strides == (0, 1) and tb.storage.readonly


@pytest.mark.parametrize("make", [lambda a: a[::-1], lambda a: a[::-2], lambda a: a.reshape(3, 4)[::-1, ::-1],
                                  lambda a: a.byteswap().view(a.dtype.newbyteorder()),
                                  lambda a: a.view(np.uint8)[1:-7].view(np.float64),
                                  lambda a: np.lib.stride_tricks.as_strided(a.view(np.uint8)[3:], (3,), (9,))
                                  .view(np.uint8)])
def test_unviewable_numpy_arrays_are_copied_never_misread(make):
    a = np.arange(12, dtype=np.float64)
    src = make(a)
    t = ao.from_numpy(src)
    np.testing.assert_array_equal(t.numpy(), src)
    assert all(s >= 0 for s in t.strides)
    np.testing.assert_array_equal(ao.tensor(src).numpy(), src)


def test_numpy_copies_and_array_protocol():
    t = ao.tensor([[1.0, 2.0], [3.0, 4.0]], dtype="float32")
    a = t.numpy()
    assert a.dtype == np.float32 and a.flags.c_contiguous
    a[0, 0] = 100
    assert t.numpy()[0, 0] == 1.0
    assert np.asarray(t).dtype == np.float32
    assert np.asarray(t, dtype=np.float64).dtype == np.float64
    v = np.asarray(t, copy=False)          # zero-copy view under numpy 2
    v[0, 0] = 7
    assert t.numpy()[0, 0] == 7
    assert t.tolist() == [[7.0, 2.0], [3.0, 4.0]]
    np.testing.assert_array_equal(t.T.numpy(), [[7, 3], [2, 4]])


def test_bfloat16_numpy():
    vals = np.array([1.5, -2.0, 3.0e38, 1e-40], dtype=ml_dtypes.bfloat16)
    t = ao.tensor(vals)
    assert t.dtype is ao.bfloat16
    out = t.numpy()
    assert out.dtype == vals.dtype
    assert out.view(np.uint16).tolist() == vals.view(np.uint16).tolist()
    t2 = ao.tensor([1.0, 2.5], dtype="bfloat16")
    assert t2.numpy().astype(np.float32).tolist() == [1.0, 2.5]


@pytest.mark.parametrize("d", NUMPY_DTYPES, ids=lambda d: d.name)
def test_round_trip_is_bit_exact(d, rng):
    """host -> device -> host of random bit patterns (NaN payloads, inf, subnormals)."""
    raw = rng.integers(0, 256, size=(7, 33 * d.itemsize), dtype=np.uint8)
    host = raw.view(d.numpy) if d.name != "bool_" else raw.astype(bool)
    for dev in (ao.tensor(host), ao.from_numpy(host), ao.tensor(host[:, ::3]), ao.tensor(host.T)):
        back = dev.numpy()
        assert back.dtype == host.dtype
    for src, back in ((host, ao.tensor(host).numpy()), (host[:, ::3], ao.tensor(host[:, ::3]).numpy()),
                      (host.T, ao.tensor(host.T).numpy())):
        assert back.tobytes() == np.ascontiguousarray(src).tobytes()
    # Through explicit copies too: H2D, D2D, D2H.
    dev = ao.empty(host.shape, d)
    ao.memcpy(dev, host, ao.MEMCPY_HOST_TO_DEVICE)
    dev2 = ao.empty(host.shape, d)
    ao.memcpy(dev2, dev, ao.MEMCPY_DEVICE_TO_DEVICE)
    out = np.empty_like(host)
    ao.memcpy(out, dev2, ao.MEMCPY_DEVICE_TO_HOST)
    assert out.tobytes() == host.tobytes()


@pytest.mark.parametrize("npd", [np.float16, ml_dtypes.bfloat16])
def test_half_special_values_round_trip(npd):
    bits = np.array([0x0000, 0x8000, 0x0001, 0x03FF, 0x7C00, 0xFC00, 0x7C01, 0x7E00, 0xFFFF,
                     0x7F80, 0xFF80, 0x7F81, 0x7FC0, 0x0080, 0x007F], dtype=np.uint16)
    host = bits.view(npd)
    assert ao.tensor(host).numpy().view(np.uint16).tolist() == bits.tolist()
    assert ao.from_numpy(host).clone().numpy().view(np.uint16).tolist() == bits.tolist()


def test_memcpy_kinds():
    host = np.arange(6, dtype=np.int32).reshape(2, 3)
    dev = ao.empty((2, 3), "int32")
    assert ao.memcpy(dev, host, ao.MEMCPY_HOST_TO_DEVICE) is dev
    dev2 = ao.zeros((2, 3), "int32")
    ao.memcpy(dev2, dev, ao.MEMCPY_DEVICE_TO_DEVICE)
    out = np.zeros_like(host)
    ao.memcpy(out, dev2, ao.MEMCPY_DEVICE_TO_HOST)
    np.testing.assert_array_equal(out, host)
    out2 = np.zeros_like(host)
    ao.memcpy(out2, host, ao.MEMCPY_HOST_TO_HOST)
    np.testing.assert_array_equal(out2, host)
    out3 = np.zeros_like(host)
    ao.memcpy(out3, dev)                  # MEMCPY_DEFAULT infers the direction
    np.testing.assert_array_equal(out3, host)
    # into a strided view of device memory
    big = ao.zeros((2, 6), "int32")
    ao.memcpy(big[:, ::2], host, ao.MEMCPY_HOST_TO_DEVICE)
    np.testing.assert_array_equal(big.numpy()[:, ::2], host)
    np.testing.assert_array_equal(big.numpy()[:, 1::2], 0)


def test_memcpy_into_reversed_numpy_destination():
    dst = np.zeros(6)
    ao.memcpy(dst[::-1], ao.tensor(np.arange(6.0)), ao.MEMCPY_DEVICE_TO_HOST)
    np.testing.assert_array_equal(dst, np.arange(6.0)[::-1])
    be = np.zeros(3, dtype=">f4")
    ao.memcpy(be, ao.tensor([1, 2, 3], dtype="float32"))
    np.testing.assert_array_equal(be, [1, 2, 3])


@pytest.mark.parametrize("kind,dst_dev,src_dev", [
    (ao.MEMCPY_HOST_TO_DEVICE, False, True), (ao.MEMCPY_HOST_TO_DEVICE, True, True),
    (ao.MEMCPY_DEVICE_TO_HOST, True, False), (ao.MEMCPY_DEVICE_TO_DEVICE, False, True),
    (ao.MEMCPY_HOST_TO_HOST, True, False), (ao.MEMCPY_DEVICE_TO_HOST, False, False),
])
def test_memcpy_kind_mismatch_is_acl_error(kind, dst_dev, src_dev):
    make = lambda dev: ao.zeros((3,)) if dev else np.zeros(3, np.float32)
    with pytest.raises(ao.AclError) as e:
        ao.memcpy(make(dst_dev), make(src_dev), kind)
    assert e.value.status == 100000 == ao.ACL_ERROR_INVALID_PARAM


def test_memcpy_bad_arguments():
    with pytest.raises(ao.AclError):
        ao.memcpy(ao.zeros(3), ao.zeros(3), 7)
    with pytest.raises(ValueError):
        ao.memcpy(ao.zeros(3), ao.zeros(4))
    with pytest.raises(ValueError):
        ao.memcpy(ao.zeros(3), ao.zeros(3, "int32"))
    with pytest.raises(TypeError, match="src"):
        ao.memcpy(ao.zeros(3), [1, 2, 3])
    with pytest.raises(TypeError, match="dst"):
        ao.memcpy(None, ao.zeros(3))
    ro = np.zeros(3, np.float32)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        ao.memcpy(ro, ao.zeros(3))


def test_repr_like_numpy():
    assert repr(ao.tensor([1.0, 2.0], dtype="float32")) == "tensor([1., 2.], dtype=float32)"
    assert repr(ao.tensor([[1, 2], [3, 4]], dtype="int32")) == \
        "tensor([[1, 2],\n        [3, 4]], dtype=int32)"
    assert repr(ao.tensor(2.5)) == "tensor(2.5, dtype=float64)"
    assert "bfloat16" in repr(ao.tensor([1.0], dtype="bfloat16"))


def test_copy_and_setitem():
    t = ao.zeros((3, 4), "float32")
    t[1] = 5
    t[:, 0] = np.array([1, 2, 3])
    t[2, 1:3] = ao.tensor([7.0, 8.0])          # converts float64 -> float32
    np.testing.assert_array_equal(t.numpy(), [[1, 0, 0, 0], [2, 5, 5, 5], [3, 7, 8, 0]])
    # overlapping self-copy
    t[:, 1:] = t[:, :3]
    np.testing.assert_array_equal(t.numpy(), [[1, 1, 0, 0], [2, 2, 5, 5], [3, 3, 7, 8]])
    with pytest.raises(ValueError):
        t.copy_(ao.zeros((2, 4)))
    assert t.astype("int64").dtype is ao.int64 and t.to("float32") is t


def test_many_dimensions():
    a = np.arange(2 ** 10, dtype=np.int16).reshape((2,) * 10)
    t = ao.tensor(a)
    np.testing.assert_array_equal(t.numpy(), a)
    p = t.permute(*reversed(range(10)))
    np.testing.assert_array_equal(p.contiguous().numpy(), a.transpose())
    np.testing.assert_array_equal(ao.zeros((1,) * 12).numpy(), np.zeros((1,) * 12))


@pytest.mark.parametrize("shape,exc,word", [
    ((-1, 3), ValueError, "shape"), ((2, -5), ValueError, "shape"), ((2.0,), TypeError, "shape"),
    ("abc", TypeError, "shape"), (None, TypeError, "shape"), ((True,), TypeError, "shape"),
    ((2 ** 62, 4), ValueError, "shape"), ((2 ** 61,), ValueError, "shape"), ((2 ** 63,), ValueError, "shape"),
    ((2 ** 40, 2 ** 40), ValueError, "shape"),
])
def test_bad_shapes(shape, exc, word):
    for make in (ao.empty, ao.zeros, ao.ones):
        with pytest.raises(exc, match=word):
            make(shape, "float32")


@pytest.mark.parametrize("data", ["abc", b"xy", None, {1: 2}, {1}, [object()], [[1], [1, 2]],
                                  np.array(["a", "b"]), np.array([1], dtype=object),
                                  np.array(["2020-01-01"], dtype="datetime64[D]"), object()])
def test_non_array_data_is_type_error(data):
    with pytest.raises(TypeError, match="data"):
        ao.tensor(data)


def test_data_out_of_range_is_value_error():
    with pytest.raises(ValueError, match="data"):
        ao.tensor([300], dtype="int8")


def test_from_numpy_rejects_non_arrays():
    with pytest.raises(TypeError, match="array"):
        ao.from_numpy([1, 2, 3])
    with pytest.raises(TypeError):
        ao.from_numpy(np.array(["x"]))
