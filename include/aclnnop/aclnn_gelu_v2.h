/* aclnnGeluV2: aclnnGelu, aclnnGeluV2, aclnnFastGelu: GELU and its approximations.
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_GELU_V2_H_
#define ACLNNOP_ACLNN_GELU_V2_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(GeluV2,
         (const aclTensor *x, int64_t approximate, aclTensor *y),
         (x, approximate, y))

#endif
