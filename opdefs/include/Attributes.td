// Attribute constraints, enums and dialect attribute/type definitions.
//
// `Attr<kind, summary>` is declarative like `TypeConstraint`: `kind` is one of
// "integer", "float", "simple", "type_attr", "array", "dense_array",
// "ranked_elements", "confined", "any_of" and "predicate", or "enum" and "def"
// for enums and dialect attributes. `OptionalAttr`, `DefaultValuedAttr`,
// `DefaultValuedOptionalAttr` and `DerivedAttr` say how an op holds the attribute.
// Enums (`I32EnumAttr`, `I64EnumAttr`, `StrEnumAttr`, the bit enums
// `I32BitEnumAttr` and `I64BitEnumAttr`, and `EnumAttr`) and `TypeDef`/`AttrDef`
// follow MLIR's EnumAttr.td and AttrTypeBase.td.

#ifndef ODSGEN_ATTRIBUTES_TD
#define ODSGEN_ATTRIBUTES_TD

include "Dialect.td"
include "Types.td"
include "Traits.td"

// `ConfinedAttr<I64Attr, [IntMinValue<0>]>`: a base attribute narrowed by
// primitive constraints. Each `AttrPredicate` has MLIR's name and summary.
class AttrPredicate<string predName, list<int> predArgs, string desc> {
  string name = predName;
  list<int> args = predArgs;
  string summary = desc;
}
class AttrConstraint<string constraintKind, string desc = "">
    : Constraint<?, desc> {
  string kind = constraintKind;
  // "integer"/"float"/"ranked_elements": the bit width.
  int width = 0;
  string signedness = "signless";
  // "type_attr": the constraint on the held type.
  TypeConstraint valueType = ?;
  // "array"/"confined": the element or base attribute; "any_of": the options.
  list<AttrConstraint> baseAttrs = [];
  // "dense_array": "i1", "i8", ..., "f64"; "ranked_elements": "int" or "float".
  string element = "";
  // "ranked_elements": the shape.
  list<int> shape = [];
  // "confined": the primitive constraints.
  list<AttrPredicate> predicates = [];
}
class Attr<string constraintKind, string desc = "">
    : AttrConstraint<constraintKind, desc>;

// The escape hatch: a Python predicate over `$_self` (the attribute).
class PredAttr<Pred condition, string desc = ""> : Attr<"predicate", desc> {
  let predicate = condition;
}
// An attribute constraint of a dialect, as MLIR spells one: a Python predicate.
class DialectAttr<Dialect d, Pred condition, string desc = "">
    : PredAttr<condition, desc> {
  Dialect dialect = d;
}

// How an op holds an attribute.
class OptionalAttr<Attr attr> : Attr<attr.kind, attr.summary> {
  Attr baseAttr = attr;
}
// `value` is the default, as MLIR text or the attribute's Python value.
class DefaultValuedAttr<Attr attr, string value> : Attr<attr.kind, attr.summary> {
  Attr baseAttr = attr;
  string defaultValue = value;
}
class DefaultValuedStrAttr<Attr attr, string value>
    : DefaultValuedAttr<attr, value>;
// Optional, with `value` standing in when it is absent: never set implicitly,
// and left out of the custom form when equal to the default.
class DefaultValuedOptionalAttr<Attr attr, string value>
    : Attr<attr.kind, attr.summary> {
  Attr baseAttr = attr;
  string defaultValue = value;
}
// A derived attribute: computed by a Python expression over `self`, never
// stored. Declared as a field of the op, not in `arguments`.
class DerivedAttr<Attr attr, code body> {
  Attr baseAttr = attr;
  code expr = body;
}

// Integers and floats.
class IntAttr<int w, string sign, string desc> : Attr<"integer", desc> {
  let width = w;
  let signedness = sign;
}
class SignlessIntAttr<int w>
    : IntAttr<w, "signless", w # "-bit signless integer attribute">;
class SignedIntAttr<int w>
    : IntAttr<w, "signed", w # "-bit signed integer attribute">;
class UnsignedIntAttr<int w>
    : IntAttr<w, "unsigned", w # "-bit unsigned integer attribute">;
class AnyIntAttr<int w> : IntAttr<w, "any", w # "-bit integer attribute">;
def I1Attr : SignlessIntAttr<1>;
def I8Attr : SignlessIntAttr<8>;
def I16Attr : SignlessIntAttr<16>;
def I32Attr : SignlessIntAttr<32>;
def I64Attr : SignlessIntAttr<64>;
def SI8Attr : SignedIntAttr<8>;
def SI16Attr : SignedIntAttr<16>;
def SI32Attr : SignedIntAttr<32>;
def SI64Attr : SignedIntAttr<64>;
def UI8Attr : UnsignedIntAttr<8>;
def UI16Attr : UnsignedIntAttr<16>;
def UI32Attr : UnsignedIntAttr<32>;
def UI64Attr : UnsignedIntAttr<64>;
def AnyI32Attr : AnyIntAttr<32>;
def AnyI64Attr : AnyIntAttr<64>;
class FloatAttrOf<int w> : Attr<"float", w # "-bit float attribute"> {
  let width = w;
}
def F16Attr : FloatAttrOf<16>;
def F32Attr : FloatAttrOf<32>;
def F64Attr : FloatAttrOf<64>;

// Attributes described by their name alone.
class SimpleAttr<string desc> : Attr<"simple", desc>;
def AnyAttr : SimpleAttr<"any attribute">;
def APIntAttr : SimpleAttr<"arbitrary integer attribute">;
def IndexAttr : SimpleAttr<"index attribute">;
def BoolAttr : SimpleAttr<"bool attribute">;
def StrAttr : SimpleAttr<"string attribute">;
def UnitAttr : SimpleAttr<"unit attribute">;
def TypeAttr : SimpleAttr<"any type attribute">;
def ArrayAttr : SimpleAttr<"array attribute">;
def DictionaryAttr : SimpleAttr<"dictionary of named attribute values">;
def AffineMapAttr : SimpleAttr<"AffineMap attribute">;
def IntegerSetAttr : SimpleAttr<"IntegerSet attribute">;
def LocationAttr : SimpleAttr<"location attribute">;
def ElementsAttr : SimpleAttr<"constant vector/tensor attribute">;
def AnyIntElementsAttr : SimpleAttr<"integer elements attribute">;
def AnyI32ElementsAttr : SimpleAttr<"32-bit integer elements attribute">;
def AnyI64ElementsAttr : SimpleAttr<"64-bit integer elements attribute">;
def I32ElementsAttr : SimpleAttr<"32-bit signless integer elements attribute">;
def I64ElementsAttr : SimpleAttr<"64-bit signless integer elements attribute">;
def IndexElementsAttr : SimpleAttr<"index elements attribute">;
def F32ElementsAttr : SimpleAttr<"32-bit float elements attribute">;
def F64ElementsAttr : SimpleAttr<"64-bit float elements attribute">;
def StringElementsAttr : SimpleAttr<"string elements attribute">;
def SymbolNameAttr : SimpleAttr<"string attribute">;
def SymbolRefAttr : SimpleAttr<"symbol reference attribute">;
def FlatSymbolRefAttr : SimpleAttr<"flat symbol reference attribute">;
// An attribute that carries a type: integers, floats, elements, strings.
def TypedAttrInterface : SimpleAttr<"TypedAttr instance">;

class TypeAttrOf<TypeConstraint type>
    : Attr<"type_attr", "type attribute of " # type.summary> {
  let valueType = type;
}

// Arrays.
class TypedArrayAttrBase<Attr elt, string desc> : Attr<"array", desc> {
  let baseAttrs = [elt];
}
def BoolArrayAttr : TypedArrayAttrBase<BoolAttr, "1-bit boolean array attribute">;
def I32ArrayAttr : TypedArrayAttrBase<I32Attr, "32-bit integer array attribute">;
def I64ArrayAttr : TypedArrayAttrBase<I64Attr, "64-bit integer array attribute">;
def F32ArrayAttr : TypedArrayAttrBase<F32Attr, "32-bit float array attribute">;
def F64ArrayAttr : TypedArrayAttrBase<F64Attr, "64-bit float array attribute">;
def StrArrayAttr : TypedArrayAttrBase<StrAttr, "string array attribute">;
def TypeArrayAttr : TypedArrayAttrBase<TypeAttr, "type array attribute">;
def DictArrayAttr
    : TypedArrayAttrBase<DictionaryAttr, "Array of dictionary attributes">;
def SymbolRefArrayAttr
    : TypedArrayAttrBase<SymbolRefAttr, "symbol ref array attribute">;
def FlatSymbolRefArrayAttr
    : TypedArrayAttrBase<FlatSymbolRefAttr, "flat symbol ref array attribute">;
def AffineMapArrayAttr
    : TypedArrayAttrBase<AffineMapAttr, "AffineMap array attribute">;
def IndexListArrayAttr
    : TypedArrayAttrBase<I64ArrayAttr, "Array of 64-bit integer array attributes">;
def LocationArrayAttr
    : TypedArrayAttrBase<LocationAttr, "location array attribute">;

class DenseArrayAttrOf<string elt> : Attr<"dense_array", elt # " dense array attribute"> {
  let element = elt;
}
def DenseBoolArrayAttr : DenseArrayAttrOf<"i1">;
def DenseI8ArrayAttr : DenseArrayAttrOf<"i8">;
def DenseI16ArrayAttr : DenseArrayAttrOf<"i16">;
def DenseI32ArrayAttr : DenseArrayAttrOf<"i32">;
def DenseI64ArrayAttr : DenseArrayAttrOf<"i64">;
def DenseF32ArrayAttr : DenseArrayAttrOf<"f32">;
def DenseF64ArrayAttr : DenseArrayAttrOf<"f64">;

class RankedElementsAttrOf<string elt, int w, list<int> dims>
    : Attr<"ranked_elements",
        w # "-bit " # !if(!eq(elt, "int"), "signless int", "float")
        # " elements attribute of shape [" # !interleave(dims, ", ") # "]"> {
  let element = elt;
  let width = w;
  let shape = dims;
}
class RankedI32ElementsAttr<list<int> dims> : RankedElementsAttrOf<"int", 32, dims>;
class RankedI64ElementsAttr<list<int> dims> : RankedElementsAttrOf<"int", 64, dims>;
class RankedF32ElementsAttr<list<int> dims> : RankedElementsAttrOf<"float", 32, dims>;
class RankedF64ElementsAttr<list<int> dims> : RankedElementsAttrOf<"float", 64, dims>;

class AnyAttrOf<list<Attr> options>
    : Attr<"any_of", !interleave(!foreach(o, options, o.summary), " or ")> {
  let baseAttrs = options;
}

class IntMinValue<int n> : AttrPredicate<"IntMinValue", [n], "whose minimum value is " # n>;
class IntMaxValue<int n> : AttrPredicate<"IntMaxValue", [n], "whose maximum value is " # n>;
class IntNEQValue<int n> : AttrPredicate<"IntNEQValue", [n], "whose value is not " # n>;
def IntNonNegative : AttrPredicate<"IntNonNegative", [], "whose value is non-negative">;
def IntPositive : AttrPredicate<"IntPositive", [], "whose value is positive">;
def IntPowerOf2 : AttrPredicate<"IntPowerOf2", [], "whose value is a power of two > 0">;
def IntPositivePowerOf2 : AttrPredicate<"IntPositivePowerOf2", [],
    "whose value is positive and whose value is a power of two > 0">;
class ArrayCount<int n> : AttrPredicate<"ArrayCount", [n], "with exactly " # n # " elements">;
class ArrayMinCount<int n>
    : AttrPredicate<"ArrayMinCount", [n], "with at least " # n # " elements">;
class ArrayMaxCount<int n>
    : AttrPredicate<"ArrayMaxCount", [n], "with at most " # n # " elements">;
class DenseArrayCount<int n>
    : AttrPredicate<"DenseArrayCount", [n], "with exactly " # n # " elements">;
class DenseArrayMinCt<int n>
    : AttrPredicate<"DenseArrayMinCt", [n], "with at least " # n # " elements">;
class DenseArrayMaxCt<int n>
    : AttrPredicate<"DenseArrayMaxCt", [n], "with at most " # n # " elements">;
def DenseArrayNonNegative
    : AttrPredicate<"DenseArrayNonNegative", [], "whose value is non-negative">;
def DenseArrayStrictlyPositive
    : AttrPredicate<"DenseArrayStrictlyPositive", [], "whose value is positive">;
def DenseArraySorted
    : AttrPredicate<"DenseArraySorted", [], "should be in non-decreasing order">;
def DenseArrayStrictlySorted
    : AttrPredicate<"DenseArrayStrictlySorted", [], "should be in increasing order">;

class ConfinedAttr<Attr attr, list<AttrPredicate> constraints>
    : Attr<"confined",
        !interleave([attr.summary] # !foreach(c, constraints, c.summary), " ")> {
  let baseAttrs = [attr];
  let predicates = constraints;
}

// Enums: cases with a symbol, an integer value and their spelling in IR.
class EnumAttrCaseInfo<string sym, int intVal, string strVal> {
  string symbol = sym;
  int value = intVal;
  string str = strVal;
}
class I32EnumAttrCase<string sym, int val, string str = sym>
    : EnumAttrCaseInfo<sym, val, str>;
class I64EnumAttrCase<string sym, int val, string str = sym>
    : EnumAttrCaseInfo<sym, val, str>;
// String cases have no integer value (-1, as in MLIR).
class StrEnumAttrCase<string sym, int val = -1, string str = sym>
    : EnumAttrCaseInfo<sym, val, str>;

// Bit enum cases: the value is the case's mask. `...CaseNone` is the empty
// mask, `...CaseBit<sym, pos>` the one bit `pos`, `...CaseGroup<sym, [cases]>`
// the union of other cases' masks, and `...Case<sym, mask>` gives the mask.
class I32BitEnumAttrCase<string sym, int val, string str = sym>
    : EnumAttrCaseInfo<sym, val, str>;
class I64BitEnumAttrCase<string sym, int val, string str = sym>
    : EnumAttrCaseInfo<sym, val, str>;
class I32BitEnumAttrCaseNone<string sym, string str = sym>
    : I32BitEnumAttrCase<sym, 0, str>;
class I64BitEnumAttrCaseNone<string sym, string str = sym>
    : I64BitEnumAttrCase<sym, 0, str>;
class I32BitEnumAttrCaseBit<string sym, int pos, string str = sym>
    : I32BitEnumAttrCase<sym, !shl(1, pos), str>;
class I64BitEnumAttrCaseBit<string sym, int pos, string str = sym>
    : I64BitEnumAttrCase<sym, !shl(1, pos), str>;
class I32BitEnumAttrCaseGroup<string sym, list<EnumAttrCaseInfo> members,
                              string str = sym>
    : I32BitEnumAttrCase<sym, !foldl(0, members, mask, c, !or(mask, c.value)), str>;
class I64BitEnumAttrCaseGroup<string sym, list<EnumAttrCaseInfo> members,
                              string str = sym>
    : I64BitEnumAttrCase<sym, !foldl(0, members, mask, c, !or(mask, c.value)), str>;

// An enum; `enumKind` is "i32", "i64", "string", "bit32" or "bit64". An empty
// summary of an integer enum stands for MLIR's "allowed 64-bit signless integer
// cases: 0, 1, ...", which the generator computes.
class EnumAttrInfo<string kindName, string enumName, string desc,
                   list<EnumAttrCaseInfo> enumCases>
    : Attr<"enum", desc> {
  string enumKind = kindName;
  string className = enumName;
  list<EnumAttrCaseInfo> cases = enumCases;
  code description = "";
  // The C++ namespace MLIR's parse errors name the enum in
  // (`::mlir::arith::FastMathFlags`); empty, they name the class alone.
  string cppNamespace = "";
}
class I32EnumAttr<string name, string summary, list<I32EnumAttrCase> cases>
    : EnumAttrInfo<"i32", name, summary, cases>;
class I64EnumAttr<string name, string summary, list<I64EnumAttrCase> cases>
    : EnumAttrInfo<"i64", name, summary, cases>;
class StrEnumAttr<string name, string summary, list<StrEnumAttrCase> cases>
    : EnumAttrInfo<"string", name, summary, cases>;

// A set of flags. Set cases are printed joined by `separator` (which must hold
// "|" or ","; spaces in it are printed but optional when parsing); with
// `printBitEnumPrimaryGroups`, a group whose bits are all set prints as itself.
class BitEnumAttr<string kindName, string name, string summary,
                  list<EnumAttrCaseInfo> cases>
    : EnumAttrInfo<kindName, name, summary, cases> {
  string separator = "|";
  bit printBitEnumPrimaryGroups = 0;
}
class I32BitEnumAttr<string name, string summary, list<EnumAttrCaseInfo> cases>
    : BitEnumAttr<"bit32", name, summary, cases>;
class I64BitEnumAttr<string name, string summary, list<EnumAttrCaseInfo> cases>
    : BitEnumAttr<"bit64", name, summary, cases>;

// Parameters of dialect types and attributes, spelled as in MLIR's
// AttrTypeBase.td: `"int64_t":$size`, `ArrayRefParameter<"int64_t">:$shape`,
// `StringRefParameter<"the name">:$name`, `OptionalParameter<"StringAttr">:$id`,
// `DefaultValuedParameter<"int64_t", "1">:$step`. The C++ type says what the
// parameter holds and how an assembly format reads and writes it (an integer, a
// string, a type, an attribute, an enum, or an array of them; see
// generator/spec/params.py); a Python annotation (`"tuple[Type, ...]"`) may stand
// for a value that only hand-written syntax reads.
class AttrOrTypeParameter<string type, string desc = "", string accessorType = ""> {
  string cppType = type;
  string summary = desc;
  // A Python expression the parameter defaults to (numbers, `true`, `false` and
  // quoted strings read as in C++). A parameter with a default may be left out by
  // the format, and is not printed when it has its default.
  string defaultValue = "";
  // An optional parameter's default is the empty value of its type: None for a
  // type or attribute, 0, "" or an empty array.
  bit isOptional = 0;
}
class TypeParameter<string type, string desc = "", string accessorType = "">
    : AttrOrTypeParameter<type, desc, accessorType>;
class AttrParameter<string type, string desc = "", string accessorType = "">
    : AttrOrTypeParameter<type, desc, accessorType>;
class OptionalParameter<string type, string desc = ""> : AttrOrTypeParameter<type, desc> {
  let isOptional = 1;
}
class DefaultValuedParameter<string type, string value, string desc = "">
    : AttrOrTypeParameter<type, desc> {
  let defaultValue = value;
}
// A string, printed quoted and escaped.
class StringRefParameter<string desc = "", string value = "">
    : AttrOrTypeParameter<"::llvm::StringRef", desc> {
  let defaultValue = value;
}
class APIntParameter<string desc> : AttrOrTypeParameter<"::llvm::APInt", desc>;
class APFloatParameter<string desc> : AttrOrTypeParameter<"::llvm::APFloat", desc>;
// One or more elements, comma-separated (an empty array does not parse back
// unless the parameter is optional).
class ArrayRefParameter<string arrayOf, string desc = "">
    : AttrOrTypeParameter<"::llvm::ArrayRef<" # arrayOf # ">", desc>;
class OptionalArrayRefParameter<string arrayOf, string desc = "">
    : OptionalParameter<"::llvm::ArrayRef<" # arrayOf # ">", desc>;
// A case of one of the dialect's enums, written as its keyword.
class EnumParameter<EnumAttrInfo enumInfo>
    : AttrParameter<enumInfo.className, "an enum of type " # enumInfo.className>;
// The attribute's own type, written after it: `#dialect.mnemonic : type`.
class AttributeSelfTypeParameter<string desc = "", string derivedType = "::mlir::Type",
                                 string typeBuilder = "">
    : AttrOrTypeParameter<"SelfType", desc>;

// Custom builders of a type or attribute, beside its default `get`: Python
// classmethods `build`, `build_1`, ... (`return cls.get(...)`).
class AttrOrTypeBuilder<dag params, code bodyCode = ""> {
  dag dagParams = params;
  code body = bodyCode;
  string summary = "";
}
class TypeBuilder<dag params, code bodyCode = ""> : AttrOrTypeBuilder<params, bodyCode>;
class AttrBuilder<dag params, code bodyCode = ""> : AttrOrTypeBuilder<params, bodyCode>;
class TypeBuilderWithInferredContext<dag params, code bodyCode = "">
    : TypeBuilder<params, bodyCode>;
class AttrBuilderWithInferredContext<dag params, code bodyCode = "">
    : AttrBuilder<params, bodyCode>;

// A dialect type or attribute, printed `!dialect.mnemonic<...>` or
// `#dialect.mnemonic<...>`. `TypeDef`s can be used as type constraints and
// `AttrDef`s as attribute constraints of the dialect's ops (an `AttrDef` is an
// `Attr` of kind "def", so `OptionalAttr<My_Attr>` works).
class AttrOrTypeDef<Dialect owner, string defName, list<Trait> defTraits = []> {
  Dialect dialect = owner;
  string cppName = defName;
  // The interfaces the type or attribute implements (`MyTypeInterface`,
  // `DeclareTypeInterfaceMethods<MyTypeInterface>`).
  list<Trait> traits = defTraits;
  string mnemonic = ?;
  string summary = "";
  code description = "";
  dag parameters = (ins);
  // The declarative syntax of the parameters after the mnemonic: `$param`,
  // literals, `params`, `struct(...)`, optional groups, `qualified(...)`, and
  // `custom<Name>(...)` (calling `parse_name`/`print_name` of the class).
  string assemblyFormat = ?;
  // Hand-written syntax for a type with parameters: Python bodies of
  // `parse(cls, p)` (reading what follows the mnemonic) and `print_params(self)`.
  bit hasCustomAssemblyFormat = 0;
  code parser = ?;
  code printer = ?;
  // With `genVerifyDecl`, `verifier` is the Python body of `verify(cls, <params>)`
  // returning an error message or None; `get` and the parser check with it.
  bit genVerifyDecl = 0;
  code verifier = ?;
  list<AttrOrTypeBuilder> builders = [];
  // Methods pasted into the generated class.
  code extraClassDeclaration = ?;

  // MLIR's fields that mean nothing to Python code: accepted and ignored.
  string cppBaseClassName = "";
  string storageClass = "";
  string storageNamespace = "detail";
  bit genStorageClass = 1;
  bit hasStorageCustomConstructor = 0;
  bit genAccessors = 1;
  bit skipDefaultBuilders = 0;
  code extraClassDefinition = ?;
}
// A dialect type is also a type constraint (its own kind, "ref"), so `Variadic<...>`
// and the other wrappers take it.
class TypeDef<Dialect owner, string name, list<Trait> traits = []>
    : TypeConstraint<"ref">, AttrOrTypeDef<owner, name, traits>;
class AttrDef<Dialect owner, string name, list<Trait> traits = []>
    : AttrOrTypeDef<owner, name, traits>, Attr<"def"> {
  // The alias name the printer gives the attribute (`#extern = ...`); with
  // `genMnemonicAlias`, the mnemonic.
  string asmAlias = ?;
  bit genMnemonicAlias = 0;
}

// A dialect attribute holding one value of an enum, printed
// `#dialect.mnemonic<value>` with the format "`<` $value `>`" (the parameter
// `value` is implied). An empty summary stands for the enum's.
class EnumAttr<Dialect owner, EnumAttrInfo enumInfo, string name = "",
               list<Trait> traits = []>
    : AttrDef<owner, enumInfo.className, traits> {
  EnumAttrInfo enum = enumInfo;
  let mnemonic = name;
}

#endif // ODSGEN_ATTRIBUTES_TD
