// The C API before aclInit, between aclInit and aclFinalize, after aclFinalize and
// after a second aclInit. Outside aclInit .. aclFinalize the
// runtime (aclrt*) answers ACL_ERROR_UNINITIALIZE (100001) and changes nothing, and
// phase 2 of an op answers ACLNN_ERR_RUNTIME_ERROR (361001) without running; the
// return codes of aclInit / aclFinalize themselves are CANN's (hicann/runtime
// src/acl/aclrt_impl/acl.cpp: aclInitImpl, aclFinalizeImpl). Output: "CHECK ok|FAIL
// name got expected" lines, then "DONE <failures>".
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>
#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_silu_backward.h"

static int failures = 0;

static void check(const char *name, long got, long expected) {
  if (got != expected) failures++;
  printf("CHECK %s %s got %ld expected %ld\n", got == expected ? "ok" : "FAIL", name, got, expected);
}

// Outside aclInit .. aclFinalize: every guarded runtime call gives `expected` and leaves
// its out-parameters, memory and handles untouched.
static void runtime_calls(const char *when, aclError expected, void *block, aclrtStream stream) {
  char name[160];
#define CHECK_CALL(label, call)                          \
  snprintf(name, sizeof name, "%s: %s", when, label);   \
  check(name, (call), expected)
  int32_t dev = -7;
  void *p = nullptr, *host = nullptr;
  aclrtStream s = nullptr;
  unsigned char buf[64] = {0};
  void *host_block = malloc(16);  // what aclrtFreeHost must not free here
  CHECK_CALL("aclrtSetDevice", aclrtSetDevice(0));
  CHECK_CALL("aclrtResetDevice", aclrtResetDevice(0));
  CHECK_CALL("aclrtGetDevice", aclrtGetDevice(&dev));
  CHECK_CALL("aclrtCreateStream", aclrtCreateStream(&s));
  CHECK_CALL("aclrtSynchronizeDevice", aclrtSynchronizeDevice());
  CHECK_CALL("aclrtSynchronizeStream(null)", aclrtSynchronizeStream(nullptr));
  CHECK_CALL("aclrtMalloc", aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_CALL("aclrtMallocHost", aclrtMallocHost(&host, 64));
  aclError freed = aclrtFreeHost(host_block);
  CHECK_CALL("aclrtFreeHost", freed);
  // the functions ggml-cann adds (tests/capi/capi_runtime_checks.cpp checks them inside)
  size_t mem_free = 7, mem_total = 7, gran = 7;
  int32_t can = -7;
  aclrtEvent ev = nullptr;
  void *va = nullptr;
  aclrtDrvMemHandle handle = nullptr;
  aclrtPhysicalMemProp prop = {};
  prop.memAttr = ACL_HBM_MEM_HUGE;
  prop.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
  CHECK_CALL("aclrtGetMemInfo", aclrtGetMemInfo(ACL_HBM_MEM, &mem_free, &mem_total));
  CHECK_CALL("aclrtCreateEventWithFlag", aclrtCreateEventWithFlag(&ev, ACL_EVENT_SYNC));
  CHECK_CALL("aclrtStreamWaitEvent", aclrtStreamWaitEvent(nullptr, nullptr));
  CHECK_CALL("aclrtDeviceCanAccessPeer", aclrtDeviceCanAccessPeer(&can, 0, 1));
  CHECK_CALL("aclrtDeviceEnablePeerAccess", aclrtDeviceEnablePeerAccess(1, 0));
  CHECK_CALL("aclrtMemGetAllocationGranularity",
             aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED, &gran));
  CHECK_CALL("aclrtReserveMemAddress", aclrtReserveMemAddress(&va, 2 << 20, 0, nullptr, 0));
  CHECK_CALL("aclrtMallocPhysical", aclrtMallocPhysical(&handle, 2 << 20, &prop, 0));
  CHECK_CALL("aclrtMapMem", aclrtMapMem(buf, 2 << 20, 0, (aclrtDrvMemHandle)buf, 0));
  CHECK_CALL("aclrtUnmapMem", aclrtUnmapMem(buf));
  CHECK_CALL("aclrtFreePhysical", aclrtFreePhysical((aclrtDrvMemHandle)buf));
  CHECK_CALL("aclrtReleaseMemAddress", aclrtReleaseMemAddress(buf));
  snprintf(name, sizeof name, "%s: ggml-cann's out-parameters untouched", when);
  check(name, mem_free == 7 && mem_total == 7 && gran == 7 && can == -7 && ev == nullptr && va == nullptr &&
                  handle == nullptr, 1);
  snprintf(name, sizeof name, "%s: aclrtGetSocName (no runtime needed)", when);
  check(name, aclrtGetSocName() != nullptr && strcmp(aclrtGetSocName(), "host") == 0, 1);
  if (block) {
    CHECK_CALL("aclrtMemcpy H2D", aclrtMemcpy(block, 64, buf, 64, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK_CALL("aclrtMemcpyAsync H2D", aclrtMemcpyAsync(block, 64, buf, 64, ACL_MEMCPY_HOST_TO_DEVICE, nullptr));
    CHECK_CALL("aclrtMemset", aclrtMemset(block, 64, 1, 64));
    CHECK_CALL("aclrtMemsetAsync", aclrtMemsetAsync(block, 64, 1, 64, nullptr));
    CHECK_CALL("aclrtFree", aclrtFree(block));
  }
  if (stream) {
    CHECK_CALL("aclrtSynchronizeStream", aclrtSynchronizeStream(stream));
    CHECK_CALL("aclrtDestroyStream", aclrtDestroyStream(stream));
  }
#undef CHECK_CALL
  snprintf(name, sizeof name, "%s: out-parameters untouched", when);
  check(name, dev == -7 && p == nullptr && host == nullptr && s == nullptr, 1);
  snprintf(name, sizeof name, "%s: the message names aclInit", when);
  check(name, strstr(aclGetRecentErrMsg(), "aclInit") != nullptr, 1);
  if (freed != ACL_SUCCESS) free(host_block);
  uint32_t count = 0;
  snprintf(name, sizeof name, "%s: aclrtGetDeviceCount (no runtime needed)", when);
  check(name, aclrtGetDeviceCount(&count) == ACL_SUCCESS && count == 1, 1);
}

int main() {
  // -- before aclInit ---------------------------------------------------------------------
  runtime_calls("before aclInit", ACL_ERROR_UNINITIALIZE, nullptr, nullptr);
  // Phase 1 is host work (CANN's opbase keeps no init state): empty tensors plan fine;
  // phase 2 launches, and there is no runtime.
  int64_t empty[2] = {0, 3};
  aclTensor *e[3];
  for (aclTensor *&t : e) t = aclCreateTensor(empty, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, empty, 2, nullptr);
  check("before aclInit: aclCreateTensor (host object)", e[0] && e[1] && e[2], 1);
  uint64_t ws = 0;
  aclOpExecutor *ex = nullptr;
  check("before aclInit: phase 1", aclnnSiluBackwardGetWorkspaceSize(e[0], e[1], e[2], &ws, &ex), ACLNN_SUCCESS);
  check("before aclInit: phase 2", aclnnSiluBackward(nullptr, 0, ex, nullptr), ACLNN_ERR_RUNTIME_ERROR);
  check("before aclInit: the executor is kept", aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
  // CANN: aclFinalize before any aclInit succeeds; a second one is a repeated finalize.
  check("aclFinalize before aclInit", aclFinalize(), ACL_SUCCESS);
  check("aclFinalize again", aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
  runtime_calls("finalized before aclInit", ACL_ERROR_UNINITIALIZE, nullptr, nullptr);

  // -- aclInit .. aclFinalize: a real run, and resources that outlive aclFinalize --------
  check("aclInit", aclInit(nullptr), ACL_SUCCESS);
  check("aclInit twice", aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);
  check("aclrtSetDevice", aclrtSetDevice(0), ACL_SUCCESS);
  aclrtStream stream = nullptr;
  check("aclrtCreateStream", aclrtCreateStream(&stream), ACL_SUCCESS);
  const int n = 8;
  std::vector<float> x(n), dy(n, 1.0f), out(n, 0.0f), marker(n, -123.0f);
  for (int i = 0; i < n; i++) x[i] = 0.5f * i - 2.0f;
  void *xa = nullptr, *dya = nullptr, *oa = nullptr, *spare = nullptr;
  check("aclrtMalloc x", aclrtMalloc(&xa, n * 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  check("aclrtMalloc dy", aclrtMalloc(&dya, n * 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  check("aclrtMalloc out", aclrtMalloc(&oa, n * 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  check("aclrtMalloc spare", aclrtMalloc(&spare, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  check("H2D x", aclrtMemcpy(xa, n * 4, x.data(), n * 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  check("H2D dy", aclrtMemcpy(dya, n * 4, dy.data(), n * 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  int64_t shape[1] = {n};
  aclTensor *tx = aclCreateTensor(shape, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape, 1, xa);
  aclTensor *tdy = aclCreateTensor(shape, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape, 1, dya);
  aclTensor *to = aclCreateTensor(shape, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, shape, 1, oa);
  check("phase 1", aclnnSiluBackwardGetWorkspaceSize(tdy, tx, to, &ws, &ex), ACLNN_SUCCESS);
  check("repeatable", aclSetAclOpExecutorRepeatable(ex), ACLNN_SUCCESS);
  check("phase 2", aclnnSiluBackward(nullptr, 0, ex, stream), ACLNN_SUCCESS);
  check("D2H out", aclrtMemcpy(out.data(), n * 4, oa, n * 4, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  check("computed", out[0] != 0.0f, 1);
  check("mark out", aclrtMemcpy(oa, n * 4, marker.data(), n * 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);

  check("aclFinalize", aclFinalize(), ACL_SUCCESS);
  check("aclFinalize twice", aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);

  // -- after aclFinalize --------------------------------------------------------------------
  runtime_calls("after aclFinalize", ACL_ERROR_UNINITIALIZE, spare, stream);
  check("after aclFinalize: phase 2", aclnnSiluBackward(nullptr, 0, ex, stream), ACLNN_ERR_RUNTIME_ERROR);

  // -- aclInit again: the runtime works, the resources are still there ---------------------
  check("aclInit after aclFinalize", aclInit(nullptr), ACL_SUCCESS);
  std::vector<float> got(n, 0.0f);
  check("out untouched by the refused phase 2",
        aclrtMemcpy(got.data(), n * 4, oa, n * 4, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  check("out still the marker", memcmp(got.data(), marker.data(), n * 4) == 0, 1);
  check("phase 2 again", aclnnSiluBackward(nullptr, 0, ex, stream), ACLNN_SUCCESS);
  check("D2H again", aclrtMemcpy(got.data(), n * 4, oa, n * 4, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  check("same result", memcmp(got.data(), out.data(), n * 4) == 0, 1);
  check("aclDestroyAclOpExecutor", aclDestroyAclOpExecutor(ex), ACLNN_SUCCESS);
  for (aclTensor *t : {tx, tdy, to, e[0], e[1], e[2]}) check("aclDestroyTensor", aclDestroyTensor(t), ACLNN_SUCCESS);
  for (void *b : {xa, dya, oa, spare}) check("aclrtFree", aclrtFree(b), ACL_SUCCESS);
  check("aclrtDestroyStream", aclrtDestroyStream(stream), ACL_SUCCESS);
  check("aclrtResetDevice", aclrtResetDevice(0), ACL_SUCCESS);
  check("aclFinalize", aclFinalize(), ACL_SUCCESS);
  printf("DONE %d\n", failures);
  return failures ? 1 : 0;
}
