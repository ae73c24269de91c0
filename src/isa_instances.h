/* Includes the header AO_ISA_INSTANCE (code named through AO_SFX, e.g. "norm_math.h")
 * once per ISA region, as src/region_<isa>.c compile region.h: baseline (the build's own
 * flags), and on x86 avx2 (+ FMA, F16C) and avx512 (F, BW, VL, DQ) under the regions'
 * #pragma GCC target, each with AO_SUFFIX and AO_ISA_LEVEL defined. The including file
 * picks an instance by ao_isa_current()'s level. No include guard: one inclusion per
 * header instantiated. */
#define AO_SUFFIX baseline
#define AO_ISA_LEVEL 0
#include AO_ISA_INSTANCE
#undef AO_SUFFIX
#undef AO_ISA_LEVEL
#if defined(__x86_64__) || defined(__i386__)
#pragma GCC push_options
#pragma GCC target("avx2,fma,f16c")
#define AO_SUFFIX avx2
#define AO_ISA_LEVEL 1
#include AO_ISA_INSTANCE
#undef AO_SUFFIX
#undef AO_ISA_LEVEL
#pragma GCC pop_options
#pragma GCC push_options
#pragma GCC target("avx2,avx512f,avx512bw,avx512vl,avx512dq,fma,f16c,bmi2")
#define AO_SUFFIX avx512
#define AO_ISA_LEVEL 2
#include AO_ISA_INSTANCE
#undef AO_SUFFIX
#undef AO_ISA_LEVEL
#pragma GCC pop_options
#endif
#undef AO_ISA_INSTANCE
