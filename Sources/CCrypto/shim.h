// OpenSSL 3's libcrypto from Debian's libssl-dev: its EVP digest API, for SHA-256.
#include <openssl/evp.h>
