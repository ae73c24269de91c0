/* Relu: out = max(x, 0). A select, not max(): NaN passes through (as torch.relu),
 * -0.0 stays -0.0; a NaN is quietened (ew_op.h's NaN rule). Also AddRelu's last step (add_relu.h). */
AO_EW_OP1(relu, x, {
    return x < 0.0f ? 0.0f : ao_quietf(x);
})
