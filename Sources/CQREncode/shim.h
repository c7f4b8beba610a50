// libqrencode 4 from Debian's libqrencode-dev: the QR code of the phone app's pairing link.
#include <qrencode.h>
