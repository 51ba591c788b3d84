-- The typed table in Redshift: its columns, its rows, and its ledger.
SET search_path TO shop;
SET timezone TO 'UTC';

SELECT "column", type FROM pg_table_def WHERE tablename = 'customers';

SELECT id_value, name, balance, signed_up, prefs
FROM customers
ORDER BY id_value;

SELECT topic, "partition", next_offset
FROM _redsink_ledger_customers;
