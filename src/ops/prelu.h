/* Prelu(self, weight): self where self > 0, else weight * self (CANN's PRelu kernel,
 * torch.nn.functional.prelu). The weight operand is the channel's value: the dispatcher
 * broadcasts it along dim 1 (Input(along=1)). A NaN self gives weight * NaN (NaN). */
AO_EW_OP2(prelu, x, w, {
    return x > 0.0f ? x : w * x;
})
