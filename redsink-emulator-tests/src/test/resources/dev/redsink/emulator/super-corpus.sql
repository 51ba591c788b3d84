-- SUPER examples of our own for each form Redshift's documentation describes, with the answers it
-- gives. Format: see SqlCorpus. Pages: https://docs.aws.amazon.com/redshift/latest/dg/<page>.html

== setup
DROP TABLE IF EXISTS super_orders;
CREATE TABLE super_orders (id INT, payload SUPER);
INSERT INTO super_orders VALUES
  (1, JSON_PARSE('{"order_id": 7, "city": "Bern", "n": 1, "items": [{"sku": "a-1", "qty": 2}, {"sku": "b-2", "qty": 1}], "Tag": "x"}')),
  (2, JSON_PARSE('{"order_id":8,"city":"Zurich","n":2.50,"items":[]}')),
  (3, JSON_PARSE('"just a string"'));
DROP TABLE IF EXISTS super_scalars;
CREATE TABLE super_scalars (id INT, s SUPER);
INSERT INTO super_scalars VALUES (1, 5), (2, 1.22), (3, true), (4, JSON_PARSE('"abc"')), (5, JSON_PARSE('[1,2]')),
  (6, JSON_PARSE('{"name": "Joe"}')), (7, 70000), (8, 3000000000), (9, JSON_PARSE('2.22e+0')), (10, NULL);
DROP TABLE IF EXISTS super_multi;
CREATE TABLE super_multi AS SELECT JSON_PARSE('[[1.1, 1.2], [2.1, 2.2], [3.1, 3.2]]') AS multi_level_array;
DROP TABLE IF EXISTS super_case;
CREATE TABLE super_case (col SUPER);
INSERT INTO super_case VALUES (JSON_PARSE('{"A": "A", "a": "a", "Mixed": "M"}'));
DROP TABLE IF EXISTS super_ranked;
CREATE TABLE super_ranked (id INT, v SUPER);
INSERT INTO super_ranked VALUES (100, 'AWS'), (200, 1), (300, ARRAY(1, 'abc', NULL)), (400, -2.5),
  (500, 'Amazon'), (600, true);
DROP TABLE IF EXISTS super_strings;
CREATE TABLE super_strings (id INT, s SUPER);
INSERT INTO super_strings (s, id) VALUES ('abc', 1), ('{"a": 1}', 2), (JSON_PARSE('{"a": 1}'), 3);

== a SUPER value prints as compact JSON, attributes in the order written | JSON_SERIALIZE, r_object_function
SELECT payload FROM super_orders ORDER BY id;
=> {"order_id":7,"city":"Bern","n":1,"items":[{"sku":"a-1","qty":2},{"sku":"b-2","qty":1}],"Tag":"x"}
=> {"order_id":8,"city":"Zurich","n":2.50,"items":[]}
=> "just a string"

== JSON_PARSE returns SUPER as written | JSON_PARSE
SELECT JSON_PARSE('[10001,10002,"abc"]');
=> [10001,10002,"abc"]

== JSON_SERIALIZE prints compact JSON | JSON_SERIALIZE
SELECT JSON_SERIALIZE(JSON_PARSE('[10001, 10002, "abc"]'));
=> [10001,10002,"abc"]

== JSON_SERIALIZE of NULL is the JSON string null | JSON_SERIALIZE
SELECT JSON_SERIALIZE(payload.nothing) FROM super_orders WHERE id = 1;
=> null

== JSON_SIZE counts the bytes of the serialized value | r_json_size
SELECT JSON_SIZE(JSON_PARSE('[10001,10002,"⬤"]'));
=> 19

== navigation with a dot; a string prints as JSON | query-super#navigation
SELECT payload.city FROM super_orders ORDER BY id;
=> "Bern"
=> "Zurich"
=>

== navigation with brackets and dots, chained | query-super#navigation
SELECT payload.items[0].sku FROM super_orders ORDER BY id;
=> "a-1"
=>
=>

== navigation through a table alias | query-super#navigation
SELECT o.payload.items[1].qty FROM super_orders AS o WHERE o.id = 1;
=> 1

== navigation in WHERE, GROUP BY and ORDER BY | query-super#navigation
SELECT payload.city, count(*) FROM super_orders WHERE payload.order_id IS NOT NULL GROUP BY payload.city ORDER BY payload.city;
=> "Bern"|1
=> "Zurich"|1

== lax mode: a missing attribute, an index out of bounds, a step into a scalar are NULL | query-super#lax-semantics
SELECT payload.something, payload.items[9], payload.city.x, payload[0] FROM super_orders WHERE id = 1;
=> |||

== dynamic typing: a SUPER string equals a VARCHAR literal | query-super#dynamic-typing-lax-processing
SELECT id FROM super_orders WHERE payload.city = 'Bern';
=> 1

== dynamic typing: numbers compare with numbers of any scale | query-super#dynamic-typing-lax-processing
SELECT id FROM super_orders WHERE payload.n > 1;
=> 2

== dynamic typing: equality between different types is false | query-super#dynamic-typing-lax-processing
SELECT id, payload.city = 1 FROM super_orders ORDER BY id;
=> 1|f
=> 2|f
=> 3|

== dynamic typing: comparing different types is null | query-super#dynamic-typing-lax-processing
SELECT payload.city <= 'P', payload.n <= 'P' FROM super_orders WHERE id = 1;
=> t|

== dynamic typing: IN with VARCHAR literals | query-super#dynamic-typing-lax-processing
SELECT id FROM super_orders WHERE payload.city IN ('Bern', 'Basel') ORDER BY id;
=> 1

== dynamic typing: SUPER values join and compare with each other | query-super#dynamic-typing-lax-processing-joins
SELECT a.id, b.id FROM super_orders a, super_orders b WHERE a.payload.order_id = b.payload.order_id ORDER BY 1;
=> 1|1
=> 2|2

== casts of navigated values | query-super#dynamic-typing-lax-processing
SELECT payload.n::int, payload.city::varchar, payload.order_id::bigint + 1 FROM super_orders WHERE id = 1;
=> 1|Bern|8

== static typing with JSON_TYPEOF and a cast | query-super#dynamic-typing-lax-processing-dynamic-and-static
SELECT id FROM super_orders WHERE CASE WHEN JSON_TYPEOF(payload.city) = 'string' THEN payload.city::VARCHAR = 'Zurich' ELSE FALSE END;
=> 2

== a cast to the wrong type is NULL, not an error | query-super#lax-semantics
SELECT payload.city::integer FROM super_orders WHERE id = 1;
=>

== strings cast to dates and timestamps, numbers to decimals | limitations-super
SELECT JSON_PARSE('"2024-01-02"')::date::varchar, JSON_PARSE('"2024-01-02 03:04:05"')::timestamp::varchar, JSON_PARSE('2.456')::decimal(10,2), JSON_PARSE('"x"')::date;
=> 2024-01-02|2024-01-02 03:04:05|2.46|

== casting numbers of scale 0 to boolean, and of other scales | limitations-super
SELECT 5::super::bool, 5.0::super::bool;
=> t|

== unnesting an array in FROM | query-super#unnest
SELECT o.id, i.sku FROM super_orders AS o, o.payload.items AS i ORDER BY 1, 2;
=> 1|"a-1"
=> 1|"b-2"

== unnesting with AT gives the index from 0 | query-super#unnest
SELECT i.sku, n FROM super_orders AS o, o.payload.items AS i AT n WHERE o.id = 1 ORDER BY n;
=> "a-1"|0
=> "b-2"|1

== unnesting a multi-level array | query-super#unnest
SELECT array, element FROM super_multi AS f, f.multi_level_array AS array, array AS element;
=> [1.1,1.2]|1.1
=> [1.1,1.2]|1.2
=> [2.1,2.2]|2.1
=> [2.1,2.2]|2.2
=> [3.1,3.2]|3.1
=> [3.1,3.2]|3.2

== object unpivoting in document order | query-super#unpivoting
SELECT attr, JSON_TYPEOF(val) FROM super_orders AS o, UNPIVOT o.payload AS val AT attr WHERE o.id = 2;
=> order_id|number
=> city|string
=> n|number
=> items|array

== unpivoting an unnested element | query-super#unpivoting
SELECT attr, val FROM super_orders AS o, o.payload.items AS i, UNPIVOT i AS val AT attr WHERE o.id = 1 AND attr = 'sku';
=> sku|"a-1"
=> sku|"b-2"

== navigation through a subquery's column | super-configurations#upper-mixed-case
SELECT json_table.data.price FROM (SELECT JSON_PARSE('{"ITEMS":{"Name":"TV"}, "price": 345}') AS data) AS json_table;
=> 345

== attribute names fold to lower case by default | r_enable_case_sensitive_super_attribute
SELECT col.A, col.Mixed FROM super_case;
=> "a"|

== quoted attribute names fold too unless identifiers are case sensitive | super-configurations#upper-mixed-case
SELECT col."Mixed" FROM super_case;
=>

== enable_case_sensitive_identifier keeps a quoted attribute's case | super-configurations#upper-mixed-case
SET enable_case_sensitive_identifier TO true;
SELECT col."Mixed", col."A" FROM super_case;
=> "M"|"A"

== enable_case_sensitive_super_attribute makes navigation case sensitive | r_enable_case_sensitive_super_attribute
SET enable_case_sensitive_super_attribute TO ON;
SELECT col.A, col.a, col.Mixed FROM super_case;
=> "A"|"a"|"M"

== JSON_TYPEOF names the dynamic type | r_json_typeof
SELECT id, JSON_TYPEOF(s) FROM super_scalars WHERE id <= 6 ORDER BY id;
=> 1|number
=> 2|number
=> 3|boolean
=> 4|string
=> 5|array
=> 6|object

== IS_ARRAY, IS_OBJECT and IS_SCALAR, false for NULL | r_is_array, r_is_object, r_is_scalar
SELECT id, IS_ARRAY(s), IS_OBJECT(s), IS_SCALAR(s) FROM super_scalars WHERE id IN (1, 5, 6, 10) ORDER BY id;
=> 1|f|f|t
=> 5|t|f|f
=> 6|f|t|f
=> 10|f|f|f

== IS_SCALAR of a navigated value | r_is_scalar
SELECT s, IS_SCALAR(s.name) FROM super_scalars WHERE id = 6;
=> {"name":"Joe"}|t

== IS_VARCHAR and IS_CHAR are true for strings | r_is_varchar, r_is_char
SELECT id, IS_VARCHAR(s), IS_CHAR(s) FROM super_scalars WHERE id IN (1, 4) ORDER BY id;
=> 1|f|f
=> 4|t|t

== IS_SMALLINT, IS_INTEGER and IS_BIGINT by range, scale 0 only | r_is_smallint, r_is_integer, r_is_bigint
SELECT id, IS_SMALLINT(s), IS_INTEGER(s), IS_BIGINT(s) FROM super_scalars WHERE id IN (1, 2, 7, 8) ORDER BY id;
=> 1|t|t|t
=> 2|f|f|f
=> 7|f|t|t
=> 8|f|f|t

== IS_DECIMAL and IS_FLOAT are disjoint | r_is_decimal, r_is_float
SELECT id, IS_DECIMAL(s), IS_FLOAT(s), IS_BOOLEAN(s) FROM super_scalars WHERE id IN (2, 3, 9) ORDER BY id;
=> 2|t|f|f
=> 3|f|f|t
=> 9|f|t|f

== DECIMAL_PRECISION and DECIMAL_SCALE | r_decimal_precision, r_decimal_scale
SELECT DECIMAL_PRECISION(JSON_PARSE('3.14159')), DECIMAL_SCALE(JSON_PARSE('3.14159'));
=> 6|5

== GET_ARRAY_LENGTH of an array, NULL for anything else | get_array_length
SELECT id, GET_ARRAY_LENGTH(payload.items) FROM super_orders ORDER BY id;
=> 1|2
=> 2|0
=> 3|

== the ARRAY function | r_array
SELECT ARRAY(1, 'abc', true, 3.14), GET_ARRAY_LENGTH(ARRAY(1,2,3,4,5,6,7,8,9,10)), JSON_TYPEOF(ARRAY(1,2));
=> [1,"abc",true,3.14]|10|array

== the OBJECT function | r_object_function
SELECT OBJECT('a', 1, 'b', true, 'c', 3.14), OBJECT('a', OBJECT('aa', 1), 'b', ARRAY(2, 3), 'c', JSON_PARSE('{}'));
=> {"a":1,"b":true,"c":3.14}|{"a":{"aa":1},"b":[2,3],"c":{}}

== ORDER BY ranks boolean, number, string, array, object | query-super#order-by
SELECT v FROM super_ranked ORDER BY v;
=> true
=> -2.5
=> 1
=> "Amazon"
=> "AWS"
=> [1,"abc",null]

== a string inserted into a SUPER column without JSON_PARSE is a string | ingest-super, r_is_varchar
SELECT id, s, IS_VARCHAR(s), s.a FROM super_strings ORDER BY id;
=> 1|"abc"|t|
=> 2|"{\"a\": 1}"|t|
=> 3|{"a":1}|f|1

== a VARCHAR cast to SUPER is a string, not parsed JSON | ingest-super
SELECT JSON_TYPEOF('{"a": 1}'::super), '{"a": 1}'::super;
=> string|"{\"a\": 1}"

== CAN_JSON_PARSE | CAN_JSON_PARSE
SELECT CAN_JSON_PARSE('[10001,10002,"abc"]'), CAN_JSON_PARSE('This is a string.');
=> t|f

== PostgreSQL's JSON operators do not exist in Redshift | query-super
SELECT payload -> 'city' FROM super_orders;
=! operator does not exist: super -> unknown

== jsonb containment does not exist either | query-super
SELECT count(*) FROM super_orders WHERE payload @> JSON_PARSE('{"city": "Bern"}');
=! operator does not exist: super @> super

== navigation on a column that is not SUPER is refused | query-super#navigation
SELECT id.x FROM super_orders;
=! Cannot navigate into a value of type integer
