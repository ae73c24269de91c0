/* Muls: out = self * other, `other` an aclScalar (ascendops/ops/muls.py). CANN's
 * aclnnMuls (hicann/ops-math math/mul/op_api/aclnn_mul.cpp) converts the scalar to the
 * compute dtype InferTensorScalarDtype picks (ConvertToTensor) and runs l0op::Mul, or
 * l0op::Muls with the scalar as a float (BF16/FLOAT16 self). The scalar comes as
 * attrs[0] + attrs[1] + attrs[2] (ascendops/ops/_scalar.py split_double: a FLOAT or
 * 16-bit compute dtype's scalar is attrs[0] exactly, the others -0.0; a DOUBLE one is
 * the three floats' sum, exact in double). FLOAT16 and BFLOAT16 through fp32: one
 * product of two 16-bit floats is exact in fp32 and rounds once. Integers in their dtype
 * (wrapping, iattrs[0] the scalar converted), COMPLEX in double complex (attrs[0] + i
 * attrs[1]). */
AO_EW_OP1(muls, a, {
    return a * ((attrs[0] + attrs[1]) + attrs[2]);
})
AO_EW_INT1(muls, a, {
    return AO_IMUL(a, (T)iattrs[0]);
})
AO_EW_CPLX1(muls, z, {
    return z * (attrs[0] + attrs[1] * I);
})
