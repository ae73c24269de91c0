/* AddRelu with alpha == 1 (ascendops/ops/relu.py picks this kernel when alpha as a
 * float32 is 1): out = relu(self + other), CANN's Add then Relu. One float add gives
 * add_relu.h's value: its fused self + other * 1 rounds the same exact sum once, zeros'
 * signs and overflow to inf included; NaN results follow the kernels' NaN rule either
 * way. tests/perf_correctness/test_add_relu_kernels.py checks both kernels against one
 * rounding, ties and overflow included, in every ISA region. */
AO_EW_OP2(add_relu_alpha1, a, b, {
    float t = a + b;
    return t < 0.0f ? 0.0f : t;
})
/* Integer promoted dtypes: add_relu.h's body (iattrs[0] is alpha as the dtype, 1 on
 * this kernel's plans), so that both kernels give the same values there too. */
AO_EW_INT2(add_relu_alpha1, a, b, {
    const T t = AO_IADD(a, AO_IMUL(b, (T)iattrs[0]));
    return t < 0 ? (T)0 : t;
})
