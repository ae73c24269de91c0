/* Divs: out = self / other, `other` an aclScalar (ascendops/ops/divs.py). CANN's aclnnDivs
 * (hicann/ops-math math/div/op_api/aclnn_div.cpp) converts other to the compute dtype and
 * runs RealDiv, or on regbase (a FLOAT16/BF16/FLOAT self, a floating scalar: CanUseMuls)
 * Muls by the reciprocal computed in double and rounded once to float. attrs[3] == 0:
 * a / (attrs[0] + attrs[1] + attrs[2]) (the divisor; a DOUBLE one exact as three floats,
 * _scalar.py split_double); attrs[3] != 0: a * attrs[0] (the float reciprocal). x / 0 is
 * +-inf, 0 / 0 NaN (IEEE). No integer body: integers are divided in fp32 (RealDiv's INT32
 * and BOOL kernels write FLOAT). COMPLEX in double complex (attrs[0] + i attrs[1]). */
AO_EW_OP1(divs, a, {
    float q = a / ((attrs[0] + attrs[1]) + attrs[2]);
    float m = a * attrs[0];
    return attrs[3] != 0.0f ? m : q;
})
AO_EW_CPLX1(divs, z, {
    return z / (attrs[0] + attrs[1] * I);
})
