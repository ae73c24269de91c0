/* aclnn/aclnn_base.h: CANN's umbrella header of the aclnn base API (hicann/opbase
 * include/nnopbase/aclnn/aclnn_base.h includes aclnn/acl_meta.h). Programs that include
 * it (llama.cpp's ggml-cann) get acl_meta.h's types and functions; aclnnInit and
 * aclnnFinalize are not provided. */
#ifndef ASCENDOPS_ACLNN_ACLNN_BASE_H_
#define ASCENDOPS_ACLNN_ACLNN_BASE_H_

#include "aclnn/acl_meta.h"

#endif /* ASCENDOPS_ACLNN_ACLNN_BASE_H_ */
