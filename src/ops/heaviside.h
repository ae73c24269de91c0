/* Heaviside(input, values): 0 where input < 0, values where input == 0, 1 where
 * input > 0; a NaN input gives 0 (torch's rule: input == 0 and input > 0 are false). */
AO_EW_OP2(heaviside, x, v, {
    float s = x > 0.0f ? 1.0f : 0.0f;
    return x == 0.0f ? ao_quietf(v) : s;
})
