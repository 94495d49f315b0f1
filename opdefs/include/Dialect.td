// The dialect record and the dag operators of op definitions.
//
// `Dialect` names the namespace that prefixes every op mnemonic, as in MLIR's
// DialectBase.td; `pythonPackage` replaces MLIR's `cppNamespace`. The dag
// operators `ins`, `outs`, `region` and `successor` mark the lists of an op.

#ifndef ODSGEN_DIALECT_TD
#define ODSGEN_DIALECT_TD

class Dialect {
  // The namespace, the prefix of op names (`arith` in `arith.addi`).
  string name = ?;
  string summary = "";
  code description = "";
  // The Python package to generate; the dialect name when unset.
  string pythonPackage = ?;
  list<string> dependentDialects = [];
  bit hasConstantMaterializer = 0;
  bit hasCanonicalizer = 0;
  // An open dialect: ops of its namespace that it does not define are still
  // valid, as MLIR's `Dialect::allowUnknownOperations()` makes them.
  bit allowUnknownOperations = 0;
  // Python pasted at the top level of the generated ops.py: the parse_<name> and
  // print_<name> functions of custom<Name> format directives, and helpers.
  code extraClassDeclaration = ?;
}

// Dag operators: `(ins I32:$a)`, `(outs I32:$r)`, `(region AnyRegion:$body)`,
// `(successor AnySuccessor:$dest)`.
def ins;
def outs;
def region;
def successor;

#endif // ODSGEN_DIALECT_TD
