/* The AVX2 + FMA + F16C region: region.h compiled for it (x86 only; src/kernels.c
 * chooses it at run time when the CPU has it). */
#include "regions.h"

#if AO_ISA_LEVEL_MAX >= 1
#pragma GCC target("avx2,fma,f16c")
#define AO_SUFFIX avx2
#define AO_ISA_LEVEL 1
#include "region.h"
#else
typedef int ao_region_avx2_not_built; /* not x86, or capped below it: an empty unit */
#endif
