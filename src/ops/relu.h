/* Relu: out = max(x, 0). A select, not max(): NaN passes through (as torch.relu),
 * -0.0 stays -0.0; a NaN is quietened (ew_op.h's NaN rule). Also AddRelu's last step (add_relu.h). */
/* NaN results by the rule without the fix (ew_op.h AO_EW_NANSAFE_): results 0 or quiet(x) */
#define AO_EW_NANSAFE_relu ~, 1
AO_EW_OP1(relu, x, {
    return x < 0.0f ? 0.0f : ao_quietf(x);
})
/* Integer dtypes: CANN's Relu kernel runs INT32 in int32 and INT64 as Maxs(x, 0) in
 * int64, INT8 through half (exact for int8) (hicann/ops-nn activation/relu/op_kernel/
 * relu_apt.cpp, arch35/relu_dag.h): max(x, 0) exactly, in the dtype. */
AO_EW_INT1(relu, x, {
    return x < 0 ? (T)0 : x;
})
