/* PowTensorScalar: out = self ^ exponent, exponent an aclScalar converted to the compute
 * dtype (ascendops/ops/pow_tensor_scalar.py; hicann/ops-math math/pow/op_api/aclnn_pow.cpp:
 * l0op::Pow / Pows / Square in the inferred dtype). The scalar is attrs[0] + attrs[1] +
 * attrs[2] (ascendops/ops/_scalar.py split_double: exact in double for a DOUBLE compute
 * dtype, attrs[0] alone otherwise); integers in their dtype (iattrs[0], as torch). */
AO_EW_OP1(pow_tensor_scalar, x, {
    const float e = (attrs[0] + attrs[1]) + attrs[2];
    float r = ao_powf(x, e);
    /* exponent +-0.5 as torch.pow(tensor, number) (sqrt, 1 / sqrt; CANN's Pows): -0.0 ^ 0.5
     * = -0.0, -0.0 ^ -0.5 = -inf, -inf ^ +-0.5 = NaN (C99 pow: +0, +inf, +inf / +0) */
    const int half = (e == 0.5f) | (e == -0.5f);
    r = (half & (x == 0.0f)) ? (e > 0.0f ? x : 1.0f / x) : r;
    r = (half & (x < 0.0f) & (x - x != x - x)) ? x - x : r;    /* x = -inf: inf - inf is NaN */
    return r;
})
/* Integers: x^e by squaring, wrapping (src/wide.c's AO_IPOW) */
AO_EW_INT1(pow_tensor_scalar, x, {
    return AO_IPOW(x, iattrs[0]);
})
