/* Sub: out = self - alpha * other, attrs[0] = alpha (ascendops/ops/sub.py). CANN's
 * aclnnSub (hicann/ops-math math/sub/op_api/aclnn_sub.cpp): l0op::Sub where alpha is 1
 * (sub_alpha1.h), else Axpy(self, other, -alpha) on the floats (one rounding: the
 * product is exact in double, as add.h), AxpyV2 with -alpha or Mul then Sub on integers
 * (wrapping in the dtype). */
#if defined(AO_ISA_LEVEL) && AO_ISA_LEVEL >= 1
#define AO_SUB_AXPY(a, b, alpha) ((float)__builtin_fma((double)(b), -(double)(alpha), (double)(a)))
#else
#define AO_SUB_AXPY(a, b, alpha) ((float)((double)(b) * -(double)(alpha) + (double)(a)))
#endif
/* whole registers: region.h ao_axpy_vform (a float fma where it gives these bits) */
#define AO_EW_VFORM_sub ~, ao_sub_vform
AO_EW_OP2(sub, a, b, {
    return AO_SUB_AXPY(a, b, attrs[0]);
})
#undef AO_SUB_AXPY
AO_EW_INT2(sub, a, b, {
    return (T)((uint64_t)(int64_t)a - (uint64_t)(int64_t)AO_IMUL(b, (T)iattrs[0]));
})
/* COMPLEX: self - alpha * other in double complex, attrs[0] + i attrs[1] = alpha. */
AO_EW_CPLX2(sub, a, b, {
    return a - b * (attrs[0] + attrs[1] * I);
})
