/* The benchmark's Matrix Market reader (mtx_reader.hpp) for C programs: the
   main job (examples/poisson_solve.c) reads its -f files with the same tested
   parser, checks and messages as aijadaptive-bench. Symmetric and
   skew-symmetric files come expanded to full storage, repeated entries added,
   each row's columns sorted; .mtx.gz files are read through zlib. */
#ifndef AIJADAPTIVE_MTX_READER_C_H
#define AIJADAPTIVE_MTX_READER_C_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct AijaMtxCsr {
  int64_t        rows, cols, nnz;
  const int64_t *row_ptr; /* rows + 1, row_ptr[0] == 0 */
  const int64_t *col_idx; /* nnz, zero-based, increasing within each row */
  const double  *values;  /* nnz */
  void          *owner;   /* the arrays' owner, for aija_mtx_free */
} AijaMtxCsr;

/* Reads `path` into *m: 0 on success; 1 on any failure, with "FILE:LINE: what
   is wrong" (or "FILE: cannot open: ...") in `error`, cut to error_size bytes
   and NUL-terminated, and *m empty. memory_limit: bytes the reader may take
   (0: the machine's physical memory). */
int aija_mtx_read(const char *path, double memory_limit, AijaMtxCsr *m, char *error, size_t error_size);

/* Frees what aija_mtx_read gave *m and empties it (an empty *m is fine). */
void aija_mtx_free(AijaMtxCsr *m);

#ifdef __cplusplus
}
#endif

#endif
