// BLIS 0.9 (single-threaded build) from Debian's libblis-serial-dev, through its CBLAS
// interface: the matrix products of the sound classifier. Not OpenBLAS: OpenBLAS keeps 61 KB
// of thread-local storage in every thread, and CivetWeb's 100 KB worker stacks then
// overflowed serving the display page. BLIS keeps 48 bytes.
#include <cblas.h>

// The classifier runs on one core by design; the serial build already does.
static inline void openblas_set_num_threads(int threads) { (void)threads; }
