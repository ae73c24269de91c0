// The runtime functions llama.cpp's CANN backend (ggml-cann) calls beyond the basic ones:
// aclrtGetSocName, aclrtGetMemInfo, aclrtCreateEventWithFlag, aclrtStreamWaitEvent, peer
// access, virtual memory management (reserve, physical memory, map: a round trip through
// aclCreateTensor, an aclnn op, aclrtMemcpy and aclrtMemset, and every error path), tensor
// lists, and the destroy functions as ggml's acl_tensor.h uses them (deleters typed
// aclError (*)(const T *)). Run by tests/capi/test_capi_runtime.py on the cpu device and
// with ASCENDOPS_STRICT_DEVICE=1. Prints "CHECK ok|FAIL name got expected", a few
// "VAL name value" lines, and "DONE <failures>" last.
//   argv[1] == "deref": maps memory and reads it on the host (dies on the strict device).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <memory>
#include <type_traits>
#include <vector>
#include "acl/acl.h"
#include "aclnn/aclnn_base.h"
#include "aclnnop/aclnn_cat.h"
#include "aclnnop/aclnn_relu.h"

static int failures = 0;

static void check(const char *name, long long got, long long expected) {
  if (got != expected) failures++;
  printf("CHECK %s %s got %lld expected %lld%s%s\n", got == expected ? "ok" : "FAIL", name, got, expected,
         got == expected ? "" : " -- ", got == expected ? "" : aclGetRecentErrMsg());
}

// -- ggml-cann's acl_tensor.h: deleters take the destroy functions as aclError (*)(const T *)
template <typename T, aclError (*DestroyFunc)(const T *)>
struct acl_deleter {
  void operator()(T *ptr) const noexcept {
    if (ptr) check("deleter destroy", DestroyFunc(ptr), ACL_SUCCESS);
  }
};
using acl_tensor_ptr = std::unique_ptr<aclTensor, acl_deleter<aclTensor, aclDestroyTensor>>;
using acl_int_array_ptr = std::unique_ptr<aclIntArray, acl_deleter<aclIntArray, aclDestroyIntArray>>;
using acl_scalar_ptr = std::unique_ptr<aclScalar, acl_deleter<aclScalar, aclDestroyScalar>>;
using acl_tensor_list_ptr = std::unique_ptr<aclTensorList, acl_deleter<aclTensorList, aclDestroyTensorList>>;
static_assert(std::is_same<decltype(&aclDestroyTensor), aclError (*)(const aclTensor *)>::value,
              "aclDestroyTensor is aclError (const aclTensor *)");
static_assert(std::is_same<decltype(&aclDestroyTensorList), aclError (*)(const aclTensorList *)>::value,
              "aclDestroyTensorList is aclError (const aclTensorList *)");
static_assert(std::is_same<aclnnStatus, aclError>::value, "aclnnStatus and aclError are one type");

static const size_t MiB = (size_t)1 << 20;

static aclrtPhysicalMemProp ggml_prop(aclrtMemAttr attr) {  // as ggml-cann.cpp fills it
  aclrtPhysicalMemProp prop = {};
  prop.handleType = ACL_MEM_HANDLE_TYPE_NONE;
  prop.allocationType = ACL_MEM_ALLOCATION_TYPE_PINNED;
  prop.memAttr = attr;
  prop.location.type = ACL_MEM_LOCATION_TYPE_DEVICE;
  prop.location.id = 0;
  prop.reserve = 0;
  return prop;
}

static aclTensor *vec(float *addr, int64_t n) {
  int64_t shape[1] = {n}, strides[1] = {1};
  return aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, addr);
}

static aclnnStatus relu(aclTensor *x, aclTensor *out, aclrtStream stream) {
  uint64_t ws = 0;
  aclOpExecutor *ex = nullptr;
  aclnnStatus st = aclnnReluGetWorkspaceSize(x, out, &ws, &ex);
  if (st != ACLNN_SUCCESS) return st;
  return aclnnRelu(nullptr, ws, ex, stream);
}

static int deref_mode() {
  // a mapped address read on the host: fine on cpu, SIGSEGV on the strict device
  if (aclInit(nullptr) || aclrtSetDevice(0)) return 2;
  void *va = nullptr;
  aclrtDrvMemHandle h = nullptr;
  aclrtPhysicalMemProp prop = ggml_prop(ACL_HBM_MEM_HUGE);
  if (aclrtReserveMemAddress(&va, 2 * MiB, 0, nullptr, 1) || aclrtMallocPhysical(&h, 2 * MiB, &prop, 0) ||
      aclrtMapMem(va, 2 * MiB, 0, h, 0))
    return 3;
  float v = 1.5f;
  if (aclrtMemcpy(va, 4, &v, 4, ACL_MEMCPY_HOST_TO_DEVICE)) return 4;
  printf("reading mapped memory on the host\n");
  fflush(stdout);
  printf("value %.2f\n", *(volatile float *)va);
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "deref") == 0) return deref_mode();

  // -- aclrtGetSocName: no aclInit needed, never null, a stable string --------------------
  const char *soc = aclrtGetSocName();
  check("aclrtGetSocName not null", soc != nullptr, 1);
  printf("VAL soc %s\n", soc ? soc : "(null)");
  check("aclrtGetSocName same string", aclrtGetSocName() == soc, 1);

  check("aclInit", aclInit(nullptr), ACL_SUCCESS);
  size_t free0 = 0, total0 = 0;
  check("aclrtGetMemInfo before aclrtSetDevice", aclrtGetMemInfo(ACL_HBM_MEM, &free0, &total0),
        ACL_ERROR_RT_CONTEXT_NULL);
  check("aclrtDeviceEnablePeerAccess before aclrtSetDevice", aclrtDeviceEnablePeerAccess(1, 0),
        ACL_ERROR_RT_CONTEXT_NULL);
  check("aclrtSetDevice", aclrtSetDevice(0), ACL_SUCCESS);

  // -- aclrtGetMemInfo -----------------------------------------------------------------------
  check("aclrtGetMemInfo(null)", aclrtGetMemInfo(ACL_HBM_MEM, nullptr, &total0), ACL_ERROR_INVALID_PARAM);
  check("aclrtGetMemInfo(bad attr)", aclrtGetMemInfo((aclrtMemAttr)18, &free0, &total0),
        ACL_ERROR_RT_INVALID_MEMORY_TYPE);
  check("aclrtGetMemInfo(-1)", aclrtGetMemInfo((aclrtMemAttr)-1, &free0, &total0), ACL_ERROR_RT_INVALID_MEMORY_TYPE);
  check("aclrtGetMemInfo", aclrtGetMemInfo(ACL_HBM_MEM, &free0, &total0), ACL_SUCCESS);
  check("total > 0", total0 > 0, 1);
  check("free <= total", free0 <= total0, 1);
  printf("VAL total %zu\n", total0);
  size_t f2 = 0, t2 = 0;
  check("aclrtGetMemInfo(ACL_DDR_MEM)", aclrtGetMemInfo(ACL_DDR_MEM, &f2, &t2), ACL_SUCCESS);
  check("every kind is the same memory", t2 == total0, 1);

  // -- peer access: one device, no peer -------------------------------------------------------
  int32_t can = -7;
  check("aclrtDeviceCanAccessPeer(0, 0)", aclrtDeviceCanAccessPeer(&can, 0, 0), ACL_ERROR_INVALID_PARAM);
  check("aclrtDeviceCanAccessPeer(0, 1)", aclrtDeviceCanAccessPeer(&can, 0, 1), ACL_ERROR_RT_PARAM_INVALID);
  check("aclrtDeviceCanAccessPeer(1, 0)", aclrtDeviceCanAccessPeer(&can, 1, 0), ACL_ERROR_RT_PARAM_INVALID);
  check("aclrtDeviceCanAccessPeer(-1, 0)", aclrtDeviceCanAccessPeer(&can, -1, 0), ACL_ERROR_RT_PARAM_INVALID);
  check("canAccessPeer untouched", can, -7);
  check("aclrtDeviceEnablePeerAccess(0)", aclrtDeviceEnablePeerAccess(0, 0), ACL_ERROR_INVALID_PARAM);
  check("aclrtDeviceEnablePeerAccess(1)", aclrtDeviceEnablePeerAccess(1, 0), ACL_ERROR_RT_PARAM_INVALID);
  check("aclrtDeviceEnablePeerAccess(flags 1)", aclrtDeviceEnablePeerAccess(1, 1), ACL_ERROR_FEATURE_UNSUPPORTED);

  // -- events with flags, aclrtStreamWaitEvent --------------------------------------------------
  aclrtEvent ev = nullptr, ev_tl = nullptr, ev_dev = nullptr, ev_plain = nullptr;
  check("aclrtCreateEventWithFlag(null)", aclrtCreateEventWithFlag(nullptr, ACL_EVENT_SYNC), ACL_ERROR_INVALID_PARAM);
  check("aclrtCreateEventWithFlag(0)", aclrtCreateEventWithFlag(&ev, 0), ACL_ERROR_RT_PARAM_INVALID);
  check("aclrtCreateEventWithFlag(ACL_EVENT_IPC)", aclrtCreateEventWithFlag(&ev, ACL_EVENT_IPC),
        ACL_ERROR_RT_PARAM_INVALID);
  check("aclrtCreateEventWithFlag(DEVICE_USE_ONLY | SYNC)",
        aclrtCreateEventWithFlag(&ev, ACL_EVENT_DEVICE_USE_ONLY | ACL_EVENT_SYNC), ACL_ERROR_RT_PARAM_INVALID);
  check("event untouched", ev == nullptr, 1);
  check("aclrtCreateEventWithFlag(SYNC)", aclrtCreateEventWithFlag(&ev, ACL_EVENT_SYNC), ACL_SUCCESS);
  check("aclrtCreateEventWithFlag(TIME_LINE)", aclrtCreateEventWithFlag(&ev_tl, ACL_EVENT_TIME_LINE), ACL_SUCCESS);
  check("aclrtCreateEventWithFlag(DEVICE_USE_ONLY)", aclrtCreateEventWithFlag(&ev_dev, ACL_EVENT_DEVICE_USE_ONLY),
        ACL_SUCCESS);
  check("aclrtCreateEvent", aclrtCreateEvent(&ev_plain), ACL_SUCCESS);
  aclrtStream sa = nullptr, sb = nullptr;
  check("aclrtCreateStream a", aclrtCreateStream(&sa), ACL_SUCCESS);
  check("aclrtCreateStream b", aclrtCreateStream(&sb), ACL_SUCCESS);
  check("aclrtStreamWaitEvent(null event)", aclrtStreamWaitEvent(sb, nullptr), ACL_ERROR_INVALID_PARAM);
  check("aclrtStreamWaitEvent(foreign event)", aclrtStreamWaitEvent(sb, (aclrtEvent)&can), ACL_ERROR_INVALID_PARAM);
  check("aclrtStreamWaitEvent(foreign stream)", aclrtStreamWaitEvent((aclrtStream)&can, ev), ACL_ERROR_INVALID_PARAM);
  check("aclrtStreamWaitEvent(TIME_LINE event)", aclrtStreamWaitEvent(sb, ev_tl), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  check("aclrtStreamWaitEvent(DEVICE_USE_ONLY event)", aclrtStreamWaitEvent(sb, ev_dev), ACL_ERROR_RT_PARAM_INVALID);
  check("aclrtStreamWaitEvent(unrecorded)", aclrtStreamWaitEvent(sb, ev), ACL_SUCCESS);
  check("aclrtStreamWaitEvent(default stream)", aclrtStreamWaitEvent(nullptr, ev_plain), ACL_SUCCESS);

  // ordering: stream a runs 6 ops into `buf`, records ev; stream b waits for ev, then copies
  // buf back. On the strict device every queued job starts after a delay, so without the
  // wait b's copy would run long before a's last op.
  const int N = 256;
  std::vector<float> host(N), back(N, -1.0f);
  for (int i = 0; i < N; i++) host[i] = (float)(i % 7) - 3.0f;
  void *pa = nullptr, *pb = nullptr;
  check("aclrtMalloc a", aclrtMalloc(&pa, N * 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  check("aclrtMalloc b", aclrtMalloc(&pb, N * 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
  check("H2D a", aclrtMemcpy(pa, N * 4, host.data(), N * 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  check("memset b", aclrtMemset(pb, N * 4, 0, N * 4), ACL_SUCCESS);
  {
    acl_tensor_ptr ta(vec((float *)pa, N)), tb(vec((float *)pb, N));
    for (int k = 0; k < 3; k++) {
      check("relu a->b on stream a", relu(ta.get(), tb.get(), sa), ACLNN_SUCCESS);
      check("relu b->a on stream a", relu(tb.get(), ta.get(), sa), ACLNN_SUCCESS);
    }
    check("aclrtRecordEvent", aclrtRecordEvent(ev, sa), ACL_SUCCESS);
    check("aclrtStreamWaitEvent", aclrtStreamWaitEvent(sb, ev), ACL_SUCCESS);
    check("D2H async on stream b",
          aclrtMemcpyAsync(back.data(), N * 4, pa, N * 4, ACL_MEMCPY_DEVICE_TO_HOST, sb), ACL_SUCCESS);
    check("aclrtSynchronizeStream b", aclrtSynchronizeStream(sb), ACL_SUCCESS);
    int wrong = 0;
    for (int i = 0; i < N; i++) wrong += back[i] != (host[i] > 0 ? host[i] : 0.0f);
    check("b's copy saw a's work", wrong, 0);
    check("aclrtSynchronizeStream a", aclrtSynchronizeStream(sa), ACL_SUCCESS);
  }
  check("aclrtDestroyEvent", aclrtDestroyEvent(ev), ACL_SUCCESS);
  check("aclrtDestroyEvent", aclrtDestroyEvent(ev_tl), ACL_SUCCESS);
  check("aclrtDestroyEvent", aclrtDestroyEvent(ev_dev), ACL_SUCCESS);
  check("aclrtDestroyEvent", aclrtDestroyEvent(ev_plain), ACL_SUCCESS);

  // -- virtual memory management: granularity -------------------------------------------------
  aclrtPhysicalMemProp prop = ggml_prop(ACL_HBM_MEM_HUGE);
  size_t gran = 0;
  check("granularity(null prop)",
        aclrtMemGetAllocationGranularity(nullptr, ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED, &gran),
        ACL_ERROR_INVALID_PARAM);
  check("granularity(null out)", aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED, nullptr),
        ACL_ERROR_INVALID_PARAM);
  check("granularity(recommended)",
        aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED, &gran), ACL_SUCCESS);
  check("granularity 2 MiB", (long long)gran, 2 * MiB);
  check("granularity(minimum)", aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_MINIMUM, &gran),
        ACL_SUCCESS);
  check("minimum 2 MiB", (long long)gran, 2 * MiB);
  check("granularity(bad option)", aclrtMemGetAllocationGranularity(&prop, ACL_RT_MEM_ALLOC_GRANULARITY_UNDEF, &gran),
        ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
  aclrtPhysicalMemProp p1g = ggml_prop(ACL_HBM_MEM_HUGE1G);
  check("granularity(HUGE1G)", aclrtMemGetAllocationGranularity(&p1g, ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED, &gran),
        ACL_SUCCESS);
  check("HUGE1G 1 GiB", (long long)gran, 1024 * MiB);
  aclrtPhysicalMemProp bad = ggml_prop(ACL_HBM_MEM_HUGE);
  bad.location.id = 1;
  check("granularity(device 1)", aclrtMemGetAllocationGranularity(&bad, ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED, &gran),
        ACL_ERROR_RT_INVALID_DEVICEID);
  bad = ggml_prop(ACL_DDR_MEM_HUGE);
  check("granularity(DDR on the device)",
        aclrtMemGetAllocationGranularity(&bad, ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED, &gran), ACL_ERROR_INVALID_PARAM);
  bad = ggml_prop(ACL_HBM_MEM);
  check("granularity(ACL_HBM_MEM)", aclrtMemGetAllocationGranularity(&bad, ACL_RT_MEM_ALLOC_GRANULARITY_RECOMMENDED, &gran),
        ACL_ERROR_INVALID_PARAM);

  // -- reserve ---------------------------------------------------------------------------------
  void *va = nullptr;
  check("reserve(null)", aclrtReserveMemAddress(nullptr, 16 * MiB, 0, nullptr, 1), ACL_ERROR_INVALID_PARAM);
  check("reserve(size 0)", aclrtReserveMemAddress(&va, 0, 0, nullptr, 1), ACL_ERROR_INVALID_PARAM);
  check("reserve(flags 2)", aclrtReserveMemAddress(&va, 16 * MiB, 0, nullptr, 2), ACL_ERROR_INVALID_PARAM);
  check("reserve(alignment 4096)", aclrtReserveMemAddress(&va, 16 * MiB, 4096, nullptr, 1), ACL_ERROR_RT_PARAM_INVALID);
  check("reserve(unaligned expectPtr)", aclrtReserveMemAddress(&va, 16 * MiB, 0, (void *)0x7f0000001000, 0),
        ACL_ERROR_RT_PARAM_INVALID);
  check("va untouched", va == nullptr, 1);
  check("reserve 16 MiB", aclrtReserveMemAddress(&va, 16 * MiB, 0, nullptr, 1), ACL_SUCCESS);
  check("reservation aligned to 2 MiB", (long long)((uintptr_t)va % (2 * MiB)), 0);
  char *base = (char *)va;

  // -- physical memory -----------------------------------------------------------------------
  aclrtDrvMemHandle h1 = nullptr, h2 = nullptr, hx = nullptr;
  check("malloc physical(null handle)", aclrtMallocPhysical(nullptr, 2 * MiB, &prop, 0), ACL_ERROR_INVALID_PARAM);
  check("malloc physical(null prop)", aclrtMallocPhysical(&hx, 2 * MiB, nullptr, 0), ACL_ERROR_INVALID_PARAM);
  check("malloc physical(size 0)", aclrtMallocPhysical(&hx, 0, &prop, 0), ACL_ERROR_INVALID_PARAM);
  check("malloc physical(flags 1)", aclrtMallocPhysical(&hx, 2 * MiB, &prop, 1), ACL_ERROR_INVALID_PARAM);
  bad = ggml_prop(ACL_HBM_MEM_HUGE);
  bad.handleType = ACL_MEM_HANDLE_TYPE_POSIX;
  check("malloc physical(POSIX handle)", aclrtMallocPhysical(&hx, 2 * MiB, &bad, 0), ACL_ERROR_INVALID_PARAM);
  bad = ggml_prop(ACL_HBM_MEM_HUGE);
  bad.location.type = ACL_MEM_LOCATION_TYPE_MANAGED;
  check("malloc physical(MANAGED)", aclrtMallocPhysical(&hx, 2 * MiB, &bad, 0), ACL_ERROR_INVALID_PARAM);
  bad = ggml_prop(ACL_HBM_MEM_HUGE);
  bad.location.id = 3;
  check("malloc physical(device 3)", aclrtMallocPhysical(&hx, 2 * MiB, &bad, 0), ACL_ERROR_RT_INVALID_DEVICEID);
  check("malloc physical(1 MiB: unaligned)", aclrtMallocPhysical(&hx, 1 * MiB, &prop, 0),
        ACL_ERROR_RT_DRV_INTERNAL_ERROR);
  check("handle untouched", hx == nullptr, 1);
  size_t free1 = 0, total1 = 0;
  aclrtGetMemInfo(ACL_HBM_MEM, &free1, &total1);
  check("malloc physical h1", aclrtMallocPhysical(&h1, 2 * MiB, &prop, 0), ACL_SUCCESS);
  check("malloc physical h2", aclrtMallocPhysical(&h2, 2 * MiB, &prop, 0), ACL_SUCCESS);
  size_t free2 = 0;
  aclrtGetMemInfo(ACL_HBM_MEM, &free2, &total1);
  check("physical memory is in use", (long long)(free1 - free2), 4 * MiB);

  // -- map: the error paths, then two adjacent mappings ------------------------------------------
  check("map(offset)", aclrtMapMem(base, 2 * MiB, 4096, h1, 0), ACL_ERROR_RT_PARAM_INVALID);
  check("map(flags)", aclrtMapMem(base, 2 * MiB, 0, h1, 1), ACL_ERROR_INVALID_PARAM);
  check("map(null)", aclrtMapMem(nullptr, 2 * MiB, 0, h1, 0), ACL_ERROR_INVALID_PARAM);
  check("map(size 0)", aclrtMapMem(base, 0, 0, h1, 0), ACL_ERROR_INVALID_PARAM);
  check("map(foreign handle)", aclrtMapMem(base, 2 * MiB, 0, (aclrtDrvMemHandle)&can, 0), ACL_ERROR_RT_PARAM_INVALID);
  check("map(host memory)", aclrtMapMem(host.data(), 2 * MiB, 0, h1, 0), ACL_ERROR_RT_DRV_INTERNAL_ERROR);
  check("map(aclrtMalloc memory)", aclrtMapMem(pa, 2 * MiB, 0, h1, 0), ACL_ERROR_RT_DRV_INTERNAL_ERROR);
  check("map(unaligned address)", aclrtMapMem(base + 4096, 2 * MiB, 0, h1, 0), ACL_ERROR_RT_DRV_INTERNAL_ERROR);
  check("map(unaligned size)", aclrtMapMem(base, 1 * MiB, 0, h1, 0), ACL_ERROR_RT_DRV_INTERNAL_ERROR);
  check("map(past the reservation)", aclrtMapMem(base + 14 * MiB, 4 * MiB, 0, h1, 0), ACL_ERROR_RT_DRV_INTERNAL_ERROR);
  check("map(more than the handle)", aclrtMapMem(base, 4 * MiB, 0, h1, 0), ACL_ERROR_RT_DRV_INTERNAL_ERROR);
  check("map h1 at base", aclrtMapMem(base, 2 * MiB, 0, h1, 0), ACL_SUCCESS);
  check("map h2 at base + 2 MiB", aclrtMapMem(base + 2 * MiB, 2 * MiB, 0, h2, 0), ACL_SUCCESS);
  check("map h2 again at base (double map)", aclrtMapMem(base, 2 * MiB, 0, h2, 0), ACL_ERROR_RT_DRV_INTERNAL_ERROR);
  check("map h1 over h2 (double map)", aclrtMapMem(base + 2 * MiB, 2 * MiB, 0, h1, 0),
        ACL_ERROR_RT_DRV_INTERNAL_ERROR);
  check("aclrtFree(reservation)", aclrtFree(base), ACL_ERROR_INVALID_PARAM);

  // -- mapped memory is device memory: copies, memset, tensors, an op ------------------------------
  // x: 512 floats in h1 ending 1 KiB before h2; out: 512 floats spanning h1 and h2
  const int M = 512;
  float *x_addr = (float *)(base + 2 * MiB - M * 4 - 1024);
  float *out_addr = (float *)(base + 2 * MiB - 1024);
  std::vector<float> xs(M), outs(M, -1.0f);
  for (int i = 0; i < M; i++) xs[i] = 0.25f * (float)(i % 13) - 1.5f;
  check("H2D into mapped memory", aclrtMemcpy(x_addr, M * 4, xs.data(), M * 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
  check("memset across two mappings", aclrtMemset(out_addr, M * 4, 0x7F, M * 4), ACL_SUCCESS);
  check("memset into unmapped memory", aclrtMemset(base + 4 * MiB, 64, 0, 64), ACL_ERROR_INVALID_PARAM);
  check("H2D past the mappings", aclrtMemcpy(base + 4 * MiB - 64, 128, xs.data(), 128, ACL_MEMCPY_HOST_TO_DEVICE),
        ACL_ERROR_INVALID_PARAM);
  check("tensor over unmapped memory", vec((float *)(base + 4 * MiB), 16) == nullptr, 1);
  aclrtStream st = sa;
  {
    acl_tensor_ptr tx(vec(x_addr, M)), tout(vec(out_addr, M));
    check("aclCreateTensor on mapped memory", tx != nullptr && tout != nullptr, 1);
    check("aclnnRelu into mapped memory", relu(tx.get(), tout.get(), st), ACLNN_SUCCESS);
    check("aclrtSynchronizeStream", aclrtSynchronizeStream(st), ACL_SUCCESS);
    check("D2H across two mappings", aclrtMemcpy(outs.data(), M * 4, out_addr, M * 4, ACL_MEMCPY_DEVICE_TO_HOST),
          ACL_SUCCESS);
    int wrong = 0;
    for (int i = 0; i < M; i++) wrong += outs[i] != (xs[i] > 0 ? xs[i] : 0.0f);
    check("relu values", wrong, 0);
    // device to device, from aclrtMalloc memory into mapped memory and back
    check("D2D malloc -> mapped", aclrtMemcpy(base + 3 * MiB, N * 4, pa, N * 4, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS);
    check("D2D mapped -> malloc", aclrtMemcpy(pb, N * 4, base + 3 * MiB, N * 4, ACL_MEMCPY_DEFAULT), ACL_SUCCESS);
    check("D2H", aclrtMemcpy(back.data(), N * 4, pb, N * 4, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    int w2 = 0;
    for (int i = 0; i < N; i++) w2 += back[i] != (host[i] > 0 ? host[i] : 0.0f);
    check("D2D values", w2, 0);

    // -- freeing and unmapping -----------------------------------------------------------------
    // a mapped handle's memory stays until it is unmapped (the driver counts its mappings)
    check("free mapped h1", aclrtFreePhysical(h1), ACL_SUCCESS);
    check("free h1 again", aclrtFreePhysical(h1), ACL_ERROR_RT_PARAM_INVALID);
    check("memory of freed, mapped h1 still there",
          aclrtMemcpy(outs.data(), M * 4, out_addr, M * 4, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    check("unmap(not a mapping start)", aclrtUnmapMem(base + 4096), ACL_ERROR_RT_DRV_INTERNAL_ERROR);
    check("unmap(unmapped)", aclrtUnmapMem(base + 8 * MiB), ACL_ERROR_RT_DRV_INTERNAL_ERROR);
    check("unmap(null)", aclrtUnmapMem(nullptr), ACL_ERROR_INVALID_PARAM);
    check("release while mapped", aclrtReleaseMemAddress(base), ACL_ERROR_RT_DRV_INTERNAL_ERROR);
    check("unmap h1", aclrtUnmapMem(base), ACL_SUCCESS);
    check("unmap h1 again", aclrtUnmapMem(base), ACL_ERROR_RT_DRV_INTERNAL_ERROR);
    check("h1 is gone", aclrtFreePhysical(h1), ACL_ERROR_RT_PARAM_INVALID);
    // tensors over memory unmapped since: phase 2 refuses them (no kernel faults on them)
    check("op on unmapped memory", relu(tx.get(), tout.get(), st), ACLNN_ERR_RUNTIME_ERROR);
    check("D2H from unmapped memory", aclrtMemcpy(outs.data(), M * 4, x_addr, M * 4, ACL_MEMCPY_DEVICE_TO_HOST),
          ACL_ERROR_INVALID_PARAM);
  }
  // map h2 back at base: memory is memory wherever it is mapped
  check("unmap h2", aclrtUnmapMem(base + 2 * MiB), ACL_SUCCESS);
  check("map h2 at base", aclrtMapMem(base, 2 * MiB, 0, h2, 0), ACL_SUCCESS);
  std::vector<float> h2_head(256);
  check("D2H h2's first bytes", aclrtMemcpy(h2_head.data(), 1024, base, 1024, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
  int w3 = 0;
  for (int i = 0; i < 256; i++) w3 += h2_head[i] != (xs[256 + i] > 0 ? xs[256 + i] : 0.0f);
  check("h2 kept relu's values", w3, 0);
  check("unmap h2", aclrtUnmapMem(base), ACL_SUCCESS);
  check("free h2", aclrtFreePhysical(h2), ACL_SUCCESS);
  check("free h2 again", aclrtFreePhysical(h2), ACL_ERROR_RT_PARAM_INVALID);
  check("release(inside)", aclrtReleaseMemAddress(base + 2 * MiB), ACL_ERROR_RT_PARAM_INVALID);
  check("release(aclrtMalloc memory)", aclrtReleaseMemAddress(pa), ACL_ERROR_RT_PARAM_INVALID);
  check("release(null)", aclrtReleaseMemAddress(nullptr), ACL_ERROR_INVALID_PARAM);
  check("release", aclrtReleaseMemAddress(base), ACL_SUCCESS);
  check("release again", aclrtReleaseMemAddress(base), ACL_ERROR_RT_PARAM_INVALID);
  check("map a freed handle", aclrtMapMem(base, 2 * MiB, 0, h2, 0), ACL_ERROR_RT_PARAM_INVALID);
  size_t free3 = 0;
  aclrtGetMemInfo(ACL_HBM_MEM, &free3, &total1);
  check("all physical memory returned", (long long)(free3 - free1), 0);

  // 1G pages: the size is rounded up to whole pages; a capacity bounds physical memory
  aclrtDrvMemHandle hg = nullptr;
  const char *cap = getenv("ASCENDOPS_DEVICE_CAPACITY");
  if (cap == nullptr) {
    check("malloc physical HUGE1G", aclrtMallocPhysical(&hg, 1, &p1g, 0), ACL_SUCCESS);
    aclrtGetMemInfo(ACL_HBM_MEM, &free2, &total1);
    check("rounded to 1 GiB", (long long)(free1 - free2), 1024 * MiB);
    check("free HUGE1G", aclrtFreePhysical(hg), ACL_SUCCESS);
    check("malloc physical(more than the device)", aclrtMallocPhysical(&hx, (total0 / (2 * MiB) + 1) * 2 * MiB, &prop, 0),
          ACL_ERROR_RT_MEMORY_ALLOCATION);
  } else {
    check("total is the capacity", (long long)total0, 64 * MiB);
    check("malloc physical over the capacity", aclrtMallocPhysical(&hx, 128 * MiB, &prop, 0),
          ACL_ERROR_RT_MEMORY_ALLOCATION);
    check("malloc physical HUGE1G over the capacity", aclrtMallocPhysical(&hg, 1, &p1g, 0),
          ACL_ERROR_RT_MEMORY_ALLOCATION);
  }

  // -- tensor lists ------------------------------------------------------------------------------
  {
    aclTensor *a = vec((float *)pa, N), *b = vec((float *)pb, N), *c = vec((float *)pb, 8);
    const aclTensor *two[2] = {a, b};
    aclTensorList *list = aclCreateTensorList(two, 2);
    check("aclCreateTensorList", list != nullptr, 1);
    uint64_t n = 0;
    check("aclGetTensorListSize", aclGetTensorListSize(list, &n), ACLNN_SUCCESS);
    check("size", (long long)n, 2);
    check("aclGetTensorListSize(null)", aclGetTensorListSize(nullptr, &n), ACLNN_ERR_PARAM_NULLPTR);
    check("aclDestroyTensor(owned by a list)", aclDestroyTensor(a), ACLNN_ERR_PARAM_INVALID);
    check("an owned tensor still works", relu(a, b, nullptr), ACLNN_SUCCESS);
    // aclnnCat of the list (its tensors passed through as one aclTensorList): out = [a; b],
    // on either device
    void *pc = nullptr;
    check("aclrtMalloc cat", aclrtMalloc(&pc, 2 * N * 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    acl_tensor_ptr tc(vec((float *)pc, 2 * N));
    uint64_t cws = 0;
    aclOpExecutor *cex = nullptr;
    check("aclnnCatGetWorkspaceSize", aclnnCatGetWorkspaceSize(list, 0, tc.get(), &cws, &cex), ACLNN_SUCCESS);
    check("aclnnCat", aclnnCat(nullptr, cws, cex, sa), ACLNN_SUCCESS);
    check("aclrtSynchronizeStream cat", aclrtSynchronizeStream(sa), ACL_SUCCESS);
    std::vector<float> cat_got(2 * N), cat_a(N), cat_b(N);
    aclrtMemcpy(cat_got.data(), 2 * N * 4, pc, 2 * N * 4, ACL_MEMCPY_DEVICE_TO_HOST);
    aclrtMemcpy(cat_a.data(), N * 4, pa, N * 4, ACL_MEMCPY_DEVICE_TO_HOST);
    aclrtMemcpy(cat_b.data(), N * 4, pb, N * 4, ACL_MEMCPY_DEVICE_TO_HOST);
    check("cat: a, then b", memcmp(cat_got.data(), cat_a.data(), N * 4) == 0 &&
                                memcmp(cat_got.data() + N, cat_b.data(), N * 4) == 0, 1);
    check("aclnnCat(null list)", aclnnCatGetWorkspaceSize(nullptr, 0, tc.get(), &cws, &cex), ACLNN_ERR_PARAM_NULLPTR);
    check("aclnnCat(out of another shape)", aclnnCatGetWorkspaceSize(list, 0, c, &cws, &cex), ACLNN_ERR_PARAM_INVALID);
    const aclTensor *again[1] = {b};
    check("a tensor in two lists", aclCreateTensorList(again, 1) == nullptr, 1);
    const aclTensor *twice[2] = {c, c};
    check("a tensor listed twice", aclCreateTensorList(twice, 2) == nullptr, 1);
    const aclTensor *foreign[1] = {(const aclTensor *)&can};
    check("a foreign tensor", aclCreateTensorList(foreign, 1) == nullptr, 1);
    const aclTensor *with_null[2] = {nullptr, c};
    acl_tensor_list_ptr l2(aclCreateTensorList(with_null, 2));
    check("a list with a null element", l2 != nullptr, 1);
    check("aclnnCat(a null element)", aclnnCatGetWorkspaceSize(l2.get(), 0, tc.get(), &cws, &cex),
          ACLNN_ERR_PARAM_NULLPTR);
    check("aclGetTensorListSize", aclGetTensorListSize(l2.get(), &n), ACLNN_SUCCESS);
    check("null elements count", (long long)n, 2);
    acl_tensor_list_ptr empty(aclCreateTensorList(nullptr, 3));
    check("null value: an empty list", empty != nullptr && aclGetTensorListSize(empty.get(), &n) == 0 && n == 0, 1);
    check("aclDestroyTensorList", aclDestroyTensorList(list), ACLNN_SUCCESS);
    check("its tensors are destroyed", aclDestroyTensor(a), ACLNN_ERR_PARAM_INVALID);
    check("aclDestroyTensorList twice", aclDestroyTensorList(list), ACLNN_ERR_PARAM_INVALID);
    check("aclDestroyTensorList(null)", aclDestroyTensorList(nullptr), ACLNN_SUCCESS);
    int64_t dims[2] = {1, 2};
    float one = 1.0f;
    acl_int_array_ptr ia(aclCreateIntArray(dims, 2));
    acl_scalar_ptr sc(aclCreateScalar(&one, ACL_FLOAT));
    check("deleter-held handles", ia != nullptr && sc != nullptr, 1);
    tc.reset();
    check("aclrtFree cat", aclrtFree(pc), ACL_SUCCESS);
  }  // l2 (and c with it), empty, ia, sc: destroyed by their deleters

  check("aclrtFree a", aclrtFree(pa), ACL_SUCCESS);
  check("aclrtFree b", aclrtFree(pb), ACL_SUCCESS);
  check("aclrtDestroyStream a", aclrtDestroyStream(sa), ACL_SUCCESS);
  check("aclrtDestroyStream b", aclrtDestroyStream(sb), ACL_SUCCESS);
  check("aclrtResetDevice", aclrtResetDevice(0), ACL_SUCCESS);
  check("aclFinalize", aclFinalize(), ACL_SUCCESS);
  printf("DONE %d\n", failures);
  return failures ? 1 : 0;
}
