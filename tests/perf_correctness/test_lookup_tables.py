"""The float16/bfloat16 lookup tables (src/ew_op.h: of gradient-form ops, AO_EW_GRAD, of
GeluV2's erf form, AO_EW_XFACTOR, and of unary ops' results, AO_EW_XFUNC) give exactly
the computed results, through the whole dispatcher: the
same calls in a process with ASCENDOPS_LUT=off (always computed) and one with
ASCENDOPS_LUT=on (tables from the first call), over every 16-bit value of x, NaN
signs and payloads included (ew_op.h's NaN rule)."""

import numpy as np
import pytest
from region_runs import run_script

pytest.importorskip("ml_dtypes")

SCRIPT = r"""
import sys
import ml_dtypes
import numpy as np
import ascendops as ao

out = {}
rng = np.random.default_rng(3)
for dtname, dt in (("float16", np.float16), ("bfloat16", ml_dtypes.bfloat16)):
    x = np.arange(65536, dtype=np.uint16).view(dt)       # every value, NaNs and infs too
    dy = rng.standard_normal(65536).astype(dt)
    calls = {
        "silu_backward": lambda: ao.silu_backward(dy, x),
        "gelu_backward": lambda: ao.gelu_backward(dy, x),
        "gelu_backward tanh": lambda: ao.gelu_backward(dy, x, approximate="tanh"),
        "hardswish_backward": lambda: ao.hardswish_backward(dy, x),
        "sigmoid_backward": lambda: ao.sigmoid_backward(dy, x),
        # the dispatcher's other 16-bit paths: strided operands, an odd length, in place
        "silu_backward strided": lambda: ao.silu_backward(dy[::2], x[1::2]),
        "silu_backward odd": lambda: ao.silu_backward(dy[:65531], x[5:]),
        "silu_backward in place": lambda: ao.silu_backward(dy, x.copy(), out=dy.copy()),
        # a unary x * g(x) op (AO_EW_XFACTOR): GeluV2's erf form, x its own dy
        "gelu_v2": lambda: ao.gelu_v2(x),
        "gelu_v2 7": lambda: ao.gelu_v2(x, 7),
        "gelu_v2 odd": lambda: ao.gelu_v2(x[3:]),
        "gelu_v2 in place": lambda: ao.gelu_v2(x.copy(), out=x.copy()),
        # unary ops by their result tables (AO_EW_XFUNC)
        "sin": lambda: ao.sin(x),
        "cos": lambda: ao.cos(x),
        "tanh": lambda: ao.tanh(x),
        "log": lambda: ao.log(x),
        "erfinv": lambda: ao.erfinv(x),
        "mish": lambda: ao.mish(x),
        "gelu": lambda: ao.gelu(x),
        "silu": lambda: ao.silu(x),
        "log_sigmoid_forward": lambda: ao.log_sigmoid_forward(x)[0],
        "sigmoid": lambda: ao.sigmoid(x),
        "fast_gelu": lambda: ao.fast_gelu(x),
        "exp": lambda: ao.exp(x),
        "sin odd": lambda: ao.sin(x[7:]),
        "sin in place": lambda: ao.sin(x.copy(), out=x.copy()),
    }
    for name, call in calls.items():
        out[dtname + " " + name] = np.asarray(call()).view(np.uint16)
np.savez(sys.argv[1], **out)
"""


def test_tables_equal_computation(tmp_path):
    computed = run_script(SCRIPT, tmp_path / "off.npz", ASCENDOPS_LUT="off")
    looked_up = run_script(SCRIPT, tmp_path / "on.npz", ASCENDOPS_LUT="on")
    assert sorted(computed.files) == sorted(looked_up.files)
    for name in computed.files:
        a, b = computed[name], looked_up[name]
        # Same bits, NaNs included: both paths apply ew_op.h's NaN rule, so the
        # operand order gcc compiled (which differs between the fp32 kernel that
        # builds a table and the fused 16-bit kernel) does not pick the payload.
        bad = np.flatnonzero(a != b)
        assert bad.size == 0, "%s: %d differ, first at %d: %04x vs %04x" % (
            name, bad.size, bad[0], a[bad[0]], b[bad[0]])
