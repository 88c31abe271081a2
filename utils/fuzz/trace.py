"""The brute-force trace oracle's C runtime (utils/fuzz).

The instrumented program (ast.print_traced) calls tr_iter() at the top of
every loop iteration and tr_access() for every access of an array element or
local scalar, with the statement, its loop depth, the kind (read, write, or
an update 's += e' / 's *= e' that reads and writes) and the variable.  Each
access carries its iteration vector: the ids of the loops around it and each
loop's iteration ordinal.

Dependences are found per memory address from the last write and the reads
since it.  That is exact for the question the oracle asks -- which loops
carry a dependence -- because execution order is lexicographic in the
(loop, iteration) vectors: if two accesses to one address, one a write, lie
in the same execution of a loop L but in different iterations of L, then so
do two consecutive accesses of the chain of last writes and pending reads
between them.  Pending reads are kept as the last read plus the set of
longest-common-prefix levels of the earlier ones (their lcp with any later
access follows from it), so the memory per address is constant.

For every carried edge the runtime reports the carrying loop, the variable
and the kind (flow, anti, output) and whether it joins two updates with the
same operator (what a reduction allows).  For scalars it also reports, per
loop, reads whose value was not written earlier in the same iteration
('exposed') and reads after the loop of a value written in it ('live-out'):
looptile ignores a scalar's dependences at a loop where the scalar is
private, which needs neither.

With TR_ALLPAIRS set, every access is also kept and, at the end, every pair
of accesses to one address with a write among them gives a direction vector
over the loops the two accesses share (deduplicated), for the legality
statistics of interchange, permutation and tiling.
"""

RUNTIME = r"""
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

enum { TR_READ = 0, TR_WRITE = 1, TR_ADD = 2, TR_MUL = 3, TR_MAX = 4,
       TR_MIN = 5 };
#define TR_MAXD 7
#define TR_MAXS 12
#define TR_MAXV 128
#define TR_MAXL 1024

typedef struct {
  signed char depth, kind;
  short stmt;
  short ids[TR_MAXD];
  int its[TR_MAXD];
} tr_ev;

typedef struct {
  const void *addr;
  int var;
  int has_w, has_r;
  tr_ev w, r;
  int ns;
  signed char s_lvl[TR_MAXS];
  short s_id[TR_MAXS];
  short s_stmt[TR_MAXS];
  /* all-pairs mode */
  int nall, capall;
  tr_ev *all;
} tr_cell;

static int tr_loop_id[TR_MAXD];
static long tr_loop_it[TR_MAXD];
static tr_cell *tr_tab;
static size_t tr_cap, tr_used;
static int tr_allpairs;
static long tr_allpairs_budget = 20000000;
static int tr_allpairs_truncated;
/* carried[var][loop]: 1 flow, 2 anti, 4 output, 8 an edge that is not
   update-update with one operator; exposed/liveout: flags per var and loop */
static unsigned char tr_carried[TR_MAXV][TR_MAXL];
static unsigned char tr_exposed[TR_MAXV][TR_MAXL];
static unsigned char tr_liveout[TR_MAXV][TR_MAXL];
static int tr_example[TR_MAXV][TR_MAXL][2];
/* the first read of a variable's address that no write precedes */
static int tr_uninit[TR_MAXV];

static void tr_cell_pairs(tr_cell *c, FILE *out);
static void tr_report_pairs(FILE *out);
static char *tr_pairs_text;
static size_t tr_pairs_len;
static FILE *tr_pairs;

static size_t tr_hash(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33;
  return (size_t)x;
}

static void tr_free_all(void) {
  for (size_t i = 0; i < tr_cap; i++)
    free(tr_tab[i].all);
  free(tr_tab);
  tr_tab = NULL;
  tr_cap = tr_used = 0;
}

static tr_cell *tr_find(const void *addr, int create);

static void tr_grow(void) {
  tr_cell *old = tr_tab;
  size_t oldcap = tr_cap;
  tr_cap = tr_cap ? tr_cap * 2 : 4096;
  tr_tab = calloc(tr_cap, sizeof *tr_tab);
  tr_used = 0;
  for (size_t i = 0; i < oldcap; i++)
    if (old[i].addr) {
      tr_cell *c = tr_find(old[i].addr, 1);
      *c = old[i];
    }
  free(old);
}

static tr_cell *tr_find(const void *addr, int create) {
  if (!tr_cap || (create && tr_used * 2 >= tr_cap))
    tr_grow();
  size_t m = tr_cap - 1, h = tr_hash(addr) & m;
  while (tr_tab[h].addr && tr_tab[h].addr != addr)
    h = (h + 1) & m;
  if (!tr_tab[h].addr) {
    if (!create)
      return NULL;
    tr_tab[h].addr = addr;
    tr_used++;
  }
  return &tr_tab[h];
}

/* A new object at [p, p + bytes): forget the history of its addresses. */
static void tr_fresh(const void *p, size_t bytes) {
  const char *c = p;
  for (size_t off = 0; off < bytes; off += sizeof(int)) {
    tr_cell *cell = tr_find(c + off, 0);
    if (cell) {
      /* the pairs of the object that ends here */
      if (tr_allpairs && cell->nall && !tr_allpairs_truncated) {
        if (!tr_pairs)
          tr_pairs = open_memstream(&tr_pairs_text, &tr_pairs_len);
        tr_cell_pairs(cell, tr_pairs);
      }
      cell->has_w = cell->has_r = 0;
      cell->ns = 0;
      cell->nall = 0;
    }
  }
}


/* The direction vectors of the run that ends, into tr_pairs. */
static void tr_collect_pairs(void) {
  if (!tr_allpairs || !tr_tab)
    return;
  if (!tr_pairs)
    tr_pairs = open_memstream(&tr_pairs_text, &tr_pairs_len);
  tr_report_pairs(tr_pairs);
}

static void tr_begin(void) {
  /* every run starts from an empty history (buffers may reuse addresses) */
  tr_collect_pairs();
  for (size_t i = 0; i < tr_cap; i++) {
    free(tr_tab[i].all);
  }
  if (tr_tab)
    memset(tr_tab, 0, tr_cap * sizeof *tr_tab);
  tr_used = 0;
}

static void tr_iter(int depth, int loop, long it) {
  tr_loop_id[depth] = loop;
  tr_loop_it[depth] = it;
}

static int tr_lcp(const tr_ev *a, const tr_ev *b) {
  int k = 0;
  while (k < a->depth && k < b->depth && a->ids[k] == b->ids[k] &&
         a->its[k] == b->its[k])
    k++;
  return k;
}

static void tr_mark(int var, int loop, int bits, int src, int dst) {
  if (var < TR_MAXV && loop < TR_MAXL) {
    if (!(tr_carried[var][loop] & bits & 7)) {
      tr_example[var][loop][0] = src;
      tr_example[var][loop][1] = dst;
    }
    tr_carried[var][loop] |= bits;
  }
}

/* The edge a -> b (a earlier) at lcp level k, where a's loop id at level k
   is aid (-1 when a has no loop there). */
static void tr_edge_at(int var, int k, int aid, const tr_ev *b, int kind,
                       int compat, int src) {
  if (aid >= 0 && k < b->depth && b->ids[k] == aid)
    tr_mark(var, aid, kind | (compat ? 0 : 8), src, b->stmt);
}

static void tr_edge(int var, const tr_ev *a, const tr_ev *b, int kind) {
  int k = tr_lcp(a, b);
  int compat = a->kind >= TR_ADD && a->kind == b->kind;
  tr_edge_at(var, k, k < a->depth ? a->ids[k] : -1, b, kind, compat, a->stmt);
}

static void tr_scalar_flags(int var, const tr_ev *w, const tr_ev *r) {
  /* r reads the value w wrote (w may be NULL: never written) */
  int c = w ? tr_lcp(w, r) : 0;
  for (int k = c; k < r->depth; k++)
    if (var < TR_MAXV && r->ids[k] < TR_MAXL)
      tr_exposed[var][r->ids[k]] = 1;
  if (w)
    for (int k = 0; k < w->depth; k++) {
      int inside = c >= k && r->depth > k && r->ids[k] == w->ids[k];
      if (!inside && var < TR_MAXV && w->ids[k] < TR_MAXL)
        tr_liveout[var][w->ids[k]] = 1;
    }
}

static void tr_keep(tr_cell *c, const tr_ev *e) {
  if (c->nall == c->capall) {
    c->capall = c->capall ? c->capall * 2 : 16;
    c->all = realloc(c->all, c->capall * sizeof *c->all);
  }
  c->all[c->nall++] = *e;
}

static void tr_access(const void *addr, int stmt, int depth, int kind,
                      int var) {
  tr_ev e;
  e.depth = depth;
  e.kind = kind;
  e.stmt = stmt;
  for (int k = 0; k < depth; k++) {
    e.ids[k] = tr_loop_id[k];
    e.its[k] = tr_loop_it[k];
  }
  tr_cell *c = tr_find(addr, 1);
  c->var = var;
  if (tr_allpairs)
    tr_keep(c, &e);
  int reads = kind != TR_WRITE;
  int writes = kind != TR_READ;
  if (reads) {
    if (c->has_w)
      tr_edge(var, &c->w, &e, 1);
    else if (var < TR_MAXV && !tr_uninit[var])
      tr_uninit[var] = stmt ? stmt : -1;
    tr_scalar_flags(var, c->has_w ? &c->w : NULL, &e);
  }
  if (writes) {
    if (c->has_w)
      tr_edge(var, &c->w, &e, 4);
    if (c->has_r) {
      int t = tr_lcp(&c->r, &e);
      tr_edge(var, &c->r, &e, 2);
      for (int i = 0; i < c->ns; i++) {
        int s = c->s_lvl[i];
        if (s < t)
          tr_edge_at(var, s, c->s_id[i], &e, 2, 0, c->s_stmt[i]);
        else
          tr_edge_at(var, t, s > t ? (t < c->r.depth ? c->r.ids[t] : -1)
                                   : c->s_id[i], &e, 2, 0, c->s_stmt[i]);
      }
    }
    c->has_r = 0;
    c->ns = 0;
    c->w = e;
    c->has_w = 1;
    return;
  }
  /* a plain read joins the pending reads */
  if (c->has_r) {
    int l = tr_lcp(&c->r, &e);
    signed char nl[TR_MAXS];
    short nid[TR_MAXS], nst[TR_MAXS];
    int n = 0;
    for (int i = 0; i <= c->ns; i++) {
      int s, id, st;
      if (i < c->ns) {
        s = c->s_lvl[i];
        id = c->s_id[i];
        st = c->s_stmt[i];
        if (s > l) {
          s = l;
          id = l < c->r.depth ? c->r.ids[l] : -1;
        } else if (s == l) {
          s = l;
        }
      } else {
        s = l;
        id = l < c->r.depth ? c->r.ids[l] : -1;
        st = c->r.stmt;
      }
      int dup = 0;
      for (int j = 0; j < n; j++)
        if (nl[j] == s && nid[j] == id)
          dup = 1;
      if (!dup && n < TR_MAXS) {
        nl[n] = (signed char)s;
        nid[n] = id;
        nst[n] = st;
        n++;
      }
    }
    c->ns = n;
    memcpy(c->s_lvl, nl, sizeof nl);
    memcpy(c->s_id, nid, sizeof nid);
    memcpy(c->s_stmt, nst, sizeof nst);
  }
  c->r = e;
  c->has_r = 1;
}

/* All pairs of accesses of each address: distinct direction vectors. */
static uint64_t *tr_vset;
static size_t tr_vcap, tr_vn;

static int tr_vadd(uint64_t h) {
  if (tr_vn * 2 >= tr_vcap) {
    uint64_t *old = tr_vset;
    size_t oc = tr_vcap;
    tr_vcap = tr_vcap ? tr_vcap * 2 : 1024;
    tr_vset = calloc(tr_vcap, sizeof *tr_vset);
    tr_vn = 0;
    for (size_t i = 0; i < oc; i++)
      if (old[i])
        tr_vadd(old[i]);
    free(old);
  }
  size_t m = tr_vcap - 1, i = (size_t)h & m;
  while (tr_vset[i] && tr_vset[i] != h)
    i = (i + 1) & m;
  if (tr_vset[i])
    return 0;
  tr_vset[i] = h;
  tr_vn++;
  return 1;
}

static void tr_cell_pairs(tr_cell *c, FILE *out) {
  for (int a = 0; a < c->nall; a++)
    for (int b = a + 1; b < c->nall; b++) {
      const tr_ev *x = &c->all[a], *y = &c->all[b];
      if (x->kind == TR_READ && y->kind == TR_READ)
        continue;
      if (--tr_allpairs_budget < 0) {
        tr_allpairs_truncated = 1;
        return;
      }
      char buf[256];
      int n = 0;
      uint64_t h = 1469598103934665603ULL;
      int k = 0;
      n += snprintf(buf + n, sizeof buf - n, "V %d %d %d", c->var, x->stmt, y->stmt);
      while (k < x->depth && k < y->depth && x->ids[k] == y->ids[k]) {
        char d = x->its[k] < y->its[k] ? '<' : x->its[k] > y->its[k] ? '>' : '=';
        n += snprintf(buf + n, sizeof buf - n, " %d%c", x->ids[k], d);
        k++;
      }
      for (char *p = buf; *p; p++)
        h = (h ^ (unsigned char)*p) * 1099511628211ULL;
      if (!h)
        h = 1;
      if (tr_vadd(h))
        fprintf(out, "%s\n", buf);
    }
}

static void tr_report_pairs(FILE *out) {
  if (tr_allpairs_truncated)
    return;
  for (size_t i = 0; i < tr_cap && !tr_allpairs_truncated; i++)
    if (tr_tab[i].addr)
      tr_cell_pairs(&tr_tab[i], out);
}

static void tr_report(FILE *out) {
  for (int v = 0; v < TR_MAXV; v++)
    if (tr_uninit[v])
      fprintf(out, "U %d %d\n", v, tr_uninit[v]);
  for (int v = 0; v < TR_MAXV; v++)
    for (int l = 0; l < TR_MAXL; l++) {
      if (tr_carried[v][l])
        fprintf(out, "C %d %d %d %d %d\n", v, l, tr_carried[v][l],
                tr_example[v][l][0], tr_example[v][l][1]);
      if (tr_exposed[v][l])
        fprintf(out, "X %d %d\n", v, l);
      if (tr_liveout[v][l])
        fprintf(out, "L %d %d\n", v, l);
    }
}
"""
