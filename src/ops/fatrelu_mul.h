/* FatreluMul: out = (a > t ? a : 0) * b, a and b the halves of input along its last dim, t
 * the one element of threshold (read at every element). CANN's kernel (ops-nn
 * activation/fatrelu_mul/op_kernel/fatrelu_mul.h: CompareScalar GT, Select, Mul) keeps a
 * where a > threshold (the doc's ">=" is not what it computes: a == threshold gives 0). */
AO_EW_OP3(fatrelu_mul, a, b, t, {
    const float r = a > t ? a : 0.0f;
    return r * b;
})
