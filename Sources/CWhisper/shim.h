// whisper.cpp's C API, installed by scripts/setup.sh into /usr/local/include/ozen-whisper.
#include <whisper.h>
