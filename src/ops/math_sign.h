/* Sign: out = (x > 0) - (x < 0), CANN's kernel (hicann/ops-math math/sign/op_kernel/
 * arch35/sign.h: Compares GT and LT against 0, Select 1 or 0, Sub) and torch.sign:
 * +-0 -> +0, NaN -> 0, +-inf -> +-1. */
AO_EW_OP1(math_sign, x, {
    const float l = x > 0.0f ? 1.0f : 0.0f;
    const float r = x < 0.0f ? 1.0f : 0.0f;
    return l - r;
})
/* Integers in their dtype (INT32 on the AI core, INT64 on AI-CPU or regbase's AI core;
 * BOOL through INT32, aclnn_sign.cpp) */
AO_EW_INT1(math_sign, x, {
    return (T)((x > 0) - (x < 0));
})
/* COMPLEX64/128: CANN's AI-CPU Sign, z / |z| (0 for 0), as torch.sgn */
AO_EW_CPLX1(math_sign, z, {
    const double a = cabs(z);
    return a == 0.0 ? 0.0 : z / a;
})
