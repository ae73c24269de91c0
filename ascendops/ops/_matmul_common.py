"""What the matrix product declarations (mm.py, batch_matmul.py, matmul.py, mv.py) share:
CANN's source, the arch rule's CheckInput step, the float64 reference modelling the
cube's dtypes, and the harness's inputs."""
import numpy as np

from ascendops.ops import CannSource, DtypeIn, Require, matmul_arch, matmul_check_input, matmul_compute_dtypes

OPS_NN = ("hicann/ops-nn", "e5c3fa9327ea95ba26d06227e746923580d10921")
MATMUL_UTIL = "matmul/common/op_host/op_api/matmul_util.cpp"
# NpuArchMatMulRuleBase::GetSupportedDTypes: Dav2201MatMulRule (DAV_2201, DAV_3510 series)
# FLOAT, FLOAT16, BF16; DefaultMatMulRule FLOAT, FLOAT16
DTYPES = {"DAV_2201": ("float32", "float16", "bfloat16"), "DAV_3510": ("float32", "float16", "bfloat16"),
          "default": ("float32", "float16")}
ALL_DTYPES = ("float32", "float16", "bfloat16")


def source(path):
    return CannSource(*OPS_NN, path)


def arch_rule_check(a, b, out, cube="cubeMathType", route_fp32_add=False):
    """archRule->CheckInput(a, b, nullptr, out, cubeMathType) (matmul_util.cpp
    Dav2201MatMulRule / DefaultMatMulRule::CheckInput) as steps: FP16FP32_KEEP_DTYPE off
    DAV_2201 on the DAV_3510 series, CheckInputTensorDtypeValid (a, b, out in the SoC's
    list), then the cubeMathType for the promoted dtype (CheckCubeMathTypeForMm; the
    default rule's FLOAT refusals)."""
    def mode_of(ctx):
        mode = ctx.values[cube]
        if route_fp32_add and matmul_arch(ctx.soc) == "DAV_2201" and mode == 4:
            mode = 0
        return mode

    def keep16(ctx):
        if mode_of(ctx) == -1 and matmul_arch(ctx.soc).startswith("DAV_35"):
            return "Unsupported cubeMathType(FP16FP32_KEEP_DTYPE) for Cube"

    def check(ctx):
        return matmul_check_input(ctx.soc, ctx.dtype(a).name, ctx.dtype(b).name, ctx.dtype(out).name, mode_of(ctx))
    return (Require(keep16, "FP16FP32_KEEP_DTYPE (-1) on DAV_2201 only", names=(cube,)),
            DtypeIn(a, b, out, dtypes=DTYPES),
            Require(check, "cubeMathType for the promoted dtype and the SoC", names=(a, b, out, cube)))


def _round(x, dtype):
    import ml_dtypes
    np_dt = {"float16": np.float16, "bfloat16": ml_dtypes.bfloat16, "float32": np.float32}[dtype]
    with np.errstate(over="ignore", invalid="ignore"):
        return np.asarray(x).astype(np_dt).astype(np.float64)


def reference(a, b, cube_math_type=0, out_dtype=None, soc=None, route_fp32_add=False):
    """numpy float64 matmul of the inputs as the cube reads them (rounded to CANN's upper
    dtype where it is narrower), the result rounded to the cube's output dtype (then
    out's, by the caller's comparison). Without out_dtype: the inputs' promoted one."""
    import ascendops as ao
    soc = soc or ao.get_soc()
    a, b = np.asarray(a), np.asarray(b)
    # float64 arrays (a caller's exact values of FLOAT data) are read as FLOAT
    names = [ao.as_dtype(x.dtype).name if x.dtype != np.float64 else "float32" for x in (a, b)]
    if out_dtype is None:
        out_dtype = "float32" if "float32" in names or set(names) == {"float16", "bfloat16"} else names[0]
    mode = cube_math_type
    if route_fp32_add and matmul_arch(soc) == "DAV_2201" and mode == 4:
        mode = 0
    upper, mid = matmul_compute_dtypes(soc, names[0], names[1], out_dtype, mode)
    fa = _round(a.astype(np.float64) if names[0] == upper else a, upper)
    fb = _round(b.astype(np.float64) if names[1] == upper else b, upper)
    r = np.matmul(fa, fb)
    return _round(r, mid) if mid != "float32" else r


def make_pair(rng, sa, sb, dtype):
    return rng.uniform(-1, 1, sa).astype(dtype), rng.uniform(-1, 1, sb).astype(dtype)


def bench_pairs(shapes):
    """info["bench"] of a matrix product: shapes(side) -> (self's shape, mat2's shape), side
    about sqrt(n), so that the largest operand holds about n elements; cubeMathType 0
    (KEEP_DTYPE: each dtype computed as itself, the float32 sums of the cube unit)."""
    def bench(n, rng):
        sa, sb = shapes(max(2, int(round(n ** 0.5))))
        return [make_pair(rng, sa, sb, "float32") + (0,)]
    return bench
