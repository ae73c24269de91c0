/* x^-2 as 1 / (x * x) in fp32, two roundings (within 1.5 ULP of x^-2 where x * x is a
 * normal float; 0 where x * x overflows, |x| >= 2^64, as CANN and torch): PowTensorScalar
 * with an exponent of -2 on FLOAT / FLOAT16 / BF16, as CANN's kernels (hicann/ops-math
 * math/pows/op_kernel/pows_base.h: Mul, Duplicate(1), Div; math/pow/op_kernel/arch35/
 * pow_tensor_scalar_float.h ComputeSquareRec) and torch.pow(tensor, -2). Chosen per call
 * (ascendops/ops/pow_tensor_scalar.py). */
AO_EW_OP1(pow_reciprocal_square, x, {
    const float x2 = x * x;
    return 1.0f / x2;
})
