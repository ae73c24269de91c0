/* Mul: out = self * other (ascendops/ops/mul.py). CANN's l0op::Mul computes in the
 * promoted dtype (hicann/ops-math math/mul/op_api/aclnn_mul.cpp, mul.cpp): FLOAT16 and
 * BFLOAT16 through fp32 here (one product of two 16-bit floats is exact in fp32, so the
 * result rounds once, as a native 16-bit multiply does), integers in their dtype
 * (wrapping, as torch), BOOL through fp32 (0/1 products: logical and), COMPLEX in
 * double complex. */
AO_EW_OP2(mul, a, b, {
    return a * b;
})
AO_EW_INT2(mul, a, b, {
    return AO_IMUL(a, b);
})
AO_EW_CPLX2(mul, a, b, {
    return a * b;
})
