/* AddRelu: out = relu(self + alpha * other), attrs[0] = alpha; CANN's op_api computes in
 * float32: Axpy (other * alpha + self; Add when alpha == 1, the same value), then Relu.
 * The Axpy rounds a + b alpha once to float32: a fused multiply-add (ao_axpyf), in every
 * ISA region. CANN's arch35 kernel is Vec::Axpy<float> (hicann/ops-math c41933244,
 * math/axpy/op_kernel/arch35/axpy_dag.h: 16-bit inputs Cast to float first, the result
 * Cast back), on the vaxpy / vmula instructions its golden (math/axpy/tests/assets/
 * golden.py) names "for precision", checking float32 against a float64 evaluation; and
 * torch's add(alpha=) computes Vectorized fmadd(other, alpha, self): the same value.
 * ascendops/ops/relu.py takes add_relu_alpha1.h, a float add, where alpha is 1. */
AO_EW_OP2(add_relu, a, b, {
    float t = ao_axpyf(a, b, attrs[0]);
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
