/* The npu device's op-call trampolines (generated: ascendops/_headers.py npu_calls_text).
 * Each calls one op's aclnn<Op>GetWorkspaceSize, a function pointer from dlsym, with
 * arguments unpacked from an ao_npu_arg array in CANN's parameter order, through a
 * pointer of type __typeof__(aclnn<Op>GetWorkspaceSize) *, the prototype the op's
 * generated aclnnop header declares: the C compiler checks each argument's type against
 * the signature, and the call follows the platform's calling convention for it (no
 * hand-written ABI, no libffi). Built into libascendops_npu_calls.so after the headers,
 * which come from the built core's declarations; the core dlopens it with CANN. */
#ifndef ASCENDOPS_NPU_CALLS_H_
#define ASCENDOPS_NPU_CALLS_H_

#include <stddef.h>
#include <stdint.h>
#include "aclnn/acl_meta.h"

#define AO_NPU_CALLS_API __attribute__((visibility("default")))

/* One argument: a pointer (aclTensor / aclScalar / aclIntArray ... / char *), an int64_t
 * or aclDataType (i), a double (d), a float (f) or a bool (b). */
typedef union {
    void *p;
    int64_t i;
    double d;
    float f;
    bool b;
} ao_npu_arg;

typedef aclnnStatus (*ao_npu_phase1_fn)(void *fn, const ao_npu_arg *args, uint64_t *workspaceSize,
                                        aclOpExecutor **executor);

typedef struct {
    const char *name;        /* the op's CANN name: "SiluBackward" (aclnn<name>GetWorkspaceSize) */
    int nparams;             /* the parameters before workspaceSize, executor */
    ao_npu_phase1_fn call;
} ao_npu_call;

/* The table, sorted by name. */
typedef const ao_npu_call *(*ao_npu_call_table_fn)(size_t *count);

#endif
