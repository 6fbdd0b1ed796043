"""Turning pydantic validation errors into one-line messages at a file position."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError

from cardgen.errors import CardgenError
from cardgen.fuzzy import did_you_mean
from cardgen.load.yaml import YamlDocument


def _clean_loc(loc: Sequence[str | int]) -> list[str | int]:
    """Drop pydantic's internal segments (union members, tagged-union tags, validators)."""
    cleaned: list[str | int] = []
    for part in loc:
        if isinstance(part, str) and (
            "[" in part or part in {"list", "dict", "str", "int", "function-after"}
        ):
            continue
        cleaned.append(part)
    return cleaned


def _allowed_keys(model: type[BaseModel] | None, loc: Sequence[str | int]) -> list[str]:
    """The keys the model accepts at the mapping that holds `loc`'s last key."""
    current: Any = model
    for part in loc[:-1]:
        if current is None or not isinstance(part, str):
            continue
        field = getattr(current, "model_fields", {}).get(part)
        if field is None:
            return []
        current = _model_in(field.annotation)
    return list(getattr(current, "model_fields", {})) if current is not None else []


def _model_in(annotation: Any) -> Any:
    """The first pydantic model inside an annotation such as `list[X] | None`."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()) or ():
        found = _model_in(arg)
        if found is not None:
            return found
    metadata = getattr(annotation, "__metadata__", None)
    if metadata is not None:
        return _model_in(annotation.__origin__)
    return None


def _names(quoted: object) -> list[str]:
    """pydantic's list of names, `'rect', 'text'`, as the names."""
    return [name.strip(" '") for name in str(quoted).split(",") if name.strip(" '")]


def _tag_message(kind: str, ctx: Mapping[str, object]) -> str:
    """A discriminated union's tag that is missing or names no member, told as `cardgen`
    tells an unknown name: `unknown kind "txet"; did you mean "text"?` (pydantic's own
    text names every tag and says nothing of the closest)."""
    key = (_names(ctx.get("discriminator", "")) or ["kind"])[0]
    tags = _names(ctx.get("expected_tags", ""))
    if kind == "union_tag_not_found":
        listed = f": one of {', '.join(tags)}" if tags else ""
        return f'missing required key "{key}"{listed}'
    tag = str(ctx.get("tag", ""))
    hint = did_you_mean(tag, tags) or (f"; known: {', '.join(tags)}" if tags else "")
    return f'unknown {key} "{tag}"{hint}'


def friendly(error: Any, allowed: Sequence[str] = ()) -> str:
    """A readable message for one pydantic error dict."""
    loc = _clean_loc(error["loc"])
    where = ".".join(str(p) for p in loc)
    kind = error["type"]
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        return (f"{where}: " if where else "") + _tag_message(kind, error.get("ctx") or {})
    if kind == "extra_forbidden":
        key = str(loc[-1]) if loc else "?"
        return f'unknown key "{key}"{did_you_mean(key, allowed)}'
    if kind == "missing":
        return f'missing required key "{loc[-1]}"' if loc else "missing value"
    if kind == "literal_error":
        expected = error.get("ctx", {}).get("expected", "")
        value = error.get("input")
        hint = did_you_mean(
            str(value), [e.strip(" '") for e in str(expected).replace(" or ", ", ").split(",")]
        )
        return f"{where}: {value!r} is not allowed; expected {expected}{hint}"
    message = str(error["msg"])
    if message.startswith("Value error, "):
        message = message[len("Value error, ") :]
    value = error.get("input")
    shown = repr(value) if isinstance(value, str | int | float | bool) else ""
    if shown and len(shown) > 60:
        shown = shown[:57] + "...'"
    prefix = f"{where}: " if where else ""
    return f"{prefix}{message}" + (f" (got {shown})" if shown and kind != "value_error" else "")


def _other_branch(loc: Sequence[str | int], data: Any) -> bool:
    """True for an error from the `list[...]` branch of a union when the value is a mapping,
    or from the `dict[...]` branch when it is a list: only the branch that fits is reported."""
    if data is None:
        return False
    node = data
    for part in loc:
        if isinstance(part, str) and part.startswith(("list[", "dict[")):
            if isinstance(node, dict) and part.startswith("list["):
                return True
            if isinstance(node, list) and part.startswith("dict["):
                return True
            if not isinstance(node, dict | list) and part.startswith("dict["):
                return True
            continue
        if isinstance(node, dict):
            if part not in node:
                return False
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        else:
            return False
    return False


def yaml_errors(
    exc: ValidationError,
    doc: YamlDocument,
    model: type[BaseModel] | None = None,
    base: Sequence[str | int] = (),
) -> list[CardgenError]:
    """Each pydantic error as a CardgenError at its position in the YAML file."""
    found: list[CardgenError] = []
    seen: set[tuple[str, str]] = set()
    for error in exc.errors():
        if _other_branch(error["loc"], doc.data if not base else None):
            continue
        loc = _clean_loc(error["loc"])
        full = [*base, *loc]
        if error["type"] == "extra_forbidden":
            location = doc.key_location(full)
        elif error["type"] == "missing":
            location = doc.location(full[:-1])
        else:
            location = doc.location(full)
        message = friendly(error, _allowed_keys(model, loc))
        key = (str(location), message)
        if key not in seen:
            seen.add(key)
            found.append(CardgenError(message, location))
    return found


def validate_yaml(
    model: type[BaseModel],
    doc: YamlDocument,
    data: Any = None,
    base: Sequence[str | int] = (),
) -> Any:
    """Validate `data` (default: the whole document) or raise every error with its line."""
    from cardgen.errors import ErrorCollector

    try:
        return model.model_validate(doc.data if data is None else data)
    except ValidationError as exc:
        errors = ErrorCollector()
        errors.extend(yaml_errors(exc, doc, model, base))
        errors.raise_if_any()
        raise  # pragma: no cover - raise_if_any always raises here
