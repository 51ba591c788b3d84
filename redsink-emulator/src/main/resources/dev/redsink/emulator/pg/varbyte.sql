-- Redshift's VARBYTE functions and casts over PostgreSQL's bytea, installed after catalog.sql.
-- Statements are separated by lines holding only ";;".
-- VARBYTE columns are domains over bytea (rs_varbyte_n); the wire front end prints their values
-- as hexadecimal without PostgreSQL's \x prefix, as Redshift does
-- (https://docs.aws.amazon.com/redshift/latest/dg/r_VARBYTE_type.html).
SET allow_system_table_mods = on
;;
-- Odd-length hexadecimal gets a leading 0 (https://docs.aws.amazon.com/redshift/latest/dg/r_TO_VARBYTE.html).
CREATE FUNCTION redsink_emulator.varbyte_from_hex(t text) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT pg_catalog.decode(CASE WHEN length(t) % 2 = 1 THEN '0' || t ELSE t END, 'hex')
$$
;;
-- A string of 0s and 1s, left-padded to whole bytes.
CREATE FUNCTION redsink_emulator.varbyte_from_bits(t text) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT redsink_emulator.varbyte_from_hex(coalesce(string_agg(
           lpad(to_hex(substr(p, i, 8)::bit(8)::integer), 2, '0'), '' ORDER BY i), ''))
  FROM (SELECT lpad(t, ((length(t) + 7) / 8) * 8, '0') AS p) AS padded,
       generate_series(1, length(p), 8) AS i
$$
;;
CREATE FUNCTION redsink_emulator.varbyte_format_error(format text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = '22023',
    MESSAGE = 'invalid format ''' || format || ''': use hex, binary, utf8 or utf-8';
END
$$
;;
-- https://docs.aws.amazon.com/redshift/latest/dg/r_FROM_HEX.html
CREATE FUNCTION pg_catalog.from_hex(t text) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT redsink_emulator.varbyte_from_hex(t)
$$
;;
-- https://docs.aws.amazon.com/redshift/latest/dg/r_TO_HEX.html (numbers: PostgreSQL's own to_hex).
CREATE FUNCTION pg_catalog.to_hex(v bytea) RETURNS varchar LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT pg_catalog.encode(v, 'hex')::varchar
$$
;;
-- https://docs.aws.amazon.com/redshift/latest/dg/r_TO_VARBYTE.html
CREATE FUNCTION pg_catalog.to_varbyte(t text, format text) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE lower(format)
    WHEN 'hex' THEN redsink_emulator.varbyte_from_hex(t)
    WHEN 'binary' THEN redsink_emulator.varbyte_from_bits(t)
    WHEN 'utf8' THEN pg_catalog.convert_to(t, 'UTF8')
    WHEN 'utf-8' THEN pg_catalog.convert_to(t, 'UTF8')
    ELSE redsink_emulator.varbyte_format_error(format)::bytea END
$$
;;
-- https://docs.aws.amazon.com/redshift/latest/dg/r_FROM_VARBYTE.html
CREATE FUNCTION pg_catalog.from_varbyte(v bytea, format text) RETURNS varchar LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT CASE lower(format)
    WHEN 'hex' THEN pg_catalog.encode(v, 'hex')
    WHEN 'binary' THEN CASE WHEN length(v) = 0 THEN '' ELSE ('x' || pg_catalog.encode(v, 'hex'))::varbit::text END
    WHEN 'utf8' THEN pg_catalog.convert_from(v, 'UTF8')
    WHEN 'utf-8' THEN pg_catalog.convert_from(v, 'UTF8')
    ELSE redsink_emulator.varbyte_format_error(format) END::varchar
$$
;;
-- LEN counts bytes for VARBYTE (https://docs.aws.amazon.com/redshift/latest/dg/r_LEN.html).
CREATE FUNCTION pg_catalog.len(v bytea) RETURNS integer LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT pg_catalog.octet_length(v)
$$
;;
CREATE FUNCTION pg_catalog.len(v text) RETURNS integer LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT pg_catalog.length(v)
$$
;;
CREATE FUNCTION pg_catalog.len(v bpchar) RETURNS integer LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT pg_catalog.length(v)
$$
;;
-- CONCAT of two VARBYTE values is a VARBYTE (r_CONCAT), and + concatenates too (r_VARBYTE_OPERATORS).
CREATE FUNCTION pg_catalog.concat(a bytea, b bytea) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT a || b
$$
;;
CREATE OPERATOR pg_catalog.+ (LEFTARG = bytea, RIGHTARG = bytea, FUNCTION = pg_catalog.byteacat)
;;
-- Casts (r_VARBYTE_type): strings as UTF-8, CHAR with its padding; integers keep their width
-- (5::int::varbyte is 00000005).
CREATE FUNCTION redsink_emulator.varbyte_from_text(v text) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT pg_catalog.convert_to(v, 'UTF8')
$$
;;
CREATE FUNCTION redsink_emulator.varbyte_from_varchar(v varchar) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT pg_catalog.convert_to(v, 'UTF8')
$$
;;
CREATE FUNCTION redsink_emulator.varbyte_from_bpchar(v bpchar) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT pg_catalog.convert_to(rpad(v::text, pg_catalog.octet_length(v)), 'UTF8')
$$
;;
CREATE FUNCTION redsink_emulator.varbyte_to_text(v bytea) RETURNS text LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT pg_catalog.convert_from(v, 'UTF8')
$$
;;
CREATE FUNCTION redsink_emulator.varbyte_to_varchar(v bytea) RETURNS varchar LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT pg_catalog.convert_from(v, 'UTF8')::varchar
$$
;;
CREATE FUNCTION redsink_emulator.varbyte_to_bpchar(v bytea) RETURNS bpchar LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT pg_catalog.convert_from(v, 'UTF8')::bpchar
$$
;;
-- Two's complement, as the integer casts to VARBYTE write it.
CREATE FUNCTION redsink_emulator.varbyte_to_int2(v bytea) RETURNS smallint LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT (CASE WHEN u >= 32768 THEN u - 65536 ELSE u END)::smallint
  FROM (SELECT ('x' || lpad(pg_catalog.encode(v, 'hex'), 4, '0'))::bit(16)::integer AS u) AS r
$$
;;
CREATE FUNCTION redsink_emulator.varbyte_to_int4(v bytea) RETURNS integer LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT ('x' || lpad(pg_catalog.encode(v, 'hex'), 8, '0'))::bit(32)::integer
$$
;;
CREATE FUNCTION redsink_emulator.varbyte_to_int8(v bytea) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT ('x' || lpad(pg_catalog.encode(v, 'hex'), 16, '0'))::bit(64)::bigint
$$
;;
CREATE CAST (text AS bytea) WITH FUNCTION redsink_emulator.varbyte_from_text(text)
;;
CREATE CAST (varchar AS bytea) WITH FUNCTION redsink_emulator.varbyte_from_varchar(varchar)
;;
CREATE CAST (bpchar AS bytea) WITH FUNCTION redsink_emulator.varbyte_from_bpchar(bpchar)
;;
CREATE CAST (bytea AS text) WITH FUNCTION redsink_emulator.varbyte_to_text(bytea)
;;
CREATE CAST (bytea AS varchar) WITH FUNCTION redsink_emulator.varbyte_to_varchar(bytea)
;;
CREATE CAST (bytea AS bpchar) WITH FUNCTION redsink_emulator.varbyte_to_bpchar(bytea)
;;
CREATE CAST (smallint AS bytea) WITH FUNCTION pg_catalog.int2send(smallint)
;;
CREATE CAST (integer AS bytea) WITH FUNCTION pg_catalog.int4send(integer)
;;
CREATE CAST (bigint AS bytea) WITH FUNCTION pg_catalog.int8send(bigint)
;;
CREATE CAST (bytea AS smallint) WITH FUNCTION redsink_emulator.varbyte_to_int2(bytea)
;;
CREATE CAST (bytea AS integer) WITH FUNCTION redsink_emulator.varbyte_to_int4(bytea)
;;
CREATE CAST (bytea AS bigint) WITH FUNCTION redsink_emulator.varbyte_to_int8(bytea)
