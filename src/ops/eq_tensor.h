/* EqTensor: out = self == other, 1 or 0 in the promoted dtype, then Cast to out
 * (ascendops/ops/eq_tensor.py; hicann/ops-math math/equal/op_api/aclnn_eq_tensor.cpp:
 * l0op::Equal). A NaN compares unequal; -0.0 == 0.0. */
AO_EW_OP2(eq_tensor, a, b, {
    return a == b ? 1.0f : 0.0f;
})
/* Integers: exact in the dtype */
AO_EW_INT2(eq_tensor, a, b, {
    return a == b ? (T)1 : (T)0;
})
/* COMPLEX64/128: both parts equal (in double complex: exact for COMPLEX64) */
AO_EW_CPLX2(eq_tensor, a, b, {
    return a == b ? 1.0 : 0.0;
})
