// libxml2's push parser and SAX2 interface, for the streaming Library.xml reader.
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
