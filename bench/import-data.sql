-- About 1 000 000 rows added to the GLPI fixture for the import benchmark (MariaDB's SEQUENCE
-- engine gives the numbers): computers with ports, tickets with followups, and their history.
INSERT INTO glpi_computers (entities_id, name, serial, otherserial, contact, comment, date_mod, locations_id, computertypes_id, manufacturers_id, users_id, states_id, uuid, date_creation)
  SELECT 1 + seq % 3, CONCAT('PC-', LPAD(seq, 6, '0')), CONCAT('SN-', seq), CONCAT('INV-', seq), 'alice', CONCAT('Bought &#38; set up, batch ', seq % 97),
         '2024-01-01 00:00:00' + INTERVAL seq SECOND, 1 + seq % 2, 1 + seq % 2, 1 + seq % 3, 6, 1, UUID(), '2023-01-01 00:00:00' + INTERVAL seq SECOND
  FROM seq_1_to_150000;
INSERT INTO glpi_networkports (items_id, itemtype, entities_id, logical_number, name, instantiation_type, mac, is_dynamic, date_mod, date_creation, ifspeed)
  SELECT 10 + seq DIV 2, 'Computer', 1, seq % 2, CONCAT('eth', seq % 2), 'NetworkPortEthernet', CONCAT('02:00:', LPAD(HEX(seq), 8, '0')), 1,
         '2024-01-01 00:00:00', '2023-01-01 00:00:00', 1000000000
  FROM seq_1_to_250000;
INSERT INTO glpi_tickets (entities_id, name, date, date_mod, status, users_id_recipient, requesttypes_id, content, urgency, impact, priority, date_creation)
  SELECT 1 + seq % 3, CONCAT('Incident ', seq), '2024-01-01 00:00:00' + INTERVAL seq MINUTE, '2024-01-01 00:00:00' + INTERVAL seq MINUTE, 1 + seq % 6, 6, 1,
         CONCAT('&#60;p&#62;Something broke on PC-', LPAD(seq, 6, '0'), ' &#38; needs a look.&#60;/p&#62;'), 3, 3, 3, '2024-01-01 00:00:00' + INTERVAL seq MINUTE
  FROM seq_1_to_100000;
INSERT INTO glpi_itilfollowups (itemtype, items_id, date, users_id, content, requesttypes_id, date_mod, date_creation, timeline_position)
  SELECT 'Ticket', 3 + seq DIV 2, '2024-02-01 00:00:00' + INTERVAL seq MINUTE, 2, CONCAT('Followup ', seq, ': &#60;b&#62;checked&#60;/b&#62;'), 1,
         '2024-02-01 00:00:00' + INTERVAL seq MINUTE, '2024-02-01 00:00:00' + INTERVAL seq MINUTE, 1
  FROM seq_1_to_200000;
INSERT INTO glpi_logs (itemtype, items_id, itemtype_link, linked_action, user_name, date_mod, id_search_option, old_value, new_value)
  SELECT 'Computer', 5 + seq % 150000, '', 0, 'glpi (2)', '2024-03-01 00:00:00' + INTERVAL seq SECOND, 16, CONCAT('old ', seq), CONCAT('new &#38; ', seq)
  FROM seq_1_to_300000;
