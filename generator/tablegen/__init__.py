"""The TableGen front end: parsing `.td` files and evaluating them into records.

It knows nothing of ODS; `generator.spec` reads ODS meaning out of the records.
"""

from __future__ import annotations

from generator.tablegen.evaluator import RecordKeeper, load_records
from generator.tablegen.json_dump import dump_json
from generator.tablegen.parser import TableGenError

__all__ = ["RecordKeeper", "TableGenError", "dump_json", "load_records"]
