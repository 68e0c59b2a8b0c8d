#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro Swift cannot import: (sqlite3_destructor_type)-1.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return (sqlite3_destructor_type)-1;
}
