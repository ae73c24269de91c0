/* SquaredRelu: out = relu(x)^2 (CANN's op_kernel/squared_relu.h: Relu, then Mul by itself). */
AO_EW_OP1(squared_relu, x, {
    float r = x < 0.0f ? 0.0f : x;
    return r * r;
})
