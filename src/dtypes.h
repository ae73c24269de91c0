/* The one table of aclDataType codes the C side knows (CANN's numeric values,
 * aclnn-facts section 6): their element sizes, their value class (for casts) and
 * which of them the elementwise engine loads and stores. Every C file and the Cython
 * core (_plan.pxi, via ao_ew_dtype_ok) take dtype facts from here. */
#ifndef ASCENDOPS_DTYPES_H
#define ASCENDOPS_DTYPES_H

#include <stdint.h>

enum {
    AO_DT_FLOAT = 0,
    AO_DT_FLOAT16 = 1,
    AO_DT_INT8 = 2,
    AO_DT_INT32 = 3,
    AO_DT_UINT8 = 4,
    AO_DT_INT16 = 6,
    AO_DT_UINT16 = 7,
    AO_DT_UINT32 = 8,
    AO_DT_INT64 = 9,
    AO_DT_UINT64 = 10,
    AO_DT_DOUBLE = 11,
    AO_DT_BOOL = 12,
    AO_DT_COMPLEX64 = 16,   /* only as an elementwise output (wide.c): real part, imag 0 */
    AO_DT_COMPLEX128 = 17,
    AO_DT_BF16 = 27,
};

/* Value classes: how a cast carries an element (cast.c). */
enum { AO_DTC_NONE = -1, AO_DTC_FLOAT = 0, AO_DTC_INT = 1, AO_DTC_UINT = 2 };

/* Bytes per element of a dtype the C kernels handle; 0 for any other code. */
static inline int ao_dtype_itemsize(int dt)
{
    switch (dt) {
    case AO_DT_INT8: case AO_DT_UINT8: case AO_DT_BOOL: return 1;
    case AO_DT_FLOAT16: case AO_DT_BF16: case AO_DT_INT16: case AO_DT_UINT16: return 2;
    case AO_DT_FLOAT: case AO_DT_INT32: case AO_DT_UINT32: return 4;
    case AO_DT_INT64: case AO_DT_UINT64: case AO_DT_DOUBLE: return 8;
    default: return 0;
    }
}

/* The value class of a dtype the C kernels handle (bool is an integer 0/1). */
static inline int ao_dtype_class(int dt)
{
    switch (dt) {
    case AO_DT_FLOAT: case AO_DT_FLOAT16: case AO_DT_BF16: case AO_DT_DOUBLE: return AO_DTC_FLOAT;
    case AO_DT_UINT8: case AO_DT_UINT16: case AO_DT_UINT32: case AO_DT_UINT64: return AO_DTC_UINT;
    case AO_DT_INT8: case AO_DT_INT16: case AO_DT_INT32: case AO_DT_INT64: case AO_DT_BOOL: return AO_DTC_INT;
    default: return AO_DTC_NONE;
    }
}

/* 1 for the dtypes the fp32 kernels load and store (the elementwise engine, the row
 * kernels): float32, float16, bfloat16. */
static inline int ao_ew_dtype_ok(int dt)
{
    return dt == AO_DT_FLOAT || dt == AO_DT_FLOAT16 || dt == AO_DT_BF16;
}

#endif
