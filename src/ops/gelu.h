/* Gelu (CANN's aclnnGelu is the tanh approximation), in the op order of CANN's kernel
 * (hicann/ops-nn activation/gelu/op_kernel/arch35/gelu_dag.h):
 *   c = x^2 * x;  c = c + x * (1 / 0.044715);  c = c * (-sqrt(8 / pi) * 0.044715);
 *   out = x / (exp(c) + 1)
 * which is 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))) = x sigmoid(2u).
 * Also GeluV2 with approximate = 1 ("tanh"). */
AO_EW_XFUNC(gelu, x, {
    float c = x * x;
    c = c * x;
    float t = x * 22.363859176635742f;      /* 1 / 0.044715 rounded to float, as CANN's constant */
    c = c + t;
    c = c * -0.07135481387376785f;          /* -1.595769121 * 0.044715 rounded to float */
    c = ao_expf_plus1(c);
    return x / c;
})
