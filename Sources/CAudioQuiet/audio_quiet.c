// Silences ALSA and JACK messages (see CAudioQuiet.h).
#include "CAudioQuiet.h"

#include <alsa/asoundlib.h>
#include <dlfcn.h>

static void ignore_alsa(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static void ignore_jack(const char *message) { (void)message; }

typedef void (*jack_message_setter)(void (*)(const char *));

void ozen_audio_quiet(void) {
    snd_lib_error_set_handler(ignore_alsa);
    // libjack comes in with PortAudio's JACK host API; it is looked up rather than linked,
    // so a PortAudio built without JACK needs nothing more.
    jack_message_setter set_error = (jack_message_setter)dlsym(RTLD_DEFAULT, "jack_set_error_function");
    if (set_error) set_error(ignore_jack);
    jack_message_setter set_info = (jack_message_setter)dlsym(RTLD_DEFAULT, "jack_set_info_function");
    if (set_info) set_info(ignore_jack);
}
