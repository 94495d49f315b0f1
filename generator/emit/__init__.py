"""The emitters: everything `odsgen generate` writes into `generated/`.

One backend per artifact: `ops` (op classes), `enums` and `attrs` (enums and enum
attributes), `package` (package `__init__` files), `docs` (LangRef pages),
`schema` (the JSON Schema of the YAML form). `build.generate` runs them over every
spec in `opdefs/`, incrementally, and `writer.write_tree` checks or writes the
result all at once.
"""

from __future__ import annotations

from generator.emit.writer import OutputFile, WriteReport, write_tree

__all__ = ["OutputFile", "WriteReport", "write_tree"]
