"""Shape inference from reference implementations (`odsgen opt --infer-shapes`, and the
result types a generated builder infers when they are omitted).

An op's reference (docs/spec-reference.md) computes its results from its operands'
run-time values, tensors being numpy arrays. Run on *abstract* operands, which carry
a shape and an element type but no data, the same code computes the shapes of the
results: `AbstractArray` answers numpy's protocols (`__array_ufunc__`,
`__array_function__`, indexing, the arithmetic operators and `shape`, `ndim`,
`reshape`, `transpose`, `astype`, the reductions) by shape rules alone, so a reference
over a `tensor<1024x1024x1024xf32>` allocates nothing of that size. Where a result
depends on values (the shape operand of a reshape), a constant operand is used with
its value: a pure op without operands (`arith.constant`, `tf.Const`) whose result has
at most `CONCRETE_LIMIT` elements is evaluated for real, and an op whose operands all
have such values is too, so a shape computed by `tensor.dim` and
`tensor.from_elements` reaches the reshape that uses it.

An op *cannot be evaluated* (and is left as it is) when

- an operand is a tensor whose type is not static (`tensor<?x3xf32>`,
  `tensor<*xf32>`) and has no known value, or has a type with no run-time value here
  (a memref, a token);
- the reference needs a value that is not known (`int()`, `bool()`, `np.asarray` or
  an index of an abstract value: data-dependent), or calls a numpy function that has
  no shape rule here (`NotEvaluable`);
- the reference raises anything else (a `SemanticsError`, numpy's error for shapes
  that do not broadcast: the op is wrong, and the verifier or `odsgen run` says so);
- or a result's inferred shape is not compatible with its type.

Ops with the `Elementwise` trait whose references are scalar (`arith`, `math`) are
lifted: on tensors of one static shape they give that shape (the reference holds
per element), without running the scalar code.

`infer_shapes` is the pass. It visits the ops of a module in order, refines each
tensor result of an op that can be evaluated to the static type of its inferred
shape (keeping the element type and encoding: the pass refines shapes only), and
the later ops see the refined types. A use keeps a refined operand when its op was
itself evaluated and still verifies; any other use (an op without a reference, a
region's terminator, a call; a cast takes any compatible type) gets a `tensor.cast` back to the old type, as
TensorFlow's shape inference does, so every op still verifies. A `func.func` that
nothing in the module references gets the refined result types its `func.return`s
agree on; the signature of a function that is called stays, and its returns cast.
Casts (`CastOpInterface`) keep their result types: a cast says which type its
users want.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np
from numpy.lib.mixins import NDArrayOperatorsMixin

from generator.ir.attributes import ArrayAttr, DictionaryAttr, StringAttr, SymbolRefAttr, TypeAttr
from generator.ir.core import Operation, OpResult, Value
from generator.ir.interfaces import CastOpInterface
from generator.ir.semantics import POISON, SemanticsError, element_dtype, quiet
from generator.ir.traits import Elementwise, Pure
from generator.ir.types import (
    FloatType,
    FunctionType,
    IndexType,
    IntegerType,
    NoneType,
    RankedTensorType,
    ShapedType,
    Type,
    UnrankedTensorType,
)

__all__ = [
    "CONCRETE_LIMIT",
    "AbstractArray",
    "CannotEvaluate",
    "NotEvaluable",
    "ShapeEvaluator",
    "abstract_result",
    "infer_result_types",
    "infer_shapes",
    "reference_params",
]

#: The most elements a value known in full may have (larger ones are kept abstract).
CONCRETE_LIMIT = 4096

#: What a builder gives the results it infers until they are inferred (the runtime's
#: `RESULT_PLACEHOLDER`).
PLACEHOLDER: Type = NoneType.get()


class NotEvaluable(Exception):
    """Raised inside a reference running on abstract values: what it asked needs data."""


class CannotEvaluate(Exception):
    """An op's reference cannot be evaluated abstractly; the message says why."""


def _shape_of(x: Any) -> tuple[int, ...]:
    if isinstance(x, AbstractArray):
        return x.shape
    return tuple(np.shape(x))


def _sample(x: Any, shape: tuple[int, ...] | None = None) -> Any:
    """A tiny concrete stand-in of `x` with its dtype (for numpy to say result types)."""
    if isinstance(x, AbstractArray):
        return np.zeros(shape if shape is not None else (), x.dtype)
    return x


def _elements_of(args: Sequence[Any]) -> list[tuple[Any, Type]]:
    return [(a.dtype, a.element) for a in args if isinstance(a, AbstractArray) and a.element]


def _element_for(dtype: Any, args: Sequence[Any]) -> Type | None:
    """The MLIR element type of a result of numpy type `dtype` computed from `args`:
    that of an argument of the same numpy type, else the plain one of `dtype`."""
    for d, element in _elements_of(args):
        if d == dtype:
            return element
    return element_of_dtype(dtype)


def element_of_dtype(dtype: Any) -> Type | None:
    """The MLIR element type a numpy type stands for (bool is i1, uint64 is i64)."""
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return IntegerType.get(1)
    if dtype.kind == "f" and dtype.itemsize in (2, 4, 8):
        return FloatType.get({2: "f16", 4: "f32", 8: "f64"}[dtype.itemsize])
    if dtype.kind in "iu":
        return IntegerType.get(dtype.itemsize * 8)
    return None


def _axis_shape(shape: tuple[int, ...], axis: Any, keepdims: bool) -> tuple[int, ...]:
    if axis is None:
        return tuple(1 for _ in shape) if keepdims else ()
    axes = axis if isinstance(axis, tuple | list) else (axis,)
    rank = len(shape)
    norm = set()
    for a in axes:
        a = int(a)
        if not -rank <= a < rank:
            raise np.exceptions.AxisError(a, rank)
        norm.add(a % rank)
    if keepdims:
        return tuple(1 if i in norm else s for i, s in enumerate(shape))
    return tuple(s for i, s in enumerate(shape) if i not in norm)


def _no_abstract(values: Iterator[Any], what: str) -> None:
    for v in values:
        if isinstance(v, AbstractArray):
            raise NotEvaluable(f"{what} depends on a value that is not known")


class AbstractArray(NDArrayOperatorsMixin):
    """A tensor of known shape and element type whose elements are not known."""

    __slots__ = ("dtype", "element", "shape")

    def __init__(self, shape: Sequence[int], dtype: Any, element: Type | None = None) -> None:
        self.shape = tuple(int(s) for s in shape)
        self.dtype = np.dtype(dtype)
        self.element = element

    def __repr__(self) -> str:
        return f"AbstractArray({self.shape}, {self.dtype})"

    # -- what the data would tell --------------------------------------------------

    def _unknown(self, *args: Any, **kwargs: Any) -> Any:
        raise NotEvaluable("the reference needs the value of an operand that is not known")

    __array__ = _unknown
    __bool__ = _unknown
    __int__ = _unknown
    __index__ = _unknown
    __float__ = _unknown
    __complex__ = _unknown
    tolist = _unknown
    item = _unknown

    # -- shape -------------------------------------------------------------------------

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def T(self) -> Any:
        return self.transpose()

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def __iter__(self) -> Iterator[AbstractArray]:
        for i in range(len(self)):
            yield self[i]

    def _view(self) -> Any:
        """A zero-stride array of this shape: views of it cost no memory."""
        return np.broadcast_to(np.zeros((), self.dtype), self.shape)

    def _like(self, shape: Sequence[int], dtype: Any | None = None) -> AbstractArray:
        d = self.dtype if dtype is None else np.dtype(dtype)
        return AbstractArray(shape, d, self.element if d == self.dtype else element_of_dtype(d))

    def __getitem__(self, key: Any) -> AbstractArray:
        keys = key if isinstance(key, tuple) else (key,)
        for k in keys:
            if isinstance(k, slice):
                _no_abstract(iter((k.start, k.stop, k.step)), "a slice")
            elif isinstance(k, AbstractArray):
                raise NotEvaluable("an index depends on a value that is not known")
        return self._like(self._view()[key].shape)

    def __setitem__(self, key: Any, value: Any) -> None:
        target = self[key].shape
        np.broadcast_shapes(_shape_of(value), target)  # raises when it does not fit

    def reshape(self, *shape: Any, order: str = "C") -> Any:
        if len(shape) == 1 and not isinstance(shape[0], int | np.integer):
            shape = tuple(shape[0])
        return np.reshape(self, shape)

    def transpose(self, *axes: Any) -> Any:
        if len(axes) == 1 and not isinstance(axes[0], int | np.integer):
            axes = tuple(axes[0]) if axes[0] is not None else ()
        return np.transpose(self, axes or None)

    def astype(self, dtype: Any, *args: Any, **kwargs: Any) -> AbstractArray:
        return self._like(self.shape, dtype)

    def copy(self, *args: Any, **kwargs: Any) -> AbstractArray:
        return self._like(self.shape)

    def view(self, dtype: Any = None, *args: Any) -> AbstractArray:
        if dtype is None or np.dtype(dtype).itemsize != self.dtype.itemsize:
            raise NotEvaluable("a view of another element size")
        return self._like(self.shape, dtype)

    def flatten(self, *args: Any) -> AbstractArray:
        return self._like((self.size,))

    ravel = flatten

    def squeeze(self, axis: Any = None) -> Any:
        return np.squeeze(self, axis)

    def __getattr__(self, name: str) -> Any:
        # The reductions (`x.sum(axis=0)`, `x.max()`) as numpy's functions of them.
        if name in _REDUCTIONS:
            fn = _REDUCTIONS[name]
            return lambda *a, **k: fn(self, *a, **k)
        raise AttributeError(name)

    # -- numpy's protocols ----------------------------------------------------------

    def __array_ufunc__(self, ufunc: Any, method: str, *inputs: Any, **kwargs: Any) -> Any:
        if kwargs.get("out") is not None or kwargs.get("where", True) is not True:
            raise NotEvaluable(f"numpy.{ufunc.__name__} with out= or where=")
        if method == "__call__":
            if ufunc is np.matmul:
                return _matmul(*inputs)
            if ufunc.signature is not None:
                raise NotEvaluable(f"numpy.{ufunc.__name__} has no shape rule here")
            shape = np.broadcast_shapes(*(_shape_of(x) for x in inputs))
            with quiet():
                out = ufunc(*(_sample(x) for x in inputs), **kwargs)
            if isinstance(out, tuple):
                return tuple(
                    AbstractArray(shape, o.dtype, _element_for(o.dtype, inputs)) for o in out
                )
            return AbstractArray(shape, out.dtype, _element_for(out.dtype, inputs))
        if method in ("reduce", "accumulate") and len(inputs) == 1:
            (x,) = inputs
            axis = kwargs.get("axis", 0)
            keepdims = bool(kwargs.get("keepdims", False))
            dtype = kwargs.get("dtype")
            with quiet():
                sample = getattr(ufunc, method)(np.zeros((1,), x.dtype), dtype=dtype)
            shape = x.shape if method == "accumulate" else _axis_shape(x.shape, axis, keepdims)
            return AbstractArray(shape, sample.dtype, _element_for(sample.dtype, inputs))
        raise NotEvaluable(f"numpy.{ufunc.__name__}.{method} has no shape rule here")

    def __array_function__(self, func: Any, types: Any, args: Any, kwargs: Any) -> Any:
        rule = _FUNCTIONS.get(func)
        if rule is None:
            raise NotEvaluable(f"numpy.{func.__name__} has no shape rule here")
        return rule(*args, **kwargs)


def _matmul(a: Any, b: Any) -> AbstractArray:
    sa, sb = _shape_of(a), _shape_of(b)
    if not sa or not sb:
        raise ValueError("matmul: a scalar operand")
    va = sa if len(sa) > 1 else (1, *sa)
    vb = sb if len(sb) > 1 else (*sb, 1)
    if va[-1] != vb[-2]:
        raise ValueError(f"matmul: inner dimensions {va[-1]} and {vb[-2]} differ")
    batch = np.broadcast_shapes(va[:-2], vb[:-2])
    shape = (*batch, *(va[-2:-1] if len(sa) > 1 else ()), *(vb[-1:] if len(sb) > 1 else ()))
    with quiet():
        dtype = np.matmul(_sample(a, (1,) * len(sa)), _sample(b, (1,) * len(sb))).dtype
    return AbstractArray(shape, dtype, _element_for(dtype, (a, b)))


def _dot(a: Any, b: Any) -> AbstractArray:
    sa, sb = _shape_of(a), _shape_of(b)
    if not sa or not sb:
        return np.multiply(a, b)  # type: ignore[no-any-return]
    if len(sa) <= 2 and len(sb) <= 2:
        return _matmul(a, b)
    k = sb[-2] if len(sb) > 1 else sb[0]
    if sa[-1] != k:
        raise ValueError("dot: shapes are not aligned")
    shape = (*sa[:-1], *sb[:-2], *sb[-1:]) if len(sb) > 1 else sa[:-1]
    with quiet():
        dtype = np.dot(_sample(a, (1,) * len(sa)), _sample(b, (1,) * len(sb))).dtype
    return AbstractArray(shape, dtype, _element_for(dtype, (a, b)))


def _view_rule(func: Any) -> Callable[..., Any]:
    """A function that makes a view of its first argument, given as a zero-stride
    array of its shape (no memory); the other arguments must be known."""

    def rule(x: Any, *args: Any, **kwargs: Any) -> Any:
        _no_abstract(iter(args), f"numpy.{func.__name__}'s argument")
        _no_abstract(iter(kwargs.values()), f"numpy.{func.__name__}'s argument")
        for a in args:
            if isinstance(a, list | tuple):
                _no_abstract(iter(a), f"numpy.{func.__name__}'s argument")
        if not isinstance(x, AbstractArray):
            return func(x, *args, **kwargs)
        out = func(x._view(), *args, **kwargs)
        return x._like(np.shape(out))

    return rule


def _join_rule(stack: bool) -> Callable[..., Any]:
    def rule(arrays: Sequence[Any], axis: int = 0, **kwargs: Any) -> AbstractArray:
        arrays = list(arrays)
        if not arrays:
            raise ValueError("need at least one array to join")
        shapes = [_shape_of(a) for a in arrays]
        rank = len(shapes[0])
        if stack:
            if any(s != shapes[0] for s in shapes):
                raise ValueError("all input arrays must have the same shape")
            axis = int(axis) % (rank + 1)
            shape = (*shapes[0][:axis], len(arrays), *shapes[0][axis:])
        else:
            if rank == 0 or any(len(s) != rank for s in shapes):
                raise ValueError("all input arrays must have the same rank")
            axis = int(axis) % rank
            for s in shapes:
                if any(s[i] != shapes[0][i] for i in range(rank) if i != axis):
                    raise ValueError("input array dimensions differ off the concatenation axis")
            total = sum(s[axis] for s in shapes)
            shape = (*shapes[0][:axis], total, *shapes[0][axis + 1 :])
        dtype = np.result_type(*(_sample(a) for a in arrays))
        return AbstractArray(shape, dtype, _element_for(dtype, arrays))

    return rule


def _reduction(func: Any) -> Callable[..., Any]:
    def rule(x: Any, axis: Any = None, *args: Any, keepdims: bool = False, **kwargs: Any) -> Any:
        if kwargs.get("out") is not None:
            raise NotEvaluable("a reduction with out=")
        shape = _axis_shape(_shape_of(x), axis, keepdims)
        with quiet():
            dtype = np.asarray(func(_sample(x, (1,) * len(_shape_of(x))), **kwargs)).dtype
        return AbstractArray(shape, dtype, _element_for(dtype, (x,)))

    return rule


def _where(condition: Any, *values: Any) -> AbstractArray:
    if len(values) != 2:
        raise NotEvaluable("numpy.where of one argument depends on the data")
    shape = np.broadcast_shapes(*(_shape_of(v) for v in (condition, *values)))
    dtype = np.result_type(*(_sample(v) for v in values))
    return AbstractArray(shape, dtype, _element_for(dtype, values))


def _clip(x: Any, low: Any = None, high: Any = None, **kwargs: Any) -> AbstractArray:
    shape = np.broadcast_shapes(*(_shape_of(v) for v in (x, low, high) if v is not None))
    with quiet():
        dtype = np.clip(_sample(x), _sample(low), _sample(high)).dtype
    return AbstractArray(shape, dtype, _element_for(dtype, (x,)))


def _same(x: Any, *args: Any, **kwargs: Any) -> Any:
    if not isinstance(x, AbstractArray):
        return np.copy(x)
    dtype = kwargs.get("dtype")
    return x._like(x.shape, dtype)


def _shape(x: Any) -> tuple[int, ...]:
    return _shape_of(x)


def _broadcast_arrays(*args: Any, **kwargs: Any) -> tuple[Any, ...]:
    shape = np.broadcast_shapes(*(_shape_of(a) for a in args))
    return tuple(np.broadcast_to(a, shape) for a in args)


_REDUCTIONS: dict[str, Callable[..., Any]] = {}
_FUNCTIONS: dict[Any, Callable[..., Any]] = {
    np.concatenate: _join_rule(stack=False),
    np.stack: _join_rule(stack=True),
    np.dot: _dot,
    np.matmul: _matmul,
    np.where: _where,
    np.clip: _clip,
    np.copy: _same,
    np.ascontiguousarray: _same,
    np.shape: _shape,
    np.ndim: lambda x: len(_shape_of(x)),
    np.size: lambda x, axis=None: math.prod(_shape_of(x)) if axis is None else _shape_of(x)[axis],
    np.broadcast_arrays: _broadcast_arrays,
    np.result_type: lambda *a: np.result_type(*(_sample(x) for x in a)),
}
for _f in (
    np.reshape,
    np.transpose,
    np.expand_dims,
    np.squeeze,
    np.moveaxis,
    np.swapaxes,
    np.broadcast_to,
    np.ravel,
    np.flip,
    np.atleast_1d,
    np.atleast_2d,
    np.atleast_3d,
):
    _FUNCTIONS[_f] = _view_rule(_f)
for _name in (
    "sum",
    "prod",
    "mean",
    "max",
    "min",
    "amax",
    "amin",
    "any",
    "all",
    "argmax",
    "argmin",
):
    _FUNCTIONS[getattr(np, _name)] = _REDUCTIONS[_name] = _reduction(getattr(np, _name))


def abstract_result(value: AbstractArray, type_: Type) -> AbstractArray:
    """An abstract result as a run-time value of `type_` (what a reference's final
    conversion to the result type does with data): of the type's element type, its
    shape checked against a ranked type's static sizes. The builders' placeholder
    type keeps the value's own element type."""
    if type_ is PLACEHOLDER:
        return value
    element = type_.element_type if isinstance(type_, ShapedType) else type_
    if isinstance(type_, RankedTensorType) and refined_type(type_, value) is None:
        raise SemanticsError(f"result of shape {list(value.shape)} does not match its type {type_}")
    if not isinstance(type_, ShapedType) and value.shape:
        raise SemanticsError(f"result of shape {list(value.shape)} does not match its type {type_}")
    try:
        dtype = element_dtype(element)
    except SemanticsError:
        dtype = np.float64
    return AbstractArray(value.shape, dtype, element)


# ---------------------------------------------------------------------------
# Evaluating ops
# ---------------------------------------------------------------------------


def _is_static_tensor(type_: Type) -> bool:
    return isinstance(type_, RankedTensorType) and type_.has_static_shape


def _scalar_type(type_: Type) -> bool:
    return isinstance(type_, IntegerType | IndexType | FloatType)


def abstract_value(type_: Type) -> AbstractArray:
    """The abstract run-time value of a value of type `type_` (a static tensor or a
    scalar); `CannotEvaluate` for any other type."""
    if _is_static_tensor(type_):
        assert isinstance(type_, RankedTensorType)
        element = type_.element_type
        shape: tuple[int, ...] = type_.shape
    elif _scalar_type(type_):
        element, shape = type_, ()
    else:
        raise CannotEvaluate(f"an operand of type '{type_}' has no known shape")
    try:
        dtype = element_dtype(element)
    except SemanticsError:
        # An element type numpy does not hold (a TF type, complex, wide integers):
        # the shape is what matters here.
        dtype = np.float64
    return AbstractArray(shape, dtype, element)


def _num_elements(value: Any) -> int:
    return math.prod(np.shape(value)) if not isinstance(value, AbstractArray) else value.size


def _is_concrete(value: Any) -> bool:
    return (
        value is not POISON
        and not isinstance(value, AbstractArray)
        and not isinstance(value, tuple | list)
        and _num_elements(value) <= CONCRETE_LIMIT
    )


def reference_params(fn: Any, operand_count: int) -> tuple[str, ...] | None:
    """The names of a generated `reference`'s parameters when its op has operand groups
    that are not single values (a tuple for a variadic group, even of one operand, or
    an optional value: annotated so), else None (one parameter per operand)."""
    code = fn.__code__
    names = code.co_varnames[1 : code.co_argcount]
    annotations = getattr(fn, "__annotations__", {})
    grouped = any(str(annotations.get(n, "Any")) != "Any" for n in names)
    return tuple(names) if grouped or len(names) != operand_count else None


class ShapeEvaluator:
    """Evaluates ops' references on abstract values, knowing the values of small
    constants (and what is computed from them only)."""

    def __init__(self) -> None:
        #: Values known in full (at most `CONCRETE_LIMIT` elements), by SSA value.
        self.known: dict[Value, Any] = {}
        self._params: dict[type[Operation], tuple[str, ...] | None] = {}

    def value_of(self, value: Value) -> Any:
        """The run-time value `value` stands for here: known in full, or abstract."""
        known = self.known.get(value)
        if known is not None:
            return known
        op = value.defining_op
        if (
            op is not None
            and not op._operands
            and not op.regions
            and len(op.results) == 1
            and op.has_trait(Pure)
            and getattr(type(op), "reference", None) is not None
            and (_scalar_type(value.type) or _is_static_tensor(value.type))
            and (
                not isinstance(value.type, ShapedType) or value.type.num_elements <= CONCRETE_LIMIT
            )
        ):
            try:
                with quiet():
                    result = type(op).reference(op)  # type: ignore[attr-defined]
            except Exception:
                result = None
            if result is not None and _is_concrete(result):
                self.known[value] = result
                return result
        return abstract_value(value.type)

    def _arguments(self, op: Operation) -> list[Any]:
        cls = type(op)
        params = self._params.get(cls, ())
        if params == ():
            params = reference_params(cls.reference, len(op._operands))  # type: ignore[attr-defined]
            self._params[cls] = params
        if params is None:
            return [self.value_of(v) for v in op.operands]
        args: list[Any] = []
        for name in params:
            group = getattr(op, name)
            if group is None:
                args.append(None)
            elif isinstance(group, Value):
                args.append(self.value_of(group))
            else:
                args.append(tuple(self.value_of(v) for v in group))
        return args

    def evaluate(self, op: Operation) -> list[Any]:
        """The results' values (known or abstract) by `op`'s reference;
        `CannotEvaluate` says why there are none."""
        fn = getattr(type(op), "reference", None)
        if fn is None:
            raise CannotEvaluate(f"'{op.name}' has no reference implementation")
        if op.regions:
            raise CannotEvaluate(f"'{op.name}' has regions")
        if op.has_trait(Elementwise) and any(
            isinstance(v.type, ShapedType) for v in (*op.operands, *op.results)
        ):
            return self._lifted(op)
        args = self._arguments(op)
        try:
            with quiet():
                result = fn(op, *args)
        except NotEvaluable as e:
            raise CannotEvaluate(str(e)) from None
        except CannotEvaluate:
            raise
        except Exception as e:
            raise CannotEvaluate(f"the reference raised {type(e).__name__}: {e}") from None
        if len(op.results) == 1:
            return [result]
        if not op.results:
            return []
        if not isinstance(result, tuple | list) or len(result) != len(op.results):
            raise CannotEvaluate("the reference did not return one value per result")
        return list(result)

    def _lifted(self, op: Operation) -> list[Any]:
        """An elementwise op whose reference is scalar, on tensors: each result has
        the operands' one static shape."""
        shapes = set()
        for v in op.operands:
            if not isinstance(v.type, ShapedType):
                continue
            value = self.value_of(v)
            shapes.add(_shape_of(value))
        if len(shapes) != 1:
            raise CannotEvaluate("the elementwise operands have no one static shape")
        (shape,) = shapes
        out: list[Any] = []
        for r in op.results:
            element = r.type.element_type if isinstance(r.type, ShapedType) else r.type
            try:
                dtype = element_dtype(element)
            except SemanticsError:
                dtype = np.float64
            out.append(AbstractArray(shape, dtype, element))
        return out


def refined_type(old: Type, value: Any) -> Type | None:
    """The static tensor type of `value` compatible with `old` (same element type and
    encoding, the same rank and sizes where `old` has them), or None."""
    if value is None or value is POISON or isinstance(value, tuple | list):
        return None
    shape = _shape_of(value)
    if isinstance(old, UnrankedTensorType):
        return RankedTensorType.get(shape, old.element_type)
    if isinstance(old, RankedTensorType):
        if len(shape) != old.rank:
            return None
        if any(s != o and o >= 0 for s, o in zip(shape, old.shape, strict=True)):
            return None
        return RankedTensorType.get(shape, old.element_type, old.encoding)
    return None


def _fits(type_: Type, value: Any) -> bool:
    """Whether `value` can be a run-time value of type `type_`."""
    if isinstance(type_, ShapedType):
        return refined_type(type_, value) is not None
    return not isinstance(value, AbstractArray) or value.shape == ()


# ---------------------------------------------------------------------------
# The pass
# ---------------------------------------------------------------------------


def _symbol_uses(module: Operation) -> set[str]:
    """The root names of every symbol reference in the module's attributes."""
    names: set[str] = set()

    def visit(attr: Any) -> None:
        if isinstance(attr, SymbolRefAttr):
            names.add(attr.root)
        elif isinstance(attr, ArrayAttr):
            for a in attr.value:
                visit(a)
        elif isinstance(attr, DictionaryAttr):
            for _, a in attr.entries:
                visit(a)

    for op in module.walk():
        for _, attr in op.property_entries():
            visit(attr)
        visit(op.attributes)
    return names


def infer_shapes(module: Operation, ctx: Any) -> int:
    """Refine the result types of the ops in `module` from their references (see the
    module's docstring); the number of results refined. `CannotEvaluate` when `ctx`
    has no `tensor` dialect to cast with (nothing is changed then)."""
    ctx.get_or_load_dialect("tensor")
    if ctx.lookup_op("tensor.cast") is None:
        raise CannotEvaluate("shape inference needs the tensor dialect (for tensor.cast)")
    evaluator = ShapeEvaluator()
    old_types: dict[Value, Type] = {}
    evaluated: set[Operation] = set()
    for op in list(module.walk()):
        if op is module or isinstance(op, CastOpInterface) or not op.results:
            continue
        try:
            values = evaluator.evaluate(op)
        except CannotEvaluate:
            continue
        if not all(_fits(r.type, v) for r, v in zip(op.results, values, strict=True)):
            continue
        changed: list[tuple[OpResult, Type]] = []
        for r, v in zip(op.results, values, strict=True):
            new = refined_type(r.type, v)
            if new is not None and new != r.type:
                changed.append((r, r.type))
                r.type = new
        if op.verify_invariants() is not None:
            for r, old in changed:
                r.type = old
            continue
        evaluated.add(op)
        for r, old in changed:
            old_types.setdefault(r, old)
        for r, v in zip(op.results, values, strict=True):
            if _is_concrete(v):
                evaluator.known[r] = v
    if old_types:
        _settle_uses(module, ctx, old_types, evaluated)
    return len(old_types)


def _settle_uses(
    module: Operation, ctx: Any, old_types: dict[Value, Type], evaluated: set[Operation]
) -> None:
    """Keep each refined value where its user accepts it; elsewhere cast it back."""
    referenced = _symbol_uses(module)
    returns: dict[Operation, list[Operation]] = {}
    for value in old_types:
        for use in list(value.uses):
            user = use.owner
            if user.name == "func.return":
                fn = user.parent_op
                if fn is not None and fn.name == "func.func":
                    returns.setdefault(fn, [])
    for fn in returns:
        name = fn.get_attr("sym_name")
        attr = fn.get_attr("function_type")
        if (
            not isinstance(name, StringAttr)
            or name.value in referenced
            or not isinstance(attr, TypeAttr)
            or not isinstance(attr.value, FunctionType)
        ):
            continue
        rets = [o for r in fn.regions for b in r.blocks for o in b.ops if o.name == "func.return"]
        results = list(attr.value.results)
        for i in range(len(results)):
            kinds = {ret.operands[i].type for ret in rets if i < len(ret.operands)}
            if len(kinds) == 1:
                results[i] = next(iter(kinds))
        fn.set_attr(
            "function_type", TypeAttr.get(FunctionType.get(attr.value.inputs, tuple(results)))
        )
        evaluated.update(rets)
    for value, old in old_types.items():
        for use in list(value.uses):
            user = use.owner
            # A cast accepts any compatible operand type: that is what it is for.
            accepts = user in evaluated or isinstance(user, CastOpInterface)
            if accepts and user.verify_invariants() is None:
                continue
            cast = _cast(ctx, value, old, user)
            use.set(cast.results[0])


def _cast(ctx: Any, value: Value, type_: Type, before: Operation) -> Operation:
    """A `tensor.cast` of `value` to `type_`, inserted before `before`."""
    cls = ctx.lookup_op("tensor.cast")
    op: Operation = cls.__new__(cls)
    op.init_state("tensor.cast", [value], [type_], None, None, (), 0, before.loc)
    assert before.parent is not None
    before.parent.insert_before(before, op)
    return op


# ---------------------------------------------------------------------------
# Builders
# ---------------------------------------------------------------------------


def infer_result_types(op: Operation, indices: Sequence[int]) -> None:
    """Set the types of `op`'s results `indices` (built with `PLACEHOLDER`) from its
    reference, evaluated on its operands' types; `ValueError` when it cannot be."""
    evaluator = ShapeEvaluator()
    try:
        values = evaluator.evaluate(op)
    except CannotEvaluate as e:
        names = ", ".join(f"#{i}" for i in indices)
        raise ValueError(
            f"'{op.name}': cannot infer the type of result {names} from the reference ({e}); "
            "give the result type"
        ) from None
    for i in indices:
        value = values[i]
        element = value.element if isinstance(value, AbstractArray) else None
        if element is None and value is not POISON and not isinstance(value, tuple | list):
            element = element_of_dtype(np.asarray(value).dtype)
        if element is None or value is POISON or isinstance(value, tuple | list):
            raise ValueError(
                f"'{op.name}': cannot infer the type of result #{i} from the reference "
                "(its element type is not known); give the result type"
            )
        op.results[i].type = RankedTensorType.get(_shape_of(value), element)
