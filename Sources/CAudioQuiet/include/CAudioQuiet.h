// Keeps the sound libraries under PortAudio from writing to stderr.
#ifndef OZEN_AUDIO_QUIET_H
#define OZEN_AUDIO_QUIET_H

/// Routes ALSA's and JACK's error messages to nowhere. Without it, a machine with no sound
/// card prints about 60 lines ("cannot find card '0'", "jack server is not running") every
/// time PortAudio scans for devices. Safe to call more than once.
void ozen_audio_quiet(void);

#endif
