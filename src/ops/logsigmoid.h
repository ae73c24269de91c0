/* LogSigmoid: out = log(1 / (1 + exp(-x))) = min(x, 0) - log1p(exp(-|x|)), in CANN's
 * kernel order (hicann/ops-nn activation/log_sigmoid/op_kernel/arch35/log_sigmoid_dag.h);
 * CANN's log1p(e) = 1 + e == 1 ? e : log(1 + e) * (e / ((1 + e) - 1)) is computed
 * directly by ao_log1pf (the same function, one rounding short of 1 ULP). */
AO_EW_XFUNC(logsigmoid, x, {
    float m = x < 0.0f ? x : 0.0f;
    m = x != x ? x : m;
    float a = x < 0.0f ? -x : x;
    a = -a;
    float e = ao_expf(a);
    float l1p = ao_log1pf(e);
    return m - l1p;
})
