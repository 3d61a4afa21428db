"""Validates a JSON document against one of the schemas in docs/schemas, with Python's jsonschema.

usage: validate_json.py SCHEMA-DIR SCHEMA-FILE DOCUMENT-FILE

Every *.schema.json in SCHEMA-DIR is checked as a Draft 2020-12 schema and registered by its $id,
so that schemas can refer to each other. Prints one JSON object: {"valid": bool, "errors": [...]},
each error with the path of the offending value and the message.
"""
import json, pathlib, sys

import jsonschema
from referencing import Registry, Resource

schema_dir, schema_file, document_file = sys.argv[1:4]
resources = []
for path in sorted(pathlib.Path(schema_dir).glob("*.schema.json")):
    schema = json.loads(path.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    resources.append((schema["$id"], Resource.from_contents(schema)))
registry = Registry().with_resources(resources)
schema = json.loads(pathlib.Path(schema_file).read_text())
document = json.loads(pathlib.Path(document_file).read_text())
validator = jsonschema.Draft202012Validator(schema, registry=registry)
errors = [
    {"path": "/".join(str(p) for p in error.absolute_path), "message": error.message[:300]}
    for error in sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
]
json.dump({"valid": not errors, "errors": errors[:20]}, sys.stdout)
