"""Every setting (environment variables and setters) is bounded: a value out of its
range, however large, is a ValueError naming the setting and its range, never
Python's raw OverflowError, and never accepted to fail later."""
import re

import pytest

import ascendops
from ascendops import _core


def _names(err, *words):
    text = str(err.value)
    for w in words:
        assert w in text, (w, text)


@pytest.mark.parametrize("text", ["10" * 12, str(10 ** 23), "-1", "abc", "1e3"])
def test_cache_size_env_bounded(monkeypatch, text):
    monkeypatch.setenv("ASCENDOPS_CACHE_SIZE", text)
    with pytest.raises(ValueError) as err:
        _core._cache_size_from_env()
    _names(err, "ASCENDOPS_CACHE_SIZE", "[0, %d]" % _core.MAX_CACHE_SIZE)


def test_cache_size_env_in_range(monkeypatch):
    monkeypatch.setenv("ASCENDOPS_CACHE_SIZE", str(_core.MAX_CACHE_SIZE))
    assert _core._cache_size_from_env() == _core.MAX_CACHE_SIZE


@pytest.mark.parametrize("text", ["99999999999T", "1e30", "%d" % (1 << 63), "-1K", "nan", "inf"])
def test_device_capacity_env_bounded(monkeypatch, text):
    monkeypatch.setenv("ASCENDOPS_DEVICE_CAPACITY", text)
    with pytest.raises(ValueError) as err:
        _core._CachingAllocator()
    _names(err, "ASCENDOPS_DEVICE_CAPACITY")
    assert re.search(r"\[0, \d+\]", str(err.value)), str(err.value)


@pytest.mark.parametrize("text", [str(10 ** 20), str(10 ** 9), "-5", "x"])
def test_strict_stream_delay_env_bounded(monkeypatch, text):
    monkeypatch.setenv("ASCENDOPS_STRICT_STREAM_DELAY_US", text)
    with pytest.raises(ValueError) as err:
        _core._strict_delay_seconds()
    _names(err, "ASCENDOPS_STRICT_STREAM_DELAY_US", "[0, %d]" % _core.MAX_STRICT_STREAM_DELAY_US)


def test_strict_stream_delay_env_in_range(monkeypatch):
    monkeypatch.setenv("ASCENDOPS_STRICT_STREAM_DELAY_US", str(_core.MAX_STRICT_STREAM_DELAY_US))
    assert _core._strict_delay_seconds() == _core.MAX_STRICT_STREAM_DELAY_US / 1e6


@pytest.mark.parametrize("value", [2 ** 70, 10.0 ** 30, "99999999999T", -1])
def test_set_device_capacity_bounded(value):
    before = ascendops.get_device_capacity()
    with pytest.raises(ValueError) as err:
        ascendops.set_device_capacity(value)
    _names(err, "set_device_capacity")
    assert re.search(r"\[0, \d+\]", str(err.value)), str(err.value)
    assert ascendops.get_device_capacity() == before


@pytest.mark.parametrize("value", [2 ** 70, -1, 2 ** 40])
def test_set_cache_size_bounded(value):
    before = ascendops.cache_info().maxsize
    with pytest.raises(ValueError) as err:
        ascendops.set_cache_size(value)
    _names(err, "set_cache_size", "[0, %d]" % _core.MAX_CACHE_SIZE)
    assert ascendops.cache_info().maxsize == before


@pytest.mark.parametrize("value", [2 ** 70, 0, -3, 10 ** 6])
def test_set_num_threads_bounded(value):
    before = ascendops.get_num_threads()
    with pytest.raises(ValueError) as err:
        ascendops.set_num_threads(value)
    _names(err, "set_num_threads", "[1, %d]" % _core.MAX_NUM_THREADS)
    assert ascendops.get_num_threads() == before


@pytest.mark.parametrize("spec", ["npu:99999999999999999999", "npu:%d" % (1 << 31)])
def test_device_index_bounded(spec):
    with pytest.raises(ValueError) as err:
        ascendops.device(spec)
    _names(err, "device", "[0, %d]" % (2 ** 31 - 1))
