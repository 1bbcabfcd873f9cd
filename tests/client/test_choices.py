"""What a text typed for an enum names: the exact text first, then the text read as JSON; when the text
42 and the number 42 are both choices, 42 is the text and the person is told so."""

from __future__ import annotations

from tui.model.choices import Choices, Typed


def named(choices: Choices, text: str) -> object:
    typed = choices.read(text)
    return None if typed is None else choices.values[typed.index]


def test_a_text_names_the_choice_it_spells() -> None:
    choices = Choices(["red", "7", 7.5, True, None])
    assert named(choices, "red") == "red"
    assert named(choices, "7") == "7"
    assert named(choices, "7.5") == 7.5
    assert named(choices, "true") is True
    assert choices.read("null") == Typed(4)
    assert named(choices, '"red"') == "red", "a quoted text is the text"
    assert named(choices, "blue") is None
    assert named(choices, "1") is None, "the number 1 is not true"


def test_the_text_42_wins_over_the_number_42_and_says_so() -> None:
    choices = Choices(["42", 42, "true", True])
    typed = choices.read("42")
    assert typed is not None
    assert choices.values[typed.index] == "42"
    assert typed.note == ('Both the text "42" and the number 42 are choices: the text is sent.')
    assert choices.read('"42"') == Typed(0), "quoted, it can only be the text: no note"
    flag = choices.read("true")
    assert flag is not None
    assert flag.index == 2
    assert "the value true" in flag.note


def test_no_note_when_only_one_reading_is_a_choice() -> None:
    assert Choices(["42"]).read("42") == Typed(0)
    assert Choices([42]).read("42") == Typed(0)
    assert Choices([1]).read("1.0") == Typed(0), "1.0 is the number 1"
