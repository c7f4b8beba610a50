// eSpeak NG 1.51 from Debian's libespeak-ng-dev: Hebrew and Swedish speech out, IPA for Piper.
#include <espeak-ng/speak_lib.h>
