"""The SQL classifier: honest about comments, case, whitespace, CTEs and several statements."""

from __future__ import annotations

import pytest

from tui.demo.sql_classify import classify, split_statements

READ = (True, False, True)
ADD = (False, False, False)
ADD_IDEMPOTENT = (False, False, True)
DESTROY = (False, True, False)
DESTROY_IDEMPOTENT = (False, True, True)
WORST = DESTROY

CASES = [
    ("SELECT * FROM fruits", READ),
    ("select name from fruits where colour = 'red'", READ),
    ("   \n\tSeLeCt 1", READ),
    ("-- a comment\nSELECT 1", READ),
    ("/* block */ SELECT 1 /* trailing */", READ),
    ("VALUES (1), (2)", READ),
    ("EXPLAIN DELETE FROM fruits", READ),
    ("explain query plan select * from fruits", READ),
    ("WITH red AS (SELECT * FROM fruits WHERE colour = 'red') SELECT * FROM red", READ),
    ("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 5) SELECT x FROM n", READ),
    ("PRAGMA table_info(fruits)", READ),
    ("PRAGMA user_version", READ),
    ("pragma main.page_count", READ),
    ("SELECT 'DELETE FROM fruits'", READ),
    ('SELECT "drop" FROM fruits', READ),
    ("SELECT [update] FROM t", READ),
    ("SELECT 1; -- DROP TABLE fruits", READ),
    ("SELECT 'it''s; DROP TABLE fruits'", READ),
    ("BEGIN; SELECT 1; COMMIT", READ),
    ("", READ),
    ("-- nothing but a comment", READ),
    ("INSERT INTO fruits (name, stock) VALUES ('fig', 3)", ADD),
    ("  insert INTO fruits VALUES (9, 'fig', 'green', 3)", ADD),
    ("INSERT OR IGNORE INTO fruits VALUES (1, 'x', 'y', 1)", ADD),
    ("WITH s AS (SELECT 'fig' AS n) INSERT INTO fruits (name, stock) SELECT n, 1 FROM s", ADD),
    ("CREATE TABLE t (a)", ADD),
    ("CREATE TABLE IF NOT EXISTS t (a)", ADD_IDEMPOTENT),
    ("CREATE INDEX IF NOT EXISTS i ON fruits(name)", ADD_IDEMPOTENT),
    ("ANALYZE", ADD_IDEMPOTENT),
    ("UPDATE fruits SET stock = 0", DESTROY),
    ("DELETE FROM fruits WHERE id = 1", DESTROY),
    ("/* SELECT */ DELETE FROM fruits", DESTROY),
    ("-- SELECT\nDELETE FROM fruits", DESTROY),
    ("dElEtE fRoM fruits", DESTROY),
    ("REPLACE INTO fruits VALUES (1, 'x', 'y', 1)", DESTROY),
    ("INSERT OR REPLACE INTO fruits VALUES (1, 'x', 'y', 1)", DESTROY),
    ("INSERT INTO fruits VALUES (1, 'x', 'y', 1) ON CONFLICT(id) DO UPDATE SET stock = 2", DESTROY),
    ("WITH old AS (SELECT id FROM fruits WHERE stock = 0) DELETE FROM fruits WHERE id IN old", DESTROY),
    ("WITH x AS (SELECT 1) UPDATE fruits SET stock = 1", DESTROY),
    ("ALTER TABLE fruits RENAME TO f", DESTROY),
    ("DROP TABLE fruits", DESTROY_IDEMPOTENT),
    ("drop table if exists fruits", DESTROY_IDEMPOTENT),
    ("PRAGMA user_version = 5", DESTROY),
    ("PRAGMA user_version(5)", DESTROY),
    ("CREATE TRIGGER t AFTER INSERT ON fruits BEGIN DELETE FROM fruits; END", DESTROY),
    # Several statements: the riskiest wins, whatever the order.
    ("SELECT 1; DELETE FROM fruits", DESTROY),
    ("DELETE FROM fruits; SELECT 1", DESTROY),
    ("SELECT 1; INSERT INTO fruits (name, stock) VALUES ('a', 1)", ADD),
    ("INSERT INTO fruits (name, stock) VALUES ('a', 1); DROP TABLE fruits", DESTROY),
    ("SELECT 1;DELETE FROM fruits", DESTROY),
    ("BEGIN; DELETE FROM fruits; ROLLBACK", DESTROY),
    # Unsure: the worst case.
    ("FROBNICATE fruits", WORST),
    ("SELECT 'unterminated", WORST),
    ('SELECT "unterminated', WORST),
    ("PRAGMA wal_checkpoint", WORST),
    ("PRAGMA optimize", WORST),
    ("WITH x AS (SELECT 1)", WORST),
    ("(SELECT 1)", WORST),
    ("SELECT 1; FROBNICATE", WORST),
    ("ATTACH DATABASE '/tmp/x.db' AS x", WORST),
    ("VACUUM INTO '/tmp/copy.db'", WORST),
]


@pytest.mark.parametrize(("query", "expected"), CASES)
def test_classification(query: str, expected: tuple[bool, bool, bool]) -> None:
    verdict = classify(query)
    assert (verdict.read_only, verdict.destructive, verdict.idempotent) == expected, verdict.reason


def test_every_verdict_has_a_reason() -> None:
    for query, _ in CASES:
        assert classify(query).reason.strip()


def test_several_statements_are_named_in_the_reason() -> None:
    verdict = classify("SELECT 1; DELETE FROM fruits; SELECT 2")
    assert len(verdict.statements) == 3
    assert verdict.reason.startswith("3 statements")
    assert "DELETE" in verdict.reason


def test_trigger_body_semicolons_do_not_split_the_statement() -> None:
    query = (
        "CREATE TRIGGER t AFTER INSERT ON fruits BEGIN DELETE FROM fruits; UPDATE fruits SET stock = 1; END;"
        " SELECT 1"
    )
    assert len(split_statements(query)) == 2
    assert split_statements(query)[1] == "SELECT 1"


def test_split_keeps_semicolons_inside_strings() -> None:
    assert split_statements("SELECT 'a;b'; SELECT 2") == ["SELECT 'a;b';", "SELECT 2"]


@pytest.mark.parametrize(
    "verb", ["ATTACH DATABASE 'x' AS y", "DETACH DATABASE y", "VACUUM", "select 1; vacuum"]
)
def test_file_reaching_statements_are_blocked(verb: str) -> None:
    assert classify(verb).blocked


def test_ordinary_statements_are_not_blocked() -> None:
    assert classify("DELETE FROM fruits").blocked is None


def test_classification_is_deterministic() -> None:
    for query, _ in CASES:
        assert classify(query) == classify(query)
