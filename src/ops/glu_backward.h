/* GluBackward: the two halves of gradInput, CANN's order (ops-nn
 * activation/glu_grad/op_api/aclnn_glu_backward.cpp ComputeGluBackward):
 *   s = sigmoid(b); gradA = dy * s; gradB = (a - a * s) * gradA. */
AO_EW_OP3_2OUT(glu_backward, dy, a, b, grad_a, grad_b, {
    const float s = ao_sigmoidf(b);
    grad_a = dy * s;
    const float as = a * s;
    grad_b = (a - as) * grad_a;
})
