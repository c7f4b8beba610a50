// BLIS 0.9 (single-threaded build) from Debian's libblis-serial-dev, through its CBLAS
// interface: the matrix products of the sound classifier. Not OpenBLAS: OpenBLAS keeps 61 KB
// of thread-local storage in every thread, and CivetWeb's 100 KB worker stacks then
// overflowed serving the display page. BLIS keeps 48 bytes.
//
// BLIS's cblas.h defines _POSIX_C_SOURCE when nothing did, which hides glibc's BSD fields
// (struct tm's tm_gmtoff) from this module and clashes with Swift's Glibc: ask for the
// default feature set first.
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1
#endif
#include <cblas.h>

// The classifier runs on one core by design; the serial build already does.
static inline void openblas_set_num_threads(int threads) { (void)threads; }
