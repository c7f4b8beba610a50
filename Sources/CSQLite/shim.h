// SQLite 3 from Debian's libsqlite3-dev (FTS5 built in).
#include <sqlite3.h>
