/* Threshold: out = x <= threshold ? value : x; attrs = (threshold, value). A NaN x is
 * kept (torch's rule: the comparison is false). */
AO_EW_OP1(threshold, x, {
    return x <= attrs[0] ? attrs[1] : ao_quietf(x);
})
