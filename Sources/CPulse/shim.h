// libpulse 16.1 from Debian's libpulse-dev: what this computer plays, heard through the sound
// server's monitor of each output (PulseAudio, or PipeWire's pulse server).
#include <pulse/pulseaudio.h>
#include <pulse/simple.h>
