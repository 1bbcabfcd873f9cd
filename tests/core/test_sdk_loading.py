"""The SDK loads with its pydantic models built on first use, and nothing else changes."""

from __future__ import annotations

import subprocess
import sys

from pydantic import BaseModel, TypeAdapter

from tui.model.sdk_loading import models_built_on_first_use


def test_models_made_while_the_sdk_loads_are_built_when_first_used() -> None:
    with models_built_on_first_use():

        class Made(BaseModel):
            x: int

    assert not Made.__pydantic_complete__
    assert Made(x=1).x == 1  # built now, and validates as any model
    assert Made.__pydantic_complete__


def test_models_made_afterwards_are_built_at_once_as_usual() -> None:
    with models_built_on_first_use():
        pass

    class Later(BaseModel):
        x: int

    assert Later.__pydantic_complete__
    assert "defer_build" not in BaseModel.model_config


def test_a_later_subclass_of_a_deferred_model_defers_too() -> None:
    # As ExtTool does of the SDK's Tool: it takes the config of the class it extends.
    with models_built_on_first_use():

        class Made(BaseModel):
            x: int

    class Extended(Made):
        y: int = 0

    assert not Extended.__pydantic_complete__
    assert Extended(x=1).y == 0


def test_a_block_inside_another_on_the_same_thread_goes_through() -> None:
    with models_built_on_first_use(), models_built_on_first_use():

        class Made(BaseModel):
            x: int

    assert not Made.__pydantic_complete__
    assert "defer_build" not in BaseModel.model_config


def test_a_choice_someone_made_already_stands() -> None:
    BaseModel.model_config["defer_build"] = False
    try:
        with models_built_on_first_use():

            class Made(BaseModel):
                x: int

        assert Made.__pydantic_complete__
        assert BaseModel.model_config["defer_build"] is False
    finally:
        del BaseModel.model_config["defer_build"]


def test_the_session_loads_the_sdk_this_way() -> None:
    # In a fresh interpreter: here the SDK is loaded already (by the tests' conftest, the same way).
    code = (
        "from tui.session.session import _import_core\n"
        "_import_core()\n"
        "import mcp_types\n"
        "from pydantic import BaseModel\n"
        "print(mcp_types.ElicitRequest.__pydantic_complete__, 'defer_build' in BaseModel.model_config)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["False", "False"]


def test_type_adapters_made_while_the_sdk_loads_are_built_when_first_used() -> None:
    with models_built_on_first_use():
        adapter = TypeAdapter(int | list[str])

    assert not adapter.pydantic_complete
    assert adapter.validate_python(["a"]) == ["a"]  # built now, and validates as any adapter
    assert adapter.pydantic_complete
    assert TypeAdapter(int | str).pydantic_complete  # afterwards: at once, as usual


def test_the_sdks_own_adapters_wait_for_first_use() -> None:
    # A fresh interpreter, as above. Fails when a pydantic release renames what the deferral answers:
    # then only the models defer, and a cold start costs about 9% more CPU.
    code = (
        "from tui.session.session import _import_core\n"
        "_import_core()\n"
        "from mcp_types import _types\n"
        "from mcp.client import session\n"
        "print(_types.server_result_adapter.pydantic_complete, session.ClientResponse.pydantic_complete)\n"
        "_types.server_notification_adapter.validate_python({'method': 'notifications/tools/list_changed'})\n"
        "print(_types.server_notification_adapter.pydantic_complete)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["False", "False", "True"]
