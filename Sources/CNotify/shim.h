// libnotify 0.8 from Debian's libnotify-dev: desktop notifications over D-Bus.
#include <libnotify/notify.h>
