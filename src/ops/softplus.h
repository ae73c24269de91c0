/* Softplus: out = beta x > threshold ? x : log(1 + exp(beta x)) / beta, in CANN's kernel
 * order (hicann/ops-nn activation/softplus_v2/op_kernel/arch35/softplus_v2.h):
 *   bx = beta * x; over = bx > threshold; e = exp(over ? 0 : bx);
 *   out = over ? x : log1p(e) * (1 / beta)
 * CANN emulates log1p(e) as u == 1 ? e : log(u) * (e / (u - 1)), u = 1 + e (u == inf ?
 * inf); ao_log1pf computes the same function directly (within 1 ULP, no division; the
 * emulation, three roundings, was within 1.5), and is e where u == 1 and inf at inf.
 * attrs = (beta, threshold, 1 / beta rounded to float). NaN: bx > threshold is false,
 * the NaN goes through exp and log1p. */
AO_EW_OP1(softplus, x, {
    float bx = x * attrs[0];
    const int over = bx > attrs[1];
    bx = over ? 0.0f : bx;
    float e = ao_expf(bx);
    float l1p = ao_log1pf(e);
    l1p = l1p * attrs[2];
    return over ? x : l1p;
})
