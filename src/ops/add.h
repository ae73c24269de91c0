/* Add: out = self + alpha * other, attrs[0] = alpha (ascendops/ops/add.py). CANN's
 * aclnnAdd (hicann/ops-math math/add/op_api/aclnn_add.cpp) runs l0op::Add where alpha
 * is 1 (add_alpha1.h), else Axpy (other * alpha + self) on FLOAT/FLOAT16/INT32, or
 * Mul then Add. The Axpy rounds once, as torch's add(alpha=) does: evaluated in double
 * (the product of two floats is exact there) and rounded to float; the fma form where
 * the region has FMA (src/ops/add_relu.h explains why the two give the same bits). */
#if defined(AO_ISA_LEVEL) && AO_ISA_LEVEL >= 1
#define AO_ADD_AXPY(a, b, alpha) ((float)__builtin_fma((double)(b), (double)(alpha), (double)(a)))
#else
#define AO_ADD_AXPY(a, b, alpha) ((float)((double)(b) * (double)(alpha) + (double)(a)))
#endif
/* whole registers: region.h ao_axpy_vform (a float fma where it gives these bits) */
#define AO_EW_VFORM_add ~, ao_add_vform
AO_EW_OP2(add, a, b, {
    return AO_ADD_AXPY(a, b, attrs[0]);
})
#undef AO_ADD_AXPY
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
