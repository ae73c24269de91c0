/* aclnnGeluV2: y = GELU(x), approximate 0 (erf) or 1 (tanh) */
#ifndef ACLNNOP_ACLNN_GELU_V2_H_
#define ACLNNOP_ACLNN_GELU_V2_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(GeluV2,
         (const aclTensor *x, int64_t approximate, aclTensor *y),
         (x, approximate, y))

#endif
