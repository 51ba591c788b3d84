-- VARBYTE examples of our own for each form Redshift's documentation describes, with the answers
-- it gives. Format: see SqlCorpus. Pages: https://docs.aws.amazon.com/redshift/latest/dg/<page>.html

== setup
DROP TABLE IF EXISTS varbytes;
CREATE TABLE varbytes (id INT, b VARBYTE(16));
INSERT INTO varbytes VALUES (1, 'abc'::varbyte), (2, FROM_HEX('00ff10')), (3, NULL);
DROP TABLE IF EXISTS varbyte_chars;
CREATE TABLE varbyte_chars (c CHAR(10));
INSERT INTO varbyte_chars VALUES ('aa'), ('abc');

== a VARBYTE value prints as hexadecimal without a prefix | r_VARBYTE_type
SELECT 'abc'::varbyte;
=> 616263

== VARBYTE columns print as hexadecimal | r_VARBYTE_type
SELECT id, b FROM varbytes ORDER BY id;
=> 1|616263
=> 2|00ff10
=> 3|

== FROM_HEX | r_FROM_HEX
SELECT FROM_HEX('6162');
=> 6162

== TO_HEX of a number and of a VARBYTE | r_TO_HEX
SELECT TO_HEX(2147676847), TO_HEX('abc'::varbyte);
=> 8002f2af|616263

== FROM_VARBYTE to hexadecimal and to binary | r_FROM_VARBYTE
SELECT FROM_VARBYTE('ab', 'hex'), FROM_VARBYTE(FROM_HEX('4d'), 'binary');
=> 6162|01001101

== FROM_VARBYTE to UTF-8 | r_FROM_VARBYTE
SELECT FROM_VARBYTE(b, 'utf8') FROM varbytes WHERE id = 1;
=> abc

== TO_VARBYTE from hexadecimal, binary and UTF-8 | r_TO_VARBYTE
SELECT TO_VARBYTE('6162', 'hex'), TO_VARBYTE('01001101', 'binary'), TO_VARBYTE('a', 'utf8'), TO_VARBYTE('4', 'hex');
=> 6162|4d|61|04

== casts from integers keep their width | r_VARBYTE_type
SELECT 5::smallint::varbyte, 5::int::varbyte, 5::bigint::varbyte;
=> 0005|00000005|0000000000000005

== a VARBYTE cast to VARCHAR is read as UTF-8 | r_TO_HEX
SELECT 'abc'::varbyte::varchar;
=> abc

== a CHAR cast to VARBYTE keeps its padding | r_VARBYTE_type
SELECT c::varbyte FROM varbyte_chars ORDER BY c;
=> 61612020202020202020
=> 61626320202020202020

== the concatenation operators (two bars) and plus | r_VARBYTE_OPERATORS
SELECT 'a'::varbyte || 'b'::varbyte AS concat, 'a'::varbyte + 'b'::varbyte AS plus;
=> 6162|6162

== comparison operators | r_VARBYTE_OPERATORS
SELECT 'a'::varbyte < 'b'::varbyte AS less_than, 'a'::varbyte = 'b'::varbyte AS equal;
=> t|f

== CONCAT of two VARBYTE values | r_CONCAT
SELECT CONCAT(FROM_HEX('61'), FROM_HEX('62'));
=> 6162

== LEN, LENGTH and OCTET_LENGTH count bytes | r_LEN, r_OCTET_LENGTH
SELECT LEN(b), LENGTH(b), OCTET_LENGTH(b) FROM varbytes WHERE id = 2;
=> 3|3|3

== SUBSTRING of a VARBYTE | r_SUBSTRING
SELECT SUBSTRING(FROM_HEX('00ff10') FROM 2 FOR 2);
=> ff10

== a value over the column's length is refused | r_VARBYTE_type
INSERT INTO varbytes VALUES (9, FROM_HEX('000102030405060708090a0b0c0d0e0f10'));
=! Value too long for VARBYTE type
