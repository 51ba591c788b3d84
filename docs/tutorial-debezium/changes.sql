-- Changes on the source: an update, a delete, a primary-key change and an insert.
UPDATE shop.customers SET balance = 410.00, prefs = '{"lang": "fr", "newsletter": true}' WHERE id = 2;
DELETE FROM shop.customers WHERE id = 3;
UPDATE shop.customers SET id = 10 WHERE id = 1;
INSERT INTO shop.customers (id, name, balance, signed_up, prefs) VALUES
  (4, 'Barbara Liskov', 75.25, '2024-03-04 16:45:00+00', '{"newsletter": true}');
