/* aclnnFastGelu: aclnnGelu, aclnnGeluV2, aclnnFastGelu: GELU and its approximations.
 * Generated from ascendops/ops/ (the op's params) when ascendops is built: do not edit. */
#ifndef ACLNNOP_ACLNN_FAST_GELU_H_
#define ACLNNOP_ACLNN_FAST_GELU_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(FastGelu,
         (const aclTensor *self, aclTensor *out),
         (self, out))

#endif
