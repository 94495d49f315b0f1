"""The SPIR-V dialect's types, and the queries its op constraints ask of them.

MLIR defines SPIR-V's composite types in C++ with a hand-written parser and
printer (`!spirv.ptr<f32, Function>`, `!spirv.array<4 x f32, stride=4>`,
`!spirv.rtarray<f32>`, `!spirv.struct<(f32 [0], i32 [4])>`,
`!spirv.coopmatrix<8x16xf32, Subgroup, MatrixA>`, `!spirv.matrix<4 x vector<4xf32>>`,
`!spirv.image<...>`, `!spirv.sampled_image<...>`), so an imported `spirv` spec
cannot declare them. This module owns them: one `ParametricType` per C++ class,
reading and writing the text as mlir-opt 22 does, with its errors. A context adds
them to the `spirv` dialect when it loads it (`RUNTIME_DIALECT_MODULES` in
`generator.ir.context`).

Parameters are kept as MLIR keeps them: enum parameters (storage class, scope,
image dimension, ...) as the integer values of their SPIR-V cases, which compare
equal to the cases of the imported dialect's Python enums.

The module also holds the SPIR-V dialect's helper predicates its ops' traits call:
where an op may be placed (`spirv_is_module_like`, `spirv_is_in_function`) and the
`i1` type a comparison yields for its operand type (`spirv_bool_result_type`).
"""

from __future__ import annotations

from typing import ClassVar, cast

from generator.ir.attr_type_base import ParametricAttr, ParametricType
from generator.ir.attributes import Attribute
from generator.ir.core import Operation
from generator.ir.interfaces import FunctionOpInterface
from generator.ir.opasm import AsmParser, AsmPrinter, SourcePos
from generator.ir.traits import SymbolTable
from generator.ir.type_parser import TypeParser
from generator.ir.types import DYNAMIC, FloatType, IntegerType, Type, VectorType

__all__ = [
    "ATTRIBUTES",
    "TYPES",
    "SpirvArrayType",
    "SpirvCooperativeMatrixType",
    "SpirvImageType",
    "SpirvMatrixType",
    "SpirvPointerType",
    "SpirvRuntimeArrayType",
    "SpirvSampledImageType",
    "SpirvStructType",
    "SpirvTensorArmType",
    "SpirvVerCapExtAttr",
    "spirv_bool_result_type",
    "spirv_is_in_function",
    "spirv_is_module_like",
    "unknown_type_message",
]

# The cases of the SPIR-V enums the types hold, in their SPIR-V order: name -> value.


def _cases(*pairs: tuple[str, int]) -> dict[str, int]:
    return dict(pairs)


def _numbered(*names: str) -> dict[str, int]:
    return {name: i for i, name in enumerate(names)}


STORAGE_CLASSES: dict[str, int] = {
    **_numbered(
        "UniformConstant", "Input", "Uniform", "Output", "Workgroup", "CrossWorkgroup",
        "Private", "Function", "Generic", "PushConstant", "AtomicCounter", "Image",
        "StorageBuffer",
    ),
    **_cases(
        ("CallableDataKHR", 5328), ("IncomingCallableDataKHR", 5329),
        ("RayPayloadKHR", 5338), ("HitAttributeKHR", 5339),
        ("IncomingRayPayloadKHR", 5342), ("ShaderRecordBufferKHR", 5343),
        ("PhysicalStorageBuffer", 5349), ("TaskPayloadWorkgroupEXT", 5402),
        ("CodeSectionINTEL", 5605), ("DeviceOnlyINTEL", 5936), ("HostOnlyINTEL", 5937),
    ),
}  # fmt: skip
SCOPES = _numbered(
    "CrossDevice", "Device", "Workgroup", "Subgroup", "Invocation", "QueueFamily",
    "ShaderCallKHR",
)  # fmt: skip
MATRIX_USES = _numbered("MatrixA", "MatrixB", "MatrixAcc")
DIMS = _numbered("Dim1D", "Dim2D", "Dim3D", "Cube", "Rect", "Buffer", "SubpassData")
DEPTHS = _numbered("NoDepth", "IsDepth", "DepthUnknown")
ARRAYED = _numbered("NonArrayed", "Arrayed")
SAMPLINGS = _numbered("SingleSampled", "MultiSampled")
SAMPLER_USES = _numbered("SamplerUnknown", "NeedSampler", "NoSampler")
IMAGE_FORMATS = _numbered(
    "Unknown", "Rgba32f", "Rgba16f", "R32f", "Rgba8", "Rgba8Snorm", "Rg32f", "Rg16f",
    "R11fG11fB10f", "R16f", "Rgba16", "Rgb10A2", "Rg16", "Rg8", "R16", "R8", "Rgba16Snorm",
    "Rg16Snorm", "Rg8Snorm", "R16Snorm", "R8Snorm", "Rgba32i", "Rgba16i", "Rgba8i", "R32i",
    "Rg32i", "Rg16i", "Rg8i", "R16i", "R8i", "Rgba32ui", "Rgba16ui", "Rgba8ui", "R32ui",
    "Rgb10a2ui", "Rg32ui", "Rg16ui", "Rg8ui", "R16ui", "R8ui", "R64ui", "R64i",
)  # fmt: skip
DECORATIONS: dict[str, int] = {
    **_numbered(
        "RelaxedPrecision", "SpecId", "Block", "BufferBlock", "RowMajor", "ColMajor",
        "ArrayStride", "MatrixStride", "GLSLShared", "GLSLPacked", "CPacked", "BuiltIn",
    ),
    **{
        name: 13 + i
        for i, name in enumerate((
            "NoPerspective", "Flat", "Patch", "Centroid", "Sample", "Invariant", "Restrict",
            "Aliased", "Volatile", "Constant", "Coherent", "NonWritable", "NonReadable",
            "Uniform", "UniformId", "SaturatedConversion", "Stream", "Location", "Component",
            "Index", "Binding", "DescriptorSet", "Offset", "XfbBuffer", "XfbStride",
            "FuncParamAttr", "FPRoundingMode", "FPFastMathMode", "LinkageAttributes",
            "NoContraction", "InputAttachmentIndex", "Alignment", "MaxByteOffset",
            "AlignmentId", "MaxByteOffsetId",
        ))
    },
    **_cases(
        ("NoSignedWrap", 4469), ("NoUnsignedWrap", 4470), ("ExplicitInterpAMD", 4999),
        ("OverrideCoverageNV", 5248), ("PassthroughNV", 5250),
        ("ViewportRelativeNV", 5252), ("SecondaryViewportRelativeNV", 5256),
        ("PerPrimitiveEXT", 5271), ("PerVertexKHR", 5285), ("NonUniform", 5300),
        ("RestrictPointer", 5355), ("AliasedPointer", 5356),
        ("BindlessSamplerNV", 5398),
    ),
}  # fmt: skip


def _name_of(cases: dict[str, int], value: int) -> str:
    for name, v in cases.items():
        if v == value:
            return name
    return str(value)


# -- the parser side ---------------------------------------------------------------


def _parser(p: AsmParser) -> TypeParser:
    # Dimension lists (`8x16xf32`) are read by the type layer of the concrete parser,
    # which dialect type parsers are always given.
    assert isinstance(p, TypeParser)
    return p


def _composable(p: AsmParser) -> Type:
    """Read a type that may be an element of a SPIR-V composite type, as MLIR's
    SPIR-V dialect checks it: its own types, floats, integers of SPIR-V's widths and
    1-D vectors of up to 4 elements."""
    pos = p.current_pos()
    t = p.parse_type()
    if isinstance(t, (_SpirvType, FloatType)):
        return t
    if isinstance(t, IntegerType):
        if t.width not in (1, 8, 16, 32, 64):
            p.error_at(pos, f"only 1/8/16/32/64-bit integer type allowed but found '{t}'")
        return t
    if isinstance(t, VectorType):
        if len(t.shape) != 1:
            p.error_at(pos, f"only 1-D vector allowed but found '{t}'")
        if t.shape[0] > 4:
            p.error_at(
                pos, f"vector length has to be less than or equal to 4 but found {t.shape[0]}"
            )
        return t
    p.error_at(pos, f"cannot use '{t}' to compose SPIR-V types")


def _dimensions(p: AsmParser) -> tuple[SourcePos, tuple[int, ...]]:
    """Read a static dimension list (`4 x`, `8x16x`): where it starts, the sizes."""
    parser = _parser(p)
    pos = p.current_pos()
    dims, _ = parser.parse_dimensions(False, False)
    # MLIR reads one integer and wants an `x` right after it.
    if not dims and p.peek().isdigit() and p.parse_optional_integer() is not None:
        p.error_at(SourcePos(parser.pos), "expected 'x' in dimension list")
    return pos, dims


def _enum_keyword(p: AsmParser, cases: dict[str, int], message: str) -> int:
    """Read the keyword of an enum case; `message` (with the keyword) when unknown."""
    pos = p.current_pos()
    word = p.parse_keyword()
    value = cases.get(word)
    if value is None:
        p.error_at(pos, message.format(word))
    return value


def _optional_stride(p: AsmParser) -> int:
    """`, stride=N` after an array's element type, or 0 when absent."""
    if not p.consume_if(","):
        return 0
    p.expect_keyword("stride")
    p.expect("=")
    pos = p.current_pos()
    stride = p.parse_integer()
    if stride > 0xFFFFFFFF:
        p.error_at(pos, "integer value too large")
    # An `unsigned` in MLIR: a negative value wraps around.
    stride &= 0xFFFFFFFF
    if stride == 0:
        p.error_at(pos, "ArrayStride must be greater than zero")
    return stride


def _stride_text(stride: int) -> str:
    return f", stride={stride}" if stride else ""


class _SpirvType(ParametricType):
    """A type of the SPIR-V dialect defined in C++ (a `spirv::SPIRVType` here)."""

    __slots__ = ()

    DIALECT: ClassVar[str] = "spirv"

    def print_params(self) -> str:
        from generator.ir.printer import Printer

        return self.params_text(Printer())


class SpirvPointerType(_SpirvType):
    """`!spirv.ptr<pointee, StorageClass>` (`spirv::PointerType`)."""

    __slots__ = ()

    MNEMONIC: ClassVar[str] = "ptr"

    @classmethod
    def get(cls, pointee: Type, storage_class: int) -> SpirvPointerType:
        """The pointer to `pointee` in the storage class of that value."""
        return cls.unique((pointee, storage_class))

    @property
    def pointee(self) -> Type:
        """The type pointed to (`getPointeeType`)."""
        return cast(Type, self.params[0])

    @property
    def storage_class(self) -> int:
        """The storage class's value (`getStorageClass`)."""
        return cast(int, self.params[1])

    @classmethod
    def parse(cls, p: AsmParser) -> SpirvPointerType:
        """Read `<pointee, StorageClass>`."""
        p.expect("<")
        pointee = _composable(p)
        pos = p.current_pos()
        p.expect(",")
        word = p.parse_keyword()
        storage = STORAGE_CLASSES.get(word)
        if storage is None:
            p.error_at(pos, f"unknown storage class: {word}")
        p.expect(">")
        return cls.get(pointee, storage)

    def params_text(self, p: AsmPrinter) -> str:
        return f"<{p.type_text(self.pointee)}, {_name_of(STORAGE_CLASSES, self.storage_class)}>"


class SpirvArrayType(_SpirvType):
    """`!spirv.array<N x element[, stride=K]>` (`spirv::ArrayType`)."""

    __slots__ = ()

    MNEMONIC: ClassVar[str] = "array"

    @classmethod
    def get(cls, count: int, element_type: Type, stride: int = 0) -> SpirvArrayType:
        """The array of `count` elements, with an `ArrayStride` unless it is 0."""
        return cls.unique((count, element_type, stride))

    @property
    def count(self) -> int:
        """The number of elements (`getNumElements`)."""
        return cast(int, self.params[0])

    @property
    def element_type(self) -> Type:
        """The type of the elements (`getElementType`)."""
        return cast(Type, self.params[1])

    @property
    def stride(self) -> int:
        """The `ArrayStride` decoration, 0 when there is none (`getArrayStride`)."""
        return cast(int, self.params[2])

    @classmethod
    def parse(cls, p: AsmParser) -> SpirvArrayType:
        """Read `<N x element[, stride=K]>`."""
        p.expect("<")
        pos, dims = _dimensions(p)
        if len(dims) != 1:
            p.error_at(pos, "expected single integer for array element count")
        if dims[0] == 0:
            p.error_at(pos, "expected array length greater than 0")
        element = _composable(p)
        stride = _optional_stride(p)
        p.expect(">")
        return cls.get(dims[0], element, stride)

    def params_text(self, p: AsmPrinter) -> str:
        element = p.type_text(self.element_type)
        return f"<{self.count} x {element}{_stride_text(self.stride)}>"


class SpirvRuntimeArrayType(_SpirvType):
    """`!spirv.rtarray<element[, stride=K]>` (`spirv::RuntimeArrayType`)."""

    __slots__ = ()

    MNEMONIC: ClassVar[str] = "rtarray"

    @classmethod
    def get(cls, element_type: Type, stride: int = 0) -> SpirvRuntimeArrayType:
        """The runtime array of `element_type`, with an `ArrayStride` unless it is 0."""
        return cls.unique((element_type, stride))

    @property
    def element_type(self) -> Type:
        """The type of the elements (`getElementType`)."""
        return cast(Type, self.params[0])

    @property
    def stride(self) -> int:
        """The `ArrayStride` decoration, 0 when there is none (`getArrayStride`)."""
        return cast(int, self.params[1])

    @classmethod
    def parse(cls, p: AsmParser) -> SpirvRuntimeArrayType:
        """Read `<element[, stride=K]>`."""
        p.expect("<")
        element = _composable(p)
        stride = _optional_stride(p)
        p.expect(">")
        return cls.get(element, stride)

    def params_text(self, p: AsmPrinter) -> str:
        return f"<{p.type_text(self.element_type)}{_stride_text(self.stride)}>"


class SpirvCooperativeMatrixType(_SpirvType):
    """`!spirv.coopmatrix<RxCxelement, Scope, Use>` (`spirv::CooperativeMatrixType`)."""

    __slots__ = ()

    MNEMONIC: ClassVar[str] = "coopmatrix"

    @classmethod
    def get(
        cls, rows: int, columns: int, element_type: Type, scope: int, use: int
    ) -> SpirvCooperativeMatrixType:
        """The cooperative matrix of these sizes, element type, scope and use."""
        return cls.unique((rows, columns, element_type, scope, use))

    @property
    def rows(self) -> int:
        """The number of rows (`getRows`)."""
        return cast(int, self.params[0])

    @property
    def columns(self) -> int:
        """The number of columns (`getColumns`)."""
        return cast(int, self.params[1])

    @property
    def element_type(self) -> Type:
        """The type of the elements (`getElementType`)."""
        return cast(Type, self.params[2])

    @property
    def scope(self) -> int:
        """The scope's value (`getScope`)."""
        return cast(int, self.params[3])

    @property
    def use(self) -> int:
        """The use's value (`getUse`)."""
        return cast(int, self.params[4])

    @classmethod
    def parse(cls, p: AsmParser) -> SpirvCooperativeMatrixType:
        """Read `<RxCxelement, Scope, Use>`."""
        p.expect("<")
        pos, dims = _dimensions(p)
        if len(dims) != 2:
            p.error_at(pos, "expected row and column count")
        element = _composable(p)
        p.expect(",")
        scope = _enum_keyword(p, SCOPES, "invalid scope <id> attribute specification: {}")
        p.expect(",")
        use = _enum_keyword(p, MATRIX_USES, "invalid use <id> attribute specification: {}")
        p.expect(">")
        return cls.get(dims[0], dims[1], element, scope, use)

    def params_text(self, p: AsmPrinter) -> str:
        scope = _name_of(SCOPES, self.scope)
        use = _name_of(MATRIX_USES, self.use)
        element = p.type_text(self.element_type)
        return f"<{self.rows}x{self.columns}x{element}, {scope}, {use}>"


class SpirvMatrixType(_SpirvType):
    """`!spirv.matrix<N x vector<MxF>>` (`spirv::MatrixType`): N columns."""

    __slots__ = ()

    MNEMONIC: ClassVar[str] = "matrix"

    @classmethod
    def get(cls, columns: int, column_type: Type) -> SpirvMatrixType:
        """The matrix of `columns` columns of `column_type` (a vector of floats)."""
        return cls.unique((columns, column_type))

    @property
    def columns(self) -> int:
        """The number of columns (`getNumColumns`)."""
        return cast(int, self.params[0])

    @property
    def column_type(self) -> Type:
        """The type of a column (`getColumnType`)."""
        return cast(Type, self.params[1])

    @property
    def element_type(self) -> Type:
        """The type of the elements (`getElementType`)."""
        column = self.column_type
        assert isinstance(column, VectorType)
        return column.element_type

    @classmethod
    def parse(cls, p: AsmParser) -> SpirvMatrixType:
        """Read `<N x vector<MxF>>`."""
        p.expect("<")
        pos, dims = _dimensions(p)
        if len(dims) != 1:
            p.error_at(pos, "expected single unsigned integer for number of columns")
        if not 2 <= dims[0] <= 4:
            p.error_at(pos, "matrix is expected to have 2, 3, or 4 columns")
        type_pos = p.current_pos()
        column = p.parse_type()
        if not isinstance(column, VectorType):
            p.error_at(type_pos, f"matrix must be composed using vector type, got '{column}'")
        if len(column.shape) != 1:
            p.error_at(type_pos, f"only 1-D vector allowed but found '{column}'")
        if not 2 <= column.shape[0] <= 4:
            p.error_at(
                type_pos,
                "matrix columns size has to be less than or equal to 4 and greater than or "
                f"equal 2, but found {column.shape[0]}",
            )
        if not isinstance(column.element_type, FloatType):
            p.error_at(
                type_pos,
                f"matrix columns' elements must be of Float type, got '{column.element_type}'",
            )
        p.expect(">")
        return cls.get(dims[0], column)

    def params_text(self, p: AsmPrinter) -> str:
        return f"<{self.columns} x {p.type_text(self.column_type)}>"


#: The parameters of `!spirv.image` after its element type: (cases, getter name).
_IMAGE_ENUMS = (DIMS, DEPTHS, ARRAYED, SAMPLINGS, SAMPLER_USES, IMAGE_FORMATS)


class SpirvImageType(_SpirvType):
    """`!spirv.image<element, Dim, Depth, Arrayed, Sampling, SamplerUse, Format>`
    (`spirv::ImageType`)."""

    __slots__ = ()

    MNEMONIC: ClassVar[str] = "image"

    @classmethod
    def get(
        cls,
        element_type: Type,
        dim: int,
        depth: int,
        arrayed: int,
        sampling: int,
        sampler_use: int,
        image_format: int,
    ) -> SpirvImageType:
        """The image type of these parameters (enum parameters by value)."""
        return cls.unique((element_type, dim, depth, arrayed, sampling, sampler_use, image_format))

    @property
    def element_type(self) -> Type:
        """The sampled type (`getElementType`)."""
        return cast(Type, self.params[0])

    @property
    def dim(self) -> int:
        """The `Dim` case's value (`getDim`)."""
        return cast(int, self.params[1])

    @property
    def depth(self) -> int:
        """The `ImageDepthInfo` case's value (`getDepthInfo`)."""
        return cast(int, self.params[2])

    @property
    def arrayed(self) -> int:
        """The `ImageArrayedInfo` case's value (`getArrayedInfo`)."""
        return cast(int, self.params[3])

    @property
    def sampling(self) -> int:
        """The `ImageSamplingInfo` case's value (`getSamplingInfo`)."""
        return cast(int, self.params[4])

    @property
    def sampler_use(self) -> int:
        """The `ImageSamplerUseInfo` case's value (`getSamplerUseInfo`)."""
        return cast(int, self.params[5])

    @property
    def image_format(self) -> int:
        """The `ImageFormat` case's value (`getImageFormat`)."""
        return cast(int, self.params[6])

    @classmethod
    def parse(cls, p: AsmParser) -> SpirvImageType:
        """Read `<element, Dim, Depth, Arrayed, Sampling, SamplerUse, Format>`."""
        p.expect("<")
        element = _composable(p)
        values: list[int] = []
        for cases in _IMAGE_ENUMS:
            p.expect(",")
            values.append(_enum_keyword(p, cases, "unknown attribute: '{}'"))
        p.expect(">")
        # Spelled out: a compiled classmethod takes no star-arguments from a list.
        dim, depth, arrayed, sampling, sampler_use, image_format = values
        return cls.get(element, dim, depth, arrayed, sampling, sampler_use, image_format)

    def params_text(self, p: AsmPrinter) -> str:
        words = [
            _name_of(cases, value)
            for cases, value in zip(_IMAGE_ENUMS, self.params[1:], strict=True)
            if isinstance(value, int)
        ]
        return f"<{p.type_text(self.element_type)}, {', '.join(words)}>"


class SpirvSampledImageType(_SpirvType):
    """`!spirv.sampled_image<!spirv.image<...>>` (`spirv::SampledImageType`)."""

    __slots__ = ()

    MNEMONIC: ClassVar[str] = "sampled_image"

    @classmethod
    def get(cls, image_type: SpirvImageType) -> SpirvSampledImageType:
        """The sampled image of `image_type`."""
        return cls.unique((image_type,))

    @property
    def image_type(self) -> SpirvImageType:
        """The image type (`getImageType`)."""
        return cast(SpirvImageType, self.params[0])

    @classmethod
    def parse(cls, p: AsmParser) -> SpirvSampledImageType:
        """Read `<!spirv.image<...>>`."""
        p.expect("<")
        pos = p.current_pos()
        image = p.parse_type()
        if not isinstance(image, SpirvImageType):
            p.error_at(pos, f"sampled image must be composed using image type, got '{image}'")
        p.expect(">")
        return cls.get(image)

    def params_text(self, p: AsmPrinter) -> str:
        return f"<{p.type_text(self.image_type)}>"


class SpirvTensorArmType(_SpirvType):
    """`!spirv.arm.tensor<2x3xf32>`, `<?x?xf32>` or `<*xf32>` (`spirv::TensorArmType`):
    a tensor of SPIR-V's Arm extension, of static or fully dynamic shape, or unranked.

    Parameters: the shape (`DYNAMIC` for `?`), None when unranked; the element type.
    """

    __slots__ = ()

    MNEMONIC: ClassVar[str] = "arm.tensor"

    @classmethod
    def get(cls, shape: tuple[int, ...] | None, element_type: Type) -> SpirvTensorArmType:
        """The tensor of this shape (None: unranked) and element type."""
        return cls.unique((shape, element_type))

    @property
    def shape(self) -> tuple[int, ...] | None:
        """The dimensions, `DYNAMIC` for `?`; None when unranked (`getShape`)."""
        return cast("tuple[int, ...] | None", self.params[0])

    @property
    def element_type(self) -> Type:
        """The type of the elements (`getElementType`)."""
        return cast(Type, self.params[1])

    @classmethod
    def parse(cls, p: AsmParser) -> SpirvTensorArmType:
        """Read `<2x3xf32>`, `<?x?xf32>` or `<*xf32>`."""
        p.expect("<")
        pos = p.current_pos()
        shape: tuple[int, ...] | None = None
        if p.consume_if("*"):
            p.expect("x", "expected 'x' in dimension list")
        else:
            shape, _ = _parser(p).parse_dimensions(True, False)
            if not shape:
                p.error_at(pos, "arm.tensors do not support rank zero")
            if 0 in shape:
                p.error_at(pos, "arm.tensors do not support zero dimensions")
            if DYNAMIC in shape and any(d != DYNAMIC for d in shape):
                p.error_at(
                    pos,
                    "arm.tensor shape dimensions must be either fully dynamic or completed shaped",
                )
        element = _composable(p)
        p.expect(">")
        return cls.get(shape, element)

    def params_text(self, p: AsmPrinter) -> str:
        shape = self.shape
        dims = "*" if shape is None else "x".join("?" if d == DYNAMIC else str(d) for d in shape)
        return f"<{dims}x{p.type_text(self.element_type)}>"


#: A decoration of a struct or of one of its members: (case value, its value or None).
_Decoration = tuple[int, int | None]


def _decoration_text(decoration: _Decoration) -> str:
    name = _name_of(DECORATIONS, decoration[0])
    return name if decoration[1] is None else f"{name}={decoration[1]}"


def _parse_decoration(p: AsmParser) -> _Decoration:
    pos = p.current_pos()
    word = p.parse_keyword()
    value = DECORATIONS.get(word)
    if value is None:
        p.error_at(pos, f"unknown attribute: '{word}'")
    if p.consume_if("="):
        return value, p.parse_integer()
    return value, None


#: The identifiers of the identified structs being read, outermost first: a
#: reference to one of them (`!spirv.struct<A>` inside `A`'s body) is recursive.
_DEFINING: list[str] = []


class SpirvStructType(_SpirvType):
    """`!spirv.struct<(member [offset, decorations], ...)[, decorations]>`, or an
    identified one, `!spirv.struct<name, (...)>` (`spirv::StructType`).

    Parameters: the identifier ("" for a literal struct); the member types; each
    member's offset (None when the struct has no layout); each member's
    decorations; the struct's decorations. Inside its own body, an identified struct
    is referred to as `!spirv.struct<name>`: that reference is a struct of the same
    identifier whose members are None.
    """

    __slots__ = ()

    MNEMONIC: ClassVar[str] = "struct"

    @classmethod
    def get(
        cls,
        members: tuple[Type, ...],
        offsets: tuple[int | None, ...] | None = None,
        member_decorations: tuple[tuple[_Decoration, ...], ...] | None = None,
        decorations: tuple[_Decoration, ...] = (),
        identifier: str = "",
    ) -> SpirvStructType:
        """The struct of `members`, with their layout and decorations, identified by
        `identifier` unless it is empty."""
        n = len(members)
        return cls.unique(
            (
                identifier,
                members,
                offsets if offsets is not None else (None,) * n,
                member_decorations if member_decorations is not None else ((),) * n,
                decorations,
            )
        )

    @classmethod
    def reference(cls, identifier: str) -> SpirvStructType:
        """The recursive reference to the identified struct `identifier`."""
        return cls.unique((identifier, None, None, None, ()))

    @property
    def identifier(self) -> str:
        """The identifier, "" for a literal struct (`getIdentifier`)."""
        return cast(str, self.params[0])

    @property
    def is_reference(self) -> bool:
        """Whether this is a reference to an enclosing identified struct."""
        return self.params[1] is None

    @property
    def members(self) -> tuple[Type, ...]:
        """The member types (`getElementTypes`); none for a reference."""
        return cast("tuple[Type, ...]", self.params[1] or ())

    @property
    def offsets(self) -> tuple[int | None, ...]:
        """Each member's offset, None without a layout (`getMemberOffset`)."""
        return cast("tuple[int | None, ...]", self.params[2] or ())

    @property
    def member_decorations(self) -> tuple[tuple[_Decoration, ...], ...]:
        """Each member's decorations (`getMemberDecorations`)."""
        return cast("tuple[tuple[_Decoration, ...], ...]", self.params[3] or ())

    @property
    def decorations(self) -> tuple[_Decoration, ...]:
        """The struct's own decorations (`getStructDecorations`)."""
        return cast("tuple[_Decoration, ...]", self.params[4])

    @classmethod
    def parse(cls, p: AsmParser) -> SpirvStructType:
        """Read `<[name, ](member [offset, decoration, ...], ...)[, decoration...]>`,
        or `<name>` inside the body of the struct `name`."""
        # Errors of the whole struct point at its mnemonic.
        start = SourcePos(p.current_pos() - len(cls.MNEMONIC))
        p.expect("<")
        identifier = p.parse_optional_keyword() or ""
        if identifier:
            if p.consume_if(">"):
                if identifier not in _DEFINING:
                    p.error_at(start, "recursive struct reference not nested in struct definition")
                return cls.reference(identifier)
            p.expect(",")
            if identifier in _DEFINING:
                p.error_at(start, "identifier already used for an enclosing struct")
            _DEFINING.append(identifier)
        try:
            return cls._parse_body(p, start, identifier)
        finally:
            if identifier:
                _DEFINING.pop()

    @classmethod
    def _parse_body(cls, p: AsmParser, start: SourcePos, identifier: str) -> SpirvStructType:
        p.expect("(")
        members: list[Type] = []
        offsets: list[int | None] = []
        decorations: list[tuple[_Decoration, ...]] = []
        if not p.consume_if(")"):
            while True:
                members.append(_composable(p))
                offset: int | None = None
                member: list[_Decoration] = []
                if p.consume_if("["):
                    offset = p.parse_optional_integer()
                    if offset is None or p.consume_if(","):
                        while True:
                            member.append(_parse_decoration(p))
                            if not p.consume_if(","):
                                break
                    p.expect("]")
                offsets.append(offset)
                decorations.append(tuple(sorted(member)))
                if not p.consume_if(","):
                    break
            p.expect(")")
        if any(o is None for o in offsets) and any(o is not None for o in offsets):
            p.error_at(start, "offset specification must be given for all members")
        own: list[_Decoration] = []
        while p.consume_if(","):
            own.append(_parse_decoration(p))
        p.expect(">")
        return cls.get(tuple(members), tuple(offsets), tuple(decorations), tuple(own), identifier)

    def params_text(self, p: AsmPrinter) -> str:
        name = self.identifier
        if self.is_reference:
            return f"<{name}>"
        parts = []
        for member, offset, decorations in zip(
            self.members, self.offsets, self.member_decorations, strict=True
        ):
            info = ([str(offset)] if offset is not None else []) + [
                _decoration_text(d) for d in decorations
            ]
            text = p.type_text(member)
            parts.append(f"{text} [{', '.join(info)}]" if info else text)
        own = "".join(", " + _decoration_text(d) for d in self.decorations)
        prefix = f"{name}, " if name else ""
        return f"<{prefix}({', '.join(parts)}){own}>"


# -- the version, capabilities and extensions a module needs -------------------------

VERSIONS = ("v1.0", "v1.1", "v1.2", "v1.3", "v1.4", "v1.5", "v1.6")

CAPABILITIES: frozenset[str] = frozenset(
    (
        "Matrix", "Addresses", "Linkage", "Kernel", "Float16", "Float64", "Int64",
        "Groups", "Int16", "Int8", "Sampled1D", "SampledBuffer", "GroupNonUniform",
        "ShaderLayer", "ShaderViewportIndex", "UniformDecoration", "SubgroupBallotKHR",
        "SubgroupVoteKHR", "StorageBuffer16BitAccess", "StoragePushConstant16",
        "StorageInputOutput16", "DeviceGroup", "AtomicStorageOps",
        "SampleMaskPostDepthCoverage", "StorageBuffer8BitAccess",
        "StoragePushConstant8", "DenormPreserve", "DenormFlushToZero",
        "SignedZeroInfNanPreserve", "RoundingModeRTE", "RoundingModeRTZ",
        "ImageFootprintNV", "FragmentBarycentricKHR", "MeshShadingEXT",
        "ComputeDerivativeGroupQuadsNV", "GroupNonUniformPartitionedNV",
        "VulkanMemoryModel", "VulkanMemoryModelDeviceScope",
        "ComputeDerivativeGroupLinearNV", "BindlessTextureNV", "SubgroupShuffleINTEL",
        "SubgroupBufferBlockIOINTEL", "SubgroupImageBlockIOINTEL",
        "SubgroupImageMediaBlockIOINTEL", "RoundToInfinityINTEL",
        "FloatingPointModeINTEL", "FunctionPointersINTEL", "IndirectReferencesINTEL",
        "AsmINTEL", "AtomicFloat32MinMaxEXT", "AtomicFloat64MinMaxEXT",
        "AtomicFloat16MinMaxEXT", "VectorAnyINTEL", "ExpectAssumeKHR",
        "SubgroupAvcMotionEstimationINTEL", "SubgroupAvcMotionEstimationIntraINTEL",
        "SubgroupAvcMotionEstimationChromaINTEL", "VariableLengthArrayINTEL",
        "FunctionFloatControlINTEL", "FPGAMemoryAttributesINTEL",
        "ArbitraryPrecisionIntegersINTEL", "ArbitraryPrecisionFloatingPointINTEL",
        "UnstructuredLoopControlsINTEL", "FPGALoopControlsINTEL",
        "KernelAttributesINTEL", "FPGAKernelAttributesINTEL", "FPGAMemoryAccessesINTEL",
        "FPGAClusterAttributesINTEL", "LoopFuseINTEL", "MemoryAccessAliasingINTEL",
        "FPGABufferLocationINTEL", "ArbitraryPrecisionFixedPointINTEL",
        "USMStorageClassesINTEL", "IOPipesINTEL", "BlockingPipesALTERA", "FPGARegINTEL",
        "DotProductInputAll", "DotProductInput4x8BitPacked", "DotProduct",
        "RayCullMaskKHR", "CooperativeMatrixKHR", "ReplicatedCompositesEXT",
        "BitInstructions", "AtomicFloat32AddEXT", "AtomicFloat64AddEXT",
        "LongConstantCompositeINTEL", "OptNoneINTEL", "AtomicFloat16AddEXT",
        "DebugInfoModuleINTEL", "SplitBarrierINTEL", "GroupUniformArithmeticKHR",
        "Shader", "Vector16", "Float16Buffer", "Int64Atomics", "ImageBasic", "Pipes",
        "DeviceEnqueue", "LiteralSampler", "GenericPointer", "Image1D", "ImageBuffer",
        "NamedBarrier", "GroupNonUniformVote", "GroupNonUniformArithmetic",
        "GroupNonUniformBallot", "GroupNonUniformShuffle",
        "GroupNonUniformShuffleRelative", "GroupNonUniformClustered",
        "GroupNonUniformQuad", "StorageUniform16", "UniformAndStorageBuffer8BitAccess",
        "UniformTexelBufferArrayDynamicIndexing", "VectorComputeINTEL",
        "FPFastMathModeINTEL", "DotProductInput4x8Bit", "GroupNonUniformRotateKHR",
        "Geometry", "Tessellation", "ImageReadWrite", "ImageMipmap", "AtomicStorage",
        "ImageGatherExtended", "StorageImageMultisample",
        "UniformBufferArrayDynamicIndexing", "SampledImageArrayDynamicIndexing",
        "StorageBufferArrayDynamicIndexing", "StorageImageArrayDynamicIndexing",
        "ClipDistance", "CullDistance", "SampleRateShading", "SampledRect",
        "InputAttachment", "SparseResidency", "MinLod", "SampledCubeArray",
        "ImageMSArray", "StorageImageExtendedFormats", "ImageQuery",
        "DerivativeControl", "InterpolationFunction", "TransformFeedback",
        "StorageImageReadWithoutFormat", "StorageImageWriteWithoutFormat",
        "SubgroupDispatch", "PipeStorage", "FragmentShadingRateKHR", "DrawParameters",
        "WorkgroupMemoryExplicitLayoutKHR",
        "WorkgroupMemoryExplicitLayout16BitAccessKHR", "MultiView",
        "VariablePointersStorageBuffer", "RayQueryProvisionalKHR", "RayQueryKHR",
        "RayTracingKHR", "Float16ImageAMD", "ImageGatherBiasLodAMD", "FragmentMaskAMD",
        "StencilExportEXT", "ImageReadWriteLodAMD", "Int64ImageEXT", "ShaderClockKHR",
        "FragmentFullyCoveredEXT", "FragmentDensityEXT", "ShaderNonUniform",
        "RuntimeDescriptorArray", "StorageTexelBufferArrayDynamicIndexing",
        "RayTracingNV", "RayTracingMotionBlurNV", "PhysicalStorageBufferAddresses",
        "RayTracingProvisionalKHR", "FragmentShaderSampleInterlockEXT",
        "FragmentShaderShadingRateInterlockEXT", "ShaderSMBuiltinsNV",
        "FragmentShaderPixelInterlockEXT", "DemoteToHelperInvocation",
        "IntegerFunctions2INTEL", "TessellationPointSize", "GeometryPointSize",
        "ImageCubeArray", "ImageRect", "GeometryStreams", "MultiViewport", "TensorsARM",
        "StorageTensorArrayDynamicIndexingEXT",
        "StorageTensorArrayNonUniformIndexingEXT", "GraphARM",
        "WorkgroupMemoryExplicitLayout8BitAccessKHR", "VariablePointers",
        "RayTraversalPrimitiveCullingKHR", "SampleMaskOverrideCoverageNV",
        "GeometryShaderPassthroughNV", "PerViewAttributesNV",
        "InputAttachmentArrayDynamicIndexing", "UniformBufferArrayNonUniformIndexing",
        "SampledImageArrayNonUniformIndexing", "StorageBufferArrayNonUniformIndexing",
        "StorageImageArrayNonUniformIndexing", "InputAttachmentArrayNonUniformIndexing",
        "UniformTexelBufferArrayNonUniformIndexing",
        "StorageTexelBufferArrayNonUniformIndexing", "ShaderViewportIndexLayerEXT",
        "ShaderViewportMaskNV", "ShaderStereoViewNV", "Bfloat16ConversionINTEL",
        "CacheControlsINTEL", "BFloat16TypeKHR", "BFloat16DotProductKHR",
        "BFloat16CooperativeMatrixKHR", "TensorFloat32RoundingINTEL"
    )
)  # fmt: skip
EXTENSIONS: frozenset[str] = frozenset(
    (
        "SPV_KHR_16bit_storage", "SPV_KHR_8bit_storage", "SPV_KHR_device_group",
        "SPV_KHR_float_controls", "SPV_KHR_physical_storage_buffer",
        "SPV_KHR_multiview", "SPV_KHR_no_integer_wrap_decoration",
        "SPV_KHR_post_depth_coverage", "SPV_KHR_shader_atomic_counter_ops",
        "SPV_KHR_shader_ballot", "SPV_KHR_shader_clock",
        "SPV_KHR_shader_draw_parameters", "SPV_KHR_storage_buffer_storage_class",
        "SPV_KHR_subgroup_vote", "SPV_KHR_variable_pointers",
        "SPV_KHR_vulkan_memory_model", "SPV_KHR_expect_assume",
        "SPV_KHR_integer_dot_product", "SPV_KHR_bit_instructions",
        "SPV_KHR_fragment_shading_rate", "SPV_KHR_workgroup_memory_explicit_layout",
        "SPV_KHR_ray_query", "SPV_KHR_ray_tracing",
        "SPV_KHR_subgroup_uniform_control_flow", "SPV_KHR_linkonce_odr",
        "SPV_KHR_fragment_shader_barycentric", "SPV_KHR_ray_cull_mask",
        "SPV_KHR_uniform_group_instructions", "SPV_KHR_subgroup_rotate",
        "SPV_KHR_non_semantic_info", "SPV_KHR_terminate_invocation",
        "SPV_KHR_cooperative_matrix", "SPV_KHR_bfloat16",
        "SPV_EXT_demote_to_helper_invocation", "SPV_EXT_descriptor_indexing",
        "SPV_EXT_fragment_fully_covered", "SPV_EXT_fragment_invocation_density",
        "SPV_EXT_fragment_shader_interlock", "SPV_EXT_physical_storage_buffer",
        "SPV_EXT_shader_stencil_export", "SPV_EXT_shader_viewport_index_layer",
        "SPV_EXT_shader_atomic_float_add", "SPV_EXT_shader_atomic_float_min_max",
        "SPV_EXT_shader_image_int64", "SPV_EXT_shader_atomic_float16_add",
        "SPV_EXT_mesh_shader", "SPV_EXT_replicated_composites", "SPV_ARM_tensors",
        "SPV_ARM_graph", "SPV_AMD_gpu_shader_half_float_fetch", "SPV_AMD_shader_ballot",
        "SPV_AMD_shader_explicit_vertex_parameter", "SPV_AMD_shader_fragment_mask",
        "SPV_AMD_shader_image_load_store_lod", "SPV_AMD_texture_gather_bias_lod",
        "SPV_AMD_shader_early_and_late_fragment_tests", "SPV_GOOGLE_decorate_string",
        "SPV_GOOGLE_hlsl_functionality1", "SPV_GOOGLE_user_type",
        "SPV_INTEL_device_side_avc_motion_estimation", "SPV_INTEL_media_block_io",
        "SPV_INTEL_shader_integer_functions2", "SPV_INTEL_subgroups",
        "SPV_INTEL_vector_compute", "SPV_INTEL_float_controls2",
        "SPV_INTEL_function_pointers", "SPV_INTEL_inline_assembly",
        "SPV_INTEL_variable_length_array", "SPV_INTEL_fpga_memory_attributes",
        "SPV_INTEL_unstructured_loop_controls", "SPV_INTEL_fpga_loop_controls",
        "SPV_INTEL_arbitrary_precision_integers",
        "SPV_INTEL_arbitrary_precision_floating_point", "SPV_INTEL_kernel_attributes",
        "SPV_INTEL_fpga_memory_accesses", "SPV_INTEL_fpga_cluster_attributes",
        "SPV_INTEL_loop_fuse", "SPV_INTEL_fpga_buffer_location",
        "SPV_INTEL_arbitrary_precision_fixed_point", "SPV_INTEL_usm_storage_classes",
        "SPV_INTEL_io_pipes", "SPV_ALTERA_blocking_pipes", "SPV_INTEL_fpga_reg",
        "SPV_INTEL_long_constant_composite", "SPV_INTEL_optnone",
        "SPV_INTEL_debug_module", "SPV_INTEL_fp_fast_math_mode",
        "SPV_INTEL_memory_access_aliasing", "SPV_INTEL_split_barrier",
        "SPV_INTEL_bfloat16_conversion", "SPV_INTEL_cache_controls",
        "SPV_INTEL_tensor_float32_conversion", "SPV_NV_compute_shader_derivatives",
        "SPV_NV_cooperative_matrix", "SPV_NV_fragment_shader_barycentric",
        "SPV_NV_geometry_shader_passthrough", "SPV_NV_ray_tracing",
        "SPV_NV_sample_mask_override_coverage", "SPV_NV_shader_image_footprint",
        "SPV_NV_shader_sm_builtins", "SPV_NV_shader_subgroup_partitioned",
        "SPV_NV_shading_rate", "SPV_NV_stereo_view_rendering", "SPV_NV_viewport_array2",
        "SPV_NV_bindless_texture", "SPV_NV_ray_tracing_motion_blur",
        "SPV_NVX_multiview_per_view_attributes"
    )
)  # fmt: skip


def _keyword_list(p: AsmParser, known: frozenset[str], what: str) -> tuple[str, ...]:
    """`[word, ...]` of known words; `unknown <what>: <word>` at an unknown one."""
    p.expect("[")
    words: list[str] = []
    if p.consume_if("]"):
        return ()
    while True:
        pos = p.current_pos()
        word = p.parse_keyword()
        if word not in known:
            p.error_at(pos, f"unknown {what}: {word}")
        words.append(word)
        if not p.consume_if(","):
            break
    p.expect("]")
    return tuple(words)


class SpirvVerCapExtAttr(ParametricAttr):
    """`#spirv.vce<v1.0, [Shader, ...], [SPV_KHR_..., ...]>` (`spirv::VerCapExtAttr`):
    the version, capabilities and extensions a SPIR-V module needs, in the order
    written (cases are kept by name; each name is one SPIR-V enum case)."""

    __slots__ = ()

    DIALECT: ClassVar[str] = "spirv"
    MNEMONIC: ClassVar[str] = "vce"

    @classmethod
    def get(
        cls, version: str, capabilities: tuple[str, ...], extensions: tuple[str, ...]
    ) -> SpirvVerCapExtAttr:
        """The triple of this version (`v1.0`...), capabilities and extensions."""
        return cls.unique((version, capabilities, extensions))

    @property
    def version(self) -> str:
        """The version, as written (`getVersion`)."""
        return cast(str, self.params[0])

    @property
    def capabilities(self) -> tuple[str, ...]:
        """The capabilities' names (`getCapabilities`)."""
        return cast("tuple[str, ...]", self.params[1])

    @property
    def extensions(self) -> tuple[str, ...]:
        """The extensions' names (`getExtensions`)."""
        return cast("tuple[str, ...]", self.params[2])

    @classmethod
    def parse(cls, p: AsmParser) -> SpirvVerCapExtAttr:
        """Read `<version, [capabilities], [extensions]>`."""
        p.expect("<")
        pos = p.current_pos()
        version = p.parse_keyword()
        p.expect(",")
        if version not in VERSIONS:
            p.error_at(pos, f"unknown version: {version}")
        capabilities = _keyword_list(p, CAPABILITIES, "capability")
        p.expect(",")
        extensions = _keyword_list(p, EXTENSIONS, "extension")
        p.expect(">")
        return cls.get(version, capabilities, extensions)

    def print_params(self) -> str:
        return f"<{self.version}, [{', '.join(self.capabilities)}], [{', '.join(self.extensions)}]>"


#: The SPIR-V dialect's C++ attributes, which a context adds to the `spirv` dialect.
ATTRIBUTES: tuple[type[Attribute], ...] = (SpirvVerCapExtAttr,)

#: The SPIR-V dialect's C++ types, which a context adds to the `spirv` dialect.
TYPES: tuple[type[Type], ...] = (
    SpirvPointerType,
    SpirvArrayType,
    SpirvRuntimeArrayType,
    SpirvCooperativeMatrixType,
    SpirvMatrixType,
    SpirvImageType,
    SpirvSampledImageType,
    SpirvStructType,
    SpirvTensorArmType,
)


def unknown_type_message(mnemonic: str) -> str:
    """The SPIR-V dialect's parse error for `!spirv.<mnemonic>` it does not define."""
    return f"unknown SPIR-V type: {mnemonic}"


# -- helper predicates of the ops --------------------------------------------------


def spirv_is_module_like(op: Operation | None) -> bool:
    """Whether `op` is a symbol table (a module-like op), the parent SPIR-V's global
    ops must appear directly in (`isDirectInModuleLikeOp`)."""
    return op is not None and op.has_trait(SymbolTable)


def spirv_is_in_function(op: Operation | None) -> bool:
    """Whether `op` is, or is nested in, a function before any symbol table encloses
    it: where SPIR-V's function-local ops may appear (`isNestedInFunctionOpInterface`)."""
    while op is not None:
        if op.has_trait(SymbolTable):
            return False
        if isinstance(op, FunctionOpInterface):
            return True
        op = op.parent_op
    return False


def spirv_bool_result_type(t: Type) -> Type:
    """The result type of a SPIR-V comparison of operands of type `t`: `i1`, or a
    vector of `i1` of as many elements for a vector (`getUnaryOpResultType`)."""
    i1 = IntegerType.get(1)
    if isinstance(t, VectorType):
        return VectorType.get((t.num_elements,), i1)
    return i1
