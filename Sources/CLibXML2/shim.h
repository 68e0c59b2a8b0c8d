// libxml2's push parser and SAX2 interface, for the streaming Library.xml reader.
//
// Debian builds libxml2 with ICU, so <libxml/encoding.h> would include the system's ICU headers,
// whose `UErrorCode` differs from the one in Foundation's own ICU (_FoundationICU): a Swift file
// that sees both modules fails to build ("... is not present in definition of 'enum UErrorCode'").
// Nothing here touches the encoding handler's ICU fields, the only thing the macro adds, so the
// headers are read without it.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
