/* aclnnCast: out = self converted to dtype */
#ifndef ACLNNOP_ACLNN_CAST_H_
#define ACLNNOP_ACLNN_CAST_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Cast,
         (const aclTensor *self, const aclDataType dtype, aclTensor *out),
         (self, dtype, out))

#endif
