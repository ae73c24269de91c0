/* Sub: out = self - alpha * other, attrs[0] = alpha (ascendops/ops/sub.py). CANN's
 * aclnnSub (hicann/ops-math math/sub/op_api/aclnn_sub.cpp): l0op::Sub where alpha is 1
 * (sub_alpha1.h), else Axpy(self, other, -alpha) on the floats (a float32 fused
 * multiply-add, as add.h), AxpyV2 with -alpha or Mul then Sub on integers (wrapping in
 * the dtype). */
AO_EW_OP2(sub, a, b, {
    return ao_axpyf(a, b, -attrs[0]);
})
AO_EW_INT2(sub, a, b, {
    return (T)((uint64_t)(int64_t)a - (uint64_t)(int64_t)AO_IMUL(b, (T)iattrs[0]));
})
/* COMPLEX: self - alpha * other in double complex, attrs[0] + i attrs[1] = alpha. */
AO_EW_CPLX2(sub, a, b, {
    return a - b * (attrs[0] + attrs[1] * I);
})
