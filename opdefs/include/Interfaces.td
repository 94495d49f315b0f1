// Interfaces, with MLIR's classes and field names: `OpInterface`,
// `TypeInterface` and `AttrInterface`, their `InterfaceMethod`s, and
// `DeclareOpInterfaceMethods` (and its type and attribute forms).
//
// An interface becomes a Python class of the dialect's package, named by the
// argument of `OpInterface<"Name">`; the ops (types, attributes) that list it
// among their traits derive from it, so `isinstance(op, Name)` asks whether an
// op implements it. Each method is a Python method named by the snake_case of
// its ODS name (`inferShapes` -> `infer_shapes`):
//
//   InterfaceMethod<description, returnType, methodName,
//                   (ins "annotation":$arg, ...), methodBody, defaultImplementation>
//
// `returnType` and the argument types are Python annotations ("int",
// "Sequence[Type]"; "void" or "" is None). `methodBody` is the interface's own
// implementation, which no op replaces; `defaultImplementation` is a default an op
// may override. A method with neither must be defined by every op implementing
// the interface, in its `extraClassDeclaration` (as a C++ op declares it), and
// generation fails for an op that does not. Both bodies are Python method bodies;
// `$_op`, `$_type`, `$_attr` and `$_self` stand for `self` (for `cls` in a
// `StaticInterfaceMethod`, which becomes a classmethod).
//
// `cppNamespace` is accepted and has no meaning for Python.

#ifndef ODSGEN_INTERFACES_TD
#define ODSGEN_INTERFACES_TD

include "Types.td"
include "Attributes.td"
include "Traits.td"

class InterfaceMethod<string desc, string retTy, string methodName,
                      dag args = (ins), code methodBody = [{}],
                      code defaultImplementation = [{}]> {
  string description = desc;
  string name = methodName;
  string returnType = retTy;
  dag arguments = args;
  code body = methodBody;
  code defaultBody = defaultImplementation;
}

// A method of the class rather than of an instance: a classmethod in Python.
class StaticInterfaceMethod<string desc, string retTy, string methodName,
                            dag args = (ins), code methodBody = [{}],
                            code defaultImplementation = [{}]>
    : InterfaceMethod<desc, retTy, methodName, args, methodBody,
                      defaultImplementation>;

class Interface<string name, list<Interface> baseInterfacesArg = []> {
  string description = "";
  // The name of the generated class.
  string cppInterfaceName = name;
  string cppNamespace = "";
  list<InterfaceMethod> methods = [];
  // Python pasted into the interface's class.
  code extraClassDeclaration = "";
  code extraSharedClassDeclaration = "";
  // Not supported: an implementation is known from the class alone.
  code extraClassOf = "";
  // The interfaces this one derives from.
  list<Interface> baseInterfaces = baseInterfacesArg;
}

// What makes an interface a trait of the ops (types, attributes) that list it.
class InterfaceTrait<string name> : Trait {
  string trait = name;
}

// `verify` checks every op implementing the interface: the body of a method
// returning an error message (printed after `'dialect.op' op `) or None. It
// runs after the op's checks of its operands, attributes and results, or, with
// `verifyWithRegions`, after the ops in its regions verify.
class OpInterfaceTrait<string name, code verifyBody = [{}]> : InterfaceTrait<name> {
  code verify = verifyBody;
  bit verifyWithRegions = 0;
}

class OpInterface<string name, list<Interface> baseInterfaces = []>
    : Interface<name, baseInterfaces>, OpInterfaceTrait<name>;

// A type interface is also a type constraint: "Name instance".
class TypeInterface<string name, list<Interface> baseInterfaces = []>
    : Interface<name, baseInterfaces>, InterfaceTrait<name>,
      TypeConstraint<"ref", name # " instance">;

// An attribute interface is also an attribute constraint.
class AttrInterface<string name, list<Interface> baseInterfaces = []>
    : Interface<name, baseInterfaces>, InterfaceTrait<name>,
      Attr<"def", name # " instance">;

// An interface, with the methods (by ODS name) the op, type or attribute
// overrides although they have a default; it must define them.
class DeclareInterfaceMethods<list<string> overridenMethods = []> {
  list<string> alwaysOverriddenMethods = overridenMethods;
}
class DeclareOpInterfaceMethods<OpInterface interface,
                                list<string> overridenMethods = []>
    : DeclareInterfaceMethods<overridenMethods>,
      OpInterface<interface.cppInterfaceName, interface.baseInterfaces> {
  // The interface itself (MLIR knows it by its class name).
  OpInterface declaredInterface = interface;
  let description = interface.description;
  let methods = interface.methods;
}
class DeclareTypeInterfaceMethods<TypeInterface interface,
                                  list<string> overridenMethods = []>
    : DeclareInterfaceMethods<overridenMethods>,
      TypeInterface<interface.cppInterfaceName, interface.baseInterfaces> {
  TypeInterface declaredInterface = interface;
  let description = interface.description;
  let methods = interface.methods;
}
class DeclareAttrInterfaceMethods<AttrInterface interface,
                                  list<string> overridenMethods = []>
    : DeclareInterfaceMethods<overridenMethods>,
      AttrInterface<interface.cppInterfaceName, interface.baseInterfaces> {
  AttrInterface declaredInterface = interface;
  let description = interface.description;
  let methods = interface.methods;
}

// The interfaces of the runtime (`generator.ir.interfaces`), with MLIR's
// names. Their methods are those of the runtime classes; of them, only
// `InferTypeOpInterface`'s `inferReturnTypes` must be defined by each op:
//
//   @classmethod
//   def infer_return_types(
//       cls, operands: Sequence[Value], attributes: Mapping[str, Attribute],
//       regions: Sequence[Region]
//   ) -> Sequence[Type]
//
// which returns the result types of an op built from those operands, inherent
// attributes and regions, or raises `InferTypeError` with a message. Builders
// given no result types and custom forms that leave them out call it, and the
// verifier checks an op's result types against it (MLIR's
// `isCompatibleReturnTypes`, overridable, decides).
def InferTypeOpInterface : OpInterface<"InferTypeOpInterface">;
def ConditionallySpeculatable : OpInterface<"ConditionallySpeculatable">;
def BranchOpInterface : OpInterface<"BranchOpInterface">;
def CallOpInterface : OpInterface<"CallOpInterface">;
def CastOpInterface : OpInterface<"CastOpInterface">;
def Symbol : OpInterface<"SymbolOpInterface">;
def CallableOpInterface : OpInterface<"CallableOpInterface">;
def FunctionOpInterface
    : OpInterface<"FunctionOpInterface", [Symbol, CallableOpInterface]>;
def RegionKindInterface : OpInterface<"RegionKindInterface">;
def LoopLikeOpInterface : OpInterface<"LoopLikeOpInterface">;
// Suggests names for the values an op defines (implied by `asmResultNames`).
def OpAsmOpInterface : OpInterface<"OpAsmOpInterface">;
def RegionBranchOpInterface : OpInterface<"RegionBranchOpInterface">;
def SymbolUserOpInterface : OpInterface<"SymbolUserOpInterface">;
// An attribute standing for a poison value (`#ub.poison`): the runtime's
// element-wise folders pass a poison operand through as their result.
def PoisonAttrInterface : AttrInterface<"PoisonAttrInterface">;
// An op reading one size of a shaped value (`source`, then the `index` operand):
// the affine dialect accepts its result as a dimension or symbol where it can.
def ShapedDimOpInterface : OpInterface<"ShapedDimOpInterface">;

#endif // ODSGEN_INTERFACES_TD
