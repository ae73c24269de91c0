/* Div: out = self / other, true division (ascendops/ops/div.py). CANN's aclnnDiv
 * (hicann/ops-math math/div/op_api/aclnn_div.cpp) runs l0op::RealDiv in the promoted
 * floating dtype; integer and BOOL promotions are divided in FLOAT (Cast to FLOAT first,
 * or RealDiv's INT32/BOOL kernels, which write FLOAT), so there is no integer body: the
 * engine reads integers into fp32. x / 0 is +-inf, 0 / 0 NaN (IEEE, as torch). */
AO_EW_OP2(div, a, b, {
    return a / b;
})
AO_EW_CPLX2(div, a, b, {
    return a / b;
})
