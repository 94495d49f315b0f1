// The base library of op definitions: include this file to write a dialect.
//
// Our equivalent of MLIR's OpBase.td; the pieces live in smaller files.

#ifndef ODSGEN_OPBASE_TD
#define ODSGEN_OPBASE_TD

include "Constraints.td"
include "Dialect.td"
include "Types.td"
include "Attributes.td"
include "Traits.td"
include "Interfaces.td"
include "Ops.td"
include "Patterns.td"

#endif // ODSGEN_OPBASE_TD
