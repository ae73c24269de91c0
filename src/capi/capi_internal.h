/* Internals of libascendops.so shared by its translation units. */
#ifndef ASCENDOPS_CAPI_INTERNAL_H_
#define ASCENDOPS_CAPI_INTERNAL_H_

#include <type_traits>
#include "aclnn/acl_meta.h"
#include "capi/capi_types.h"

namespace ascendops_capi {

/* Handles whose validity the runtime tracks (so a stale or foreign handle is an error code). */
struct Arg {
    ao_capi_arg a;
    const void *handle;  /* tensor / scalar handle to resolve, or null */
    Arg(const aclTensor *t) : a{AO_ARG_TENSOR, nullptr, nullptr, 0, 0.0}, handle(t) {}
    Arg(const aclScalar *s) : a{AO_ARG_SCALAR, nullptr, nullptr, 0, 0.0}, handle(s) {}
    Arg(const aclIntArray *v) : a{AO_ARG_INT_ARRAY, nullptr, nullptr, 0, 0.0}, handle(v) {}
    Arg(const aclFloatArray *v) : a{AO_ARG_FLOAT_ARRAY, nullptr, nullptr, 0, 0.0}, handle(v) {}
    Arg(const aclBoolArray *v) : a{AO_ARG_BOOL_ARRAY, nullptr, nullptr, 0, 0.0}, handle(v) {}
    Arg(const aclTensorList *v) : a{AO_ARG_TENSOR_LIST, nullptr, nullptr, 0, 0.0}, handle(v) {}
    Arg(const char *s) : a{AO_ARG_STRING, nullptr, s, 0, 0.0}, handle(nullptr) {}
    Arg(aclDataType d) : a{AO_ARG_DTYPE, nullptr, nullptr, (int64_t)d, 0.0}, handle(nullptr) {}
    Arg(uint64_t *r) : a{AO_ARG_RESULT, nullptr, nullptr, r ? 1 : 0, 0.0}, handle(nullptr) {}
    Arg(bool b) : a{AO_ARG_BOOL, nullptr, nullptr, b ? 1 : 0, 0.0}, handle(nullptr) {}
    Arg(double d) : a{AO_ARG_FLOAT, nullptr, nullptr, 0, d}, handle(nullptr) {}
    Arg(float d) : a{AO_ARG_FLOAT, nullptr, nullptr, 0, (double)d}, handle(nullptr) {}
    template <class T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
    Arg(T v) : a{AO_ARG_INT, nullptr, nullptr, (int64_t)v, 0.0}, handle(nullptr) {}
};

aclnnStatus phase1_impl(const char *name, Arg *args, int nargs, uint64_t *workspaceSize,
                        aclOpExecutor **executor);
/* an API declared but not implemented: ACLNN_ERR_INNER_FIND_KERNEL_ERROR, the message naming it */
aclnnStatus not_implemented(const char *api);
aclnnStatus phase2(const char *name, void *workspace, uint64_t workspaceSize, aclOpExecutor *executor,
                   aclrtStream stream);

/* a single-call API (ACLNN_FN): the Python-registered API's result written through `result` */
aclnnStatus call_impl(const char *name, Arg *args, int nargs, uint64_t *result);

template <class... A>
aclnnStatus call(const char *name, uint64_t *result, A... args) {
    Arg list[] = {Arg(args)..., Arg(result)};
    return call_impl(name, list, (int)sizeof...(A) + 1, result);
}

template <class... A>
aclnnStatus phase1(const char *name, uint64_t *workspaceSize, aclOpExecutor **executor, A... args) {
    Arg list[] = {Arg(args)...};
    return phase1_impl(name, list, (int)sizeof...(A), workspaceSize, executor);
}

}  // namespace ascendops_capi

#endif
