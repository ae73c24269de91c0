/* The public headers are plain C too: this compiles as C11, calls the runtime, and runs
 * a broadcasting SiluBackward ((2, 3) with (3,)), which is allowed on the host profile
 * and refused (161002) on a SoC without broadcast (ASCENDOPS_SOC=Ascend910B).
 * Prints "broadcast status <code> value <out[1][2]>". */
#include <stdio.h>
#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_silu_backward.h"

int main(void) {
    uint32_t count = 0;
    if (aclInit(NULL) != ACL_SUCCESS) /* the runtime calls below need it */
        return 3;
    aclError rc = aclrtGetDeviceCount(&count);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus st = aclnnSiluBackwardGetWorkspaceSize(NULL, NULL, NULL, &ws, &ex);
    /* the runtime types and functions ggml-cann uses, from C */
    aclrtPhysicalMemProp prop = {ACL_MEM_HANDLE_TYPE_NONE, ACL_MEM_ALLOCATION_TYPE_PINNED, ACL_HBM_MEM_HUGE,
                                 {0, ACL_MEM_LOCATION_TYPE_DEVICE}, 0};
    size_t granularity = 0;
    aclError (*destroy)(const aclTensorList *) = aclDestroyTensorList;
    if (aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED, &granularity) != 0 ||
        granularity != ((size_t)2 << 20) || aclrtGetSocName() == NULL || destroy(NULL) != ACLNN_SUCCESS) {
        printf("granularity %zu\n", granularity);
        return 5;
    }
    if (rc != ACL_SUCCESS || count != 1 || st != ACLNN_ERR_PARAM_NULLPTR) {
        printf("count %u rc %d status %d\n", count, rc, st);
        return 1;
    }
    float dy[6] = {1, 1, 1, 1, 1, 2}, x[3] = {0.5f, -1.0f, 2.0f}, out[6] = {0};
    void *a = NULL, *b = NULL, *c = NULL;
    if (aclrtMalloc(&a, sizeof dy, ACL_MEM_MALLOC_HUGE_FIRST) || aclrtMalloc(&b, sizeof x, ACL_MEM_MALLOC_HUGE_FIRST) ||
        aclrtMalloc(&c, sizeof out, ACL_MEM_MALLOC_HUGE_FIRST))
        return 2;
    aclrtMemcpy(a, sizeof dy, dy, sizeof dy, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(b, sizeof x, x, sizeof x, ACL_MEMCPY_HOST_TO_DEVICE);
    int64_t s23[2] = {2, 3}, s3[1] = {3};
    aclTensor *tdy = aclCreateTensor(s23, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, s23, 2, a);
    aclTensor *tx = aclCreateTensor(s3, 1, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, s3, 1, b);
    aclTensor *tout = aclCreateTensor(s23, 2, ACL_FLOAT, NULL, 0, ACL_FORMAT_ND, s23, 2, c);
    st = aclnnSiluBackwardGetWorkspaceSize(tdy, tx, tout, &ws, &ex);
    if (st == ACLNN_SUCCESS) {
        st = aclnnSiluBackward(NULL, ws, ex, NULL);
        aclrtMemcpy(out, sizeof out, c, sizeof out, ACL_MEMCPY_DEVICE_TO_HOST);
    }
    printf("broadcast status %d value %.9g\n", st, out[5]);
    aclDestroyTensor(tdy);
    aclDestroyTensor(tx);
    aclDestroyTensor(tout);
    aclrtFree(a);
    aclrtFree(b);
    aclrtFree(c);
    return aclFinalize() == ACL_SUCCESS ? 0 : 4;
}
