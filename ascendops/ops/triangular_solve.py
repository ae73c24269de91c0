"""aclnnTriangularSolve: xOut = op(A)^-1 self for batches of triangular A, op(A) = A, or
A^T where `transpose`; `upper` says which triangle of A holds it (the other is never
read), `unitriangular` takes its diagonal as ones; mOut (optional) = A broadcast to
the batch. torch.triangular_solve(self, A, upper, transpose, unitriangular).

CANN's checks (hicann/ops-math@c41933244c31e44fd496e3bb3212164f8c48c214
math/triangular_solve/op_host/op_api/aclnn_triangular_solve.cpp CheckParams), in its
order (TRIANGULAR_SOLVE_CHECKS): self, A, xOut not null (ACLNN_ERR_INNER_NULLPTR,
561103; mOut may be null); self, A, xOut in FLOAT, DOUBLE, COMPLEX64, COMPLEX128, A's
and xOut's dtype self's, and a given mOut the same; self, A, xOut of 2..8 dims, A's
matrices square, self's rows A's, their batch dims broadcast, xOut of the broadcast
batch by self's matrices, a given mOut of 2..8 dims and the broadcast batch by A's
matrices; all 161002. Then an empty A or self returns success (nothing written), and
unitriangular with another dtype than FLOAT is 161002 (CalcuUnitriangular: Eye is
FLOAT only). CANN runs the AICPU MatrixTriangularSolve (lower = !upper, adjoint =
transpose) after A * (1 - eye) + eye where unitriangular: the diagonal becomes
A_ii * 0 + 1 (NaN where A_ii is inf or NaN), as here.

A batched matrix op in C (MatrixOp, kernel "triangular_solve", src/linalg.c) over tiles
of 64 columns, on worker threads over (batch, tile); an input that an output overlaps is
copied first. DOUBLE: forward or back substitution in double. FLOAT: in float32 (as
CANN's AICPU kernel and torch), blocked: each block of 64 rows less the product of A's
off-diagonal block and the rows solved before it (the engine's matrix product), then its
own triangle by substitution. COMPLEX64/128 pass the checks but the kernel has no
complex path (561103)."""
import numpy as np

from ascendops.ops import (Bool, CannSource, Checks, DtypeIn, EmptyReturn, Input, MatrixOp, NotNull, Output, Rank,
                           Require, SameDtype, When, register)

OPS_MATH = ("hicann/ops-math", "c41933244c31e44fd496e3bb3212164f8c48c214")
ACLNN_ERR_INNER_NULLPTR = 561103
TS_DTYPES = ("float32", "float64", "complex64", "complex128")


def _broadcast(a, b):
    try:
        return tuple(np.broadcast_shapes(tuple(a), tuple(b)))
    except ValueError:
        return None


def check_shape(ctx):
    """CheckShape after the rank checks: A square, self's rows A's, the batches
    broadcast, xOut (*, m, n) and a given mOut (*, m, m) of the broadcast batch."""
    a, b, x, m = (ctx.tensor(n) for n in ("A", "self", "xOut", "mOut"))
    ah, aw = a.shape[-2:]
    if ah != aw:
        return "A must be batchs of square matrices, but they are %d by %d matrices." % (ah, aw)
    bh, bw = b.shape[-2:]
    if bh != ah:
        return ("Incompatible matrix sizes for triangular_solve: each A matrix is %d by %d but each b matrix is "
                "%d by %d." % (ah, aw, bh, bw))
    shape = _broadcast(a.shape, b.shape[:-1] + (bh,))
    if shape is None:
        return "Broadcast fail, the size of tensor a must match the size of tensor b at non-singleton diemnsion."
    want = shape[:-1] + (bw,)
    if x.shape != want:
        return "Expected tensor for xOut to have same size as %r, but got %r." % (want, x.shape)
    if m is not None:
        if not 2 <= len(m.shape) <= 8:
            return "mOut has %d dims, should be in [2, 8]." % len(m.shape)
        if m.shape != shape:
            return "Expected tensor for mOut to have same size as %r, but got %r." % (shape, m.shape)


def unitriangular_float(ctx):
    """CalcuUnitriangular: OP_CHECK(aBroadcast dtype == DT_FLOAT)."""
    if ctx.values["unitriangular"] and ctx.dtype("A").name != "float32":
        return "unitriangular mode only support float."


TRIANGULAR_SOLVE_CHECKS = Checks(
    CannSource(*OPS_MATH, "math/triangular_solve/op_host/op_api/aclnn_triangular_solve.cpp"),
    ("CheckNotNull", NotNull("self", "A", "xOut", status=ACLNN_ERR_INNER_NULLPTR)),
    ("CheckDtypeValid", DtypeIn("self", "A", "xOut", dtypes=TS_DTYPES), SameDtype("self", "A"),
     SameDtype("self", "xOut"), When(lambda ctx: ctx.values["mOut"] is not None, "mOut != nullptr",
                                     DtypeIn("mOut", dtypes=TS_DTYPES), SameDtype("self", "mOut"))),
    ("CheckShape", Rank("self", "A", "xOut", min=2, max=8),
     Require(check_shape, "A square, self's rows A's, batches broadcast, xOut and mOut of the broadcast shape",
             names=("self", "A", "xOut"))),
    ("aclnnTriangularSolveGetWorkspaceSize", EmptyReturn("A", "self")),
    ("CalcuUnitriangular", Require(unitriangular_float, "unitriangular: A FLOAT", names=("A", "unitriangular"))),
)


def reference(b, a, upper=True, transpose=False, unitriangular=False):
    """(x, m): numpy float64 np.linalg.solve on the triangle of A (batch-broadcast)."""
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    m = np.broadcast_to(a, batch + a.shape[-2:]).copy()
    t = np.triu(m) if upper else np.tril(m)
    if unitriangular:
        idx = np.arange(a.shape[-1])
        with np.errstate(invalid="ignore"):
            t[..., idx, idx] = m[..., idx, idx] * 0.0 + 1.0
    if transpose:
        t = np.swapaxes(t, -1, -2)
    bb = np.broadcast_to(b, batch + b.shape[-2:])
    with np.errstate(all="ignore"):
        x = np.linalg.solve(t, bb) if t.shape[-1] else np.zeros(bb.shape)
    return x, m


def make_inputs(rng, shape, dtype):
    """A well-conditioned triangular system for a self of `shape` (the harness's domain:
    a diagonal away from 0)."""
    n = shape[-2]
    a = rng.uniform(-1, 1, shape[:-2] + (n, n)) / max(n, 1)
    a[..., np.arange(n), np.arange(n)] = rng.uniform(1, 2, shape[:-2] + (n,)) * rng.choice([-1, 1], shape[:-2] + (n,))
    return rng.uniform(-2, 2, shape).astype(dtype), a.astype(dtype)


def attr_cases(ndim):
    """upper, transpose (unitriangular is FLOAT only: tests/ops/test_sort_solve.py)."""
    return [(True, False, False), (False, False, False), (True, True, False), (False, True, False)]


TRIANGULAR_SOLVE = register(MatrixOp(
    name="TriangularSolve",
    snake="triangular_solve",
    params=(Input("self"), Input("A"), Bool("upper", True), Bool("transpose", False), Bool("unitriangular", False),
            Output("xOut"), Output("mOut", optional=True)),
    dtypes=("float32", "float64"),
    kernel="triangular_solve",
    matrices={"self": "mn", "A": "mm", "xOut": "mn", "mOut": "mm"},
    kernel_attrs=("upper", "transpose", "unitriangular"),
    min_rank=2,
    checks=TRIANGULAR_SOLVE_CHECKS,
    info={"reference": reference, "attrs": attr_cases, "make_inputs": make_inputs,
          "example_inputs": ([[1.0, 2.0], [3.0, 4.0]], [[2.0, 1.0], [0.0, 4.0]]),
          "not_modelled_dtypes": ("complex64", "complex128"),
          "torch": lambda t, b, a, upper, transpose, unitriangular: (
              t.linalg.solve_triangular(a.mT if transpose else a, b, upper=upper != transpose,
                                        unitriangular=unitriangular), a),
          "attr_docs": {"upper": "A's upper triangle (else its lower)", "transpose": "solve A^T x = self",
                        "unitriangular": "A's diagonal taken as ones"}},
    doc=__doc__,
))
