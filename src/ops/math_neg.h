/* Neg: out = -x (ascendops/ops/<op>.py): the sign flipped (neg(0) = -0; a NaN
 * result follows ew_op.h's NaN rule). */
/* 16-bit lanes: the sign bit flipped on the raw bits (ew_op.h AO_EW_RAW16_) */
#define AO_EW_RAW16_math_neg ~, 1, 0xffffu, 0x8000u
AO_EW_OP1(math_neg, x, {
    return -x;
})
/* Integers in their dtype, wrapping (CANN's Neg kernels run INT8/INT32/INT64 in the
 * dtype: neg.cpp, neg_aicpu.cpp): -(-128) is -128 in INT8, as torch.neg. */
AO_EW_INT1(math_neg, x, {
    return (T)(0 - (uint64_t)(int64_t)x);
})
/* COMPLEX64/128: CANN's AI-CPU Neg, in double complex */
AO_EW_CPLX1(math_neg, z, {
    return -z;
})
