// CivetWeb 1.15 from Debian's libcivetweb-dev: the HTTP and WebSocket server of `ozen serve`.
#include <civetweb.h>
