-- The source table: run on the PostgreSQL database Debezium reads.
CREATE SCHEMA shop;

CREATE TABLE shop.customers (
  id        integer PRIMARY KEY,
  name      text NOT NULL,
  balance   numeric(10,2) NOT NULL,
  signed_up timestamptz NOT NULL,
  prefs     jsonb
);

INSERT INTO shop.customers (id, name, balance, signed_up, prefs) VALUES
  (1, 'Ada Lovelace',    1250.00, '2024-03-01 09:15:00+00', '{"newsletter": true}'),
  (2, 'Grace Hopper',     310.50, '2024-03-02 14:30:00+01', '{"lang": "en", "newsletter": false}'),
  (3, 'Edsger Dijkstra',    0.00, '2024-03-03 08:00:00+00', NULL);
