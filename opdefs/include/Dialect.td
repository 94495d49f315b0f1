// The dialect record and the dag operators of op definitions.
//
// `Dialect` names the namespace that prefixes every op mnemonic, as in MLIR's
// DialectBase.td; `pythonPackage` replaces MLIR's `cppNamespace`. The dag
// operators `ins`, `outs`, `region` and `successor` mark the lists of an op.

#ifndef ODSGEN_DIALECT_TD
#define ODSGEN_DIALECT_TD

// Dag operators: `(ins I32:$a)`, `(outs I32:$r)`, `(region AnyRegion:$body)`,
// `(successor AnySuccessor:$dest)`.
def ins;
def outs;
def region;
def successor;

class Dialect {
  // The namespace, the prefix of op names (`arith` in `arith.addi`).
  string name = ?;
  string summary = "";
  code description = "";
  // The Python package to generate; the dialect name when unset.
  string pythonPackage = ?;
  // The extra code must define `materialize_constant` (see docs/spec-reference.md).
  bit hasConstantMaterializer = 0;
  // Canonicalization patterns of the dialect: patterns of the set "canonicalize".
  bit hasCanonicalizer = 0;
  // An open dialect: ops of its namespace that it does not define are still
  // valid, as MLIR's `Dialect::allowUnknownOperations()` makes them.
  bit allowUnknownOperations = 0;
  // The dotted name of a Python module holding hand-written hooks the spec asks
  // for and does not write inline (see docs/spec-reference.md).
  string implementationModule = "";
  // Python pasted at the top level of the generated ops.py: the parse_<name> and
  // print_<name> functions of custom<Name> format directives, and helpers.
  code extraClassDeclaration = ?;

  // MLIR's fields that mean nothing to Python code: accepted and ignored, so that
  // a dialect written for mlir-tblgen reads here unchanged.
  string cppNamespace = name;
  list<string> dependentDialects = [];
  bit useDefaultAttributePrinterParser = 0;
  bit useDefaultTypePrinterParser = 0;
  bit useFoldAPI = 0;
  bit hasNonDefaultDestructor = 0;
  // Only 1, MLIR's default, is supported: inherent attributes are properties.
  bit usePropertiesForAttributes = 1;

  // MLIR's fields for hooks odsgen does not have yet: setting one is an error.
  dag discardableAttrs = (ins);
  bit hasOperationAttrVerify = 0;
  bit hasRegionArgAttrVerify = 0;
  bit hasRegionResultAttrVerify = 0;
  bit hasOperationInterfaceFallback = 0;
  bit isExtensible = 0;
}


#endif // ODSGEN_DIALECT_TD
