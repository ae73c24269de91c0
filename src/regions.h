/* The kernels of one ISA region as src/kernels.c's table reads them. Each region is its
 * own translation unit (src/region_baseline.c, region_avx2.c, region_avx512.c: region.h
 * compiled under the region's #pragma GCC target), so that the three compile in
 * parallel: together they are most of the library's build time, and most of the C
 * tests' sanitizer build. */
#ifndef ASCENDOPS_REGIONS_H
#define ASCENDOPS_REGIONS_H

#include <stdint.h>
#include <string.h>
#include "elementwise.h"
#include "ew_op.h"
#include "ao_internal.h"

#if defined(__x86_64__) || defined(__i386__)
#define AO_X86 1
#include <immintrin.h>
#else
#define AO_X86 0
#endif

/* The highest ISA region this build compiles (0 baseline, 1 AVX2, 2 AVX-512): every
 * region on x86, the baseline elsewhere. A build may cap it lower (-DAO_ISA_LEVEL_MAX=N):
 * the regions above are empty units and the CPU's level is capped to it. A region is
 * a third of the build's compiler time, and one the CPU cannot run only costs time: the
 * C tests build the regions this CPU has (tests/c/run_c_tests.sh), the quick build only
 * the baseline (setup.py ASCENDOPS_QUICK_BUILD). */
#ifndef AO_ISA_LEVEL_MAX
#define AO_ISA_LEVEL_MAX (AO_X86 ? 2 : 0)
#elif AO_ISA_LEVEL_MAX < 0 || AO_ISA_LEVEL_MAX > (AO_X86 ? 2 : 0)
#error "AO_ISA_LEVEL_MAX: 0 (baseline), 1 (AVX2) or 2 (AVX-512); 0 where not x86"
#endif

#define AO_STR_(x) #x
#define AO_STR(x) AO_STR_(x)

/* One kernel-table row of a region (ew_op.h AO_EW_MODE_TABLE expands each op to its
 * rows, in the ops list's order, the same in every region). */
typedef struct ao_kernel_row {
    const char *name;
    int nin;
    ao_ew_fn fn;      /* fp32 */
    ao_ew16_fn fh;    /* fused, all operands float16 (contiguous) */
    ao_ew16_fn fb;    /* fused, all operands bfloat16 (contiguous) */
    ao_ew16_fn ff;    /* fp32 (contiguous) with ao_ew16_fn's stream flag */
    int lut;          /* fh/fb may use lookup tables (0: none): AO_LUT_FACTOR_DY,
                       * AO_LUT_FACTOR_X or AO_LUT_RESULT (ao_internal.h) */
    int nout;         /* results of the op's body (AO_EW_OP*_2OUT: 2) */
    int result;       /* the one this row computes: rows of one body follow each other */
    ao_lut *lut_state; /* lut != 0: the tables and the measured choice (ew_op.h) */
} ao_kernel_row;

/* The fused kernel of a two-result body (ew_op.h AO_EW_K2_), by the name of its
 * result-0 row. */
typedef struct ao_fused2_row {
    const char *name;
    ao_ew2_fn f2;
} ao_fused2_row;

typedef struct ao_region {
    const ao_isa_impl *impl;
    const ao_kernel_row *rows;     /* nrows rows, then a NULL-named sentinel */
    int nrows;
    const ao_fused2_row *fused2;   /* NULL-named sentinel last */
} ao_region;

extern const ao_region ao_region_baseline;
#if AO_ISA_LEVEL_MAX >= 1
extern const ao_region ao_region_avx2;
#endif
#if AO_ISA_LEVEL_MAX >= 2
extern const ao_region ao_region_avx512;
#endif

#endif
