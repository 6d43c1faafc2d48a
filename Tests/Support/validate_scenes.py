#!/usr/bin/env python3
"""Judges scenes with a real JSON Schema validator (the `jsonschema` package, 4.x), for
Tests/CLITests/SchemaTests.swift, which decides what each verdict must be.

Usage: python3 validate_scenes.py SCHEMA < SCENES
SCENES is a JSON array of {"name": …, "text": the scene's JSON text}. Prints one JSON object:
  "validator": the validator class the schema's "$schema" picks (Draft202012Validator);
  "schemaProblems": what is wrong with the schema itself: not valid against its draft's metaschema, or a
      "pattern" that does not compile or uses a construct JavaScript editors (ECMA-262) reject;
  "verdicts": [{"name": …, "error": null when the scene is valid, else its first error}], in input order.
Exits 0 when it could judge; 2, with the reason on stderr, when it cannot (no jsonschema 4.x), so that the
test fails loudly instead of passing without judging.
"""

import json
import re
import sys

try:
    import jsonschema
    import jsonschema.validators
except ImportError:
    print("validate_scenes.py: the Python package jsonschema (4.x) is needed: scripts/install-deps.sh --test, "
          "or apt-get install python3-jsonschema", file=sys.stderr)
    sys.exit(2)

ECMA_UNSUPPORTED = [(r"\(\?[aiLmsux]", "an inline flag such as (?i)"), (r"\(\?P", "a Python named group"),
                    (r"\\[AZz]", "\\A, \\Z or \\z"), (r"\(\?#", "a comment group")]


def pattern_problems(node, where):
    """Every "pattern" below node that Python cannot compile or that ECMA-262 lacks a construct of."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "pattern" and isinstance(value, str):
                for construct, what in ECMA_UNSUPPORTED:
                    if re.search(construct, value):
                        yield f"{where}/pattern uses {what}, which JavaScript (ECMA-262) editors reject: {value}"
                try:
                    re.compile(value)
                except re.error as error:
                    yield f"{where}/pattern does not compile: {error}"
            else:
                yield from pattern_problems(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from pattern_problems(value, f"{where}/{index}")


def first_error(validator, value):
    """The error nearest the top of the scene; inside a oneOf, the deepest reason it gives."""
    errors = sorted(validator.iter_errors(value), key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path))))
    if not errors:
        return None
    best = errors[0]
    if best.context:
        best = max(best.context, key=lambda c: len(c.absolute_path))
    return f"{best.json_path}: {best.message[:200]}"


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    problems = []
    try:
        cls.check_schema(schema)
    except jsonschema.exceptions.SchemaError as error:
        problems.append(f"not a valid {cls.__name__} schema: {error.message}")
    problems += list(pattern_problems(schema, "#"))
    validator = cls(schema)
    verdicts = []
    for scene in json.load(sys.stdin):
        try:
            value = json.loads(scene["text"])
        except ValueError as error:
            verdicts.append({"name": scene["name"], "error": f"not JSON: {error}"})
            continue
        verdicts.append({"name": scene["name"], "error": first_error(validator, value)})
    json.dump({"validator": cls.__name__, "schemaProblems": problems, "verdicts": verdicts}, sys.stdout, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
