/* x^0 and 1^y: 1 for every element, NaN included (C99 pow: pow(x, +-0) = 1, pow(1, y) = 1).
 * PowTensorScalar with an exponent of 0 (hicann/ops-math math/pow/op_kernel/arch35/
 * pow_tensor_scalar_float.h: expValue == 0 -> ComputeZeros, a Duplicate of 1) and
 * PowScalarTensor with a base of 1 (math/pow/op_api/aclnn_pow.cpp: the Fill(1) branch).
 * Chosen per call by the declarations' kernel_for (ascendops/ops/pow_*.py). */
/* NaN results by the rule without the fix (ew_op.h AO_EW_NANSAFE_): none */
#define AO_EW_NANSAFE_pow_one ~, 1
AO_EW_OP1(pow_one, x, {
    (void)x;
    return 1.0f;
})
/* Integers: 1 (x^0, and 1^e for every e, negative ones included, as torch) */
AO_EW_INT1(pow_one, x, {
    (void)x;
    return (T)1;
})
