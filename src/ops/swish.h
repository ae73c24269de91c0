/* Swish: out = x * sigmoid(beta x) = x / (1 + exp(-beta x)); attrs[0] = beta.
 * exp overflowing to +inf gives x / inf = -0, the limit. */
AO_EW_OP1(swish, x, {
    float t = x * attrs[0];
    t = ao_expf_plus1(-t);
    return x / t;
})
