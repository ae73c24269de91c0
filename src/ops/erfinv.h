/* Erfinv: the inverse of erf on [-1, 1]. M. Giles' single-precision approximation
 * ("Approximating the erfinv function", GPU Computing Gems, 2010), evaluated in double:
 * w = -log((1 - x)(1 + x)) (exact product in double, log in fp32 rounded once),
 * w < 5: a degree-8 polynomial in w - 2.5, else one in sqrt(w) - 3; y = p * x (about
 * 3e-7 relative), then one Newton step on erf(y) = x in double (ao_erf_wide, relative
 * 4e-9), rounded once: within ~0.5 ULP, as torch's erfinv (which refines by Newton too).
 * erfinv(+-1) = +-inf, |x| > 1 -> NaN, NaN -> NaN. */
AO_EW_OP1(erfinv, x, {
    const double xd = (double)x;
    const double prod = (1.0 - xd) * (1.0 + xd);
    const float pf = (float)prod;
    const double w = -(double)ao_logf(pf);
    const int central = w < 5.0;
    const double wc = w - 2.5;
    double p = 2.81022636e-08;
    p = 3.43273939e-07 + p * wc;
    p = -3.5233877e-06 + p * wc;
    p = -4.39150654e-06 + p * wc;
    p = 0.00021858087 + p * wc;
    p = -0.00125372503 + p * wc;
    p = -0.00417768164 + p * wc;
    p = 0.246640727 + p * wc;
    p = 1.50140941 + p * wc;
    const double wt = w > 5.0 ? w : 5.0;    /* in range for the tail; NaN -> 5 */
    const double st = __builtin_sqrt(wt) - 3.0;
    double q = -0.000200214257;
    q = 0.000100950558 + q * st;
    q = 0.00134934322 + q * st;
    q = -0.00367342844 + q * st;
    q = 0.00573950773 + q * st;
    q = -0.0076224613 + q * st;
    q = 0.00943887047 + q * st;
    q = 1.00167406 + q * st;
    q = 2.83297682 + q * st;
    const double y = (central ? p : q) * xd;
    const double d = 1.1283791670955126 * (double)ao_expf((float)(-(y * y)));   /* erf'(y) */
    const double y1 = y - (ao_erf_wide(y) - xd) / d;
    float r = (float)(d > 0.0 ? y1 : y);
    const float a = x < 0.0f ? -x : x;
    const float inf = x < 0.0f ? -__builtin_inff() : __builtin_inff();
    r = a == 1.0f ? inf : r;
    r = a > 1.0f ? __builtin_nanf("") : r;
    r = x != x ? ao_quietf(x) : r;
    return r;
})
