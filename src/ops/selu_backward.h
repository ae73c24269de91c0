/* SeluBackward (CANN SeluGrad), y the forward's output:
 * dx = y <= 0 ? dy * (y + scale * alpha) : dy * scale,
 * scale = 1.0507009873554804934, scale * alpha = 1.7580993408473768599 (fp32 constants
 * of hicann/ops-nn activation/selu_grad/op_kernel/arch35/selu_grad.h, SeluGradSelectFp32:
 * Muls(dy, scale); Adds(y, scale * alpha), Mul by dy; Select on y <= 0).
 * Selecting between two products of dy is dy times the selected factor (one rounded
 * multiplication either way), so the op is in gradient form. A NaN y fails the
 * compare: dx = dy * scale, as CANN and PyTorch's elu_backward(is_result=True). */
AO_EW_GRAD(selu_backward, dy, y, {
    float neg = y + 1.7580993408473768599402175208123f;
    return y <= 0.0f ? neg : 1.0507009873554804934193349852946f;
})
