/* x^3 as (x * x) * x in fp32, two roundings (within 1.5 ULP of x^3; an overflow or
 * underflow of x * x gives what x^3 gives): PowTensorScalar with an exponent of 3 on
 * FLOAT / FLOAT16 / BF16, as CANN's kernels (hicann/ops-math math/pows/op_kernel/
 * pows_base.h and math/pow/op_kernel/arch35/pow_tensor_scalar_float.h ComputeCube: Mul
 * then Mul) and torch.pow(tensor, 3). Chosen per call (ascendops/ops/pow_tensor_scalar.py). */
AO_EW_OP1(pow_cube, x, {
    const float x2 = x * x;
    return x2 * x;
})
