/* AddRelu: out = relu(self + alpha * other), attrs[0] = alpha; CANN's op_api computes in
 * float32: Axpy (other * alpha + self; Add when alpha == 1, the same value), then Relu.
 * The Axpy rounds once, as torch's add(alpha=) does (a fused multiply-add): evaluated in
 * double (the product is exact there) and rounded to float, the same in every ISA region
 * (it differs from a true fma only where the double sum is a float rounding tie). */
/* The product of two floats is exact in double (48 bits), so a double fma rounds the
 * same sum once, as the multiply and add do: the same bits. The kernel regions with FMA
 * use it: the add shares Zen 4's two FADD pipes with the four vcvtps2pd and two
 * vcvtpd2ps per 16 elements, the fma does not. Not in the baseline region (no FMA
 * unit: a libm call) nor in wide.c's double bodies (AO_ISA_LEVEL undefined there: a and
 * b are doubles, whose product is not exact). ascendops/ops/relu.py takes
 * add_relu_alpha1.h, a float add, where alpha is 1. */
#if defined(AO_ISA_LEVEL) && AO_ISA_LEVEL >= 1
#define AO_ADD_RELU_AXPY(a, b, alpha) ((float)__builtin_fma((double)(b), (double)(alpha), (double)(a)))
#else
#define AO_ADD_RELU_AXPY(a, b, alpha) ((float)((double)(b) * (double)(alpha) + (double)(a)))
#endif
/* whole registers: region.h ao_axpy_vform (a float fma where it gives these bits) */
#define AO_EW_VFORM_add_relu ~, ao_add_relu_vform
AO_EW_OP2(add_relu, a, b, {
    float t = AO_ADD_RELU_AXPY(a, b, attrs[0]);
    return t < 0.0f ? 0.0f : t;
})
#undef AO_ADD_RELU_AXPY
/* An integer promoted dtype: CANN's DoAdd computes in it (l0op::Add; alpha != 1:
 * alpha converted to the dtype, l0op::Mul, then Add; hicann/ops-nn activation/relu/
 * op_api/aclnn_add_relu.cpp), then Relu (INT16 via INT32, UINT8 skipped: the same
 * values): relu(self + other * alpha) in the dtype, wrapping on overflow as the
 * integer vector ops and torch do; iattrs[0] = alpha as the dtype. */
AO_EW_INT2(add_relu, a, b, {
    const T t = AO_IADD(a, AO_IMUL(b, (T)iattrs[0]));
    return t < 0 ? (T)0 : t;
})
