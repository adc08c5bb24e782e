"""Prints the API reference of the mbstudio package (Markdown) from its docstrings: the part of
docs/python.md between the "API reference" markers (python/tests/test_docs.py checks it is current).
Run: PYTHONPATH=build/python /usr/bin/python3 python/tools/api_reference.py [--update]
(--update writes it into docs/python.md)."""

import inspect

import mbstudio

FUNCTIONS = ["load", "load_study", "read_csv", "run_command_file"]
CLASSES = ["Model", "Entity", "EntityCollection", "Topology", "Results", "Study", "StudySummary", "CancelToken",
           "StepInfo", "MbstudioError", "ModelError", "LoadError", "ExportError", "StudyError", "AnalysisError",
           "Cancelled"]


def doc(obj):
    text = inspect.getdoc(obj) or ""
    return text.strip()


def signature(name, obj):
    try:
        return f"{name}{inspect.signature(obj)}"
    except (TypeError, ValueError):
        return name


def members(cls):
    out = []
    for name, member in cls.__dict__.items():
        if name.startswith("_") and name not in ("__getitem__", "__init__"):
            continue
        if name == "__init__" and cls.__module__ == "mbstudio._core":
            continue
        if isinstance(member, property):
            out.append((name, None, doc(member)))
        elif inspect.isfunction(member) or isinstance(member, (classmethod, staticmethod)):
            func = member.__func__ if isinstance(member, (classmethod, staticmethod)) else member
            out.append((name, signature(name, func).replace("(self, ", "(").replace("(self)", "()").replace("(cls, ", "("), doc(func)))
        elif type(member).__name__ in ("instancemethod", "builtin_function_or_method") or callable(member):
            out.append((name, name + "()", doc(member)))
        elif type(member).__name__ == "property" or hasattr(member, "__get__"):
            out.append((name, None, doc(member)))
    return out


def reference():
    lines = []
    for name in FUNCTIONS:
        obj = getattr(mbstudio, name)
        lines += [f"### `mbstudio.{signature(name, obj)}`", "", doc(obj), ""]
    for name in CLASSES:
        cls = getattr(mbstudio, name)
        lines += [f"### class `mbstudio.{name}`", ""]
        if doc(cls):
            lines += [doc(cls), ""]
        for member, sig, text in members(cls):
            if member == "__init__":
                continue
            head = f"- `{sig}`" if sig else f"- `{member}` (property)"
            if text.startswith(member + "("):  # pybind11 puts the signature first
                text = text.split("\n", 1)[1] if "\n" in text else ""
            body = " ".join(text.split())
            lines.append(head + (f": {body}" if body else ""))
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def update(doc_path):
    """Writes the reference between the markers of docs/python.md."""
    begin, end = "<!-- api-reference:begin -->", "<!-- api-reference:end -->"
    with open(doc_path, encoding="utf-8") as f:
        text = f.read()
    head, rest = text.split(begin, 1)
    tail = rest.split(end, 1)[1]
    with open(doc_path, "w", encoding="utf-8") as f:
        f.write(head + begin + "\n" + reference() + end + tail)


if __name__ == "__main__":
    import os
    import sys

    if "--update" in sys.argv:
        update(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "python.md"))
    else:
        print(reference(), end="")
