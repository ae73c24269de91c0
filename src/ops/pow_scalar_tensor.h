/* PowScalarTensor: out = self ^ exponent, self an aclScalar converted to the compute
 * dtype (ascendops/ops/pow_scalar_tensor.py; hicann/ops-math math/pow/op_api/aclnn_pow.cpp:
 * ConvertToTensor(self, promoteType), l0op::Pow). The base is attrs[0] + attrs[1] +
 * attrs[2] (split_double); integers in their dtype (iattrs[0] the base). */
AO_EW_OP1(pow_scalar_tensor, e, {
    return ao_powf((attrs[0] + attrs[1]) + attrs[2], e);
})
/* Integers: base^e by squaring, wrapping (src/wide.c's AO_IPOW) */
AO_EW_INT1(pow_scalar_tensor, e, {
    return AO_IPOW((T)iattrs[0], e);
})
