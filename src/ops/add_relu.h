/* AddRelu: out = relu(self + alpha * other), attrs[0] = alpha; CANN's op_api computes in
 * float32: Axpy (other * alpha + self; Add when alpha == 1, the same value), then Relu.
 * The Axpy rounds once, as torch's add(alpha=) does (a fused multiply-add): evaluated in
 * double (the product is exact there) and rounded to float, the same in every ISA region
 * (it differs from a true fma only where the double sum is a float rounding tie). */
AO_EW_OP2(add_relu, a, b, {
    float t = (float)((double)b * (double)attrs[0] + (double)a);
    return t < 0.0f ? 0.0f : t;
})
