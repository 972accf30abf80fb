/**
 * GLPI 10's own search option ids for types its option dump does not cover, where they differ from
 * or add to the common ids the registry derives (name 1, id 2, comment 16, …). An entry is either
 * `[id, column, name, datatype]` on the type's own table or `[id, 'fk>field', name]` through a
 * foreign key (a dropdown). A type listed here keeps its derived options for the columns and ids
 * it does not name.
 */
export type TypeOption = readonly [id: number, column: string, name: string, datatype?: string];

export const TYPE_OPTIONS: Record<string, readonly TypeOption[]> = {
  Certificate: [
    [7, 'certificatetypes_id>name', 'Type'],
    [8, 'dns_suffix', 'DNS suffix', 'string'],
    [9, 'is_autosign', 'Self-signed', 'bool'],
    [10, 'date_expiration', 'Expiration date', 'date'],
    [11, 'command', 'Command used', 'text'],
    [12, 'certificate_request', 'Certificate request (CSR)', 'text'],
    [13, 'certificate_item', 'Certificate', 'text'],
    [15, 'comment', 'Comments', 'text'],
    [16, 'contact', 'Alternate username', 'string'],
    [17, 'contact_num', 'Alternate username number', 'string'],
    [18, 'dns_name', 'DNS name', 'string'],
  ],
  Domain: [
    [2, 'domaintypes_id>name', 'Type'],
    [3, 'users_id_tech>name', 'Technician in charge'],
    [5, 'date_domaincreation', 'Registration date', 'date'],
    [6, 'date_expiration', 'Expiration date', 'date'],
    [7, 'comment', 'Comments', 'text'],
    [10, 'groups_id_tech>name', 'Group in charge'],
    [12, 'date_mod', 'Last update', 'datetime'],
    [18, 'is_recursive', 'Child entities', 'bool'],
    [31, 'is_active', 'Active', 'bool'],
    [1400, 'id', 'ID', 'number'],
  ],
  Line: [
    [184, 'lineoperators_id>name', 'Line operator'],
    [185, 'caller_num', 'Caller number', 'string'],
    [186, 'caller_name', 'Caller name', 'string'],
  ],
  Cluster: [
    [5, 'uuid', 'UUID', 'string'],
  ],
  Cable: [
    [4, 'cabletypes_id>name', 'Cable type'],
    [5, 'cablestrands_id>name', 'Cable strand'],
    [7, 'itemtype_endpoint_a', 'Associated item type (Endpoint A)', 'itemtypename'],
    [8, 'items_id_endpoint_b', 'Associated item (Endpoint B)', 'specific'],
    [9, 'itemtype_endpoint_b', 'Associated item type (Endpoint B)', 'itemtypename'],
    [10, 'items_id_endpoint_a', 'Associated item (Endpoint A)', 'specific'],
    [11, 'socketmodels_id_endpoint_a>name', 'Socket Model (Endpoint A)'],
    [12, 'socketmodels_id_endpoint_b>name', 'Socket Model (Endpoint B)'],
    [13, 'sockets_id_endpoint_b>name', 'Socket (Endpoint B)'],
    [14, 'sockets_id_endpoint_a>name', 'Socket (Endpoint A)'],
    [15, 'color', 'Color', 'color'],
  ],
  Appliance: [
    [4, 'comment', 'Comments', 'text'],
    [6, 'users_id>name', 'User'],
    [7, 'is_recursive', 'Child entities', 'bool'],
    [8, 'groups_id>completename', 'Group'],
    [9, 'date_mod', 'Last update', 'datetime'],
    [10, 'applianceenvironments_id>name', 'Environment'],
    [11, 'appliancetypes_id>name', 'Type'],
    [12, 'serial', 'Serial number', 'string'],
    [13, 'otherserial', 'Inventory number', 'string'],
    [31, 'id', 'ID', 'number'],
    [32, 'states_id>completename', 'Status'],
    [61, 'is_helpdesk_visible', 'Associable to a ticket', 'bool'],
  ],
  Rack: [
    [7, 'dcrooms_id>name', 'Server room'],
    [8, 'number_units', 'Number of units', 'number'],
  ],
  Project: [
    [3, 'priority', 'Priority', 'specific'],
    [4, 'code', 'Code', 'string'],
    [5, 'percent_done', 'Percent done', 'number'],
    [6, 'show_on_global_gantt', 'Show on global GANTT', 'bool'],
    [7, 'plan_start_date', 'Planned start date', 'datetime'],
    [8, 'plan_end_date', 'Planned end date', 'datetime'],
    [9, 'real_start_date', 'Real start date', 'datetime'],
    [10, 'real_end_date', 'Real end date', 'datetime'],
    [12, 'projectstates_id>name', 'State'],
    [14, 'projecttypes_id>name', 'Type'],
    [15, 'date', 'Creation date', 'datetime'],
    [21, 'content', 'Description', 'text'],
    [24, 'users_id>name', 'Manager'],
    [49, 'groups_id>completename', 'Manager group'],
  ],
};
