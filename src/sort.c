/* Argsort's row kernel (axis_kernels.h; driven by src/axis.c's ao_axis_run on the
 * engine's worker pool, one row per call): the int64 indices that sort one row of the
 * input, as torch.argsort(stable=True) gives them.
 *
 * Each element becomes an unsigned key whose integer order is the value order: floats
 * by their bits (negatives inverted, positives with the sign bit set; -0.0 as +0.0 and
 * every NaN as the largest key, after +inf), signed integers with the sign bit flipped,
 * unsigned ones as they are; descending order inverts the key. The sort is stable on the
 * key (equal values keep their index order, ascending or descending). Keys are packed
 * above their index into one uint64 (key << 32 | index: every value distinct, so any
 * sort of them is the stable one): keys of up to 32 bits always, 64-bit ones as
 * (key - the row's smallest) where the row's range fits in 32 bits; wider 64-bit keys
 * sort as (key, index) pairs (insertion sort up to 32, else a radix by bytes). Packed
 * keys: rows of up to 8 by insertion sort; up to 64 (32 where the range spans at most
 * 16 bits) by branch-free 16-element sorting networks and merges; longer by an LSD radix
 * sort of the keys' offsets from the row's smallest, over the range's significant bits
 * only: 8-bit digits, or 11-bit ones in rows of 4096 and more where that saves a pass; a
 * digit that is equal over the whole row is skipped and, for a contiguous output, the
 * last pass writes the indices. Any dtype of the declaration, any strides (a one-dim
 * row's keys are made by one loop per float dtype); the row's buffers live in the
 * driver's scratch, or on the heap for long rows (where that fails: an insertion sort
 * over the output itself, without memory). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "axis_kernels.h"
#include "ao_internal.h"

#define AO_SORT_INSERTION 32   /* (key, index) pairs: rows up to this long by insertion sort */
#define AO_SORT_SHORT 8        /* packed keys: rows up to this long by insertion sort, */
#define AO_SORT_MERGE 64       /* up to this long (32 where the range spans <= 16 bits): 16-element
                                  networks and merges; longer: radix */
#define AO_SORT_WIDE 4096      /* packed keys from this long: 11-bit digits where they save a pass */

/* Element offset (in elements) of block element i of operand k. */
static inline int64_t ao_sort_off(const ao_axis_plan *p, int k, int64_t i)
{
    if (p->indim == 1)
        return i * p->istrides[k][0];
    int64_t off = 0;
    for (int d = p->indim - 1; d >= 0; d--) {
        off += (i % p->ishape[d]) * p->istrides[k][d];
        i /= p->ishape[d];
    }
    return off;
}

/* The ordered key of float bits u (sign bit `sign`, inf's bits `inf`): every NaN the
 * largest key, -0.0 as +0.0, negatives inverted, positives with the sign bit set; as
 * selects, which the compiler may vectorise (ao_sort_pack's one-dim loops). */
#define AO_SORT_FKEY(u, sign, inf)                                                        \
    (((u) & ((sign) - 1)) > (inf) ? (2 * (sign) - 1)                                      \
     : ((u) & ((sign) - 1)) == 0  ? (sign)                                                \
                                  : (u) ^ ((((u) & (sign)) ? (2 * (sign) - 1) : 0) | (sign)))

/* The ordered key of element `off` of a row of dtype dt (ascending order; desc: inverted). */
static inline uint64_t ao_sort_key(int dt, const char *b, int64_t off, int desc)
{
    uint64_t k;
    switch (dt) {
    case AO_DT_FLOAT: {
        uint32_t u;
        memcpy(&u, (const float *)b + off, 4);
        k = AO_SORT_FKEY(u, 0x80000000u, 0x7f800000u);
        return desc ? (~k & 0xffffffffu) : k;
    }
    case AO_DT_FLOAT16:
    case AO_DT_BF16: {
        const uint32_t u = ((const uint16_t *)b)[off];
        k = AO_SORT_FKEY(u, 0x8000u, dt == AO_DT_FLOAT16 ? 0x7c00u : 0x7f80u);
        return desc ? (~k & 0xffffu) : k;
    }
    case AO_DT_INT8: k = (uint8_t)(((const int8_t *)b)[off] ^ (int8_t)0x80); return desc ? (~k & 0xffu) : k;
    case AO_DT_UINT8: k = ((const uint8_t *)b)[off]; return desc ? (~k & 0xffu) : k;
    case AO_DT_INT16: k = (uint16_t)((uint16_t)((const int16_t *)b)[off] ^ 0x8000u); return desc ? (~k & 0xffffu) : k;
    case AO_DT_UINT16: k = ((const uint16_t *)b)[off]; return desc ? (~k & 0xffffu) : k;
    case AO_DT_INT32: k = (uint32_t)((const int32_t *)b)[off] ^ 0x80000000u; return desc ? (~k & 0xffffffffu) : k;
    case AO_DT_UINT32: k = ((const uint32_t *)b)[off]; return desc ? (~k & 0xffffffffu) : k;
    case AO_DT_INT64: k = (uint64_t)((const int64_t *)b)[off] ^ 0x8000000000000000ull; return desc ? ~k : k;
    default: k = ((const uint64_t *)b)[off]; return desc ? ~k : k;   /* UINT64 */
    }
}

/* LSD radix sort of v[0..n) by the bits [lo, lo + npass * bits) of each value less sub
 * (the row's smallest key, shifted: no borrow reaches the digits), `bits` (8 or 11) at a
 * time (stable; a digit that is equal over the whole row is skipped); tmp: n values.
 * Returns the array holding the result (v or tmp); with out (n int64, or NULL) the last
 * pass writes the values' low 32 bits (the indices) there instead and returns NULL, when
 * some pass runs. Inlined with constant digits so that the counting loop is unrolled. */
static inline __attribute__((always_inline)) uint64_t *
ao_sort_radix_bits(uint64_t *v, uint64_t *tmp, int64_t n, int lo, int npass, int bits, uint64_t sub,
                   int64_t *out)
{
    uint32_t cnt[4][2048];
    const uint64_t mask = ((uint64_t)1 << bits) - 1;
    const int nb = 1 << bits;
    for (int b = 0; b < npass; b++)
        memset(cnt[b], 0, sizeof(uint32_t) * (size_t)nb);
    for (int64_t i = 0; i < n; i++) {
        const uint64_t x = v[i] - sub;
        for (int b = 0; b < npass; b++)
            cnt[b][(x >> (lo + bits * b)) & mask]++;
    }
    int last = -1;                                 /* the last pass whose digit varies */
    for (int b = 0; b < npass; b++)
        if (cnt[b][((v[0] - sub) >> (lo + bits * b)) & mask] != (uint32_t)n)
            last = b;
    for (int b = 0; b <= last; b++) {
        uint32_t *c = cnt[b];
        const int sh = lo + bits * b;
        if (c[((v[0] - sub) >> sh) & mask] == (uint32_t)n)
            continue;                              /* one digit over the whole row */
        uint32_t s = 0;
        for (int d = 0; d < nb; d++) {
            const uint32_t t = c[d];
            c[d] = s;
            s += t;
        }
        if (b == last && out) {
            for (int64_t i = 0; i < n; i++) {
                const uint64_t x = v[i];
                out[c[((x - sub) >> sh) & mask]++] = (int64_t)(x & 0xffffffffu);
            }
            return NULL;
        }
        for (int64_t i = 0; i < n; i++) {
            const uint64_t x = v[i];
            tmp[c[((x - sub) >> sh) & mask]++] = x;
        }
        uint64_t *t = v;
        v = tmp;
        tmp = t;
    }
    return v;
}

/* The significant bits of a row's key range (max - min: 0..32). */
static inline int ao_sort_range_bits(uint32_t range)
{
    return range ? 32 - __builtin_clz(range) : 0;
}

/* Packed keys above 32 index bits, the smallest key kmin and `bits` significant bits of
 * key - kmin: as few digits as cover them (11-bit ones in rows of AO_SORT_WIDE and more
 * where that saves a pass). out: as above. */
static uint64_t *ao_sort_radix_u64(uint64_t *v, uint64_t *tmp, int64_t n, uint32_t kmin, int bits, int64_t *out)
{
    const uint64_t sub = (uint64_t)kmin << 32;
    const int p8 = (bits + 7) / 8, p11 = (bits + 10) / 11;
    if (n >= AO_SORT_WIDE && p11 < p8) {
        switch (p11) {
        case 1: return ao_sort_radix_bits(v, tmp, n, 32, 1, 11, sub, out);
        case 2: return ao_sort_radix_bits(v, tmp, n, 32, 2, 11, sub, out);
        default: return ao_sort_radix_bits(v, tmp, n, 32, 3, 11, sub, out);
        }
    }
    switch (p8) {
    case 0: return v;                              /* every key equal: index order */
    case 1: return ao_sort_radix_bits(v, tmp, n, 32, 1, 8, sub, out);
    case 2: return ao_sort_radix_bits(v, tmp, n, 32, 2, 8, sub, out);
    case 3: return ao_sort_radix_bits(v, tmp, n, 32, 3, 8, sub, out);
    default: return ao_sort_radix_bits(v, tmp, n, 32, 4, 8, sub, out);
    }
}

/* Compare-exchange without a branch: v[i] <= v[j] after. */
#define AO_SORT_CX(i, j)                                   \
    do {                                                   \
        const uint64_t a_ = v##i, b_ = v##j;               \
        v##i = a_ < b_ ? a_ : b_;                          \
        v##j = a_ < b_ ? b_ : a_;                          \
    } while (0)

/* Sorts x[0..16) (distinct values) by Batcher's odd-even merge network: 63
 * compare-exchanges, no data-dependent branch. */
static inline void ao_sort_net16(uint64_t *x)
{
    uint64_t v0 = x[0], v1 = x[1], v2 = x[2], v3 = x[3], v4 = x[4], v5 = x[5], v6 = x[6], v7 = x[7];
    uint64_t v8 = x[8], v9 = x[9], v10 = x[10], v11 = x[11], v12 = x[12], v13 = x[13], v14 = x[14], v15 = x[15];
    AO_SORT_CX(0, 1); AO_SORT_CX(2, 3); AO_SORT_CX(0, 2); AO_SORT_CX(1, 3); AO_SORT_CX(1, 2);
    AO_SORT_CX(4, 5); AO_SORT_CX(6, 7); AO_SORT_CX(4, 6); AO_SORT_CX(5, 7); AO_SORT_CX(5, 6);
    AO_SORT_CX(0, 4); AO_SORT_CX(2, 6); AO_SORT_CX(2, 4); AO_SORT_CX(1, 5); AO_SORT_CX(3, 7);
    AO_SORT_CX(3, 5); AO_SORT_CX(1, 2); AO_SORT_CX(3, 4); AO_SORT_CX(5, 6);
    AO_SORT_CX(8, 9); AO_SORT_CX(10, 11); AO_SORT_CX(8, 10); AO_SORT_CX(9, 11); AO_SORT_CX(9, 10);
    AO_SORT_CX(12, 13); AO_SORT_CX(14, 15); AO_SORT_CX(12, 14); AO_SORT_CX(13, 15); AO_SORT_CX(13, 14);
    AO_SORT_CX(8, 12); AO_SORT_CX(10, 14); AO_SORT_CX(10, 12); AO_SORT_CX(9, 13); AO_SORT_CX(11, 15);
    AO_SORT_CX(11, 13); AO_SORT_CX(9, 10); AO_SORT_CX(11, 12); AO_SORT_CX(13, 14);
    AO_SORT_CX(0, 8); AO_SORT_CX(4, 12); AO_SORT_CX(4, 8); AO_SORT_CX(2, 10); AO_SORT_CX(6, 14);
    AO_SORT_CX(6, 10); AO_SORT_CX(2, 4); AO_SORT_CX(6, 8); AO_SORT_CX(10, 12);
    AO_SORT_CX(1, 9); AO_SORT_CX(5, 13); AO_SORT_CX(5, 9); AO_SORT_CX(3, 11); AO_SORT_CX(7, 15);
    AO_SORT_CX(7, 11); AO_SORT_CX(3, 5); AO_SORT_CX(7, 9); AO_SORT_CX(11, 13);
    AO_SORT_CX(1, 2); AO_SORT_CX(3, 4); AO_SORT_CX(5, 6); AO_SORT_CX(7, 8); AO_SORT_CX(9, 10);
    AO_SORT_CX(11, 12); AO_SORT_CX(13, 14);
    x[0] = v0, x[1] = v1, x[2] = v2, x[3] = v3, x[4] = v4, x[5] = v5, x[6] = v6, x[7] = v7;
    x[8] = v8, x[9] = v9, x[10] = v10, x[11] = v11, x[12] = v12, x[13] = v13, x[14] = v14, x[15] = v15;
}

/* Rows of AO_SORT_SHORT + 1 .. AO_SORT_MERGE packed keys: v[0..n) padded with the
 * largest value to m (a multiple of 16), each 16 sorted by the network, then merged
 * bottom-up without data-dependent branches (all values distinct; the padding, above
 * every key, stays at the end). tmp: m values. Returns the array holding the result. */
static uint64_t *ao_sort_merge(uint64_t *v, uint64_t *tmp, int64_t n)
{
    const int64_t m = (n + 15) & ~(int64_t)15;
    for (int64_t i = n; i < m; i++)
        v[i] = UINT64_MAX;
    for (int64_t i = 0; i < m; i += 16)
        ao_sort_net16(v + i);
    for (int64_t w = 16; w < m; w *= 2) {
        for (int64_t lo = 0; lo < m; lo += 2 * w) {
            const int64_t mid = lo + w < m ? lo + w : m, hi = lo + 2 * w < m ? lo + 2 * w : m;
            int64_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                const uint64_t x = v[i], y = v[j];
                const uint64_t tb = y < x, mk = (uint64_t)0 - tb;
                tmp[k++] = (y & mk) | (x & ~mk);
                i += (int64_t)(1 - tb);
                j += (int64_t)tb;
            }
            while (i < mid)
                tmp[k++] = v[i++];
            while (j < hi)
                tmp[k++] = v[j++];
        }
        uint64_t *t = v;
        v = tmp;
        tmp = t;
    }
    return v;
}

/* The same for (key, index) pairs over all 8 bytes of the key. */
static void ao_sort_radix_pairs(uint64_t **k, uint32_t **ix, uint64_t *kt, uint32_t *it, int64_t n)
{
    int64_t cnt[8][256];
    uint64_t *kv = *k;
    uint32_t *iv = *ix;
    memset(cnt, 0, sizeof cnt);
    for (int64_t i = 0; i < n; i++)
        for (int b = 0; b < 8; b++)
            cnt[b][(kv[i] >> (8 * b)) & 0xff]++;
    for (int b = 0; b < 8; b++) {
        int64_t *c = cnt[b];
        if (c[(kv[0] >> (8 * b)) & 0xff] == n)
            continue;
        int64_t s = 0;
        for (int d = 0; d < 256; d++) {
            const int64_t t = c[d];
            c[d] = s;
            s += t;
        }
        for (int64_t i = 0; i < n; i++) {
            const int64_t j = c[(kv[i] >> (8 * b)) & 0xff]++;
            kt[j] = kv[i];
            it[j] = iv[i];
        }
        uint64_t *tk = kv;
        uint32_t *ti = iv;
        kv = kt, iv = it;
        kt = tk, it = ti;
    }
    *k = kv;
    *ix = iv;
}

/* v[i] = key(element i) << 32 | i for the row's n elements (keys of at most 32 bits);
 * one loop per dtype for a one-dim row, ao_sort_key's switch per element otherwise.
 * Returns the smallest key in *kmin and the largest less it. */
static void ao_sort_pack(const ao_axis_plan *p, const char *in, int dt, int desc, int64_t n, uint64_t *v,
                         uint32_t *kmin, uint32_t *range)
{
    uint32_t lo = 0xffffffffu, hi = 0;
#define AO_SORT_PUT_KEY(k)                                                                 \
    do {                                                                                   \
        const uint32_t k_ = (k);                                                           \
        lo = k_ < lo ? k_ : lo;                                                            \
        hi = k_ > hi ? k_ : hi;                                                            \
        v[i] = (uint64_t)k_ << 32 | (uint64_t)i;                                           \
    } while (0)
    if (p->indim == 1) {
        const int64_t s = p->istrides[1][0];
        if (dt == AO_DT_FLOAT) {
            const uint32_t *x = (const uint32_t *)in, dm = desc ? 0xffffffffu : 0;
            for (int64_t i = 0; i < n; i++) {
                const uint32_t u = x[i * s];
                AO_SORT_PUT_KEY(AO_SORT_FKEY(u, 0x80000000u, 0x7f800000u) ^ dm);
            }
        } else if (dt == AO_DT_FLOAT16 || dt == AO_DT_BF16) {
            const uint16_t *x = (const uint16_t *)in;
            const uint32_t dm = desc ? 0xffffu : 0, inf = dt == AO_DT_FLOAT16 ? 0x7c00u : 0x7f80u;
            for (int64_t i = 0; i < n; i++) {
                const uint32_t u = x[i * s];
                AO_SORT_PUT_KEY(AO_SORT_FKEY(u, 0x8000u, inf) ^ dm);
            }
        } else {
            for (int64_t i = 0; i < n; i++)
                AO_SORT_PUT_KEY((uint32_t)ao_sort_key(dt, in, i * s, desc));
        }
    } else {
        for (int64_t i = 0; i < n; i++)
            AO_SORT_PUT_KEY((uint32_t)ao_sort_key(dt, in, ao_sort_off(p, 1, i), desc));
    }
#undef AO_SORT_PUT_KEY
    *kmin = lo;
    *range = hi - lo;
}

/* 64-bit keys whose range (max - min) fits in 32 bits: v[i] = (key - min) << 32 | i
 * (the packed path then sorts them); returns 0, v unspecified, where the range is wider. */
static int ao_sort_pack64(const ao_axis_plan *p, const char *in, int dt, int desc, int64_t n, uint64_t *v,
                          uint32_t *range)
{
    uint64_t lo = UINT64_MAX, hi = 0;
    const int flat = p->indim == 1;
    const int64_t s = p->istrides[1][0];
    for (int64_t i = 0; i < n; i++) {
        const uint64_t k = ao_sort_key(dt, in, flat ? i * s : ao_sort_off(p, 1, i), desc);
        lo = k < lo ? k : lo;
        hi = k > hi ? k : hi;
        v[i] = k;
    }
    if (hi - lo > 0xffffffffu)
        return 0;
    for (int64_t i = 0; i < n; i++)
        v[i] = (v[i] - lo) << 32 | (uint64_t)i;
    *range = (uint32_t)(hi - lo);
    return 1;
}

static inline void ao_sort_put(const ao_axis_plan *p, char *out, int64_t i, int64_t v)
{
    ((int64_t *)out)[ao_sort_off(p, 0, i)] = v;
}

/* Without memory: insertion sort of the indices in the output itself (stable). */
static void ao_sort_in_out(const ao_axis_plan *p, char *out, const char *in, int dt, int desc)
{
    const int64_t n = p->n;
    for (int64_t i = 0; i < n; i++) {
        const uint64_t key = ao_sort_key(dt, in, ao_sort_off(p, 1, i), desc);
        int64_t j = i;
        while (j > 0) {
            const int64_t prev = ((int64_t *)out)[ao_sort_off(p, 0, j - 1)];
            if (ao_sort_key(dt, in, ao_sort_off(p, 1, prev), desc) <= key)
                break;
            ao_sort_put(p, out, j, prev);
            j--;
        }
        ao_sort_put(p, out, j, i);
    }
}

void ao_argsort_row(const ao_axis_plan *p, char *const *base, const ao_norm_math *m, float *scratch)
{
    (void)m;
    char *out = base[0];
    const char *in = base[1];
    const int64_t n = p->n;
    const int dt = p->dtype[1], desc = p->attrs[0] != 0;
    const int width = (int)ao_dtype_itemsize(dt);       /* key bytes */
    if (n <= 0)
        return;
    const size_t scratch_bytes = 4 * AO_AX_BLOCK * sizeof(float);
    {
        const int64_t m = (n + 15) & ~(int64_t)15;       /* the merge path's padded length */
        const size_t need = 2 * (size_t)m * sizeof(uint64_t);
        uint64_t *v = need <= scratch_bytes ? (uint64_t *)scratch : (uint64_t *)malloc(need);
        if (!v) {
            ao_sort_in_out(p, out, in, dt, desc);
            return;
        }
        uint32_t kmin = 0, range = 0;
        if (width <= 4)
            ao_sort_pack(p, in, dt, desc, n, v, &kmin, &range);
        else if (!ao_sort_pack64(p, in, dt, desc, n, v, &range)) {
            if ((char *)v != (char *)scratch)
                free(v);
            goto pairs;                                 /* wider than 32 bits: (key, index) pairs */
        }
        const int bits = ao_sort_range_bits(range);
        const int contiguous = p->indim == 1 && p->istrides[0][0] == 1;
        uint64_t *r = v;
        if (bits == 0) {
            /* every key equal: index order */
        } else if (n <= AO_SORT_SHORT) {
            for (int64_t i = 1; i < n; i++) {
                const uint64_t x = v[i];
                int64_t j = i;
                while (j > 0 && v[j - 1] > x) {
                    v[j] = v[j - 1];
                    j--;
                }
                v[j] = x;
            }
        } else if (n <= (bits > 16 ? AO_SORT_MERGE : AO_SORT_MERGE / 2)) {
            r = ao_sort_merge(v, v + m, n);
        } else {
            r = ao_sort_radix_u64(v, v + m, n, kmin, bits, contiguous ? (int64_t *)out : NULL);
        }
        if (!r) {
            /* the radix's last pass wrote the indices */
        } else if (contiguous) {
            int64_t *o = (int64_t *)out;
            for (int64_t i = 0; i < n; i++)
                o[i] = (int64_t)(r[i] & 0xffffffffu);
        } else {
            for (int64_t i = 0; i < n; i++)
                ao_sort_put(p, out, i, (int64_t)(r[i] & 0xffffffffu));
        }
        if ((char *)v != (char *)scratch)
            free(v);
        return;
    }
pairs:;
    /* 64-bit keys: (key, index) pairs */
    const size_t need = 2 * (size_t)n * (sizeof(uint64_t) + sizeof(uint32_t));
    char *mem = need <= scratch_bytes ? (char *)scratch : (char *)malloc(need);
    if (!mem) {
        ao_sort_in_out(p, out, in, dt, desc);
        return;
    }
    uint64_t *k = (uint64_t *)mem, *kt = k + n;
    uint32_t *ix = (uint32_t *)(kt + n), *it = ix + n;
    for (int64_t i = 0; i < n; i++) {
        k[i] = ao_sort_key(dt, in, ao_sort_off(p, 1, i), desc);
        ix[i] = (uint32_t)i;
    }
    if (n <= AO_SORT_INSERTION) {
        for (int64_t i = 1; i < n; i++) {
            const uint64_t x = k[i];
            const uint32_t xi = ix[i];
            int64_t j = i;
            while (j > 0 && k[j - 1] > x) {
                k[j] = k[j - 1];
                ix[j] = ix[j - 1];
                j--;
            }
            k[j] = x;
            ix[j] = xi;
        }
    } else {
        ao_sort_radix_pairs(&k, &ix, kt, it, n);
    }
    for (int64_t i = 0; i < n; i++)
        ao_sort_put(p, out, i, (int64_t)ix[i]);
    if (mem != (char *)scratch)
        free(mem);
}
