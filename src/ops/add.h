/* Add: out = self + alpha * other, attrs[0] = alpha (ascendops/ops/add.py). CANN's
 * aclnnAdd (hicann/ops-math math/add/op_api/aclnn_add.cpp) runs l0op::Add where alpha
 * is 1 (add_alpha1.h), else Axpy (other * alpha + self) on FLOAT/FLOAT16/INT32, or
 * Mul then Add. The Axpy is a float32 fused multiply-add (src/ops/add_relu.h says why). */
AO_EW_OP2(add, a, b, {
    return ao_axpyf(a, b, attrs[0]);
})
/* An integer promoted dtype: alpha converted to it (ConvertToTensor), Mul, then Add, in
 * the dtype, wrapping (CANN's INT32 Axpy is not modelled apart); iattrs[0] = alpha. */
AO_EW_INT2(add, a, b, {
    return AO_IADD(a, AO_IMUL(b, (T)iattrs[0]));
})
/* COMPLEX: self + alpha * other in double complex, attrs[0] + i attrs[1] = alpha
 * (ascendops/ops/_binary.py alpha_kernel_for). */
AO_EW_CPLX2(add, a, b, {
    return a + b * (attrs[0] + attrs[1] * I);
})
