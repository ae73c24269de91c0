/* Argsort's row kernel (axis_kernels.h; driven by src/axis.c's ao_axis_run on the
 * engine's worker pool, one row per call): the int64 indices that sort one row of the
 * input, as torch.argsort(stable=True) gives them.
 *
 * Each element becomes an unsigned key whose integer order is the value order: floats
 * by their bits (negatives inverted, positives with the sign bit set; -0.0 as +0.0 and
 * every NaN as the largest key, after +inf), signed integers with the sign bit flipped,
 * unsigned ones as they are; descending order inverts the key. The sort is stable on the
 * key (equal values keep their index order, ascending or descending). Keys of up to 32
 * bits are packed above their index into one uint64 (key << 32 | index: every value
 * distinct, so any sort of them is the stable one); 64-bit keys sort as (key, index)
 * pairs. Short rows: insertion sort; longer: LSD radix sort by bytes of the key
 * (a byte that is equal over the whole row is skipped). Any dtype of the declaration,
 * any strides; the row's buffers live in the driver's scratch, or on the heap for long
 * rows (where that fails: an insertion sort over the output itself, without memory). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "axis_kernels.h"
#include "ao_internal.h"

#define AO_SORT_INSERTION 32   /* rows up to this long: insertion sort */

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

/* The ordered key of element `off` of a row of dtype dt (ascending order; desc: inverted). */
static inline uint64_t ao_sort_key(int dt, const char *b, int64_t off, int desc)
{
    uint64_t k;
    switch (dt) {
    case AO_DT_FLOAT: {
        uint32_t u;
        memcpy(&u, (const float *)b + off, 4);
        if ((u & 0x7fffffffu) > 0x7f800000u)
            u = 0xffffffffu;                       /* NaN: the largest */
        else if (u == 0x80000000u)
            u = 0x80000000u;                       /* -0.0 as +0.0 */
        else
            u = (u & 0x80000000u) ? ~u : (u | 0x80000000u);
        k = u;
        return desc ? (~k & 0xffffffffu) : k;
    }
    case AO_DT_FLOAT16:
    case AO_DT_BF16: {
        uint16_t u = ((const uint16_t *)b)[off];
        const uint16_t inf = dt == AO_DT_FLOAT16 ? 0x7c00u : 0x7f80u;
        if ((u & 0x7fffu) > inf)
            u = 0xffffu;
        else if (u == 0x8000u)
            u = 0x8000u;
        else
            u = (u & 0x8000u) ? (uint16_t)~u : (uint16_t)(u | 0x8000u);
        k = u;
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

/* LSD radix sort of v[0..n) by bytes [lo, hi) of each value (stable); tmp: n values.
 * Returns the array holding the result (v or tmp). */
static uint64_t *ao_sort_radix_u64(uint64_t *v, uint64_t *tmp, int64_t n, int lo, int hi)
{
    int64_t cnt[8][256];
    memset(cnt, 0, sizeof(int64_t) * 256 * (size_t)(hi - lo));
    for (int64_t i = 0; i < n; i++) {
        const uint64_t x = v[i];
        for (int b = lo; b < hi; b++)
            cnt[b - lo][(x >> (8 * b)) & 0xff]++;
    }
    for (int b = lo; b < hi; b++) {
        int64_t *c = cnt[b - lo];
        if (c[(v[0] >> (8 * b)) & 0xff] == n)
            continue;                              /* one digit over the whole row */
        int64_t s = 0;
        for (int d = 0; d < 256; d++) {
            const int64_t t = c[d];
            c[d] = s;
            s += t;
        }
        for (int64_t i = 0; i < n; i++)
            tmp[c[(v[i] >> (8 * b)) & 0xff]++] = v[i];
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
    if (width <= 4) {
        const size_t need = 2 * (size_t)n * sizeof(uint64_t);
        uint64_t *v = need <= scratch_bytes ? (uint64_t *)scratch : (uint64_t *)malloc(need);
        if (!v) {
            ao_sort_in_out(p, out, in, dt, desc);
            return;
        }
        if (p->indim == 1) {
            const int64_t s = p->istrides[1][0];
            for (int64_t i = 0; i < n; i++)
                v[i] = ao_sort_key(dt, in, i * s, desc) << 32 | (uint64_t)i;
        } else {
            for (int64_t i = 0; i < n; i++)
                v[i] = ao_sort_key(dt, in, ao_sort_off(p, 1, i), desc) << 32 | (uint64_t)i;
        }
        uint64_t *r = v;
        if (n <= AO_SORT_INSERTION) {
            for (int64_t i = 1; i < n; i++) {
                const uint64_t x = v[i];
                int64_t j = i;
                while (j > 0 && v[j - 1] > x) {
                    v[j] = v[j - 1];
                    j--;
                }
                v[j] = x;
            }
        } else {
            r = ao_sort_radix_u64(v, v + n, n, 4, 4 + width);
        }
        if (p->indim == 1 && p->istrides[0][0] == 1) {
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
