/* Sigmoid: out = 1 / (1 + exp(-x)) (vmath.h ao_sigmoidf: CANN's op order). */
AO_EW_XFUNC(sigmoid, x, {
    return ao_sigmoidf(x);
})
/* COMPLEX64/128: CANN runs its AI-CPU Sigmoid kernel on complex self (aclnn_sigmoid.cpp:
 * complex is in DTYPE_OUT_LIST, so self is not cast; sigmoid.cpp: not an AI-core dtype),
 * here in double complex. */
AO_EW_CPLX1(sigmoid, z, {
    return 1.0 / (1.0 + cexp(-z));
})
