// PortAudio 19.6 from Debian's portaudio19-dev: microphones.
#include <portaudio.h>
