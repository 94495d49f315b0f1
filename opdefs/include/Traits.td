// Op traits, with MLIR's names and arguments.
//
// Every trait records its ODS name (`traitName`) and its arguments as strings
// (`traitArgs`); `argShape` says how they read: "" (none), "names" (one list of
// operand/result/attribute names), "op" (one op name), "ops" (a list of op
// names) or "strings" (positional strings, as for `TypesMatchWith`).
//
// MLIR's op interfaces (`CastOpInterface`, `BranchOpInterface`, `Symbol`, ...)
// are in Interfaces.td.

#ifndef ODSGEN_TRAITS_TD
#define ODSGEN_TRAITS_TD

include "Constraints.td"

class Trait;
class OpTrait<string name, string shape = "", list<string> args = []> : Trait {
  string traitName = name;
  string argShape = shape;
  list<string> traitArgs = args;
}
// MLIR spells native traits `NativeOpTrait<"Name">`.
class NativeOpTrait<string name> : OpTrait<name>;

def Pure : OpTrait<"Pure">;
def NoSideEffect : OpTrait<"NoSideEffect">;
def NoMemoryEffect : OpTrait<"NoMemoryEffect">;
// The op's only memory effects allocate its results (MLIR's `MemAlloc` on a
// result): the canonicalizer erases it when they are unused.
def OnlyAllocatesResults : OpTrait<"OnlyAllocatesResults">;
def AlwaysSpeculatable : OpTrait<"AlwaysSpeculatable">;
def RecursiveMemoryEffects : OpTrait<"RecursiveMemoryEffects">;
def RecursivelySpeculatable : OpTrait<"RecursivelySpeculatable">;
def Commutative : OpTrait<"Commutative">;
def Idempotent : OpTrait<"Idempotent">;
def Involution : OpTrait<"Involution">;
def Terminator : OpTrait<"Terminator">;
def ReturnLike : OpTrait<"ReturnLike">;
def ConstantLike : OpTrait<"ConstantLike">;
def IsolatedFromAbove : OpTrait<"IsolatedFromAbove">;
def AffineScope : OpTrait<"AffineScope">;
def AutomaticAllocationScope : OpTrait<"AutomaticAllocationScope">;
def SingleBlock : OpTrait<"SingleBlock">;
def NoTerminator : OpTrait<"NoTerminator">;
def NoRegionArguments : OpTrait<"NoRegionArguments">;
def HasOnlyGraphRegion : OpTrait<"HasOnlyGraphRegion">;
def SymbolTable : OpTrait<"SymbolTable">;
def AttrSizedOperandSegments : OpTrait<"AttrSizedOperandSegments">;
def AttrSizedResultSegments : OpTrait<"AttrSizedResultSegments">;
def SameVariadicOperandSize : OpTrait<"SameVariadicOperandSize">;
def SameVariadicResultSize : OpTrait<"SameVariadicResultSize">;
def SameOperandsAndResultType : OpTrait<"SameOperandsAndResultType">;
def SameOperandsAndResultElementType : OpTrait<"SameOperandsAndResultElementType">;
def SameOperandsAndResultShape : OpTrait<"SameOperandsAndResultShape">;
def SameOperandsAndResultRank : OpTrait<"SameOperandsAndResultRank">;
def SameOperandsShape : OpTrait<"SameOperandsShape">;
def SameOperandsElementType : OpTrait<"SameOperandsElementType">;
def SameTypeOperands : OpTrait<"SameTypeOperands">;
def BroadcastableOperandsAndResultType
    : OpTrait<"BroadcastableOperandsAndResultType">;
def ResultsBroadcastableShape : OpTrait<"ResultsBroadcastableShape">;
def Elementwise : OpTrait<"Elementwise">;
def ElementwiseMappable : OpTrait<"ElementwiseMappable">;
def Scalarizable : OpTrait<"Scalarizable">;
def Vectorizable : OpTrait<"Vectorizable">;
def Tensorizable : OpTrait<"Tensorizable">;
def MemRefsNormalizable : OpTrait<"MemRefsNormalizable">;

// Traits over named operands, results and attributes.
class AllTypesMatch<list<string> names> : OpTrait<"AllTypesMatch", "names", names>;
class AllElementTypesMatch<list<string> names>
    : OpTrait<"AllElementTypesMatch", "names", names>;
class AllElementCountsMatch<list<string> names>
    : OpTrait<"AllElementCountsMatch", "names", names>;
class AllShapesMatch<list<string> names> : OpTrait<"AllShapesMatch", "names", names>;
class AllRanksMatch<list<string> names> : OpTrait<"AllRanksMatch", "names", names>;
// `transform` is a Python expression over `$_self`, the type of `lhs`.
class TypesMatchWith<string summary, string lhs, string rhs, string transform>
    : OpTrait<"TypesMatchWith", "strings", [summary, lhs, rhs, transform]>;

// A check over the whole op: `pred` is a Python expression over `$_op`, and a
// failure reads "failed to verify that <summary>", as in MLIR.
class PredOpTrait<string summary, CPred pred>
    : OpTrait<"PredOpTrait", "strings", [summary, pred.predExpr]>;

// Traits naming other ops by def name.
class HasParent<string op> : OpTrait<"HasParent", "op", [op]>;
class ParentOneOf<list<string> ops> : OpTrait<"ParentOneOf", "ops", ops>;
class SingleBlockImplicitTerminator<string op>
    : OpTrait<"SingleBlockImplicitTerminator", "op", [op]>;

#endif // ODSGEN_TRAITS_TD
