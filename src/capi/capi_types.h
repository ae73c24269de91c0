/* One argument of an aclnn phase-1 call, as the C shim hands it to the Cython core
 * (ascendops/_capi.pxi). Shared by both sides; plain C. */
#ifndef ASCENDOPS_CAPI_TYPES_H_
#define ASCENDOPS_CAPI_TYPES_H_

#include <Python.h>
#include <stdint.h>

enum {
    AO_ARG_TENSOR = 0,  /* obj: the Tensor, or NULL for a null aclTensor */
    AO_ARG_SCALAR = 1,  /* obj: the numpy scalar, or NULL */
    AO_ARG_INT = 2,     /* i */
    AO_ARG_FLOAT = 3,   /* d */
    AO_ARG_BOOL = 4,    /* i (0 / 1) */
    AO_ARG_STRING = 5,  /* str, or NULL */
    AO_ARG_DTYPE = 6,   /* i: an aclDataType value */
    AO_ARG_INT_ARRAY = 7,   /* obj: the tuple of ints of an aclIntArray, or NULL */
    AO_ARG_FLOAT_ARRAY = 8, /* obj: the tuple of floats of an aclFloatArray, or NULL */
    AO_ARG_BOOL_ARRAY = 9,  /* obj: the tuple of bools of an aclBoolArray, or NULL */
    AO_ARG_TENSOR_LIST = 10, /* obj: a tuple of an aclTensorList's Tensors (None: a null element), or NULL */
    AO_ARG_RESULT = 11      /* a single-call API's result pointer: i = 1 where it is not null */
};

typedef struct {
    int kind;
    PyObject *obj;
    const char *str;
    int64_t i;
    double d;
} ao_capi_arg;

#endif
