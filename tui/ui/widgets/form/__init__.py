"""The argument form built from a JSON Schema (tool inputSchema, elicitation requestedSchema)."""

# Importing the field modules registers them with the registry.
from tui.ui.widgets.form import (  # noqa: F401
    bool_field,
    enum_field,
    json_field,
    list_field,
    long_enum_field,
    number_field,
    object_field,
    text_field,
)
from tui.ui.widgets.form.argument_form import ArgumentForm, ArgumentsInvalid

__all__ = ["ArgumentForm", "ArgumentsInvalid"]
