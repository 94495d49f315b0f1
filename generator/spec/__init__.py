"""The spec layer: the op-definition model and its front ends.

`model.py` and `constraints.py` hold the pydantic model of a dialect spec;
`from_yaml.py` reads the YAML spelling into it, `validate.py` runs the
cross-object checks, and `schema.py` derives the JSON Schema of the YAML form.
"""
