/* x^2 as x * x (one rounding: pow(x, 2) correctly rounded), PowTensorScalar with an
 * exponent of 2 on FLOAT / FLOAT16 / BF16: CANN's Square (hicann/ops-math
 * math/pow/op_api/aclnn_pow.cpp canUseSquare; Pows and the arch35 kernel's ComputeSquare
 * compute the same product). Chosen per call (ascendops/ops/pow_tensor_scalar.py). */
AO_EW_OP1(pow_square, x, {
    return x * x;
})
