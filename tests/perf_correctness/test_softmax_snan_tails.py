"""A signalling float16 NaN in a softmax-family row is read as its quiet twin (the quiet
bit set, sign and payload kept), as vcvtph2ps widens it in the rows' vector bodies, also
in the row tails that widen element by element (scalar_cvt.h ao_s_load_f32 and
ao_s_f16_to_f32): every result equals, bit for bit, the row's with the quiet twin in
its place, in every ISA region this CPU has. The NaN stands in the tail elements (past
the last whole 8- and 16-element vector), in the first element (a vector body) and
alone in a one-element row; float16 and float32 outputs; rows along the last dim
(contiguous) and along dim 0 (the block path).

On x86 an arithmetic instruction quietens a signalling operand and keeps its payload,
whatever the other operand, so the results agreed before the scalar widening quietened
too; on AArch64 a signalling operand wins over a quiet one, so a tail's unquietened
NaN gave another payload there. tests/c test_scalar_widen checks the widening itself
(and fails on the old one)."""
import numpy as np

from region_runs import isas, run_script

SCRIPT = r"""
import sys
import numpy as np
import ascendops as ao

out = {"isa": np.array(ao.isa())}
rng = np.random.default_rng(20)
ops = (("softmax", 1), ("log_softmax", 1), ("softmax_backward", 2), ("log_softmax_backward", 2))
for n in (1, 3, 9, 19, 37, 100):
    for pos in sorted({0, n - 1, n - n % 8 if n % 8 else n - 1}):
        for sign in (0, 0x8000):
            base = [rng.standard_normal((4, n)).astype(np.float16) for _ in range(2)]
            for op, nin in ops:
                for k in range(nin):
                    for dim in (-1, 0):
                        for odt in (np.float16, np.float32):
                            for twin, bits in (("s", sign | 0x7C00 | 0x15), ("q", sign | 0x7C00 | 0x200 | 0x15)):
                                ins = [b.copy() for b in base[:nin]]
                                if dim == 0:
                                    ins = [np.ascontiguousarray(a.T) for a in ins]
                                    ins[k].view(np.uint16)[pos, 1] = bits
                                else:
                                    ins[k].view(np.uint16)[1, pos] = bits
                                res = np.empty(ins[0].shape, odt)
                                getattr(ao, op)(*ins, dim, out=res)
                                key = "%s %d %d %x %d %d %s %s" % (op, n, pos, sign, k, dim, np.dtype(odt).name, twin)
                                out[key] = res.view(np.uint16 if odt == np.float16 else np.uint32)
np.savez(sys.argv[1], **out)
"""


def test_signalling_nan_reads_as_its_quiet_twin(tmp_path):
    checked = 0
    for isa in isas():
        got = dict(run_script(SCRIPT, tmp_path / ("%s.npz" % isa), ASCENDOPS_ISA=isa))
        assert str(got["isa"]) == isa
        for key in got:
            if key.endswith(" s"):
                quiet = got[key[:-1] + "q"]
                assert np.isnan(quiet.view(np.float16 if quiet.dtype == np.uint16 else np.float32)).any(), key
                np.testing.assert_array_equal(got[key], quiet, err_msg="%s: %s" % (isa, key))
                checked += 1
    assert checked >= 500
