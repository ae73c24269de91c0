/* Abs: out = |x| (ascendops/ops/<op>.py): the sign bit cleared (abs(-0) = +0,
 * abs(-inf) = +inf; a NaN result follows ew_op.h's NaN rule). */
/* 16-bit lanes: the sign bit cleared on the raw bits (ew_op.h AO_EW_RAW16_) */
#define AO_EW_RAW16_math_abs ~, 1, 0x7fffu, 0x0000u
AO_EW_OP1(math_abs, x, {
    return ao_fabsf(x);
})
/* Integers in their dtype, exactly (CANN's Abs kernels run INT8/16/32/64 in the dtype:
 * abs.cpp, arch35/abs_dag.h; UINT8 and BOOL are copied through, aclnn_abs.cpp): the
 * most negative value wraps to itself, as torch.abs. */
AO_EW_INT1(math_abs, x, {
    return x < 0 ? (T)(0 - (uint64_t)(int64_t)x) : x;
})
/* COMPLEX64 (Ascend910B's ComplexAbs, regbase's Abs): |z| in double, written to a FLOAT
 * out as the real part */
AO_EW_CPLX1(math_abs, z, {
    return cabs(z);
})
