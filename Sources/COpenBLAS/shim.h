// OpenBLAS 0.3.21 from Debian's libopenblas-dev: matrix products of the sound classifier.
#include <cblas.h>
