"""TriangularSolve's FLOAT substitution (src/linalg_math.h, one instance per ISA region):
in every region this CPU has (ASCENDOPS_ISA, one process each), a system of one block
(up to 64 rows: no matrix product) gives the same bits in every region, as each
element is the same chain of products and differences rounded on its own; systems of
several blocks agree with the float64 reference. Column counts cover the four-vector
pass, the one-vector tail and a partial vector."""
import numpy as np
from region_runs import run_in_regions

from ascendops.ops.triangular_solve import make_inputs, reference

SCRIPT = r"""
import sys
import numpy as np
import ascendops as ao

src = np.load(sys.argv[2])
out = {"isa": np.array(ao.isa())}
for key in src.files:
    if key.startswith("b "):
        name = key[2:]
        b, a = src[key], src["a " + name]
        for flags in ((True, False, False), (False, True, False), (False, False, True)):
            x = np.asarray(ao.triangular_solve(b, a, *flags)[0])
            out["%s %s" % (name, flags)] = x
np.savez(sys.argv[1], **out)
"""

SHAPES = {"one block": (64, 83), "few columns": (9, 5), "blocks": (150, 70)}


def test_triangular_solve_regions_agree(tmp_path):
    rng = np.random.default_rng(12)
    arrays = {}
    for name, (m, n) in SHAPES.items():
        b, _ = make_inputs(rng, (m, n), "float32")
        _, a = make_inputs(rng, (m, 1), "float32")
        arrays["b " + name], arrays["a " + name] = b, a
    np.savez(tmp_path / "in.npz", **arrays)
    got = run_in_regions(SCRIPT, tmp_path, tmp_path / "in.npz")
    first = next(iter(got.values()))
    for isa, r in got.items():
        for key in r.files:
            if key == "isa":
                continue
            name = key.split(" (")[0]
            flags = tuple(f == "True" for f in key.split(" (")[1].rstrip(")").split(", "))
            want = reference(arrays["b " + name], arrays["a " + name], *flags)[0]
            np.testing.assert_allclose(r[key], want, rtol=1e-5, atol=1e-5, err_msg="%s %s" % (isa, key))
            if not name.startswith("blocks"):
                np.testing.assert_array_equal(r[key], first[key], err_msg="%s %s" % (isa, key))
