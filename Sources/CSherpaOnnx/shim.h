// sherpa-onnx's C API, installed by scripts/setup.sh into /usr/local/include/sherpa-onnx.
#include <sherpa-onnx/c-api/c-api.h>
