/* Softplus: out = beta x > threshold ? x : log(1 + exp(beta x)) / beta, in CANN's kernel
 * order (hicann/ops-nn activation/softplus_v2/op_kernel/arch35/softplus_v2.h):
 *   bx = beta * x; over = bx > threshold; e = exp(over ? 0 : bx); u = 1 + e;
 *   log1p(e) = u == 1 ? e : log(u) * (e / (u - 1));  u == inf ? inf : that;
 *   out = over ? x : log1p(e) * (1 / beta)
 * attrs = (beta, threshold, 1 / beta rounded to float). NaN: bx > threshold is false,
 * the NaN goes through exp and log. */
AO_EW_OP1(softplus, x, {
    float bx = x * attrs[0];
    const int over = bx > attrs[1];
    bx = over ? 0.0f : bx;
    float e = ao_expf(bx);
    float u = e + 1.0f;
    float v = u - 1.0f;
    float lu = ao_logf(u);
    float ratio = e / v;
    float l1p = lu * ratio;
    l1p = u == 1.0f ? e : l1p;
    l1p = u == __builtin_inff() ? u : l1p;
    l1p = l1p * attrs[2];
    return over ? x : l1p;
})
