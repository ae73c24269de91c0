/* AddRelu: out = relu(self + alpha * other), attrs[0] = alpha; CANN's op_api computes in
 * float32: Axpy (other * alpha + self; Add when alpha == 1, the same value), then Relu.
 * The Axpy rounds once, as torch's add(alpha=) does (a fused multiply-add): evaluated in
 * double (the product is exact there) and rounded to float, the same in every ISA region
 * (it differs from a true fma only where the double sum is a float rounding tie). */
AO_EW_OP2(add_relu, a, b, {
    float t = (float)((double)b * (double)attrs[0] + (double)a);
    return t < 0.0f ? 0.0f : t;
})
/* An integer promoted dtype: CANN's DoAdd computes in it (l0op::Add; alpha != 1:
 * alpha converted to the dtype, l0op::Mul, then Add; hicann/ops-nn activation/relu/
 * op_api/aclnn_add_relu.cpp), then Relu (INT16 via INT32, UINT8 skipped: the same
 * values): relu(self + other * alpha) in the dtype, wrapping on overflow as the
 * integer vector ops and torch do; iattrs[0] = alpha as the dtype. */
AO_EW_INT2(add_relu, a, b, {
    const T t = AO_IADD(a, AO_IMUL(b, (T)iattrs[0]));
    return t < 0 ? (T)0 : t;
})
