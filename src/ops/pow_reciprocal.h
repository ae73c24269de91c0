/* x^-1 as 1 / x (one rounding: pow(x, -1) correctly rounded; 1 / -0 = -inf, 1 / -inf =
 * -0 as pow): PowTensorScalar with an exponent of -1 on FLOAT / FLOAT16 / BF16, as
 * CANN's kernels (hicann/ops-math math/pows/op_kernel/pows_base.h, math/pow/op_kernel/
 * arch35/pow_tensor_scalar_float.h ComputeRec: Duplicate(1) then Div). Chosen per call
 * (ascendops/ops/pow_tensor_scalar.py). */
AO_EW_OP1(pow_reciprocal, x, {
    return 1.0f / x;
})
