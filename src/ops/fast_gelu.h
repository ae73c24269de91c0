/* FastGelu: out = x / (1 + exp(-1.702 x)), CANN's kernel order (hicann/ops-nn
 * activation/fast_gelu/op_kernel/arch35/fast_gelu_dag.h: Muls(-1.702), Exp, Adds(1), Div). */
AO_EW_XFUNC(fast_gelu, x, {
    float t = x * -1.702f;
    t = ao_expf_plus1(t);
    return x / t;
})
