"""The executor cache's key holds everything phase 1's checks and the planned kernel
read, so a call gives the same answer on a cold and on a warm cache: attribute values
that compare equal but differ in what CANN reads (an aclScalar's dtype: 1, 1.0, True,
np.float16(1); the sign of a zero) land on different entries."""
import numpy as np
import pytest

import ascendops

E = ascendops.AclnnError


def _outcome(fn):
    try:
        return ("ok", np.asarray(fn()).tobytes())
    except E as e:
        return ("refused", e.status)


def _cold(fn):
    ascendops.clear_cache()
    return _outcome(fn)


def _warm(prime, fn):
    ascendops.clear_cache()
    try:
        prime()
    except E:
        pass
    return _outcome(fn)


X_I32 = np.arange(-3, 5, dtype=np.int32)
X_F32 = np.array([-1.0, -2.5, 0.0, 3.0, 7.5], np.float32)
X_SWIGLU = np.array([[1.0, -0.0, 2.0, -0.0]], np.float32)     # B = -0.0: its sign shows bias's

# (name, the call under test, calls that hit the same entry on the old key)
CASES = [
    ("add_relu int32 alpha=1.0 after alpha=1", lambda: ascendops.add_relu(X_I32, X_I32, alpha=1.0),
     [lambda: ascendops.add_relu(X_I32, X_I32, alpha=1)]),
    ("add_relu int32 alpha=1 after alpha=1.0", lambda: ascendops.add_relu(X_I32, X_I32, alpha=1),
     [lambda: ascendops.add_relu(X_I32, X_I32, alpha=1.0)]),
    ("add_relu int32 alpha=True after alpha=1", lambda: ascendops.add_relu(X_I32, X_I32, alpha=True),
     [lambda: ascendops.add_relu(X_I32, X_I32, alpha=1)]),
    ("add_relu int32 alpha=float16(1) after alpha=1",
     lambda: ascendops.add_relu(X_I32, X_I32, alpha=np.float16(1)),
     [lambda: ascendops.add_relu(X_I32, X_I32, alpha=1)]),
    ("threshold value=-0.0 after 0.0", lambda: ascendops.threshold(X_F32, 5.0, -0.0),
     [lambda: ascendops.threshold(X_F32, 5.0, 0.0)]),
    ("threshold value=0.0 after -0.0", lambda: ascendops.threshold(X_F32, 5.0, 0.0),
     [lambda: ascendops.threshold(X_F32, 5.0, -0.0)]),
    ("leaky_relu slope=-0.0 after 0.0", lambda: ascendops.leaky_relu(X_F32, -0.0),
     [lambda: ascendops.leaky_relu(X_F32, 0.0)]),
    ("leaky_relu slope=float32(-0.0) after 0.0", lambda: ascendops.leaky_relu(X_F32, np.float32(-0.0)),
     [lambda: ascendops.leaky_relu(X_F32, 0.0)]),
    # a Double attribute past the third (bias, index 3): its tag bits sit high in the int
    ("clipped_swiglu bias=-0.0 after 0.0", lambda: ascendops.clipped_swiglu(X_SWIGLU, None, bias=-0.0),
     [lambda: ascendops.clipped_swiglu(X_SWIGLU, None, bias=0.0)]),
]


@pytest.mark.parametrize("name, call, primes", CASES, ids=[c[0] for c in CASES])
def test_same_answer_on_a_cold_and_a_warm_cache(name, call, primes):
    cold = _cold(call)
    for prime in primes:
        assert _warm(prime, call) == cold, name


def test_cold_refusal_holds_on_a_warm_cache():
    ascendops.clear_cache()
    with pytest.raises(E) as err:
        ascendops.add_relu(X_I32, X_I32, alpha=1.0)
    assert err.value.status == 161002
    np.testing.assert_array_equal(ascendops.add_relu(X_I32, X_I32, alpha=1), np.maximum(2 * X_I32, 0))
    with pytest.raises(E) as err:
        ascendops.add_relu(X_I32, X_I32, alpha=1.0)
    assert err.value.status == 161002


def test_threshold_signed_zero_matches_the_reference():
    ascendops.clear_cache()
    for value in (0.0, -0.0, 0.0, -0.0):
        got = ascendops.threshold(X_F32, 5.0, value)
        ref = np.where(X_F32 > 5.0, X_F32, np.float32(value))
        np.testing.assert_array_equal(np.signbit(got), np.signbit(ref))


def test_repeated_calls_still_hit():
    # the key's extra part does not cost the cache its hits
    ascendops.clear_cache()
    for alpha in (2.0, np.float16(2), 2):
        for _ in range(3):
            ascendops.add_relu(X_F32, X_F32, alpha=alpha)
    info = ascendops.cache_info()
    assert (info.misses, info.hits) == (3, 6)
