"""Records (deckcheck.cards): plain objects at run time, validated by the pydantic model made from their declaration."""

from __future__ import annotations

import copy
import pickle
from typing import Annotated, Any

import pytest
from conftest import registered_games

from deckcheck.model.cards import (
    After,
    Before,
    Bounds,
    Card,
    Record,
    RecordError,
    as_list,
    choice,
    invalid_fields,
    record_field,
    validates_after,
    validates_before,
    validates_field,
)

Colour = choice(("red", "blue"), {"赤": "red", "青": "blue"})


class Face(Record):
    title: Annotated[str, Bounds(min_length=1)]
    power: Annotated[int, Bounds(ge=0, le=9)] | None = None


class Sample(Card):
    schema_config = {"populate_by_name": True}

    colour: Colour  # type: ignore[valid-type]
    tags: Annotated[list[str], Before(as_list)] = []
    shout: Annotated[str, After(str.upper)] | None = None
    kind_: str | None = record_field(None, alias="kind")
    cost: int | None = record_field(None, validate_default=True)
    face: Face | None = None

    @validates_before
    @classmethod
    def _colour_from_tags(cls, data: Any) -> Any:
        if isinstance(data, dict) and "colour" not in data and data.get("tags") == "赤":
            return {**data, "colour": "赤"}
        return data

    @validates_field("cost")
    @classmethod
    def _cost_for_blue(cls, value: int | None, info: Any) -> int | None:
        if info.data.get("colour") == "blue" and value is None:
            raise ValueError("a blue card needs a cost")
        return value

    @validates_after
    def _no_face_on_blue(self) -> Sample:
        if self.colour == "blue" and self.face is not None:
            raise ValueError("a blue card has no face")
        return self


def sample(**fields: Any) -> Sample:
    return Sample.validate({"number": "s-1", "name": "Ｓａｍｐｌｅ", "type": "unit", "colour": "red", **fields})


def errors_of(**fields: Any) -> list[tuple[str, str]]:
    with pytest.raises(RecordError) as raised:
        sample(**fields)
    return [(".".join(map(str, error["loc"])), error["msg"]) for error in raised.value.errors()]


def test_fields_are_validated_by_their_metadata():
    card = sample(colour="赤", tags="x", shout="hey", cost="3", face={"title": " Back ", "power": 9})
    assert (card.number, card.name, card.colour, card.tags, card.shout, card.cost) == (
        "S-1",
        "Sample",
        "red",
        ["x"],
        "HEY",
        3,
    )
    assert type(card.face) is Face and (card.face.title, card.face.power) == ("Back", 9)  # nested: plain too


def test_a_record_is_plain_and_keeps_every_field():
    card = sample()
    assert not any(cls.__module__.startswith("pydantic") for cls in type(card).__mro__)
    assert list(card.__dict__) == list(Sample.record_fields)
    assert card.fields_set == {"number", "name", "type", "colour"}
    assert card.tags == [] and card.kind_ is None and card.deck_limit is None


def test_bounds_at_their_limits():
    assert sample(face={"title": "t", "power": 0}).face.power == 0
    assert sample(face={"title": "t", "power": 9}).face.power == 9
    assert errors_of(face={"title": "t", "power": 10}) == [("face.power", "Input should be less than or equal to 9")]
    assert errors_of(face={"title": "t", "power": -1}) == [("face.power", "Input should be greater than or equal to 0")]
    assert errors_of(face={"title": ""}) == [("face.title", "String should have at least 1 character")]


def test_every_problem_is_reported_at_once():
    assert errors_of(colour="green", colours="red") == [
        ("colour", "Input should be 'red' or 'blue'"),
        ("colours", "Extra inputs are not permitted"),
    ]


def test_validators_before_field_and_after():
    no_colour = {"number": "s-2", "name": "n", "type": "unit", "tags": "赤"}
    assert Sample.validate(no_colour).colour == "red"  # before: reshapes the raw record
    assert errors_of(colour="blue") == [("cost", "Value error, a blue card needs a cost")]  # a default judged too
    assert errors_of(colour="blue", cost=1, face={"title": "t"}) == [("", "Value error, a blue card has no face")]


def test_an_alias_is_read_by_either_name_and_written_by_request():
    assert sample(kind="k").kind_ == "k" == sample(kind_="k").kind_
    card = sample(kind="k")
    assert card.to_dict(by_alias=True)["kind"] == "k" and card.to_dict()["kind_"] == "k"


def test_to_dict_options_match_model_dump():
    record = {"number": "s-1", "name": "Ｓａｍｐｌｅ", "type": "unit", "colour": "red", "kind": "k", "tags": ["a"]}
    card, model = Sample.validate(record), Sample.schema().model_validate(record)
    for options in (
        {},
        {"by_alias": True},
        {"exclude_none": True},
        {"exclude_unset": True},
        {"by_alias": True, "exclude_unset": True, "exclude_none": True, "exclude": {"game"}},
    ):
        assert card.to_dict(**options) == model.model_dump(**options), options
    nested = sample(face={"title": "t"})
    assert nested.to_dict(exclude_unset=True)["face"] == {"title": "t"}
    assert nested.to_dict()["face"] == {"title": "t", "power": None}


def test_equality_repr_copy_and_pickle():
    card = sample(face={"title": "t"})
    assert card == sample(face={"title": "t"}) and card != sample(face={"title": "u"})
    assert card != Face.validate({"title": "t"})
    with pytest.raises(TypeError):
        hash(card)  # mutable and compared by value
    assert repr(card).startswith("Sample(game=None, number='S-1', name='Sample'")
    for other in (copy.deepcopy(card), pickle.loads(pickle.dumps(card))):
        assert other == card and other.fields_set == card.fields_set and type(other.face) is Face


def test_the_constructor_validates():
    assert Face(title=" t ") == Face.validate({"title": "t"})
    with pytest.raises(RecordError) as raised:
        Face(title="t", power="many")
    assert raised.value.title == "Face" and raised.value.errors()[0]["loc"] == ("power",)


def test_each_class_has_its_own_schema_made_once():
    assert Sample.schema() is Sample.schema()
    assert "colour" in Sample.schema().model_fields and "colour" not in Card.schema().model_fields
    assert Sample.schema().model_fields["kind_"].alias == "kind"


class Shapes(Record):
    counts: dict[str, Annotated[int, Bounds(ge=0)]] = {}
    words: tuple[Annotated[str, After(str.upper)], ...] = ()
    faces: list[Face] = []


def test_metadata_and_records_count_inside_any_container():
    made = Shapes.validate({"counts": {"a": 0}, "words": ["x", "y"], "faces": [{"title": "t"}]})
    assert made.counts == {"a": 0} and made.words == ("X", "Y") and type(made.faces[0]) is Face
    assert made.to_dict() == {"counts": {"a": 0}, "words": ("X", "Y"), "faces": [{"title": "t", "power": None}]}
    with pytest.raises(RecordError) as raised:
        Shapes.validate({"counts": {"a": -1}})
    assert [(e["loc"], e["msg"]) for e in raised.value.errors()] == [
        (("counts", "a"), "Input should be greater than or equal to 0")
    ]


def test_invalid_fields_reports_each_field():
    error = invalid_fields("Sample", [("a", "missing_for_type", "is required", None), ("b", "nope", "not here", 3)])
    assert [(e["loc"], e["type"], e["msg"]) for e in error.errors()] == [
        (("a",), "missing_for_type", "is required"),
        (("b",), "nope", "not here"),
    ]


def test_only_the_cards_module_imports_pydantic():
    """The seam (module docstring of deckcheck.cards): every other module reaches pydantic through it, so a run that
    validates nothing never imports it. Imports for type checkers only (under TYPE_CHECKING) do not count."""
    import ast
    from pathlib import Path

    import deckcheck

    offenders = []
    for path in sorted(Path(deckcheck.__file__).parent.rglob("*.py")):
        if path.name == "cards.py" and path.parent.name == "model":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {
            id(node)
            for block in ast.walk(tree)
            if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
            for node in ast.walk(block)
        }
        for node in ast.walk(tree):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            pydantic = any(name.split(".")[0] in ("pydantic", "pydantic_core") for name in names)
            if pydantic and id(node) not in typing_only:
                offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []


def test_number_and_name_compare_normalised_and_show_as_printed():
    """Look-ups and comparisons read the normalised fields; the record's own spelling is kept for display only."""
    card = sample()  # number "s-1", name "Ｓａｍｐｌｅ"
    assert (card.number, card.name) == ("S-1", "Sample")
    assert (card.printed_number, card.printed_name, card.label()) == ("s-1", "Ｓａｍｐｌｅ", "Ｓａｍｐｌｅ (s-1)")
    assert card.to_dict()["number"] == "S-1" and "printed" not in card.to_dict()  # not a field
    plain = Sample.validate({"number": " S-1 ", "name": "Sample", "type": "unit", "colour": "red"})
    assert plain.printed is None and plain.label() == "Sample (S-1)"  # trimmed, nothing else to keep
    assert plain != card  # the same fields, printed otherwise
    made = Sample(number="s-1", name="Ｓａｍｐｌｅ", type="unit", colour="red")
    for other in (copy.deepcopy(card), pickle.loads(pickle.dumps(card)), made):
        assert other == card and (other.printed_number, other.printed_name) == ("s-1", "Ｓａｍｐｌｅ")


def test_record_error_names_each_field_and_reason_in_its_message():
    with pytest.raises(RecordError) as raised:
        sample(colour="green", cost="many")
    text = str(raised.value)
    assert text.startswith("2 validation errors for Sample: ")
    assert "field 'colour': " in text and "field 'cost': " in text and "(got 'many')" in text


def test_record_error_errors_is_a_method_as_in_pydantic_and_still_a_list():
    with pytest.raises(RecordError) as raised:
        sample(cost="many")
    error = raised.value
    listed = error.errors()
    assert type(listed) is list and [detail["loc"] for detail in listed] == [("cost",)]
    assert error.errors[0]["loc"] == ("cost",) and len(error.errors) == error.error_count() == 1  # the older form
    assert str(error) == "1 validation error for Sample: field 'cost': " + listed[0]["msg"] + " (got 'many')"
    again = pickle.loads(pickle.dumps(error))
    assert str(again) == str(error) and again.errors() == listed


# value_validator decides the plain cases without pydantic, exactly as pydantic would (issue 27) --------------------

_VALUES: list[Any] = [0, 1, 3, 4, 5, -1, 10**18, True, False, "", "3", "３", "x", "X", "騎士", "true", "any", "無制限"]
_VALUES += ["critical", "CRITICAL", "クリティカル", "normal", "unknown", "follower", "B01-001", " b01-001 "]


def _outcome(validate: Any, value: Any) -> tuple[str, Any]:
    try:
        return "ok", validate(value)
    except ValueError:
        return "refused", None


@pytest.mark.parametrize("game_id", registered_games())
def test_the_plain_validator_agrees_with_pydantic_on_every_field(game_id):
    import typing

    from pydantic import TypeAdapter

    from deckcheck.games import get_game
    from deckcheck.model import cards

    decided = 0
    card_model = get_game(game_id).card_model
    for name, info in card_model.declared_fields().items():
        annotation = typing.Annotated[info.annotation, *info.metadata] if info.metadata else info.annotation
        ours = cards.value_validator(annotation)
        theirs = TypeAdapter(cards._pydantic_type(annotation)).validate_python
        shape = cards._plain_shape(annotation)
        for value in _VALUES:
            assert _outcome(ours, value) == _outcome(theirs, value), (name, value)
            if shape is not None:
                try:
                    decided += cards._validate_plain(shape, value) is not cards._UNDECIDED
                except ValueError:
                    decided += 1
    assert decided > 10  # the plain path really answers (not everything sent on to pydantic)


def test_problems_in_japanese(japanese):
    with pytest.raises(RecordError) as error:
        Sample.validate({"number": "N-1", "name": "n", "type": "t", "colour": "green", "cost": "x", "face": {}})
    text = str(error.value)
    assert text.startswith("Sample の検証エラー3件：")
    assert "フィールド 'colour'：'red'、'blue' のいずれかでなければなりません（値：'green'）" in text
    assert "フィールド 'cost'：整数でなければなりません（文字列を整数として読めません）（値：'x'）" in text
    assert "フィールド 'face.title'：必須のフィールドです" in text
    assert [problem["type"] for problem in error.value.errors()] == ["literal_error", "int_parsing", "missing"]


def test_problems_in_english_are_pydantics():
    with pytest.raises(RecordError) as error:
        Sample.validate({"number": "N-1", "name": "n", "type": "t", "colour": "green"})
    assert str(error.value) == (
        "1 validation error for Sample: field 'colour': Input should be 'red' or 'blue' (got 'green')"
    )
