/* x^-0.5 as 1 / sqrt(x) in fp32, two roundings (within 1.5 ULP of x^-0.5): PowTensorScalar
 * with an exponent of -0.5 on FLOAT / FLOAT16 / BF16, as CANN's kernels (hicann/ops-math
 * math/pows/op_kernel/pows_base.h: Sqrt, Duplicate(1), Div; math/pow/op_kernel/arch35/
 * pow_tensor_scalar_float.h ComputeRsqrt) and torch.pow(tensor, -0.5) (rsqrt):
 * -0.0 -> -inf, -inf -> NaN, x < 0 -> NaN. Chosen per call (ascendops/ops/pow_tensor_scalar.py). */
AO_EW_OP1(pow_rsqrt, x, {
    const float s = ao_sqrtf(x);
    return 1.0f / s;
})
