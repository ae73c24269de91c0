/* The public headers are plain C too: this compiles as C11 and calls the runtime. */
#include <stdio.h>
#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_silu_backward.h"

int main(void) {
    uint32_t count = 0;
    aclError rc = aclrtGetDeviceCount(&count);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    aclnnStatus st = aclnnSiluBackwardGetWorkspaceSize(NULL, NULL, NULL, &ws, &ex);
    printf("count %u rc %d status %d\n", count, rc, st);
    return rc == ACL_SUCCESS && count == 1 && st == ACLNN_ERR_PARAM_NULLPTR ? 0 : 1;
}
