/* LogSigmoid: out = log(1 / (1 + exp(-x))) = min(x, 0) - log1p(exp(-|x|)), in CANN's
 * kernel order (hicann/ops-nn activation/log_sigmoid/op_kernel/arch35/log_sigmoid_dag.h),
 * log1p(e) = 1 + e == 1 ? e : log(1 + e) * (e / ((1 + e) - 1)). */
AO_EW_OP1(logsigmoid, x, {
    float m = x < 0.0f ? x : 0.0f;
    m = x != x ? x : m;
    float a = x < 0.0f ? -x : x;
    a = -a;
    float e = ao_expf(a);
    float u = e + 1.0f;
    float v = u - 1.0f;
    float q = e / v;
    float lu = ao_logf(u);
    float l1p = lu * q;
    l1p = u != 1.0f ? l1p : e;
    return m - l1p;
})
