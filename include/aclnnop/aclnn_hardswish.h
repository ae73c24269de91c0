/* aclnnHardswish: out = self * relu6(self + 3) / 6 */
#ifndef ACLNNOP_ACLNN_HARDSWISH_H_
#define ACLNNOP_ACLNN_HARDSWISH_H_
#include "ascendops/capi/aclnn_op.h"

ACLNN_OP(Hardswish,
         (const aclTensor *self, const aclTensor *out),
         (self, out))

#endif
