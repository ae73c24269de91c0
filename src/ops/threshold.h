/* Threshold: out = x <= threshold ? value : x; attrs = (threshold, value). A NaN x is
 * kept (torch's rule: the comparison is false). */
/* NaN results by the rule without the fix (ew_op.h AO_EW_NANSAFE_): results the value attribute or quiet(x) */
#define AO_EW_NANSAFE_threshold ~, 1
AO_EW_OP1(threshold, x, {
    return x <= attrs[0] ? attrs[1] : ao_quietf(x);
})
/* Integer dtypes (INT8/16/32/64, UINT8): CANN's l0op::Threshold runs ThresholdV2 in
 * self's dtype with threshold and value converted to it (ConvertToTensor(scalar,
 * self's dtype); hicann/ops-nn activation/threshold/op_host/op_api/threshold.cpp):
 * iattrs = (threshold, value) as the dtype, as torch.threshold on integer tensors. */
AO_EW_INT1(threshold, x, {
    return x <= (T)iattrs[0] ? (T)iattrs[1] : x;
})
